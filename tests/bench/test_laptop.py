"""The laptop step's pure parts (bench/laptop.py): the browser's CPU from a made-up /proc, its polls
counted, a step's figures and the summary line; no browser, no server."""

from pathlib import Path

from bench import laptop


def _process(proc: Path, pid: int, name: str, parent: int, utime: int, stime: int) -> None:
    # /proc/PID/stat: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    fields = ["S", str(parent), "0", "0", "0", "0", "0", "0", "0", "0", "0", str(utime), str(stime), "0", "0"]
    (proc / str(pid)).mkdir()
    (proc / str(pid) / "stat").write_text(f"{pid} ({name}) {' '.join(fields)}\n")


def test_the_browsers_cpu_is_its_whole_tree_under_this_process_and_nothing_else(tmp_path):
    _process(tmp_path, 100, "python", 1, 500, 50)  # the bench itself: not the browser
    _process(tmp_path, 101, "gunicorn", 100, 900, 90)  # the server: not the browser
    _process(tmp_path, 102, "node", 100, 30, 3)  # Playwright's driver: not the browser
    _process(tmp_path, 103, "chromium", 102, 40, 10)  # the browser
    _process(tmp_path, 104, "chromium", 103, 20, 5)  # its zygote
    _process(tmp_path, 105, "Web Content (x)", 104, 7, 1)  # a renderer, whatever its name
    _process(tmp_path, 106, "chromium", 1, 999, 999)  # another user's browser, not under the bench
    (tmp_path / "self").mkdir()  # not a process
    assert laptop.browser_ticks(100, tmp_path) == {103: 50, 104: 25, 105: 8}


def test_a_process_gone_between_listing_and_reading_is_left_out(tmp_path):
    _process(tmp_path, 100, "python", 1, 0, 0)
    _process(tmp_path, 103, "chromium", 100, 4, 1)
    (tmp_path / "107").mkdir()  # listed, its stat gone
    assert laptop.browser_ticks(100, tmp_path) == {103: 5}


def test_cpu_between_two_readings_counts_a_process_born_between_whole():
    before, after = {1: 100, 2: 50}, {1: 150, 2: 50, 3: 20}
    assert laptop.cpu_s_between(before, after, 100) == 0.7


def test_the_pages_polls_are_added_and_an_answer_neither_200_nor_304_is_an_error():
    counted = [{"statuses": {"200": 3, "304": 5}, "ms": [10.0] * 8}, {"statuses": {"304": 6, "0": 1}, "ms": [50.0]}]
    found = laptop.polls(counted)
    assert found["browser_polls"] == 15
    assert found["browser_errors"] == 1
    assert found["browser_statuses"] == {"200": 3, "304": 11, "0": 1}
    assert found["browser_poll_p95_ms"] is not None


def test_pages_that_never_polled_give_no_p95():
    assert laptop.polls([{"statuses": {}, "ms": []}, {}]) == {
        "browser_polls": 0,
        "browser_statuses": {},
        "browser_errors": 0,
        "browser_poll_p95_ms": None,
    }


def _run(cpu: float, polls: int = 10, errors: int = 0, p95: float | None = 20.0) -> dict:
    return {
        "browser_cpu_s_per_s": cpu,
        "browser_polls": polls,
        "browser_errors": errors,
        "browser_poll_p95_ms": p95,
        "browser_statuses": {"304": polls - errors, "500": errors} if errors else {"304": polls},
    }


def test_a_steps_browser_figures_add_its_runs_and_a_browser_error_fails_the_step():
    figures = laptop.step_figures([_run(0.1), _run(0.3, p95=40.0)], {"nights": 5, "passed": True})
    assert figures["browser_polls"] == 20
    assert figures["browser_cpu_s_per_s"] == 0.2
    assert figures["browser_poll_p95_ms"] == 40.0
    assert figures["browser_statuses"] == {"304": 20}
    assert figures["passed"] is True
    assert laptop.step_figures([_run(0.1), _run(0.1, errors=1)], {"nights": 5, "passed": True})["passed"] is False
    assert laptop.step_figures([_run(0.1)], {"nights": 5, "passed": False})["passed"] is False


def test_the_summary_line_says_the_nights_the_browsers_cpu_and_its_polls():
    line = laptop.summary(
        {
            "nights": 20,
            "browser": laptop.BROWSER,
            "browser_cpu_s_per_s": 0.12,
            "browser_polls": 64,
            "browser_poll_p95_ms": 30.5,
            "browser_errors": 0,
        }
    )
    assert line.startswith("laptop: ours carried 20 nights beside chromium, round page + big screen")
    assert "0.12 CPU s/s" in line and "polled 64 times" in line and "NOT" not in line
    silent = {"nights": 5, "browser": "x", "browser_cpu_s_per_s": 0.0, "browser_polls": 0}
    assert "did NOT poll" in laptop.summary(silent | {"browser_poll_p95_ms": None, "browser_errors": 0})
    assert "a floor" in laptop.summary(silent | {"browser_polls": 8, "browser_poll_p95_ms": 9, "browser_errors": 0,
                                                 "largest_step_carried": True})  # fmt: skip
    assert laptop.summary({"skipped": "no chromium"}) == "laptop: skipped (no chromium)"


def test_its_steps_are_its_own_when_set_else_the_hosted_loads(monkeypatch):
    monkeypatch.setenv("BENCH_HOSTED_STEPS", "5,10")
    monkeypatch.delenv("BENCH_LAPTOP_STEPS", raising=False)
    assert laptop.steps() == [5, 10]
    monkeypatch.setenv("BENCH_LAPTOP_STEPS", "2,4,8")
    assert laptop.steps() == [2, 4, 8]

"""The hosted load on a laptop that also runs the director's browser and the room's big screen.

A club hosting its own nights runs the server on the director's laptop, which also shows the round page
and, in a second window, the big screen on the projector. This step measures what that leaves: Debian's
chromium (headless, under Playwright, as bench/first_paint.py drives it) opens, with the director logged
in, one night's round page and its big screen (?projector=1, 1280x720), both left open so that their own
htmx polls (every 4 s) run as in a real room; beside them, the hosted nights step up as bench/hosted.py
steps them (the same nights, load generator, server, pass/fail rule and repeats) until a step fails. The
browser's night is polled by the browser only (its simulated round page and big screen are left out of the
load generator's plan): one room, polled once, as on the night.

Each run moves the two pages to the first of that run's nights. The browser's polls are counted in the
pages themselves (htmx:beforeRequest / afterRequest, by status, with the time each took as the browser
felt it); a poll answered neither 200 nor 304 is an error and fails the step. The browser's CPU is its
whole process tree's (the chromium processes under this one, and theirs), /proc/PID/stat's utime + stime
read before and after the timed phase, in CPU seconds per second. No bare baseline: the quiet server's
capacity is hosted.py's. Skipped, with the reason, without chromium.
"""

import os
import queue
import shutil
import sys
import threading
import time
from pathlib import Path

from bench import hosted, servers
from bench.loadtest import THREADS, WORKERS, checkpoint, percentile

VIEWPORT = {"width": 1280, "height": 720}
BROWSER = "chromium, round page + big screen"
# Installed in each page before its own scripts: counts htmx's requests (the polls) by status, with the
# milliseconds each took as the page felt it.
COUNTER = """
window.__benchPolls = {statuses: {}, ms: []};
(function () {
  var started = new WeakMap();
  document.addEventListener("htmx:beforeRequest", function (event) {
    started.set(event.detail.xhr, performance.now());
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr, polls = window.__benchPolls, at = started.get(xhr);
    polls.statuses[xhr.status] = (polls.statuses[xhr.status] || 0) + 1;
    if (at !== undefined) polls.ms.push(performance.now() - at);
  });
})();
"""
READ = "() => window.__benchPolls"


def steps() -> list[int]:
    """BENCH_LAPTOP_STEPS, else the hosted load's steps (BENCH_HOSTED_STEPS)."""
    own = os.environ.get("BENCH_LAPTOP_STEPS")
    return [int(n) for n in own.split(",")] if own else hosted.settings()["steps"]


def _stat(proc: Path, pid: str) -> tuple[str, int, int] | None:
    """A process's name, parent and CPU ticks (utime + stime) from its /proc/PID/stat; None once gone."""
    try:
        line = (proc / pid / "stat").read_text()
    except OSError:
        return None
    name = line[line.find("(") + 1 : line.rfind(")")]
    fields = line.rsplit(")", 1)[1].split()
    return name, int(fields[1]), int(fields[11]) + int(fields[12])


def browser_ticks(root: int, proc: Path = Path("/proc"), name: str = "chrom") -> dict[int, int]:
    """CPU ticks so far of each process of the browser's tree: every process under `root` whose name starts
    with `name` (chromium, chrome), and every process under those (whatever they call themselves)."""
    table: dict[int, tuple[str, int, int]] = {}
    for entry in proc.iterdir():
        if entry.name.isdigit():
            found = _stat(proc, entry.name)
            if found:
                table[int(entry.name)] = found
    children: dict[int, list[int]] = {}
    for pid, (_, parent, _) in table.items():
        children.setdefault(parent, []).append(pid)
    ticks: dict[int, int] = {}

    def walk(pid: int, inside: bool) -> None:
        for child in children.get(pid, []):
            now_inside = inside or table[child][0].startswith(name)
            if now_inside:
                ticks[child] = table[child][2]
            walk(child, now_inside)

    walk(root, False)
    return ticks


def cpu_s_between(before: dict[int, int], after: dict[int, int], ticks_per_s: float) -> float:
    """The CPU seconds the tree spent between two readings: a process born in between counts whole; one gone
    in between is lost (its last seconds with it)."""
    return sum(max(0, t - before.get(pid, 0)) for pid, t in after.items()) / ticks_per_s


def polls(counted: list[dict]) -> dict:
    """The pages' counters added: the polls, those answered 200 or 304, the others (errors), their p95."""
    statuses: dict[str, int] = {}
    ms: list[float] = []
    for page in counted:
        for status, count in (page.get("statuses") or {}).items():
            statuses[str(status)] = statuses.get(str(status), 0) + int(count)
        ms += [float(m) for m in page.get("ms") or []]
    total = sum(statuses.values())
    fine = statuses.get("200", 0) + statuses.get("304", 0)
    p95 = percentile(sorted(ms), 0.95) if ms else None
    return {
        "browser_polls": total,
        "browser_statuses": statuses,
        "browser_errors": total - fine,
        "browser_poll_p95_ms": round(p95, 1) if p95 is not None else None,
    }


def step_figures(runs: list[dict], combined: dict) -> dict:
    """A step's browser figures from its runs: the polls added up, the CPU the mean of the runs', the p95
    the worst; carried only when hosted's rule carried it and no browser poll went wrong in any run."""
    cpu = [r["browser_cpu_s_per_s"] for r in runs]
    p95s = [r["browser_poll_p95_ms"] for r in runs if r.get("browser_poll_p95_ms") is not None]
    statuses: dict[str, int] = {}
    for r in runs:
        for status, count in r["browser_statuses"].items():
            statuses[status] = statuses.get(status, 0) + count
    return combined | {
        "browser_polls": sum(r["browser_polls"] for r in runs),
        "browser_statuses": statuses,
        "browser_errors": sum(r["browser_errors"] for r in runs),
        "browser_poll_p95_ms": max(p95s) if p95s else None,
        "browser_cpu_s_per_s": round(sum(cpu) / len(cpu), 3) if cpu else None,
        "passed": combined["passed"] and all(r["browser_errors"] == 0 for r in runs),
    }


def summary(laptop: dict) -> str:
    """The laptop step in a line: the nights carried beside the browser, the browser's CPU and polls."""
    if laptop.get("skipped"):
        return f"laptop: skipped ({laptop['skipped']})"
    line = f"laptop: ours carried {laptop['nights']} nights beside {laptop['browser']}"
    line += f"; the browser used {laptop['browser_cpu_s_per_s']} CPU s/s"
    line += f", its pages polled {laptop['browser_polls']} times (p95 {laptop['browser_poll_p95_ms']} ms"
    line += f", {laptop['browser_errors']} errors)"
    if laptop.get("largest_step_carried"):
        line += "; the largest step was carried: the nights are a floor"
    if not laptop["browser_polls"]:
        line += ": the pages did NOT poll, the step measured no browser"
    return line


class Room:
    """The director's browser: the round page and the big screen of one night, left open and polling. Played
    from a thread of its own: sync Playwright runs an event loop in the thread that starts it, and Django
    refuses its database in a thread with one running (the nights are built between runs)."""

    def __init__(self, chromium: str, base: str, session: str):
        self.chromium, self.base, self.session = chromium, base, session
        self.asked: queue.Queue = queue.Queue()
        self.answered: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self._serve, name="bench-browser", daemon=True)
        self.thread.start()
        self._ask(None)  # up, or its error raised here

    def _serve(self) -> None:
        from playwright.sync_api import sync_playwright

        from bench.first_paint import ARGS

        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=self.chromium, args=ARGS)
                context = browser.new_context(viewport={"width": VIEWPORT["width"], "height": VIEWPORT["height"]})
                context.add_cookies([{"name": "sessionid", "value": self.session, "url": self.base}])
                context.add_init_script(COUNTER)
                self.pages = [context.new_page(), context.new_page()]
                self.answered.put((True, None))
                while True:
                    work = self.asked.get()
                    if work is None:
                        browser.close()
                        return
                    try:
                        self.answered.put((True, work()))
                    except Exception as error:  # noqa: BLE001 (handed to the asking thread)
                        self.answered.put((False, error))
        except Exception as error:  # noqa: BLE001
            self.answered.put((False, error))

    def _ask(self, work):
        if work is not None:
            self.asked.put(work)
        done, value = self.answered.get(timeout=120)
        if not done:
            raise value
        return value

    def open(self, paths: list[str]) -> None:
        def go() -> None:
            for page, path in zip(self.pages, paths, strict=True):
                page.goto(self.base + path)
                page.wait_for_selector("#room")

        self._ask(go)

    def counted(self) -> list[dict]:
        return self._ask(lambda: [page.evaluate(READ) for page in self.pages])

    def close(self) -> None:
        self.asked.put(None)
        self.thread.join(timeout=60)


def _run(up, room: Room, nights: list[dict], shape: dict) -> dict:
    """One run: the browser moved to the first night (that night's simulated room left out of the plan), the
    hosted step run beside it, the browser's CPU and polls over the step's timed phase."""
    room.open(nights[0]["room"])
    plan = [nights[0] | {"room": []}, *nights[1:]]
    ticks_per_s = os.sysconf("SC_CLK_TCK")
    before, started = browser_ticks(os.getpid()), time.monotonic()
    figures = hosted.step(up, plan, shape)
    after, elapsed = browser_ticks(os.getpid()), time.monotonic() - started
    figures |= polls(room.counted())
    figures["browser_cpu_s_per_s"] = round(cpu_s_between(before, after, ticks_per_s) / elapsed, 3)
    figures["browser_processes"] = len(after)
    print(f"[bench] laptop browser: {({k: v for k, v in figures.items() if k.startswith('browser')})}",
          file=sys.stderr, flush=True)  # fmt: skip
    return figures


def _measured(up, room: Room, nights, shape: dict, repeats: int) -> dict:
    """One step as hosted._measured runs it (until two runs agree), each run with the browser beside."""
    runs: list[dict] = []

    def one(up, made: list[dict], shape: dict, *, bare: bool = False) -> dict:
        runs.append(_run(up, room, made, shape))
        return runs[-1]

    return step_figures(runs, hosted._measured(up, nights, shape, repeats, run_step=one))


def capacity(director, *, quick: bool = False) -> dict:
    """results.json's `laptop`: the nights ours carries beside the director's browser, and the browser's
    CPU and polls at that step (else at the first)."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        return {"skipped": "no chromium"}
    shape = hosted.settings() | {"steps": steps()}
    plan_shape = {k: shape[k] for k in ("duration_s", "deal_every_s", "state_every_s", "room_every_s")}
    cookie = hosted._cookie(director)
    repeats = 1 if quick else hosted.REPEATS
    planned = {n: hosted.our_nights(director, n, f"laptop step {n}", cookie) for n in shape["steps"]}
    checkpoint()
    measured: list[dict] = []
    with servers.running(1, workers=WORKERS, threads=THREADS) as up:
        room = Room(chromium, f"http://127.0.0.1:{up.port}", cookie.split("=", 1)[1])
        try:
            if not quick:
                warm = hosted.our_nights(director, 1, "laptop warm-up", cookie)
                _run(up, room, warm, plan_shape | {"duration_s": min(5.0, shape["duration_s"])})
            for n in shape["steps"]:

                def nights(run: int, n: int = n) -> list[dict]:
                    if run == 0:
                        return planned[n]
                    made = hosted.our_nights(director, n, f"laptop step {n}, run {run + 1}", cookie)
                    checkpoint()
                    return made

                measured.append(_measured(up, room, nights, plan_shape, repeats))
                if not measured[-1]["passed"]:
                    break
        finally:
            room.close()
        described = up.describe()
    passed = [s for s in measured if s["passed"]]
    best = passed[-1] if passed else (measured[0] if measured else {})
    return {
        "nights": best.get("nights", 0) if passed else 0,
        "largest_step_carried": bool(measured) and measured[-1]["passed"],  # the nights then a floor
        "browser": BROWSER,
        "browser_cpu_s_per_s": best.get("browser_cpu_s_per_s"),
        "browser_polls": sum(s["browser_polls"] for s in measured),
        "browser_errors": best.get("browser_errors", 0),
        "browser_poll_p95_ms": best.get("browser_poll_p95_ms"),
        "poll_p95_ms": best.get("poll_p95_ms"),
        "save_p95_ms": best.get("save_p95_ms"),
        "cpu_s_per_night_s": best.get(hosted.CPU_KEY),
        "steps": measured,
        "shape": shape | {"tables": hosted.TABLES, "repeats_at_most": repeats, "viewport": VIEWPORT},
        "server": described,
        "cores": os.cpu_count() or 1,
    }

"""The hosted load's verdicts (bench/hosted.py, bench/measure.py): pure functions on made-up steps, no server."""

from bench import hosted, measure


def _step(nights: int, cpu: float, passed: bool = True, poll: float = 100.0, errors: int = 0) -> dict:
    return {
        "nights": nights,
        "cpu_s_per_night_s": cpu,
        "passed": passed,
        "poll_p95_ms": poll,
        "save_p95_ms": poll,
        "errors": errors,
        "error_samples": [],
    }


def _hosted(nights: int, baseline_nights: int, ratio: float | None, errors: int = 0) -> dict:
    return {"nights": nights, "baseline_nights": baseline_nights, "errors": errors, "cpu": {"ratio": ratio}}


def test_five_nights_beside_the_bare_djangos_twenty_is_not_the_goal_met_whatever_the_cpu():
    # The old goal took the CPU in place of the nights: 5 nights of 20 "met" it with any CPU ratio >= 0.5.
    met = measure.goals_28({"hosted": _hosted(5, 20, 1.1)})
    assert met["hosted_nights_at_least_0.5_of_baseline"] is False
    assert met["hosted_cpu_per_night_within_1.25x_baseline"] is True
    met = measure.goals_28({"hosted": _hosted(10, 20, 1.3)})
    assert met["hosted_nights_at_least_0.5_of_baseline"] is True
    assert met["hosted_cpu_per_night_within_1.25x_baseline"] is False


def test_no_cpu_ratio_is_no_cpu_goal_met_and_a_bare_django_carrying_nothing_no_capacity_goal():
    met = measure.goals_28({"hosted": _hosted(0, 0, None)})
    assert met["hosted_nights_at_least_0.5_of_baseline"] is False
    assert met["hosted_cpu_per_night_within_1.25x_baseline"] is False


def test_the_cpu_is_compared_at_the_largest_step_both_carried():
    ours = [_step(5, 0.020), _step(10, 0.030), _step(20, 0.050, passed=False)]
    bare = [_step(5, 0.010), _step(10, 0.024), _step(20, 0.026), _step(40, 0.030, passed=False)]
    compared = hosted.compare(ours, bare, [5, 10, 20, 40], cores=2)
    assert (compared["nights"], compared["baseline_nights"]) == (10, 20)
    # At 10 nights: 0.030 / 0.024 = 1.25 (at 5, the smallest, it would say 2.0).
    assert compared["cpu"]["at_nights"] == 10 and compared["cpu"]["ratio"] == 1.25
    # The bare Django failed 40 nights: the load generator did not run out first, no implied capacity.
    assert compared["generator_ran_out_first"] is False
    assert "ours_implied_nights" not in compared["cpu"]


def test_no_step_carried_by_both_gives_no_cpu_ratio_not_the_first_step_run():
    ours = [_step(5, 0.040, passed=False)]
    bare = [_step(5, 0.010), _step(10, 0.012)]
    compared = hosted.compare(ours, bare, [5, 10], cores=2)
    assert compared["cpu"]["ratio"] is None and compared["cpu"]["at_nights"] is None
    assert "no CPU ratio" in hosted.summary(compared | {"errors": 0})


def test_when_the_bare_django_carried_the_largest_step_the_generator_ran_out_first_and_it_is_said():
    ours = [_step(5, 0.020), _step(10, 0.025)]
    bare = [_step(5, 0.016), _step(10, 0.020)]
    compared = hosted.compare(ours, bare, [5, 10], cores=2)
    assert compared["generator_ran_out_first"] is True
    # 2 cores / 0.025 CPU s per night-second = 80 nights; / 0.020 = 100.
    assert (compared["cpu"]["ours_implied_nights"], compared["cpu"]["baseline_implied_nights"]) == (80, 100)
    line = hosted.summary(compared | {"errors": 0})
    assert "ours carried 10 nights, the bare Django 10" in line
    assert "ours / bare 1.25 at 10 nights" in line
    assert "the load generator ran out first" in line and "80 nights ours" in line


def test_a_step_is_repeated_until_two_runs_agree_within_ten_per_cent():
    # 0.030 and 0.040 are 25 % apart, 0.040 and 0.050 20 %: the fourth, 0.044, is within 10 % of 0.040.
    runs = [_step(10, 0.030), _step(10, 0.040), _step(10, 0.050), _step(10, 0.044)]
    assert hosted.agreeing(runs[:3]) is None
    assert hosted.agreeing(runs) == (1, 3)
    # Within 10 % of the CPU, but one carried the step and the other not: they do not agree.
    assert hosted.agreeing([_step(10, 0.040), _step(10, 0.041, passed=False)]) is None


def test_a_steps_figures_are_its_agreeing_pairs():
    runs = [_step(10, 0.030, poll=90), _step(10, 0.040, poll=120), _step(10, 0.044, poll=150)]
    step = hosted.combined(runs)
    assert step["agreed"] is True and step["passed"] is True
    assert step["cpu_s_per_night_s"] == 0.042  # (0.040 + 0.044) / 2
    assert step["poll_p95_ms"] == 150  # the worse of the pair's
    assert len(step["runs"]) == 3


def test_runs_that_never_agree_give_the_closest_pair_said_not_to_agree():
    runs = [_step(10, 0.020), _step(10, 0.030, passed=False), _step(10, 0.050), _step(10, 0.080)]
    step = hosted.combined(runs)
    # The closest in CPU are the first two (0.010 apart): one failed, so the step is not carried.
    assert step["agreed"] is False and step["passed"] is False
    assert step["cpu_s_per_night_s"] == 0.025

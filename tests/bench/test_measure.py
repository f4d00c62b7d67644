"""How the bench compares a hot path with its baseline, on a fake clock: a machine whose speed drifts."""

from types import SimpleNamespace

from bench import measure


class _DriftingMachine:
    """A clock, and calls whose length is their work times the machine's speed, which jumps between turns."""

    def __init__(self, speeds):
        self.now, self.speeds, self.calls = 0.0, speeds, 0

    def perf_counter(self):
        return self.now

    def call(self, *work_ms):
        """A call doing work_ms[i] in its i-th turn (the last figure kept after)."""
        turns: list[int] = []

        def run():
            turn = self.calls // 2  # both calls of a turn see one speed
            work = work_ms[min(len(turns), len(work_ms) - 1)]
            turns.append(turn)
            self.calls += 1
            self.now += work * self.speeds[turn % len(self.speeds)] / 1000

        return run


def test_the_ratio_is_taken_turn_by_turn_so_a_drifting_machine_does_not_move_it(monkeypatch):
    machine = _DriftingMachine([1.0, 1.7, 1.0])
    monkeypatch.setattr(measure, "time", SimpleNamespace(perf_counter=machine.perf_counter))
    # Ours does 1.1x the baseline's work in two turns of three, 1.5x in the third (a slow spell of its own).
    ours, baseline, ratio = measure.interleaved(machine.call(1100, 1100, 1500), machine.call(1000), runs=3, warmup=0)
    assert ratio == 1.1
    # The medians, each over its own calls, would say 1.5: the machine's fast turn and ours' slow one mixed.
    assert (ours, baseline) == (1500.0, 1000.0)


def test_a_goal_compares_the_turns_ratio_and_a_load_p95_its_two_figures():
    met = measure.goals_15(
        {
            "limits": {
                "workbook": {"ours_ms": 1400.0, "limit_ms": 1000.0, "ratio": 1.25},
                "tallies_pdf": {"ours_ms": 900.0, "limit_ms": 1000.0, "ratio": 2.1},
                "phone_post_p95": {"ours_ms": 210.0, "limit_ms": 100.0},
            }
        }
    )
    assert met["workbook_within_1.3x_baseline"] is True
    assert met["tallies_pdf_within_2x_baseline"] is False
    assert met["phone_post_p95_within_2x_baseline"] is False


def test_the_saves_under_load_are_compared_pair_by_pair():
    from bench.loadtest import paired_ratio

    # Each load run of ours is followed by one of the bare write. Ours is 1.5x in every pair; the bare
    # write's first run fell in a slow spell of the machine's (180 ms where 100 was its speed).
    ours = [{"p95_ms": 150.0}, {"p95_ms": 300.0}, {"p95_ms": 195.0}]
    bare = [{"p95_ms": 180.0}, {"p95_ms": 200.0}, {"p95_ms": 130.0}]
    assert paired_ratio(ours, bare) == (1.5, [0.833, 1.5, 1.5])
    # Ours' median over the bare's median would say 195 / 180 = 1.08: the bare write's slow spell hid ours' 1.5x.
    slow = [{"p95_ms": 300.0}, {"p95_ms": 600.0}, {"p95_ms": 390.0}]
    assert paired_ratio(slow, bare)[0] == 3.0  # the medians: 390 / 180 = 2.17
    # A run that timed nothing has no ratio (in its place), and no pairs none at all.
    assert paired_ratio([{"p95_ms": None}, *ours[1:]], bare) == (1.5, [None, 1.5, 1.5])
    assert paired_ratio([], []) == (None, [])


def test_the_phone_save_goal_compares_the_pairs_ratio():
    met = measure.goals_15({"limits": {"phone_post_p95": {"ours_ms": 330.0, "limit_ms": 160.0, "ratio": 1.9}}})
    assert met["phone_post_p95_within_2x_baseline"] is True
    met = measure.goals_15({"limits": {"phone_post_p95": {"ours_ms": 300.0, "limit_ms": 160.0, "ratio": 2.1}}})
    assert met["phone_post_p95_within_2x_baseline"] is False


def test_the_whole_round_burst_is_compared_with_its_own_bare_baseline_pair_by_pair():
    from bench.loadtest import paired_ratio
    from bench.run import whole_round_limit

    ours = [{"p95_ms": 400.0}, {"p95_ms": 900.0}, {"p95_ms": 450.0}]
    bare = [{"p95_ms": 200.0}, {"p95_ms": 300.0}, {"p95_ms": 250.0}]
    ratio, pairs = paired_ratio(ours, bare)  # 2.0, 3.0, 1.8
    limit = whole_round_limit({"runs": ours, "baseline_runs": bare, "ratio": ratio, "pair_ratios": pairs})
    assert limit == {"ours_ms": 450.0, "limit_ms": 250.0, "ratio": 2.0, "pair_ratios": [2.0, 3.0, 1.8]}
    met = measure.goals_15({"limits": {"whole_round_post_p95": limit}})
    assert met["whole_round_post_p95_within_2x_baseline"] is True
    limit["ratio"] = 2.2
    assert (
        measure.goals_15({"limits": {"whole_round_post_p95": limit}})["whole_round_post_p95_within_2x_baseline"]
        is False
    )
    # The absolute p95 (the median of the runs') beside it: 450 ms is under the aim of 500.
    assert measure.goals({**_minimal(), "load": {"p95_ms": 450.0}})["load_p95_under_500ms"] is True
    assert measure.goals({**_minimal(), "load": {"p95_ms": None}})["load_p95_under_500ms"] is False


def _minimal() -> dict:
    return {
        "queries": {},
        "ms": {"standings": {"100": 100.0}},
        "tallies_pdf_400_players_ms": 1.0,
        "results_xlsx_100_tables_ms": 1.0,
        "movement_100_tables_ms": 1.0,
    }

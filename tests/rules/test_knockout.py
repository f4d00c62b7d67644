"""The rubber bridge knockout: plans and best losers (docs/rules/rubber-knockout.md)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rules import knockout

# The Four Aces' table, tables per round.
FOUR_ACES = {
    8: {"main": [8, 4, 2, 1], "consolation": [4, 2, 1]},
    7: {"main": [7, 4, 2, 1], "consolation": [3, 2, 1]},
    6: {"main": [6, 3, 2, 1], "consolation": [3, 2, 1]},
    5: {"main": [5, 3, 2, 1], "consolation": [2, 1]},
}


@pytest.mark.parametrize("tables", sorted(FOUR_ACES))
def test_plan_is_the_four_aces_table(tables):
    assert knockout.plan(tables) == FOUR_ACES[tables]
    assert knockout.within_advice(tables)
    assert knockout.advice_note(tables) is None


def test_seven_tables_round_by_round():
    rounds = knockout.plan_rounds(7)
    main, consolation = rounds["main"], rounds["consolation"]
    # Seven winners and the best loser: eight pairs at four tables.
    assert [(r.tables, r.pairs, r.best_losers_in, r.places) for r in main] == [
        (7, 14, 0, 8),
        (4, 8, 1, 4),
        (2, 4, 0, 2),
        (1, 2, 0, 1),
    ]
    assert main[0].best_losers_out == 1 and main[-1].final
    # The other six losers: three tables; three winners and their best loser: two tables.
    assert [(r.tables, r.best_losers_in, r.best_losers_out) for r in consolation] == [(3, 0, 1), (2, 1, 0), (1, 0, 0)]
    assert {r.bracket for r in consolation} == {"consolation"}
    assert [r.number for r in consolation] == [1, 2, 3]


def test_five_tables_round_by_round():
    rounds = knockout.plan_rounds(5)
    assert [(r.tables, r.best_losers_in) for r in rounds["main"]] == [(5, 0), (3, 1), (2, 1), (1, 0)]
    assert [(r.tables, r.best_losers_in) for r in rounds["consolation"]] == [(2, 0), (1, 0)]


@pytest.mark.parametrize(
    "tables, expected",
    [
        (1, {"main": [1], "consolation": []}),  # the one match is the final; one loser is no tournament
        (2, {"main": [2, 1], "consolation": [1]}),
        (3, {"main": [3, 2, 1], "consolation": [1]}),
        (4, {"main": [4, 2, 1], "consolation": [2, 1]}),
        (9, {"main": [9, 5, 3, 2, 1], "consolation": [4, 2, 1]}),
        (12, {"main": [12, 6, 3, 2, 1], "consolation": [6, 3, 2, 1]}),
    ],
)
def test_plans_beyond_the_advice_follow_the_same_rule(tables, expected):
    assert knockout.plan(tables) == expected
    assert not knockout.within_advice(tables)
    note = knockout.advice_note(tables)
    assert note is not None  # five tables or more are described
    # Only more than eight goes against the advice; fewer than five is simply not described.
    if tables > 8:
        assert "beyond the Four Aces' advice: they advise no more than eight" in note
    else:
        assert "beyond" not in note
        assert note == (
            f"The Four Aces describe five to eight tables; for {tables} the plan follows their general rule: "
            "each round needs an even number of pairs, and the best loser joins an odd number of winners."
        )


def test_tables_for_pairs():
    assert knockout.tables_for_pairs(14) == 7
    with pytest.raises(ValueError, match="cannot fill whole tables"):
        knockout.tables_for_pairs(13)
    with pytest.raises(ValueError, match="at least two pairs"):
        knockout.tables_for_pairs(0)


@pytest.mark.parametrize("bad", [0, -3, 2.0, "7", True, None])
def test_bad_table_counts(bad):
    for function in (knockout.plan, knockout.plan_rounds, knockout.within_advice, knockout.advice_note):
        with pytest.raises(ValueError, match="table"):
            function(bad)


ROUND = [
    ("Ames", 1200, "Bell", 900),  # Bell loses by 300
    ("Cole", 450, "Dunn", 600),  # Cole loses by 150
    ("Eden", 800, "Fry", 750),  # Fry loses by 50
]


def test_best_loser_joins_an_odd_number_of_winners():
    assert knockout.advance(ROUND, 4) == (["Ames", "Dunn", "Eden", "Fry"], ["Cole", "Bell"])


def test_detail_of_a_round():
    detail = knockout.advance_detail(ROUND, 4)
    assert detail.winners == ["Ames", "Dunn", "Eden"]
    assert detail.best_losers == [knockout.Loser("Fry", 50, 3)]
    assert detail.eliminated == [knockout.Loser("Cole", 150, 2), knockout.Loser("Bell", 300, 1)]
    assert [r.margin for r in detail.results] == [300, 150, 50]
    assert not detail.cut_needed and detail.cut is None


def test_all_the_pairs_can_go_on():
    assert knockout.advance(ROUND[:2], 4) == (["Ames", "Dunn", "Cole", "Bell"], [])


def test_final_sends_on_its_winner():
    assert knockout.advance([("Ames", 0, "Bell", 100)], 1) == (["Bell"], ["Ames"])


TIED_FOR_BEST_LOSER = [
    ("Ames", 500, "Bell", 400),  # Bell loses by 100
    ("Cole", 300, "Dunn", 350),  # Cole loses by 50
    ("Eden", 700, "Fry", 650),  # Fry loses by 50
    ("Gray", 100, "Hale", 150),  # Gray loses by 50
    ("Ives", 900, "Judd", 200),
]


def test_tie_for_best_loser_is_cut_reproducibly():
    first = knockout.advance_detail(TIED_FOR_BEST_LOSER, 6, seed=7)
    assert first.cut_needed and first.cut is not None
    assert first.cut.among == ("Cole", "Fry", "Gray") and first.cut.margin == 50 and first.cut.places == 1
    assert len(first.cut.drawn) == 1 and first.cut.drawn[0] in first.cut.among
    assert not first.cut.by_director
    assert first.qualified == ["Ames", "Dunn", "Eden", "Hale", "Ives", first.cut.drawn[0]]
    # The losers of the cut come first among the others: same margin, in match order.
    left = [pair for pair in ("Cole", "Fry", "Gray") if pair != first.cut.drawn[0]]
    assert first.others == [*left, "Bell", "Judd"]
    assert knockout.advance(TIED_FOR_BEST_LOSER, 6, seed=7) == (first.qualified, first.others)
    assert first.notes and "cut" in first.notes[0]


def test_different_seeds_can_cut_differently():
    drawn = {knockout.advance(TIED_FOR_BEST_LOSER, 6, seed=seed)[0][-1] for seed in range(40)}
    assert drawn == {"Cole", "Fry", "Gray"}


def test_tie_for_two_places_cuts_among_the_tied_only():
    detail = knockout.advance_detail(TIED_FOR_BEST_LOSER[:4], 8, seed=1)  # every loser goes on
    assert detail.cut is None
    detail = knockout.advance_detail(TIED_FOR_BEST_LOSER[:4] + [("Kent", 10, "Lowe", 0)], 8, seed=3)
    # Lowe (10) is sure; two of the three who lost by 50 go on.
    assert [b.pair for b in detail.best_losers][0] == "Lowe"
    assert detail.cut is not None and detail.cut.places == 2 and len(detail.cut.drawn) == 2
    assert detail.others == [next(p for p in ("Cole", "Fry", "Gray") if p not in detail.cut.drawn), "Bell"]


def test_director_overrides_the_cut():
    detail = knockout.advance_detail(TIED_FOR_BEST_LOSER, 6, seed=7, cut=["Gray"])
    assert detail.cut is not None and detail.cut.by_director and detail.cut.drawn == ("Gray",)
    assert detail.qualified[-1] == "Gray"
    with pytest.raises(ValueError, match="name exactly 1"):
        knockout.advance(TIED_FOR_BEST_LOSER, 6, cut=["Bell"])
    with pytest.raises(ValueError, match="name exactly 1"):
        knockout.advance(TIED_FOR_BEST_LOSER, 6, cut=["Cole", "Fry"])
    assert knockout.advance(ROUND, 4, cut=[]) == knockout.advance(ROUND, 4)
    with pytest.raises(ValueError, match="list of pair names"):
        knockout.advance(TIED_FOR_BEST_LOSER, 6, cut="Gray")
    with pytest.raises(ValueError, match="no cut is needed"):
        knockout.advance(ROUND, 4, cut=["Fry"])
    with pytest.raises(ValueError, match="nothing to cut"):
        knockout.advance(ROUND[:2], 2, cut=["Cole"])


def test_tied_match_must_be_decided_by_the_director():
    tied = [("Ames", 500, "Bell", 500), ("Cole", 300, "Dunn", 350), ("Eden", 200, "Fry", 200)]
    with pytest.raises(ValueError, match=r"match 1 \(Ames v Bell, 500 each\); match 3") as error:
        knockout.advance(tied, 4)
    assert "director must decide" in str(error.value)
    # Decided by a cut: the losers' margins are 0, so they are first in line for best loser.
    detail = knockout.advance_detail(tied, 4, seed=1, decided=["Bell", "Eden"])
    assert detail.winners == ["Bell", "Dunn", "Eden"] and detail.results[0].decided
    assert detail.cut is not None and detail.cut.among == ("Ames", "Fry") and detail.cut.margin == 0
    assert detail.best_losers[0] in (knockout.Loser("Ames", 0, 1), knockout.Loser("Fry", 0, 3))
    assert detail.others[-1] == "Cole"
    assert knockout.advance(tied[:2], 2, decided=["Ames"]) == (["Ames", "Dunn"], ["Bell", "Cole"])


@pytest.mark.parametrize(
    "decided, message",
    [
        (["Dunn", "Ames", "Eden"], "is not tied"),
        (["Ames", "Bell", "Eden"], "name only its winner"),
        (["Ames", "Eden", "Zack"], "not in the round: Zack"),
        ("Ames", "list of pair names"),
        (["Ames", "Ames", "Eden"], "names a pair twice"),
    ],
)
def test_bad_decisions(decided, message):
    tied = [("Ames", 500, "Bell", 500), ("Cole", 300, "Dunn", 350), ("Eden", 200, "Fry", 200)]
    with pytest.raises(ValueError, match=message):
        knockout.advance(tied, 4, decided=decided)


@pytest.mark.parametrize(
    "matches, places, message",
    [
        ([], 2, "at least one match"),
        ("Ames", 2, "list of"),
        (42, 2, "list of"),
        ([("Ames", 100, "Bell")], 2, r"match 1 must be \(pair, total, pair, total\)"),
        (["Ames v Bell"], 2, "match 1 must be"),
        ([("Ames", 100, "", 50)], 2, "match 1: each pair needs a name"),
        ([("Ames", 100, "  ", 50)], 2, "each pair needs a name"),
        ([("Ames", 100, None, 50)], 2, "each pair needs a name"),
        ([("Ames", -5, "Bell", 50)], 2, "Ames's total must be a whole number"),
        ([("Ames", 10.5, "Bell", 50)], 2, "whole number"),
        ([("Ames", True, "Bell", 50)], 2, "whole number"),
        ([("Ames", "100", "Bell", 50)], 2, "whole number"),
        ([("Ames", 100, "Ames", 50)], 2, "Ames plays twice"),
        ([("Ames", 100, "Bell", 50), ("Bell", 10, "Cole", 0)], 2, "Bell plays twice"),
        (ROUND, 2, "fewer than the 3 winners"),
        (ROUND, 7, "more than the 6 pairs"),
        (ROUND, 5, "even number"),
        (ROUND, 3, "even number"),
        (ROUND, "4", "whole number of pairs"),
        (ROUND, 4.0, "whole number of pairs"),
        (ROUND, None, "whole number of pairs"),
    ],
)
def test_bad_rounds(matches, places, message):
    with pytest.raises(ValueError, match=message):
        knockout.advance(matches, places)


def test_bad_seed():
    with pytest.raises(ValueError, match="seed"):
        knockout.advance(TIED_FOR_BEST_LOSER, 6, seed=[1, 2])  # type: ignore[arg-type]  # a bad seed on purpose


# Properties, 2 to 16 tables.


@given(st.integers(2, 16))
def test_plan_rounds_are_well_formed(tables):
    rounds = knockout.plan_rounds(tables)
    assert [r.tables for r in rounds["main"]] == knockout.plan(tables)["main"]
    for bracket in rounds.values():
        assert bracket, "from two tables on there is always a consolation"
        assert bracket[-1].tables == 1 and bracket[-1].places == 1
        assert sum(r.final for r in bracket) == 1
        for before, after in zip(bracket, bracket[1:], strict=False):
            assert after.pairs == before.places == before.tables + after.best_losers_in
            assert before.places % 2 == 0 and after.best_losers_in in (0, 1)
    first = rounds["main"][0]
    assert first.tables == tables
    # Every first-round loser who does not go on plays in the consolation.
    assert rounds["consolation"][0].pairs == first.pairs - first.places


def _play(pair_a, pair_b, rng):
    # Totals on a coarse grid, so equal margins (and cuts) are common; never a tied match.
    total_a = rng.randrange(0, 8) * 50
    total_b = rng.choice([t for t in range(0, 400, 50) if t != total_a])
    return (pair_a, total_a, pair_b, total_b)


def _run_bracket(pairs, rounds, rng):
    """Play a bracket to its end; returns the pairs left and the first round's others."""
    first_others = None
    for plan in rounds:
        assert len(pairs) == plan.pairs
        rng.shuffle(pairs)  # the draw
        matches = [_play(pairs[i], pairs[i + 1], rng) for i in range(0, len(pairs), 2)]
        qualified, others = knockout.advance(matches, plan.places, seed=rng.random())
        assert sorted(qualified + others) == sorted(pairs)
        assert len(qualified) == plan.places
        if first_others is None:
            first_others = others
        pairs = qualified
    return pairs, first_others


@settings(max_examples=60)
@given(st.integers(2, 16), st.randoms(use_true_random=False))
def test_a_whole_event_ends_with_one_winner_per_bracket(tables, rng):
    rounds = knockout.plan_rounds(tables)
    pairs = [f"pair {n}" for n in range(1, 2 * tables + 1)]
    champions, consolation = _run_bracket(list(pairs), rounds["main"], rng)
    assert len(champions) == 1
    assert len(consolation) == rounds["consolation"][0].pairs
    consolation_winners, _ = _run_bracket(list(consolation), rounds["consolation"], rng)
    assert len(consolation_winners) == 1
    assert champions[0] != consolation_winners[0]


@given(st.integers(1, 8), st.randoms(use_true_random=False), st.data())
def test_qualified_and_others_partition_the_round(matches_count, rng, data):
    pairs = [f"pair {n}" for n in range(1, 2 * matches_count + 1)]
    matches = [_play(pairs[i], pairs[i + 1], rng) for i in range(0, len(pairs), 2)]
    even = [p for p in range(matches_count, 2 * matches_count + 1) if p % 2 == 0]
    places = data.draw(st.sampled_from(even + ([1] if matches_count == 1 else [])))
    detail = knockout.advance_detail(matches, places, seed=rng.random())
    qualified, others = detail.qualified, detail.others
    assert len(qualified) == places and len(set(qualified + others)) == len(pairs)
    assert sorted(qualified + others) == sorted(pairs)
    assert qualified[:matches_count] == detail.winners
    # No pair left out lost by less than a best loser.
    if detail.best_losers and detail.eliminated:
        assert max(b.margin for b in detail.best_losers) <= min(e.margin for e in detail.eliminated)
    margins = [e.margin for e in detail.eliminated]
    assert margins == sorted(margins)

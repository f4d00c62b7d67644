"""Pairs that must leave a rubber bridge knockout: walkovers and places passed on.

Rules: docs/rules/rubber-knockout.md, "Withdrawals"; docs/rules/decisions.md.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules.helpers import refused
from tests.rules.test_knockout import _play
from tournaments.rules import knockout
from tournaments.rules.withdrawals import advance_with_withdrawals, consolation, replace_withdrawn, walkover_results


def test_a_five_table_bracket_with_a_withdrawal_in_every_round():
    assert knockout.plan(5) == {"main": [5, 3, 2, 1], "consolation": [2, 1]}

    # Round 1, 5 tables, 6 go on. J leaves during the fifth match: I go through by a walkover,
    # and J, who lost only by 50 so far, is no best loser: F (lost by 50) is.
    round_1 = [
        ("A", 900, "B", 400),  # B lose by 500
        ("C", 300, "D", 700),  # C lose by 400
        ("E", 650, "F", 600),  # F lose by 50
        ("G", 800, "H", 100),  # H lose by 700
        ("I", 500, "J", 450),  # J withdrew
    ]
    first = advance_with_withdrawals(round_1, 6, withdrawn=["J"])
    assert first.qualified == ["A", "D", "E", "G", "I", "F"]
    assert first.others == ["C", "B", "H"]
    assert first.withdrawn == ["J"]
    assert [(r.match, r.winner, r.loser) for r in walkover_results(first)] == [(5, "I", "J")]
    assert [str(note) for note in first.notes] == ["J withdrew: I go through by a walkover"]

    # The consolation takes three first-round losers: H, who lost by most, goes to the free tables.
    cons = consolation(first.others)
    assert cons.entrants == ["C", "B"] and cons.to_free_tables == ["H"]
    assert [r.tables for r in cons.rounds] == [1]

    # Round 2, 3 tables, 4 go on. G leave before their match: I go through; F are best loser.
    round_2 = [("A", 500, "F", 300), ("D", 400, "E", 700), ("G", 0, "I", 0)]
    second = advance_with_withdrawals(round_2, 4, withdrawn=["G"])
    assert second.qualified == ["A", "E", "I", "F"] and second.others == ["D"]

    # Between rounds E must go: their place passes to D, the loser by the next smallest margin.
    second = replace_withdrawn(second, ["E"])
    assert second.qualified == ["A", "I", "F", "D"] and second.others == []
    assert second.withdrawn == ["G", "E"]
    assert str(second.notes[-1]) == "E withdrew: D take their place"

    # Round 3, 2 tables, 2 go on. F leave during their match.
    third = advance_with_withdrawals([("A", 800, "D", 200), ("I", 300, "F", 0)], 2, withdrawn=["F"])
    assert third.qualified == ["A", "I"] and third.others == ["D"]

    # The final: I leave; A win it by a walkover.
    final = advance_with_withdrawals([("A", 0, "I", 0)], 1, withdrawn=["I"])
    assert final.qualified == ["A"] and final.others == [] and final.results[0].walkover


def test_a_best_loser_who_leaves_gives_the_place_to_the_next_smallest_margin():
    round_ = [("Ames", 1200, "Bell", 900), ("Cole", 450, "Dunn", 600), ("Eden", 800, "Fry", 750)]
    done = knockout.advance_detail(round_, 4)
    assert done.qualified == ["Ames", "Dunn", "Eden", "Fry"]
    after = replace_withdrawn(done, ["Fry"])
    assert after.qualified == ["Ames", "Dunn", "Eden", "Cole"] and after.others == ["Bell"]
    # A pair among the others simply leaves.
    assert replace_withdrawn(done, ["Bell"]).others == ["Cole"]


def test_both_pairs_of_a_match_leave():
    round_ = [("A", 900, "B", 400), ("C", 0, "D", 0), ("E", 650, "F", 600)]
    detail = advance_with_withdrawals(round_, 4, withdrawn=["C", "D"])
    # Two winners, so two best losers: F (50) and B (500).
    assert detail.qualified == ["A", "E", "F", "B"] and detail.others == []
    assert detail.withdrawn == ["C", "D"]


def test_bad_withdrawals_are_refused():
    round_ = [("A", 900, "B", 400), ("C", 300, "D", 700)]
    refused(advance_with_withdrawals, round_, 2, withdrawn=["Z"], mentions=["z is not in this round"])
    refused(advance_with_withdrawals, round_, 2, withdrawn=[], mentions=["name the pair"])
    refused(
        advance_with_withdrawals,
        round_,
        2,
        withdrawn=["A", "B", "C"],
        mentions=["2 pairs should go on, but only 1 is left"],
    )
    done = knockout.advance_detail(round_, 2)
    refused(replace_withdrawn, done, ["Q"], mentions=["q is not in this round"])
    refused(replace_withdrawn, done, ["A", "D", "B"], mentions=["2 places are free but only 1 loser is left"])
    assert done.qualified == ["A", "D"]  # nothing changed


def _round_with_a_withdrawal(pairs, plan, rng):
    rng.shuffle(pairs)
    matches = [_play(pairs[i], pairs[i + 1], rng) for i in range(0, len(pairs), 2)]
    gone = rng.choice(pairs)
    detail = advance_with_withdrawals(matches, plan.places, seed=rng.random(), withdrawn=[gone])
    assert gone not in detail.qualified + detail.others and detail.withdrawn == [gone]
    assert len(detail.qualified) == plan.places  # the bracket stays on plan
    assert sorted(detail.qualified + detail.others + [gone]) == sorted(pairs)
    if detail.best_losers and detail.eliminated:
        assert max(b.margin for b in detail.best_losers) <= min(e.margin for e in detail.eliminated)
    return detail


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 16), st.randoms(use_true_random=False))
def test_a_withdrawal_in_every_round_keeps_both_brackets_right(tables, rng):
    rounds = knockout.plan_rounds(tables)
    pairs = [f"pair {n}" for n in range(1, 2 * tables + 1)]
    first_others = None
    for plan in rounds["main"]:
        assert len(pairs) == plan.pairs
        detail = _round_with_a_withdrawal(list(pairs), plan, rng)
        if first_others is None:
            first_others = detail.others
        pairs = detail.qualified
    assert len(pairs) == 1
    assert first_others is not None  # the main bracket has a first round
    cons = consolation(first_others)
    assert len(cons.entrants) % 2 == 0 and len(cons.to_free_tables) == len(first_others) - len(cons.entrants)
    entrants = list(cons.entrants)
    for plan in cons.rounds:
        assert len(entrants) == plan.pairs
        entrants = _round_with_a_withdrawal(entrants, plan, rng).qualified
    assert len(entrants) == (1 if cons.rounds else 0)

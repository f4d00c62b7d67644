"""A round closed early, and the standing figure of a player who joined late or left early.

Rules: docs/rules/four-aces-party.md, "Changes of plan during the night"; docs/rules/decisions.md.
"""

import pytest

from tests.rules.helpers import refused
from tournaments.rules.attendance import standing
from tournaments.rules.party import table_winner, unfinished_round_result


def test_a_round_closed_after_two_deals():
    # Deal 1, nobody vulnerable: East goes down 4 doubled, 800 to North-South.
    # Deal 2, East-West vulnerable: East goes down 4 doubled, 1,100; North-South are credited only
    # 1,000 (the cap), East-West charged the full 1,100. Deals 3 and 4 were never played: 0 each.
    result = unfinished_round_result([("4SX", "E", 6), ("4HX", "E", 6)])
    assert (result.ns, result.ew) == (1800, -1900)
    assert result.played == 2 and result.unplayed == (3, 4)
    assert [d.capped for d in result.scored] == [False, True]
    assert table_winner(result.ns, result.ew) == "NS"


def test_a_round_closed_before_any_deal_is_a_tie_for_the_cut():
    result = unfinished_round_result([])
    assert (result.ns, result.ew, result.unplayed) == (0, 0, (1, 2, 3, 4))
    assert table_winner(result.ns, result.ew) is None


def test_four_deals_are_a_whole_round_and_a_fifth_is_refused():
    assert unfinished_round_result([("PASS", "", 0)] * 4).unplayed == ()
    refused(unfinished_round_result, [("PASS", "", 0)] * 5, mentions=["four deals"])


def test_a_late_comer_stands_on_the_rounds_played():
    # Joined in round 3 of a five-round party: rounds 1 and 2 count 0.
    late = standing({3: 400, 4: -150, 5: 620}, 5)
    assert late.total == 870
    assert late.played == (3, 4, 5) and late.missed == (1, 2)
    assert late.first_round == 3 and late.joined_late() and not late.left_early(5)


def test_an_early_leaver_and_a_sit_out():
    # Went home after round 3, and sat out round 2 (None: not played).
    gone = standing({1: 1200, 2: None, 3: -300}, 6)
    assert gone.total == 900
    assert gone.played == (1, 3) and gone.missed == (2, 4, 5, 6)
    assert gone.last_round == 3 and gone.left_early(6) and not gone.joined_late()
    nobody = standing({}, 2)
    assert (nobody.total, nobody.first_round, nobody.missed) == (0, None, (1, 2))


@pytest.mark.parametrize(
    ("results", "rounds", "mentions"),
    [
        ({7: 100}, 5, ["no round 7"]),
        ({0: 100}, 5, ["no round 0"]),
        ({1: "100"}, 5, ["round 1: a result is a whole number"]),
        ({1: 100}, -1, ["whole number of rounds"]),
        ([100], 1, ["results must map"]),
    ],
)
def test_bad_figures_are_refused(results, rounds, mentions):
    refused(standing, results, rounds, mentions=mentions)

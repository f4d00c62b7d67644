"""A progressive-party round (tournaments/rules/party.py): vulnerability, the 1,000 cap, the net.

Every expected figure is worked out by hand from docs/rules/four-aces-party.md and scoring.md.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.rules.helpers import refused
from tournaments.rules.party import (
    deal_dealer,
    deal_vulnerability,
    round_result,
    score_round,
    table_winner,
)

PASS = ("PASS", "", 0)


def only(deal_number, deal):
    """A round with one played deal at position deal_number (1-4), the other three passed out."""
    deals = [PASS] * 4
    deals[deal_number - 1] = deal
    return deals


# --- Dealer and vulnerability -------------------------------------------------------------------


@pytest.mark.parametrize(
    "deal, dealer, vulnerable",
    [(1, "N", "none"), (2, "E", "EW"), (3, "S", "NS"), (4, "W", "both")],
)
def test_dealer_and_vulnerability_of_the_four_deals(deal, dealer, vulnerable):
    assert deal_vulnerability(deal) == vulnerable
    assert deal_dealer(deal) == dealer


@pytest.mark.parametrize("deal", [0, 5, -1, 8, "1", 1.0, True, None, [1]])
def test_bad_deal_numbers_are_refused(deal):
    refused(deal_vulnerability, deal, mentions=("deal",))
    refused(deal_dealer, deal)


@pytest.mark.parametrize(
    "deal_number, by_north, by_east",
    [
        # 3N making 9: 400 not vulnerable, 600 vulnerable
        (1, 400, 400),  # neither vulnerable
        (2, 400, 600),  # East-West vulnerable
        (3, 600, 400),  # North-South vulnerable
        (4, 600, 600),  # both
    ],
)
def test_each_deal_uses_its_own_vulnerability(deal_number, by_north, by_east):
    assert round_result(only(deal_number, ("3N", "N", 9))) == (by_north, -by_north)
    assert round_result(only(deal_number, ("3N", "S", 9))) == (by_north, -by_north)
    assert round_result(only(deal_number, ("3N", "E", 9))) == (-by_east, by_east)
    assert round_result(only(deal_number, ("3N", "W", 9))) == (-by_east, by_east)


@pytest.mark.parametrize(
    "deal_number, north_down_one, east_down_one",
    [(1, 50, 50), (2, 50, 100), (3, 100, 50), (4, 100, 100)],
)
def test_undertricks_use_the_declarers_vulnerability(deal_number, north_down_one, east_down_one):
    assert round_result(only(deal_number, ("4H", "N", 9))) == (-north_down_one, north_down_one)
    assert round_result(only(deal_number, ("4H", "E", 9))) == (east_down_one, -east_down_one)


# --- Passed-out deals -----------------------------------------------------------------------------


def test_four_passed_out_deals_are_a_tie():
    assert round_result([PASS] * 4) == (0, 0)
    assert table_winner(0, 0) is None


def test_a_passed_out_deal_still_counts_as_one_of_the_four():
    # 4S by North, NS vulnerable only on deal 3 (and 4): its position fixes the vulnerability.
    assert round_result([PASS, ("4S", "N", 10), PASS, PASS]) == (420, -420)
    assert round_result([PASS, PASS, ("4S", "N", 10), PASS]) == (620, -620)
    assert round_result([("4S", "N", 10), PASS, PASS, PASS]) == (420, -420)


@pytest.mark.parametrize("written", ["PASS", "pass", "P", "passed"])
def test_passed_out_deal_spellings(written):
    assert round_result([(written, "", 0), ("3N", "N", 9), PASS, PASS]) == (400, -400)


def test_a_round_as_a_tuple_of_lists():
    deals = (["3N", "N", 9], ["PASS", "", 0], ["PASS", "", 0], ["PASS", "", 0])
    assert round_result(deals) == (400, -400)  # type: ignore[arg-type]  # lists on purpose: read as tuples


# --- The 1,000-point cap --------------------------------------------------------------------------


@pytest.mark.parametrize("deal_number", [2, 4])
def test_the_example_east_west_down_4_doubled_vulnerable(deal_number):
    # 200 + 300 + 300 + 300 = 1,100: NS credited 1,000, EW charged the full 1,100.
    deals = only(deal_number, ("4SX", "E", 6))
    assert round_result(deals) == (1000, -1100)
    played = score_round(deals)[deal_number - 1]
    assert (played.ns, played.ew) == (1000, -1100)
    assert played.score == -1100
    assert played.vulnerable is True
    assert played.capped is True


def test_the_example_under_1938_rules_is_the_same_when_vulnerable():
    assert round_result(only(2, ("4SX", "W", 6)), rules="1938") == (1000, -1100)


@pytest.mark.parametrize(
    "deal_number, rules, penalty",
    [(1, "modern", 800), (3, "modern", 800), (1, "1938", 700), (3, "1938", 700)],
)
def test_east_west_down_4_doubled_not_vulnerable_is_under_the_cap(deal_number, rules, penalty):
    deals = only(deal_number, ("4SX", "E", 6))
    assert round_result(deals, rules=rules) == (penalty, -penalty)
    assert score_round(deals, rules=rules)[deal_number - 1].capped is False


def test_a_set_slam_is_capped_for_the_defenders():
    # 7N redoubled by North, no tricks, deal 4 (vulnerable): 7,600. EW bid no slam: credited 1,000.
    assert round_result(only(4, ("7NXX", "N", 0))) == (-7600, 1000)


def test_a_big_made_part_score_is_capped_for_the_declarer():
    # 1N redoubled making 13, vulnerable (deal 4): 3,160, but no slam was bid.
    assert round_result(only(4, ("1NXX", "N", 13))) == (1000, -3160)


def test_thirteen_tricks_without_bidding_the_slam_is_capped():
    # 5N redoubled making 13 not vulnerable (deal 1): 160 x 4 = 640 + 2 x 200 + 300 + 100 = 1,440.
    assert round_result(only(1, ("5NXX", "S", 13))) == (1000, -1440)


@pytest.mark.parametrize(
    "deal_number, deal, ns, ew",
    [
        # a vulnerable grand slam redoubled: 880 + 500 + 1,500 + 100 = 2,980, credited in full
        (4, ("7NXX", "S", 13), 2980, -2980),
        (3, ("7NXX", "N", 13), 2980, -2980),
        (2, ("7NXX", "E", 13), -2980, 2980),
        # not vulnerable: 880 + 300 + 1,000 + 100 = 2,280
        (1, ("7NXX", "W", 13), -2280, 2280),
        # a small slam redoubled with an overtrick, vulnerable: 760 + 400 + 500 + 750 + 100 = 2,510
        (4, ("6NXX", "E", 13), -2510, 2510),
        # an undoubled vulnerable grand: 220 + 500 + 1,500 = 2,220
        (2, ("7N", "W", 13), -2220, 2220),
        # an undoubled vulnerable small slam: 190 + 500 + 750 = 1,440
        (3, ("6N", "S", 12), 1440, -1440),
    ],
)
def test_a_made_slam_is_exempt_from_the_cap(deal_number, deal, ns, ew):
    deals = only(deal_number, deal)
    assert round_result(deals) == (ns, ew)
    assert score_round(deals)[deal_number - 1].capped is False


def test_exactly_1000_is_not_cut():
    # 5C redoubled making 12 not vulnerable: 400 + 200 + 300 + 100 = 1,000.
    assert round_result(only(1, ("5CXX", "N", 12))) == (1000, -1000)
    assert score_round(only(1, ("5CXX", "N", 12)))[0].capped is False
    # 5C redoubled making 13: 1,200, cut to 1,000.
    assert round_result(only(1, ("5CXX", "N", 13))) == (1000, -1200)
    # 7N by East down 10 undoubled, vulnerable (deal 2): 1,000 to NS, nothing cut.
    assert round_result(only(2, ("7N", "E", 3))) == (1000, -1000)
    assert score_round(only(2, ("7N", "E", 3)))[1].capped is False


# --- The net result -----------------------------------------------------------------------------


def test_scored_800_opponents_400_enter_plus_400():
    deals = [
        ("3N", "N", 9),  # deal 1: NS +400
        ("3N", "S", 9),  # deal 2: NS not vulnerable, +400
        ("3N", "E", 9),  # deal 3: EW not vulnerable, +400
        PASS,
    ]
    assert round_result(deals) == (400, -400)
    assert table_winner(400, -400) == "NS"


def test_scored_1000_opponents_2000_enter_minus_1000():
    deals = [
        ("3N", "N", 9),  # deal 1: NS +400
        ("4SXX", "N", 7),  # deal 2: NS not vulnerable, down 3 redoubled: EW +1,000 (200 + 400 + 400)
        ("3N", "S", 9),  # deal 3: NS vulnerable, +600
        ("7N", "S", 3),  # deal 4: NS vulnerable, down 10 undoubled: EW +1,000
    ]
    assert round_result(deals) == (-1000, 1000)
    assert table_winner(-1000, 1000) == "EW"


def test_under_the_cap_both_sides_can_end_negative():
    deals = [
        PASS,
        ("4SX", "E", 6),  # EW vulnerable down 4 doubled: NS +1,000, EW -1,100
        ("4SX", "N", 6),  # NS vulnerable down 4 doubled: EW +1,000, NS -1,100
        PASS,
    ]
    assert round_result(deals) == (-100, -100)
    assert table_winner(-100, -100) is None


def test_the_cap_can_decide_who_wins_the_table():
    deals = [
        PASS,
        ("7N", "E", 13),  # EW vulnerable grand slam: EW +2,220 in full, NS -2,220
        PASS,
        ("1NXX", "N", 13),  # NS 3,160, credited 1,000; EW charged 3,160
    ]
    ns, ew = round_result(deals)
    assert (ns, ew) == (-1220, -940)
    assert ns + ew == -2160  # the 2,160 cut off by the cap
    assert table_winner(ns, ew) == "EW"


def test_a_full_round_with_all_four_deals_played():
    deals = [
        ("2S", "N", 9),  # deal 1: NS +140
        ("4HX", "W", 9),  # deal 2: EW vulnerable, down 1 doubled: NS +200
        ("5D", "E", 11),  # deal 3: EW not vulnerable, +400
        ("1N", "S", 7),  # deal 4: NS vulnerable, +90
    ]
    assert round_result(deals) == (30, -30)
    assert [(d.ns, d.ew) for d in score_round(deals)] == [(140, -140), (200, -200), (-400, 400), (90, -90)]


def test_declarer_seat_may_be_lower_case():
    assert round_result(only(3, ("4S", "s", 10))) == (620, -620)


def test_score_round_records_each_deal():
    scored = score_round([("3NX", "W", 7), PASS])
    assert len(scored) == 2
    first = scored[0]
    assert (first.number, first.contract, first.declarer, first.tricks) == (1, "3NX", "W", 7)
    assert first.vulnerable is False
    assert (first.score, first.ns, first.ew, first.capped) == (-300, 300, -300, False)
    assert (scored[1].number, scored[1].contract, scored[1].ns, scored[1].ew) == (2, "PASS", 0, 0)


@pytest.mark.parametrize("ns, ew, winner", [(400, -400, "NS"), (-400, 400, "EW"), (0, 0, None), (-5, -10, "NS")])
def test_table_winner(ns, ew, winner):
    assert table_winner(ns, ew) == winner


# --- Bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize("declarer", ["Z", "", "NS", "North", None, 1])
def test_a_bad_declarer_is_refused(declarer):
    refused(round_result, only(2, ("4S", declarer, 10)), mentions=("declarer",))


@pytest.mark.parametrize("tricks", [14, -1, "9", None, 9.5, True])
def test_bad_tricks_are_refused(tricks):
    refused(round_result, only(1, ("4S", "N", tricks)), mentions=("tricks",))


def test_nine_tricks_are_fine():
    assert round_result(only(1, ("4S", "N", 9))) == (-50, 50)


@pytest.mark.parametrize("contract", ["4Q", "8S", "0N", "", "four spades", None, 4])
def test_bad_contracts_are_refused(contract):
    refused(round_result, only(1, (contract, "N", 10)))


def test_a_fifth_deal_is_refused():
    refused(round_result, [PASS] * 5, mentions=("four",))
    refused(score_round, [PASS] * 5, mentions=("four",))


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_fewer_than_four_deals_are_refused_for_a_round_result(count):
    refused(round_result, [PASS] * count, mentions=("four",))


@pytest.mark.parametrize(
    "deals",
    [None, "4S N 10", b"4S", 4, [("4S", "N")], [("4S", "N", 10, "NS100")], ["4S N 10"] * 4, [None] * 4],
)
def test_malformed_deal_lists_are_refused(deals):
    refused(round_result, deals)


def test_an_unknown_rule_set_is_refused():
    refused(round_result, [PASS] * 4, rules="1950", mentions=("rule set",))
    refused(score_round, [PASS] * 4, rules="1950", mentions=("rule set",))


# --- Properties ---------------------------------------------------------------------------------

played = st.tuples(
    st.builds(
        lambda level, strain, doubled: f"{level}{strain}{'X' * doubled}",
        st.integers(1, 7),
        st.sampled_from("CDHSN"),
        st.integers(0, 2),
    ),
    st.sampled_from("NESW"),
    st.integers(0, 13),
)
deal = st.one_of(st.just(PASS), played)
rounds = st.lists(deal, min_size=4, max_size=4)


def slam_made(contract, tricks):
    return contract != "PASS" and int(contract[0]) >= 6 and tricks >= 6 + int(contract[0])


@given(rounds, st.sampled_from(("modern", "1938")))
def test_the_cap_never_credits_more_than_1000_without_a_made_slam(deals, rules):
    for (contract, _, tricks), scored in zip(deals, score_round(deals, rules=rules), strict=True):
        if not slam_made(contract, tricks):
            assert scored.ns <= 1000
            assert scored.ew <= 1000


@given(rounds, st.sampled_from(("modern", "1938")))
def test_the_loser_pays_in_full_and_the_cap_never_creates_points(deals, rules):
    for (contract, _, tricks), scored in zip(deals, score_round(deals, rules=rules), strict=True):
        credit, charge = max(scored.ns, scored.ew), min(scored.ns, scored.ew)
        assert charge == -abs(scored.score)
        assert 0 <= credit <= abs(scored.score)
        if slam_made(contract, tricks):
            assert credit == abs(scored.score)
        assert scored.capped == (credit != abs(scored.score))
    ns, ew = round_result(deals, rules=rules)
    assert ns + ew <= 0


mirror_seat = {"N": "E", "E": "S", "S": "W", "W": "N"}
mirror_deal = {1: 1, 2: 3, 3: 2, 4: 4}  # the same vulnerability for the declarer's side


@given(played, st.sampled_from((1, 2, 3, 4)))
def test_swapping_the_sides_swaps_the_result(contract_seat_tricks, number):
    contract, seat, tricks = contract_seat_tricks
    ns, ew = round_result(only(number, (contract, seat, tricks)))
    assert round_result(only(mirror_deal[number], (contract, mirror_seat[seat], tricks))) == (ew, ns)

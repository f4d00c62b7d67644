"""Rubber bridge (tournaments/rules/rubber.py): match_score and the RubberPad.

Every expected figure is worked out by hand from docs/rules/scoring.md ("Rubber bridge") and
rubber-knockout.md. Below the line only trick points; above it overtricks, undertricks, slams,
the doubled/redoubled bonus, honours and the rubber bonus; no 50 part-score or 300/500 game bonus.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.rules.helpers import refused
from tournaments.rules.rubber import RubberPad, match_score

PASS = ("PASS", "", 0)


def both_ways(deals, with_bonus, without_bonus):
    assert match_score(deals) == with_bonus
    assert match_score(deals, unfinished_bonus=True) == with_bonus
    assert match_score(deals, unfinished_bonus=False) == without_bonus


def pad_of(deals, rules="modern"):
    pad = RubberPad(rules)
    for deal in deals:
        pad.play(*deal)
    return pad


# --- Rubber bonuses -------------------------------------------------------------------------------


def test_a_two_nil_rubber_is_worth_700():
    deals = [("4S", "N", 10), ("4S", "S", 10)]  # 120 + 120 below, then 700
    both_ways(deals, (940, 0), (940, 0))
    pad = pad_of(deals)
    assert pad.deals[0].game_won_by == "NS" and pad.deals[0].rubber_won_by is None
    assert pad.deals[1].game_won_by == "NS" and pad.deals[1].rubber_won_by == "NS"
    assert pad.rubbers_finished == 1


def test_a_two_one_rubber_is_worth_500():
    deals = [("4S", "N", 10), ("3N", "E", 9), ("4H", "S", 10)]
    both_ways(deals, (740, 100), (740, 100))  # NS 120 + 120 + 500, EW 100


def test_east_west_win_a_rubber_two_nil():
    deals = [("3N", "W", 9), ("5D", "E", 11)]  # 100 + 100 + 700
    both_ways(deals, (0, 900), (0, 900))


def test_part_scores_add_up_to_a_game():
    deals = [("2S", "N", 8), ("2S", "S", 8), ("4S", "N", 10)]  # 60 + 60 = game, then 120 = rubber
    both_ways(deals, (940, 0), (940, 0))


def test_a_doubled_part_score_contract_can_make_game():
    pad = pad_of([("2HX", "N", 8)])  # 60 x 2 = 120 below
    assert pad.deals[0].game_won_by == "NS"
    assert pad.vulnerable("NS") and not pad.vulnerable("EW")
    assert pad.finish(unfinished_bonus=False) == (170, 0)  # 120 + 50 for making it doubled


def test_two_rubbers_in_one_match():
    deals = [
        ("4S", "N", 10),  # NS game 120
        ("4S", "N", 10),  # NS game 120, rubber 700
        ("3N", "E", 9),  # new rubber: EW game 100
        ("3N", "N", 9),  # NS game 100 (a leg)
        ("4H", "W", 10),  # EW game 120, rubber 500
        PASS,
        PASS,
        PASS,
    ]
    both_ways(deals, (1040, 720), (1040, 720))
    assert pad_of(deals).rubbers_finished == 2


# --- No 50 part-score bonus and no 300/500 game bonus in rubber ------------------------------------


@pytest.mark.parametrize(
    "deal, expected",
    [
        (("2S", "N", 8), (60, 0)),
        (("1N", "S", 7), (40, 0)),
        (("4S", "N", 10), (120, 0)),
        (("3N", "N", 9), (100, 0)),
        (("5D", "E", 11), (0, 100)),
        (("4S", "N", 11), (150, 0)),  # 120 below + 30 overtrick above
    ],
)
def test_no_part_score_or_game_bonus(deal, expected):
    assert match_score([deal], unfinished_bonus=False) == expected


# --- Doubled and redoubled contracts ------------------------------------------------------------


def test_the_bonus_for_making_a_doubled_or_redoubled_contract():
    assert match_score([("4SX", "N", 10)], unfinished_bonus=False) == (290, 0)  # 240 + 50
    assert match_score([("4SXX", "N", 10)], unfinished_bonus=False) == (580, 0)  # 480 + 100 (modern)
    old = RubberPad(rules="1938")
    old.play("4SXX", "N", 10)
    assert old.finish(unfinished_bonus=False) == (530, 0)  # 480 + 50 (1938)


def test_1938_rules_on_the_pad_use_the_1938_undertrick_scale():
    modern, old = RubberPad(), RubberPad(rules="1938")
    modern.play("4SXX", "N", 6)  # down 4 redoubled not vulnerable: 2 x 800
    old.play("4SXX", "N", 6)  # 2 x 700
    assert modern.finish() == (0, 1600)
    assert old.finish() == (0, 1400)


# --- Honours ----------------------------------------------------------------------------------------


def test_honours_for_the_declaring_side():
    both_ways([("4S", "N", 10, "NS100")], (520, 0), (220, 0))  # 120 + 100 honours (+300 leg)


def test_honours_for_the_defenders():
    both_ways([("4S", "N", 10, "EW150")], (420, 150), (120, 150))


def test_honours_count_when_the_contract_fails():
    both_ways([("4S", "N", 9, "NS100")], (100, 50), (100, 50))  # down 1 not vulnerable: 50 to EW
    both_ways([("4S", "N", 9, "EW100")], (0, 150), (0, 150))


def test_four_aces_at_no_trump():
    both_ways([("3N", "N", 9, "NS150")], (550, 0), (250, 0))
    both_ways([("3N", "E", 8, "NS150")], (200, 0), (200, 0))  # 50 undertrick + 150 aces


@pytest.mark.parametrize("written", ["ns100", " NS100 ", "Ns100"])
def test_honours_spelling(written):
    assert match_score([("4S", "N", 10, written)], unfinished_bonus=False) == (220, 0)


@pytest.mark.parametrize("honours", ["", None])
def test_no_honours(honours):
    assert match_score([("4S", "N", 10, honours)], unfinished_bonus=False) == (120, 0)


def test_honours_never_count_towards_game():
    deals = [("1S", "N", 7, "NS150"), ("2H", "S", 8)]  # 30 + 60 = 90 below: no game
    pad = pad_of(deals)
    assert pad.deals[1].game_won_by is None
    assert not pad.vulnerable("NS")
    both_ways(deals, (290, 0), (240, 0))  # 30 + 150 + 60 (+50 part score)


@pytest.mark.parametrize(
    "honours",
    ["NS200", "NS50", "NS", "100", "XX100", "NSEW", "N100", "NS100EW", "NS-100", "EW0", "NS100.0", "150NS", 100, 1.5],
)
def test_bad_honours_are_refused(honours):
    refused(match_score, [("4S", "N", 10, honours)], mentions=("honours",))


@pytest.mark.parametrize("honours", ["NS100", "EW100"])
def test_a_100_honours_claim_at_no_trump_is_refused(honours):
    # At no-trump only all four aces in one hand count (150): there are no trump honours.
    refused(match_score, [("3N", "N", 9, honours)], mentions=("honours",))


def test_honours_on_a_passed_out_deal_are_refused():
    refused(match_score, [("PASS", "", 0, "NS100")], mentions=("honours",))


# --- A rubber finished mid-match; a new one starts non-vulnerable -----------------------------------


def test_a_new_rubber_starts_with_nobody_vulnerable():
    deals = [("4S", "N", 10), ("4S", "S", 10), ("4SX", "N", 8)]
    # After the 700 rubber NS are not vulnerable again: down 2 doubled costs 300, not 500.
    both_ways(deals, (940, 300), (940, 300))
    pad = pad_of(deals)
    assert pad.deals[2].vulnerable is False
    assert not pad.vulnerable("NS") and not pad.vulnerable("EW")


def test_the_losers_of_a_rubber_are_not_vulnerable_in_the_next():
    deals = [("4S", "N", 10), ("3N", "E", 9), ("4S", "S", 10), ("3N", "E", 8)]
    # NS 120 + 120 + 500 + 50 (EW down 1, not vulnerable any more); EW 100.
    both_ways(deals, (790, 100), (790, 100))


# --- Vulnerability from games won -------------------------------------------------------------------


def test_vulnerable_undertricks_after_a_game():
    both_ways([("4S", "N", 10), ("4S", "N", 9)], (420, 100), (120, 100))  # 100, not 50
    both_ways([("4S", "N", 10), ("3NX", "S", 7)], (420, 500), (120, 500))  # doubled down 2: 500
    both_ways([("4S", "N", 10), ("4S", "E", 9)], (470, 0), (170, 0))  # EW not vulnerable: 50


def test_vulnerable_doubled_overtricks_after_a_game():
    # 1S doubled making 9 vulnerable: 60 below, 2 x 200 above, 50 for making it doubled.
    both_ways([("4S", "N", 10), ("1SX", "N", 9)], (980, 0), (630, 0))  # +300 leg, +50 part score
    # The same contract not vulnerable: 60 + 2 x 100 + 50.
    both_ways([("1SX", "N", 9)], (360, 0), (310, 0))


def test_vulnerable_redoubled_overtricks_after_a_game():
    # EW game, then 1N redoubled making 13 vulnerable: 160 (game) + 6 x 400 + 100, rubber 700.
    both_ways([("3N", "E", 9), ("1NXX", "W", 13)], (0, 3460), (0, 3460))


def test_vulnerable_slam_bonus_after_a_game():
    both_ways([("4S", "N", 10), ("6H", "S", 12)], (1750, 0), (1750, 0))  # 120 + 180 + 750 + 700
    both_ways([("6H", "S", 12)], (980, 0), (680, 0))  # not vulnerable: 180 + 500 (+300 leg)
    # A vulnerable grand slam redoubled: 120 + 880 + 1,500 + 100 + 700.
    both_ways([("4S", "N", 10), ("7NXX", "N", 13)], (3300, 0), (3300, 0))


def test_no_slam_bonus_without_bidding_the_slam():
    both_ways([("5C", "N", 13)], (440, 0), (140, 0))  # 100 + 2 x 20, no slam bonus


# --- Part scores wiped by the other side's game -----------------------------------------------------


def test_part_scores_are_wiped_when_the_other_side_makes_game():
    deals = [("2S", "N", 8), ("4H", "E", 10), ("2S", "N", 8)]
    # NS's first 60 no longer counts: 60 + 60 is not a game after EW's game.
    both_ways(deals, (170, 420), (120, 120))  # NS 60 + 60 + 50 part; EW 120 + 300 leg
    pad = pad_of(deals)
    assert pad.games == {"NS": 0, "EW": 1}
    assert pad.deals[2].game_won_by is None
    assert not pad.vulnerable("NS")


def test_after_the_wipe_a_side_builds_a_new_game():
    deals = [("2S", "N", 8), ("3N", "W", 9), ("2S", "N", 8), ("2S", "S", 8)]
    both_ways(deals, (480, 400), (180, 100))  # one game each: 300 legs, no part scores left
    pad = pad_of(deals)
    assert pad.vulnerable("NS") and pad.vulnerable("EW")


# --- Unfinished rubber --------------------------------------------------------------------------------


def test_unfinished_leg_and_part_score():
    both_ways([("4S", "N", 10), ("2C", "E", 8)], (420, 90), (120, 40))


def test_unfinished_legs_and_part_scores_for_both_sides():
    deals = [("4S", "N", 10), ("3N", "E", 9), ("1C", "N", 7), ("1D", "W", 7)]
    both_ways(deals, (490, 470), (140, 120))  # each side: a leg 300 and a part score 50


def test_unfinished_part_scores_only():
    both_ways([("1N", "N", 7), ("2C", "S", 8)], (130, 0), (80, 0))  # 40 + 40, then 50
    both_ways([("1CX", "N", 7)], (140, 0), (90, 0))  # 40 + 50 doubled, then 50 part score


def test_unfinished_bonus_only_for_the_unfinished_rubber():
    deals = [("4S", "N", 10), ("4S", "S", 10), ("2C", "E", 8)]
    both_ways(deals, (940, 90), (940, 40))  # NS finished their rubber: no leg bonus for it


def test_eight_passed_out_deals_score_nothing():
    both_ways([PASS] * 8, (0, 0), (0, 0))


# --- The pad ----------------------------------------------------------------------------------------


def test_the_pad_finishes_once_and_refuses_more_deals():
    pad = RubberPad()
    record = pad.play("4S", "N", 10)
    assert record.number == 1 and record.contract == "4S" and record.vulnerable is False
    assert pad.vulnerable("NS")
    assert pad.finish() == (420, 0)
    assert pad.finish() == (420, 0)  # the leg bonus is not added twice
    refused(pad.play, "3N", "E", 9)


def test_a_passed_out_deal_on_the_pad():
    pad = RubberPad()
    record = pad.play("pass", "", 0)
    assert record.contract == "PASS" and record.entries == []
    assert pad.finish() == (0, 0)


# --- Bad input ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "deals, mentions",
    [
        ([("4Q", "N", 10)], ("strain",)),
        ([("8S", "N", 10)], ("level",)),
        ([("", "N", 10)], ()),
        ([("4S", "Z", 10)], ("declarer",)),
        ([("4S", "", 10)], ("declarer",)),
        ([("4S", "N", 14)], ("tricks",)),
        ([("4S", "N", -1)], ("tricks",)),
        ([("4S", "N", "9")], ("tricks",)),
        ([("4S", "N", None)], ("tricks",)),
        ([("4S", "N")], ()),
        ([("4S", "N", 10, "NS100", "extra")], ()),
        ([None], ()),
        (["4S N 10"], ()),
        (None, ()),
        ("4S", ()),
        (5, ()),
    ],
)
def test_bad_input_is_refused(deals, mentions):
    refused(match_score, deals, mentions=mentions)


def test_nine_tricks_are_fine():
    assert match_score([("4S", "N", 9)]) == (0, 50)


def test_an_unknown_rule_set_on_the_pad_is_refused():
    refused(RubberPad, "1950", mentions=("rule set",))


# --- Properties ---------------------------------------------------------------------------------------


@st.composite
def rubber_deals(draw):
    level = draw(st.integers(1, 7))
    strain = draw(st.sampled_from("CDHSN"))
    doubled = draw(st.integers(0, 2))
    seat = draw(st.sampled_from("NESW"))
    tricks = draw(st.integers(0, 13))
    honours = draw(st.sampled_from(["", "NS100", "EW100", "NS150", "EW150"]))
    if strain == "N" and honours.endswith("100"):
        honours = ""
    return (f"{level}{strain}{'X' * doubled}", seat, tricks, honours)


matches = st.lists(st.one_of(st.just(PASS), rubber_deals()), max_size=16)


def below_the_line(contract):
    """Trick points from the rules text: minors 20, majors 30, no-trump 40 then 30; x2 doubled, x4 redoubled."""
    level, strain, doubled = int(contract[0]), contract[1], contract.count("X")
    first, rest = {"C": (20, 20), "D": (20, 20), "H": (30, 30), "S": (30, 30), "N": (40, 30)}[strain]
    return (first + rest * (level - 1)) * {0: 1, 1: 2, 2: 4}[doubled]


def expected_rubber_bonuses(deals):
    """An independent model of games and rubbers: the rubber bonuses in the order they are won."""
    part, games, bonuses = {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0}, []
    for contract, seat, tricks, *_ in deals:
        if contract == "PASS" or tricks < 6 + int(contract[0]):
            continue
        side = "NS" if seat in "NS" else "EW"
        part[side] += below_the_line(contract)
        if part[side] >= 100:
            part = {"NS": 0, "EW": 0}
            games[side] += 1
            if games[side] == 2:
                bonuses.append(700 if games["EW" if side == "NS" else "NS"] == 0 else 500)
                games = {"NS": 0, "EW": 0}
    return bonuses


@given(matches, st.booleans())
def test_totals_are_never_negative(deals, unfinished_bonus):
    ns, ew = match_score(deals, unfinished_bonus=unfinished_bonus)
    assert ns >= 0 and ew >= 0


@given(matches)
def test_every_finished_rubber_gives_exactly_500_or_700(deals):
    pad = pad_of(deals)
    rubber_entries = [e.points for d in pad.deals for e in d.entries if e.label == "rubber"]
    assert all(points in (500, 700) for points in rubber_entries)
    assert len(rubber_entries) == pad.rubbers_finished == sum(d.rubber_won_by is not None for d in pad.deals)
    assert rubber_entries == expected_rubber_bonuses(deals)


@given(matches)
def test_the_unfinished_bonus_is_300_for_a_leg_and_50_for_a_part_score(deals):
    with_bonus = match_score(deals, unfinished_bonus=True)
    without_bonus = match_score(deals, unfinished_bonus=False)
    for side in (0, 1):
        assert with_bonus[side] - without_bonus[side] in (0, 50, 300, 350)

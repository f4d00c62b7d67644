"""The score of one deal (tournaments/rules/scoring.py) and written contracts (contract.py).

Every expected figure below is worked out by hand from docs/rules/scoring.md and written as a
literal; the engine's own helpers are never used to compute an expectation.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.rules.helpers import refused
from tournaments.rules.contract import (
    Contract,
    check_seat,
    check_tricks,
    check_vulnerable,
    other_side,
    parse_contract,
)
from tournaments.rules.scoring import deal_score

NV, VUL = False, True
RULE_SETS = ("modern", "1938")


# --- The six "Checks" lines of scoring.md ---------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize(
    "contract, vulnerable, tricks, expected",
    [
        ("4SX", VUL, 8, -500),  # 4S doubled, down 2, vulnerable
        ("7NXX", VUL, 0, -7600),  # 7N redoubled, down 13, vulnerable
        ("6C", VUL, 13, 1390),  # 6C making 13, vulnerable
        ("3N", NV, 9, 400),  # 3N making 9, not vulnerable
        ("2S", NV, 9, 140),  # 2S making 9, not vulnerable
    ],
)
def test_the_checks_in_scoring_md(contract, vulnerable, tricks, expected, rules):
    assert deal_score(contract, vulnerable, tricks, rules=rules) == expected


def test_the_check_1n_redoubled_making_13_vulnerable_under_modern_rules():
    # 4 x 40 = 160 below, 6 redoubled vulnerable overtricks 6 x 400 = 2,400, game 500, redoubled made 100.
    assert deal_score("1NXX", VUL, 13) == 3160


def test_the_check_1n_redoubled_under_1938_rules_has_the_50_insult_bonus():
    assert deal_score("1NXX", VUL, 13, rules="1938") == 3110


def test_modern_is_the_default_rule_set():
    assert deal_score("4SXX", NV, 10) == 880
    assert deal_score("4SXX", NV, 10, rules="modern") == 880
    assert deal_score("4SXX", NV, 10, rules="1938") == 830


# --- Trick points per strain (bid and made exactly, not vulnerable, part-score bonus 50) --------


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize(
    "contract, expected",
    [
        ("1C", 70),  # 20 + 50
        ("1D", 70),
        ("1H", 80),  # 30 + 50
        ("1S", 80),
        ("1N", 90),  # 40 + 50
        ("2C", 90),  # 40 + 50
        ("2D", 90),
        ("3C", 110),  # 60 + 50
        ("4D", 130),  # 80 + 50: four of a minor is not game
        ("2H", 110),  # 60 + 50
        ("3S", 140),  # 90 + 50
        ("2N", 120),  # 40 + 30 + 50
    ],
)
def test_trick_points_per_strain_in_a_part_score(contract, expected, rules):
    tricks = 6 + int(contract[0])
    assert deal_score(contract, NV, tricks, rules=rules) == expected
    assert deal_score(contract, VUL, tricks, rules=rules) == expected  # part scores ignore vulnerability


@pytest.mark.parametrize(
    "contract, tricks, expected",
    [
        ("1CX", 7, 140),  # 20 x 2 = 40, part 50, doubled made 50
        ("1DX", 7, 140),
        ("2CX", 8, 180),  # 80 + 50 + 50
        ("1HX", 7, 160),  # 60 + 50 + 50
        ("1SX", 7, 160),
        ("1NX", 7, 180),  # 80 + 50 + 50
        ("1CXX", 7, 230),  # 20 x 4 = 80, part 50, redoubled made 100
        ("3CX", 9, 470),  # 120 is game: 120 + 300 + 50
        ("2HX", 8, 470),  # 120 + 300 + 50
        ("1HXX", 7, 520),  # 120 + 300 + 100
        ("1NXX", 7, 560),  # 160 + 300 + 100
        ("2SXX", 8, 640),  # 240 + 300 + 100
        ("4SX", 10, 590),  # 240 + 300 + 50
    ],
)
def test_doubled_and_redoubled_trick_points_not_vulnerable(contract, tricks, expected):
    assert deal_score(contract, NV, tricks) == expected


@pytest.mark.parametrize(
    "contract, tricks, expected",
    [
        ("2HX", 8, 670),  # 120 + 500 + 50
        ("1HXX", 7, 720),  # 120 + 500 + 100
        ("1NXX", 7, 760),  # 160 + 500 + 100
        ("1CXX", 7, 230),  # 80 is still a part score
        ("4SX", 10, 790),  # 240 + 500 + 50
    ],
)
def test_doubled_and_redoubled_trick_points_vulnerable(contract, tricks, expected):
    assert deal_score(contract, VUL, tricks) == expected


# --- Game and part-score bonuses -----------------------------------------------------------------


@pytest.mark.parametrize(
    "contract, tricks, not_vulnerable, vulnerable",
    [
        ("3N", 9, 400, 600),  # exactly 100 trick points is game
        ("4H", 10, 420, 620),
        ("4S", 10, 420, 620),
        ("5C", 11, 400, 600),  # exactly 100
        ("5D", 11, 400, 600),
        ("4N", 10, 430, 630),
        ("5H", 11, 450, 650),
    ],
)
def test_game_bonus_300_not_vulnerable_500_vulnerable(contract, tricks, not_vulnerable, vulnerable):
    assert deal_score(contract, NV, tricks) == not_vulnerable
    assert deal_score(contract, VUL, tricks) == vulnerable


@pytest.mark.parametrize(
    "contract, tricks, expected",
    [
        ("2N", 8, 120),  # 70 trick points: part score
        ("3C", 9, 110),  # 60
        ("4C", 10, 130),  # 80
        ("3H", 9, 140),  # 90
        ("1SX", 7, 160),  # 60 doubled: still a part score
    ],
)
def test_part_score_bonus_is_50_below_100_trick_points(contract, tricks, expected):
    assert deal_score(contract, NV, tricks) == expected
    assert deal_score(contract, VUL, tricks) == expected


@pytest.mark.parametrize(
    "contract, tricks, expected",
    [
        ("2S", 10, 170),  # 60 + 2 x 30 + 50: overtricks never make a game
        ("1N", 13, 270),  # 40 + 6 x 30 + 50
        ("3C", 13, 190),  # 60 + 4 x 20 + 50
    ],
)
def test_overtricks_do_not_count_towards_game(contract, tricks, expected):
    assert deal_score(contract, NV, tricks) == expected
    assert deal_score(contract, VUL, tricks) == expected


# --- Overtricks ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "contract, tricks, not_vulnerable, vulnerable",
    [
        ("1C", 8, 90, 90),  # 20 + 20 + 50
        ("1D", 13, 190, 190),  # 20 + 6 x 20 + 50
        ("1H", 8, 110, 110),  # 30 + 30 + 50
        ("1S", 13, 260, 260),  # 30 + 6 x 30 + 50
        ("1N", 8, 120, 120),  # 40 + 30 + 50: a no-trump overtrick is 30
        ("1N", 13, 270, 270),
        ("3N", 10, 430, 630),
        ("3N", 13, 520, 720),  # 100 + 4 x 30 + game
        ("4S", 11, 450, 650),
        ("5D", 13, 440, 640),  # 100 + 2 x 20 + game
    ],
)
def test_undoubled_overtricks_are_worth_the_trick_value(contract, tricks, not_vulnerable, vulnerable):
    assert deal_score(contract, NV, tricks) == not_vulnerable
    assert deal_score(contract, VUL, tricks) == vulnerable


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize(
    "contract, tricks, not_vulnerable, vulnerable",
    [
        ("1CX", 8, 240, 340),  # 40 + 100|200 + 50 + 50
        ("1NX", 13, 780, 1380),  # 80 + 6 x 100|200 + 50 + 50
        ("4SX", 11, 690, 990),  # 240 + 100|200 + 300|500 + 50
        ("3NX", 11, 750, 1150),  # 200 + 2 x 100|200 + 300|500 + 50
    ],
)
def test_doubled_overtricks_100_not_vulnerable_200_vulnerable(contract, tricks, not_vulnerable, vulnerable, rules):
    assert deal_score(contract, NV, tricks, rules=rules) == not_vulnerable
    assert deal_score(contract, VUL, tricks, rules=rules) == vulnerable


@pytest.mark.parametrize(
    "contract, tricks, rules, not_vulnerable, vulnerable",
    [
        ("1CXX", 8, "modern", 430, 630),  # 80 + 200|400 + 50 part + 100
        ("1CXX", 8, "1938", 380, 580),  # the same with a 50 insult bonus
        ("4SXX", 11, "modern", 1080, 1480),  # 480 + 200|400 + 300|500 + 100
        ("4SXX", 11, "1938", 1030, 1430),
        ("1NXX", 13, "modern", 1760, 3160),  # 160 + 6 x 200|400 + 300|500 + 100
    ],
)
def test_redoubled_overtricks_200_not_vulnerable_400_vulnerable(contract, tricks, rules, not_vulnerable, vulnerable):
    assert deal_score(contract, NV, tricks, rules=rules) == not_vulnerable
    assert deal_score(contract, VUL, tricks, rules=rules) == vulnerable


# --- Slams -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize(
    "contract, tricks, not_vulnerable, vulnerable",
    [
        ("6C", 12, 920, 1370),  # 120 + 300|500 + 500|750
        ("6D", 12, 920, 1370),
        ("6H", 12, 980, 1430),  # 180 + ...
        ("6S", 12, 980, 1430),
        ("6N", 12, 990, 1440),  # 190 + ...
        ("6C", 13, 940, 1390),
        ("6N", 13, 1020, 1470),
        ("7C", 13, 1440, 2140),  # 140 + 300|500 + 1,000|1,500
        ("7D", 13, 1440, 2140),
        ("7H", 13, 1510, 2210),  # 210 + ...
        ("7S", 13, 1510, 2210),
        ("7N", 13, 1520, 2220),  # 220 + ...
    ],
)
def test_small_and_grand_slam_bonuses(contract, tricks, not_vulnerable, vulnerable, rules):
    assert deal_score(contract, NV, tricks, rules=rules) == not_vulnerable
    assert deal_score(contract, VUL, tricks, rules=rules) == vulnerable


@pytest.mark.parametrize(
    "contract, tricks, not_vulnerable, vulnerable",
    [
        ("5C", 12, 420, 620),  # twelve tricks without bidding the slam: no slam bonus
        ("5C", 13, 440, 640),
        ("4S", 12, 480, 680),
        ("6N", 13, 1020, 1470),  # a small slam making 13 is still only a small slam
    ],
)
def test_slam_bonus_only_when_the_slam_was_bid(contract, tricks, not_vulnerable, vulnerable):
    assert deal_score(contract, NV, tricks) == not_vulnerable
    assert deal_score(contract, VUL, tricks) == vulnerable


@pytest.mark.parametrize(
    "contract, tricks, rules, vulnerable, expected",
    [
        ("6SX", 12, "modern", VUL, 1660),  # 360 + 500 + 750 + 50
        ("6SXX", 12, "modern", VUL, 2070),  # 720 + 500 + 750 + 100
        ("6SXX", 12, "1938", VUL, 2020),
        ("7NX", 13, "modern", NV, 1790),  # 440 + 300 + 1,000 + 50
        ("7NXX", 13, "modern", VUL, 2980),  # 880 + 500 + 1,500 + 100
        ("7NXX", 13, "1938", VUL, 2930),
        ("7NXX", 13, "modern", NV, 2280),  # 880 + 300 + 1,000 + 100
        ("6NXX", 13, "modern", VUL, 2510),  # 760 + 400 + 500 + 750 + 100
    ],
)
def test_doubled_and_redoubled_slams(contract, tricks, rules, vulnerable, expected):
    assert deal_score(contract, vulnerable, tricks, rules=rules) == expected


# --- The bonus for making a doubled / redoubled contract ("insult") ------------------------------


@pytest.mark.parametrize(
    "contract, vulnerable, modern, old",
    [
        ("4S", NV, 420, 420),  # undoubled: no bonus under either rule set
        ("4SX", NV, 590, 590),  # doubled: 50 under both
        ("4SX", VUL, 790, 790),
        ("4SXX", NV, 880, 830),  # redoubled: modern 100, 1938 50
        ("4SXX", VUL, 1080, 1030),
        ("1CXX", NV, 230, 180),  # 80 + 50 part + 100|50
        ("1CXX", VUL, 230, 180),
    ],
)
def test_insult_bonus_modern_and_1938(contract, vulnerable, modern, old):
    tricks = 6 + int(contract[0])
    assert deal_score(contract, vulnerable, tricks, rules="modern") == modern
    assert deal_score(contract, vulnerable, tricks, rules="1938") == old


# --- Undertricks: every row of the scale, 1 to 13 undertricks -------------------------------------

UNDOUBLED_NV = [50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650]
UNDOUBLED_VUL = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300]
# 100, 200, 200, then 300 each
DOUBLED_NV_MODERN = [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500]
# 100, then 200 each
DOUBLED_NV_1938 = [100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 1900, 2100, 2300, 2500]
# 200, then 300 each, under both rule sets
DOUBLED_VUL = [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800]
REDOUBLED_NV_MODERN = [200, 600, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000]
REDOUBLED_NV_1938 = [200, 600, 1000, 1400, 1800, 2200, 2600, 3000, 3400, 3800, 4200, 4600, 5000]
REDOUBLED_VUL = [400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600]

DOWN = list(range(1, 14))


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("down, penalty", list(zip(DOWN, UNDOUBLED_NV, strict=True)))
def test_undoubled_undertricks_not_vulnerable(down, penalty, rules):
    assert deal_score("7N", NV, 13 - down, rules=rules) == -penalty


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("down, penalty", list(zip(DOWN, UNDOUBLED_VUL, strict=True)))
def test_undoubled_undertricks_vulnerable(down, penalty, rules):
    assert deal_score("7S", VUL, 13 - down, rules=rules) == -penalty


@pytest.mark.parametrize("down, penalty", list(zip(DOWN, DOUBLED_NV_MODERN, strict=True)))
def test_doubled_undertricks_not_vulnerable_modern(down, penalty):
    assert deal_score("7CX", NV, 13 - down, rules="modern") == -penalty


@pytest.mark.parametrize("down, penalty", list(zip(DOWN, DOUBLED_NV_1938, strict=True)))
def test_doubled_undertricks_not_vulnerable_1938(down, penalty):
    assert deal_score("7CX", NV, 13 - down, rules="1938") == -penalty


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("down, penalty", list(zip(DOWN, DOUBLED_VUL, strict=True)))
def test_doubled_undertricks_vulnerable(down, penalty, rules):
    assert deal_score("7HX", VUL, 13 - down, rules=rules) == -penalty


@pytest.mark.parametrize("down, penalty", list(zip(DOWN, REDOUBLED_NV_MODERN, strict=True)))
def test_redoubled_undertricks_not_vulnerable_modern(down, penalty):
    assert deal_score("7DXX", NV, 13 - down, rules="modern") == -penalty


@pytest.mark.parametrize("down, penalty", list(zip(DOWN, REDOUBLED_NV_1938, strict=True)))
def test_redoubled_undertricks_not_vulnerable_1938(down, penalty):
    assert deal_score("7DXX", NV, 13 - down, rules="1938") == -penalty


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("down, penalty", list(zip(DOWN, REDOUBLED_VUL, strict=True)))
def test_redoubled_undertricks_vulnerable(down, penalty, rules):
    assert deal_score("7NXX", VUL, 13 - down, rules=rules) == -penalty


@pytest.mark.parametrize(
    "contract, vulnerable, tricks, expected",
    [
        ("1C", NV, 6, -50),  # the penalty does not depend on level or strain
        ("1N", VUL, 6, -100),
        ("3NX", VUL, 7, -500),
        ("4SX", NV, 7, -500),
        ("2HXX", NV, 7, -200),
        ("4HX", NV, 6, -800),  # the modern fourth undertrick is 300
        ("5DX", VUL, 8, -800),
        ("3NXX", VUL, 6, -1600),
    ],
)
def test_undertricks_at_lower_levels(contract, vulnerable, tricks, expected):
    assert deal_score(contract, vulnerable, tricks) == expected


def test_modern_and_1938_agree_up_to_three_doubled_undertricks_and_differ_from_the_fourth():
    for tricks, penalty in ((9, -100), (8, -300), (7, -500)):
        assert deal_score("4SX", NV, tricks, rules="modern") == penalty
        assert deal_score("4SX", NV, tricks, rules="1938") == penalty
    assert deal_score("4SX", NV, 6, rules="modern") == -800
    assert deal_score("4SX", NV, 6, rules="1938") == -700


# --- Passed-out deals ---------------------------------------------------------------------------


@pytest.mark.parametrize("written", ["PASS", "pass", "P", "Passed", " pass "])
@pytest.mark.parametrize("vulnerable", [NV, VUL])
@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_passed_out_deal_scores_nothing(written, vulnerable, rules):
    assert deal_score(written, vulnerable, 0, rules=rules) == 0


# --- Bad input: always ValueError with a readable message ----------------------------------------


@pytest.mark.parametrize("tricks", [14, -1, 99, "9", None, 9.0, 10.5, True, False, [9]])
def test_impossible_tricks_are_refused(tricks):
    refused(deal_score, "4S", NV, tricks, mentions=("tricks",))


@pytest.mark.parametrize("tricks", [14, -1, "0", None])
def test_impossible_tricks_are_refused_on_a_passed_out_deal_too(tricks):
    refused(deal_score, "PASS", NV, tricks, mentions=("tricks",))


@pytest.mark.parametrize("tricks", [0, 9, 13])
def test_zero_nine_and_thirteen_tricks_are_fine(tricks):
    assert isinstance(deal_score("3N", NV, tricks), int)


@pytest.mark.parametrize("contract", ["4Q", "3Z", "4NTT", "2SPADES", "1CD"])
def test_unknown_strain_is_refused(contract):
    refused(deal_score, contract, NV, 10, mentions=("strain",))


@pytest.mark.parametrize("contract", ["0S", "8S", "8N", "9C", "0N", "-1S", "10S"])
def test_level_outside_1_to_7_is_refused(contract):
    refused(deal_score, contract, NV, 10)


@pytest.mark.parametrize("contract", ["0S", "8S", "8N", "9CX"])
def test_level_message_names_the_level(contract):
    refused(deal_score, contract, NV, 10, mentions=("level",))


@pytest.mark.parametrize(
    "contract",
    [
        "",
        "   ",
        "S4",
        "four spades",
        "4",
        "44S",
        "4SXXX",
        "4XS",
        "X",
        "XX",
        "4SX X X",
        "NT",
        "²S",  # a superscript two: a digit to str.isdigit, but not a number int() can read
        "4S!",
        "PAS",
        "PASSX",
        "4♠",
        None,
        4,
        4.0,
        b"4S",
        ["4S"],
    ],
)
def test_garbage_contracts_are_refused(contract):
    refused(deal_score, contract, NV, 10)


@pytest.mark.parametrize("rules", ["1950", "", None, 1938, "laws of 2017"])
def test_unknown_rule_set_is_refused(rules):
    refused(deal_score, "4S", NV, 10, rules=rules, mentions=("rule set",))


@pytest.mark.parametrize("vulnerable", [1, 0, "yes", "False", None, "NS", [True]])
def test_vulnerable_must_be_a_bool(vulnerable):
    refused(deal_score, "4S", vulnerable, 10, mentions=("vulnerable",))


# --- contract.py ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "written, level, strain, doubled",
    [
        ("4S", 4, "S", 0),
        ("3N", 3, "N", 0),
        ("3NT", 3, "N", 0),
        ("3nt", 3, "N", 0),
        ("6HX", 6, "H", 1),
        ("2CXX", 2, "C", 2),
        (" 2 c x x ", 2, "C", 2),
        ("7NTXX", 7, "N", 2),
        ("1d", 1, "D", 0),
    ],
)
def test_parse_contract(written, level, strain, doubled):
    assert parse_contract(written) == Contract(level=level, strain=strain, doubled=doubled)


@pytest.mark.parametrize("written", ["PASS", "pass", "P", "passed"])
def test_parse_contract_passed_out_is_none(written):
    assert parse_contract(written) is None


def test_contract_properties_and_how_it_is_written():
    assert Contract(1, "C").tricks_needed == 7
    assert Contract(7, "N", 2).tricks_needed == 13
    assert Contract(6, "D").is_slam
    assert Contract(7, "S").is_slam
    assert not Contract(5, "C").is_slam
    assert Contract(4, "H").is_major and Contract(4, "S").is_major
    assert not Contract(5, "D").is_major and not Contract(3, "N").is_major
    assert str(Contract(3, "N", 1)) == "3NX"
    assert str(Contract(6, "H", 2)) == "6HXX"
    assert str(parse_contract("4 s")) == "4S"


def test_check_tricks_seat_vulnerable_and_other_side():
    assert check_tricks(0) == 0 and check_tricks(13) == 13
    assert check_seat("n") == "N" and check_seat(" W ") == "W"
    assert check_vulnerable(True) is True and check_vulnerable(False) is False
    assert other_side("NS") == "EW" and other_side("EW") == "NS"


@pytest.mark.parametrize("seat", ["Z", "", "NS", "North", None, 1])
def test_check_seat_refuses_anything_but_n_e_s_w(seat):
    refused(check_seat, seat, mentions=("declarer",))


# --- Properties ---------------------------------------------------------------------------------------


def written_contracts(top_level=7):
    return st.builds(
        lambda level, strain, doubled: f"{level}{strain}{'X' * doubled}",
        st.integers(1, top_level),
        st.sampled_from("CDHSN"),
        st.integers(0, 2),
    )


contracts = written_contracts()


# A grand slam cannot take a fourteenth trick, so levels 1 to 6 here.
@given(written_contracts(top_level=6), st.booleans(), st.sampled_from(RULE_SETS), st.data())
def test_a_made_contract_never_scores_less_with_one_more_trick(contract, vulnerable, rules, data):
    needed = 6 + int(contract[0])
    tricks = data.draw(st.integers(needed, 12))
    fewer = deal_score(contract, vulnerable, tricks, rules=rules)
    more = deal_score(contract, vulnerable, tricks + 1, rules=rules)
    assert fewer > 0
    assert more > fewer


@given(contracts, st.booleans(), st.sampled_from(RULE_SETS), st.data())
def test_a_set_contract_never_costs_less_with_one_fewer_trick(contract, vulnerable, rules, data):
    needed = 6 + int(contract[0])
    tricks = data.draw(st.integers(1, needed - 1))
    one_down_less = deal_score(contract, vulnerable, tricks, rules=rules)
    one_down_more = deal_score(contract, vulnerable, tricks - 1, rules=rules)
    assert one_down_less < 0
    assert one_down_more < one_down_less


@given(contracts, st.sampled_from(RULE_SETS), st.integers(0, 13))
def test_vulnerability_never_helps_the_declarer(contract, rules, tricks):
    not_vulnerable = deal_score(contract, NV, tricks, rules=rules)
    vulnerable = deal_score(contract, VUL, tricks, rules=rules)
    if not_vulnerable > 0:
        assert vulnerable >= not_vulnerable  # made: never less when vulnerable
    else:
        assert vulnerable <= not_vulnerable  # set: never cheaper when vulnerable


@given(st.integers(1, 7), st.sampled_from("CDHSN"), st.booleans(), st.integers(0, 13))
def test_undoubled_contracts_score_the_same_under_both_rule_sets(level, strain, vulnerable, tricks):
    contract = f"{level}{strain}"
    assert deal_score(contract, vulnerable, tricks, rules="modern") == deal_score(
        contract, vulnerable, tricks, rules="1938"
    )

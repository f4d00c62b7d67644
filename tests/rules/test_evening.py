"""A card evening's tables from its confirmed entrants, worked by hand (tournaments/rules/evening.py)."""

import pytest

from tournaments.rules import evening
from tournaments.rules.errors import RuleError


@pytest.mark.parametrize(
    ("players", "sizes", "over"),
    [
        (0, [], 0),
        (1, [], 1),  # nobody to join
        (2, [], 2),
        (3, [3], 0),
        (4, [4], 0),
        (5, [5], 0),  # the fifth joins the only table
        (6, [3, 3], 0),  # one four and two over: two threes rather than a five and a one
        (7, [4, 3], 0),
        (11, [4, 4, 3], 0),  # 11 = 4 + 4 + 3
        (12, [4, 4, 4], 0),
        (13, [5, 4, 4], 0),  # the 13th joins table 1
        (14, [5, 5, 4], 0),  # the 13th and 14th join tables 1 and 2
        (15, [4, 4, 4, 3], 0),
    ],
)
def test_towie_shares_everyone_out_in_tables_of_three_to_five(players, sizes, over):
    assert evening.table_sizes(players, "towie") == (sizes, over)
    assert sum(sizes) + over == players


@pytest.mark.parametrize(
    ("players", "sizes", "over"),
    [(3, [], 3), (4, [4], 0), (11, [4, 4], 3), (12, [4, 4, 4], 0), (13, [4, 4, 4], 1), (14, [4, 4, 4], 2)],
)
def test_boston_seats_exactly_four_and_names_the_rest(players, sizes, over):
    assert evening.table_sizes(players, "boston") == (sizes, over)


def test_the_names_are_seated_in_entry_order_table_by_table():
    names = [f"P{i}" for i in range(1, 14)]
    tables, over = evening.seat(names, "towie")
    assert tables == [["P1", "P2", "P3", "P4", "P5"], ["P6", "P7", "P8", "P9"], ["P10", "P11", "P12", "P13"]]
    assert over == []
    tables, over = evening.seat(names, "boston")
    assert tables == [["P1", "P2", "P3", "P4"], ["P5", "P6", "P7", "P8"], ["P9", "P10", "P11", "P12"]]
    assert over == ["P13"]  # the last to enter


def test_only_towie_or_boston_and_a_count_of_players():
    with pytest.raises(RuleError):
        evening.table_sizes(4, "bridge")
    with pytest.raises(RuleError):
        evening.table_sizes(-1, "towie")

"""Seasons (docs/rules/seasons.md): figures worked out by hand, and the rules' invariants."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules.season import place_points, season_standings

NIGHTS = [
    {"Ann": 1200, "Bob": 800, "Cid": 800, "Dee": -400},
    {"Ann": -100, "Bob": 900, "Eve": 300},
    {"Bob": 50, "Cid": 700, "Dee": 700, "Eve": 100},
]


def test_sum_of_totals_counts_absences_as_nothing():
    lines = {line.player: line for line in season_standings(NIGHTS)}
    assert lines["Bob"].points == 800 + 900 + 50
    assert lines["Ann"].points == 1100 and lines["Ann"].nights == 2
    assert lines["Cid"].points == 1500
    assert [line.player for line in season_standings(NIGHTS)][:3] == ["Bob", "Cid", "Ann"]


def test_points_by_place_share_the_places_tied_players_fill():
    # Night 1: Ann 10; Bob and Cid tied second share (8 + 6) / 2 = 7; Dee fourth 5.
    assert place_points(NIGHTS[0], [10, 8, 6, 5]) == {"Ann": 10, "Bob": 7, "Cid": 7, "Dee": 5}
    # Past the table's end: nothing.
    assert place_points({"A": 3, "B": 2, "C": 1}, [10, 8]) == {"A": 10, "B": 8, "C": 0}
    # Three tied first on 10-8-6: 8 each.
    assert place_points({"A": 5, "B": 5, "C": 5}, [10, 8, 6]) == {"A": 8, "B": 8, "C": 8}


def test_points_by_place_season_with_shared_halves():
    table = [10, 8, 6, 5, 4]
    lines = {line.player: line for line in season_standings(NIGHTS, scoring="places", table=table)}
    # Bob: 7 (=2nd) + 10 (1st) + 5 (4th of four) = 22. Cid: 7 + 0 (absent) + 9 (=1st with Dee: (10 + 8) / 2).
    assert lines["Bob"].points == 22
    assert lines["Cid"].points == 16
    assert lines["Dee"].points == 5 + 9
    assert lines["Eve"].points == 8 + 6
    assert lines["Ann"].points == 10 + 6
    assert lines["Cid"].label == "=2" and lines["Ann"].label == "=2" and lines["Bob"].label == "1"


def test_best_two_nights_count():
    lines = {line.player: line for line in season_standings(NIGHTS, best_of=2)}
    assert lines["Bob"].points == 800 + 900 and lines["Bob"].counted == (0, 1)
    # Fewer nights than N: all of them count.
    assert lines["Ann"].points == 1100


def test_a_fractional_tie_is_still_a_tie():
    lines = season_standings([{"A": 1, "B": 1, "C": 0}], scoring="places", table=[5, 2, 1])
    assert [(line.player, line.points, line.label) for line in lines] == [
        ("A", Fraction(7, 2), "=1"),
        ("B", Fraction(7, 2), "=1"),
        ("C", 1, "3"),
    ]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"scoring": "wins"}, "by totals or by places"),
        ({"scoring": "places", "table": []}, "whole numbers"),
        ({"scoring": "places", "table": [5, 8]}, "must not grow"),
        ({"best_of": 0}, "at least 1"),
    ],
)
def test_bad_rules_are_refused_with_a_plain_message(kwargs, message):
    with pytest.raises(ValueError, match=message):
        season_standings(NIGHTS, **kwargs)


nights = st.lists(
    st.dictionaries(st.sampled_from(["A", "B", "C", "D", "E", "F"]), st.integers(-3000, 3000), min_size=1),
    min_size=1,
    max_size=6,
)
tables = st.lists(st.integers(0, 20), min_size=1, max_size=8).map(lambda t: sorted(t, reverse=True))


@given(nights, tables)
def test_a_night_hands_out_exactly_the_points_of_the_places_filled(night_list, table):
    for night in night_list:
        handed = sum(place_points(night, table).values())
        assert handed == sum(table[i] if i < len(table) else 0 for i in range(len(night)))


@given(nights, tables, st.one_of(st.none(), st.integers(1, 6)), st.sampled_from(["totals", "places"]))
def test_the_standings_are_ordered_and_ties_share_a_place(night_list, table, best_of, scoring):
    lines = season_standings(night_list, scoring=scoring, table=table, best_of=best_of)
    assert {line.player for line in lines} == {p for night in night_list for p in night}
    for before, after in zip(lines, lines[1:], strict=False):
        assert before.points >= after.points
        assert (before.position == after.position) == (before.points == after.points)
    for line in lines:
        assert len(line.counted) == (line.nights if best_of is None else min(best_of, line.nights))


@given(nights, tables, st.integers(1, 5))
def test_with_points_by_place_one_more_night_counted_never_lowers_a_score(night_list, table, best_of):
    fewer = {
        line.player: line.points
        for line in season_standings(night_list, scoring="places", table=table, best_of=best_of)
    }
    more = {
        line.player: line.points
        for line in season_standings(night_list, scoring="places", table=table, best_of=best_of + 1)
    }
    assert all(more[player] >= points for player, points in fewer.items())


@given(nights, st.integers(1, 6))
def test_best_n_is_the_sum_of_the_n_best_nights(night_list, best_of):
    for line in season_standings(night_list, best_of=best_of):
        played = sorted((night[line.player] for night in night_list if line.player in night), reverse=True)
        assert line.points == sum(played[:best_of])

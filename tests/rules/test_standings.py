"""Shared places and prize lists (docs/rules/four-aces-party.md, "End of the party"): no tied player is
ever left out of a prize list."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules.standings import booby, leading, placings, rank


def test_two_gentlemen_equal_third_are_both_among_the_best_three():
    totals = {"Albert": 1200, "Boris": 900, "Ernest": 600, "Frederick": 600, "George": 100}
    best = leading(rank(totals))
    assert [(p.label, p.name, p.total) for p in best] == [
        ("1", "Albert", 1200),
        ("2", "Boris", 900),
        ("=3", "Ernest", 600),
        ("=3", "Frederick", 600),
    ]


def test_a_tie_for_second_leaves_no_third_place():
    best = leading(rank({"A": 500, "B": 300, "C": 300, "D": 100}))
    assert [p.label for p in best] == ["1", "=2", "=2"]


def test_everyone_on_the_lowest_total_shares_the_booby():
    assert booby({"A": 500, "B": -300, "C": -300}) == ["B", "C"]


totals = st.dictionaries(st.text("abcdef", min_size=1, max_size=4), st.integers(-50, 50).map(lambda n: 10 * n))


@given(totals)
def test_the_best_three_places_hold_every_player_at_least_as_good_as_the_last_of_them(totals):
    best = leading(rank(totals))
    assert all(p.position <= 3 for p in best)
    if best:
        last = min(p.total for p in best)
        assert {p.name for p in best} == {name for name, total in totals.items() if total >= last}


@given(totals)
def test_equal_totals_always_share_one_place(totals):
    places: dict[int, set[tuple[int, str]]] = {}
    for p in rank(totals):
        places.setdefault(p.total, set()).add((p.position, p.label))
    assert all(len(shared) == 1 for shared in places.values())


@given(st.lists(st.integers(-20, 20).map(lambda n: 10 * n)))
def test_a_place_is_one_more_than_the_players_ahead_and_shared_places_say_so(scores):
    ordered = sorted(scores, reverse=True)
    for total, (position, label) in zip(ordered, placings(ordered), strict=True):
        assert position == 1 + sum(other > total for other in ordered)
        assert label == (f"={position}" if ordered.count(total) > 1 else str(position))

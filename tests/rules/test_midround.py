"""A reserve takes a seat during a round: the seat's result shared by the deals each played."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules import midround
from tournaments.rules.errors import RuleError

deal_values = st.dictionaries(st.integers(1, 4), st.integers(-7600, 2000), min_size=4, max_size=4)


def test_leaver_keeps_the_first_two_deals() -> None:
    # deals for the seat's side: +420, -100, +1000 (capped), -50; the round's net 1,270
    deals = {1: 420, 2: -100, 3: 1000, 4: -50}
    assert midround.share(1270, deals, 3) == (320, 950)


def test_actual_points_count_only_credits() -> None:
    # actual points: 420 + 1000 = 1,420 for the seat; the leaver's credits 420 (the -100 counts nothing)
    deals = {1: 420, 2: -100, 3: 1000, 4: -50}
    assert midround.share(1420, deals, 3, actual=True) == (420, 1000)


def test_net_figures_without_deals_share_by_deals_played() -> None:
    # 1,000 entered as a figure; the leaver played 1 deal of 4: 250, the reserve 750
    assert midround.share(1000, {}, 2) == (250, 750)
    assert midround.share(-330, {}, 2) == (-82, -248)


def test_from_deal_out_of_range_is_refused() -> None:
    with pytest.raises(RuleError, match="from deal 1 to 4, not 5"):
        midround.share(0, {}, 5)


@given(deal_values, st.integers(1, 4), st.booleans())
def test_points_conserved(deals: dict[int, int], from_deal: int, actual: bool) -> None:
    total = sum(max(v, 0) if actual else v for v in deals.values())
    left, came = midround.share(total, deals, from_deal, actual=actual)
    assert left + came == total
    if from_deal == 1:
        assert left == 0


@given(st.integers(-9000, 9000), st.integers(1, 4), st.integers(1, 4))
def test_points_conserved_from_a_figure(total: int, from_deal: int, played: int) -> None:
    left, came = midround.share(total, {}, from_deal, played=played)
    assert left + came == total
    assert abs(left) <= abs(total)


@given(st.integers(1, 6), st.data())
def test_everyone_seated_once(tables: int, data: st.DataObject) -> None:
    names = iter(range(1000))
    seating = {t: {s: f"p{next(names)}" for s in "NESW"} for t in range(1, tables + 1)}
    table = data.draw(st.integers(1, tables))
    seat = data.draw(st.sampled_from("NESW"))
    changed = midround.replace(seating, table, seat, "reserve")
    seated = [name for row in changed.values() for name in row.values()]
    assert len(seated) == len(set(seated)) == 4 * tables
    assert changed[table][seat] == "reserve"
    assert seating[table][seat] not in seated
    with pytest.raises(RuleError, match="already seated"):
        midround.replace(changed, table % tables + 1, "N" if seat != "N" else "E", "reserve")


def test_a_reserve_who_goes_home_too() -> None:
    # A plays deal 1, B deals 2 and 3, C deal 4
    deals = {1: 420, 2: -100, 3: 1000, 4: -50}
    assert midround.parts(1270, deals, [2, 4]) == [420, 900, -50]


@given(deal_values, st.lists(st.integers(1, 4), max_size=3), st.booleans())
def test_parts_conserved(deals: dict[int, int], starts: list[int], actual: bool) -> None:
    total = sum(max(v, 0) if actual else v for v in deals.values())
    shares = midround.parts(total, deals, starts, actual=actual)
    assert len(shares) == len(starts) + 1
    assert sum(shares) == total

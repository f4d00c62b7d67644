"""Settling up at any moment (towie.md, "Settlement"): rounded totals (fifty up), who pays whom, nets, money."""

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.towie.conftest import post_deal, sheet

pytestmark = pytest.mark.django_db


def four_totals_ending_in_40_50_and_150(client, table):
    """A 150 (penalty 50 + honours 100), B 740, C 670, D 50 (a penalty while waiting)."""
    post_deal(client, table, "B", "4S", 9)  # down 1: 50 to A, C and D; B goes out, D comes in
    post_deal(client, table, "C", "4H", 10, honours=("A", 100))  # C 620 + the 50 = 670; A 150; C out, B in
    post_deal(client, table, "B", "4N", 12)  # B 140 + 100 + 500 = 740


def test_rounding_at_40_50_and_150_and_who_pays_whom(client_in, towie_factory):
    table = towie_factory(["A", "B", "C", "D"], stake="0.25")
    four_totals_ending_in_40_50_and_150(client_in, table)
    page = sheet(client_in, table)
    result = page.settlement
    assert result.totals == {"A": 150, "B": 740, "C": 670, "D": 50}
    assert result.rounded == {"A": 200, "B": 700, "C": 700, "D": 100}  # 150 up, 740 down, 670 up, 50 up
    assert {(p.payer, p.payee): p.points for p in result.payments} == {
        ("A", "B"): 500,
        ("A", "C"): 500,
        ("D", "A"): 100,
        ("D", "B"): 600,
        ("D", "C"): 600,
    }  # B and C are equal: nothing between them
    assert result.net == {"A": -900, "B": 1100, "C": 1100, "D": -1300}
    assert sum(result.net.values()) == 0
    assert result.money == {"A": Decimal("-2.25"), "B": Decimal("2.75"), "C": Decimal("2.75"), "D": Decimal("-3.25")}
    assert [line["money"] for line in page.settlement_lines] == [
        Decimal("-2.25"),
        Decimal("2.75"),
        Decimal("2.75"),
        Decimal("-3.25"),
    ]

    html = client_in.get(reverse("towie_settlement", args=[table.pk])).content.decode()
    for text in ("A pays B <strong>500</strong> (1.25)", "D pays C <strong>600</strong> (1.50)", "−3.25", "+2.75"):
        assert text in html, text
    assert "B pays C" not in html and "C pays B" not in html


def test_settling_before_any_deal_is_all_square(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"])
    page = sheet(client_in, table)
    assert page.settlement.net == {"A": 0, "B": 0, "C": 0}
    html = client_in.get(reverse("towie_settlement", args=[table.pk])).content.decode()
    assert "Nobody pays anybody: the rounded totals are all equal." in html


def test_in_points_without_a_stake_and_in_money_with_one_given_on_the_page(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"])
    post_deal(client_in, table, "A", "4S", 10)  # 620 -> 600
    response = client_in.get(reverse("towie_settlement", args=[table.pk]))
    assert response.context["page"].settlement.money is None
    assert "Money" not in response.content.decode()
    response = client_in.get(reverse("towie_settlement", args=[table.pk]), {"stake": "0.50"})
    assert response.context["page"].settlement.money == {"A": Decimal("6"), "B": Decimal("-3"), "C": Decimal("-3")}
    assert "B pays A <strong>600</strong> (3.00)" in response.content.decode()

"""The worked example of docs/rules/towie.md, end to end through the pages: every figure, sheet and settlement.

1. B bids and makes 5H exactly: 150 + 500 = 650 to B.
2. A bids 4N and makes twelve tricks: 140 + 2 overtricks 100 + 500 = 740 to A.
3. B, vulnerable, bids 4S, is doubled, and goes down two: 200 + 400 = 600 to A and to C.
4. A, vulnerable, bids 5D, is doubled, and makes it: 200 + 100 + rubber 1,000 = 1,300 to A.
Totals A 2,640, B 650, C 600; rounded 2,600, 700, 600; A +3,900, B -1,800, C -2,100.
"""

import io
from decimal import Decimal

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.towie.conftest import post_deal, sheet
from tournaments.models import TowieDeal, TowieTable

pytestmark = pytest.mark.django_db

WORKED_EXAMPLE = [("B", "5H", 11), ("A", "4N", 12), ("B", "4SX", 8), ("A", "5DX", 11)]


def set_up_through_the_pages(client) -> TowieTable:
    response = client.post(
        reverse("towie_create"),
        {
            "name": "Vanity Fair, 1934",
            "date": "1934-03-01",
            "stake": "0.10",
            "player_1": "A",
            "player_2": "B",
            "player_3": "C",
        },
    )
    table = TowieTable.objects.get(name="Vanity Fair, 1934")
    assert response["Location"] == reverse("towie_sheet", args=[table.pk])
    # The players drew their own cards: A the ace of spades, B the king of hearts, C the two of clubs.
    response = client.post(
        reverse("towie_draw", args=[table.pk]),
        {"how": "cards", "rank_1": "A", "suit_1": "S", "rank_2": "K", "suit_2": "H", "rank_3": "2", "suit_3": "C"},
    )
    assert response.status_code == 302
    return table


def test_the_worked_example_deal_by_deal_on_the_sheet(client_in):
    table = set_up_through_the_pages(client_in)
    page = sheet(client_in, table)
    assert (page.seated, page.waiting, page.dealer) == (("A", "B", "C"), (), "A")
    for hand in WORKED_EXAMPLE:
        response = post_deal(client_in, table, *hand)
        assert response.status_code == 302, response.content.decode()
    assert TowieDeal.objects.filter(table=table).count() == 4

    page = sheet(client_in, table)
    first, second, third, fourth = page.rows
    column = lambda row: {name: cell.points for name, cell in zip(page.names, row.cells, strict=True)}  # noqa: E731
    running = lambda row: {name: cell.total for name, cell in zip(page.names, row.cells, strict=True)}  # noqa: E731
    vulnerable = lambda row: {name: cell.vulnerable for name, cell in zip(page.names, row.cells, strict=True)}  # noqa: E731

    assert column(first) == {"A": 0, "B": 650, "C": 0}
    assert first.detail == "650 to B (tricks 150 + game 500)"
    assert vulnerable(first) == {"A": False, "B": False, "C": False}

    assert column(second) == {"A": 740, "B": 0, "C": 0}
    assert second.detail == "740 to A (tricks 140 + overtricks 100 + game 500)"
    assert vulnerable(second) == {"A": False, "B": True, "C": False}

    assert column(third) == {"A": 600, "B": 0, "C": 600}
    assert third.detail == "600 to A and C (B down 2)"
    assert third.what == "B: 4 spades doubled, 8 tricks, down 2"
    assert vulnerable(third)["B"] is True
    assert running(third) == {"A": 1340, "B": 650, "C": 600}

    assert column(fourth) == {"A": 1300, "B": 0, "C": 0}
    assert fourth.detail == "1,300 to A (tricks 200 + doubled contract made 100 + rubber 1,000)"
    assert vulnerable(fourth) == {"A": True, "B": True, "C": False}
    assert (fourth.rubber, fourth.rubber_won_by) == (1, "A")
    assert running(fourth) == {"A": 2640, "B": 650, "C": 600}

    assert page.totals == {"A": 2640, "B": 650, "C": 600}
    assert page.rubber == 2
    assert page.vulnerable == {"A": False, "B": False, "C": False}  # a new rubber: nobody vulnerable
    assert page.rubbers_won == {"A": 1, "B": 0, "C": 0}

    result = page.settlement
    assert result.rounded == {"A": 2600, "B": 700, "C": 600}
    assert {(p.payer, p.payee): p.points for p in result.payments} == {
        ("B", "A"): 1900,
        ("C", "A"): 2000,
        ("C", "B"): 100,
    }
    assert result.net == {"A": 3900, "B": -1800, "C": -2100}
    assert result.money == {"A": Decimal("3.90"), "B": Decimal("-1.80"), "C": Decimal("-2.10")}


def test_the_worked_example_as_the_page_shows_it(client_in):
    table = set_up_through_the_pages(client_in)
    for hand in WORKED_EXAMPLE:
        post_deal(client_in, table, *hand)
    html = client_in.get(reverse("towie_sheet", args=[table.pk])).content.decode()
    for text in (
        "B: 5 hearts, 11 tricks, made exactly",
        "A: 4 no-trump, 12 tricks, made with 2 over",
        "B: 4 spades doubled, 8 tricks, down 2",
        "A: 5 diamonds doubled, 11 tricks, made exactly",
        "<strong>650</strong>",
        "<strong>740</strong>",
        "<strong>600</strong>",
        "<strong>1,300</strong>",
        "A wins rubber 1: rubber 2 begins, nobody vulnerable.",
        '<th class="player">2,640</th><th class="player">650</th><th class="player">600</th>',
        "B pays A <strong>1,900</strong> (1.90)",
        "C pays A <strong>2,000</strong> (2.00)",
        "C pays B <strong>100</strong> (0.10)",
        "+3,900",
        "−1,800",
        "−2,100",
        "+3.90",
        "−1.80",
        "−2.10",
    ):
        assert text in html, text
    # B's running total carries the vulnerable mark from deal 2 (his game) until A wins the rubber.
    assert '<span class="running">650 V</span>' in html


def test_the_worked_example_settles_on_its_own_page_and_at_another_stake(client_in):
    table = set_up_through_the_pages(client_in)
    for hand in WORKED_EXAMPLE:
        post_deal(client_in, table, *hand)
    response = client_in.get(reverse("towie_settlement", args=[table.pk]), {"stake": "1"})
    assert response.context["page"].settlement.money == {"A": Decimal("39"), "B": Decimal("-18"), "C": Decimal("-21")}
    html = response.content.decode()
    assert "+39.00" in html and "−18.00" in html and "−21.00" in html
    assert "B pays A <strong>1,900</strong> (19.00)" in html


def test_the_worked_example_printed(client_in):
    table = set_up_through_the_pages(client_in)
    for hand in WORKED_EXAMPLE:
        post_deal(client_in, table, *hand)
    response = client_in.get(reverse("towie_pdf", args=[table.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert 'filename="vanity-fair-1934-towie-sheet.pdf"' in response["Content-Disposition"]
    reader = PdfReader(io.BytesIO(response.content))
    text = "\n".join(page.extract_text() for page in reader.pages)
    for expected in (
        "Vanity Fair, 1934 – Towie score sheet",
        "Thursday 1 March 1934",
        "5 hearts, 11",
        "4 spades doubled, 8",
        "tricks, down 2",
        "1,300",
        "A wins rubber 1",
        "Total\n2,640\n650\n600",
        "A\n2,640\n2,600\n+3,900\n+3.90",
        "B\n650\n700\n−1,800\n−1.80",
        "C\n600\n600\n−2,100\n−2.10",
        "B pays A 1,900 (1.90)",
        "C pays A 2,000 (2.00)",
        "C pays B 100 (0.10)",
    ):
        assert expected in text, expected

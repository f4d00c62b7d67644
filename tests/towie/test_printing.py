"""The printed score sheet and settlement: the builder takes plain data; the PDF is opened and read."""

import datetime
import io
from decimal import Decimal
from typing import Any

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.towie.conftest import post_deal
from tournaments.printing.towie import PaymentLine, SettlementLine, SheetCell, SheetRow, TowieSheetPrint, towie_pdf


def text_of(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def plain_sheet(**changes) -> TowieSheetPrint:
    cells = (SheetCell(0, 0, False, "seated"), SheetCell(620, 620, False, "declarer"), SheetCell(0, 0, False, "seated"))
    data: dict[str, Any] = {  # the sheet's fields, some replaced by the test
        "name": "Towie at the Müllers’",
        "day": datetime.date(1934, 3, 1),
        "party_name": "Spring party",
        "players": ("Ann", "Bob", "Cid"),
        "rows": (SheetRow(1, "Ann", "Bob: 4 spades, 10 tricks, made exactly", cells, 1, None),),
        "totals": (0, 620, 0),
        "settlement": (
            SettlementLine("Ann", 0, 0, -600, Decimal("-0.60")),
            SettlementLine("Bob", 620, 600, 1200, Decimal("1.20")),
            SettlementLine("Cid", 0, 0, -600, Decimal("-0.60")),
        ),
        "payments": (PaymentLine("Ann", "Bob", 600, Decimal("0.60")), PaymentLine("Cid", "Bob", 600, Decimal("0.60"))),
        "stake": Decimal("0.10"),
    }
    return TowieSheetPrint(**(data | changes))


def test_the_builder_prints_the_sheet_and_the_settlement():
    filename, content_type, content = towie_pdf(plain_sheet())
    assert (filename, content_type) == ("towie-at-the-müllers-towie-sheet.pdf", "application/pdf")
    text = text_of(content)
    for expected in (
        "Towie at the Müllers’ – Towie score sheet",
        "Thursday 1 March 1934 · Spring party · Ann, Bob, Cid",
        "Bob: 4 spades, 10 tricks, made",
        "620",
        "Total\n0\n620\n0",
        "Bob\n620\n600\n+1,200\n+1.20",
        "Ann pays Bob 600 (0.60)",
        "in money at 0.10 per hundred points",
    ):
        assert expected in text, expected


def test_the_builder_without_deals_or_stake():
    data = plain_sheet(
        rows=(),
        totals=(0, 0, 0),
        settlement=tuple(SettlementLine(n, 0, 0, 0) for n in ("Ann", "Bob", "Cid")),
        payments=(),
        stake=None,
    )
    text = text_of(towie_pdf(data)[2])
    assert "No deals yet." in text
    assert "Nobody pays anybody" in text
    assert "Money" not in text


@pytest.mark.parametrize(("pagesize", "points"), [("A4", (595, 842)), ("letter", (612, 792))])
def test_page_sizes(pagesize, points):
    box = PdfReader(io.BytesIO(towie_pdf(plain_sheet(), pagesize=pagesize)[2])).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == points


def test_a_long_evening_runs_onto_more_pages_with_the_heads_repeated():
    cells = tuple(SheetCell(50, 50 * n, n % 2 == 0, "seated") for n in range(1, 6))
    rows = tuple(SheetRow(n, "Ann", f"Deal {n:03d} by Ann", cells) for n in range(1, 80))
    data = plain_sheet(players=("Ann", "Bob", "Cid", "Dee", "Eve"), rows=rows, totals=(1, 2, 3, 4, 5))
    pages = PdfReader(io.BytesIO(towie_pdf(data)[2])).pages
    assert len(pages) > 1
    assert all("Eve" in page.extract_text() for page in pages)
    assert "Deal 079 by Ann" in "\n".join(page.extract_text() for page in pages[1:])


@pytest.mark.django_db
def test_the_pdf_of_a_five_player_table_through_the_page(client_in, towie_factory):
    table = towie_factory(["Ann", "Bob", "Cid", "Dee", "Eve"])
    post_deal(client_in, table, "Ann", "4S", 10)
    post_deal(client_in, table, kind="exposure")
    response = client_in.get(reverse("towie_pdf", args=[table.pk]), {"paper": "letter"})
    assert response["Content-Type"] == "application/pdf"
    text = text_of(response.content)
    assert "Ann: 4 spades, 10 tricks, made exactly" in text.replace("\n", " ")
    assert "Bob turned up more than six dummy cards" in text.replace("\n", " ")
    assert "Total\n620\n0\n100\n100\n0" in text  # Bob dealt after Ann's deal; Cid and Dee sat with him
    assert "Ann\n620\n600\n+2,200" in text  # 5 x 600 - (600 + 100 + 100)

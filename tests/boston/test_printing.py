"""The printed Boston sheet, built from plain data and opened again with pypdf."""

import datetime
import io
from typing import Any

import pytest
from pypdf import PdfReader

from tournaments.printing.boston import BostonSheet, SettlementLine, SheetLine, boston_sheet_pdf

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def make_sheet(deals: int = 2, **extra) -> BostonSheet:
    lines = [
        SheetLine(
            number=str(n),
            dealer=PLAYERS[(n - 1) % 4],
            what="Bob: 8 tricks in hearts; 7 tricks: failed",
            payments=["Bob pays Ann, Cat and Dan 23 each", "Bob puts 10 in the pool"],
            cells=[(23, 23 * n), (-79, -79 * n), (23, 23 * n), (23, 23 * n)],
            pools="100 + 20",
        )
        for n in range(1, deals + 1)
    ]
    data: dict[str, Any] = {  # the sheet's fields, some replaced by the test
        "title": "Thursday Boston",
        "variant": "Boston, English tables",
        "players": PLAYERS,
        "day": datetime.date(2026, 11, 28),
        "party": "Spring party",
        "counters": "A white counter is 1; a red counter is 10 white. Money: £0.01 a white counter, £0.10 a red.",
        "house": [("The dealer feeds the pool", "10 counters each deal"), ("The pool's limit", "100 counters a pool")],
        "book": ["Twelve deals make a game."],
        "progress": "Deal 3 of 12: Cat deals.",
        "lines": lines,
        "pools": "100 + 20",
        "finished": True,
        "settlement": [
            SettlementLine("Ann", -500, "50 red, 0 white", "−£5.00"),
            SettlementLine("Bob", 182, "18 red, 2 white", "£1.82"),
            SettlementLine("Cat", 616, "61 red, 6 white", "£6.16"),
            SettlementLine("Dan", -298, "29 red, 8 white", "−£2.98"),
        ],
        "payments": ["Ann pays Cat £5.00"],
    }
    return BostonSheet(**(data | extra))


def pages(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def test_the_sheet_prints_the_deals_the_pools_the_house_settings_and_the_settlement():
    filename, content_type, content = boston_sheet_pdf(make_sheet())
    assert filename == "thursday-boston-boston-sheet.pdf" and content_type == "application/pdf"
    (text,) = pages(content)
    for expected in (
        "Thursday Boston", "Boston, English tables · Saturday 28 November 2026 · Spring party",
        "Players, clockwise: Ann, Bob, Cat, Dan", "Bob pays Ann, Cat and Dan 23 each", "−79\n−158",
        "Pool(s) on the table: 100 + 20", "Final settlement", "£6.16", "Ann pays Cat £5.00",
        "House settings: the club's choice", "10 counters each deal", "Twelve deals make a game.",
    ):  # fmt: skip
        assert expected in text, expected


def test_a_game_in_progress_prints_the_standing_so_far():
    (text,) = pages(boston_sheet_pdf(make_sheet(finished=False, payments=[]))[2])
    assert "Standing so far (the game is not finished)" in text and "Final settlement" not in text


def test_without_money_there_is_no_money_column():
    rows = [SettlementLine("Ann", 5, "0 red, 5 white", "")]
    (text,) = pages(boston_sheet_pdf(make_sheet(settlement=rows, payments=[]))[2])
    assert "Money" not in text.replace("Money: £0.01", "")


def test_an_empty_sheet():
    (text,) = pages(boston_sheet_pdf(make_sheet(0, finished=False, settlement=[], payments=[]))[2])
    assert "No deals yet." in text


def test_forty_deals_run_over_pages_with_the_heading_repeated():
    printed = pages(boston_sheet_pdf(make_sheet(40))[2])
    assert len(printed) > 1
    assert all("Who pays whom" in page for page in printed)
    assert "\n40\n" in printed[-1] or "40\nDan" in "\n".join(printed)


@pytest.mark.parametrize(("paper", "points"), [("A4", (842, 595)), ("letter", (792, 612))])
def test_landscape_a4_or_letter(paper, points):
    box = PdfReader(io.BytesIO(boston_sheet_pdf(make_sheet(), pagesize=paper)[2])).pages[0].mediabox
    assert (round(box.width), round(box.height)) == points


def test_a_bad_page_size():
    with pytest.raises(ValueError):
        boston_sheet_pdf(make_sheet(), pagesize="B5")


def test_names_print_as_typed_not_folded():
    """The embedded font has Ł and Đ: a Polish or Serbian name keeps its letters (no longer folded to L, D)."""
    (text,) = pages(boston_sheet_pdf(make_sheet(players=["Zoë", "Łukasz", "Đorđe", "Dan"]))[2])
    assert "Zoë" in text and "Łukasz" in text and "Đorđe" in text
    assert "Lukasz" not in text and "Dorde" not in text

"""The movement sheet (who sits where next) and the results sheet (standings, prizes, pairs)."""

import dataclasses
from typing import Any

import pytest

from tests.printing.factories import PARTY, make_movement, make_sheet, page_points, pdf_pages
from tournaments.printing.data import MovementLine, ResultLine
from tournaments.printing.sheets import movement_pdf, results_pdf

# --- movement sheet ---


def test_movement_sheet():
    filename, content_type, content = movement_pdf(PARTY, 3, make_movement())
    assert filename == "spring-party-movement-round-3.pdf"
    assert content_type == "application/pdf"
    (text,) = pdf_pages(content)
    assert PARTY in text and "Round 3" in text
    for heading in ("Name", "Table", "Seat", "Partner"):
        assert heading in text
    assert "Name\nPlays as\nTable\nSeat\nPartner" in text  # no blank column heading at a mixed party
    assert "Ada Brown\nLady\n2\nNorth\nBob Carter" in text
    assert "Jürgen Müller\nGentleman\n1\nWest\nCélie Dupont" in text


def test_movement_sheet_keeps_the_order_given():
    (text,) = pdf_pages(movement_pdf(PARTY, 2, make_movement())[2])
    positions = [text.index(f"{name}\n") for name in ("Ada Brown", "Bob Carter", "Célie Dupont", "Jürgen Müller")]
    assert positions == sorted(positions)


def test_movement_sheet_not_mixed_has_no_kind_column():
    lines = [dataclasses.replace(line, kind="") for line in make_movement()]
    (text,) = pdf_pages(movement_pdf(PARTY, 2, lines)[2])
    assert "Lady" not in text and "Gentleman" not in text
    assert "Ada Brown\n2\nNorth\nBob Carter" in text


def test_long_movement_sheet_repeats_the_header():
    lines = [MovementLine(f"Guest {i:03d}", "", i // 4 + 1, "NESW"[i % 4], f"Partner {i:03d}") for i in range(120)]
    pages = pdf_pages(movement_pdf(PARTY, 2, lines)[2])
    assert len(pages) > 1
    assert all("Name" in page and "Partner\n" in page for page in pages)
    assert "Guest 119" in pages[-1]


@pytest.mark.parametrize(("pagesize", "points"), [("A4", (595, 842)), ("letter", (612, 792))])
def test_movement_page_size(pagesize, points):
    assert page_points(movement_pdf(PARTY, 2, make_movement(), pagesize=pagesize)[2]) == points


def test_movement_bad_page_size():
    with pytest.raises(ValueError):
        movement_pdf(PARTY, 2, make_movement(), pagesize="B5")


def test_movement_sheet_with_nobody():
    (text,) = pdf_pages(movement_pdf(PARTY, 1, [])[2])
    assert "Nobody is seated" in text


# --- results sheet ---


def test_results_sheet_standings():
    filename, content_type, content = results_pdf(make_sheet(8, rounds=3))
    assert filename == "spring-party-results.pdf"
    assert content_type == "application/pdf"
    text = "\n".join(pdf_pages(content))
    assert "Spring Party – results" in text and "Saturday 9 April 1938" in text
    for heading in ("Place", "Name", "Total", "Round 1", "Round 2", "Round 3"):
        assert heading in text
    # place, name, total, then each round's table and seat, result, partner
    assert "1\nPlayer 000\n+1,000\nT2 E  +100\nPlayer 001\n" in text
    assert "8\nPlayer 007\n−50\n" in text


def test_results_sheet_prizes():
    text = "\n".join(pdf_pages(results_pdf(make_sheet(8, rounds=3))[2]))
    assert "Prizes" in text
    assert "First: Player 000 (+1,000)" in text
    assert "Second: Player 001 (+850)" in text
    assert "Booby prize: Player 007 (−50)" in text
    assert "Best lady" not in text and "Best gentleman" not in text
    assert "Standings by pair" not in text


def test_results_sheet_mixed_party_best_lady_and_gentleman():
    text = "\n".join(pdf_pages(results_pdf(make_sheet(8, rounds=3, mixed=True))[2]))
    assert "Best lady: Player 001 (+850)" in text
    assert "Best gentleman: Player 000 (+1,000)" in text
    assert "Kind" in text and "Lady" in text and "Gentleman" in text


def test_results_sheet_shared_places():
    sheet = make_sheet(4, rounds=1)
    lines = [
        ResultLine("=1", "Ada", "", 500, False),
        ResultLine("=1", "Bob", "", 500, False),
        ResultLine("3", "Cyd", "", -100, False),
        ResultLine("4", "Dot", "", -900, True),
    ]
    sheet = dataclasses.replace(sheet, lines=lines, booby=["Dot"])
    text = "\n".join(pdf_pages(results_pdf(sheet)[2]))
    assert "First: Ada and Bob (+500 each)" in text
    assert "Second: shared by those equal first" in text
    assert "Booby prize: Dot (−900)" in text
    assert "=1\nAda\n" in text


def test_results_sheet_keep_partners_has_pair_standings():
    text = "\n".join(pdf_pages(results_pdf(make_sheet(8, rounds=3, keep_partners=True))[2]))
    assert "Standings by pair" in text
    assert "1\nPlayer 000 & Player 001\n+500" in text
    assert "First: Player 000 & Player 001 (+500)" in text


def test_results_sheet_with_many_rounds_turns_landscape():
    content = results_pdf(make_sheet(8, rounds=8))[2]
    assert page_points(content) == (842, 595)
    assert "Round 8" in pdf_pages(content)[0]
    assert page_points(results_pdf(make_sheet(8, rounds=8), pagesize="letter")[2]) == (792, 612)


@pytest.mark.parametrize(("pagesize", "points"), [("A4", (595, 842)), ("letter", (612, 792))])
def test_results_page_size(pagesize, points):
    assert page_points(results_pdf(make_sheet(4, rounds=3), pagesize=pagesize)[2]) == points


def test_results_bad_page_size():
    with pytest.raises(ValueError):
        results_pdf(make_sheet(4), pagesize="a5")


def test_long_results_repeat_the_header():
    pages = pdf_pages(results_pdf(make_sheet(80, rounds=4))[2])
    assert len(pages) > 1
    assert all("Place" in page and "Round 4" in page for page in pages)
    assert "Player 079" in pages[-1]


def test_results_accents_and_ampersands():
    sheet = make_sheet(2, rounds=1)
    lines = [dataclasses.replace(sheet.lines[0], name="Hélène & Zoë <Ward>"), sheet.lines[1]]
    text = "\n".join(pdf_pages(results_pdf(dataclasses.replace(sheet, lines=lines))[2]))
    assert "Hélène & Zoë <Ward>" in text


def test_results_with_nothing_in_yet():
    sheet = dataclasses.replace(make_sheet(4), lines=[], booby=[])
    (text,) = pdf_pages(results_pdf(sheet)[2])
    assert "No results yet" in text


@pytest.mark.parametrize("language", ["en", "fr", "de", "nl"])
@pytest.mark.parametrize("paper", ["A4", "letter"])
@pytest.mark.parametrize("mixed", [True, False])
def test_movement_sheet_headers_stay_inside_their_columns(language, paper, mixed):
    """Every header word inside its column's padding, in every language: French's "Joue comme" ("Plays as")
    is wider than its column and went over the border; it now takes two lines."""
    from django.utils import translation
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from tournaments.printing import sheets
    from tournaments.printing.common import Lines, page_size
    from tournaments.printing.fonts import FONT_BOLD

    lines = make_movement() if mixed else [dataclasses.replace(line, kind="") for line in make_movement()]
    width = page_size(paper)[0] - 2 * sheets.MARGIN
    with translation.override(language):
        table: Any = sheets._movement_table(lines, mixed, width)  # its cells: attributes reportlab's stubs omit
    for head, column in zip(table._cellvalues[0], table._colWidths, strict=True):
        texts = head.lines if isinstance(head, Lines) else [head]
        size = head.size if isinstance(head, Lines) else 11
        assert size == 11  # the header's type is not made smaller
        for text in texts:
            assert stringWidth(text, FONT_BOLD, size) + 12 <= column, (text, column)
    if language == "fr" and mixed:
        assert table._cellvalues[0][1].lines == ["Joue", "comme"]


@pytest.mark.parametrize("language", ["en", "fr", "de", "nl"])
@pytest.mark.parametrize("rounds", [3, 9])
def test_results_sheet_headers_stay_inside_their_columns(language, rounds):
    """The results sheet's standings and pairs: Dutch's "Plaats" was wider than the Place column."""
    from django.utils import translation
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from tournaments.printing import sheets
    from tournaments.printing.common import page_size
    from tournaments.printing.fonts import FONT_BOLD

    sheet = make_sheet(rounds=rounds, mixed=True, keep_partners=True)
    width = page_size("A4", landscape=rounds > 4)[0] - 2 * sheets.MARGIN
    with translation.override(language):
        tables: list[Any] = [sheets._standings_table(sheet, width), sheets._pairs_table(sheet, width)]  # as above
    for table in tables:
        size = table._cellStyles[0][0].fontsize
        for head, column in zip(table._cellvalues[0], table._colWidths, strict=True):
            assert stringWidth(head, FONT_BOLD, size) + 12 <= column, (head, column)

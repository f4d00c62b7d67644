"""The printed knockout: the bracket PDF (bracket, the draw per round, a score pad per match), one round's
draw and pads, and the results workbook with every match and every deal; opened and read back."""

import datetime
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.knockout.helpers import get_round, make_knockout, matches
from tests.knockout.play import post_deal, post_totals
from tests.knockout.test_pad import EVENING
from tournaments.printing import knockout as printing

pytestmark = pytest.mark.django_db


def pdf_text(content: bytes) -> tuple[PdfReader, str]:
    reader = PdfReader(io.BytesIO(content))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


@pytest.fixture
def played(client_in, director):
    """Seven tables: main round 1 closed (table 1 deal by deal, table 2's loser the best loser), round 2 drawn."""
    knockout = make_knockout(pairs=14, user=director, name="Four Aces night")
    first = get_round(knockout)
    for m in matches(first):
        if m.table == 1:
            for number, deal in enumerate(EVENING, start=1):
                post_deal(client_in, m, number, deal)
        else:
            post_totals(client_in, m, 1000 + (10 if m.table == 2 else 100 * m.table), 1000)
    client_in.post(reverse("knockout_round_close", args=[knockout.id, "main", 1]))
    return knockout


def test_the_bracket_pdf(client_in, played):
    response = client_in.get(reverse("knockout_bracket_pdf", args=[played.id]))
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="four-aces-night-knockout.pdf"'
    reader, text = pdf_text(response.content)
    first = reader.pages[0].extract_text()
    assert "Four Aces night – knockout" in first and "Saturday 5 December 2026" in first
    assert "the 7 winners and the best loser" in first and "the 6 first-round losers" in first
    t1 = get_round(played).matches.select_related("ns", "ew").get(table=1)
    assert "1,040" in first and "1,420" in first and "380" in first  # table 1's totals and margin
    t2 = get_round(played).matches.select_related("ns", "ew").get(table=2)
    assert f"{t2.ew.name} *" in first and "best loser: lost by the smallest margin" in first
    # The draw of each round drawn so far, then a pad per match: 7 + 4 + 3.
    for title in ("Main round 1: the draw", "Main round 2: the draw", "Consolation round 1: the draw"):
        assert title in text
    assert text.count("rubber score pad") == 7 + 4 + 3
    assert f"North {t1.ns.player_a}, South {t1.ns.player_b}" in text
    assert "Unfinished rubber" in text and "game to North–South; rubber to North–South (+700)" in text


def test_one_rounds_draw_and_pads(client_in, played):
    response = client_in.get(reverse("knockout_round_pdf", args=[played.id, "main", 2]) + "?paper=letter")
    assert response["Content-Disposition"] == 'inline; filename="four-aces-night-main-round-2-draw.pdf"'
    reader, text = pdf_text(response.content)
    assert [float(x) for x in reader.pages[0].mediabox[2:]] == [612, 792]
    assert "Main round 2: the draw" in text and "Main round 1" not in text
    assert text.count("rubber score pad") == 4
    for m in matches(get_round(played, "main", 2)):
        assert m.ns.name in text and m.ew.name in text


def test_the_results_workbook_has_every_match_and_every_deal(client_in, played):
    response = client_in.get(reverse("knockout_results_xlsx", args=[played.id]))
    assert response["Content-Disposition"] == 'attachment; filename="four-aces-night-knockout-results.xlsx"'
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Matches", "Deals", "Plan", "Free tables"]
    rows = list(book["Matches"].iter_rows(values_only=True))
    assert rows[0][:9] == ("Bracket", "Round", "Table", "North–South", "East–West", "N–S total", "E–W total", "Winner",
                           "Margin")  # fmt: skip
    assert len(rows) == 1 + 7 + 4 + 3
    t1 = get_round(played).matches.select_related("ns", "ew").get(table=1)
    assert ("Main", "Main round 1", 1, t1.ns.name, t1.ew.name, 1040, 1420, t1.ew.name, 380) == rows[1][:9]
    t2 = get_round(played).matches.select_related("ns", "ew").get(table=2)
    assert rows[2][10] == t2.ew.name and rows[2][11] == "totals only"
    deals = list(book["Deals"].iter_rows(values_only=True))
    assert deals[0][:6] == ("Bracket", "Round", "Table", "Deal", "Vulnerable", "Contract")
    assert [row[3] for row in deals[1:9]] == [1, 2, 3, 4, 5, 6, 7, 8] and deals[9][3] == "unfinished"
    # Tables 2 to 7 were entered as totals: a line each says so (tests/knockout/test_slips.py).
    assert [(row[2], row[3]) for row in deals[10:]] == [(table, None) for table in range(2, 8)]
    assert deals[3][3:15] == (3, "N–S", "3NT", "South", 10, None, 730, 100, 0, 0, 950, 60)
    assert deals[9][9] == 50 and deals[9][11] == 300 and deals[9][13:15] == (1040, 1420)
    plan = [row[:3] for row in book["Plan"].iter_rows(values_only=True)]
    assert ("Main", "Round 1", 7) in plan and ("Consolation", "Final", 1) in plan


def test_the_builders_take_plain_data():
    book = printing.KnockoutBook(name="Empty evening", date=datetime.date(2026, 1, 2), plan=[], plan_note="", rounds=[])
    name, content_type, content = printing.bracket_pdf(book)
    assert (name, content_type) == ("empty-evening-knockout.pdf", "application/pdf")
    assert "No plan yet" in pdf_text(content)[1]
    name, _, content = printing.draw_pdf(book, pagesize="letter")
    assert "No round is drawn yet." in pdf_text(content)[1]
    name, content_type, content = printing.results_xlsx(book)
    assert load_workbook(io.BytesIO(content)).sheetnames == ["Matches", "Deals", "Plan", "Free tables"]


def words_at(page) -> list[tuple[str, float, float, float]]:
    """Each piece of text the page shows: its text, its left x, its baseline y and its size (the text matrix
    times the page's transform), read back from the PDF."""
    out: list[tuple[str, float, float, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            scale = cm[0] * tm[0] or 1
            out.append(
                (
                    text.strip(),
                    cm[0] * tm[4] + cm[2] * tm[5] + cm[4],
                    cm[1] * tm[4] + cm[3] * tm[5] + cm[5],
                    size * scale,
                )
            )

    page.extract_text(visitor_text=visit)
    return out


@pytest.mark.parametrize("language", ["en", "fr", "de", "nl"])
def test_the_bracket_pdfs_margin_heading_stays_in_its_column(client_in, played, language):
    """Right-aligned over its figures, "Margin" (Écart, Differenz, Verschil) once spilled left into "Total"."""
    from django.utils import translation
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from tournaments.printing.fonts import FONT_BOLD

    with translation.override(language):
        margin, total = translation.gettext("Margin"), translation.gettext("Total")
        response = client_in.get(reverse("knockout_bracket_pdf", args=[played.id]), HTTP_ACCEPT_LANGUAGE=language)
    reader = PdfReader(io.BytesIO(response.content))
    words = words_at(reader.pages[0])
    heads = [w for w in words if w[0] == margin]
    assert heads, [w[0] for w in words][:40]
    for text, x, y, size in heads:
        row = sorted((w for w in words if abs(w[2] - y) < 2 and w[0] == total), key=lambda w: w[1])
        assert len(row) == 2, row
        last_total = row[-1]
        total_right = last_total[1] + stringWidth(total, FONT_BOLD, last_total[3])
        assert x >= total_right + 4, (language, x, total_right)  # a gap between the two headings
        assert x + stringWidth(text, FONT_BOLD, size) <= float(reader.pages[0].mediabox.width)

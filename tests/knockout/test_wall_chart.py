"""The bracket for the wall, read across a room: every pair's name at 14 pt or more, all the text inside margins
a printer keeps (10 mm), on A4 and on US Letter. Fourteen pairs with long names, after round 1 and played to the
end: the main bracket on two landscape pages to be put side by side, the consolation on a third; six pairs with
short names: both brackets on one page.

Read back with pypdf: each piece of text drawn, its font, size and place (reportlab draws each piece on its
own, so its width is the font's width of its text)."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.knockout.helpers import make_knockout
from tests.knockout.long_names import GENTLEMEN, LADIES, SURNAMES, finished_knockout, long_knockout

pytestmark = pytest.mark.django_db

MM = 72 / 25.4
MARGIN = 10 * MM
PAPER = {"A4": (841.89, 595.28), "letter": (792.0, 612.0)}
NAME_WORDS = set(SURNAMES) | set(LADIES) | set(GENTLEMEN) | {"Maximiliana", "Wilhelmina", "North", "South"}


def drawn(content: bytes) -> list[tuple[float, float, list[tuple[str, str, float, float, float]]]]:
    """Per page: its width and height, and (text, font, size, x, baseline) of every piece of text drawn."""
    pages = []
    for page in PdfReader(io.BytesIO(content)).pages:
        pieces: list[tuple[str, str, float, float, float]] = []

        def seen(text, cm, tm, font, size, pieces=pieces):
            if text.strip() and font:
                scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5
                name = str(font["/BaseFont"]).split("+")[-1]
                pieces.append((text.strip(), name, size * scale, tm[4] + cm[4], tm[5] + cm[5]))

        page.extract_text(visitor_text=seen)
        box = page.mediabox
        pages.append((float(box.width), float(box.height), pieces))
    return pages


def check_readable(content: bytes, paper: str, pair_names: list[str]) -> list[str]:
    """Names at 14 pt or more, all text inside the margins, the paper's size; returns each page's text."""
    texts = []
    for width, height, pieces in drawn(content):
        assert sorted((round(width, 2), round(height, 2))) == sorted(PAPER[paper])
        for text, font, size, x, y in pieces:
            right = x + stringWidth(text, font, size)
            assert x >= MARGIN and right <= width - MARGIN, (text, x, right, width)
            assert y - 0.25 * size >= MARGIN and y + size <= height - MARGIN, (text, y, height)
            if NAME_WORDS & set(text.replace("&", " ").split()):
                assert size >= 14 - 0.01, (text, size)
        texts.append(" ".join(text for text, *_ in pieces))
    flat = " ".join(" ".join(texts).split())
    for name in pair_names:
        assert name in flat
    return texts


@pytest.mark.parametrize("paper", ["A4", "letter"])
@pytest.mark.parametrize("event", [long_knockout, finished_knockout])
def test_fourteen_long_named_pairs_print_at_14_points_inside_the_margins(client_in, director, event, paper):
    knockout = event(director)
    response = client_in.get(reverse("knockout_bracket_wall_pdf", args=[knockout.id]) + f"?paper={paper}")
    texts = check_readable(response.content, paper, [pair.name for pair in knockout.pairs.all()])
    # The main bracket on two pages (three on US Letter when played to the end: the pages keep the joining lines'
    # gap at the edge they cross), the consolation on the last.
    main = len(texts) - 1
    assert main == 2 or (main == 3 and paper == "letter" and event is finished_knockout), len(texts)
    for at in range(main):
        assert "Main tournament" in texts[at] and f"({at + 1}/{main})" in texts[at]
    assert "Consolation tournament" in texts[-1] and "Main tournament" not in texts[-1]
    # Round 1 on the first page, the rest of the main bracket to its right.
    assert "Round 1 · 7 tables" in texts[0] and "Round 2 · 4 tables" in " ".join(texts[1:main])
    assert "Final · 1 table" in " ".join(texts[1:main])


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_six_pairs_print_both_brackets_on_one_page(client_in, director, paper):
    knockout = make_knockout(pairs=6, user=director)
    response = client_in.get(reverse("knockout_bracket_wall_pdf", args=[knockout.id]) + f"?paper={paper}")
    texts = check_readable(response.content, paper, [pair.name for pair in knockout.pairs.all()])
    assert len(texts) == 1 and "Main tournament" in texts[0] and "Consolation tournament" in texts[0]


def segments(content: bytes) -> list[list[tuple[float, float, float, float]]]:
    """Per page, every straight line drawn (x1, y1, x2, y2): the content stream's moveto and lineto read back
    (the chart draws on an untransformed page: tournaments/printing/knockout/chart.py, _line)."""
    from pypdf.generic import ContentStream

    pages = []
    for page in PdfReader(io.BytesIO(content)).pages:
        found, at = [], None
        for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
            if operator == b"m":
                at = (float(operands[0]), float(operands[1]))
            elif operator == b"l" and at is not None:
                to = (float(operands[0]), float(operands[1]))
                found.append((at[0], at[1], to[0], to[1]))
                at = to
        pages.append(found)
    return pages


@pytest.mark.parametrize("event", [long_knockout, finished_knockout])
def test_the_wall_charts_lines_run_on_across_its_pages_and_its_labels_are_9_points(client_in, director, event):
    """The main bracket on two pages put side by side: every line that leaves page 1 at its right edge comes in
    at page 2's left edge at the same height (it once turned back at page 1's margin); no text smaller than 9 pt."""
    knockout = event(director)
    response = client_in.get(reverse("knockout_bracket_wall_pdf", args=[knockout.id]))
    for _width, _height, pieces in drawn(response.content):
        small = [(text, round(size, 2)) for text, _font, size, _x, _y in pieces if size < 9 - 0.01]
        assert small == [], small
    first, second, *_ = segments(response.content)
    right = max(max(x1, x2) for x1, _y1, x2, _y2 in first)
    left = min(min(x1, x2) for x1, _y1, x2, _y2 in second)

    def across(x1, y1, x2, y2):  # a line drawn along, not a point
        return abs(y1 - y2) < 0.01 and abs(x2 - x1) > 2

    leaving = sorted(round(y2, 1) for x1, y1, x2, y2 in first if across(x1, y1, x2, y2) and abs(x2 - right) < 0.5)
    arriving = sorted(round(y1, 1) for x1, y1, x2, y2 in second if across(x1, y1, x2, y2) and abs(x1 - left) < 0.5)
    assert len(leaving) >= 4, leaving  # round 1's winners going on to round 2's four tables
    assert leaving == arriving, (leaving, arriving)
    assert right >= 841.89 - 31 - 0.5 and left <= 31 + 0.5  # to the margins, where the pages meet

"""Every name prints: Latin of every European language, Greek and Cyrillic exactly as typed; Hebrew and Arabic
right to left, and Arabic shaped (its letters joined); Chinese, Japanese and Korean in the vendored CJK font
(static/fonts), on any machine. A character no font has is a visible white square. Never "?".

Each test reads the text back out of the PDF bytes (pypdf) and compares it with the names entered; the glyphs
each font draws are read in tests/printing/test_pdf_glyphs.py.
"""

import dataclasses
import io
import unicodedata
from typing import cast

import arabic_reshaper
import pytest
from pypdf.generic import DictionaryObject
from reportlab.pdfgen.canvas import Canvas

from tests.printing.factories import make_sheet, make_tally, pdf_pages, pdf_reader
from tournaments.printing import fonts, sheets
from tournaments.printing.common import MISSING, clean, name_fit
from tournaments.printing.fonts import FONT, FONT_BOLD
from tournaments.printing.sheets import results_pdf
from tournaments.printing.tallies import tallies_pdf

EUROPEAN = ["Łukasz", "Σοφία", "Иван", "Đorđe", "Zoë", "Şükrü"]
HEBREW = "שרה"
ARABIC = "محمد"
CJK = ["王芳", "さくら", "김민준"]
NAMES = [*EUROPEAN, HEBREW, ARABIC, *CJK]


def tallies_text() -> str:
    """One tally card per name, each card's partners the next names."""
    cards = []
    for i, name in enumerate(NAMES):
        card = make_tally(i, name=name, rounds=3, played=2)
        lines = [
            dataclasses.replace(line, partner=NAMES[(i + r) % len(NAMES)]) if line.table else line
            for r, line in enumerate(card.lines, start=1)
        ]
        cards.append(dataclasses.replace(card, lines=lines))
    return "\n".join(pdf_pages(tallies_pdf(cards)[2]))


def results_text() -> str:
    """The results sheet with every name in the standings, as a partner in a round, and among the prizes."""
    sheet = make_sheet(len(NAMES), rounds=2, mixed=True)
    lines = [
        dataclasses.replace(
            line,
            name=NAMES[i],
            rounds=[(r, t, s, NAMES[(i + r) % len(NAMES)], result) for r, t, s, _partner, result in line.rounds],
        )
        for i, line in enumerate(sheet.lines)
    ]
    sheet = dataclasses.replace(
        sheet,
        lines=lines,
        best_ladies=[(HEBREW, 100)],
        best_gentlemen=[(ARABIC, 50)],
        booby=[CJK[-1]],
    )
    return "\n".join(pdf_pages(results_pdf(sheet)[2]))


@pytest.fixture(scope="module", params=["tallies", "results"])
def printed(request) -> str:
    return tallies_text() if request.param == "tallies" else results_text()


@pytest.mark.parametrize("name", EUROPEAN)
def test_european_greek_and_cyrillic_names_print_exactly(printed, name):
    assert name in printed


def test_no_question_mark_where_the_names_are(printed):
    assert "?" not in printed and "\ufffd" not in printed


def test_hebrew_prints_right_to_left(printed):
    # The card draws the name's letters left to right in visual order: "הרש" (ש, the first letter, rightmost).
    assert clean(HEBREW) == "הרש"
    # pypdf reads a right-to-left run back right to left, so a name drawn in visual order comes out as typed,
    # and one drawn in typed order (not reordered) would come out backwards (see the control test below).
    assert HEBREW in printed
    assert HEBREW[::-1] not in printed


def test_arabic_prints_shaped_and_right_to_left(printed):
    # Shaped: each letter in its joining form (initial meem, medial hah, medial meem, final dal), the
    # presentation forms the font draws; the same letters as typed once normalised.
    shaped = arabic_reshaper.reshape(ARABIC)
    assert shaped == "\ufee3\ufea4\ufee4\ufeaa"
    assert unicodedata.normalize("NFKC", shaped) == ARABIC
    assert clean(ARABIC) == shaped[::-1]  # drawn in visual order
    # Extracted as pypdf reads right-to-left runs (back into typed order), through the fonts' text layer, which
    # gives each joined form its letter (fonts.typed_cmap): the letters as typed, so search and copy find the
    # name. Neither the joined forms nor the letters backwards (not reordered) are there.
    assert ARABIC in printed
    assert shaped not in printed
    assert ARABIC[::-1] not in printed


def test_the_control_a_name_drawn_in_typed_order_comes_out_backwards():
    """What the two tests above rule out: a right-to-left name drawn as typed extracts reversed."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.setFont(FONT, 12)
    canvas.drawString(50, 700, HEBREW)
    canvas.save()
    (text,) = pdf_pages(buffer.getvalue())
    assert HEBREW[::-1] in text and HEBREW not in text


@pytest.mark.parametrize("name", CJK)
def test_cjk_names_print_in_the_vendored_cjk_font(printed, name):
    assert all(fonts.fallback_for(ch) == "Fallback-WenQuanYiMicroHei" for ch in name)
    assert name in printed
    assert MISSING not in printed


@pytest.mark.parametrize("build", [tallies_text, results_text])
def test_without_any_cjk_font_every_cjk_character_is_a_white_square(monkeypatch, build):
    monkeypatch.setattr(fonts, "_fallbacks", [])  # as if the CJK font were gone: the square, never "?"
    text = build()
    for name in CJK:
        assert name not in text
        assert MISSING * len(name) in text
    assert "?" not in text
    assert all(name in text for name in EUROPEAN)


def test_every_pdf_embeds_its_unicode_fonts():
    content = tallies_pdf([make_tally(0, name=CJK[0]), make_tally(1, name=HEBREW)])[2]
    fonts_used = {}
    resources = cast(DictionaryObject, pdf_reader(content).pages[0]["/Resources"])
    for font in cast(DictionaryObject, resources["/Font"]).values():
        font = font.get_object()
        if font["/Subtype"] != "/TrueType":  # reportlab's initial Helvetica, listed but drawing nothing here
            continue
        descriptor = font["/FontDescriptor"].get_object()
        fonts_used[str(font["/BaseFont"]).split("+")[-1]] = "/FontFile2" in descriptor  # embedded, subset
    assert fonts_used == {"DejaVuSansCondensed-Bold": True, "DejaVuSansCondensed": True, "WenQuanYiMicroHei-0": True}


def test_a_long_right_to_left_name_is_shortened_at_its_end():
    long_name = " ".join([HEBREW] * 30)
    text, size = name_fit(long_name, FONT_BOLD, 15, 200, 0.75)
    assert size == 15 * 0.75 and "…" in text
    # drawn in visual order the name's start (שרה) is at the right; the ellipsis ends it on the left
    assert text.startswith("…") and text.endswith(clean(HEBREW))
    # on the card the name is printed whole (common.name_lines), on two lines, each read back as typed
    (page,) = pdf_pages(tallies_pdf([make_tally(0, name=long_name)])[2])
    half = " ".join([HEBREW] * 15)
    assert f"\n{half}\n{half}\n" in page and "…" not in page and "?" not in page


def test_a_name_joins_its_sentence_with_the_figure_outside_it():
    """A prize line: the name reordered on its own, so "(+100)" after it stays a left-to-right figure (pypdf's
    reading of a mixed line is no guide here: it turns the whole line round; the picture shows it right)."""
    assert sheets._names([(HEBREW, 100)]) == "הרש (+100)"
    assert sheets._names([(ARABIC, -50)]) == arabic_reshaper.reshape(ARABIC)[::-1] + " (\u221250)"
    assert sheets._names([("Zoë", 10), (HEBREW, 10)]) == "Zoë and הרש (+10 each)"

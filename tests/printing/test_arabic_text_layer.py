"""An Arabic name is drawn in its joined letters (presentation forms), yet a reader's search and copy find it
as typed: the fonts' text layer (ToUnicode) gives each joined form its letter (issue 25, item 12)."""

import dataclasses

import arabic_reshaper
import pytest

from tests.printing.factories import make_movement, make_score_cards, make_sheet, make_tally, pdf_pages
from tournaments.printing.cards import score_cards_pdf
from tournaments.printing.common import clean
from tournaments.printing.fonts import typed_cmap
from tournaments.printing.sheets import movement_pdf, results_pdf
from tournaments.printing.tallies import tallies_pdf

SARA = "سارة أحمد"
ALAA = "علاء"  # lam then alef: drawn as one ligature glyph, read back as its two letters


def test_the_name_is_drawn_in_joined_letters():
    # what the card draws: the joined forms in visual order, none of the letters as typed
    shaped = clean(SARA)
    assert shaped == arabic_reshaper.reshape(SARA)[::-1].replace("\u200f", "")
    assert not set(shaped) & set(SARA.replace(" ", ""))


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_a_tally_card_reads_back_as_typed(paper):
    card = make_tally(0, name=SARA)
    card = dataclasses.replace(card, lines=[dataclasses.replace(card.lines[0], partner=ALAA), *card.lines[1:]])
    (text,) = pdf_pages(tallies_pdf([card], paper)[2])
    assert SARA in text.split("\n")
    assert ALAA in text.split("\n")
    # the joined forms are not in the text layer any more, nor the name backwards
    assert arabic_reshaper.reshape(SARA) not in text and SARA[::-1] not in text
    assert "\ufefc" not in text and "\ufefb" not in text  # the lam-alef ligature


def test_the_sheets_and_score_cards_read_back_as_typed():
    sheet = make_sheet(4, rounds=2)
    sheet = dataclasses.replace(sheet, lines=[dataclasses.replace(sheet.lines[0], name=SARA), *sheet.lines[1:]])
    assert SARA in "\n".join(pdf_pages(results_pdf(sheet)[2]))
    moves = make_movement()
    moves[0] = dataclasses.replace(moves[0], name=SARA, partner=ALAA)
    text = "\n".join(pdf_pages(movement_pdf("Spring Party", 2, moves)[2]))
    assert SARA in text and ALAA in text
    card = make_score_cards(1)[0]
    card = dataclasses.replace(card, names={**card.names, "N": SARA})
    assert SARA in "\n".join(pdf_pages(score_cards_pdf([card])[2]))


def test_the_text_layer_maps_joined_forms_to_letters_and_leaves_the_rest():
    # code 1 is initial meem (U+FEE3): the letter meem (U+0645); code 2 the lam-alef ligature: two letters;
    # code 3 a Latin letter: itself
    cmap = typed_cmap("AAAAAA+DejaVuSansCondensed", [0, 0xFEE3, 0xFEFB, ord("Z")])
    assert "<00> <0000>" in cmap
    assert "<01> <0645>" in cmap
    assert "<02> <06440627>" in cmap
    assert "<03> <005A>" in cmap
    assert "4 beginbfchar" in cmap and cmap.count("endbfchar") == 1

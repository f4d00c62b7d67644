"""Tally cards: one per player, four or six to a page, marked and coloured by kind at a mixed party."""

import dataclasses
from typing import cast

import pytest
from django.utils import translation
from pypdf.generic import DictionaryObject

from tests.printing.factories import (
    DAY,
    make_tallies,
    make_tally,
    page_points,
    page_stream,
    pdf_pages,
    pdf_reader,
)
from tournaments.printing.data import TallyLine
from tournaments.printing.tallies import tallies_pdf


def test_file_name_and_type():
    filename, content_type, content = tallies_pdf(make_tallies(4))
    assert filename == "spring-party-tallies.pdf"
    assert content_type == "application/pdf"
    assert content.startswith(b"%PDF")


@pytest.mark.parametrize(("players", "per_page", "pages"), [(10, 4, 3), (8, 4, 2), (10, 6, 2), (6, 6, 1), (1, 4, 1)])
def test_cards_per_page(players, per_page, pages):
    _, _, content = tallies_pdf(make_tallies(players), per_page=per_page)
    assert len(pdf_pages(content)) == pages


def test_cards_fill_the_pages_in_order():
    pages = pdf_pages(tallies_pdf(make_tallies(10))[2])
    assert all(f"Player {i:03d}" in pages[0] for i in range(4))
    assert "Player 004" not in pages[0]
    assert "Player 007" in pages[1]
    assert "Player 008" in pages[2] and "Player 009" in pages[2]


@pytest.mark.parametrize(("pagesize", "points"), [("A4", (595, 842)), ("letter", (612, 792)), ("Letter", (612, 792))])
def test_page_size(pagesize, points):
    content = tallies_pdf(make_tallies(5), pagesize=pagesize)[2]
    assert page_points(content, 0) == points
    assert page_points(content, 1) == points


@pytest.mark.parametrize("pagesize", ["A5", "legal", ""])
def test_bad_page_size(pagesize):
    with pytest.raises(ValueError, match="A4"):
        tallies_pdf(make_tallies(1), pagesize=pagesize)


def test_bad_cards_per_page():
    with pytest.raises(ValueError):
        tallies_pdf(make_tallies(1), per_page=5)


def test_card_shows_party_player_first_seat_and_grid():
    card = make_tally(5, rounds=4, played=2)  # table 2, East; results +100, -200
    (text,) = pdf_pages(tallies_pdf([card])[2])
    assert "Spring Party" in text
    assert "Saturday 9 April 1938" in text
    assert "Player 005" in text
    assert "First round: Table 2, East" in text
    for heading in ("Round", "Table", "Seat", "Partner", "+ / –", "Running", "Total"):
        assert heading in text
    # prefilled rounds: partner, results and the running total; seats in words
    assert "Partner 5-1" in text and "Partner 5-2" in text
    assert "+100" in text and "−200" in text and "−100" in text
    # a row reads: round, table, seat in words, partner, result, running total
    assert "1\n2\nEast\nPartner 5-1\n+100\n+100\n" in text
    assert "2\n2\nWest\nPartner 5-2\n−200\n−100\n" in text
    assert " N\n" not in text and "\nN\n" not in text


def test_blank_rounds_and_no_total_yet():
    card = make_tally(0, rounds=3, played=0)
    (text,) = pdf_pages(tallies_pdf([card])[2])
    assert "Player 000" in text and "Total" in text
    assert "+" not in text.replace("+ / –", "")  # no results printed anywhere
    assert "Partner" in text and "Partner 0-" not in text


def test_total_at_the_foot():
    card = dataclasses.replace(make_tally(0, rounds=2, played=2), total=1234)
    (text,) = pdf_pages(tallies_pdf([card])[2])
    assert "+1,234" in text


def test_mixed_party_marks_ladies_and_gentlemen():
    cards = make_tallies(4, mixed=True)  # two ladies, two gentlemen
    (text,) = pdf_pages(tallies_pdf(cards)[2])
    assert text.count("GENTLEMAN") == 2
    assert text.replace("GENTLEMAN", "").count("LADY") == 2


def test_mixed_party_cards_come_in_two_colours():
    ladies = [c for c in make_tallies(4, mixed=True) if c.kind == "lady"]
    gentlemen = [c for c in make_tallies(4, mixed=True) if c.kind == "gentleman"]
    lady_stream = page_stream(tallies_pdf(ladies)[2])
    gentleman_stream = page_stream(tallies_pdf(gentlemen)[2])
    assert b".99 .92 .95 rg" in lady_stream and b".99 .92 .95 rg" not in gentleman_stream
    assert b".91 .95 .99 rg" in gentleman_stream and b".91 .95 .99 rg" not in lady_stream


def test_party_that_is_not_mixed_has_no_marks():
    (text,) = pdf_pages(tallies_pdf(make_tallies(4))[2])
    assert "LADY" not in text and "GENTLEMAN" not in text


def test_dashed_cut_lines():
    stream = page_stream(tallies_pdf(make_tallies(4))[2])
    assert b"[4 3] 0 d" in stream


def test_accents_and_minus_sign_print():
    card = make_tally(0, name="Zoë Lefèvre-Müller")
    line = TallyLine(1, 1, "N", "Céline Ørsted\u2212Smith", 400, 400)
    card = dataclasses.replace(card, lines=[line], total=400)
    (text,) = pdf_pages(tallies_pdf([card])[2])
    assert "Zoë Lefèvre-Müller" in text
    assert "Céline Ørsted\u2212Smith" in text  # printed as typed: the embedded font has the sign


def test_long_names_print_whole_on_two_lines():
    card = make_tally(0, name="Lady Augusta Wilhelmina Fortescue-Smythe of Much Binding in the Marsh, Esq.")
    (text,) = pdf_pages(tallies_pdf([card])[2])
    # smaller type, then a second line, broken after the hyphen: never cut, never an ellipsis
    assert "Lady Augusta Wilhelmina Fortescue-\nSmythe of Much Binding in the Marsh, Esq.\n" in text
    assert "…" not in text


def test_reprint_is_identical():
    cards = make_tallies(9, mixed=True)
    assert tallies_pdf(cards)[2] == tallies_pdf(list(cards))[2]


def test_no_cards_still_gives_a_page():
    filename, _, content = tallies_pdf([])
    assert filename == "party-tallies.pdf"
    (text,) = pdf_pages(content)
    assert "No tally cards" in text


def test_party_date_is_printed():
    assert DAY.year == 1938
    card = dataclasses.replace(make_tally(0), party_date=DAY.replace(day=31, month=12))
    (text,) = pdf_pages(tallies_pdf([card])[2])
    assert "Saturday 31 December 1938" in text


@pytest.mark.parametrize(
    "name", ["Łukasz Wójcik", "Σοφία Παπαδοπούλου", "Иван Петров", "Đorđe Đukić", "Ærøskøbing Ødegård"]
)
def test_every_european_name_prints_exactly_as_typed(name):
    card = make_tally(0, name=name)
    (text,) = pdf_pages(tallies_pdf([card])[2])
    assert name in text and "?" not in text


def test_a_name_the_font_cannot_draw_shows_a_visible_mark_never_a_question_mark():
    # Egyptian hieroglyphs: neither DejaVu nor any CJK fallback font has them (CJK names print in a fallback
    # font when one is installed: tests/printing/test_unicode_names.py).
    card = make_tally(0, name="\U00013000\U00013001\U00013002")
    (text,) = pdf_pages(tallies_pdf([card])[2])
    assert "□□□" in text and "?" not in text


def test_the_band_and_grid_are_drawn_once_and_placed_on_every_card():
    """What every card shares is one form per printout (a band for each kind, a grid for each number of rounds),
    so twelve cards draw three forms; each card places its band and its grid."""
    content = tallies_pdf(make_tallies(12, mixed=True))[2]
    reader = pdf_reader(content)
    resources = [cast(DictionaryObject, page["/Resources"]) for page in reader.pages]
    forms = {str(name) for each in resources for name in cast(DictionaryObject, each["/XObject"])}
    assert len(forms) == 3
    assert all(page_stream(content, i).count(b" Do") == 8 for i in range(3))


def test_cards_with_other_rounds_or_kinds_in_one_printout_each_get_their_own_grid():
    cards = [make_tally(0, rounds=2, played=2), make_tally(1, kind="lady", rounds=6, played=6), make_tally(2)]
    (text,) = pdf_pages(tallies_pdf(cards)[2])
    assert "Partner 0-2" in text and "Partner 0-3" not in text
    assert all(f"Partner 1-{r}" in text for r in range(1, 7))
    assert text.count("LADY") == 1 and text.count("Tally card") == 3


def test_nothing_worked_out_for_one_printout_carries_over_to_the_next():
    """Words, numbers and forms belong to one printout: the next one, in another language, style of numbers or
    paper, has its own."""
    card = dataclasses.replace(make_tally(5, rounds=4, played=2), total=1234)
    english = tallies_pdf([card])[2]
    with translation.override("fr"):
        french = tallies_pdf([card], "letter")[2]
    (text,) = pdf_pages(french)
    assert "Carte de parcours" in text and "Cumul" in text and "Premier tour\u202f: table 2, Est" in text
    assert "Tally card" not in text and "Running" not in text and "+1,234" not in text
    assert "+1 234" in text.replace("\xa0", " ").replace("\u202f", " ")
    assert page_points(french) == (612, 792)
    again = tallies_pdf([card])[2]
    assert again == english
    (text,) = pdf_pages(again)
    assert "Tally card" in text and "Running" in text and "+1,234" in text and "Carte" not in text
    assert page_points(again) == (595, 842)

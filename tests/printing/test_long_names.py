"""A long name is printed whole wherever a person looks for it: on her own tally card, on the movement sheet's
name column (the one guests search) and on the score cards; in smaller type, then on a second line, never cut,
never an ellipsis (issue 25, item 4). Each test reads the whole name back out of the PDF's text."""

import dataclasses

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.printing.factories import make_movement, make_score_cards, make_sheet, make_tally, pdf_pages
from tournaments.printing.cards import score_cards_pdf
from tournaments.printing.common import NAME_FLOOR, name_lines, text_width
from tournaments.printing.fonts import FONT, FONT_BOLD
from tournaments.printing.sheets import movement_pdf, results_pdf
from tournaments.printing.tallies import tallies_pdf

FORTY = "Maximiliana Theodora Wilhelmina von Hohe"
SIXTY = "Maximiliana Theodora Wilhelmina von Hohenzollern-Sigmaringen"
# (language, paper): English on A4, French on Letter
PRINTOUTS = [("en", "A4"), ("fr", "letter")]


def test_the_names_are_forty_and_sixty_characters():
    assert (len(FORTY), len(SIXTY)) == (40, 60)


def lines_of(text: str, name: str) -> list[str]:
    """The printed lines that make up the name, in order: the name whole, read back across its line breaks
    (a break after a hyphen joins without a space)."""
    lines = text.split("\n")
    for start, line in enumerate(lines):
        if not line or not name.startswith(line):
            continue
        taken, joined = [], ""
        for piece in lines[start:]:
            joined = f"{joined}{piece}" if not joined or joined.endswith("-") else f"{joined} {piece}"
            taken.append(piece)
            if joined == name:
                return taken
            if not name.startswith(joined):
                break
    raise AssertionError(f"{name!r} is not printed whole in {text!r}")


def printed(build, language: str) -> str:
    with translation.override(language):
        return "\n".join(pdf_pages(build()))


@pytest.mark.parametrize(
    "language, paper, name, lines",
    # A4's card is 243 points wide inside: 40 characters take two lines at 11.25 points; Letter's 252: one
    [("en", "A4", FORTY, 2), ("en", "A4", SIXTY, 2), ("fr", "letter", FORTY, 1), ("fr", "letter", SIXTY, 2)],
)
def test_her_own_tally_card_prints_her_name_whole(language, paper, name, lines):
    text = printed(lambda: tallies_pdf([make_tally(0, name=name)], paper)[2], language)
    assert len(lines_of(text, name)) == lines
    assert "…" not in text
    # the card is still whole below it: the first round, the grid and the total
    first = {"en": "First round: Table 1, North", "fr": "Premier tour : table 1, Nord"}[language]
    assert first in text.replace("\u202f", " ").replace("\xa0", " ")
    assert "\nPartner 0-2\n−200\n−100\n" in text and "\nTotal\n−100\n" in text


@pytest.mark.parametrize("language, paper", PRINTOUTS)
def test_a_long_partner_prints_whole_in_the_tally_grid(language, paper):
    card = make_tally(2)
    card = dataclasses.replace(
        card, lines=[dataclasses.replace(line, partner=SIXTY if line.table else "") for line in card.lines]
    )
    text = printed(lambda: tallies_pdf([card], paper)[2], language)
    assert "…" not in text
    lines_of(text, SIXTY)
    joined = text.replace("-\n", "-").replace("\n", " ")
    assert joined.count(SIXTY) == 2  # rounds 1 and 2, the rounds played


@pytest.mark.parametrize("language, paper", PRINTOUTS)
@pytest.mark.parametrize("mixed", [False, True])
def test_the_movement_sheet_prints_names_and_partners_whole(language, paper, mixed):
    moves = make_movement()
    moves[0] = dataclasses.replace(moves[0], name=FORTY, partner=SIXTY, kind="lady" if mixed else "")
    moves[1] = dataclasses.replace(moves[1], name=SIXTY, partner=FORTY, kind="gentleman" if mixed else "")
    if not mixed:
        moves = [dataclasses.replace(move, kind="") for move in moves]
    text = printed(lambda: movement_pdf("Spring Party", 2, moves, paper)[2], language)
    assert "…" not in text
    for name in (FORTY, SIXTY):
        assert 1 <= len(lines_of(text, name)) <= 2
    joined = text.replace("-\n", "-").replace("\n", " ")
    # each a name and a partner (the sixty characters begin with the forty)
    assert joined.count(SIXTY) == 2 and joined.count(FORTY) == 4


def test_on_a4_the_forty_character_name_stays_on_one_line_for_the_guests_search():
    moves = [dataclasses.replace(move, kind="") for move in make_movement()]
    moves[0] = dataclasses.replace(moves[0], name=FORTY)
    (text,) = pdf_pages(movement_pdf("Spring Party", 2, moves, "A4")[2])
    assert lines_of(text, FORTY) == [FORTY]


@pytest.mark.parametrize("language, paper", PRINTOUTS)
def test_score_cards_print_every_player_whole(language, paper):
    card = make_score_cards(1)[0]
    card = dataclasses.replace(card, names={**card.names, "N": FORTY, "E": SIXTY})
    text = printed(lambda: score_cards_pdf([card], paper)[2], language)
    assert "…" not in text
    assert len(lines_of(text, FORTY)) == 2
    assert 2 <= len(lines_of(text, SIXTY)) <= 3
    assert "S-player at 1" in text and "W-player at 1" in text


def test_a_name_that_fits_is_untouched():
    assert name_lines("Ada Brown", FONT_BOLD, 15, 240) == (["Ada Brown"], 15)


def test_smaller_type_first_then_a_second_line_at_no_less_than_the_floor():
    # 40 characters of bold are about 22.3 points at 1 point: at 15 points (334) they need 243 points at
    # 10.9 points, under three quarters of 15 (11.25): so two even lines at 11.25
    assert name_lines(FORTY, FONT_BOLD, 15, 243) == (["Maximiliana Theodora", "Wilhelmina von Hohe"], 11.25)
    one, size = name_lines(FORTY, FONT_BOLD, 15, 260)
    assert one == [FORTY] and 11.25 <= size < 15
    lines, size = name_lines(SIXTY, FONT_BOLD, 10.5, 122)
    assert lines == ["Maximiliana Theodora Wilhelmina", "von Hohenzollern-Sigmaringen"]
    assert size >= NAME_FLOOR


words = st.text(alphabet="abcdefghijklmnopqrstuvwxyzéøłß-", min_size=1, max_size=14).filter(
    lambda w: not w.startswith("-") and not w.endswith("-") and "--" not in w
)


@settings(max_examples=60, deadline=None)
@given(st.lists(words, min_size=1, max_size=8), st.floats(min_value=40, max_value=300))
def test_every_name_is_printed_whole_within_its_width(parts, width):
    name = " ".join(parts)
    lines, size = name_lines(name, FONT, 10, width)
    # nothing cut, nothing added: the lines are the name's letters in order (broken at a space, after a
    # hyphen or, for a word longer than the line, between letters)
    assert "".join(lines).replace(" ", "") == name.replace(" ", "")
    assert all(line == line.strip() and line for line in lines)
    assert all(text_width(line, FONT, size) <= width for line in lines)
    assert len(lines) <= 2 and size >= 1
    if len(lines) == 1:
        assert size >= 7.5 or text_width(name, FONT, 7.5) > width  # one line only down to three quarters


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_results_sheet_prints_a_long_partner_whole(language):
    """The results sheet's round columns name each round's partner: "Anne-Charlotte de la…" was cut there."""
    sheet = make_sheet(4, rounds=4)
    first = sheet.lines[0]
    rounds = [(r, table, seat, SIXTY, result) for r, table, seat, _partner, result in first.rounds]
    sheet = dataclasses.replace(sheet, lines=[dataclasses.replace(first, rounds=rounds), *sheet.lines[1:]])
    text = printed(lambda: results_pdf(sheet)[2], language)
    assert "…" not in text
    assert len(lines_of(text, SIXTY)) >= 2  # wrapped, not cut

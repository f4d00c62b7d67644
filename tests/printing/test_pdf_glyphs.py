"""Every script a guest's name may be in prints whole with the repo's own fonts: each letter of a Greek,
Cyrillic, Arabic, Hebrew, Chinese, Japanese and Korean name is drawn, on the tally card, the score card, the
movement sheet and the results sheet, in an embedded font whose glyph for it is the vendored font's outline
(not an empty box, not the white square). Read from the PDF's fonts and content streams (tests/printing/glyphs),
not only from the text a reader extracts.
"""

import dataclasses
import unicodedata
from pathlib import Path

import arabic_reshaper
import pytest

from tests.printing.factories import make_movement, make_score_cards, make_sheet, make_tally
from tests.printing.glyphs import Drawn, drawn, outline_of, same_glyph
from tournaments.printing import fonts
from tournaments.printing.cards import score_cards_pdf
from tournaments.printing.common import MISSING
from tournaments.printing.sheets import movement_pdf, results_pdf
from tournaments.printing.tallies import tallies_pdf

CJK_FILE = fonts.FONTS_DIR / "WenQuanYiMicroHei.ttc"
NAMES = {
    "Greek": "Ελένη",
    "Cyrillic": "Ольга",
    "Arabic": "فاطمة",
    "Hebrew": "שרה",
    "Chinese": "王小明",
    "Japanese": "山田花子",
    "Japanese kana": "さくら",
    "Korean": "김민준",
}
CJK = {"Chinese", "Japanese", "Japanese kana", "Korean"}


def tallies() -> bytes:
    return tallies_pdf([make_tally(i, name=name) for i, name in enumerate(NAMES.values())])[2]


def score_cards() -> bytes:
    names = list(NAMES.values())
    cards = [
        dataclasses.replace(card, names={seat: names[(4 * t + k) % len(names)] for k, seat in enumerate("NESW")})
        for t, card in enumerate(make_score_cards(2))
    ]
    return score_cards_pdf(cards)[2]


def movement() -> bytes:
    names = list(NAMES.values())
    lines = [
        dataclasses.replace(make_movement()[i % 4], name=name, partner=names[(i + 1) % len(names)])
        for i, name in enumerate(names)
    ]
    return movement_pdf("Spring Party", 1, lines)[2]


def results() -> bytes:
    sheet = make_sheet(len(NAMES), rounds=2)
    lines = [dataclasses.replace(line, name=name) for line, name in zip(sheet.lines, NAMES.values(), strict=True)]
    return results_pdf(dataclasses.replace(sheet, lines=lines, best_ladies=[], best_gentlemen=[], booby=[]))[2]


@pytest.fixture(scope="module", params=[tallies, score_cards, movement, results], ids=lambda build: build.__name__)
def printed(request: pytest.FixtureRequest) -> list[Drawn]:
    return drawn(request.param())


def expected_outlines(script: str, name: str, font: str) -> dict[str, bytes | None]:
    """Each letter of the name -> the outline the vendored font has for what is drawn for it: the letter itself,
    or for Arabic its joined form (initial feh, final alef, initial tah, medial meem, final teh marbuta)."""
    if script in CJK:
        return {ch: outline_of(CJK_FILE, ch) for ch in name}
    path = fonts.FONTS_DIR / f"{font}.ttf"
    forms = arabic_reshaper.reshape(name) if script == "Arabic" else name
    return {unicodedata.normalize("NFKC", form): outline_of(path, form) for form in forms}


def test_the_arabic_name_is_drawn_in_its_joined_forms() -> None:
    assert arabic_reshaper.reshape(NAMES["Arabic"]) == "\ufed3\ufe8e\ufec3\ufee4\ufe94"


@pytest.mark.parametrize("script", NAMES)
def test_every_letter_is_drawn_with_the_vendored_fonts_glyph(printed: list[Drawn], script: str) -> None:
    assert_drawn_whole(printed, script)


def assert_drawn_whole(printed: list[Drawn], script: str) -> None:
    """Each letter of the script's name is drawn, every time in its font with the vendored font's outline."""
    name = NAMES[script]
    for ch in name:
        runs = [d for d in printed if d.text == ch]
        assert runs, f"{ch!r} of {name} ({script}) is not drawn"
        for run in runs:
            if script in CJK:
                assert run.font == "WenQuanYiMicroHei-0", f"{ch!r} drawn in {run.font}"
            else:
                assert run.font.startswith("DejaVuSansCondensed"), f"{ch!r} drawn in {run.font}"
            wanted = expected_outlines(script, name, run.font)[ch]
            assert same_glyph(run.outline, wanted), f"{ch!r} of {name}: {run.font}'s glyph is not the vendored one"


def test_nothing_is_drawn_as_the_white_square(printed: list[Drawn]) -> None:
    assert [d for d in printed if d.text == MISSING] == []


def test_a_character_no_font_has_is_the_white_square_in_dejavu() -> None:
    """The control: the party popper emoji has no glyph in any vendored font (DejaVu has a few emoji, 😀 among
    them, not this one), so it is drawn as DejaVu's white square, one square where it stood."""
    printed = drawn(tallies_pdf([make_tally(0, name="Zoë \U0001f389")])[2])
    squares = [d for d in printed if d.text == MISSING]
    assert len(squares) == 1 and squares[0].font == "DejaVuSansCondensed-Bold" and squares[0].outline
    assert not any(d.text == "\U0001f389" for d in printed)


def test_only_the_repos_own_fonts_are_read() -> None:
    """No font outside the repository (a fresh machine has none): the fallback is the vendored file."""
    assert [path for path, _index in fonts.FALLBACK_FILES] == [CJK_FILE]
    assert all(path.is_file() and fonts.FONTS_DIR in path.parents for path, _index in fonts.FALLBACK_FILES)
    assert "/usr/share" not in Path(fonts.__file__).read_text()

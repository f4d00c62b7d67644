"""Every script a pair's name may be in prints whole on the knockout's printed matter too: the bracket PDF (the
results: plan, bracket, draws and score pads), one round's draw and pads, and the wall chart, after round 1 and
played to the end. Eight pairs, each named in one script (Latin, Greek, Cyrillic, Arabic, Hebrew, Chinese,
Japanese, Korean); each letter of the names is drawn in an embedded font whose glyph for it is the vendored
font's outline, every character drawn has a glyph in the font that draws it, and nothing is the white square.
Read from the PDF's fonts and content streams (tests/printing/glyphs), not only from the text a reader extracts.
"""

import datetime
import random

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import club_of
from tests.knockout.helpers import get_round, matches
from tests.knockout.long_names import kept_seeds
from tests.knockout.test_query_budgets import play_open_rounds
from tests.printing.glyphs import Drawn, drawn
from tests.printing.test_pdf_glyphs import NAMES, assert_drawn_whole
from tournaments.models import Knockout, KnockoutRound
from tournaments.printing.common import MISSING, clean, text_width
from tournaments.printing.fonts import FONT_BOLD
from tournaments.printing.knockout import chart, fit_lines
from tournaments.services import knockout as services

pytestmark = pytest.mark.django_db

# Each pair's second player, in the same script as its first (NAMES): the pair "Ελένη & Νίκος".
PARTNERS = {
    "Latin": "Zoë Müller",
    "Greek": "Νίκος",
    "Cyrillic": "Иван",
    "Arabic": "أحمد",
    "Hebrew": "דוד",
    "Chinese": "李华",
    "Japanese": NAMES["Japanese kana"],  # "山田花子 & さくら": the kana name too
    "Korean": "이서연",
}
FIRSTS = {"Latin": "Łucja Brzęczyszczykiewicz", **NAMES}
SCRIPTS = [script for script in FIRSTS if script != "Japanese kana"]  # eight pairs: four tables in round 1
PAIRS = [[FIRSTS[script], PARTNERS[script]] for script in SCRIPTS]
EVENT = "春季 knockout"  # the event's name is in every title and footer


def knockout(director, *, finished: bool) -> Knockout:
    """Round 1 played by totals (table 2 won by 10, so its loser is the best loser) and closed; then, when
    `finished`, every round after it played to the end, so the winners' boxes and the titles hold names too."""
    with kept_seeds():
        event = services.knockout_create(
            name=EVENT, date=datetime.date(2026, 12, 5), pairs=PAIRS, user=director, club=club_of(director)
        )
        services.knockout_draw(knockout=event, seed=11)
        for m in matches(get_round(event)):
            services.match_totals_record(match=m, ns=1000 + (10 if m.table == 2 else 100 * m.table), ew=1000)
        services.round_close(round_=get_round(event))
        rng = random.Random(5)
        while finished and KnockoutRound.objects.filter(knockout=event, status="playing").exists():
            play_open_rounds(event, rng)
    return event


def results(client: Client, event: Knockout) -> bytes:
    return client.get(reverse("knockout_bracket_pdf", args=[event.id])).content


def round_draw(client: Client, event: Knockout) -> bytes:
    return client.get(reverse("knockout_round_pdf", args=[event.id, "main", 1])).content


def wall_chart(client: Client, event: Knockout) -> bytes:
    return client.get(reverse("knockout_bracket_wall_pdf", args=[event.id])).content


PRINTS = {
    "results_after_round_1": (results, False),
    "results_finished": (results, True),
    "round_draw": (round_draw, False),
    "wall_chart_after_round_1": (wall_chart, False),
    "wall_chart_finished": (wall_chart, True),
}


@pytest.fixture(params=PRINTS)
def printed(request: pytest.FixtureRequest, client_in: Client, director) -> list[Drawn]:
    build, finished = PRINTS[request.param]
    content = build(client_in, knockout(director, finished=finished))
    assert content.startswith(b"%PDF")
    return drawn(content)


def test_every_letter_of_every_script_is_drawn_with_the_vendored_fonts_glyph(printed: list[Drawn]) -> None:
    for script in NAMES:
        assert_drawn_whole(printed, script)


def test_every_character_drawn_has_its_glyph_in_the_font_that_draws_it(printed: list[Drawn]) -> None:
    """Not only the names' letters: the titles, the captions, the totals. A space's glyph is empty."""
    empty = [d for d in printed if not d.outline and not d.text.isspace()]
    assert empty == []
    drawn_text = "".join(d.text for d in printed)
    for ch in "春季" + "".join(PARTNERS.values()).replace(" ", ""):
        assert ch in drawn_text, ch


def test_nothing_is_drawn_as_the_white_square(printed: list[Drawn]) -> None:
    assert [d for d in printed if d.text == MISSING] == []


def test_the_cjk_letters_are_in_the_fallback_font_and_the_rest_in_dejavu(printed: list[Drawn]) -> None:
    fonts = {d.font for d in printed}
    assert "WenQuanYiMicroHei-0" in fonts
    assert fonts <= {"WenQuanYiMicroHei-0", "DejaVuSansCondensed", "DejaVuSansCondensed-Bold",
                     "DejaVuSansCondensed-Oblique"}  # fmt: skip


def test_before_the_fallback_the_chinese_names_were_the_white_square(
    monkeypatch: pytest.MonkeyPatch, client_in: Client, director
) -> None:
    """The control: the wall chart drawn with the plain `clean` (no fallback fonts) shows a square for every CJK
    letter of the title and the names, so the tests above can tell the two apart."""
    monkeypatch.setattr(chart, "clean", lambda text, fallback=False: clean(text))
    printed = drawn(wall_chart(client_in, knockout(director, finished=False)))
    squares = [d for d in printed if d.text == MISSING]
    assert squares and all(d.font.startswith("DejaVuSansCondensed") for d in squares)
    assert not any(d.font == "WenQuanYiMicroHei-0" for d in printed)


# --- widths: a name is measured in the fonts that draw it ---------------------------------------------------------

CHINESE_PAIR = "王小明 & 山田花子"


def test_a_mixed_run_is_measured_in_each_runs_font() -> None:
    """Seven ideographs a full em each in WenQuanYi (70 pt at 10 pt), " & " in DejaVu Bold (14.106 pt): 84.106 pt;
    DejaVu alone would have measured its missing glyphs at 51.9 pt."""
    assert text_width(CHINESE_PAIR, FONT_BOLD, 10) == pytest.approx(70 + 14.1064453125)


def test_the_wall_charts_fitting_uses_the_mixed_width() -> None:
    # 80 pt wide: one line shrunk to 80 / 84.106 of 10 pt (two lines at 10 pt would not be 10% larger).
    size, lines = fit_lines(CHINESE_PAIR, FONT_BOLD, 10, 80, 30)
    assert lines == [CHINESE_PAIR] and size == pytest.approx(10 * 80 / 84.1064453125)
    # 60 pt wide: one line would be 7.1 pt, two lines print at 10 pt, broken at " & ".
    size, lines = fit_lines(CHINESE_PAIR, FONT_BOLD, 10, 60, 30)
    assert (size, lines) == (10, ["王小明 &", "山田花子"])
    assert all(text_width(line, FONT_BOLD, size) <= 60 for line in lines)
    # The wrap between words: "王小明" (42 pt at 14 pt) and "山田花子" (56 pt) on lines of their own at 60 pt.
    assert chart.wrap(CHINESE_PAIR, FONT_BOLD, 14, 60) == ["王小明 &", "山田花子"]
    assert chart.wrap(CHINESE_PAIR, FONT_BOLD, 14, 50) is None  # "山田花子" alone is wider: never cut

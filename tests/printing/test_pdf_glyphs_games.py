"""Every script a guest's name may be in prints whole on the games' own printed matter too: the Towie score
sheet and table card, the Boston sheet and the season's standings. Each letter of the Greek, Cyrillic, Arabic,
Hebrew, Chinese, Japanese and Korean names is drawn in an embedded font whose glyph for it is the vendored
font's outline, and nothing is drawn as the white square. A Towie table seats three to six and a Boston table
four, so the eight names sit at two tables, each table's PDF read in turn (tests/printing/glyphs).
"""

import datetime
from collections.abc import Callable
from decimal import Decimal

import pytest

from tests.printing.glyphs import Drawn, drawn
from tests.printing.test_pdf_glyphs import NAMES, assert_drawn_whole
from tournaments.printing import towie
from tournaments.printing.boston import BostonSheet, SettlementLine, SheetLine, boston_sheet_pdf
from tournaments.printing.common import MISSING, clean
from tournaments.printing.seasons import SeasonLine, SeasonSheet, season_pdf
from tournaments.printing.towie import (
    PaymentLine,
    SheetCell,
    SheetRow,
    TowieCardPrint,
    TowieSheetPrint,
    towie_card_pdf,
    towie_pdf,
)
from tournaments.printing.towie import SettlementLine as TowieSettlement

DAY = datetime.date(2026, 3, 6)
EVERYONE = list(NAMES.values())
TABLES = [EVERYONE[:4], EVERYONE[4:]]  # Greek, Cyrillic, Arabic, Hebrew; then the CJK names


def towie_sheet(players: list[str]) -> bytes:
    """A deal declared by the second player, who wins the rubber; the first pays the second."""
    cells = tuple(SheetCell(620 if i == 1 else 0, 620 if i == 1 else 0, False, "seated") for i in range(4))
    settlement = tuple(
        TowieSettlement(name, 620 if i == 1 else 0, 600 if i == 1 else 0, 450 if i == 1 else -150, None)
        for i, name in enumerate(players)
    )
    sheet = TowieSheetPrint(
        name="Table 1",
        day=DAY,
        party_name="Spring party",
        players=tuple(players),
        rows=(SheetRow(1, players[0], f"{players[1]}: 4 spades, 10 tricks", cells, 1, players[1]),),
        totals=(0, 620, 0, 0),
        settlement=settlement,
        payments=(PaymentLine(players[0], players[1], 150, Decimal("0.15")),),
    )
    return towie_pdf(sheet)[2]


def towie_card(players: list[str]) -> bytes:
    card = TowieCardPrint("Table 1", DAY, "Spring party", tuple(players), "https://example.com/towie/t/abc/")
    return towie_card_pdf(card)[2]


def boston(players: list[str]) -> bytes:
    line = SheetLine("1", players[0], f"{players[1]}: 8 tricks in hearts", [f"{players[1]} pays 23"], [(0, 0)] * 4, "")
    sheet = BostonSheet(
        title="Thursday Boston",
        variant="Boston, English tables",
        players=players,
        day=DAY,
        lines=[line],
        settlement=[SettlementLine(name, 0, "0 red, 0 white", "") for name in players],
        payments=[f"{players[2]} pays {players[3]} 5"],
    )
    return boston_sheet_pdf(sheet)[2]


def season() -> bytes:
    lines = [SeasonLine(str(i), name, str(10 - i), 1, [str(10 - i)]) for i, name in enumerate(EVERYONE, 1)]
    sheet = SeasonSheet("Season 2026", "Points by place", [("Spring party", DAY)], lines, EVERYONE[2:4], EVERYONE[4:6])
    return season_pdf(sheet)[2]


def at_each_table(build: Callable[[list[str]], bytes]) -> Callable[[], list[Drawn]]:
    def read() -> list[Drawn]:
        return [d for players in TABLES for d in drawn(build(players))]

    read.__name__ = build.__name__
    return read


BUILDERS = [at_each_table(towie_sheet), at_each_table(towie_card), at_each_table(boston), lambda: drawn(season())]


@pytest.fixture(scope="module", params=BUILDERS, ids=["towie_sheet", "towie_card", "boston", "season"])
def printed(request: pytest.FixtureRequest) -> list[Drawn]:
    return request.param()


@pytest.mark.parametrize("script", NAMES)
def test_every_letter_is_drawn_with_the_vendored_fonts_glyph(printed: list[Drawn], script: str) -> None:
    assert_drawn_whole(printed, script)


def test_nothing_is_drawn_as_the_white_square(printed: list[Drawn]) -> None:
    assert [d for d in printed if d.text == MISSING] == []


def test_before_the_fallback_the_chinese_name_was_the_white_square(monkeypatch: pytest.MonkeyPatch) -> None:
    """The control: the same Towie card drawn with the plain `clean` (no fallback fonts) shows a square for each
    CJK letter, so the tests above can tell the two apart."""
    monkeypatch.setattr(towie, "clean", lambda text, fallback=False: clean(text))
    squares = [d for d in drawn(towie_card(TABLES[1])) if d.text == MISSING]
    assert len(squares) == sum(len(name) for name in TABLES[1]) == 13

"""The printed Boston sheet: the running sheet deal by deal, the pools, and the final settlement.

The builder takes plain data (`BostonSheet`, filled by tournaments/presentation/boston.py) and returns
(filename, content_type, bytes); it knows nothing of the database or the rules. Its own words and
figures are in the language and style of the moment: the view builds it within
`l10n.printed_for(club)`, so the sheet speaks the club's language, on the club's paper.
"""

from dataclasses import dataclass, field
from datetime import date
from xml.sax.saxutils import escape

from django.utils import dateformat
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from tournaments.l10n import signed
from tournaments.printing.common import PDF, TableCommand, build_document, clean, filename, markup, page_size
from tournaments.printing.fonts import FONT, FONT_BOLD

MARGIN = 30
TITLE = ParagraphStyle("b-title", fontName=FONT_BOLD, fontSize=17, leading=21, spaceAfter=2)
SUBTITLE = ParagraphStyle("b-subtitle", fontName=FONT, fontSize=10, leading=13, spaceAfter=6)
HEADING = ParagraphStyle("b-heading", fontName=FONT_BOLD, fontSize=12, leading=15, spaceBefore=8, spaceAfter=4)
BODY = ParagraphStyle("b-body", fontName=FONT, fontSize=9.5, leading=12)
CELL = ParagraphStyle("b-cell", fontName=FONT, fontSize=8, leading=9.6)
CELL_HEAD = ParagraphStyle("b-cell-head", fontName=FONT_BOLD, fontSize=8, leading=9.6)
FIGURE = ParagraphStyle("b-figure", fontName=FONT, fontSize=8.5, leading=10, alignment=2)
GREY = colors.Color(0.6, 0.6, 0.6)


@dataclass(frozen=True)
class SheetLine:
    number: str  # "5", "33 double", or "End"
    dealer: str
    what: str
    payments: list[str]
    cells: list[tuple[int, int]]  # (this deal, running total) for each player, in seat order
    pools: str


@dataclass(frozen=True)
class SettlementLine:
    player: str
    counters: int
    red_white: str  # "43 red, 5 white"
    money: str  # "" when they play for counters only


@dataclass(frozen=True)
class BostonSheet:
    title: str
    variant: str
    players: list[str]
    day: date | None = None
    party: str = ""
    counters: str = ""  # what a counter is worth
    house: list[tuple[str, str]] = field(default_factory=list)  # the club's choices
    book: list[str] = field(default_factory=list)  # what the book fixes
    progress: str = ""
    lines: list[SheetLine] = field(default_factory=list)
    pools: str = ""
    finished: bool = False
    settlement: list[SettlementLine] = field(default_factory=list)
    payments: list[str] = field(default_factory=list)
    problem: str = ""


def _text(text: object, font: str = FONT) -> str:
    """Paragraph markup for a text in `font`, each run in a font that draws it (a Chinese name in the fallback)."""
    return markup(clean(text, fallback=True), font)


def _p(text: str, style: ParagraphStyle = BODY) -> Paragraph:
    return Paragraph(_text(text, style.fontName), style)


def _listed(template: str, names: list[str], style: ParagraphStyle = BODY) -> Paragraph:
    """ "Players, clockwise: Ann, فاطمة, …": each name cleaned on its own, so right-to-left names keep their order."""
    listed = ", ".join(clean(name, fallback=True) for name in names)
    return Paragraph(markup(clean(template, fallback=True) % {"players": listed}, style.fontName), style)


def _long_date(day: date | None) -> str:
    """ "Saturday 28 November 2026", "samedi 28 novembre 2026": the day and month named in the language."""
    if day is None:
        return ""
    # Translators: a Django date format (https://docs.djangoproject.com/en/5.2/ref/templates/builtins/#date):
    # l the weekday, j the day, F the month, Y the year; a backslash keeps a letter as it is.
    return dateformat.format(day, pgettext("the printed Boston sheet's date", "l j F Y"))


def _grid(extra: list[TableCommand] | None = None) -> TableStyle:
    return TableStyle(
        [
            ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.88, 0.88, 0.88)),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.Color(0.96, 0.96, 0.96)]),
            ("GRID", (0, 0), (-1, -1), 0.4, GREY),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            *(extra or []),
        ]
    )


def _figures(net: int, total: int) -> Paragraph:
    return Paragraph(f"{escape(signed(net))}<br/><b>{escape(signed(total))}</b>", FIGURE)


def _running_sheet(sheet: BostonSheet, width: float) -> Table:
    player_width = 54
    fixed = 34 + 52 + 66 + player_width * len(sheet.players)
    rest = width - fixed
    widths = [34, 52, rest * 0.42, rest * 0.58] + [player_width] * len(sheet.players) + [66]
    head = [pgettext("bridge deal", "Deal"), _("Dealer"), _("What happened"), _("Who pays whom")]
    head += list(sheet.players) + [_("Pool(s) after")]
    rows: list[list[Flowable | str]] = [[_p(text, CELL_HEAD) for text in head]]
    for line in sheet.lines:
        rows.append(
            [
                _p(line.number, CELL),
                _p(line.dealer, CELL),
                _p(line.what, CELL),
                Paragraph("<br/>".join(_text(text, CELL.fontName) for text in line.payments), CELL),
                *[_figures(net, total) for net, total in line.cells],
                _p(line.pools, CELL),
            ]
        )
    extra: list[TableCommand] = []
    if not sheet.lines:
        rows.append([_p(_("No deals yet."), CELL), *[""] * (len(head) - 1)])
        extra.append(("SPAN", (0, 1), (-1, 1)))
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(_grid(extra))
    return table


def _settlement(sheet: BostonSheet, width: float) -> list[Flowable]:
    heading = _("Final settlement") if sheet.finished else _("Standing so far (the game is not finished)")
    has_money = any(line.money for line in sheet.settlement)
    head = [_("Player"), _("Counters won (+) or lost (−)"), _("In red and white")] + ([_("Money")] if has_money else [])
    rows = [[_p(text, CELL_HEAD) for text in head]]
    for line in sheet.settlement:
        cells = [_p(line.player, CELL), _p(signed(line.counters), FIGURE), _p(line.red_white, CELL)]
        rows.append(cells + ([_p(line.money, FIGURE)] if has_money else []))
    widths = [width * 0.3, width * 0.2, width * 0.3] + ([width * 0.2] if has_money else [])
    table = Table(rows, colWidths=widths)
    table.setStyle(_grid())
    story: list[Flowable] = [_p(heading, HEADING), table]
    if sheet.payments:
        story += [_p(_("To settle up:"), CELL_HEAD)] + [_p(text, BODY) for text in sheet.payments]
    return [KeepTogether(story)]


def _house(sheet: BostonSheet, width: float) -> list[Flowable]:
    story: list[Flowable] = [_p(_("House settings: the club's choice (the book gives no figure)"), HEADING)]
    if sheet.house:
        rows = [[_p(label, CELL_HEAD), _p(value, CELL)] for label, value in sheet.house]
        table = Table(rows, colWidths=[width * 0.3, width * 0.7])
        table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.4, GREY), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
        story.append(table)
    story += [_p(text, CELL) for text in sheet.book]
    return story


def boston_sheet_pdf(sheet: BostonSheet, *, pagesize: str = "A4") -> tuple[str, str, bytes]:
    """The running sheet (landscape) with the pools, the house settings and the settlement.

    `pagesize` is the club's paper, "A4" or "letter".
    """
    size = landscape(page_size(pagesize))
    width = size[0] - 2 * MARGIN
    parts = (clean(sheet.variant), clean(_long_date(sheet.day)), clean(sheet.party, fallback=True))
    subtitle = " · ".join(text for text in parts if text)
    story: list[Flowable] = [
        _p(sheet.title, TITLE),
        Paragraph(markup(subtitle, FONT), SUBTITLE),
        _listed(_("Players, clockwise: %(players)s"), sheet.players),
        _p(sheet.counters, BODY),
        _p(sheet.progress, BODY),
    ]
    if sheet.problem:
        story.append(_p(sheet.problem, CELL_HEAD))
    story += [
        Spacer(1, 6),
        _running_sheet(sheet, width),
        _p(_("Pool(s) on the table: %(pools)s") % {"pools": sheet.pools}, BODY),
    ]
    story += _settlement(sheet, width) + _house(sheet, width)
    title = f"{sheet.title} · {sheet.variant}"
    content = build_document(story, size, title, margin=MARGIN)
    return filename(sheet.title, "boston-sheet", "pdf"), PDF, content

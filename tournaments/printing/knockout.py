"""The knockout's printed matter: the bracket, the draw per round and a rubber score pad per match (PDF),
and the results workbook with every match and every deal (XLSX).

Rules: docs/rules/rubber-knockout.md ("What the director needs"). The builders take the plain data below
(built by tournaments/selectors/knockout.py) and return (filename, content_type, bytes); no ORM here.
They print in the active language and style of numbers (the views call them, and the selectors that feed them,
inside `l10n.printed_for(club)`), on the paper they are given: `pagesize` "A4" or "letter" (the club's).
"""

import io
import math
from dataclasses import dataclass, field
from datetime import date
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy
from openpyxl import Workbook as XlsxWorkbook
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from tournaments import l10n
from tournaments.printing.common import (
    PDF,
    SIDE_WORDS,
    XLSX,
    TableCommand,
    build_document,
    clean,
    filename,
    long_date,
    page_size,
    side_word,
    slug,
    vulnerable_word,
)
from tournaments.printing.fonts import FONT, FONT_BOLD, FONT_ITALIC
from tournaments.printing.workbook import new_sheet, put_row

SIDE_SHORT = SIDE_WORDS  # "N–S", "E–W" in the printout's language (lazy)
UNFINISHED_RULE = gettext_lazy(
    "After the last deal, an unfinished rubber scores 300 to a side with a game in it and 50 to a side with a "
    "part score in the unfinished game. The higher total wins the match; the margin is the difference."
)
BRACKET_WORDS = {"main": pgettext_lazy("bracket", "Main"), "consolation": pgettext_lazy("bracket", "Consolation")}


def bracket_word(bracket: str) -> str:
    """ "main" -> "Main" in the printout's language."""
    return str(BRACKET_WORDS[bracket]) if bracket in BRACKET_WORDS else bracket.capitalize()


@dataclass(frozen=True)
class PlanRow:
    bracket: str
    stage: str
    tables: int
    who: str


@dataclass(frozen=True)
class PadLine:
    number: int
    contract: str  # "4S", "3NX", "PASS"
    declarer: str  # seat
    tricks: int
    honours: str  # "NS100" or ""
    vulnerable: str  # before the deal: "none", "NS", "EW", "both"
    ns_above: int
    ns_below: int
    ew_above: int
    ew_below: int
    ns_running: int
    ew_running: int
    notes: str


@dataclass(frozen=True)
class MatchSheet:
    round_title: str
    table: int
    ns: str
    ew: str
    seats: dict[str, str]  # seat -> player
    deals_allowed: int
    lines: list[PadLine]  # the deals entered (none when only the totals were)
    finish_ns: int | None  # the unfinished-rubber bonuses, once the last deal is in
    finish_ew: int | None
    ns_total: int | None
    ew_total: int | None
    finished: bool
    winner: str
    margin: int | None
    decided_by: str  # "", "a cut", "one more deal"
    best_loser: bool  # the loser went on as best loser
    entry: str  # "", "deals", "totals"
    progress: str = ""  # how the match stands, in words: "3 of 8 deals in", "one more deal"

    @property
    def loser(self) -> str:
        if not self.winner:
            return ""
        return self.ew if self.winner == self.ns else self.ns


@dataclass(frozen=True)
class DrawRound:
    title: str
    bracket: str
    number: int
    closed: bool
    arranged: bool
    draw_seed: int | None
    matches: list[MatchSheet]
    cut_note: str = ""


@dataclass(frozen=True)
class FreePair:
    """A pair knocked out after the main first round, at the free tables."""

    name: str
    how: str  # "lost the semi-final"


@dataclass(frozen=True)
class KnockoutBook:
    name: str
    date: date
    plan: list[PlanRow]
    plan_note: str
    rounds: list[DrawRound]
    winners: dict[str, str] = field(default_factory=dict)  # bracket -> pair
    runners_up: dict[str, str] = field(default_factory=dict)
    free: list[FreePair] = field(default_factory=list)  # knocked out, playing rubber bridge, in the order they went

    @property
    def free_tables(self) -> list[tuple[FreePair, FreePair | None]]:
        """Two to a table, in the order they went out; an odd one waits for the next."""
        return [
            (self.free[i], self.free[i + 1] if i + 1 < len(self.free) else None) for i in range(0, len(self.free), 2)
        ]


# --- the bracket drawn (the wall chart, and the same boxes and lines on the bracket page) ----------------------
#
# Positions are in units down the page: a first-round match takes one unit, a box of round c 2**c units, and a
# match sits halfway between the two boxes it is fed from. "Half-units" (start + end) give a box's middle.


@dataclass(frozen=True)
class ChartPair:
    name: str
    total: int | None = None
    won: bool = False
    came_up: bool = False  # came into this round as a best loser
    went_up: bool = False  # lost here, and went on as a best loser


@dataclass(frozen=True)
class ChartBox:
    kind: str  # "match", "to_come" (not drawn yet), "best_loser" (a best loser going up), "best_loser_to_come"
    column: int  # 0 for the bracket's first round
    start: int  # the units it spans, top to bottom
    end: int
    table: int | None = None  # a match's table; a best loser's: where it lost
    pairs: tuple[ChartPair, ...] = ()  # a match: North–South, East–West
    status: str = ""  # a match: not_started, playing, tied, won
    note: str = ""  # a match: how it stands, in words
    pair: str = ""  # a best loser's box: the pair
    lost_by: int | None = None

    @property
    def number(self) -> int:
        """The bracket's round number."""
        return self.column + 1

    @property
    def fed(self) -> bool:
        """A match of a later round: lines come into it from the two boxes it is fed from."""
        return self.column > 0 and self.kind in ("match", "to_come")

    @property
    def middle(self) -> int:
        """In half-units."""
        return self.start + self.end

    # On the page: a grid of two rows a unit under a row of headings, a gap column after each round's column.
    @property
    def grid_column(self) -> int:
        return 2 * self.column + 1

    @property
    def row_start(self) -> int:
        return 2 * self.start + 2

    @property
    def row_end(self) -> int:
        return 2 * self.end + 2


@dataclass(frozen=True)
class ChartJoin:
    """The line from a box into the match it feeds (the upper or the lower half of the bracket's "]")."""

    column: int  # the fed match's column: the line runs in the gap before it
    child: int  # the feeding box's middle, in half-units
    parent: int  # the fed match's middle
    best_loser: bool = False  # a best loser's way up

    @property
    def upper(self) -> bool:
        return self.child < self.parent

    @property
    def grid_column(self) -> int:
        return 2 * self.column

    @property
    def row_start(self) -> int:
        return min(self.child, self.parent) + 2

    @property
    def row_end(self) -> int:
        return max(self.child, self.parent) + 2


@dataclass(frozen=True)
class ChartColumn:
    stage: str  # "Round 1", "Semi-final", "Final"
    tables: int
    who: str  # who plays, in plain words
    number: int
    drawn: bool

    @property
    def grid_column(self) -> int:
        return 2 * self.number - 1


@dataclass(frozen=True)
class ChartSide:
    bracket: str  # "main" or "consolation"
    title: str
    columns: list[ChartColumn]
    boxes: list[ChartBox]
    joins: list[ChartJoin]
    units: int
    final_start: int = 0  # the units of the final's box (the winner's box sits level with it)
    final_end: int = 1
    winner: str = ""
    runner_up: str = ""

    @property
    def rows(self) -> int:
        return 2 * self.units

    @property
    def winner_column(self) -> int:
        return 2 * len(self.columns) + 1

    @property
    def winner_row_start(self) -> int:
        return 2 * self.final_start + 2

    @property
    def winner_row_end(self) -> int:
        return 2 * self.final_end + 2


@dataclass(frozen=True)
class BracketChart:
    name: str
    date: date
    sides: list[ChartSide]
    note: str = ""  # the plan's note or problem


def honours_short(code: str) -> str:
    """ "NS100" -> "100 N–S" (the pad's narrow column); "" for none."""
    side, points = (code or "")[:2].upper(), (code or "")[2:]
    return f"{points} {side_word(side)}" if side in SIDE_SHORT and points.isdigit() else (code or "")


def honours_long(code: str) -> str:
    """ "NS100" -> "100 to N–S" (the workbook); "" for none."""
    side, points = (code or "")[:2].upper(), (code or "")[2:]
    if side in SIDE_SHORT and points.isdigit():
        return _("%(points)s to %(side)s") % {"points": points, "side": side_word(side)}
    return code or ""


def _number(value: int | None) -> str:
    """1,250 in the printout's style of numbers (1 250 in French, 1.250 in German and Dutch); "" for none."""
    return "" if value is None else l10n.number(value)


def _knockout_filename(name: str, what: str, extension: str) -> str:
    """ "Spring night", "knockout" -> "spring-night-knockout.pdf"; an event already called a knockout keeps one
    "knockout": "Spring knockout" -> "spring-knockout.pdf", "spring-knockout-results.xlsx"."""
    named = slug(name)
    if (named == "knockout" or named.endswith("-knockout")) and (what == "knockout" or what.startswith("knockout-")):
        what = what.removeprefix("knockout").lstrip("-")
    return filename(name, what, extension) if what else f"{named}.{extension}"


def _event_title(name: str) -> str:
    """ "Spring night – knockout"; an event already called a knockout is not called so twice."""
    called = name.casefold().rstrip()
    if called.endswith("knockout") or called.endswith(pgettext("a knockout evening", "knockout").casefold()):
        return name
    return _("%(name)s – knockout") % {"name": name}


# --- PDF ------------------------------------------------------------------------------------------------------

MARGIN = 36
TITLE = ParagraphStyle("title", fontName=FONT_BOLD, fontSize=18, leading=22, spaceAfter=2)
SUBTITLE = ParagraphStyle("subtitle", fontName=FONT, fontSize=10.5, leading=14, spaceAfter=8)
HEADING = ParagraphStyle("heading", fontName=FONT_BOLD, fontSize=14, leading=18, spaceBefore=10, spaceAfter=4)
SUBHEADING = ParagraphStyle("subheading", fontName=FONT_BOLD, fontSize=11.5, leading=14, spaceBefore=8, spaceAfter=3)
BODY = ParagraphStyle("body", fontName=FONT, fontSize=10.5, leading=14)
NOTE = ParagraphStyle("note", fontName=FONT_ITALIC, fontSize=8.5, leading=10.5, spaceAfter=4)
GREY = colors.Color(0.6, 0.6, 0.6)
HEAD_FILL = colors.Color(0.88, 0.88, 0.88)
MARK_FILL = colors.Color(1, 0.95, 0.85)


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(escape(clean(text)), style)


def _grid(font_size: float, extra: list[TableCommand] | None = None) -> TableStyle:
    return TableStyle(
        [
            ("FONT", (0, 0), (-1, 0), FONT_BOLD, font_size),
            ("FONT", (0, 1), (-1, -1), FONT, font_size),
            ("BACKGROUND", (0, 0), (-1, 0), HEAD_FILL),
            ("GRID", (0, 0), (-1, -1), 0.4, GREY),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            *(extra or []),
        ]
    )


def bracket_pdf(book: KnockoutBook, *, pagesize: str = "A4") -> tuple[str, str, bytes]:
    """The bracket (every match's totals and margin, best losers marked, the winners), then the draw of each
    round, then a rubber score pad for each match."""
    size = page_size(pagesize)
    width = size[0] - 2 * MARGIN
    title = _event_title(book.name)
    story: list[Flowable] = [_p(title, TITLE), _p(long_date(book.date), SUBTITLE)]
    story += _plan(book, width)
    story += _winners(book)
    for bracket in ("main", "consolation"):
        rounds = [r for r in book.rounds if r.bracket == bracket]
        if rounds:
            story.append(_p(_("Main tournament") if bracket == "main" else _("Consolation tournament"), HEADING))
            story += [KeepTogether(_bracket_round(r, width)) for r in rounds]
    if book.free:
        story += [_p(_("Free tables (knocked out: rubber bridge until the end)"), HEADING)]
        story += [_p(_free_table(number, a, b), BODY) for number, (a, b) in enumerate(book.free_tables, start=1)]
    for round_ in book.rounds:
        story += [PageBreak(), *_draw(book, round_, width)]
    story += _pads(book, width)
    return _knockout_filename(book.name, "knockout", "pdf"), PDF, build_document(story, size, title)


def _free_table(number: int, a: FreePair, b: FreePair | None) -> str:
    first = f"{a.name} ({a.how})"
    if b is None:
        return _("Free table %(number)s: %(pair)s, waiting for another pair") % {"number": number, "pair": first}
    return _("Free table %(number)s: %(pair)s v %(other)s") % {
        "number": number, "pair": first, "other": f"{b.name} ({b.how})"
    }  # fmt: skip


def draw_pdf(book: KnockoutBook, *, pagesize: str = "A4") -> tuple[str, str, bytes]:
    """One round (the book's rounds): the draw, large, then its score pads to hand to the tables."""
    size = page_size(pagesize)
    width = size[0] - 2 * MARGIN
    story: list[Flowable] = []
    for i, round_ in enumerate(book.rounds):
        story += [PageBreak()] if i else []
        story += _draw(book, round_, width)
    if not book.rounds:
        story.append(_p(_("No round is drawn yet."), BODY))
    story += _pads(book, width)
    what = "draw" if len(book.rounds) != 1 else f"{book.rounds[0].bracket}-round-{book.rounds[0].number}-draw"
    title = _("%(name)s – the draw") % {"name": book.name}
    return _knockout_filename(book.name, what, "pdf"), PDF, build_document(story, size, title)


def _plan(book: KnockoutBook, width: float) -> list[Flowable]:
    if not book.plan:
        return [_p(book.plan_note or _("No plan yet: the pairs are not in."), BODY)]
    rows = [[_("Bracket"), _("Round"), _("Tables"), _("Who plays")]]
    rows += [[bracket_word(r.bracket), r.stage, _number(r.tables), clean(r.who)] for r in book.plan]
    widths = [0.16 * width, 0.16 * width, 0.1 * width, 0.58 * width]
    story: list[Flowable] = [
        _p(_("The plan"), SUBHEADING),
        Table(rows, colWidths=widths, hAlign="LEFT", style=_grid(9.5)),
    ]
    if book.plan_note:
        story.append(_p(book.plan_note, NOTE))
    return story


def _winners(book: KnockoutBook) -> list[Flowable]:
    lines: list[Flowable] = []
    for bracket in ("main", "consolation"):
        if bracket in book.winners:
            figures = {"pair": book.winners[bracket], "runner": book.runners_up.get(bracket)}
            if bracket == "main":
                words = _("Winners: %(pair)s (runners-up: %(runner)s)") if figures["runner"] else _("Winners: %(pair)s")
            elif figures["runner"]:
                words = _("Consolation winners: %(pair)s (runners-up: %(runner)s)")
            else:
                words = _("Consolation winners: %(pair)s")
            lines.append(_p(words % figures, BODY))
    return lines


def _note(m: MatchSheet) -> str:
    if not m.entry:
        return _("not started")
    if not m.finished:
        return m.progress or _("playing")
    if not m.winner:
        return _("tied: to decide")
    return m.decided_by


def shrunk(text: str, font: str, size: float, width: float, smallest: float) -> float:
    """The largest size from `size` down to `smallest` at which the text fits the width on one line
    (`smallest` when even that is too wide: the caller wraps it then)."""
    fits = stringWidth(text, font, size)
    if fits <= width:
        return size
    return max(smallest, size * width / fits)


CELL_PADDING = 12  # a table cell's left and right padding (reportlab's default, 6 each)


def _cell(text: str, font: str, size: float, width: float) -> Paragraph:
    """A table cell's text in full, for a column `width` wide: shrunk to fit one line (to 70% of the size), else
    wrapped. Never cut."""
    text = clean(text)
    small = shrunk(text, font, size, width - CELL_PADDING - 0.5, 0.7 * size)
    style = ParagraphStyle("cell", fontName=font, fontSize=small, leading=small * 1.15)
    return Paragraph(escape(text), style)


def _bracket_round(round_: DrawRound, width: float) -> list[Flowable]:
    """One round of the bracket: the winner in bold, a best loser who goes on marked with a star."""
    widths = [w * width for w in (0.06, 0.29, 0.08, 0.29, 0.08, 0.08, 0.12)]
    rows: list[list[Flowable | str]] = [
        [_("Table"), _("North–South"), _("Total"), _("East–West"), _("Total"), _("Margin"), ""]
    ]
    extra: list[TableCommand] = [
        ("ALIGN", (2, 0), (2, -1), "RIGHT"),
        ("ALIGN", (4, 0), (5, -1), "RIGHT"),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
    ]
    for i, m in enumerate(round_.matches, start=1):
        names = {m.ns: m.ns, m.ew: m.ew}
        if m.best_loser:
            names[m.loser] = f"{m.loser} *"
            extra.append(("BACKGROUND", (0, i), (-1, i), MARK_FILL))
        font = {side: FONT_BOLD if m.winner and m.winner == side else FONT for side in (m.ns, m.ew)}
        rows.append(
            [
                _number(m.table),
                _cell(names[m.ns], font[m.ns], 9, widths[1]),
                _number(m.ns_total),
                _cell(names[m.ew], font[m.ew], 9, widths[3]),
                _number(m.ew_total),
                _number(m.margin),
                _cell(_note(m), FONT, 8, widths[6]),
            ]
        )
    story: list[Flowable] = [
        _p(round_.title if round_.closed else _("%(round)s (playing)") % {"round": round_.title}, SUBHEADING)
    ]
    story.append(Table(rows, colWidths=widths, hAlign="LEFT", repeatRows=1, style=_grid(9, extra)))
    if any(m.best_loser for m in round_.matches):
        story.append(_p(_("* best loser: lost by the smallest margin and goes on with the winners."), NOTE))
    if round_.cut_note:
        story.append(_p(round_.cut_note, NOTE))
    return story


def _draw(book: KnockoutBook, round_: DrawRound, width: float) -> list[Flowable]:
    if round_.arranged:
        how = _("arranged by the director")
    else:
        how = _("drawn at random (draw number %(seed)s)") % {"seed": round_.draw_seed}
    rows: list[list[Flowable | str]] = [[_("Table"), _("North–South"), _("East–West")]]
    widths = [0.12 * width, 0.44 * width, 0.44 * width]
    for m in round_.matches:
        rows.append(
            [
                _number(m.table),
                _cell(m.ns, FONT_BOLD, 13, widths[1]),
                _cell(m.ew, FONT_BOLD, 13, widths[2]),
            ]
        )
    extra: list[TableCommand] = [
        ("FONT", (0, 1), (-1, -1), FONT_BOLD, 13),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("TOPPADDING", (0, 1), (-1, -1), 8),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 9),
    ]
    return [
        _p(_("%(name)s – %(round)s: the draw") % {"name": book.name, "round": round_.title}, TITLE),
        _p(
            _("%(date)s · %(how)s. The first-named player of each pair sits North (or East).")
            % {"date": long_date(book.date), "how": how},
            SUBTITLE,
        ),
        Table(rows, colWidths=widths, hAlign="LEFT", repeatRows=1, style=_grid(11, extra)),
    ]


def _pads(book: KnockoutBook, width: float) -> list[Flowable]:
    story: list[Flowable] = []
    for round_ in book.rounds:
        for i, m in enumerate(round_.matches):
            story += [PageBreak()] if i % 2 == 0 else [Spacer(1, 18)]
            story.append(KeepTogether(_pad(book, m, width)))
    return story


PAD_HEAD = [
    pgettext_lazy("bridge deal", "Deal"),
    pgettext_lazy("vulnerable, short", "Vul."),
    gettext_lazy("Contract"),
    pgettext_lazy("declarer", "By"),
    gettext_lazy("Tricks"),
    gettext_lazy("Honours"),
    gettext_lazy("N–S above"),
    gettext_lazy("N–S below"),
    gettext_lazy("E–W above"),
    gettext_lazy("E–W below"),
    gettext_lazy("N–S total"),
    gettext_lazy("E–W total"),
]
PAD_SHARES = [0.06, 0.08, 0.09, 0.05, 0.07, 0.09, 0.095, 0.095, 0.095, 0.095, 0.09, 0.09]


def _pad_row(line: PadLine | None, number: int) -> list[str]:
    if line is None:
        return [str(number)] + [""] * (len(PAD_HEAD) - 1)
    if line.contract == "PASS":
        played = [_("passed out"), "", "", ""]
    else:
        played = [line.contract, line.declarer, str(line.tricks), honours_short(line.honours)]
    points = [line.ns_above, line.ns_below, line.ew_above, line.ew_below]
    return [
        str(line.number),
        vulnerable_word(line.vulnerable),
        *played,
        *[_number(p) if p else "" for p in points],
        _number(line.ns_running),
        _number(line.ew_running),
    ]


def _pad(book: KnockoutBook, m: MatchSheet, width: float) -> list[Flowable]:
    seats = m.seats
    title = _("%(name)s – %(round)s, table %(table)s: rubber score pad")
    sides = _(
        "North–South: %(ns)s (North %(north)s, South %(south)s)   East–West: %(ew)s (East %(east)s, West %(west)s)"
    )
    figures = {"ns": m.ns, "ew": m.ew, "north": seats.get("N", ""), "south": seats.get("S", "")}
    figures.update(east=seats.get("E", ""), west=seats.get("W", ""))
    head = [
        _p(title % {"name": book.name, "round": m.round_title, "table": m.table}, SUBHEADING),
        _p(sides % figures, BODY),
    ]
    by_number = {line.number: line for line in m.lines}
    count = max(m.deals_allowed, max(by_number, default=0))
    rows = [[str(word) for word in PAD_HEAD]] + [_pad_row(by_number.get(n), n) for n in range(1, count + 1)]
    finish = [_("Unfinished rubber"), "", "", "", "", "", _number(m.finish_ns), "", _number(m.finish_ew), "", "", ""]
    total = [_("Match total"), "", "", "", "", "", "", "", "", "", _number(m.ns_total), _number(m.ew_total)]
    rows += [finish, total]
    widths = [share * width for share in PAD_SHARES]
    extra: list[TableCommand] = [
        ("ALIGN", (6, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (0, 0), (0, -2), "CENTER"),
        ("SPAN", (0, -2), (5, -2)),
        ("SPAN", (0, -1), (9, -1)),
        ("FONT", (0, -2), (-1, -1), FONT_BOLD, 8.5),
        ("FONT", (0, 0), (-1, 0), FONT_BOLD, 7.5),
        ("TOPPADDING", (0, 1), (-1, -1), 5),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 6),
    ]
    if m.entry == "totals":
        extra.append(("BACKGROUND", (0, 1), (-1, -3), colors.Color(0.95, 0.95, 0.95)))
    story: list[Flowable] = [*head, Table(rows, colWidths=widths, hAlign="LEFT", style=_grid(8.5, extra))]
    notes = [line for line in m.lines if line.notes]
    if notes:
        deal = _("deal %(number)s: %(notes)s")
        story.append(_p("; ".join(deal % {"number": line.number, "notes": line.notes} for line in notes), NOTE))
    if m.entry == "totals":
        story.append(_p(_("Only the two match totals were entered for this match."), NOTE))
    if m.finished and m.winner:
        figures = {"pair": m.winner, "margin": _number(m.margin), "how": m.decided_by}
        won = _("Won by %(pair)s, by %(margin)s (%(how)s).") if m.decided_by else _("Won by %(pair)s, by %(margin)s.")
        story.append(_p(won % figures, BODY))
    story.append(_p(str(UNFINISHED_RULE), NOTE))
    return story


# --- the wall chart: the bracket drawn on one landscape page ---------------------------------------------------

WALL_MARGIN = 28
WALL_GAP = 16  # between a round's column and the next: the joining lines run here
LINE_INK = colors.Color(0.3, 0.3, 0.3)
BOX_INK = colors.Color(0.45, 0.45, 0.45)
FAINT_INK = colors.Color(0.55, 0.55, 0.55)
BEST_LOSER_INK = colors.Color(0.72, 0.4, 0.0)
BEST_LOSER_FILL = colors.Color(1, 0.93, 0.8)
WINNER_INK = colors.Color(0.11, 0.42, 0.18)
WINNER_FILL = colors.Color(0.91, 0.96, 0.91)
DASH = (3, 2)


def fit_lines(text: str, font: str, size: float, width: float, height: float) -> tuple[float, list[str]]:
    """The text in full within width x height, as large as it goes up to `size`: on one line, shrunk as it needs,
    or on two (broken at " & ", or the middle space) when that prints it larger. Never cut."""
    text = clean(text)
    size = min(size, height / 1.15)
    one = stringWidth(text, font, size)
    if one <= width:
        return size, [text]
    single = size * width / one
    lines = _two_lines(text)
    widest = max(stringWidth(line, font, 1) for line in lines)
    double = min(size, height / (1.15 * len(lines)), width / widest if widest else size)
    if len(lines) == 1 or single >= 0.9 * double:
        return single, [text]
    return double, lines


def _two_lines(text: str) -> list[str]:
    if " & " in text:
        a, b = text.split(" & ", 1)
        return [f"{a} &", b]
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if not spaces:
        return [text]
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return [text[:cut], text[cut + 1 :]]


def _text(
    c, text: str, x: float, y: float, font: str, size: float, width: float, height: float, align: str = "left"
) -> None:
    """The text fitted into the box whose left (or centre) is x and whose middle is y."""
    size, lines = fit_lines(text, font, size, width, height)
    c.setFont(font, size)
    leading = size * 1.15
    first = y + (len(lines) - 1) * leading / 2 - size * 0.35
    for i, line in enumerate(lines):
        draw = c.drawCentredString if align == "center" else c.drawString
        draw(x, first - i * leading, line)


def _star(c, x: float, y: float, r: float) -> None:
    """The best-loser mark: a five-pointed star centred on (x, y)."""
    path = c.beginPath()
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        point = (x + radius * math.cos(angle), y + radius * math.sin(angle))
        if i == 0:
            path.moveTo(*point)
        else:
            path.lineTo(*point)
    path.close()
    c.saveState()
    c.setFillColor(BEST_LOSER_INK)
    c.drawPath(path, fill=1, stroke=0)
    c.restoreState()


class _Wall:
    """Where a side's boxes go on the page: columns across (a round still to be drawn narrower), units down."""

    def __init__(self, side: ChartSide, left: float, top: float, width: float, unit: float) -> None:
        self.side, self.top, self.unit = side, top, unit
        weights = [1.0 if column.drawn else 0.7 for column in side.columns] + [0.9]  # the rounds, then the winner
        share = (width - len(side.columns) * WALL_GAP) / sum(weights)
        self.widths = [weight * share for weight in weights]
        self.lefts = [left + sum(self.widths[:i]) + i * WALL_GAP for i in range(len(weights))]
        self.box_height = min(unit * 0.86, 44.0)

    def x(self, column: int) -> float:
        return self.lefts[column]

    def width(self, column: int) -> float:
        return self.widths[column]

    def y(self, half_units: int) -> float:
        return self.top - half_units / 2 * self.unit


def _line(c, points: list[tuple[float, float]], best_loser: bool) -> None:
    c.saveState()
    c.setStrokeColor(BEST_LOSER_INK if best_loser else LINE_INK)
    c.setLineWidth(1.1 if best_loser else 0.8)
    if best_loser:
        c.setDash(*DASH)
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def _wall_box(c, wall: _Wall, box: ChartBox) -> None:
    w, h = wall.width(box.column), wall.box_height
    x, middle = wall.x(box.column), wall.y(box.middle)
    bottom = middle - h / 2
    c.saveState()
    dashed = box.kind != "match"
    ink = BEST_LOSER_INK if box.kind.startswith("best_loser") else BOX_INK
    c.setStrokeColor(ink)
    c.setFillColor(BEST_LOSER_FILL if box.kind == "best_loser" else colors.white)
    c.setLineWidth(0.8)
    if dashed:
        c.setDash(*DASH)
    c.rect(x, bottom, w, h, stroke=1, fill=1)
    c.restoreState()
    pad = min(4.0, w * 0.04)
    if box.kind == "to_come":
        c.setFillColor(FAINT_INK)
        _text(c, _("to be drawn"), x + w / 2, middle, FONT_ITALIC, 7.5, w - 2 * pad, h * 0.5, "center")
    elif box.kind == "best_loser_to_come":
        c.setFillColor(BEST_LOSER_INK)
        _star(c, x + pad + h * 0.12, middle, h * 0.12)
        words = _("best loser, to come")
        _text(c, words, x + pad + h * 0.3, middle, FONT_ITALIC, 7.5, w - 2 * pad - h * 0.3, h * 0.5)
    elif box.kind == "best_loser":
        caption = _("best loser: lost by %(margin)s at table %(table)s") % {
            "margin": _number(box.lost_by), "table": box.table
        }  # fmt: skip
        c.setFillColor(BEST_LOSER_INK)
        _star(c, x + pad + h * 0.1, bottom + h * 0.74, h * 0.1)
        _text(c, caption, x + pad + h * 0.25, bottom + h * 0.74, FONT, 6.5, w - 2 * pad - h * 0.25, h * 0.3)
        c.setFillColor(colors.black)
        _text(c, box.pair, x + pad, bottom + h * 0.32, FONT_BOLD, 8.5, w - 2 * pad, h * 0.5)
    else:
        _wall_match(c, wall, box, x, bottom, pad)
    c.setFillColor(colors.black)


def _wall_match(c, wall: _Wall, box: ChartBox, x: float, bottom: float, pad: float) -> None:
    w, h = wall.width(box.column), wall.box_height
    caption = _("Table %(table)s · %(note)s") % {"table": box.table, "note": box.note}
    c.setFillColor(FAINT_INK)
    _text(c, caption, x + pad, bottom + h * 0.84, FONT, 6.5, w - 2 * pad, h * 0.26)
    usable = h * 0.76  # under the caption
    row = usable / 2
    for i, pair in enumerate(box.pairs):
        middle = bottom + usable - row * (i + 0.5) + h * 0.01
        font = FONT_BOLD if pair.won else FONT
        total = _number(pair.total)
        size = min(8.5, row / 1.3)
        total_width = stringWidth(total, font, size) + (pad if total else 0)
        left = x + pad
        if pair.came_up or pair.went_up:
            _star(c, left + size * 0.4, middle, size * 0.42)
            left += size * 1.0
        c.setFillColor(colors.black)
        _text(c, pair.name, left, middle, font, size, x + w - pad - total_width - left, row)
        if total:
            c.setFont(font, size)
            c.drawRightString(x + w - pad, middle - size * 0.35, total)


def _wall_winner(c, wall: _Wall) -> None:
    side = wall.side
    w = wall.width(len(side.columns))
    h = max(wall.box_height, min(wall.unit * 0.86 * (side.final_end - side.final_start), 60.0))
    x, middle = wall.x(len(side.columns)), wall.y(side.final_start + side.final_end)
    bottom = middle - h / 2
    c.saveState()
    if side.winner:
        c.setStrokeColor(WINNER_INK)
        c.setFillColor(WINNER_FILL)
        c.setLineWidth(2)
    else:
        c.setStrokeColor(BOX_INK)
        c.setFillColor(colors.white)
        c.setDash(*DASH)
    c.rect(x, bottom, w, h, stroke=1, fill=1)
    c.restoreState()
    pad = 5
    if not side.winner:
        c.setFillColor(FAINT_INK)
        _text(c, _("winner to come"), x + w / 2, middle, FONT_ITALIC, 8, w - 2 * pad, h * 0.5, "center")
        c.setFillColor(colors.black)
        return
    c.setFillColor(WINNER_INK)
    _text(c, _("Winner"), x + pad, bottom + h * 0.86, FONT_BOLD, 7, w - 2 * pad, h * 0.2)
    c.setFillColor(colors.black)
    name_height = h * (0.5 if side.runner_up else 0.66)
    name_middle = bottom + h * (0.52 if side.runner_up else 0.42)
    _text(c, side.winner, x + pad, name_middle, FONT_BOLD, 11, w - 2 * pad, name_height)
    if side.runner_up:
        c.setFillColor(FAINT_INK)
        runner_up = _("runner-up: %(pair)s") % {"pair": side.runner_up}
        _text(c, runner_up, x + pad, bottom + h * 0.14, FONT, 6.5, w - 2 * pad, h * 0.2)
        c.setFillColor(colors.black)


def _wall_side(c, side: ChartSide, left: float, top: float, width: float, unit: float) -> None:
    c.setFillColor(colors.black)
    title = _("%(side)s: won by %(pair)s") % {"side": side.title, "pair": side.winner} if side.winner else side.title
    _text(c, title, left, top - 6, FONT_BOLD, 11, width, 13)
    wall = _Wall(side, left, top - 26, width, unit)
    for i, column in enumerate(side.columns):
        tables = ngettext("%(tables)s table", "%(tables)s tables", column.tables) % {"tables": _number(column.tables)}
        head = f"{column.stage} · {tables}"
        c.setFillColor(FAINT_INK)
        _text(c, head, wall.x(i), top - 19, FONT_BOLD, 7.5, wall.width(i), 9)
    for join in side.joins:
        x1 = wall.x(join.column - 1) + wall.width(join.column - 1)
        xm, x2 = x1 + WALL_GAP / 2, wall.x(join.column)
        y1, y2 = wall.y(join.child), wall.y(join.parent)
        _line(c, [(x1, y1), (xm, y1), (xm, y2), (x2, y2)], join.best_loser)
    final_y = wall.y(side.final_start + side.final_end)
    last = wall.x(len(side.columns) - 1) + wall.width(len(side.columns) - 1)
    _line(c, [(last, final_y), (last + WALL_GAP, final_y)], False)
    for box in side.boxes:
        _wall_box(c, wall, box)
    _wall_winner(c, wall)


def _wall_legend(c, left: float, y: float) -> None:
    """What the marks mean, along the foot of the page."""
    size, x = 7.5, left + 12
    _star(c, left + 4, y + 2.6, 4)
    c.setFillColor(colors.black)
    for font, text, after in (
        (FONT, _("best loser: lost by the smallest margin and went on with the winners"), 14),
        (None, _("a best loser's way up"), 14),
        (FONT_BOLD, _("bold"), 0),
        (FONT, _(": the winner of the match"), 14),
    ):
        if font is None:
            _line(c, [(x, y + 2.6), (x + 20, y + 2.6)], True)
            x, font = x + 25, FONT
        c.setFont(font, size)
        c.drawString(x, y, text)
        x += stringWidth(text, font, size) + after


def bracket_chart_pdf(chart: BracketChart, *, pagesize: str = "A4") -> tuple[str, str, bytes]:
    """The bracket for the wall: one landscape page, the main tournament above the consolation, every match a
    box joined by lines to the match its winner went on to, best losers marked, each winner in full."""
    width, height = page_size(pagesize, landscape=True)
    buffer = io.BytesIO()
    c = pdf_canvas.Canvas(buffer, pagesize=(width, height), invariant=1)
    title = _("%(event)s: the bracket") % {"event": _event_title(chart.name)}
    c.setTitle(clean(title))
    c.setAuthor("Club Director")
    c.setCreator("Club Director")
    inner = width - 2 * WALL_MARGIN
    top = height - WALL_MARGIN
    _text(c, title, WALL_MARGIN, top - 8, FONT_BOLD, 16, inner, 18)
    c.setFillColor(FAINT_INK)
    subtitle = " · ".join(x for x in (long_date(chart.date), chart.note) if x)
    _text(c, subtitle, WALL_MARGIN, top - 24, FONT, 8.5, inner, 10)
    top -= 38
    bottom = WALL_MARGIN + 18
    sides = chart.sides
    if not sides or not any(side.boxes for side in sides):
        c.setFillColor(colors.black)
        _text(c, _("No plan yet: the pairs are not in."), WALL_MARGIN, top - 20, FONT, 11, inner, 14)
    else:
        between = 14
        units = sum(max(side.units, 1) for side in sides)
        unit = min(60.0, (top - bottom - 26 * len(sides) - between * (len(sides) - 1)) / units)
        for side in sides:
            _wall_side(c, side, WALL_MARGIN, top, inner, unit)
            top -= 26 + max(side.units, 1) * unit + between
        _wall_legend(c, WALL_MARGIN, WALL_MARGIN + 2)
    c.showPage()
    c.save()
    return _knockout_filename(chart.name, "knockout-bracket", "pdf"), PDF, buffer.getvalue()


# --- XLSX -----------------------------------------------------------------------------------------------------


def results_xlsx(book: KnockoutBook) -> tuple[str, str, bytes]:
    """Sheets: Matches (every match, its totals, winner, margin, how decided, best loser) and Deals (every deal
    of every pad, above and below the line, with the unfinished-rubber bonuses), then the plan, then the free
    tables (the pairs knocked out after the first round, two to a table, in the order they went out)."""
    xlsx = XlsxWorkbook(write_only=True)
    xlsx.properties.title = _("%(name)s – knockout results") % {"name": book.name}
    xlsx.properties.creator = "Club Director"
    _matches(xlsx, book)
    _deals(xlsx, book)
    _plan_sheet(xlsx, book)
    _free_sheet(xlsx, book)
    buffer = io.BytesIO()
    xlsx.save(buffer)
    return _knockout_filename(book.name, "knockout-results", "xlsx"), XLSX, buffer.getvalue()


def _name_width(book: KnockoutBook) -> float:
    longest = max((len(n) for r in book.rounds for m in r.matches for n in (m.ns, m.ew)), default=0)
    return max(16, min(45, longest + 2))


def _matches(xlsx: XlsxWorkbook, book: KnockoutBook) -> None:
    name_w = _name_width(book)
    headers = [(_("Bracket"), 13), (_("Round"), 20), (_("Table"), 7), (_("North–South"), name_w)]
    headers += [(_("East–West"), name_w), (_("N–S total"), 10), (_("E–W total"), 10), (_("Winner"), name_w)]
    headers += [(_("Margin"), 9), (_("Decided by"), 14), (_("Best loser (went on)"), name_w), (_("Entered"), 14)]
    ws = new_sheet(xlsx, _("Matches"), headers, "D2")
    entered = {"deals": _("deal by deal"), "totals": _("totals only")}
    for round_ in book.rounds:
        for m in round_.matches:
            put_row(
                ws,
                [
                    bracket_word(round_.bracket),
                    round_.title,
                    m.table,
                    m.ns,
                    m.ew,
                    m.ns_total,
                    m.ew_total,
                    m.winner or None,
                    m.margin,
                    m.decided_by or (_("totals") if m.winner else None),
                    m.loser if m.best_loser else None,
                    entered.get(m.entry) or _("not started"),
                ],
            )


def _deals(xlsx: XlsxWorkbook, book: KnockoutBook) -> None:
    headers = [(_("Bracket"), 13), (_("Round"), 20), (_("Table"), 7), (pgettext("bridge deal", "Deal"), 9)]
    headers += [(_("Vulnerable"), 10), (_("Contract"), 9), (pgettext("declarer", "By"), 6), (_("Tricks"), 7)]
    headers += [(_("Honours"), 12), (_("N–S above"), 10), (_("N–S below"), 10), (_("E–W above"), 10)]
    headers += [(_("E–W below"), 10), (_("N–S total"), 10), (_("E–W total"), 10), (_("Notes"), 40)]
    ws = new_sheet(xlsx, pgettext("bridge deals, a sheet", "Deals"), headers, "E2")
    for round_ in book.rounds:
        for m in round_.matches:
            where = [bracket_word(round_.bracket), round_.title, m.table]
            for line in m.lines:
                passed = line.contract == "PASS"
                put_row(
                    ws,
                    [
                        *where,
                        line.number,
                        vulnerable_word(line.vulnerable),
                        line.contract,
                        None if passed else line.declarer,
                        None if passed else line.tricks,
                        honours_long(line.honours) or None,
                        line.ns_above,
                        line.ns_below,
                        line.ew_above,
                        line.ew_below,
                        line.ns_running,
                        line.ew_running,
                        line.notes or None,
                    ],
                )
            if m.lines and m.finish_ns is not None:
                put_row(
                    ws,
                    [*where, _("unfinished"), None, None, None, None, None, m.finish_ns, None, m.finish_ew, None]
                    + [m.ns_total, m.ew_total, _("unfinished-rubber bonuses after the last deal")],
                )


def _plan_sheet(xlsx: XlsxWorkbook, book: KnockoutBook) -> None:
    headers = [(_("Bracket"), 13), (_("Round"), 14), (_("Tables"), 8), (_("Who plays"), 60)]
    ws = new_sheet(xlsx, pgettext("a sheet", "Plan"), headers, "A2")
    for row in book.plan:
        put_row(ws, [bracket_word(row.bracket), row.stage, row.tables, row.who])
    if book.plan_note:
        put_row(ws, [None, None, None, book.plan_note])
    for bracket, pair in book.winners.items():
        put_row(ws, [bracket_word(bracket), _("Winner"), None, pair])


def _free_sheet(xlsx: XlsxWorkbook, book: KnockoutBook) -> None:
    name_w = _name_width(book)
    headers = [(_("Free table"), 10), (_("Pair"), name_w), (_("Went out"), 30), (_("Plays"), name_w)]
    ws = new_sheet(xlsx, _("Free tables"), headers, "B2")
    for number, (a, b) in enumerate(book.free_tables, start=1):
        put_row(ws, [number, a.name, a.how, b.name if b else _("waiting for another pair")])
        if b is not None:
            put_row(ws, [number, b.name, b.how, a.name])

"""The knockout's printed matter: the bracket, the draw per round and a rubber score pad per match (PDF),
and the results workbook with every match and every deal (XLSX).

Rules: docs/rules/rubber-knockout.md ("What the director needs"). The builders take the plain data below
(built by tournaments/selectors/knockout.py) and return (filename, content_type, bytes); no ORM here.
"""

import io
from dataclasses import dataclass, field
from datetime import date
from xml.sax.saxutils import escape

from openpyxl import Workbook as XlsxWorkbook
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from tournaments.printing.common import PDF, XLSX, build_document, clean, filename, fit, long_date, page_size
from tournaments.printing.workbook import new_sheet

VULNERABLE_WORDS = {"none": "Neither", "NS": "N–S", "EW": "E–W", "both": "Both"}
UNFINISHED_RULE = (
    "After the last deal, an unfinished rubber scores 300 to a side with a game in it and 50 to a side with a "
    "part score in the unfinished game. The higher total wins the match; the margin is the difference."
)


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
class KnockoutBook:
    name: str
    date: date
    plan: list[PlanRow]
    plan_note: str
    rounds: list[DrawRound]
    winners: dict[str, str] = field(default_factory=dict)  # bracket -> pair
    runners_up: dict[str, str] = field(default_factory=dict)
    free: list[str] = field(default_factory=list)  # knocked out, playing rubber bridge


def _number(value: int | None) -> str:
    return "" if value is None else f"{value:,}"


# --- PDF ------------------------------------------------------------------------------------------------------

MARGIN = 36
TITLE = ParagraphStyle("title", fontName="Helvetica-Bold", fontSize=18, leading=22, spaceAfter=2)
SUBTITLE = ParagraphStyle("subtitle", fontName="Helvetica", fontSize=10.5, leading=14, spaceAfter=8)
HEADING = ParagraphStyle("heading", fontName="Helvetica-Bold", fontSize=14, leading=18, spaceBefore=10, spaceAfter=4)
SUBHEADING = ParagraphStyle(
    "subheading", fontName="Helvetica-Bold", fontSize=11.5, leading=14, spaceBefore=8, spaceAfter=3
)
BODY = ParagraphStyle("body", fontName="Helvetica", fontSize=10.5, leading=14)
NOTE = ParagraphStyle("note", fontName="Helvetica-Oblique", fontSize=8.5, leading=10.5, spaceAfter=4)
GREY = colors.Color(0.6, 0.6, 0.6)
HEAD_FILL = colors.Color(0.88, 0.88, 0.88)
MARK_FILL = colors.Color(1, 0.95, 0.85)


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(escape(clean(text)), style)


def _grid(font_size: float, extra: list | None = None) -> TableStyle:
    return TableStyle(
        [
            ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", font_size),
            ("FONT", (0, 1), (-1, -1), "Helvetica", font_size),
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
    story = [_p(f"{book.name} – knockout", TITLE), _p(long_date(book.date), SUBTITLE)]
    story += _plan(book, width)
    story += _winners(book)
    for bracket in ("main", "consolation"):
        rounds = [r for r in book.rounds if r.bracket == bracket]
        if rounds:
            story.append(_p("Main tournament" if bracket == "main" else "Consolation tournament", HEADING))
            story += [KeepTogether(_bracket_round(r, width)) for r in rounds]
    if book.free:
        story += [_p("Free tables (knocked out: rubber bridge until the end)", HEADING)]
        story += [_p(line, BODY) for line in book.free]
    for round_ in book.rounds:
        story += [PageBreak(), *_draw(book, round_, width)]
    story += _pads(book, width)
    return filename(book.name, "knockout", "pdf"), PDF, build_document(story, size, f"{book.name} – knockout")


def draw_pdf(book: KnockoutBook, *, pagesize: str = "A4") -> tuple[str, str, bytes]:
    """One round (the book's rounds): the draw, large, then its score pads to hand to the tables."""
    size = page_size(pagesize)
    width = size[0] - 2 * MARGIN
    story: list = []
    for i, round_ in enumerate(book.rounds):
        story += [PageBreak()] if i else []
        story += _draw(book, round_, width)
    if not book.rounds:
        story.append(_p("No round is drawn yet.", BODY))
    story += _pads(book, width)
    what = "draw" if len(book.rounds) != 1 else f"{book.rounds[0].bracket}-round-{book.rounds[0].number}-draw"
    return filename(book.name, what, "pdf"), PDF, build_document(story, size, f"{book.name} – the draw")


def _plan(book: KnockoutBook, width: float) -> list:
    if not book.plan:
        return [_p(book.plan_note or "No plan yet: the pairs are not in.", BODY)]
    rows = [["Bracket", "Round", "Tables", "Who plays"]]
    rows += [[r.bracket.capitalize(), r.stage, str(r.tables), clean(r.who)] for r in book.plan]
    widths = [0.16 * width, 0.16 * width, 0.1 * width, 0.58 * width]
    story = [_p("The plan", SUBHEADING), Table(rows, colWidths=widths, hAlign="LEFT", style=_grid(9.5))]
    if book.plan_note:
        story.append(_p(book.plan_note, NOTE))
    return story


def _winners(book: KnockoutBook) -> list:
    lines = []
    for bracket, word in (("main", "Winners"), ("consolation", "Consolation winners")):
        if bracket in book.winners:
            runner = book.runners_up.get(bracket)
            lines.append(_p(f"{word}: {book.winners[bracket]}" + (f" (runners-up: {runner})" if runner else ""), BODY))
    return lines


def _note(m: MatchSheet) -> str:
    if not m.entry:
        return "not started"
    if not m.finished:
        return "playing"
    if not m.winner:
        return "tied: to decide"
    return m.decided_by


def _bracket_round(round_: DrawRound, width: float) -> list:
    """One round of the bracket: the winner in bold, a best loser who goes on marked with a star."""
    widths = [w * width for w in (0.06, 0.3, 0.08, 0.3, 0.08, 0.08, 0.1)]
    rows = [["Table", "North–South", "Total", "East–West", "Total", "Margin", ""]]
    extra = [
        ("ALIGN", (2, 0), (2, -1), "RIGHT"),
        ("ALIGN", (4, 0), (5, -1), "RIGHT"),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
    ]
    for i, m in enumerate(round_.matches, start=1):
        names = {m.ns: m.ns, m.ew: m.ew}
        if m.best_loser:
            names[m.loser] = f"{m.loser} *"
            extra.append(("BACKGROUND", (0, i), (-1, i), MARK_FILL))
        rows.append(
            [
                str(m.table),
                fit(clean(names[m.ns]), "Helvetica-Bold", 9, widths[1] - 8),
                _number(m.ns_total),
                fit(clean(names[m.ew]), "Helvetica-Bold", 9, widths[3] - 8),
                _number(m.ew_total),
                _number(m.margin),
                fit(clean(_note(m)), "Helvetica", 8, widths[6] - 6),
            ]
        )
        if m.winner:
            column = 1 if m.winner == m.ns else 3
            extra.append(("FONT", (column, i), (column, i), "Helvetica-Bold", 9))
        extra.append(("FONT", (6, i), (6, i), "Helvetica", 8))
    story = [_p(round_.title + ("" if round_.closed else " (playing)"), SUBHEADING)]
    story.append(Table(rows, colWidths=widths, hAlign="LEFT", repeatRows=1, style=_grid(9, extra)))
    if any(m.best_loser for m in round_.matches):
        story.append(_p("* best loser: lost by the smallest margin and goes on with the winners.", NOTE))
    if round_.cut_note:
        story.append(_p(round_.cut_note, NOTE))
    return story


def _draw(book: KnockoutBook, round_: DrawRound, width: float) -> list:
    how = "arranged by the director" if round_.arranged else f"drawn at random (draw number {round_.draw_seed})"
    rows = [["Table", "North–South", "East–West"]]
    widths = [0.12 * width, 0.44 * width, 0.44 * width]
    for m in round_.matches:
        rows.append(
            [
                str(m.table),
                fit(clean(m.ns), "Helvetica-Bold", 13, widths[1] - 10),
                fit(clean(m.ew), "Helvetica-Bold", 13, widths[2] - 10),
            ]
        )
    extra = [
        ("FONT", (0, 1), (-1, -1), "Helvetica-Bold", 13),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("TOPPADDING", (0, 1), (-1, -1), 8),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 9),
    ]
    return [
        _p(f"{book.name} – {round_.title}: the draw", TITLE),
        _p(f"{long_date(book.date)} · {how}. The first-named player of each pair sits North (or East).", SUBTITLE),
        Table(rows, colWidths=widths, hAlign="LEFT", repeatRows=1, style=_grid(11, extra)),
    ]


def _pads(book: KnockoutBook, width: float) -> list:
    story: list = []
    for round_ in book.rounds:
        for i, m in enumerate(round_.matches):
            story += [PageBreak()] if i % 2 == 0 else [Spacer(1, 18)]
            story.append(KeepTogether(_pad(book, m, width)))
    return story


PAD_HEAD = ["Deal", "Vul.", "Contract", "By", "Tricks", "Honours", "N–S above", "N–S below", "E–W above", "E–W below"]
PAD_HEAD += ["N–S total", "E–W total"]
PAD_SHARES = [0.06, 0.08, 0.09, 0.05, 0.07, 0.09, 0.095, 0.095, 0.095, 0.095, 0.09, 0.09]


def _pad_row(line: PadLine | None, number: int) -> list[str]:
    if line is None:
        return [str(number)] + [""] * (len(PAD_HEAD) - 1)
    if line.contract == "PASS":
        played = ["passed out", "", "", ""]
    else:
        played = [line.contract, line.declarer, str(line.tricks), line.honours]
    points = [line.ns_above, line.ns_below, line.ew_above, line.ew_below]
    return [
        str(line.number),
        VULNERABLE_WORDS.get(line.vulnerable, line.vulnerable),
        *played,
        *[f"{p:,}" if p else "" for p in points],
        f"{line.ns_running:,}",
        f"{line.ew_running:,}",
    ]


def _pad(book: KnockoutBook, m: MatchSheet, width: float) -> list:
    seats = m.seats
    head = [
        _p(f"{book.name} – {m.round_title}, table {m.table}: rubber score pad", SUBHEADING),
        _p(
            f"North–South: {m.ns} (North {seats.get('N', '')}, South {seats.get('S', '')})   "
            f"East–West: {m.ew} (East {seats.get('E', '')}, West {seats.get('W', '')})",
            BODY,
        ),
    ]
    by_number = {line.number: line for line in m.lines}
    count = max(m.deals_allowed, max(by_number, default=0))
    rows = [PAD_HEAD] + [_pad_row(by_number.get(n), n) for n in range(1, count + 1)]
    finish = ["Unfinished rubber", "", "", "", "", "", _number(m.finish_ns), "", _number(m.finish_ew), "", "", ""]
    total = ["Match total", "", "", "", "", "", "", "", "", "", _number(m.ns_total), _number(m.ew_total)]
    rows += [finish, total]
    widths = [share * width for share in PAD_SHARES]
    extra = [
        ("ALIGN", (6, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (0, 0), (0, -2), "CENTER"),
        ("SPAN", (0, -2), (5, -2)),
        ("SPAN", (0, -1), (9, -1)),
        ("FONT", (0, -2), (-1, -1), "Helvetica-Bold", 8.5),
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 7.5),
        ("TOPPADDING", (0, 1), (-1, -1), 5),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 6),
    ]
    if m.entry == "totals":
        extra.append(("BACKGROUND", (0, 1), (-1, -3), colors.Color(0.95, 0.95, 0.95)))
    story = [*head, Table(rows, colWidths=widths, hAlign="LEFT", style=_grid(8.5, extra))]
    notes = [line for line in m.lines if line.notes]
    if notes:
        story.append(_p("; ".join(f"deal {line.number}: {line.notes}" for line in notes), NOTE))
    if m.entry == "totals":
        story.append(_p("Only the two match totals were entered for this match.", NOTE))
    if m.finished and m.winner:
        story.append(_p(f"Won by {m.winner}, by {m.margin:,}" + (f" ({m.decided_by})." if m.decided_by else "."), BODY))
    story.append(_p(UNFINISHED_RULE, NOTE))
    return story


# --- XLSX -----------------------------------------------------------------------------------------------------


def results_xlsx(book: KnockoutBook) -> tuple[str, str, bytes]:
    """Sheets: Matches (every match, its totals, winner, margin, how decided, best loser) and Deals (every deal
    of every pad, above and below the line, with the unfinished-rubber bonuses), then the plan."""
    xlsx = XlsxWorkbook(write_only=True)
    xlsx.properties.title = f"{book.name} – knockout results"
    xlsx.properties.creator = "Club Director"
    _matches(xlsx, book)
    _deals(xlsx, book)
    _plan_sheet(xlsx, book)
    buffer = io.BytesIO()
    xlsx.save(buffer)
    return filename(book.name, "knockout-results", "xlsx"), XLSX, buffer.getvalue()


def _name_width(book: KnockoutBook) -> float:
    longest = max((len(n) for r in book.rounds for m in r.matches for n in (m.ns, m.ew)), default=0)
    return max(16, min(45, longest + 2))


def _matches(xlsx: XlsxWorkbook, book: KnockoutBook) -> None:
    name_w = _name_width(book)
    headers = [("Bracket", 13), ("Round", 20), ("Table", 7), ("North–South", name_w), ("East–West", name_w)]
    headers += [("N–S total", 10), ("E–W total", 10), ("Winner", name_w), ("Margin", 9), ("Decided by", 14)]
    headers += [("Best loser (went on)", name_w), ("Entered", 14)]
    ws = new_sheet(xlsx, "Matches", headers, "D2")
    for round_ in book.rounds:
        for m in round_.matches:
            ws.append(
                [
                    round_.bracket.capitalize(),
                    round_.title,
                    m.table,
                    m.ns,
                    m.ew,
                    m.ns_total,
                    m.ew_total,
                    m.winner or None,
                    m.margin,
                    m.decided_by or ("totals" if m.winner else None),
                    m.loser if m.best_loser else None,
                    {"deals": "deal by deal", "totals": "totals only"}.get(m.entry, "not started"),
                ]
            )


def _deals(xlsx: XlsxWorkbook, book: KnockoutBook) -> None:
    headers = [("Bracket", 13), ("Round", 20), ("Table", 7), ("Deal", 9), ("Vulnerable", 10), ("Contract", 9)]
    headers += [("By", 6), ("Tricks", 7), ("Honours", 9), ("N–S above", 10), ("N–S below", 10)]
    headers += [("E–W above", 10), ("E–W below", 10), ("N–S total", 10), ("E–W total", 10), ("Notes", 40)]
    ws = new_sheet(xlsx, "Deals", headers, "E2")
    for round_ in book.rounds:
        for m in round_.matches:
            where = [round_.bracket.capitalize(), round_.title, m.table]
            for line in m.lines:
                passed = line.contract == "PASS"
                ws.append(
                    [
                        *where,
                        line.number,
                        VULNERABLE_WORDS.get(line.vulnerable, line.vulnerable),
                        line.contract,
                        None if passed else line.declarer,
                        None if passed else line.tricks,
                        line.honours or None,
                        line.ns_above,
                        line.ns_below,
                        line.ew_above,
                        line.ew_below,
                        line.ns_running,
                        line.ew_running,
                        line.notes or None,
                    ]
                )
            if m.lines and m.finish_ns is not None:
                ws.append(
                    [*where, "unfinished", None, None, None, None, None, m.finish_ns, None, m.finish_ew, None]
                    + [m.ns_total, m.ew_total, "unfinished-rubber bonuses after the last deal"]
                )


def _plan_sheet(xlsx: XlsxWorkbook, book: KnockoutBook) -> None:
    ws = new_sheet(xlsx, "Plan", [("Bracket", 13), ("Round", 14), ("Tables", 8), ("Who plays", 60)], "A2")
    for row in book.plan:
        ws.append([row.bracket.capitalize(), row.stage, row.tables, row.who])
    if book.plan_note:
        ws.append([None, None, None, book.plan_note])
    for bracket, pair in book.winners.items():
        ws.append([bracket.capitalize(), "Winner", None, pair])

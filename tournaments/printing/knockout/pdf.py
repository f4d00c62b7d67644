"""The knockout's PDF for the director: the bracket page, the draw per round and a rubber score pad per match.

Rules: docs/rules/rubber-knockout.md ("What the director needs"). Platypus flowables in the club's paper size.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from tournaments import l10n
from tournaments.printing.common import (
    PDF,
    TableCommand,
    build_document,
    cell,
    clean,
    long_date,
    markup,
    page_size,
    seat_letter,
    text_width,
    vulnerable_word,
)
from tournaments.printing.fonts import FONT, FONT_BOLD, FONT_ITALIC
from tournaments.printing.knockout.data import (
    UNFINISHED_RULE,
    DrawRound,
    FreePair,
    KnockoutBook,
    MatchSheet,
    PadLine,
    _event_title,
    _knockout_filename,
    _number,
    bracket_word,
    honours_short,
)

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
    """Text as a paragraph, each run in a font that draws it (a Chinese pair's name in the fallback font)."""
    return Paragraph(markup(clean(text, fallback=True), style.fontName), style)


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
            # The heading kept on the page of its first round, never alone at a page's foot.
            heading = _p(_("Main tournament") if bracket == "main" else _("Consolation tournament"), HEADING)
            story.append(KeepTogether([heading, *_bracket_round(rounds[0], width)]))
            story += [KeepTogether(_bracket_round(r, width)) for r in rounds[1:]]
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
    rows: list[list[Flowable | str]] = [[_("Bracket"), _("Round"), _("Tables"), _("Who plays")]]
    rows += [
        [bracket_word(r.bracket), r.stage, _number(r.tables), cell(clean(r.who, fallback=True), FONT, 9.5)]
        for r in book.plan
    ]
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
    if m.walkover:
        return m.decided_by
    if not m.entry:
        return _("not started")
    if not m.finished:
        return m.progress or _("playing")
    if not m.winner:
        return _("tied: to decide")
    return m.decided_by


def shrunk(text: str, font: str, size: float, width: float, smallest: float) -> float:
    """The largest size from `size` down to `smallest` at which the cleaned text fits the width on one line
    (`smallest` when even that is too wide: the caller wraps it then), measured in the fonts that draw it."""
    fits = text_width(text, font, size)
    if fits <= width:
        return size
    return max(smallest, size * width / fits)


CELL_PADDING = 12  # a table cell's left and right padding (reportlab's default, 6 each)


def _cell(text: str, font: str, size: float, width: float) -> Paragraph:
    """A table cell's text in full, for a column `width` wide: shrunk to fit one line (to 70% of the size), else
    wrapped. Never cut. A name in a script the font lacks (Chinese) is drawn in the fallback font."""
    text = clean(text, fallback=True)
    small = shrunk(text, font, size, width - CELL_PADDING - 0.5, 0.7 * size)
    style = ParagraphStyle("cell", fontName=font, fontSize=small, leading=small * 1.15)
    return Paragraph(markup(text, font), style)


def _head(text: str, width: float, right: bool) -> Paragraph:
    """A column's heading inside its column, in every language: shrunk to fit one line (to 75%), else wrapped
    between words; a figure's heading right-aligned over its figures (never spilling into the column before)."""
    text = clean(text, fallback=True)
    size = shrunk(text, FONT_BOLD, 9, width - CELL_PADDING - 0.5, 0.75 * 9)
    style = ParagraphStyle(
        "head", fontName=FONT_BOLD, fontSize=size, leading=size * 1.15, alignment=TA_RIGHT if right else TA_LEFT
    )
    return Paragraph(markup(text, FONT_BOLD), style)


def _bracket_round(round_: DrawRound, width: float) -> list[Flowable]:
    """One round of the bracket: the winner in bold, a best loser who goes on marked with a star; a last column
    of how a match stands or was decided only when one of them has something to say there."""
    notes = [_note(m) for m in round_.matches]
    if any(notes):
        widths = [w * width for w in (0.06, 0.27, 0.08, 0.27, 0.08, 0.10, 0.14)]
        titles = [_("Table"), _("North–South"), _("Total"), _("East–West"), _("Total"), _("Margin"), _("Note")]
    else:
        widths = [w * width for w in (0.07, 0.32, 0.09, 0.32, 0.09, 0.11)]
        widths[-1] = width - sum(widths[:-1])
        titles = [_("Table"), _("North–South"), _("Total"), _("East–West"), _("Total"), _("Margin")]
    pairs = enumerate(zip(titles, widths, strict=True))
    head: list[Flowable | str] = [_head(t, w, i in (2, 4, 5)) for i, (t, w) in pairs]
    rows: list[list[Flowable | str]] = [head]
    extra: list[TableCommand] = [
        ("ALIGN", (2, 0), (2, -1), "RIGHT"),
        ("ALIGN", (4, 0), (5, -1), "RIGHT"),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
    ]
    for i, (m, note) in enumerate(zip(round_.matches, notes, strict=True), start=1):
        names = {m.ns: m.ns, m.ew: m.ew}
        if m.best_loser:
            names[m.loser] = f"{m.loser} *"
            extra.append(("BACKGROUND", (0, i), (-1, i), MARK_FILL))
        font = {side: FONT_BOLD if m.winner and m.winner == side else FONT for side in (m.ns, m.ew)}
        row: list[Flowable | str] = [
            _number(m.table),
            _cell(names[m.ns], font[m.ns], 9, widths[1]),
            _number(m.ns_total),
            _cell(names[m.ew], font[m.ew], 9, widths[3]),
            _number(m.ew_total),
            _number(m.margin),
        ]
        rows.append([*row, _cell(note, FONT, 8, widths[6])] if len(widths) == 7 else row)
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
        # The contract and the declarer's seat as the pages show them: "4♠×" by "N" ("3SA" in French).
        played = [
            l10n.contract(line.contract),
            seat_letter(line.declarer),
            str(line.tricks),
            honours_short(line.honours),
        ]
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
    figures = {"ns": m.pad_ns or m.ns, "ew": m.pad_ew or m.ew, "north": seats.get("N", ""), "south": seats.get("S", "")}
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
    if m.walkover:
        winner = (m.pad_ns or m.ns) if m.winner == m.ns else (m.pad_ew or m.ew)
        figures = {"pair": winner, "gone": m.walkover}
        story.append(_p(_("Won by %(pair)s by a walkover: %(gone)s withdrew.") % figures, BODY))
    elif m.finished and m.winner:
        winner = (m.pad_ns or m.ns) if m.winner == m.ns else (m.pad_ew or m.ew)
        figures = {"pair": winner, "margin": _number(m.margin), "how": m.decided_by}
        won = _("Won by %(pair)s, by %(margin)s (%(how)s).") if m.decided_by else _("Won by %(pair)s, by %(margin)s.")
        story.append(_p(won % figures, BODY))
    story.append(_p(str(UNFINISHED_RULE), NOTE))
    return story

"""The movement sheet (where everyone sits next) and the results sheet (standings and prizes), with Platypus.

Rules: docs/rules/four-aces-party.md ("Moving after each round", "End of the party", "Printed matter").
"""

from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table, TableStyle

from tournaments import l10n
from tournaments.printing.common import (
    NAME_FLOOR,
    PDF,
    Lines,
    build_document,
    cell,
    clean,
    filename,
    kind_word,
    long_date,
    markup,
    name_lines,
    page_size,
    seat_letter,
    seat_word,
    signed,
)
from tournaments.printing.data import MovementLine, ResultLine, ResultsSheet
from tournaments.printing.fonts import FONT, FONT_BOLD, FONT_ITALIC

MARGIN = 36
TITLE = ParagraphStyle("title", fontName=FONT_BOLD, fontSize=18, leading=22, spaceAfter=2)
SUBTITLE = ParagraphStyle("subtitle", fontName=FONT, fontSize=10.5, leading=14, spaceAfter=10)
HEADING = ParagraphStyle("heading", fontName=FONT_BOLD, fontSize=13, leading=16, spaceBefore=10, spaceAfter=4)
BODY = ParagraphStyle("body", fontName=FONT, fontSize=10.5, leading=14)
NOTE = ParagraphStyle("note", fontName=FONT_ITALIC, fontSize=8, leading=10, spaceAfter=4)


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(markup(clean(text, fallback=True), style.fontName), style)


def _name(text: str, font: str, size: float, width: float, *, least: float | None = None, wrapped: float | None = None):
    """A name for a table cell, whole (common.name_lines: smaller type, then a second line, never cut), in the
    fonts that draw it."""
    lines, fitted = name_lines(text, font, size, width, least=least, wrapped=wrapped)
    if len(lines) == 1 and fitted == size:
        return cell(lines[0], font, size)
    return Lines("\n".join(lines), font, fitted)


def _heads(head: list[str], widths: list[float], size: float) -> list:
    """A table's header cells, each inside its column (6 points of padding each side): a word too long for its
    column in some language ("Joue comme", French's "Plays as") goes on two lines at the same size, never into
    the column's border."""
    return [
        _name(text, FONT_BOLD, size, width - 12, least=size, wrapped=size)
        for text, width in zip(head, widths, strict=True)
    ]


def _grid_style(font_size: float, *, extra: list | None = None) -> TableStyle:
    return TableStyle(
        [
            ("FONT", (0, 0), (-1, 0), FONT_BOLD, font_size),
            ("FONT", (0, 1), (-1, -1), FONT, font_size),
            ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.88, 0.88, 0.88)),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.Color(0.96, 0.96, 0.96)]),
            ("GRID", (0, 0), (-1, -1), 0.4, colors.Color(0.6, 0.6, 0.6)),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
            *(extra or []),
        ]
    )


# --- movement sheet ----------------------------------------------------------------------------------------


def movement_pdf(
    party_name: str,
    round_number: int,
    lines: list[MovementLine],
    paper: str = "A4",
    *,
    pagesize: str | None = None,
) -> tuple[str, str, bytes]:
    """Per player, in the order given (sorted by name): where to sit for round `round_number`, and the partner.
    On `paper`, "A4" or "letter" (`pagesize` is its old name)."""
    size = page_size(paper if pagesize is None else pagesize)
    mixed = any(line.kind for line in lines)
    number = l10n.number(round_number)
    title = _("%(party)s – round %(round)s: where to sit") % {"party": party_name, "round": number}
    story: list[Flowable] = [
        _p(party_name, TITLE),
        _p(_("Round %(round)s – find your name: your table, your seat and your partner") % {"round": number}, SUBTITLE),
    ]
    if lines:
        story.append(_movement_table(lines, mixed, size[0] - 2 * MARGIN))
    else:
        story.append(_p(_("Nobody is seated for this round yet."), BODY))
    content = build_document(story, size, title)
    return filename(party_name, f"movement-round-{round_number}", "pdf"), PDF, content


def _movement_table(lines: list[MovementLine], mixed: bool, width: float) -> Table:
    font_size = 11
    shares = [0.36, 0.13, 0.13, 0.38] if not mixed else [0.32, 0.14, 0.09, 0.1, 0.35]
    widths = [share * width for share in shares]
    head = [_("Name"), _("Table"), _("Seat"), _("Partner")]
    if mixed:
        head.insert(1, _("Plays as"))
    rows = [_heads(head, widths, font_size)]
    for line in lines:
        # one line as long as it can (down to 7 points: a guest searches the sheet for her name), then two
        row = [_name(line.name, FONT_BOLD, font_size, widths[0] - 12, least=NAME_FLOOR, wrapped=9)]
        if mixed:
            row.append(kind_word(line.kind))
        row += [
            l10n.number(line.table),
            seat_word(line.seat),
            _name(line.partner, FONT, font_size, widths[-1] - 12, least=NAME_FLOOR, wrapped=9),
        ]
        rows.append(row)
    table_col = 2 if mixed else 1
    extra = [
        ("FONT", (0, 1), (0, -1), FONT_BOLD, font_size),
        ("ALIGN", (table_col, 0), (table_col + 1, -1), "CENTER"),
        ("FONT", (table_col, 1), (table_col, -1), FONT_BOLD, font_size + 2),
    ]
    if mixed:
        extra.append(("FONT", (1, 1), (1, -1), FONT, font_size - 1))
    return Table(rows, colWidths=widths, repeatRows=1, style=_grid_style(font_size, extra=extra))


# --- results sheet -----------------------------------------------------------------------------------------


def results_pdf(sheet: ResultsSheet, paper: str = "A4", *, pagesize: str | None = None) -> tuple[str, str, bytes]:
    """Prizes, then place, name, total and each round's table, seat, partner and result; pairs when kept.
    On `paper`, "A4" or "letter" (`pagesize` is its old name).

    More than four rounds turn the page to landscape so each round keeps a readable column.
    """
    size = page_size(paper if pagesize is None else pagesize, landscape=len(sheet.rounds) > 4)
    width = size[0] - 2 * MARGIN
    title = _("%(party)s – results") % {"party": sheet.party_name}
    story: list[Flowable] = [_p(title, TITLE), _p(long_date(sheet.party_date), SUBTITLE)]
    if not sheet.lines:
        story.append(_p(_("No results yet."), BODY))
    else:
        story.append(KeepTogether([_p(_("Prizes"), HEADING), *_prizes(sheet)]))
        if sheet.keep_partners and sheet.pairs:
            story += [_p(_("Standings by pair"), HEADING), _pairs_table(sheet, width)]
        story += [
            _p(_("Standings"), HEADING),
            _p(_("Each round: table and seat, the result, and the partner below."), NOTE),
            _standings_table(sheet, width),
        ]
    content = build_document(story, size, title)
    return filename(sheet.party_name, "results", "pdf"), PDF, content


def _place_number(label: str) -> int | None:
    try:
        return int(label.lstrip("="))
    except ValueError:
        return None


def _names(entries: list[tuple[str, int]]) -> str:
    """ "Ada Brown (+1,200)" or "Ada Brown and Bob Carter (+1,200 each)", cleaned: each name on its own (a
    right-to-left name keeps its figure outside it), so the sentence is not cleaned again."""

    def one(name: str, total: int) -> str:
        return _("%(name)s (%(total)s)") % {"name": name, "total": signed(total)}

    if not entries:
        return "–"
    entries = [(clean(name, fallback=True), total) for name, total in entries]
    if len(entries) == 1:
        return one(*entries[0])
    totals = {total for _name, total in entries}
    names = _("%(names)s and %(last)s") % {
        "names": ", ".join(name for name, _total in entries[:-1]),
        "last": entries[-1][0],
    }
    if len(totals) == 1:
        return _("%(names)s (%(total)s each)") % {"names": names, "total": signed(entries[0][1])}
    return ", ".join(one(name, total) for name, total in entries)


def _best(entries: list[tuple[str, int]]) -> list[tuple[str, int]]:
    if not entries:
        return []
    top = max(total for _name, total in entries)
    return [(name, total) for name, total in entries if total == top]


def _prizes(sheet: ResultsSheet) -> list[Paragraph]:
    if sheet.keep_partners and sheet.pairs:
        ranked = [(label, name, total) for label, name, total in sheet.pairs]
    else:
        ranked = [(line.label, line.name, line.total) for line in sheet.lines]
    first = [(name, total) for label, name, total in ranked if _place_number(label) == 1]
    second = [(name, total) for label, name, total in ranked if _place_number(label) == 2]
    rows = [(pgettext("prize", "First"), _names(first))]
    if second:
        rows.append((pgettext("prize", "Second"), _names(second)))
    elif len(first) > 1:
        rows.append((pgettext("prize", "Second"), clean(_("shared by those equal first"))))
    if sheet.mixed:
        rows.append((_("Best lady"), _names(_best(sheet.best_ladies))))
        rows.append((_("Best gentleman"), _names(_best(sheet.best_gentlemen))))
    totals = {line.name: line.total for line in sheet.lines}
    booby = [(name, totals.get(name, 0)) for name in sheet.booby]
    rows.append((_("Booby prize"), _names(booby)))
    paragraphs = []
    for label, text in rows:
        label = pgettext("a prize, then who won it", "%(prize)s:") % {"prize": label}
        paragraphs.append(Paragraph(f"<b>{escape(label)}</b> {markup(text, FONT)}", BODY))
    return paragraphs


def _pairs_table(sheet: ResultsSheet, width: float) -> Table:
    widths = [0.12 * width, 0.6 * width, 0.16 * width]
    rows = [[_("Place"), _("Pair"), _("Total")]]
    rows += [[label, _name(name, FONT, 10, widths[1] - 12), signed(total)] for label, name, total in sheet.pairs]
    extra = [("ALIGN", (2, 0), (2, -1), "RIGHT"), ("FONT", (2, 1), (2, -1), FONT_BOLD, 10)]
    return Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT", style=_grid_style(10, extra=extra))


def _round_cell(entry: tuple | None, font_size: float, width: float):
    if entry is None:
        return ""
    _round, table, seat, partner, result = entry
    where = ""
    if table is not None:
        where = pgettext("T for table", "T%(table)s %(seat)s") % {
            "table": l10n.number(table),
            "seat": seat_letter(seat),
        }
    first = f"{where}  {signed(result)}".strip()
    # The partner whole, never cut (smaller type, then a second line), as every name the sheets print.
    lines, fitted = name_lines(partner, FONT, font_size, width)
    text = "\n".join([first, *lines])
    if fitted == font_size:
        return cell(text, FONT, font_size, font_size + 2)
    return Lines(text, FONT, fitted, fitted + 2)


def _standings_table(sheet: ResultsSheet, width: float) -> Table:
    rounds = sheet.rounds
    font_size = 8 if len(rounds) <= 8 else 7
    # place (wide enough for its header in every language: Dutch's "Plaats"), name (the rest), kind, total
    place_w = max(34.0, stringWidth(_("Place"), FONT_BOLD, font_size) + 12)
    fixed = [place_w, 0, 56, 48]
    if not sheet.mixed:
        fixed[2] = 0
    round_w = max(40.0, min(90.0, (width - place_w - 110 - fixed[2] - 48) / max(len(rounds), 1)))
    name_w = width - place_w - fixed[2] - 48 - round_w * len(rounds)
    kind = [pgettext("a lady or a gentleman", "Kind")] if sheet.mixed else []
    head = [_("Place"), _("Name"), *kind, _("Total"), *[_("Round %(round)s") % {"round": r} for r in rounds]]
    rows = [head]
    for line in sheet.lines:
        by_round = {entry[0]: entry for entry in line.rounds}
        row = [line.label, _name(line.name, FONT_BOLD, font_size, name_w - 8)]
        if sheet.mixed:
            row.append(kind_word(line.kind))
        row.append(signed(line.total))
        row += [_round_cell(by_round.get(r), font_size, round_w - 8) for r in rounds]
        rows.append(row)
    total_col = 3 if sheet.mixed else 2
    widths = [place_w, name_w, *([fixed[2]] if sheet.mixed else []), 48, *[round_w] * len(rounds)]
    extra = [
        ("FONT", (1, 1), (1, -1), FONT_BOLD, font_size),
        ("FONT", (total_col, 1), (total_col, -1), FONT_BOLD, font_size + 1),
        ("ALIGN", (total_col, 0), (total_col, -1), "RIGHT"),
        ("LEADING", (0, 0), (-1, -1), font_size + 2),
    ]
    extra += _booby_marks(sheet.lines)
    return Table(rows, colWidths=widths, repeatRows=1, style=_grid_style(font_size, extra=extra))


def _booby_marks(lines: list[ResultLine]) -> list[tuple]:
    return [
        ("BACKGROUND", (0, i), (-1, i), colors.Color(1, 0.95, 0.85))
        for i, line in enumerate(lines, start=1)
        if line.booby
    ]

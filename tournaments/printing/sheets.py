"""The movement sheet (where everyone sits next) and the results sheet (standings and prizes), with Platypus.

Rules: docs/rules/four-aces-party.md ("Moving after each round", "End of the party", "Printed matter").
"""

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph, Table, TableStyle

from tournaments.printing.common import (
    KIND_WORDS,
    PDF,
    build_document,
    clean,
    filename,
    fit,
    long_date,
    page_size,
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
    return Paragraph(escape(clean(text)), style)


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
    party_name: str, round_number: int, lines: list[MovementLine], *, pagesize: str = "A4"
) -> tuple[str, str, bytes]:
    """Per player, in the order given (sorted by name): where to sit for round `round_number`, and the partner."""
    size = page_size(pagesize)
    mixed = any(line.kind for line in lines)
    title = f"{party_name} – round {round_number}: where to sit"
    story = [
        _p(party_name, TITLE),
        _p(f"Round {round_number} – find your name: your table, your seat and your partner", SUBTITLE),
    ]
    if lines:
        story.append(_movement_table(lines, mixed, size[0] - 2 * MARGIN))
    else:
        story.append(_p("Nobody is seated for this round yet.", BODY))
    content = build_document(story, size, title)
    return filename(party_name, f"movement-round-{round_number}", "pdf"), PDF, content


def _movement_table(lines: list[MovementLine], mixed: bool, width: float) -> Table:
    font_size = 11
    shares = [0.36, 0.13, 0.13, 0.38] if not mixed else [0.32, 0.14, 0.09, 0.1, 0.35]
    widths = [share * width for share in shares]
    head = ["Name", "Table", "Seat", "Partner"] if not mixed else ["Name", "Plays as", "Table", "Seat", "Partner"]
    rows = [head]
    for line in lines:
        row = [fit(clean(line.name), FONT_BOLD, font_size, widths[0] - 12)]
        if mixed:
            row.append(KIND_WORDS.get(line.kind, line.kind))
        row += [
            str(line.table),
            seat_word(line.seat),
            fit(clean(line.partner), FONT, font_size, widths[-1] - 12),
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


def results_pdf(sheet: ResultsSheet, *, pagesize: str = "A4") -> tuple[str, str, bytes]:
    """Prizes, then place, name, total and each round's table, seat, partner and result; pairs when kept.

    More than four rounds turn the page to landscape so each round keeps a readable column.
    """
    size = page_size(pagesize)
    if len(sheet.rounds) > 4:
        size = landscape(size)
    width = size[0] - 2 * MARGIN
    story = [_p(f"{sheet.party_name} – results", TITLE), _p(long_date(sheet.party_date), SUBTITLE)]
    if not sheet.lines:
        story.append(_p("No results yet.", BODY))
    else:
        story.append(KeepTogether([_p("Prizes", HEADING), *_prizes(sheet)]))
        if sheet.keep_partners and sheet.pairs:
            story += [_p("Standings by pair", HEADING), _pairs_table(sheet, width)]
        story += [
            _p("Standings", HEADING),
            _p("Each round: table and seat, the result, and the partner below.", NOTE),
            _standings_table(sheet, width),
        ]
    content = build_document(story, size, f"{sheet.party_name} – results")
    return filename(sheet.party_name, "results", "pdf"), PDF, content


def _place_number(label: str) -> int | None:
    try:
        return int(label.lstrip("="))
    except ValueError:
        return None


def _names(entries: list[tuple[str, int]]) -> str:
    """ "Ada Brown (+1,200)" or "Ada Brown and Bob Carter (+1,200 each)"."""
    if not entries:
        return "–"
    if len(entries) == 1:
        return f"{entries[0][0]} ({signed(entries[0][1])})"
    totals = {total for _, total in entries}
    names = ", ".join(name for name, _ in entries[:-1]) + f" and {entries[-1][0]}"
    if len(totals) == 1:
        return f"{names} ({signed(entries[0][1])} each)"
    return ", ".join(f"{name} ({signed(total)})" for name, total in entries)


def _best(entries: list[tuple[str, int]]) -> list[tuple[str, int]]:
    if not entries:
        return []
    top = max(total for _, total in entries)
    return [(name, total) for name, total in entries if total == top]


def _prizes(sheet: ResultsSheet) -> list[Paragraph]:
    if sheet.keep_partners and sheet.pairs:
        ranked = [(label, name, total) for label, name, total in sheet.pairs]
    else:
        ranked = [(line.label, line.name, line.total) for line in sheet.lines]
    first = [(name, total) for label, name, total in ranked if _place_number(label) == 1]
    second = [(name, total) for label, name, total in ranked if _place_number(label) == 2]
    rows = [("First", _names(first))]
    if second:
        rows.append(("Second", _names(second)))
    elif len(first) > 1:
        rows.append(("Second", "shared by those equal first"))
    if sheet.mixed:
        rows.append(("Best lady", _names(_best(sheet.best_ladies))))
        rows.append(("Best gentleman", _names(_best(sheet.best_gentlemen))))
    totals = {line.name: line.total for line in sheet.lines}
    booby = [(name, totals.get(name, 0)) for name in sheet.booby]
    rows.append(("Booby prize", _names(booby)))
    return [Paragraph(f"<b>{escape(label)}:</b> {escape(clean(text))}", BODY) for label, text in rows]


def _pairs_table(sheet: ResultsSheet, width: float) -> Table:
    widths = [0.12 * width, 0.6 * width, 0.16 * width]
    rows = [["Place", "Pair", "Total"]]
    rows += [[label, fit(clean(name), FONT, 10, widths[1] - 12), signed(total)] for label, name, total in sheet.pairs]
    extra = [("ALIGN", (2, 0), (2, -1), "RIGHT"), ("FONT", (2, 1), (2, -1), FONT_BOLD, 10)]
    return Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT", style=_grid_style(10, extra=extra))


def _round_cell(entry: tuple | None, font_size: float, width: float) -> str:
    if entry is None:
        return ""
    _, table, seat, partner, result = entry
    where = f"T{table} {seat}" if table is not None else ""
    first = f"{where}  {signed(result)}".strip()
    return f"{first}\n{fit(clean(partner), FONT, font_size, width)}"


def _standings_table(sheet: ResultsSheet, width: float) -> Table:
    rounds = sheet.rounds
    font_size = 8 if len(rounds) <= 8 else 7
    fixed = [34, 0, 56, 48]  # place, name (the rest), kind, total
    if not sheet.mixed:
        fixed[2] = 0
    round_w = max(40.0, min(90.0, (width - 34 - 110 - fixed[2] - 48) / max(len(rounds), 1)))
    name_w = width - 34 - fixed[2] - 48 - round_w * len(rounds)
    head = ["Place", "Name", *(["Kind"] if sheet.mixed else []), "Total", *[f"Round {r}" for r in rounds]]
    rows = [head]
    for line in sheet.lines:
        by_round = {entry[0]: entry for entry in line.rounds}
        row = [line.label, fit(clean(line.name), FONT_BOLD, font_size, name_w - 8)]
        if sheet.mixed:
            row.append(KIND_WORDS.get(line.kind, line.kind))
        row.append(signed(line.total))
        row += [_round_cell(by_round.get(r), font_size, round_w - 8) for r in rounds]
        rows.append(row)
    total_col = 3 if sheet.mixed else 2
    widths = [34, name_w, *([fixed[2]] if sheet.mixed else []), 48, *[round_w] * len(rounds)]
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

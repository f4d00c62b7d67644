"""The Towie score sheet (a column per player) and its settlement, as a PDF (Platypus).

Rules: docs/rules/towie.md; design: screens.md ("Towie: the score sheet with a column per player and
the settlement"). The builder takes plain data (built by tournaments/selectors/towie.py) and returns
(filename, content_type, bytes).
"""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

from tournaments.printing.common import PDF, build_document, clean, filename, long_date, page_size, signed


@dataclass(frozen=True)
class SheetCell:
    points: int  # entered on this deal
    total: int  # running total after it
    vulnerable: bool  # as the deal was played
    role: str  # "declarer", "seated" or "waiting"


@dataclass(frozen=True)
class SheetRow:
    number: int
    dealer: str
    what: str
    cells: tuple[SheetCell, ...]
    rubber: int = 1
    rubber_won_by: str | None = None


@dataclass(frozen=True)
class SettlementLine:
    name: str
    total: int
    rounded: int
    net: int
    money: Decimal | None = None


@dataclass(frozen=True)
class PaymentLine:
    payer: str
    payee: str
    points: int
    money: Decimal | None = None


@dataclass(frozen=True)
class TowieSheetPrint:
    name: str
    day: date | None
    party_name: str
    players: tuple[str, ...]
    rows: tuple[SheetRow, ...]
    totals: tuple[int, ...]
    settlement: tuple[SettlementLine, ...]
    payments: tuple[PaymentLine, ...]
    stake: Decimal | None = None


MARGIN = 36
GREY = colors.Color(0.6, 0.6, 0.6)
WAITING = colors.Color(0.9, 0.9, 0.9)
DECLARER = colors.Color(0.85, 0.91, 0.97)
TITLE = ParagraphStyle("title", fontName="Helvetica-Bold", fontSize=18, leading=22, spaceAfter=2)
SUBTITLE = ParagraphStyle("subtitle", fontName="Helvetica", fontSize=10.5, leading=14, spaceAfter=8)
HEADING = ParagraphStyle("heading", fontName="Helvetica-Bold", fontSize=13, leading=16, spaceBefore=10, spaceAfter=4)
BODY = ParagraphStyle("body", fontName="Helvetica", fontSize=10.5, leading=14)
SMALL = ParagraphStyle("small", fontName="Helvetica", fontSize=8.5, leading=10.5)
CELL = ParagraphStyle("cell", fontName="Helvetica", fontSize=10, leading=12, alignment=2)
HEAD = ParagraphStyle("head", fontName="Helvetica-Bold", fontSize=9.5, leading=11.5, alignment=2)
NOTE = ParagraphStyle("note", fontName="Helvetica-Oblique", fontSize=8, leading=10, spaceAfter=4)


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(escape(clean(text)), style)


def points(value: int) -> str:
    return f"{value:,}"


def money(value: Decimal | None) -> str:
    if value is None:
        return ""
    text = f"{abs(value):,.2f}"
    return f"-{text}" if value < 0 else f"+{text}" if value > 0 else text


def _cell(cell: SheetCell) -> Paragraph:
    entered = f"<b>{points(cell.points)}</b>" if cell.points else ("out" if cell.role == "waiting" else "–")
    vulnerable = " V" if cell.vulnerable else ""
    return Paragraph(f"{entered}<br/><font size=7.5 color='#555555'>{points(cell.total)}{vulnerable}</font>", CELL)


def _sheet_table(sheet: TowieSheetPrint, width: float) -> Table:
    count = len(sheet.players)
    player_width = min(70.0, (width - 190) / count)
    widths = [26, 62, width - 88 - player_width * count] + [player_width] * count
    rows: list[list] = [["Deal", "Dealer", "What happened"] + [_p(name, HEAD) for name in sheet.players]]
    style = [
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 9.5),
        ("FONT", (0, 1), (-1, -1), "Helvetica", 9.5),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.88, 0.88, 0.88)),
        ("GRID", (0, 0), (-1, -1), 0.4, GREY),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
    ]
    for row in sheet.rows:
        index = len(rows)
        rows.append([str(row.number), _p(row.dealer, SMALL), _p(row.what, SMALL)] + [_cell(c) for c in row.cells])
        for column, cell in enumerate(row.cells, start=3):
            if cell.role in ("waiting", "declarer"):
                colour = WAITING if cell.role == "waiting" else DECLARER
                style.append(("BACKGROUND", (column, index), (column, index), colour))
        if row.rubber_won_by:
            rows.append(
                [_p(f"{row.rubber_won_by} wins rubber {row.rubber}: a new rubber begins, nobody vulnerable", NOTE)]
            )
            style += [("SPAN", (0, len(rows) - 1), (-1, len(rows) - 1))]
    if not sheet.rows:
        rows.append(["", "", _p("No deals yet.", SMALL)] + [""] * count)
    rows.append(["", "", "Total"] + [points(total) for total in sheet.totals])
    style += [
        ("FONT", (0, -1), (-1, -1), "Helvetica-Bold", 10.5),
        ("ALIGN", (3, -1), (-1, -1), "RIGHT"),
        ("LINEABOVE", (0, -1), (-1, -1), 1.2, colors.black),
    ]
    return Table(rows, colWidths=widths, repeatRows=1, style=TableStyle(style))


def _settlement_table(sheet: TowieSheetPrint, width: float) -> Table:
    with_money = sheet.stake is not None
    head = ["Player", "Total", "Rounded", "Net (points)"] + (["Money"] if with_money else [])
    rows = [head]
    for line in sheet.settlement:
        row = [clean(line.name), points(line.total), points(line.rounded), signed(line.net)]
        rows.append(row + ([money(line.money)] if with_money else []))
    shares = [0.36, 0.16, 0.16, 0.16, 0.16] if with_money else [0.4, 0.2, 0.2, 0.2]
    style = [
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 10.5),
        ("FONT", (0, 1), (-1, -1), "Helvetica", 10.5),
        ("FONT", (3, 1), (-1, -1), "Helvetica-Bold", 10.5),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.88, 0.88, 0.88)),
        ("GRID", (0, 0), (-1, -1), 0.4, GREY),
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
    ]
    return Table(rows, colWidths=[share * width for share in shares], style=TableStyle(style))


def _payments(sheet: TowieSheetPrint) -> list[Paragraph]:
    if not sheet.payments:
        return [_p("Nobody pays anybody: the rounded totals are all equal.", BODY)]
    lines = []
    for payment in sheet.payments:
        amount = f" ({money(payment.money).lstrip('+')})" if payment.money is not None else ""
        lines.append(_p(f"{payment.payer} pays {payment.payee} {points(payment.points)}{amount}", BODY))
    return lines


def towie_pdf(sheet: TowieSheetPrint, *, pagesize: str = "A4") -> tuple[str, str, bytes]:
    """The score sheet, a column per player, then the settlement: rounded totals, nets, who pays whom."""
    size = page_size(pagesize)
    width = size[0] - 2 * MARGIN
    subtitle = " · ".join(part for part in (long_date(sheet.day), sheet.party_name, ", ".join(sheet.players)) if part)
    stake = "" if sheet.stake is None else f", in money at {sheet.stake:,.2f} per hundred points"
    story = [
        _p(f"{sheet.name} – Towie score sheet", TITLE),
        _p(subtitle, SUBTITLE),
        _p(
            "Each player's column: the points entered on the deal and, below, the running total "
            "(V: vulnerable as the deal was played). Grey: waiting. Blue: the declarer.",
            NOTE,
        ),
        _sheet_table(sheet, width),
        Spacer(1, 6),
        KeepTogether(
            [
                _p("Settlement", HEADING),
                _p(f"Each total rounded to the nearest hundred (fifty up){stake}.", NOTE),
                _settlement_table(sheet, width),
                _p("Who pays whom", HEADING),
                *_payments(sheet),
            ]
        ),
    ]
    content = build_document(story, size, f"{sheet.name} – Towie")
    return filename(sheet.name, "towie-sheet", "pdf"), PDF, content

"""The Towie score sheet (a column per player) and its settlement, as a PDF (Platypus); the table's card.

Rules: docs/rules/towie.md; design: screens.md ("Towie: the score sheet with a column per player and
the settlement"). The builders take plain data (built by tournaments/selectors/towie.py) and return
(filename, content_type, bytes), in the active language (the view sets the club's: l10n.printed_for)
and on the paper passed in. The table's card and the QR code on its page are made the way the
party's table cards are (tournaments/printing/cards.py): the same QR code widget and drawing.
"""

import io
import itertools
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from xml.sax.saxutils import escape, quoteattr

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import simpleSplit
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

from tournaments import l10n
from tournaments.printing.cards import _canvas, _draw_qr
from tournaments.printing.common import (
    PDF,
    TableCommand,
    build_document,
    clean,
    draw,
    filename,
    fit,
    long_date,
    markup,
    name_fit,
    page_size,
    text_width,
    wrap_chars,
)
from tournaments.printing.fonts import FONT, FONT_BOLD, FONT_ITALIC


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


@dataclass(frozen=True)
class TowieCardPrint:
    """The card left on a Towie table: its name, its players and its phone link (as a QR code)."""

    name: str
    day: date | None
    party_name: str
    players: tuple[str, ...]
    link: str


MARGIN = 36
QR_BORDER = 2  # modules of white round the code, as on the party's table cards
GREY = colors.Color(0.6, 0.6, 0.6)
WAITING = colors.Color(0.9, 0.9, 0.9)
DECLARER = colors.Color(0.85, 0.91, 0.97)
TITLE = ParagraphStyle("title", fontName=FONT_BOLD, fontSize=18, leading=22, spaceAfter=2)
SUBTITLE = ParagraphStyle("subtitle", fontName=FONT, fontSize=10.5, leading=14, spaceAfter=8)
HEADING = ParagraphStyle("heading", fontName=FONT_BOLD, fontSize=13, leading=16, spaceBefore=10, spaceAfter=4)
BODY = ParagraphStyle("body", fontName=FONT, fontSize=10.5, leading=14)
SMALL = ParagraphStyle("small", fontName=FONT, fontSize=8.5, leading=10.5)
CELL = ParagraphStyle("cell", fontName=FONT, fontSize=10, leading=12, alignment=2)
HEAD = ParagraphStyle("head", fontName=FONT_BOLD, fontSize=9.5, leading=11.5, alignment=2)
SETTLED = ParagraphStyle("settled", fontName=FONT, fontSize=10.5, leading=12.5)
NOTE = ParagraphStyle("note", fontName=FONT_ITALIC, fontSize=8, leading=10, spaceAfter=4)


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return _shown(clean(text, fallback=True), style)


def _shown(cleaned: str, style: ParagraphStyle) -> Paragraph:
    """Cleaned text as a paragraph, each run in a font that draws it (a Chinese name in the fallback font)."""
    return Paragraph(markup(cleaned, style.fontName), style)


def _said(template: str, style: ParagraphStyle, **names: str) -> Paragraph:
    """A sentence with names in it, each name cleaned on its own (a right-to-left name keeps the figures after
    it outside its run, as on the results sheet), so the sentence is not cleaned again."""
    words = {key: clean(value, fallback=True) for key, value in names.items()}
    return _shown(clean(template, fallback=True) % words, style)


def _names(names: tuple[str, ...]) -> str:
    """ "Ann, Bob, Cid", cleaned: each name on its own, so two right-to-left names keep the order they sit in."""
    return ", ".join(clean(name, fallback=True) for name in names)


def points(value: int) -> str:
    """2640 -> "2,640" / "2 640" / "2.640" (the club's style)."""
    return l10n.number(value)


def money(value: Decimal | None) -> str:
    """ "+1.20", "−0.60" (the true minus sign), "0.00"; blank for none."""
    if value is None:
        return ""
    return l10n.money(value)


def _cell(cell: SheetCell) -> Paragraph:
    if cell.points:
        entered = f"<b>{escape(points(cell.points))}</b>"
    else:
        entered = escape(pgettext("towie: a waiting player's cell", "out")) if cell.role == "waiting" else "–"
    vulnerable = " " + escape(pgettext("vulnerable, one letter", "V")) if cell.vulnerable else ""
    total = escape(points(cell.total))
    return Paragraph(f"{entered}<br/><font size=7.5 color='#555555'>{total}{vulnerable}</font>", CELL)


def _sheet_table(sheet: TowieSheetPrint, width: float) -> Table:
    count = len(sheet.players)
    player_width = min(70.0, (width - 190) / count)
    widths = [26, 62, width - 88 - player_width * count] + [player_width] * count
    heads = [pgettext("bridge deal", "Deal"), _("Dealer"), _("What happened")]
    rows: list[list] = [heads + [_p(name, HEAD) for name in sheet.players]]
    style: list[TableCommand] = [
        ("FONT", (0, 0), (-1, 0), FONT_BOLD, 9.5),
        ("FONT", (0, 1), (-1, -1), FONT, 9.5),
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
            won = _("%(name)s wins rubber %(number)s: a new rubber begins, nobody vulnerable")
            rows.append([_said(won, NOTE, name=row.rubber_won_by, number=str(row.rubber))])
            style += [("SPAN", (0, len(rows) - 1), (-1, len(rows) - 1))]
    if not sheet.rows:
        rows.append(["", "", _p(_("No deals yet."), SMALL)] + [""] * count)
    rows.append(["", "", _("Total")] + [points(total) for total in sheet.totals])
    style += [
        ("FONT", (0, -1), (-1, -1), FONT_BOLD, 10.5),
        ("ALIGN", (3, -1), (-1, -1), "RIGHT"),
        ("LINEABOVE", (0, -1), (-1, -1), 1.2, colors.black),
    ]
    return Table(rows, colWidths=widths, repeatRows=1, style=TableStyle(style))


def _settlement_table(sheet: TowieSheetPrint, width: float) -> Table:
    with_money = sheet.stake is not None
    head = [_("Player"), _("Total"), _("Rounded"), _("Net (points)")] + ([_("Money")] if with_money else [])
    rows: list[list[Paragraph | str]] = [list(head)]
    for line in sheet.settlement:
        row: list[Paragraph | str] = [
            _p(line.name, SETTLED),
            points(line.total),
            points(line.rounded),
            l10n.signed(line.net),
        ]
        rows.append(row + ([money(line.money)] if with_money else []))
    shares = [0.36, 0.16, 0.16, 0.16, 0.16] if with_money else [0.4, 0.2, 0.2, 0.2]
    style: list[TableCommand] = [
        ("FONT", (0, 0), (-1, 0), FONT_BOLD, 10.5),
        ("FONT", (0, 1), (-1, -1), FONT, 10.5),
        ("FONT", (3, 1), (-1, -1), FONT_BOLD, 10.5),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.88, 0.88, 0.88)),
        ("GRID", (0, 0), (-1, -1), 0.4, GREY),
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
    ]
    return Table(rows, colWidths=[share * width for share in shares], style=TableStyle(style))


def _payments(sheet: TowieSheetPrint) -> list[Paragraph]:
    if not sheet.payments:
        return [_p(_("Nobody pays anybody: the rounded totals are all equal."), BODY)]
    lines = []
    for payment in sheet.payments:
        figures = {"payer": payment.payer, "payee": payment.payee, "points": points(payment.points)}
        if payment.money is None:
            text = _("%(payer)s pays %(payee)s %(points)s")
        else:
            figures["money"] = money(payment.money).lstrip("+")
            text = _("%(payer)s pays %(payee)s %(points)s (%(money)s)")
        lines.append(_said(text, BODY, **figures))
    return lines


def towie_pdf(sheet: TowieSheetPrint, *, pagesize: str = "A4") -> tuple[str, str, bytes]:
    """The score sheet, a column per player, then the settlement: rounded totals, nets, who pays whom."""
    size = page_size(pagesize)
    width = size[0] - 2 * MARGIN
    parts = (clean(long_date(sheet.day)), clean(sheet.party_name, fallback=True), _names(sheet.players))
    subtitle = " · ".join(part for part in parts if part)
    if sheet.stake is None:
        rounding = _("Each total rounded to the nearest hundred (fifty up).")
    else:
        rounding = _("Each total rounded to the nearest hundred (fifty up), in money at %(stake)s per hundred points.")
        rounding %= {"stake": l10n.number(sheet.stake, 2)}
    story = [
        _said(_("%(name)s – Towie score sheet"), TITLE, name=sheet.name),
        _shown(subtitle, SUBTITLE),
        _p(
            _(
                "Each player's column: the points entered on the deal and, below, the running total "
                "(V: vulnerable as the deal was played). Grey: waiting. Blue: the declarer."
            ),
            NOTE,
        ),
        _sheet_table(sheet, width),
        Spacer(1, 6),
        KeepTogether(
            [
                _p(_("Settlement"), HEADING),
                _p(rounding, NOTE),
                _settlement_table(sheet, width),
                _p(_("Who pays whom"), HEADING),
                *_payments(sheet),
            ]
        ),
    ]
    content = build_document(story, size, _("%(name)s – Towie") % {"name": sheet.name})
    return filename(sheet.name, "towie-sheet", "pdf"), PDF, content


# --- the table's phone link: a QR code on the page, and a card to print ------------------------


def qr_svg(value: str, *, label: str = "") -> str:
    """The QR code of `value` as a small inline SVG image (the table cards' widget, one path of squares)."""
    widget = QrCodeWidget(value, barBorder=QR_BORDER)
    # The stub is wrong here: QrCodeWidget sets its encoder `qr` in __init__ (through __dict__), and the stub
    # gives `qr` only to the QrCode flowable.
    qr = widget.qr  # type: ignore[attr-defined]  # made by reportlab, left out of its stubs
    qr.make()
    count = qr.getModuleCount()
    side = count + 2 * QR_BORDER
    runs = []
    for r, row in enumerate(qr.modules):
        c = 0
        for dark, group in itertools.groupby(bool(module) for module in row):
            length = len(list(group))
            if dark:
                runs.append(f"M{c + QR_BORDER} {r + QR_BORDER}h{length}v1h-{length}z")
            c += length
    title = f"<title>{escape(label)}</title>" if label else ""
    aria = f" aria-label={quoteattr(label)}" if label else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" role="img"{aria} '
        f'shape-rendering="crispEdges" class="qr">{title}<rect width="{side}" height="{side}" fill="#fff"/>'
        f'<path fill="#000" d="{"".join(runs)}"/></svg>'
    )


def towie_card_pdf(card: TowieCardPrint, *, pagesize: str = "A4") -> tuple[str, str, bytes]:
    """One page for the table: its name and players, the QR code of its phone link, and the link."""
    width, height = page_size(pagesize)
    buffer = io.BytesIO()
    canvas = _canvas(buffer, (width, height), _("%(name)s – Towie table card") % {"name": card.name})
    margin = MARGIN
    inner = width - 2 * margin - 40
    canvas.setStrokeColorRGB(0.45, 0.45, 0.45)
    canvas.setLineWidth(1)
    canvas.rect(margin, margin, width - 2 * margin, height - 2 * margin)

    canvas.setFillColorRGB(0.13, 0.13, 0.13)
    top = height - margin
    canvas.setFont(FONT_BOLD, 30)
    canvas.drawCentredString(width / 2, top - 50, _("TOWIE"))
    name, size = name_fit(card.name, FONT_BOLD, 20, inner, smallest=0.75)
    draw(canvas, width / 2, top - 84, name, FONT_BOLD, size, "centre")
    parts = (clean(long_date(card.day)), clean(card.party_name, fallback=True))
    subtitle = " · ".join(part for part in parts if part)
    draw(canvas, width / 2, top - 106, fit(subtitle, FONT, 12, inner), FONT, 12, "centre")
    for i, line in enumerate(_name_lines(card.players, FONT, 13, inner)[:2]):
        draw(canvas, width / 2, top - 132 - 16 * i, line, FONT, 13, "centre")

    qr_size = min(300.0, width - 2 * margin - 80)
    qr_top = top - 190
    canvas.setFont(FONT_BOLD, 14)
    canvas.drawCentredString(width / 2, qr_top + 12, _("Scan to keep this table's score sheet on a phone"))
    qr_bottom = qr_top - qr_size
    _draw_qr(canvas, card.link, (width - qr_size) / 2, qr_bottom, qr_size)
    canvas.setFont(FONT, 11)
    lines = wrap_chars(clean(card.link), FONT, 11, inner)
    for i, line in enumerate(lines[:4]):
        canvas.drawCentredString(width / 2, qr_bottom - 20 - 14 * i, line)

    canvas.setFont(FONT, 10)
    canvas.setFillColorRGB(0.45, 0.45, 0.45)
    notes = [
        _("No login is needed: the link opens this table's sheet and nothing else."),
        _("Everyone at the table may enter the deals; the sheet on each phone keeps itself up to date."),
        _("A new link (the table's Settings) stops this card working: print it again then."),
    ]
    y = margin + 84
    for note in notes:
        for line in simpleSplit(clean(note), FONT, 10, inner)[:2]:
            canvas.drawCentredString(width / 2, y, line)
            y -= 13
        y -= 5
    canvas.showPage()
    canvas.save()
    return filename(card.name, "towie-card", "pdf"), PDF, buffer.getvalue()


def _name_lines(names: tuple[str, ...], font: str, size: float, width: float) -> list[str]:
    """ "Ann, Bob, Cid" on lines of `width`, broken between the names (each cleaned on its own and measured in
    the fonts that draw it); a name wider than a line on its own is shortened to fit."""
    lines: list[str] = []
    for name in (clean(name, fallback=True) for name in names):
        joined = f"{lines[-1]}, {name}" if lines else name
        if lines and text_width(joined + ",", font, size) <= width:
            lines[-1] = joined
        else:
            if lines:
                lines[-1] += ","
            lines.append(fit(name, font, size, width))
    return lines

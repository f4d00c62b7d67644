"""Table cards (number, QR code, link) and score cards (four deals per table per round), drawn on the canvas.

Rules: docs/rules/four-aces-party.md ("A round", "Scoring each deal", "Printed matter").
"""

import io

from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy
from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen.canvas import Canvas

from tournaments import l10n
from tournaments.printing.common import (
    PDF,
    clean,
    draw,
    filename,
    fit_size,
    name_fit,
    name_lines,
    page_size,
    seat_word,
    side_word,
    vulnerable_word,
    wrap_chars,
)
from tournaments.printing.data import ScoreCard, TableCard
from tournaments.printing.fonts import FONT, FONT_BOLD, FONT_ITALIC


def _cap_rule() -> str:
    return _(
        "On each deal the side that scores is credited at most %(cap)s unless it bid and made a slam; "
        "the losing side is charged in full."
    ) % {"cap": l10n.number(1000)}


# Lazy: in the printout's language and style of numbers.
CAP_RULE = lazy(_cap_rule, str)()
NO_LINK = gettext_lazy("Scores are entered by the director")
INK = (0.13, 0.13, 0.13)
GREY = (0.45, 0.45, 0.45)


def _canvas(buffer: io.BytesIO, size: tuple[float, float], title: str) -> Canvas:
    canvas = Canvas(buffer, pagesize=size, invariant=1, pageCompression=1)
    canvas.setTitle(str(title))  # the document's title as typed (in logical order, every character)
    canvas.setAuthor("Club Director")
    canvas.setCreator("Club Director")
    return canvas


# --- table cards -------------------------------------------------------------------------------------------


def table_cards_pdf(
    cards: list[TableCard], paper: str = "A4", *, pagesize: str | None = None
) -> tuple[str, str, bytes]:
    """One page per table: the number very large, then the QR code of the table's entry link and the link.
    On `paper`, "A4" or "letter" (`pagesize` is its old name)."""
    width, height = page_size(paper if pagesize is None else pagesize)
    party_name = cards[0].party_name if cards else ""
    buffer = io.BytesIO()
    canvas = _canvas(buffer, (width, height), _("%(party)s – table cards") % {"party": party_name})
    if not cards:
        canvas.setFont(FONT, 12)
        canvas.drawCentredString(width / 2, height / 2, _("No tables to print yet."))
        canvas.showPage()
    for card in cards:
        _table_card(canvas, card, width, height)
        canvas.showPage()
    canvas.save()
    return filename(party_name, "table-cards", "pdf"), PDF, buffer.getvalue()


def _table_card(canvas: Canvas, card: TableCard, width: float, height: float) -> None:
    margin = 36
    canvas.setStrokeColorRGB(*GREY)
    canvas.setLineWidth(1)
    canvas.rect(margin, margin, width - 2 * margin, height - 2 * margin)

    canvas.setFillColorRGB(*INK)
    party_name = name_fit(card.party_name, FONT, 14, width - 120)[0]
    draw(canvas, width / 2, height - margin - 34, party_name, FONT, 14, "centre")
    canvas.setFont(FONT_BOLD, 30)
    canvas.drawCentredString(width / 2, height - margin - 78, pgettext("the word above the number", "TABLE"))

    # the number: as large as fits between the word TABLE and the middle of the page
    number = l10n.number(card.table)
    area_top, area_bottom = height - margin - 100, height * 0.42 + 14
    size = min((area_top - area_bottom) / 0.72, (width - 2 * margin - 40) / canvas.stringWidth(number, FONT_BOLD, 1))
    canvas.setFont(FONT_BOLD, size)
    canvas.drawCentredString(width / 2, area_bottom + (area_top - area_bottom - 0.72 * size) / 2, number)

    qr_size = min(200.0, area_bottom - margin - 130)
    if card.link:
        canvas.setFont(FONT, 12)
        canvas.drawCentredString(width / 2, area_bottom - 26, _("Scan to enter this table's scores"))
        qr_bottom = area_bottom - 36 - qr_size
        _draw_qr(canvas, card.link, (width - qr_size) / 2, qr_bottom, qr_size)
        canvas.setFont(FONT, 11)
        lines = wrap_chars(clean(card.link), FONT, 11, width - 2 * margin - 40)
        for i, line in enumerate(lines[:4]):
            canvas.drawCentredString(width / 2, qr_bottom - 20 - 14 * i, line)
    else:
        canvas.setFont(FONT, 16)
        canvas.drawCentredString(width / 2, area_bottom - 60, str(NO_LINK))


def _draw_qr(canvas: Canvas, value: str, x: float, y: float, size: float) -> None:
    widget = QrCodeWidget(value, barBorder=2)
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(widget)
    renderPDF.draw(drawing, canvas, x, y)


# --- score cards -------------------------------------------------------------------------------------------

# name, share of the width
SCORE_COLUMNS = (
    (pgettext_lazy("bridge deal", "Deal"), 0.07),
    (gettext_lazy("Dealer"), 0.10),
    (gettext_lazy("Vulnerable"), 0.12),
    (gettext_lazy("Contract"), 0.15),
    (pgettext_lazy("the declarer, in a narrow column", "By"), 0.08),
    (gettext_lazy("Tricks"), 0.09),
    (gettext_lazy("N–S"), 0.195),
    (gettext_lazy("E–W"), 0.195),
)


def score_cards_pdf(
    cards: list[ScoreCard], paper: str = "A4", *, pagesize: str | None = None
) -> tuple[str, str, bytes]:
    """Per table per round, two cards to a page with a dashed cut line between them. On `paper`, "A4" or
    "letter" (`pagesize` is its old name)."""
    width, height = page_size(paper if pagesize is None else pagesize)
    party_name = cards[0].party_name if cards else ""
    rounds = sorted({card.round for card in cards})
    what = f"score-cards-round-{rounds[0]}" if len(rounds) == 1 else "score-cards"
    buffer = io.BytesIO()
    canvas = _canvas(buffer, (width, height), _("%(party)s – score cards") % {"party": party_name})
    if not cards:
        canvas.setFont(FONT, 12)
        canvas.drawCentredString(width / 2, height / 2, _("No score cards to print yet."))
        canvas.showPage()
    half = height / 2
    for start in range(0, len(cards), 2):
        for i, card in enumerate(cards[start : start + 2]):
            _score_card(canvas, card, 36, half * (1 - i) + 24, width - 72, half - 48)
        canvas.saveState()
        canvas.setDash(4, 3)
        canvas.setLineWidth(0.5)
        canvas.setStrokeColorRGB(0.55, 0.55, 0.55)
        canvas.line(12, half, width - 12, half)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return filename(party_name, what, "pdf"), PDF, buffer.getvalue()


def _score_card(canvas: Canvas, card: ScoreCard, x: float, y: float, w: float, h: float) -> None:
    top = y + h
    canvas.setFillColorRGB(*INK)
    heading = _("Round %(round)s · Table %(table)s") % {
        "round": l10n.number(card.round),
        "table": l10n.number(card.table),
    }
    canvas.setFont(FONT_BOLD, 14)
    canvas.drawRightString(x + w, top - 14, heading)
    heading_w = canvas.stringWidth(heading, FONT_BOLD, 14) + 12
    draw(canvas, x, top - 14, name_fit(card.party_name, FONT_BOLD, 14, w - heading_w)[0], FONT_BOLD, 14)
    canvas.setFillColorRGB(*GREY)
    how = _("Score card – enter each deal; the credits and charges give the net for each side.")
    canvas.setFont(FONT, min(9.0, w / canvas.stringWidth(how, FONT, 1)))
    canvas.drawString(x, top - 28, how)

    # the four players, by side: each name whole (smaller, then on two lines: the boxes grow for them)
    names_top = top - 40
    quarter = w / 4
    names = {seat: name_lines(card.names.get(seat, ""), FONT_BOLD, 10.5, quarter - 8) for seat in "NSEW"}
    first_baseline = {seat: names_top - 16 - 0.85 * size for seat, (_lines, size) in names.items()}
    names_bottom = min(
        names_top - 32,
        *(first_baseline[seat] - (len(lines) - 1) * size * 1.15 - 5 for seat, (lines, size) in names.items()),
    )
    canvas.setStrokeColorRGB(*GREY)
    canvas.setLineWidth(0.6)
    canvas.grid([x + i * quarter for i in range(5)], [names_top, names_bottom])
    for i, seat in enumerate("NSEW"):
        cx = x + i * quarter
        canvas.setFillColorRGB(*GREY)
        canvas.setFont(FONT, 7.5)
        canvas.drawString(cx + 4, names_top - 10, seat_word(seat))
        canvas.setFillColorRGB(*INK)
        lines, size = names[seat]
        for k, line in enumerate(lines):
            draw(canvas, cx + 4, first_baseline[seat] - k * size * 1.15, line, FONT_BOLD, size)

    bottom = _deal_grid(canvas, card, x, names_bottom - 12, w)

    canvas.setFillColorRGB(*INK)
    cap_rule = str(CAP_RULE)
    size = min(9.0, w / canvas.stringWidth(cap_rule, FONT_ITALIC, 1))
    canvas.setFont(FONT_ITALIC, size)
    canvas.drawString(x, bottom - 16, cap_rule)
    canvas.setFont(FONT, 9)
    line = "______________________"
    agreed = _("Agreed:")
    agreed = f"{agreed}  {side_word('NS')} {line}      {side_word('EW')} {line}"
    canvas.drawString(x, bottom - 38, agreed)


def _deal_grid(canvas: Canvas, card: ScoreCard, x: float, top: float, w: float) -> float:
    """Header, one row per deal, then the two net lines; returns the grid's foot."""
    head_h, deal_h = 18, 32
    xs = [x]
    for _title, share in SCORE_COLUMNS:
        xs.append(xs[-1] + share * w)
    deals_bottom = top - head_h - deal_h * len(card.deals)

    canvas.setFillColorRGB(0.9, 0.9, 0.9)
    canvas.rect(x, top - head_h, w, head_h, stroke=0, fill=1)
    canvas.setStrokeColorRGB(*GREY)
    canvas.setLineWidth(0.6)
    canvas.grid(xs, [top, top - head_h, *[top - head_h - deal_h * (i + 1) for i in range(len(card.deals))]])

    canvas.setFillColorRGB(*INK)
    for i, (title, _share) in enumerate(SCORE_COLUMNS):
        shown, size = fit_size(str(title), FONT_BOLD, 8.5, xs[i + 1] - xs[i] - 4)  # a longer word, smaller
        canvas.setFont(FONT_BOLD, size)
        canvas.drawCentredString((xs[i] + xs[i + 1]) / 2, top - 12.5, shown)
    canvas.setFont(FONT, 10)
    for r, deal in enumerate(card.deals):
        baseline = top - head_h - deal_h * r - deal_h / 2 - 3.5
        canvas.setFont(FONT_BOLD, 11)
        canvas.drawCentredString((xs[0] + xs[1]) / 2, baseline, l10n.number(deal.number))
        for col, word in ((1, seat_word(deal.dealer)), (2, vulnerable_word(deal.vulnerable))):
            word, size = fit_size(word, FONT, 10, xs[col + 1] - xs[col] - 4)
            canvas.setFont(FONT, size)
            canvas.drawCentredString((xs[col] + xs[col + 1]) / 2, baseline, word)

    # the net lines: under each side's column a box with its label, room to write the figure
    net_h = 26
    canvas.setFont(FONT_BOLD, 10)
    canvas.drawRightString(xs[6] - 6, deals_bottom - 16.5, _("Net for the round (credits less charges)"))
    canvas.setLineWidth(1.2)
    canvas.setStrokeColorRGB(*INK)
    for side, col in (("NS", 6), ("EW", 7)):
        label = _("Net %(side)s") % {"side": side_word(side)}
        canvas.rect(xs[col], deals_bottom - net_h, xs[col + 1] - xs[col], net_h, stroke=1, fill=0)
        canvas.setFont(FONT_BOLD, 7.5)
        canvas.drawString(xs[col] + 3, deals_bottom - 9, label)
    return deals_bottom - net_h

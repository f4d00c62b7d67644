"""Tally cards: one per player, four or six to a page with dashed cut lines, drawn straight on the canvas.

Rules: docs/rules/four-aces-party.md ("People and tables", "Printed matter"); design: screens.md.
"""

import io

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from reportlab.pdfgen.canvas import Canvas

from tournaments import l10n
from tournaments.printing.common import (
    PDF,
    clean,
    draw,
    filename,
    fit,
    fit_size,
    kind_mark,
    long_date,
    name_fit,
    page_size,
    seat_word,
    signed,
)
from tournaments.printing.data import TallyCard
from tournaments.printing.fonts import FONT, FONT_BOLD

# (columns, rows) of cards on a portrait page
LAYOUTS = {4: (2, 2), 6: (2, 3)}

MARGIN = 18  # page edge to the outer cut line
PAD = 12  # cut line to the card's drawn edge

# name, share of the card width, alignment
COLUMNS = (
    (gettext_lazy("Round"), 0.11, "c"),
    (gettext_lazy("Table"), 0.11, "c"),
    (gettext_lazy("Seat"), 0.14, "c"),
    (gettext_lazy("Partner"), 0.34, "l"),
    (pgettext_lazy("a round's result, won or lost", "+ / –"), 0.15, "r"),
    (pgettext_lazy("the running total after each round", "Running"), 0.15, "r"),
)

INK = (0.13, 0.13, 0.13)
RULE = (0.45, 0.45, 0.45)
HEAD_FILL = (0.9, 0.9, 0.9)
# kind -> (band colour, card tint); "" is a party that is not mixed
COLOURS = {
    "lady": ((0.67, 0.11, 0.36), (0.99, 0.92, 0.95)),
    "gentleman": ((0.08, 0.33, 0.62), (0.91, 0.95, 0.99)),
    "": ((0.2, 0.2, 0.2), None),
}


def tallies_pdf(
    cards: list[TallyCard], paper: str = "A4", *, per_page: int = 4, pagesize: str | None = None
) -> tuple[str, str, bytes]:
    """All the tally cards of a party on `paper` ("A4" or "letter"; `pagesize` is its old name); per_page is
    4 (2 x 2) or 6 (2 x 3)."""
    width, height = page_size(paper if pagesize is None else pagesize)
    if per_page not in LAYOUTS:
        raise ValueError(f"tally cards print 4 or 6 to a page, not {per_page!r}")
    cols, rows = LAYOUTS[per_page]
    party_name = cards[0].party_name if cards else ""

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=1)
    canvas.setTitle(_("%(party)s – tally cards") % {"party": party_name})
    canvas.setAuthor("Club Director")
    canvas.setCreator("Club Director")
    cell_w = (width - 2 * MARGIN) / cols
    cell_h = (height - 2 * MARGIN) / rows

    if not cards:
        canvas.setFont(FONT, 12)
        canvas.drawCentredString(width / 2, height / 2, _("No tally cards to print yet."))
        canvas.showPage()
    for start in range(0, len(cards), per_page):
        for i, card in enumerate(cards[start : start + per_page]):
            col, row = i % cols, i // cols
            x = MARGIN + col * cell_w + PAD
            y = height - MARGIN - (row + 1) * cell_h + PAD
            _draw_card(canvas, card, x, y, cell_w - 2 * PAD, cell_h - 2 * PAD)
        _cut_lines(canvas, width, height, cols, rows, cell_w, cell_h)
        canvas.showPage()
    canvas.save()
    return filename(party_name, "tallies", "pdf"), PDF, buffer.getvalue()


def _cut_lines(canvas: Canvas, width: float, height: float, cols: int, rows: int, cell_w: float, cell_h: float):
    canvas.saveState()
    canvas.setStrokeColorRGB(0.55, 0.55, 0.55)
    canvas.setLineWidth(0.5)
    canvas.setDash(4, 3)
    xs = [MARGIN + c * cell_w for c in range(cols + 1)]
    ys = [MARGIN + r * cell_h for r in range(rows + 1)]
    canvas.grid(xs, ys)
    canvas.setFont(FONT, 6)
    canvas.setFillColorRGB(0.55, 0.55, 0.55)
    canvas.drawString(MARGIN, MARGIN - 9, _("Cut along the dashed lines"))
    canvas.restoreState()


def _draw_card(canvas: Canvas, card: TallyCard, x: float, y: float, w: float, h: float) -> None:
    band, tint = COLOURS.get(card.kind, COLOURS[""])
    top = y + h
    if tint:
        canvas.setFillColorRGB(*tint)
        canvas.rect(x, y, w, h, stroke=0, fill=1)
    canvas.setStrokeColorRGB(*band)
    canvas.setLineWidth(1)
    canvas.rect(x, y, w, h, stroke=1, fill=0)

    # the band: party name, and the kind's mark at a mixed party
    canvas.setFillColorRGB(*band)
    canvas.rect(x, top - 22, w, 22, stroke=0, fill=1)
    canvas.setFillColorRGB(1, 1, 1)
    mark = kind_mark(card.kind)
    mark_w = 0
    if mark:
        canvas.setFont(FONT_BOLD, 11)
        canvas.drawRightString(x + w - 6, top - 15.5, mark)
        mark_w = canvas.stringWidth(mark, FONT_BOLD, 11) + 12
    party_name = name_fit(card.party_name, FONT_BOLD, 11, w - 12 - mark_w)[0]
    draw(canvas, x + 6, top - 15.5, party_name, FONT_BOLD, 11)

    canvas.setFillColorRGB(*INK)
    canvas.setFont(FONT, 8.5)
    canvas.drawString(x + 6, top - 33, clean(long_date(card.party_date)))
    canvas.drawRightString(x + w - 6, top - 33, _("Tally card"))
    name, name_size = name_fit(card.name, FONT_BOLD, 15, w - 12, 0.75)
    draw(canvas, x + 6, top - 52, name, FONT_BOLD, name_size)
    canvas.setFont(FONT, 10)
    first = _("First round: Table %(table)s, %(seat)s") % {
        "table": l10n.number(card.table),
        "seat": seat_word(card.seat),
    }
    canvas.drawString(x + 6, top - 67, fit(first, FONT, 10, w - 12))

    footer = 30
    bottom = _draw_grid(canvas, card, x + 6, y + footer, w - 12, top - 76 - (y + footer))

    # the total at the foot of the grid
    foot = bottom - 26
    canvas.setFillColorRGB(*INK)
    canvas.setFont(FONT_BOLD, 11)
    canvas.drawString(x + 6, foot + 6, _("Total"))
    box_w = (w - 12) * 0.3
    canvas.setStrokeColorRGB(*INK)
    canvas.rect(x + w - 6 - box_w, foot, box_w, 20, stroke=1, fill=0)
    if card.total is not None:
        canvas.setFont(FONT_BOLD, 12)
        canvas.drawRightString(x + w - 10, foot + 5.5, signed(card.total))


def _draw_grid(canvas: Canvas, card: TallyCard, x: float, y: float, w: float, h: float) -> float:
    """The header row and one row per round, as tall as the space allows (at most 28 points); returns its foot."""
    n = max(len(card.lines), 1)
    row_h = min(28.0, h / (n + 1))
    font_size = max(5.0, min(8.5, row_h * 0.62))
    head_size = min(7.5, font_size)
    widths = [share * w for _title, share, _align in COLUMNS]
    xs = [x]
    for cw in widths:
        xs.append(xs[-1] + cw)
    top = y + h
    ys = [top - i * row_h for i in range(n + 2)]

    canvas.setFillColorRGB(*HEAD_FILL)
    canvas.rect(x, top - row_h, w, row_h, stroke=0, fill=1)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(x, ys[-1], w, top - row_h - ys[-1], stroke=0, fill=1)
    canvas.setStrokeColorRGB(*RULE)
    canvas.setLineWidth(0.6)
    canvas.grid(xs, ys)

    canvas.setFillColorRGB(*INK)
    base = (row_h - head_size) / 2 + 0.25 * head_size
    for i, (title, *_rest) in enumerate(COLUMNS):
        title, title_size = fit_size(str(title), FONT_BOLD, head_size, widths[i] - 2)  # a longer word, smaller
        canvas.setFont(FONT_BOLD, title_size)
        canvas.drawCentredString((xs[i] + xs[i + 1]) / 2, top - row_h + base, title)

    base = (row_h - font_size) / 2 + 0.25 * font_size
    partner_w = widths[3] - 6
    for r, line in enumerate(card.lines):
        baseline = top - (r + 2) * row_h + base
        partner, partner_size = name_fit(line.partner, FONT, font_size, partner_w, 0.75)
        cells = (
            l10n.number(line.round),
            l10n.number(line.table),
            seat_word(line.seat),
            partner,
            signed(line.result),
            signed(line.running),
        )
        for i, text in enumerate(cells):
            if not text:
                continue
            align = COLUMNS[i][2]
            font, size = FONT_BOLD if i == 5 else FONT, partner_size if i == 3 else font_size
            if align == "c":
                draw(canvas, (xs[i] + xs[i + 1]) / 2, baseline, text, font, size, "centre")
            elif align == "r":
                draw(canvas, xs[i + 1] - 3, baseline, text, font, size, "right")
            else:
                draw(canvas, xs[i] + 3, baseline, text, font, size)
    return ys[-1]

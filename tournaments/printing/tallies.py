"""Tally cards: one per player, four or six to a page with dashed cut lines, drawn straight on the canvas.

Rules: docs/rules/four-aces-party.md ("People and tables", "Printed matter"); design: screens.md.

What every card of a printout shares (its frame and band for a kind, the grid with its headings) is drawn
once as a form and placed on each card; only the card's own words are drawn card by card.
"""

import io
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from tournaments import l10n
from tournaments.printing.common import (
    NAME_FLOOR,
    PDF,
    clean,
    draw,
    filename,
    fit,
    fit_size,
    kind_mark,
    long_date,
    name_fit,
    name_lines,
    page_size,
    runs,
    seat_word,
    signed,
)
from tournaments.printing.data import TallyCard
from tournaments.printing.fonts import FONT, FONT_BOLD

# (columns, rows) of cards on a portrait page
LAYOUTS = {4: (2, 2), 6: (2, 3)}

MARGIN = 18  # page edge to the outer cut line
PAD = 12  # cut line to the card's drawn edge
FOOTER = 30  # the card's foot to the grid's (the total sits between)

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
    printer = _Printer(canvas, cell_w - 2 * PAD, cell_h - 2 * PAD)
    cut_here = _("Cut along the dashed lines")
    for start in range(0, len(cards), per_page):
        for i, card in enumerate(cards[start : start + per_page]):
            col, row = i % cols, i // cols
            x = MARGIN + col * cell_w + PAD
            y = height - MARGIN - (row + 1) * cell_h + PAD
            printer.card(card, x, y)
        _cut_lines(canvas, cols, rows, cell_w, cell_h, cut_here)
        canvas.showPage()
    canvas.save()
    return filename(party_name, "tallies", "pdf"), PDF, buffer.getvalue()


def _cut_lines(canvas: Canvas, cols: int, rows: int, cell_w: float, cell_h: float, words: str) -> None:
    canvas.saveState()
    canvas.setStrokeColorRGB(0.55, 0.55, 0.55)
    canvas.setLineWidth(0.5)
    canvas.setDash(4, 3)
    xs = [MARGIN + c * cell_w for c in range(cols + 1)]
    ys = [MARGIN + r * cell_h for r in range(rows + 1)]
    canvas.grid(xs, ys)
    canvas.setFont(FONT, 6)
    canvas.setFillColorRGB(0.55, 0.55, 0.55)
    canvas.drawString(MARGIN, MARGIN - 9, words)
    canvas.restoreState()


@dataclass(frozen=True)
class _Grid:
    """The grid of a card with `n` rows of rounds, in points from the card's lower left corner."""

    form: str
    row_h: float
    font_size: float
    top: float  # the header row's top
    foot: float  # the total's box, at its foot
    cells: tuple[tuple[float, str], ...]  # each column's x and alignment for its text
    partner_w: float
    partner_lines: int  # the lines a row has room for, for a long partner's name (1 to 3)


class _Text:
    """Strings drawn where and as `draw` and drawString draw them, many to one text object: a text object of
    its own for every string is most of the cost of a card."""

    def __init__(self, printer: "_Printer"):
        self.printer = printer
        self.canvas = printer.canvas
        self.words: PDFTextObject | None = None
        self.font: tuple[str, float] | None = None

    def plain(self, x: float, y: float, text: str, font: str, size: float, align: str = "left") -> None:
        """As canvas.drawString, drawCentredString or drawRightString, in `font` alone."""
        if align != "left":
            width = self.printer.width(text, font, size)
            x -= width if align == "right" else width / 2
        if self.words is None:
            self.words = self.canvas.beginText(x, y)
            self.font = None
        else:
            self.words.setTextOrigin(x, y)
        if self.font != (font, size):
            self.words.setFont(font, size)
            self.font = (font, size)
        self.words.textLine(text)  # ends with T*, as drawString does: a reader's copied text keeps its lines

    def cleaned(self, x: float, y: float, text: str, font: str, size: float, align: str = "left") -> None:
        """As common.draw: cleaned text, each run in a font that has its glyphs."""
        if self.printer.one_font(text, font):
            self.plain(x, y, text, font, size, align)
        else:
            self.end()
            draw(self.canvas, x, y, text, font, size, align)

    def end(self) -> None:
        if self.words is not None:
            self.canvas.drawText(self.words)
            self.words = None


class _Printer:
    """Draws the cards of one printout. Its forms and what it has worked out (words, numbers, fitted names)
    belong to this canvas and this call alone, so nothing carries over to another printout, in another
    language, style of numbers or paper."""

    def __init__(self, canvas: Canvas, w: float, h: float):
        self.canvas, self.w, self.h = canvas, w, h
        self.heads: dict[tuple, str] = {}
        self.grids: dict[tuple[int, float], _Grid] = {}
        self.memo: dict[tuple, object] = {}
        self.first_round = _("First round: Table %(table)s, %(seat)s")
        self.total = _("Total")

    def cached(self, how, *args):
        key = (how, *args)
        try:
            return self.memo[key]
        except KeyError:
            found = self.memo[key] = how(*args)
            return found

    def width(self, text: str, font: str, size: float) -> float:
        return self.cached(stringWidth, text, font, size)

    def one_font(self, text: str, font: str) -> bool:
        return self.cached(_one_font, text, font)

    def card(self, card: TallyCard, x: float, y: float) -> None:
        canvas, w, h = self.canvas, self.w, self.h
        top = y + h
        tint = COLOURS.get(card.kind, COLOURS[""])[1]
        if tint:
            canvas.setFillColorRGB(*tint)
            canvas.rect(x, y, w, h, stroke=0, fill=1)
        self._place(self._head(card), x, y)

        canvas.setFillColorRGB(*INK)
        text = _Text(self)
        # the name whole: smaller type, then a second line (the grid moves down for it), never cut
        names, name_size = self.cached(name_lines, card.name, FONT_BOLD, 15, w - 12)
        leading = name_size * 1.15
        baseline = top - 40 - name_size * 0.8
        for line_of_name in names:
            text.cleaned(x + 6, baseline, line_of_name, FONT_BOLD, name_size)
            baseline -= leading
        drop = max(0.0, round(top - 52 - (baseline + leading), 2))  # below one line of 15 points
        first = self.first_round % {
            "table": self.cached(l10n.number, card.table),
            "seat": self.cached(seat_word, card.seat),
        }
        text.plain(x + 6, top - 67 - drop, fit(first, FONT, 10, w - 12), FONT, 10)
        text.end()

        grid = self._grid(max(len(card.lines), 1), drop)
        self._place(grid.form, x, y)
        font_size, cells = grid.font_size, grid.cells
        base = y + grid.top + (grid.row_h - font_size) / 2 + 0.25 * font_size
        for r, line in enumerate(card.lines):
            baseline = base - (r + 2) * grid.row_h
            row = (
                self.cached(l10n.number, line.round),
                self.cached(l10n.number, line.table),
                self.cached(seat_word, line.seat),
                line.partner,
                self.cached(signed, line.result),
                self.cached(signed, line.running),
            )
            for i, words in enumerate(row):
                if not words:
                    continue
                at, align = cells[i]
                if i != 3:
                    text.cleaned(x + at, baseline, words, FONT_BOLD if i == 5 else FONT, font_size, align)
                    continue
                # the partner whole, on more lines where the row has room for them, centred in the row
                partner, size = self.cached(_name_lines, words, font_size, grid.partner_w, grid.partner_lines)
                step = size * 1.1
                middle = baseline - 0.25 * font_size + font_size / 2
                first_line = middle + (len(partner) - 1) * step / 2 - size / 2 + 0.25 * size
                for k, shown in enumerate(partner):
                    text.cleaned(x + at, first_line - k * step, shown, FONT, size, align)

        # the total at the foot of the grid
        foot = y + grid.foot
        text.plain(x + 6, foot + 6, self.total, FONT_BOLD, 11)
        if card.total is not None:
            text.plain(x + w - 10, foot + 5.5, self.cached(signed, card.total), FONT_BOLD, 12, "right")
        text.end()

    def _place(self, form: str, x: float, y: float) -> None:
        self.canvas.saveState()
        self.canvas.translate(x, y)
        self.canvas.doForm(form)
        self.canvas.restoreState()

    def _form(self, name: str) -> None:
        # Room around the card for its border's stroke: a form draws nothing outside its box.
        self.canvas.beginForm(name, -PAD, -PAD, self.w + PAD, self.h + PAD)

    def _head(self, card: TallyCard) -> str:
        """The form of the card's frame and band, the party's name, its date and the words "Tally card"."""
        key = (card.kind, card.party_name, card.party_date)
        if key in self.heads:
            return self.heads[key]
        name = self.heads[key] = f"TallyHead{len(self.heads)}"
        canvas, w, h = self.canvas, self.w, self.h
        band = COLOURS.get(card.kind, COLOURS[""])[0]
        self._form(name)
        canvas.setStrokeColorRGB(*band)
        canvas.setLineWidth(1)
        canvas.rect(0, 0, w, h, stroke=1, fill=0)

        # the band: party name, and the kind's mark at a mixed party
        canvas.setFillColorRGB(*band)
        canvas.rect(0, h - 22, w, 22, stroke=0, fill=1)
        canvas.setFillColorRGB(1, 1, 1)
        mark = kind_mark(card.kind)
        mark_w = 0.0
        if mark:
            canvas.setFont(FONT_BOLD, 11)
            canvas.drawRightString(w - 6, h - 15.5, mark)
            mark_w = canvas.stringWidth(mark, FONT_BOLD, 11) + 12
        party_name = name_fit(card.party_name, FONT_BOLD, 11, w - 12 - mark_w)[0]
        draw(canvas, 6, h - 15.5, party_name, FONT_BOLD, 11)

        canvas.setFillColorRGB(*INK)
        canvas.setFont(FONT, 8.5)
        canvas.drawString(6, h - 33, clean(long_date(card.party_date)))
        canvas.drawRightString(w - 6, h - 33, _("Tally card"))
        canvas.endForm()
        return name

    def _grid(self, n: int, drop: float = 0.0) -> _Grid:
        """The header row and `n` rows, as tall as the space allows (at most 28 points), and the total's box
        below them, `drop` points lower for a name on two lines: one form for every card with as many rounds
        and as long a name."""
        if (n, drop) in self.grids:
            return self.grids[(n, drop)]
        canvas = self.canvas
        x, y, w, h = 6, FOOTER, self.w - 12, self.h - 76 - drop - FOOTER
        row_h = min(28.0, h / (n + 1))
        font_size = max(5.0, min(8.5, row_h * 0.62))
        head_size = min(7.5, font_size)
        widths = [share * w for _title, share, _align in COLUMNS]
        xs: list[float] = [x]
        for cw in widths:
            xs.append(xs[-1] + cw)
        top = y + h
        ys = [top - i * row_h for i in range(n + 2)]

        name = f"TallyGrid{len(self.grids)}"
        self._form(name)
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
            shown, title_size = fit_size(str(title), FONT_BOLD, head_size, widths[i] - 2)  # a longer word, smaller
            canvas.setFont(FONT_BOLD, title_size)
            canvas.drawCentredString((xs[i] + xs[i + 1]) / 2, top - row_h + base, shown)

        foot = ys[-1] - 26
        box_w = (self.w - 12) * 0.3
        canvas.setStrokeColorRGB(*INK)
        canvas.rect(self.w - 6 - box_w, foot, box_w, 20, stroke=1, fill=0)
        canvas.endForm()

        cells = []
        for i, (_title, _share, align) in enumerate(COLUMNS):
            if align == "c":
                cells.append(((xs[i] + xs[i + 1]) / 2, "centre"))
            elif align == "r":
                cells.append((xs[i + 1] - 3, "right"))
            else:
                cells.append((xs[i] + 3, "left"))
        # as many lines (at most three) as a row has room for, for a long partner's name
        partner_lines = max(1, min(3, int((row_h - 4) / (1.1 * min(font_size, NAME_FLOOR)))))
        grid = _Grid(name, row_h, font_size, top, foot, tuple(cells), widths[3] - 6, partner_lines)
        self.grids[(n, drop)] = grid
        return grid


def _name_lines(name: str, size: float, width: float, lines: int) -> tuple[list[str], float]:
    return name_lines(name, FONT, size, width, lines=lines)


def _one_font(text: str, font: str) -> bool:
    return all(face == font for _chunk, face in runs(text, font))

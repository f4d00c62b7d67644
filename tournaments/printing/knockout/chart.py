"""The knockout's wall chart: the whole bracket drawn on one landscape page, boxes and joining lines, as a PDF."""

import io
import math

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas as pdf_canvas

from tournaments.printing.common import (
    PDF,
    clean,
    long_date,
    page_size,
)
from tournaments.printing.fonts import FONT, FONT_BOLD, FONT_ITALIC
from tournaments.printing.knockout.data import (
    BracketChart,
    ChartBox,
    ChartSide,
    _event_title,
    _knockout_filename,
    _number,
)

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

"""The knockout's wall chart: the bracket drawn on landscape pages, boxes and joining lines, as a PDF.

Read across a room: every pair's name at NAME_SIZE (14 pt) or more, wrapped between words and never cut or
shrunk, inside margins a printer keeps (WALL_MARGIN, 12 mm). The main and the consolation brackets share one
page when both fit so; else each has a page of its own. Only a bracket too big even for a page of its own (a
field of thirty pairs or more) has its names drawn smaller, as large as fits.

Each column's width is found from its boxes: the narrowest at which every box, its names wrapped at that width,
is no taller than the rows it spans (a first-round match one unit, a box of round c 2**c units); the width left
over is shared out, so a round of long names gets the room it needs and a round still to be drawn little."""

import io
import math
import re
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib import colors
from reportlab.pdfgen import canvas as pdf_canvas

from tournaments.printing.common import (
    PDF,
    clean,
    long_date,
    page_size,
    text_width,
)
from tournaments.printing.common import (
    draw as draw_text,  # common.draw: each run in a font that has it (_legend's own `draw` is a flag)
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

# --- the wall chart: the bracket drawn on landscape pages ---------------------------------------------------------

WALL_MARGIN = 31  # 11 mm: a printer's own margin is 3 to 6 mm
WALL_GAP = 18  # between a round's column and the next: the joining lines run here
NAME_SIZE = 14.0  # a pair's name
SMALL_SIZE = 10.0  # a box's caption, a round's heading, the legend
LEADING = 1.12
PAD = 3.0  # inside a box
ROOM = 4.0  # between two boxes above each other
NARROWEST = 72.0  # a column: room for its heading on two lines
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
    or on two (broken at " & ", or the middle space) when that prints it larger. Never cut. The lines are cleaned
    with the fallback fonts (a Chinese name keeps its letters) and measured in the fonts that draw them."""
    text = clean(text, fallback=True)
    size = min(size, height / 1.15)
    one = text_width(text, font, size)
    if one <= width:
        return size, [text]
    single = size * width / one
    lines = _two_lines(text)
    widest = max(text_width(line, font, 1) for line in lines)
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
    leading = size * 1.15
    first = y + (len(lines) - 1) * leading / 2 - size * 0.35
    for i, line in enumerate(lines):
        draw_text(c, x, first - i * leading, line, font, size, "centre" if align == "center" else "left")


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


def _pieces(text: str) -> list[tuple[str, str]]:
    """The places a line may break: after a space, or after a hyphen inside a word ("Montgomery-" "Smythe");
    each piece with what joins it to the one before ("" for the first, " " or "")."""
    out: list[tuple[str, str]] = []
    for word in clean(text, fallback=True).split():
        parts = re.findall(r"[^-‐]+[-‐]*|[-‐]+", word)
        out += [(" " if out and i == 0 else "", part) for i, part in enumerate(parts)]
    return out


def wrap(text: str, font: str, size: float, width: float, first: float | None = None) -> list[str] | None:
    """The text broken between words (or after a hyphen) into lines no wider than `width` (the first no wider
    than `first`, when given), as few as can be; None when one piece alone is wider (a name is never broken
    inside a word). Measured in the fonts that draw each piece (a Chinese name in the fallback font)."""
    lines: list[str] = []
    line = ""
    for joint, piece in _pieces(text):
        wide = text_width(piece, font, size)
        if wide > width:
            return None
        room = first if first is not None and not lines else width
        if not line:
            if wide > room:
                lines.append("")  # the first line's room is too short for the word: it starts on the second
            line = piece
        elif text_width(f"{line}{joint}{piece}", font, size) <= room:
            line = f"{line}{joint}{piece}"
        else:
            lines.append(line)
            line = piece
    return [*lines, line] if line else lines or [""]


@dataclass(frozen=True)
class _Line:
    """One line of a box's text, top to bottom."""

    text: str
    font: str
    size: float
    ink: colors.Color
    right: str = ""  # a total, flush right on the line
    star: bool = False  # the best-loser mark before it
    indent: float = 0.0
    centred: bool = False


def _height(lines: list[_Line]) -> float:
    return 2 * PAD + sum(line.size * LEADING for line in lines)


class _Sizes:
    """The type sizes of a chart: names at `name`, the small print in proportion (never over SMALL_SIZE)."""

    def __init__(self, name: float) -> None:
        self.name = name
        self.small = min(SMALL_SIZE, name * 0.72)
        self.star = name * 0.9


def _wrapped(text: str, font: str, size: float, width: float, ink: colors.Color, **first) -> list[_Line] | None:
    """`text` wrapped to `width` less the first line's indent; `first` (right, star, indent) for its first line."""
    indent = first.get("indent", 0.0)
    right = first.get("right", "")
    room = width - indent
    lines = wrap(text, font, size, room, room - text_width(right, font, size) - size * 0.5 if right else None)
    if lines is None:
        return None
    out = [_Line(lines[0], font, size, ink, **first)]
    return out + [
        _Line(line, font, size, ink, indent=indent, centred=first.get("centred", False)) for line in lines[1:]
    ]


def _box_lines(box: ChartBox, width: float, sizes: _Sizes) -> list[_Line] | None:
    """What a box says, line by line, for a box `width` wide; None when a word does not fit."""
    inner = width - 2 * PAD
    if box.kind == "to_come":
        return _wrapped(_("to be drawn"), FONT_ITALIC, sizes.small, inner, FAINT_INK, centred=True)
    if box.kind == "best_loser_to_come":
        return _wrapped(_("best loser, to come"), FONT_ITALIC, sizes.small, inner, BEST_LOSER_INK, star=True,
                        indent=sizes.star)  # fmt: skip
    if box.kind == "best_loser":
        caption = _("best loser: lost by %(margin)s at table %(table)s") % {
            "margin": _number(box.lost_by), "table": box.table
        }  # fmt: skip
        head = _wrapped(caption, FONT, sizes.small, inner, BEST_LOSER_INK, star=True, indent=sizes.star)
        name = _wrapped(box.pair, FONT_BOLD, sizes.name, inner, colors.black)
        return None if head is None or name is None else head + name
    caption = _("Table %(table)s · %(note)s") % {"table": box.table, "note": box.note}
    lines = _wrapped(caption, FONT, sizes.small, inner, FAINT_INK)
    for pair in box.pairs:
        marked = pair.came_up or pair.went_up
        name = _wrapped(
            pair.name, FONT_BOLD if pair.won else FONT, sizes.name, inner, colors.black,
            right=_number(pair.total), star=marked, indent=sizes.star if marked else 0.0,
        )  # fmt: skip
        if lines is None or name is None:
            return None
        lines += name
    return lines


def _winner_lines(side: ChartSide, width: float, sizes: _Sizes) -> list[_Line] | None:
    inner = width - 2 * PAD
    if not side.winner:
        return _wrapped(_("winner to come"), FONT_ITALIC, sizes.small + 1, inner, FAINT_INK, centred=True)
    head = [_Line(_("Winner"), FONT_BOLD, sizes.small, WINNER_INK)]
    name = _wrapped(side.winner, FONT_BOLD, sizes.name, inner, colors.black)
    runner: list[_Line] | None = []
    if side.runner_up:
        said = _("runner-up: %(pair)s") % {"pair": side.runner_up}
        runner = _wrapped(said, FONT, sizes.name, inner, LINE_INK)
    return None if name is None or runner is None else head + name + runner


def _draw_lines(c, lines: list[_Line], x: float, top: float, width: float) -> None:
    y = top - PAD
    for line in lines:
        y -= line.size * LEADING
        base = y + line.size * LEADING * 0.24
        c.setFillColor(line.ink)
        if line.centred:
            draw_text(c, x + width / 2, base, line.text, line.font, line.size, "centre")
        else:
            draw_text(c, x + PAD + line.indent, base, line.text, line.font, line.size)
        if line.right:
            c.drawRightString(x + width - PAD, base, line.right)
        if line.star:
            _star(c, x + PAD + line.indent * 0.45, base + line.size * 0.33, line.size * 0.4)
    c.setFillColor(colors.black)


# --- where everything goes ------------------------------------------------------------------------------------


def _spans(side: ChartSide) -> list[list[tuple[int, object]]]:
    """For each column (the rounds, then the winner): its boxes, each with the units it spans."""
    columns: list[list[tuple[int, object]]] = [[] for _ in range(len(side.columns) + 1)]
    for box in side.boxes:
        columns[box.column].append((box.end - box.start, box))
    columns[-1].append((max(side.final_end - side.final_start, 1), side))
    return columns


def _lines_of(item: object, width: float, sizes: _Sizes) -> list[_Line] | None:
    if isinstance(item, ChartBox):
        return _box_lines(item, width, sizes)
    assert isinstance(item, ChartSide)
    return _winner_lines(item, width, sizes)


def _tallest(items: list[tuple[int, object]], width: float, sizes: _Sizes) -> float | None:
    heights = []
    for _span, item in items:
        lines = _lines_of(item, width, sizes)
        if lines is None:
            return None
        heights.append(_height(lines))
    return max(heights, default=0.0)


def _narrowest(items: list[tuple[int, object]], unit: float, sizes: _Sizes, widest: float) -> float | None:
    """The narrowest width (to a point) at which every box of the column fits the rows it spans."""
    room = min((span for span, _item in items), default=1) * unit - ROOM

    def fits(width: float) -> bool:
        tallest = _tallest(items, width, sizes)
        return tallest is not None and tallest <= room

    if not fits(widest):
        return None
    if fits(NARROWEST):
        return NARROWEST
    low, high = NARROWEST, widest
    while high - low > 1:
        middle = (low + high) / 2
        if fits(middle):
            high = middle
        else:
            low = middle
    return high


@dataclass
class _Layout:
    """A side's columns `columns` (the winner's is len(side.columns)) placed on a page: their lefts and widths,
    each column's box height, the units' height and the first unit's top, the area's left and right edges."""

    side: ChartSide
    columns: range
    lefts: list[float]
    widths: list[float]
    heights: list[float]
    unit: float
    top: float
    sizes: _Sizes
    edges: tuple[float, float]
    part: str = ""  # "1/2" for the first of a side's two pages

    def x(self, column: int) -> float:
        return self.lefts[column - self.columns.start]

    def width(self, column: int) -> float:
        return self.widths[column - self.columns.start]

    def height(self, column: int) -> float:
        return self.heights[column - self.columns.start]


def _side_widths(side: ChartSide, columns: range, width: float, unit: float, sizes: _Sizes) -> list[float] | None:
    spans = _spans(side)
    usable = width - (len(columns) - 1) * WALL_GAP
    narrowest = []
    for column in columns:
        found = _narrowest(spans[column], unit, sizes, usable)
        if found is None:
            return None
        narrowest.append(found)
    if sum(narrowest) > usable:
        return None
    spare = usable - sum(narrowest)
    return [w + spare * w / sum(narrowest) for w in narrowest]


SIDE_HEAD = 1.6  # a side's title, in lines of the name's size

_Part = tuple[ChartSide, range, str]  # a side, the columns on this page, which page of the side ("1/2" or "")
_Area = tuple[float, float, float, float]  # left, top, width, height


def _page_layouts(parts: list[_Part], area: _Area, sizes: _Sizes) -> list[_Layout] | None:
    """The sides' columns placed one side above the other in the area, or None when they do not fit."""
    left, top, width, height = area
    head = SIDE_HEAD * sizes.name * LEADING + 2 * sizes.small * LEADING
    between = sizes.name
    units = sum(max(side.units, 1) for side, _columns, _part in parts)
    unit = (height - len(parts) * head - (len(parts) - 1) * between) / units
    if unit <= 0:
        return None
    layouts = []
    for side, columns, part in parts:
        # A side on pages put side by side: the gap where its lines join is kept at the edge they cross, so a line
        # leaving one page at the margin comes in at the next page's margin at the same height.
        before = WALL_GAP / 2 if columns.start > 0 else 0.0
        after = WALL_GAP * 0.75 if columns.stop < len(side.columns) + 1 else 0.0
        widths = _side_widths(side, columns, width - before - after, unit, sizes)
        if widths is None:
            return None
        lefts = [left + before + sum(widths[:i]) + i * WALL_GAP for i in range(len(widths))]
        spans = _spans(side)
        heights = [_tallest(spans[column], w, sizes) or 0.0 for column, w in zip(columns, widths, strict=True)]
        layouts.append(
            _Layout(side, columns, lefts, widths, heights, unit, top - head, sizes, (left, left + width), part)
        )
        top -= head + max(side.units, 1) * unit + between
    return layouts


def _splits(count: int, parts: int) -> list[list[range]]:
    """The ways of cutting columns 0..count-1 into `parts` runs, the first pages' runs the longest first."""
    if parts == 1:
        return [[range(0, count)]]
    out = []
    for first in range(count - parts + 1, 0, -1):
        out += [[range(0, first), *(range(r.start + first, r.stop + first) for r in rest)]
                for rest in _splits(count - first, parts - 1)]  # fmt: skip
    return out


_Page = tuple[tuple[float, float], list[_Layout]]  # the page's size, what is on it


def _pages(sides: list[ChartSide], paper: str) -> list[_Page]:
    """Both brackets on one landscape page if their names fit at NAME_SIZE; else each on its own page, landscape
    or portrait, or on two or three pages to be put side by side (the same units' height on each, so the lines
    run on from one to the next). A bracket that fits none of these at NAME_SIZE has a landscape page of its own,
    its names as large as fit there."""
    landscape, portrait = page_size(paper, landscape=True), page_size(paper)
    together = _page_layouts([(side, range(len(side.columns) + 1), "") for side in sides], _area(landscape),
                             _Sizes(NAME_SIZE))  # fmt: skip
    if together is not None:
        return [(landscape, together)]
    pages: list[_Page] = []
    for side in sides:
        pages += _side_pages(side, landscape, portrait)
    return pages


def _side_pages(side: ChartSide, landscape: tuple[float, float], portrait: tuple[float, float]) -> list[_Page]:
    count = len(side.columns) + 1
    for parts in range(1, min(3, count) + 1):
        for size in (landscape, portrait):
            for split in _splits(count, parts):
                named = [(columns, f"{i + 1}/{parts}" if parts > 1 else "") for i, columns in enumerate(split)]
                found = [
                    _page_layouts([(side, columns, part)], _area(size), _Sizes(NAME_SIZE)) for columns, part in named
                ]
                if all(layouts is not None for layouts in found):
                    return [(size, layouts) for layouts in found if layouts is not None]
    name = NAME_SIZE - 0.5
    while name > 5:
        layouts = _page_layouts([(side, range(count), "")], _area(landscape), _Sizes(name))
        if layouts is not None:
            return [(landscape, layouts)]
        name -= 0.5
    return [(landscape, [])]


HEADER = 40.0  # the page's title and date


def _area(size: tuple[float, float]) -> _Area:
    """Where the brackets go on a page of this size: inside the margins, under the title, over the legend."""
    width, height = size
    inner = width - 2 * WALL_MARGIN
    legend = _legend(None, WALL_MARGIN, WALL_MARGIN, inner, draw=False) + 8
    top = height - WALL_MARGIN - HEADER
    return (WALL_MARGIN, top, inner, top - WALL_MARGIN - legend)


# --- drawing --------------------------------------------------------------------------------------------------


def _y(layout: _Layout, half_units: int) -> float:
    return layout.top - half_units / 2 * layout.unit


def _box_frame(c, box: ChartBox | None, x: float, bottom: float, w: float, h: float, won: bool = False) -> None:
    c.saveState()
    c.setLineWidth(0.9)
    if box is None:  # the winner's box
        if won:
            c.setStrokeColor(WINNER_INK)
            c.setFillColor(WINNER_FILL)
            c.setLineWidth(2)
        else:
            c.setStrokeColor(BOX_INK)
            c.setFillColor(colors.white)
            c.setDash(*DASH)
    else:
        c.setStrokeColor(BEST_LOSER_INK if box.kind.startswith("best_loser") else BOX_INK)
        c.setFillColor(BEST_LOSER_FILL if box.kind == "best_loser" else colors.white)
        if box.kind != "match":
            c.setDash(*DASH)
    c.rect(x, bottom, w, h, stroke=1, fill=1)
    c.restoreState()


def _draw_side(c, layout: _Layout) -> None:
    side, sizes, columns = layout.side, layout.sizes, layout.columns
    head_top = layout.top + SIDE_HEAD * sizes.name * LEADING + 2 * sizes.small * LEADING
    title = _("%(side)s: won by %(pair)s") % {"side": side.title, "pair": side.winner} if side.winner else side.title
    if layout.part:
        title = f"{title} ({layout.part})"
    left, right = layout.edges
    c.setFillColor(colors.black)
    _text(c, title, left, head_top - sizes.name * 0.7, FONT_BOLD, sizes.name * 1.15, right - left, sizes.name * 1.4)
    heads = layout.top + sizes.small * LEADING  # the rounds' headings: two lines above the boxes
    winner = len(side.columns)
    for column in columns:
        if column == winner:
            c.setFillColor(WINNER_INK)
            head = _("Winner")
        else:
            c.setFillColor(FAINT_INK)
            plan = side.columns[column]
            tables = ngettext("%(tables)s table", "%(tables)s tables", plan.tables) % {"tables": _number(plan.tables)}
            head = f"{plan.stage} · {tables}"
        _text(c, head, layout.x(column), heads, FONT_BOLD, sizes.small, layout.width(column), sizes.small * 2.2)
    # The lines; one that runs on to the next page (or from the one before) stops at the area's edge.
    feeds = [(join.column, join.child, join.parent, join.best_loser) for join in side.joins]
    feeds.append((winner, side.final_start + side.final_end, side.final_start + side.final_end, False))
    for column, child, parent, best_loser in feeds:
        if column - 1 not in columns and column not in columns:
            continue
        y1, y2 = _y(layout, child), _y(layout, parent)
        x1 = layout.x(column - 1) + layout.width(column - 1) if column - 1 in columns else left
        x2 = layout.x(column) if column in columns else right
        xm = x1 + WALL_GAP / 2 if column - 1 in columns else x2 - WALL_GAP / 2
        points = [(x1, y1), (xm, y1), (xm, y2), (x2, y2)] if column - 1 in columns else [(x1, y2), (x2, y2)]
        _line(c, points, best_loser)
    for box in side.boxes:
        if box.column not in columns:
            continue
        x, w, h = layout.x(box.column), layout.width(box.column), layout.height(box.column)
        middle = _y(layout, box.middle)
        _box_frame(c, box, x, middle - h / 2, w, h)
        lines = _box_lines(box, w, sizes) or []
        _draw_lines(c, lines, x, middle + _height(lines) / 2, w)
    if winner in columns:
        final_y = _y(layout, side.final_start + side.final_end)
        x, w, h = layout.x(winner), layout.width(winner), layout.height(winner)
        _box_frame(c, None, x, final_y - h / 2, w, h, won=bool(side.winner))
        lines = _winner_lines(side, w, sizes) or []
        _draw_lines(c, lines, x, final_y + _height(lines) / 2, w)


def _legend_items() -> list[tuple[str, str, str]]:
    """(mark, font, words): "star", "line" or "" before the words."""
    return [
        ("star", FONT, _("best loser: lost by the smallest margin and went on with the winners")),
        ("line", FONT, _("a best loser's way up")),
        ("", FONT_BOLD, _("bold")),
        ("", FONT, _(": the winner of the match")),
    ]


def _legend(c, left: float, bottom: float, width: float, draw: bool = True) -> float:
    """What the marks mean, along the foot of the page, on as many lines as it needs; its height."""
    size = SMALL_SIZE
    x, lines = left, 1
    placed = []
    for mark, font, words in _legend_items():
        lead = size * 1.2 if mark == "star" else 25 if mark == "line" else 0
        wide = lead + text_width(words, font, size)
        if x > left and x + wide > left + width and words[0] != ":":
            x, lines = left, lines + 1
        placed.append((mark, font, words, x, lines))
        x += wide + (0 if words == _("bold") else size * 1.4)
    height = lines * size * LEADING
    if draw:
        for mark, font, words, x, line in placed:
            base = bottom + height - line * size * LEADING + size * 0.25
            if mark == "star":
                _star(c, x + size * 0.45, base + size * 0.33, size * 0.42)
                x += size * 1.2
            elif mark == "line":
                _line(c, [(x, base + size * 0.33), (x + 20, base + size * 0.33)], True)
                x += 25
            c.setFillColor(colors.black)
            draw_text(c, x, base, words, font, size)
    return height


def bracket_chart_pdf(chart: BracketChart, *, pagesize: str = "A4") -> tuple[str, str, bytes]:
    """The bracket for the wall: the main tournament above the consolation on one landscape page, or each on
    pages of its own when the names would be smaller than NAME_SIZE together (_pages); every match a box joined by
    lines to the match its winner went on to, best losers marked, each winner in full."""
    landscape = page_size(pagesize, landscape=True)
    buffer = io.BytesIO()
    c = pdf_canvas.Canvas(buffer, pagesize=landscape, invariant=1)
    title = _("%(event)s: the bracket") % {"event": _event_title(chart.name)}
    c.setTitle(str(title))  # the document's information, as typed: not drawn, so not cleaned
    c.setAuthor("Club Director")
    c.setCreator("Club Director")
    subtitle = " · ".join(x for x in (long_date(chart.date), chart.note) if x)
    sides = [side for side in chart.sides if side.boxes]
    pages = _pages(sides, pagesize) if sides else [(landscape, [])]
    for (width, height), layouts in pages:
        c.setPageSize((width, height))
        inner = width - 2 * WALL_MARGIN
        c.setFillColor(colors.black)
        _text(c, title, WALL_MARGIN, height - WALL_MARGIN - 9, FONT_BOLD, 20, inner, 20)
        c.setFillColor(FAINT_INK)
        _text(c, subtitle, WALL_MARGIN, height - WALL_MARGIN - 28, FONT, 11, inner, 13)
        c.setFillColor(colors.black)
        if not sides:
            top = height - WALL_MARGIN - HEADER
            _text(c, _("No plan yet: the pairs are not in."), WALL_MARGIN, top - 20, FONT, NAME_SIZE, inner, 17)
        for layout in layouts:
            _draw_side(c, layout)
        if sides:
            _legend(c, WALL_MARGIN, WALL_MARGIN, inner)
        c.showPage()
    c.save()
    return _knockout_filename(chart.name, "knockout-bracket", "pdf"), PDF, buffer.getvalue()

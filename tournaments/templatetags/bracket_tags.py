"""The bracket page's filters."""

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from tournaments.printing.knockout.data import ChartBox, ChartJoin, ChartSide

register = template.Library()


@register.filter
def shortened(name: str, names: dict) -> str:
    """A pair's name as the big screen shows it (`names`: full name -> short), else in full."""
    return names.get(name, name) if isinstance(names, dict) else name


@register.filter
def in_lines(name: str) -> SafeString:
    """A pair's name on the big screen, each player in a span of their own ("M. T. W. von Hohe", "& T.
    Wolstenholme"): a player's line never wraps; the pair is on one line, or a player a line where the big screen
    chose columns as wide as a player (static/js/projector.js)."""
    players = [player for player in str(name).split(" & ") if player]
    return format_html_join(
        " ", '<span class="player">{}{}</span>', (("& " if i else "", p) for i, p in enumerate(players))
    )


# --- a side in parts (the big screen, static/js/projector.js): its top half and its bottom half, each from its
# first round up to the round before the semi-finals (up to the semi-finals on a side of three rounds, so a half
# keeps two), then the final (the semi-finals, the final and the winner). Every box, line and heading says which
# parts it is drawn in (classes in-top, in-bottom, in-final; opens-final on the boxes that start the final's part);
# each part has its own columns (those of the other parts 0 wide) and rows (those of the other half 0 tall),
# written here as CSS variables.


def _cut(side: ChartSide) -> tuple[int, int]:
    """The last column of the halves and the first of the final's part."""
    semi = len(side.columns) - 2
    return (semi - 1 if semi >= 2 else semi), semi


@register.filter
def parts_of(item: ChartBox | ChartJoin | int, side: ChartSide) -> str:
    """The classes of the parts a box, a line or a round's heading (its column's index) is drawn in."""
    if not side.half:
        return ""
    last, first = _cut(side)
    parts = []
    if isinstance(item, ChartBox):
        column, top, bottom = item.column, item.start < side.half, item.end > side.half
    elif isinstance(item, ChartJoin):  # the line into the match of its column
        if item.column > first:
            return " in-final"
        if item.column > last:  # into a match that opens the final's part: drawn in neither
            return ""
        return " in-top" if item.parent < 2 * side.half else " in-bottom"
    else:
        column, top, bottom = item, True, True
    if column <= last and top:
        parts.append("in-top")
    if column <= last and bottom:
        parts.append("in-bottom")
    if column >= first:
        parts.append("in-final")
    if column == first:
        parts.append("opens-final")
    return " " + " ".join(parts)


def _tracks(side: ChartSide, part: str) -> str:
    """The columns of a part: a round's column and the gap after it, 0 for those not drawn in it."""
    (last, first), tracks = _cut(side), []
    for i, column in enumerate(side.columns):
        kind = "--to-come" if not column.drawn else "--drawn" if i == 0 else "--drawn-later"
        shown = i <= last if part == "half" else i >= first
        gap = shown and (i < last or part == "final")
        tracks += [f"var({kind})" if shown else "0", "var(--gap)" if gap else "0"]
    return " ".join(tracks)


@register.filter
def part_grid(side: ChartSide) -> str:
    """The parts' columns and rows, for the grid's style ("" when the side is not split)."""
    if not side.half:
        return ""
    return (
        f"; --cols-half: {_tracks(side, 'half')}; --cols-final: {_tracks(side, 'final')}; "
        f"--half-rows: {2 * side.half}; --rest-rows: {side.rows - 2 * side.half}"
    )


@register.filter
def parts_shown(side: ChartSide) -> str:
    """The parts the big screen may show a side in, in turn ("" when it is not split)."""
    return "top bottom final" if side.half else ""

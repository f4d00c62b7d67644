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
# first round up to its semi-final, then the final (the semi-finals, the final and the winner). Every box, line and
# heading says which parts it is drawn in (classes in-top, in-bottom, in-final); each part has its own columns
# (those of the other parts 0 wide) and rows (those of the other half 0 tall), written here as CSS variables.


@register.filter
def parts_of(item: ChartBox | ChartJoin | int, side: ChartSide) -> str:
    """The classes of the parts a box, a line or a round's heading (its column's index) is drawn in."""
    if not side.half:
        return ""
    semi, parts = len(side.columns) - 2, []
    if isinstance(item, ChartBox):
        column, top, bottom = item.column, item.start < side.half, item.end > side.half
    elif isinstance(item, ChartJoin):  # the line into the match of its column: in the halves up to the semi-finals
        top, bottom = item.parent < 2 * side.half, item.parent >= 2 * side.half
        if item.column > semi:
            return " in-final"
        return " in-top" if top else " in-bottom"
    else:
        column, top, bottom = item, True, True
    if column <= semi and top:
        parts.append("in-top")
    if column <= semi and bottom:
        parts.append("in-bottom")
    if column >= semi:
        parts.append("in-final")
    return " " + " ".join(parts)


def _tracks(side: ChartSide, part: str) -> str:
    """The columns of a part: a round's column and the gap after it, 0 for those not drawn in it."""
    semi, tracks = len(side.columns) - 2, []
    for i, column in enumerate(side.columns):
        kind = "--to-come" if not column.drawn else "--drawn" if i == 0 else "--drawn-later"
        shown = i <= semi if part == "half" else i >= semi
        gap = shown and (i < semi or part == "final")
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

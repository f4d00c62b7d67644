"""A season: a club's nights scored together (docs/rules/seasons.md).

Plain values in and out. A night is a mapping player -> that night's total; a player is whatever
key the caller uses for one person across nights (a member's id, else the name as written).
"""

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.rules.errors import RuleError
from tournaments.rules.standings import rank

TOTALS, PLACES = "totals", "places"
SCORINGS = (TOTALS, PLACES)


@dataclass(frozen=True)
class SeasonLine:
    player: str
    points: Fraction
    nights: int  # nights played
    counted: tuple[int, ...]  # the indexes of the nights that count (best N of M)
    by_night: tuple[Fraction | None, ...]  # each night's points; None where absent
    position: int
    label: str  # "1", "=2"


def place_points(night: Mapping[str, int], table: Sequence[int]) -> dict[str, Fraction]:
    """Points by place on one night. Players tied share the points of the places they fill: two
    tied second of 10-8-6 take (8 + 6) / 2 = 7 each. Places past the table's end score nothing."""
    placed = rank(night)
    points: dict[str, Fraction] = {}
    index = 0
    while index < len(placed):
        group = [p for p in placed[index:] if p.total == placed[index].total]
        filled = [table[i] if i < len(table) else 0 for i in range(index, index + len(group))]
        share = Fraction(sum(filled), len(group))
        for p in group:
            points[p.name] = share
        index += len(group)
    return points


def _check(scoring: str, table: Sequence[int], best_of: int | None) -> None:
    if scoring not in SCORINGS:
        raise RuleError("a season is scored by totals or by places, not %(scoring)r", scoring=scoring)
    if scoring == PLACES and (not table or any(not isinstance(p, int) or p < 0 for p in table)):
        raise RuleError("points by place must be a list of whole numbers of at least 0, such as 10-8-6-5-4-3-2-1")
    if scoring == PLACES and list(table) != sorted(table, reverse=True):
        raise RuleError("points by place must not grow from one place to the next")
    if best_of is not None and (not isinstance(best_of, int) or best_of < 1):
        raise RuleError("the best nights counted must be a whole number of at least 1")


def season_standings(
    nights: Sequence[Mapping[str, int]],
    *,
    scoring: str = TOTALS,
    table: Sequence[int] = (),
    best_of: int | None = None,
) -> list[SeasonLine]:
    """Every player of any night, best first; absences count as nothing; equal points share a place."""
    _check(scoring, table, best_of)
    scored = [
        {p: Fraction(t) for p, t in night.items()} if scoring == TOTALS else place_points(night, table)
        for night in nights
    ]
    players = sorted({p for night in scored for p in night}, key=str.casefold)
    lines: dict[str, tuple[Fraction, int, tuple[int, ...], tuple[Fraction | None, ...]]] = {}
    for player in players:
        by_night = tuple(night.get(player) for night in scored)
        played = [(points, i) for i, points in enumerate(by_night) if points is not None]
        # The best N nights count: highest first, the earlier night first among equals.
        best = sorted(played, key=lambda item: (-item[0], item[1]))
        counted = best if best_of is None else best[:best_of]
        total = sum((points for points, _ in counted), Fraction(0))
        lines[player] = (total, len(played), tuple(sorted(i for _, i in counted)), by_night)
    # rank() takes whole numbers: compare points scaled to a common denominator.
    scale = math.lcm(1, *(line[0].denominator for line in lines.values()))
    placed = rank({player: int(line[0] * scale) for player, line in lines.items()})
    return [
        SeasonLine(p.name, lines[p.name][0], lines[p.name][1], lines[p.name][2], lines[p.name][3], p.position, p.label)
        for p in placed
    ]

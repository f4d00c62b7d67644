"""A season: a club's nights scored together (docs/rules/seasons.md).

Plain values in and out. A night is a mapping player -> that night's total; a player is whatever
key the caller uses for one person across nights (a member's id, else the name as written).
"""

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.rules.collation import name_key
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
        end = index + 1
        while end < len(placed) and placed[end].total == placed[index].total:
            end += 1
        share = Fraction(sum(table[index:end]), end - index)  # places past the table's end add nothing
        for p in placed[index:end]:
            points[p.name] = share
        index = end
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
    # Worked in whole numbers: every night's points over one common denominator (1 for totals; shared
    # places have halves, thirds...), back to fractions once at the end; a season of 40 nights x 100
    # players is 4,000 figures, and fractions are slow to add and compare.
    scaled: Sequence[Mapping[str, int]]
    if scoring == TOTALS:
        scale, scaled = 1, nights
    else:
        shares = [place_points(night, table) for night in nights]
        scale = math.lcm(1, *{points.denominator for night in shares for points in night.values()})
        scaled = [
            {p: points.numerator * (scale // points.denominator) for p, points in night.items()} for night in shares
        ]
    fractions: dict[int, Fraction] = {}  # one Fraction per figure seen: they are immutable, shared freely

    def fraction(value: int) -> Fraction:
        found = fractions.get(value)
        if found is None:
            found = fractions[value] = Fraction(value, scale)
        return found

    players = sorted({p for night in scaled for p in night}, key=name_key)
    lines: dict[str, tuple[int, int, tuple[int, ...], tuple[Fraction | None, ...]]] = {}
    for player in players:
        figures = [night.get(player) for night in scaled]
        played = [(value, i) for i, value in enumerate(figures) if value is not None]
        if best_of is not None and best_of < len(played):
            # The best N nights count: highest first, the earlier night first among equals.
            counted = sorted(played, key=lambda item: (-item[0], item[1]))[:best_of]
            indexes = tuple(sorted(i for _, i in counted))
        else:
            counted = played
            indexes = tuple(i for _, i in played)
        total = sum(value for value, _ in counted)
        by_night = tuple(None if value is None else fraction(value) for value in figures)
        lines[player] = (total, len(played), indexes, by_night)
    placed = rank({player: line[0] for player, line in lines.items()})
    return [
        SeasonLine(p.name, fraction(p.total), lines[p.name][1], lines[p.name][2], lines[p.name][3], p.position, p.label)
        for p in placed
    ]

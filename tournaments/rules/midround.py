"""A player goes home during a round and a reserve takes the seat (issue 46, item 3).

The seat's round result is shared between the two by the deals each played: the deals before the
reserve sat down go to the player who left, the rest to the reserve. Each deal counts as the tally
credits it (after the 1,000-point cap, and only its credits in the "actual points" mode), and the reserve
is credited with the seat's result less the leaver's share, so the two shares always add up to the seat's
result whatever the result was (a director's net figure too).
"""

import itertools
from collections.abc import Mapping, Sequence

from tournaments.rules.errors import RuleError

DEALS = 4


def share(
    total: int, deals: Mapping[int, int], from_deal: int, *, actual: bool = False, played: int = DEALS
) -> tuple[int, int]:
    """(the leaver's, the reserve's) parts of the seat's round result `total`.

    deals: each deal's figure for the seat's side, by deal number (after the cap). When the result was
    entered as net figures (no deals), the leaver's part is the result's share of the deals she played,
    rounded towards zero, of the `played` deals the round counted.
    """
    left, came = parts(total, deals, [from_deal], actual=actual, played=played)
    return left, came


def parts(
    total: int, deals: Mapping[int, int], starts: Sequence[int], *, actual: bool = False, played: int = DEALS
) -> list[int]:
    """Each sitter's part of the seat's result, in the order they sat: `starts` are the deals from which
    each reserve sat (a reserve may go home too); the last sitter has the rest, so the parts add up."""
    for start in starts:
        if not 1 <= start <= DEALS:
            raise RuleError("the reserve takes the seat from deal 1 to 4, not %(deal)s", deal=start)
    bounds = [1, *sorted(starts)]
    shares = []
    for first, stop in itertools.pairwise(bounds):
        if deals:
            shares.append(sum(max(v, 0) if actual else v for n, v in deals.items() if first <= n < stop))
        else:
            count = max(0, min(stop - 1, played) - (first - 1))
            shares.append(int(total * count / played) if played else 0)
    return [*shares, total - sum(shares)]


def replace(seating: Mapping[int, Mapping[str, str]], table: int, seat: str, reserve: str) -> dict[int, dict[str, str]]:
    """The round's seating with `reserve` in the seat: she must not be seated already."""
    if table not in seating or seat not in seating[table]:
        raise RuleError("there is no seat %(seat)s at table %(table)s", seat=seat, table=table)
    if any(reserve in row.values() for row in seating.values()):
        raise RuleError("%(name)s is already seated", name=reserve)
    changed = {t: dict(row) for t, row in seating.items()}
    changed[table][seat] = reserve
    return changed

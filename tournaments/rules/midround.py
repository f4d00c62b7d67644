"""A player goes home during a round and a reserve takes the seat (issue 46, item 3).

The seat's round result is shared between the two by the deals each played: the deals before the
reserve sat down go to the player who left, the rest to the reserve. Each deal counts as the tally
credits it (after the 1,000-point cap, and only its credits in the "actual points" mode), and the reserve
is credited with the seat's result less the leaver's share, so the two shares always add up to the seat's
result whatever the result was (a director's net figure too).
"""

from collections.abc import Mapping

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
    if not 1 <= from_deal <= DEALS:
        raise RuleError("the reserve takes the seat from deal 1 to 4, not %(deal)s", deal=from_deal)
    if deals:
        left = sum(max(value, 0) if actual else value for number, value in deals.items() if number < from_deal)
    else:
        before = min(from_deal - 1, played)
        left = int(total * before / played) if played else 0
    return left, total - left


def replace(seating: Mapping[int, Mapping[str, str]], table: int, seat: str, reserve: str) -> dict[int, dict[str, str]]:
    """The round's seating with `reserve` in the seat: she must not be seated already."""
    if table not in seating or seat not in seating[table]:
        raise RuleError("there is no seat %(seat)s at table %(table)s", seat=seat, table=table)
    if any(reserve in row.values() for row in seating.values()):
        raise RuleError("%(name)s is already seated", name=reserve)
    changed = {t: dict(row) for t, row in seating.items()}
    changed[table][seat] = reserve
    return changed


"""The standings' share of a seat where a reserve sat down during a round (issue 46, item 3).

Read only when the party's `replaced_mid_round` is set (selectors/standings.py): the standings first
credit the seat's whole result to the guest in the seat (the reserve), as for any table, then this moves
the deals before the reserve sat to the player who played them (rules/midround.py). Three small queries:
the replacements, their tables' results agreed, and those results' deals.
"""

from collections import defaultdict
from typing import TYPE_CHECKING

from django.db.models import Max

from tournaments.models import DealEntry, MidRoundSeat, Party, Round, TableResult
from tournaments.rules import midround
from tournaments.rules.party import DEALS_PER_ROUND

if TYPE_CHECKING:
    from tournaments.selectors.standings import Places, PlayerLine

Spot = tuple[int, int, str]  # (round id, table, seat)


def _sitters(party: Party) -> dict[Spot, tuple[list[int], list[int]]]:
    """Each replaced seat's sitters (guest ids, in the order they sat) and the deals from which each
    reserve sat."""
    spots: dict[Spot, tuple[list[int], list[int]]] = {}
    rows = MidRoundSeat.objects.filter(round__party=party).order_by("round_id", "table", "seat", "from_deal", "pk")
    for round_id, table, seat, from_deal, left, came in rows.values_list(
        "round_id", "table", "seat", "from_deal", "left_id", "came_id"
    ):
        sitters, starts = spots.setdefault((round_id, table, seat), ([left], []))
        sitters.append(came)
        starts.append(from_deal)
    return spots


def credit(party: Party, places: "Places") -> None:
    """Move each earlier sitter's part of a replaced seat's result from the seat's last sitter to her."""
    spots = _sitters(party)
    if not spots:
        return
    results = {
        (r.round_id, r.table): r
        for r in TableResult.objects.filter(
            round_id__in={s[0] for s in spots}, status=TableResult.Status.AGREED
        ).select_related("round")
    }
    deals: dict[int, dict[int, tuple[int, int]]] = defaultdict(dict)
    for result_id, number, ns, ew in DealEntry.objects.filter(result__in=list(results.values())).values_list(
        "result_id", "number", "ns", "ew"
    ):
        deals[result_id][number] = (ns, ew)
    for sitters, _starts in spots.values():  # every sitter's line, before the seating's rounds are read
        for sitter in sitters:
            places[sitter]
    actual = party.tally_mode == "actual"
    for (round_id, table, seat), (sitters, starts) in spots.items():
        result = results.get((round_id, table))
        if result is None or result.ns is None or result.ew is None:
            continue
        side = 0 if seat in "NS" else 1
        total = (result.ns, result.ew)[side]
        values = {n: pair[side] for n, pair in deals[result.pk].items()}
        shares = midround.parts(total, values, starts, actual=actual)
        lines, number = places.lines, result.round.number
        last = lines[places[sitters[-1]]]
        _move(last, number, shares[-1] - total)
        for sitter, part in zip(sitters[:-1], shares[:-1], strict=True):
            line = lines[places[sitter]]
            line.total += part
            line.totals.append(line.total)  # the running total after the deals she played
        _cells(places, number, [places[sitter] for sitter in sitters], shares)


def _cells(places: "Places", number: int, sitters: list[int], shares: list[int]) -> None:
    """Each sitter's round `number` on the results sheet with her own part (seated as the seat's last
    sitter is, with the same partner), drawn player by player (Seating.redrawn)."""
    played, redrawn = places.seating.played, places.seating.redrawn
    seated = next(p for p in played[sitters[-1]] if p[0] == number)
    for place, part in zip(sitters, shares, strict=True):
        rounds = [p for p in played[place] if p[0] != number]
        rounds.append((number, seated[1], seated[2], seated[3], part))
        played[place][:] = sorted(rounds)
        redrawn.add(place)


def _move(line: "PlayerLine", number: int, change: int) -> None:
    """Change the line's total and its running totals from round `number` on."""
    line.total += change
    first = sum(1 for played in line.played if played[0] < number)
    line.totals[first:] = [total + change for total in line.totals[first:]]


def undoable(round_: Round) -> list[MidRoundSeat]:
    """The round's replacements that can still be undone: the round is open and the reserve's first deal
    is not entered yet (services/midround.py refuses the others)."""
    if round_.is_closed:
        return []
    rows = list(MidRoundSeat.objects.filter(round=round_).select_related("left", "came").order_by("table", "seat"))
    if not rows:
        return []
    entered: dict[int, int] = {}
    results = TableResult.objects.filter(round=round_, table__in={r.table for r in rows}).annotate(
        last=Max("deals__number")
    )
    for table, status, winner, last in results.values_list("table", "status", "winner", "last"):
        entered[table] = DEALS_PER_ROUND + 1 if TableResult.complete(status, winner) else last or 0
    return [r for r in rows if entered.get(r.table, 0) < r.from_deal]

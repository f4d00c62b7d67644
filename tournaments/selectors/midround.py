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


def _sitters(party: Party, places: "Places") -> dict[Spot, tuple[int, list[int], list[int]]]:
    """Each replaced seat's round number, its sitters (places in the seating, in the order they sat, the last
    the guest the seats put there) and the deals from which each sitter after the first sat.

    A file from a version that let the director swap or replace such a seat before the table's first deal
    (services/seating.py refuses it now) may have the seat change hands between two replacements, or after
    the last: whoever took it so sits from the same deal as the sitter before her, who so plays nothing."""
    rows = MidRoundSeat.objects.filter(round__party=party).order_by("round_id", "table", "seat", "from_deal", "pk")
    chains: dict[Spot, tuple[int, list[int], list[int]]] = {}
    for round_id, number, table, seat, from_deal, left, came in rows.values_list(
        "round_id", "round__number", "table", "seat", "from_deal", "left_id", "came_id"
    ):
        _number, sitters, starts = chains.setdefault((round_id, table, seat), (number, [places[left]], []))
        if places[left] != sitters[-1]:  # the seat changed hands since the last reserve sat down
            sitters.append(places[left])
            starts.append(starts[-1])
        sitters.append(places[came])
        starts.append(from_deal)
    return chains


def _holders(places: "Places", numbers: set[int]) -> dict[tuple[int, int, str], int]:
    """Who the seats put in each seat of the rounds `numbers`: (round number, table, seat) -> place."""
    held = {}
    for number, table, e, n, s, w, _ns, _ew in places.seating.tables():
        if number in numbers:
            for seat, place in (("E", e), ("N", n), ("S", s), ("W", w)):
                if place is not None:
                    held[(number, table, seat)] = place
    return held


def credit(party: Party, places: "Places") -> None:
    """Move each earlier sitter's part of a replaced seat's result from the guest in the seat to her."""
    spots = _sitters(party, places)  # every sitter's line, before the seating's rounds are read
    if not spots:
        return
    results = {
        (r.round_id, r.table): r
        for r in TableResult.objects.filter(round_id__in={s[0] for s in spots}, status=TableResult.Status.AGREED)
    }
    deals: dict[int, dict[int, tuple[int, int]]] = defaultdict(dict)
    for result_id, deal, ns, ew in DealEntry.objects.filter(result__in=list(results.values())).values_list(
        "result_id", "number", "ns", "ew"
    ):
        deals[result_id][deal] = (ns, ew)
    held = _holders(places, {number for number, _sitters, _starts in spots.values()})
    playing = {(number, place) for (number, _table, _seat), place in held.items()}
    actual = party.tally_mode == "actual"
    for (round_id, table, seat), (number, sitters, starts) in spots.items():
        result, holder = results.get((round_id, table)), held.get((number, table, seat))
        if result is None or result.ns is None or result.ew is None or holder is None:
            continue
        if holder != sitters[-1]:  # the seat changed hands after the last reserve sat down
            sitters, starts = [*sitters, holder], [*starts, starts[-1]]
        side = 0 if seat in "NS" else 1
        total = (result.ns, result.ew)[side]
        values = {n: pair[side] for n, pair in deals[result.pk].items()}
        shares: dict[int, int] = {}  # each sitter's part, once (a sitter may come back to the seat)
        for sitter, part in zip(sitters, midround.parts(total, values, starts, actual=actual), strict=True):
            if sitter != holder and (number, sitter) in playing:
                sitter = holder  # she plays another seat of the round: her cell there is hers
            shares[sitter] = shares.get(sitter, 0) + part
        lines, kept = places.lines, shares.pop(holder)
        _move(lines[holder], number, kept - total)
        for sitter, part in shares.items():
            line = lines[sitter]
            line.total += part
            line.totals.append(line.total)  # the running total after the deals she played
        _cells(places, number, holder, [*shares.items(), (holder, kept)])


def _cells(places: "Places", number: int, holder: int, shares: list[tuple[int, int]]) -> None:
    """Each sitter's round `number` on the results sheet with her own part (seated as the guest in the seat
    is, with the same partner), drawn player by player (Seating.redrawn)."""
    played, redrawn = places.seating.played, places.seating.redrawn
    seated = next(p for p in played[holder] if p[0] == number)
    for place, part in shares:
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

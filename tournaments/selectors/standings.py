"""Standings and the results sheet: three queries for the whole party, whatever its size."""

from dataclasses import dataclass, field
from functools import cached_property

from tournaments.models import Party, Seat, TableResult
from tournaments.rules import standings as ranking

PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}
NORTH_SOUTH = frozenset("NS")
NOT_IN = (None, None)


@dataclass
class RoundLine:
    round: int
    table: int
    seat: str
    partner: str
    result: int | None  # None while the table's result is not in


# A player's round as the selector reads it: (round, table, seat, partner, result), a plain tuple (a big
# party has some 16,000 of them; the RoundLine objects are made only when asked for).
Played = tuple[int, int, str, str, int | None]


@dataclass
class PlayerLine:
    name: str
    kind: str
    total: int = 0
    label: str = ""
    position: int = 0
    booby: bool = False
    played: list[Played] = field(default_factory=list, repr=False)  # by round
    totals: list[int] = field(default_factory=list, repr=False)  # the total after each of those rounds

    @cached_property
    def rounds(self) -> dict[int, RoundLine]:
        return {p[0]: RoundLine(*p) for p in self.played}

    def running(self) -> list[tuple[RoundLine, int]]:
        total, lines = 0, []
        for number in sorted(self.rounds):
            line = self.rounds[number]
            total += line.result or 0
            lines.append((line, total))
        return lines

    def running_totals(self) -> list[int]:
        """The total after each round the player sat, in round order (what running() adds up)."""
        if len(self.totals) != len(self.played):
            total, self.totals = 0, []
            for p in self.played:
                total += p[4] or 0
                self.totals.append(total)
        return self.totals


@dataclass
class Standings:
    party: Party
    rounds: list[int]
    players: list[PlayerLine]  # ranked
    ladies: list[ranking.Placed]
    gentlemen: list[ranking.Placed]
    pairs: list[ranking.Placed]  # keep-partners parties: standings by pair
    booby: list[str]

    @property
    def best_ladies(self) -> list[ranking.Placed]:
        """The ladies in the first three places, every tied lady included."""
        return ranking.leading(self.ladies)

    @property
    def best_gentlemen(self) -> list[ranking.Placed]:
        return ranking.leading(self.gentlemen)


def party_standings(party: Party) -> Standings:
    """Three queries, whatever the size: the guests, the seats, the results agreed.

    The seats are read as plain numbers and letters, each guest's name and kind once: a big party has
    some 16,000 seats, and a name and kind joined to each cost more than a query of their own.
    """
    guests = {
        guest: (name, plays_as or kind)
        for guest, name, kind, plays_as in party.guests.order_by().values_list("id", "name", "kind", "plays_as")
    }
    seats = (
        Seat.objects.filter(round__party=party)
        .order_by("round", "table", "seat")
        .values_list("round__number", "table", "seat", "guest_id")
    )
    results = {
        (number, table): (ns, ew)
        for number, table, ns, ew in TableResult.objects.filter(round__party=party, status="agreed").values_list(
            "round__number", "table", "ns", "ew"
        )
    }
    # One pass over the seats, table by table; each player's line made once, the first time seen.
    tables: dict[tuple[int, int], dict[str, PlayerLine]] = {}
    lines: dict[int, PlayerLine] = {}
    for number, table, seat, guest in seats:
        line = lines.get(guest)
        if line is None:
            name, kind = guests[guest]
            line = lines[guest] = PlayerLine(name=name, kind=kind)
        at = tables.get((number, table))
        if at is None:
            at = tables[(number, table)] = {}
        at[seat] = line
    for (number, table), at in tables.items():
        ns, ew = results.get((number, table), NOT_IN)
        for seat, line in at.items():
            value = ns if seat in NORTH_SOUTH else ew
            partner = at.get(PARTNER_SEAT[seat])
            line.played.append((number, table, seat, partner.name if partner else "", value))
            if value:
                line.total += value
            line.totals.append(line.total)
    players = {line.name: line for line in lines.values()}
    return _ranked(party, sorted({number for number, _ in tables}), players)


def _ranked(party: Party, rounds: list[int], players: dict[str, PlayerLine]) -> Standings:
    totals = {name: line.total for name, line in players.items()}
    played = any(p[4] is not None for line in players.values() for p in line.played)
    booby = ranking.booby(totals) if played else []
    ordered = []
    for placed in ranking.rank(totals):
        line = players[placed.name]
        line.label, line.position, line.booby = placed.label, placed.position, placed.name in booby
        ordered.append(line)
    ladies = _by_kind(players, "lady") if party.mixed else []
    gentlemen = _by_kind(players, "gentleman") if party.mixed else []
    pairs = _pairs(players, rounds) if party.keep_partners else []
    return Standings(party, rounds, ordered, ladies, gentlemen, pairs, booby)


def _by_kind(players: dict[str, PlayerLine], kind: str) -> list[ranking.Placed]:
    """The ladies (or gentlemen) ranked among themselves, with their own shared places."""
    return ranking.rank({name: line.total for name, line in players.items() if line.kind == kind})


def _pairs(players: dict[str, PlayerLine], rounds: list[int]) -> list[ranking.Placed]:
    if not rounds:
        return []
    first = rounds[0]
    totals = {}
    for name, line in players.items():
        partner = next((p[3] for p in line.played if p[0] == first), "")
        if partner and name.casefold() < partner.casefold():
            totals[f"{name} & {partner}"] = line.total
    return ranking.rank(totals)

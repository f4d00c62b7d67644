"""Standings and the results sheet: two queries for the whole party, whatever its size."""

from dataclasses import dataclass, field

from tournaments.models import Party, Seat, TableResult
from tournaments.rules import standings as ranking

PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


@dataclass
class RoundLine:
    round: int
    table: int
    seat: str
    partner: str
    result: int | None  # None while the table's result is not in


@dataclass
class PlayerLine:
    name: str
    kind: str
    total: int = 0
    label: str = ""
    position: int = 0
    booby: bool = False
    rounds: dict[int, RoundLine] = field(default_factory=dict)

    def running(self) -> list[tuple[RoundLine, int]]:
        total, lines = 0, []
        for number in sorted(self.rounds):
            line = self.rounds[number]
            total += line.result or 0
            lines.append((line, total))
        return lines


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
    seats = Seat.objects.filter(round__party=party).values_list(
        "round__number", "table", "seat", "guest__name", "guest__kind", "guest__plays_as"
    )
    results = {
        (number, table): (ns, ew)
        for number, table, ns, ew in TableResult.objects.filter(round__party=party, status="agreed").values_list(
            "round__number", "table", "ns", "ew"
        )
    }
    where: dict[tuple[int, int, str], str] = {}
    players: dict[str, PlayerLine] = {}
    rounds: set[int] = set()
    for number, table, seat, name, kind, plays_as in seats:
        where[(number, table, seat)] = name
        rounds.add(number)
        players.setdefault(name, PlayerLine(name=name, kind=plays_as or kind))
    for (number, table, seat), name in where.items():
        result = results.get((number, table))
        value = None if result is None else (result[0] if SIDE[seat] == "NS" else result[1])
        partner = where.get((number, table, PARTNER_SEAT[seat]), "")
        players[name].rounds[number] = RoundLine(number, table, seat, partner, value)
        players[name].total += value or 0
    return _ranked(party, sorted(rounds), players)


def _ranked(party: Party, rounds: list[int], players: dict[str, PlayerLine]) -> Standings:
    totals = {name: line.total for name, line in players.items()}
    played = any(r.result is not None for line in players.values() for r in line.rounds.values())
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
        partner = line.rounds[first].partner if first in line.rounds else ""
        if partner and name.casefold() < partner.casefold():
            totals[f"{name} & {partner}"] = line.total
    return ranking.rank(totals)

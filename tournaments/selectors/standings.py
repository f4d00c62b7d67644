"""Standings and the results sheet: three queries for the whole party, whatever its size."""

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import cast

from django.db.models import Max, Q

from tournaments.models import Party, Seat, TableResult
from tournaments.rules import standings as ranking
from tournaments.rules.collation import name_key
from tournaments.selectors import midround as midround_standings

SEAT_ORDER = "ENSW"  # the seats as the tables were always read: by letter


@dataclass
class RoundLine:
    round: int
    table: int
    seat: str
    partner: str
    result: int | None  # None while the table's result is not in


# A player's round as the selector reads it: (round, table, seat, partner, result), a plain tuple (a big
# party has some 18,000 of them; the RoundLine objects are made only when asked for).
Played = tuple[int, int, str, str, int | None]

# A table in a round, as the selector reads it: (round, table, E, N, S, W, ns, ew), each seat its player's
# place in the Seating (None for an empty seat), ns and ew the table's result agreed (None till then).
Sitting = tuple[int, int, int | None, int | None, int | None, int | None, int | None, int | None]
SITTING = 8  # the numbers of a Sitting
# Rows read from the database at a time (iterator): a few hundred kept at once, not the whole party's, so
# that the garbage collector runs less often; and on PostgreSQL, a few round trips of its server-side cursor.
CHUNK = 500


@dataclass
class PlayerLine:
    name: str
    kind: str
    total: int = 0
    label: str = ""
    position: int = 0
    booby: bool = False
    totals: list[int] = field(default_factory=list, repr=False)  # the total after each round sat, by round
    seated: int = field(default=-1, repr=False)  # where the line is in its Seating (names, played)
    seating: "Seating | None" = field(default=None, repr=False, compare=False)

    @property
    def played(self) -> list[Played]:
        """The rounds sat, by round: written for every player at once, the first time one is asked for
        (the standings page draws its cells from the tables themselves, and never needs them)."""
        return [] if self.seating is None else self.seating.played[self.seated]

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
        if self.seating is None and len(self.totals) != len(self.played):  # the selector's are added up as read
            total, self.totals = 0, []
            for p in self.played:
                total += p[4] or 0
                self.totals.append(total)
        return self.totals


@dataclass
class Seating:
    """The party's tables round by round, as read: each table's four seats as places in `names` (each
    player once, in the order first seated), with the table's result. Plain numbers and names, no lines (a
    line refers to its seating: the lines are freed as soon as the page is done, no cycle among them).

    `flat` holds the tables' Sittings one after another, their eight numbers each (no tuple kept per table:
    a big party has 4,500 of them, and the garbage collector goes through every object kept).
    """

    names: list[str]
    flat: list[int | None]
    # Places whose rounds are not their tables' results as read (a reserve sat down mid-round:
    # selectors/midround.py): the results sheet draws their cells from `played`, player by player.
    redrawn: set[int] = field(default_factory=set)

    def tables(self) -> Iterator[Sitting]:
        """Each table's Sitting, by round and table."""
        numbers = iter(self.flat)
        return zip(*[numbers] * SITTING, strict=True)

    @cached_property
    def played(self) -> list[list[Played]]:
        """Each player's rounds (PlayerLine.played), by place, from the tables, in one pass."""
        names = self.names
        played: list[list[Played]] = [[] for _ in names]
        for number, table, e, n, s, w, ns, ew in self.tables():
            for seat, place, partner, value in (("E", e, w, ew), ("N", n, s, ns), ("S", s, n, ns), ("W", w, e, ew)):
                if place is not None:
                    played[place].append((number, table, seat, "" if partner is None else names[partner], value))
        return played


@dataclass
class Standings:
    party: Party
    rounds: list[int]
    players: list[PlayerLine]  # ranked
    pairs: list[ranking.Placed]  # keep-partners parties: standings by pair
    booby: list[str]
    seating: Seating = field(default_factory=lambda: Seating([], []), repr=False)

    @cached_property
    def ladies(self) -> list[ranking.Placed]:
        """A mixed party's ladies ranked among themselves, with their own shared places (none otherwise)."""
        return list(self._by_kind("lady"))

    @cached_property
    def gentlemen(self) -> list[ranking.Placed]:
        return list(self._by_kind("gentleman"))

    @property
    def best_ladies(self) -> list[ranking.Placed]:
        """The ladies in the first three places, every tied lady included."""
        return self._leading("lady")

    @property
    def best_gentlemen(self) -> list[ranking.Placed]:
        return self._leading("gentleman")

    def _by_kind(self, kind: str) -> Iterator[ranking.Placed]:
        """The players of one kind in the whole party's order (the order a ranking of their own makes: the
        same key, ties in the same order), placed among themselves: one at a time."""
        if not self.party.mixed:
            return
        lines = [line for line in self.players if line.kind == kind]
        for line, (position, label) in zip(lines, ranking.placings(line.total for line in lines), strict=True):
            yield ranking.Placed(position, label, line.name, line.total)

    def _leading(self, kind: str, places: int = 3) -> list[ranking.Placed]:
        """ranking.leading of the kind's places, read only as far as the last of them."""
        best = []
        for placed in self._by_kind(kind):
            if placed.position > places:
                break
            best.append(placed)
        return best


class Places(dict):
    """Each guest's place in the seating (an empty seat's: None), its line made the first time it is asked
    for: in the order of the seats (round, table, then E, N, S, W), as the tables were always read. The
    guests' names and kinds are read once (one query), each in a mapping of its own (no tuple per guest)."""

    def __init__(self, party: Party, seating: Seating):
        super().__init__({None: None})
        self.seating = seating
        self.lines: list[PlayerLine] = []
        self.names: dict[int, str] = {}
        self.kinds: dict[int, str] = {}  # as the guest plays
        for guest, name, kind, plays_as in (
            party.guests.order_by().values_list("id", "name", "kind", "plays_as").iterator(chunk_size=CHUNK)
        ):
            self.names[guest], self.kinds[guest] = name, plays_as or kind

    def __missing__(self, guest: int) -> int:
        name, kind = self.names[guest], self.kinds[guest]
        self[guest] = seated = len(self.lines)
        self.lines.append(PlayerLine(name=name, kind=kind, seated=seated, seating=self.seating))
        self.seating.names.append(name)
        return seated


def party_standings(party: Party) -> Standings:
    """Three queries, whatever the size: the guests, the tables, the results agreed.

    The seats come one row per table (its round, its number and the guest in each seat, grouped by the
    database), each guest's name and kind once: a big party has some 18,000 seats, and a row of its own
    for each, or a name and kind joined to each, cost more than all the rest of the page. The rows are
    read as they come (iterator): none is kept but the tables themselves, as plain numbers.
    """
    # One pass over the tables, in round order, each table's result added to its players' totals.
    seating = Seating([], [])
    places = Places(party, seating)
    lines, sitting = places.lines, seating.flat.extend
    for number, table, e, n, s, w, ns, ew in _tables(party):
        east, north, south, west = places[e], places[n], places[s], places[w]
        sitting((number, table, east, north, south, west, ns, ew))
        if east is not None and north is not None and south is not None and west is not None:
            el, nl, sl, wl = lines[east], lines[north], lines[south], lines[west]
            if ew:
                el.total += ew
                wl.total += ew
            if ns:
                nl.total += ns
                sl.total += ns
            el.totals.append(el.total)
            nl.totals.append(nl.total)
            sl.totals.append(sl.total)
            wl.totals.append(wl.total)
            continue
        for seat, value in ((east, ew), (north, ns), (south, ns), (west, ew)):  # a table not full
            if seat is not None:
                line = lines[seat]
                if value:
                    line.total += value
                line.totals.append(line.total)
    if party.replaced_mid_round:  # a reserve sat down during a round: the deals go to who played them
        midround_standings.credit(party, places)
    players = {line.name: line for line in lines}
    rounds = cast(list[int], seating.flat[::SITTING])  # each table's round
    return _ranked(party, sorted(set(rounds)), players, seating)


def _tables(party: Party) -> Iterator[Sitting]:
    """Each table of each round, by round and table: a Sitting, with guests (their ids) in the seats.

    Two queries read alongside: the seats grouped by table, and the results agreed in the same order
    (ns and ew None for a table whose result is not in).
    """
    tables = (
        Seat.objects.filter(round__party=party)
        .values_list("round__number", "table")
        .annotate(**{seat.lower(): Max("guest_id", filter=Q(seat=seat)) for seat in SEAT_ORDER})
        .order_by("round__number", "table")
        .iterator(chunk_size=CHUNK)
    )
    results = (
        TableResult.objects.filter(round__party=party, status="agreed")
        .values_list("round__number", "table", "ns", "ew")
        .order_by("round__number", "table")
        .iterator(chunk_size=CHUNK)
    )
    result = next(results, None)
    for number, table, e, n, s, w in tables:
        while result is not None and (result[0] < number or (result[0] == number and result[1] < table)):
            result = next(results, None)  # a result for a table nobody sits at: not shown
        if result is not None and result[0] == number and result[1] == table:
            yield number, table, e, n, s, w, result[2], result[3]
            result = next(results, None)
        else:
            yield number, table, e, n, s, w, None, None


def _ranked(party: Party, rounds: list[int], players: dict[str, PlayerLine], seating: Seating) -> Standings:
    totals = {name: line.total for name, line in players.items()}
    # Any result in for a seated player (a table's result counts for the side that sat it).
    played = any(
        (ns is not None and (n is not None or s is not None)) or (ew is not None and (e is not None or w is not None))
        for _, _, e, n, s, w, ns, ew in seating.tables()
    )
    booby = ranking.booby(totals) if played else []
    losers = set(booby)
    # ranking.rank's order and places, put on the lines themselves.
    ordered = _ties_by_name(sorted(players.values(), key=_total, reverse=True))
    for line, (position, label) in zip(ordered, ranking.placings([line.total for line in ordered]), strict=True):
        line.label, line.position, line.booby = label, position, line.name in losers
    pairs = _pairs(players, rounds, seating) if party.keep_partners else []
    return Standings(party, rounds, ordered, pairs, booby, seating)


def _ties_by_name(ordered: list[PlayerLine]) -> list[PlayerLine]:
    """ranking.best_first's order from lines ranked by total: each run of equal totals by name, in the
    collation's order (rules/collation.py). Only the ties get a collation key: a big party's 2,000 names
    would cost a tenth of a second at every look."""
    start = 0
    for end in range(1, len(ordered) + 1):
        if end == len(ordered) or ordered[end].total != ordered[start].total:
            if end - start > 1:
                ordered[start:end] = sorted(ordered[start:end], key=_collated_name)
            start = end
    return ordered


def _collated_name(line: PlayerLine) -> tuple[tuple[int, ...], str]:
    return name_key(line.name)


def _total(line: PlayerLine) -> int:
    return line.total


def _pairs(players: dict[str, PlayerLine], rounds: list[int], seating: Seating) -> list[ranking.Placed]:
    if not rounds:
        return []
    names = seating.names
    # Each player's partner in the first round he played, by place in the seating: round 1's pairs, and a
    # table that joined later (issue 46) as the two new pairs it sat down with. A substitute who took a seat
    # beside a partner already paired is left out, as before.
    partners: dict[int, str] = {}
    for _, _, e, n, s, w, _, _ in seating.tables():
        for one, other in ((e, w), (n, s)):
            if one in partners or other in partners:
                continue
            if one is not None:
                partners[one] = names[other] if other is not None else ""
            if other is not None:
                partners[other] = names[one] if one is not None else ""
    totals = {}
    for name, line in players.items():
        partner = partners.get(line.seated, "")
        if partner and name_key(name) < name_key(partner):  # a pair is named in the alphabet's order
            totals[f"{name} & {partner}"] = line.total
    return ranking.rank(totals)

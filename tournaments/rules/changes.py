"""Changes of plan during the night: players join, leave or sit out between two rounds.

Rules: docs/rules/four-aces-party.md, "Changes of plan during the night"; the choices are in
docs/rules/decisions.md. One mechanism serves every change, so that a late table, a table going
home, one guest going home and a sit-out all follow the same few rules:

1. Count who is left to play. Whole tables play (at a mixed party two ladies and two gentlemen a
   table); the rest sit out, chosen by `sitting_out`: those who have sat out fewest rounds,
   taken from the foot of the progression, pair by pair (seats N, S, E, W).
2. Take the leavers and the sitters out of the last round's seating: their seats are empty.
3. While there are more tables than players for them, the table with the most empty seats closes
   (the nearest the foot among equals); its players wait with the newcomers.
4. The waiting players fill the empty seats (a lady's seat takes a lady), head table first, and
   move on from them as the pair they joined: a substitute takes over a seat, result and all.
5. The players still waiting make new tables at the foot. Each new table is seated as if it had
   played the last round with its first pair (North-South) losing: that pair stays to meet table
   1's losers, who now go to this new foot, and the second pair moves up one table.
6. The tables are renumbered 1, 2, 3 … in their order and the ordinary movement (movement.py)
   seats the next round.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.rules.errors import RuleError
from tournaments.rules.movement import SEATS, Cut, check_seating, plan_movement

# The order in which a table's players sit out and fill seats: pair by pair.
PAIR_ORDER = ("N", "S", "E", "W")
KIND_OF_SEAT = {"N": "lady", "E": "lady", "S": "gentleman", "W": "gentleman"}
# Why a player is where he is in the next round (the presentation module words these).
STAYS, MOVES, TAKES_SEAT, JOINS, RETURNS, SITS_OUT, GOES_HOME = (
    "stays",
    "moves",
    "takes a seat",
    "joins",
    "returns",
    "sits out",
    "goes home",
)


@dataclass(frozen=True)
class Move:
    """One player's way from the last round to the next; a table and seat, or None for not playing."""

    player: str
    before: tuple[int, str] | None  # (table, seat) in the last round as played, with its numbering
    after: tuple[int, str] | None  # (table, seat) in the next round, with the new numbering
    reason: str  # STAYS, MOVES, TAKES_SEAT, JOINS, RETURNS, SITS_OUT or GOES_HOME


@dataclass
class ChangePlan:
    seating: dict[int, dict[str, str]]
    moves: list[Move]
    sitting_out: list[str]
    cuts: list[Cut] = field(default_factory=list)
    substitutes: dict[str, str] = field(default_factory=dict)  # player -> the seat's player he took over
    renumbered: dict[int, int] = field(default_factory=dict)  # last round's table -> its new number


@dataclass
class _Table:
    seats: dict[str, str | None]  # None: an empty seat
    winner: str  # "NS" or "EW", the side that won it in the last round
    number: int | None  # the last round's number; None for a new table
    need: dict[str, str] = field(default_factory=dict)  # empty seat -> the kind of player it takes


def _names(given: Iterable[str] | None, what: str) -> list[str]:
    if given is None:
        return []
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise RuleError("%(what)s must be a list of players, not %(given)r", what=what, given=given)
    names = list(given)
    for name in names:
        if not isinstance(name, str) or not name:
            raise RuleError("%(what)s names a player without a name", what=what)
    if len(set(names)) != len(names):
        raise RuleError("%(what)s names a player twice", what=what)
    return names


def _kind(player: str, kinds: Mapping[str, str] | None) -> str:
    if kinds is None:
        return "player"
    kind = kinds.get(player)
    if kind not in ("lady", "gentleman"):
        raise RuleError("%(player)s is neither a lady nor a gentleman", player=player)
    return kind


def _seat_kind(seat: str, kinds: Mapping[str, str] | None) -> str:
    return "player" if kinds is None else KIND_OF_SEAT[seat]


def table_count(players: Sequence[str], kinds: Mapping[str, str] | None = None) -> int:
    """How many whole tables the players fill: four a table, or two ladies and two gentlemen."""
    if kinds is None:
        return len(players) // 4
    ladies = sum(_kind(p, kinds) == "lady" for p in players)
    return min(ladies, len(players) - ladies) // 2


def sitting_out(
    seating: Mapping[int, Mapping[str, str]],
    *,
    kinds: Mapping[str, str] | None = None,
    leaving: Iterable[str] | None = None,
    joining: Iterable[str] | None = None,
    waiting: Iterable[str] | None = None,
    sat_out: Mapping[str, int] | None = None,
) -> list[str]:
    """Who sits out the next round, to show the hostess before she confirms the change.

    seating: the last round's seating; waiting: the players who sat out the last round;
    sat_out: how many rounds each player has sat out so far (missing means none).
    Those who have sat out fewest rounds sit out first; among them the last round's seated
    players from the foot up, pair by pair, and the waiting players and newcomers last.
    """
    return _Change(seating, kinds, leaving, joining, waiting, sat_out).sitters


class _Change:
    """The figures of a change, checked once: who leaves, who joins, who waits, who sits out."""

    def __init__(
        self,
        seating: Mapping[int, Mapping[str, str]],
        kinds: Mapping[str, str] | None,
        leaving: Iterable[str] | None,
        joining: Iterable[str] | None,
        waiting: Iterable[str] | None,
        sat_out: Mapping[str, int] | None,
    ) -> None:
        if kinds is not None and not isinstance(kinds, Mapping):
            raise RuleError("kinds must map each player to 'lady' or 'gentleman'")
        check_seating(seating, kinds)
        self.seating, self.kinds = seating, kinds
        self.leaving = _names(leaving, "leaving")
        self.joining = _names(joining, "joining")
        self.waiting = _names(waiting, "waiting")
        if sat_out is not None and not isinstance(sat_out, Mapping):
            raise RuleError("sat_out must map players to the rounds they have sat out")
        self.sat_out = dict(sat_out or {})
        self._check_people()
        gone = set(self.leaving)
        seated = [seating[t][s] for t in sorted(seating, reverse=True) for s in PAIR_ORDER]
        self.candidates = [p for p in seated if p not in gone]
        self.pool = [p for p in self.waiting if p not in gone] + self.joining
        present = self.candidates + self.pool
        self.tables = table_count(present, kinds)
        if self.tables == 0:
            raise RuleError("too few players are left to fill a table: the party cannot go on")
        self.sitters = self._sitters(present)

    def _check_people(self) -> None:
        seated = {p for seats in self.seating.values() for p in seats.values()}
        for player in self.waiting:
            if player in seated:
                raise RuleError("%(player)s played the last round, so was not waiting", player=player)
        for player in self.joining:
            if player in seated or player in self.waiting:
                raise RuleError("%(player)s is already at the party", player=player)
        for player in self.leaving:
            if player not in seated and player not in self.waiting:
                raise RuleError("%(player)s is not at the party, so cannot leave it", player=player)
        for player in self.joining + self.waiting:
            _kind(player, self.kinds)
        for player, rounds in self.sat_out.items():
            if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
                raise RuleError(
                    "%(player)s has sat out %(rounds)r rounds: give 0 or more", player=player, rounds=rounds
                )

    def _sitters(self, present: list[str]) -> list[str]:
        over = {"player": len(present) - 4 * self.tables}
        if self.kinds is not None:
            ladies = sum(self.kinds[p] == "lady" for p in present)
            over = {"lady": ladies - 2 * self.tables, "gentleman": len(present) - ladies - 2 * self.tables}
        # sorted() is stable: equal counts keep the order of `present` (seated from the foot, then waiting).
        order = sorted(present, key=lambda p: self.sat_out.get(p, 0))
        sitters = []
        for player in order:
            kind = _kind(player, self.kinds)
            if over[kind] > 0:
                over[kind] -= 1
                sitters.append(player)
        return sitters


def _tables(change: _Change, winners: Mapping[int, str]) -> list[_Table]:
    empty = set(change.leaving) | set(change.sitters)
    tables = []
    for number in sorted(change.seating):
        if winners.get(number) not in ("NS", "EW"):
            raise RuleError("table %(table)s has no winner: give 'NS' or 'EW' (cut for a tie)", table=number)
        seats = change.seating[number]
        table = _Table({s: (None if seats[s] in empty else seats[s]) for s in SEATS}, winners[number], number)
        # An empty seat takes a player of the kind who left it, so partnerships stay mixed.
        table.need = {s: _kind(seats[s], change.kinds) for s in SEATS if table.seats[s] is None}
        tables.append(table)
    extra = set(winners) - set(change.seating)
    if extra:
        raise RuleError("winners given for tables that do not exist: %(tables)s", tables=sorted(extra))
    return tables


def _close_tables(tables: list[_Table], wanted: int, pool: list[str]) -> None:
    """Close the emptiest tables (the nearest the foot among equals) until `wanted` are left."""
    while len(tables) > wanted:
        emptiest = max(range(len(tables)), key=lambda i: (sum(p is None for p in tables[i].seats.values()), i))
        closed = tables.pop(emptiest)
        pool.extend(p for s in PAIR_ORDER if (p := closed.seats[s]) is not None)


def _take(pool: list[str], kind: str, kinds: Mapping[str, str] | None) -> str:
    for i, player in enumerate(pool):
        if _kind(player, kinds) == kind:
            return pool.pop(i)
    raise AssertionError("the pool was counted to fill every seat")  # pragma: no cover


def _fill(tables: list[_Table], pool: list[str], change: _Change) -> dict[str, str]:
    """Fill the empty seats, head table first; returns {substitute: the player whose seat he took}."""
    taken: dict[str, str] = {}
    for table in tables:
        for seat in PAIR_ORDER:
            if table.seats[seat] is None and table.number is not None:
                player = _take(pool, table.need[seat], change.kinds)
                table.seats[seat] = player
                taken[player] = change.seating[table.number][seat]
    return taken


def _new_tables(tables: list[_Table], pool: list[str], wanted: int, kinds: Mapping[str, str] | None) -> None:
    while len(tables) < wanted:
        seats: dict[str, str | None] = {s: _take(pool, _seat_kind(s, kinds), kinds) for s in PAIR_ORDER}
        # As if North-South had lost here: they stay for table 1's losers, East-West move up.
        tables.append(_Table({s: seats[s] for s in SEATS}, "EW", None))


def plan_change(
    seating: Mapping[int, Mapping[str, str]],
    winners: Mapping[int, str],
    *,
    keep_partners: bool,
    kinds: Mapping[str, str] | None = None,
    leaving: Iterable[str] | None = None,
    joining: Iterable[str] | None = None,
    waiting: Iterable[str] | None = None,
    sat_out: Mapping[str, int] | None = None,
    seed: int | None = None,
) -> ChangePlan:
    """The next round's seating after a change, and who moves where, for the hostess to confirm.

    seating, winners: the last round's, as plan_movement takes them; kinds: at a mixed party.
    leaving: players going home after the last round (their scores stay).
    joining: newcomers in pairs, partners next to each other; at a mixed party the first lady
      partners the first gentleman, the second the second. (When they fill empty seats instead of
      making a table of their own, they play with the seat's partner.)
    waiting: players who sat out the last round; sat_out: rounds each has sat out so far.
    With nothing changed and nobody waiting this is the ordinary movement.
    """
    change = _Change(seating, kinds, leaving, joining, waiting, sat_out)
    tables = _tables(change, winners)
    pool = [p for p in change.pool if p not in change.sitters]
    _close_tables(tables, change.tables, pool)
    substitutes = _fill(tables, pool, change)
    _new_tables(tables, pool, change.tables, kinds)
    last = {n: {s: p or "" for s, p in t.seats.items()} for n, t in enumerate(tables, start=1)}
    movement = plan_movement(
        last,
        {n: t.winner for n, t in enumerate(tables, start=1)},
        keep_partners=keep_partners,
        kinds=kinds,
        seed=seed,
    )
    renumbered = {t.number: n for n, t in enumerate(tables, start=1) if t.number is not None}
    plan = ChangePlan(movement.seating, [], list(change.sitters), movement.cuts, substitutes, renumbered)
    plan.moves = _moves(change, plan)
    return plan


def _moves(change: _Change, plan: ChangePlan) -> list[Move]:
    before = {p: (t, s) for t, seats in change.seating.items() for s, p in seats.items()}
    after = {p: (t, s) for t, seats in plan.seating.items() for s, p in seats.items()}
    moves = []
    for player in [*before, *change.waiting, *change.joining]:
        was, will = before.get(player), after.get(player)
        if player in change.leaving:
            reason = GOES_HOME
        elif will is None:
            reason = SITS_OUT
        elif was is None:
            reason = RETURNS if player in change.waiting else JOINS
        elif player in plan.substitutes:
            reason = TAKES_SEAT
        else:
            reason = STAYS if plan.renumbered.get(was[0]) == will[0] else MOVES
        moves.append(Move(player, was, will, reason))
    return moves

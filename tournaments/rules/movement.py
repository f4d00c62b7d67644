"""The Four Aces movement: "winners move up, losers stay" (docs/rules/four-aces-party.md).

Table 1's winners stay and its losers go to the highest-numbered table; at every other table the
losers stay and the winners move up one table. Each table so receives exactly one pair.

Seat conventions where the rules leave the choice to us:
- Change partners, not mixed: the stayer who sat North (or East) keeps the seat, the other
  stayer shifts one seat clockwise, so the two stayers now play against each other; the
  arrivers cut for the two seats left (the cut is drawn from `seed`, reproducibly).
- Mixed: every table is restored to the pattern ladies North and East, gentlemen South and West.
- One table: nobody changes table; with partners changing, the winners stay and the losers
  are treated as the arriving pair, so everyone still gets a new partner.
"""

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from tournaments.rules.errors import RuleError

SEATS = ("N", "E", "S", "W")
SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}
OTHER = {"NS": "EW", "EW": "NS"}
KINDS = ("lady", "gentleman")
# The mixed pattern: the lady's and the gentleman's seat in each partnership.
LADY_SEAT = {"NS": "N", "EW": "E"}
GENTLEMAN_SEAT = {"NS": "S", "EW": "W"}


@dataclass(frozen=True)
class Cut:
    table: int
    partners: tuple[tuple[str, str], tuple[str, str]]  # (stayer, arriver) pairs drawn by the cut


@dataclass
class Movement:
    seating: dict[int, dict[str, str]]
    cuts: list[Cut] = field(default_factory=list)


def check_seating(seating: Mapping[int, Mapping[str, str]], kinds: Mapping[str, str] | None = None) -> int:
    """Validate a seating; returns the number of tables."""
    if not isinstance(seating, Mapping) or not seating:
        raise RuleError("the seating must give at least one table")
    if any(isinstance(t, bool) or not isinstance(t, int) for t in seating):
        raise RuleError("tables are numbered with whole numbers 1, 2, 3 …")
    tables = sorted(seating)
    if tables != list(range(1, len(tables) + 1)):
        raise RuleError("tables must be numbered 1 to %(tables)s with none missing", tables=len(tables))
    seen: set[str] = set()
    for table in tables:
        _check_table(table, seating[table], seen, kinds)
    return len(tables)


def _check_table(table: int, seats: Mapping[str, str], seen: set[str], kinds: Mapping[str, str] | None) -> None:
    if not isinstance(seats, Mapping) or sorted(seats) != sorted(SEATS):
        raise RuleError("table %(table)s must have exactly the seats N, E, S and W", table=table)
    for seat in SEATS:
        player = seats[seat]
        if not isinstance(player, str) or not player:
            raise RuleError("table %(table)s seat %(seat)s has no player", table=table, seat=seat)
        if player in seen:
            raise RuleError("%(player)s is seated twice", player=player)
        seen.add(player)
    if kinds is None:
        return
    for side, (a, b) in SIDE_SEATS.items():
        if {kinds.get(seats[a]), kinds.get(seats[b])} != set(KINDS):
            raise RuleError(
                "table %(table)s: %(first)s and %(second)s (%(side)s) are not a lady and a gentleman",
                table=table,
                first=seats[a],
                second=seats[b],
                side=side,
            )


def _check_winners(winners: Mapping[int, str], tables: int) -> None:
    if not isinstance(winners, Mapping):
        raise RuleError("winners must give 'NS' or 'EW' for every table")
    for table in range(1, tables + 1):
        if winners.get(table) not in ("NS", "EW"):
            raise RuleError("table %(table)s has no winner: give 'NS' or 'EW' (cut for a tie)", table=table)
    extra = set(winners) - set(range(1, tables + 1))
    if extra:
        raise RuleError("winners given for tables that do not exist: %(tables)s", tables=sorted(extra))


def _pair(seats: Mapping[str, str], side: str) -> tuple[str, str]:
    a, b = SIDE_SEATS[side]
    return seats[a], seats[b]


def _staying_side(table: int, winners: Mapping[int, str]) -> str:
    return winners[table] if table == 1 else OTHER[winners[table]]


def _arrivers(
    table: int, tables: int, seating: Mapping[int, Mapping[str, str]], winners: Mapping[int, str]
) -> tuple[str, str]:
    if tables == 1:
        return _pair(seating[1], OTHER[winners[1]])
    if table == tables:
        return _pair(seating[1], OTHER[winners[1]])  # table 1's losers go to the last table
    return _pair(seating[table + 1], winners[table + 1])  # the next table's winners move up


def _seat_kept(side: str, stayers: tuple[str, str], arrivers: tuple[str, str]) -> dict[str, str]:
    a, b = SIDE_SEATS[side]
    c, d = SIDE_SEATS[OTHER[side]]
    return {a: stayers[0], b: stayers[1], c: arrivers[0], d: arrivers[1]}


def _seat_mixed(
    side: str, stayers: tuple[str, str], arrivers: tuple[str, str], kinds: Mapping[str, str], keep_partners: bool
) -> dict[str, str]:
    lady_stays, gent_stays = sorted(stayers, key=lambda p: kinds[p] != "lady")
    lady_arrives, gent_arrives = sorted(arrivers, key=lambda p: kinds[p] != "lady")
    other = OTHER[side]
    if keep_partners:
        return {
            LADY_SEAT[side]: lady_stays,
            GENTLEMAN_SEAT[side]: gent_stays,
            LADY_SEAT[other]: lady_arrives,
            GENTLEMAN_SEAT[other]: gent_arrives,
        }
    # The staying gentleman moves to the other gentleman's seat; the arriving lady sits opposite
    # him and the arriving gentleman opposite the staying lady.
    return {
        LADY_SEAT[side]: lady_stays,
        GENTLEMAN_SEAT[other]: gent_stays,
        LADY_SEAT[other]: lady_arrives,
        GENTLEMAN_SEAT[side]: gent_arrives,
    }


def _seat_changed(
    side: str, stayers: tuple[str, str], arrivers: tuple[str, str], rng: random.Random
) -> tuple[dict[str, str], tuple[tuple[str, str], tuple[str, str]]]:
    first, second = SIDE_SEATS[side]
    # The stayer in the first seat keeps it; the other shifts one seat clockwise, to play against him.
    shifted = SEATS[(SEATS.index(second) + 1) % 4]
    partner_of_first = SEATS[(SEATS.index(first) + 2) % 4]
    partner_of_shifted = SEATS[(SEATS.index(shifted) + 2) % 4]
    drawn = list(arrivers)
    rng.shuffle(drawn)
    seats = {first: stayers[0], shifted: stayers[1], partner_of_first: drawn[0], partner_of_shifted: drawn[1]}
    return seats, ((stayers[0], drawn[0]), (stayers[1], drawn[1]))


def plan_movement(
    seating: Mapping[int, Mapping[str, str]],
    winners: Mapping[int, str],
    *,
    keep_partners: bool,
    kinds: Mapping[str, str] | None = None,
    seed: int | None = None,
) -> Movement:
    """The next round's seating, with the partners' cuts drawn on the way."""
    if kinds is not None and not isinstance(kinds, Mapping):
        raise RuleError("kinds must map each player to 'lady' or 'gentleman'")
    tables = check_seating(seating, kinds)
    _check_winners(winners, tables)
    rng = random.Random(seed)
    movement = Movement(seating={})
    for table in range(1, tables + 1):
        side = _staying_side(table, winners)
        stayers = _pair(seating[table], side)
        arrivers = _arrivers(table, tables, seating, winners)
        if kinds is not None:
            seats = _seat_mixed(side, stayers, arrivers, kinds, keep_partners)
        elif keep_partners:
            seats = _seat_kept(side, stayers, arrivers)
        else:
            seats, partners = _seat_changed(side, stayers, arrivers, rng)
            movement.cuts.append(Cut(table, partners))
        movement.seating[table] = {seat: seats[seat] for seat in SEATS}
    return movement


def next_seating(
    seating: Mapping[int, Mapping[str, str]],
    winners: Mapping[int, str],
    *,
    keep_partners: bool,
    kinds: Mapping[str, str] | None = None,
    seed: int | None = None,
) -> dict[int, dict[str, str]]:
    """The next round's seating: {table: {"N": player, "E": ..., "S": ..., "W": ...}}."""
    return plan_movement(seating, winners, keep_partners=keep_partners, kinds=kinds, seed=seed).seating


def player_positions(seating: Mapping[int, Mapping[str, str]]) -> dict[str, tuple[int, str]]:
    """Each player's (table, seat): the movement sheet reads the next round's seating this way."""
    return {player: (table, seat) for table, seats in seating.items() for seat, player in seats.items()}

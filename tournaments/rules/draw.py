"""The first-round seats: the numbers check and the draw (docs/rules/four-aces-party.md).

A draw is reproducible: the same players, fixed seats and seed always give the same seating,
so a printed set of tallies can be printed again identically. At a mixed party the draw keeps
the pattern ladies North and East, gentlemen South and West.
"""

import random
from collections.abc import Mapping, Sequence

SEATS = ("N", "E", "S", "W")
LADY_SEATS = ("N", "E")
GENTLEMAN_SEATS = ("S", "W")


def _plural(count: int, singular: str, plural: str) -> str:
    return f"{count} {singular if count == 1 else plural}"


def numbers_problems(tables: int, *, ladies: int = 0, gentlemen: int = 0, players: int = 0, mixed: bool) -> list[str]:
    """What keeps the guests from filling the tables exactly, in plain words; [] when they fit.

    players: the number of guests playing (not reserves) at a party that is not mixed;
    ladies/gentlemen: the same by the kind they play as, at a mixed party.
    """
    if not isinstance(tables, int) or not 1 <= tables <= 500:
        raise ValueError("a party has 1 to 500 tables")
    problems = []
    if mixed:
        for count, singular, plural in ((ladies, "lady", "ladies"), (gentlemen, "gentleman", "gentlemen")):
            wanted = 2 * tables
            if count < wanted:
                problems.append(f"{_plural(wanted - count, 'more ' + singular, 'more ' + plural)} needed")
            elif count > wanted:
                problems.append(f"{_plural(count - wanted, singular, plural)} over")
    else:
        wanted = 4 * tables
        if players < wanted:
            problems.append(f"{_plural(wanted - players, 'more player', 'more players')} needed")
        elif players > wanted:
            problems.append(f"{_plural(players - wanted, 'player', 'players')} over")
    return problems


def _check_fixed(
    fixed: Mapping[tuple[int, str], str] | None, tables: int, players: set[str], kinds: Mapping[str, str] | None
) -> dict[tuple[int, str], str]:
    checked: dict[tuple[int, str], str] = {}
    placed: set[str] = set()
    for key, player in (fixed or {}).items():
        if not isinstance(key, tuple) or len(key) != 2:
            raise ValueError("a fixed seat is given as (table, seat)")
        table, seat = key
        if not isinstance(table, int) or not 1 <= table <= tables or seat not in SEATS:
            raise ValueError(f"there is no seat {seat} at table {table}")
        if player not in players:
            raise ValueError(f"{player} is not one of the players to seat")
        if player in placed:
            raise ValueError(f"{player} is fixed to two seats")
        if kinds is not None:
            allowed = LADY_SEATS if kinds[player] == "lady" else GENTLEMAN_SEATS
            if seat not in allowed:
                where = "North or East" if kinds[player] == "lady" else "South or West"
                raise ValueError(f"{player} plays as a {kinds[player]}: at a mixed party they sit {where}")
        placed.add(player)
        checked[(table, seat)] = player
    return checked


def draw_seating(
    players: Sequence[str],
    tables: int,
    *,
    kinds: Mapping[str, str] | None = None,
    fixed: Mapping[tuple[int, str], str] | None = None,
    seed: int | None = None,
) -> dict[int, dict[str, str]]:
    """Seat exactly 4 x tables players: fixed seats first, the draw fills the rest.

    kinds: {player: "lady" | "gentleman"} at a mixed party, else None.
    fixed: {(table, seat): player} chosen by the hostess.
    """
    names = list(players)
    if len(set(names)) != len(names):
        raise ValueError("a player is listed twice")
    if len(names) != 4 * tables:
        raise ValueError(f"{tables} tables seat {4 * tables} players, not {len(names)}")
    if kinds is not None:
        missing = [p for p in names if kinds.get(p) not in ("lady", "gentleman")]
        if missing:
            raise ValueError(f"{missing[0]} is neither a lady nor a gentleman")
        problems = numbers_problems(
            tables,
            ladies=sum(kinds[p] == "lady" for p in names),
            gentlemen=sum(kinds[p] == "gentleman" for p in names),
            mixed=True,
        )
        if problems:
            raise ValueError("; ".join(problems))
    pinned = _check_fixed(fixed, tables, set(names), kinds)
    rng = random.Random(seed)
    free = [p for p in names if p not in set(pinned.values())]
    rng.shuffle(free)
    open_seats = [(t, s) for t in range(1, tables + 1) for s in SEATS if (t, s) not in pinned]
    seated = dict(pinned)
    if kinds is None:
        seated.update(zip(open_seats, free, strict=True))
    else:
        for kind, kind_seats in (("lady", LADY_SEATS), ("gentleman", GENTLEMAN_SEATS)):
            seats = [key for key in open_seats if key[1] in kind_seats]
            seated.update(zip(seats, [p for p in free if kinds[p] == kind], strict=True))
    return {t: {s: seated[(t, s)] for s in SEATS} for t in range(1, tables + 1)}

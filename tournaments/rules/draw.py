"""The first-round seats: the numbers check and the draw (docs/rules/four-aces-party.md).

A draw is reproducible: the same players, fixed seats and seed always give the same seating,
so a printed set of tallies can be printed again identically. At a mixed party the draw keeps
the pattern ladies North and East, gentlemen South and West.
"""

import random
from collections.abc import Mapping, Sequence

from tournaments.rules.errors import RuleError, Words, joined, plural_words

SEATS = ("N", "E", "S", "W")
LADY_SEATS = ("N", "E")
GENTLEMAN_SEATS = ("S", "W")


def numbers_problems(tables: int, *, ladies: int = 0, gentlemen: int = 0, players: int = 0, mixed: bool) -> list[Words]:
    """What keeps the guests from filling the tables exactly, in plain words; [] when they fit.

    players: the number of guests playing (not reserves) at a party that is not mixed;
    ladies/gentlemen: the same by the kind they play as, at a mixed party.
    """
    if not isinstance(tables, int) or not 1 <= tables <= 500:
        raise RuleError("a party has 1 to 500 tables")
    problems = []
    if mixed:
        wanted = 2 * tables
        if ladies < wanted:
            problems.append(plural_words("%(count)s more lady needed", "%(count)s more ladies needed", wanted - ladies))
        elif ladies > wanted:
            problems.append(plural_words("%(count)s lady over", "%(count)s ladies over", ladies - wanted))
        if gentlemen < wanted:
            problems.append(
                plural_words("%(count)s more gentleman needed", "%(count)s more gentlemen needed", wanted - gentlemen)
            )
        elif gentlemen > wanted:
            problems.append(plural_words("%(count)s gentleman over", "%(count)s gentlemen over", gentlemen - wanted))
    else:
        wanted = 4 * tables
        if players < wanted:
            problems.append(
                plural_words("%(count)s more player needed", "%(count)s more players needed", wanted - players)
            )
        elif players > wanted:
            problems.append(plural_words("%(count)s player over", "%(count)s players over", players - wanted))
    return problems


def _check_fixed(
    fixed: Mapping[tuple[int, str], str] | None, tables: int, players: set[str], kinds: Mapping[str, str] | None
) -> dict[tuple[int, str], str]:
    checked: dict[tuple[int, str], str] = {}
    placed: set[str] = set()
    for key, player in (fixed or {}).items():
        if not isinstance(key, tuple) or len(key) != 2:
            raise RuleError("a fixed seat is given as (table, seat)")
        table, seat = key
        if not isinstance(table, int) or not 1 <= table <= tables or seat not in SEATS:
            raise RuleError("there is no seat %(seat)s at table %(table)s", seat=seat, table=table)
        if player not in players:
            raise RuleError("%(player)s is not one of the players to seat", player=player)
        if player in placed:
            raise RuleError("%(player)s is fixed to two seats", player=player)
        if kinds is not None:
            if kinds[player] == "lady" and seat not in LADY_SEATS:
                raise RuleError("%(player)s plays as a lady: at a mixed party they sit North or East", player=player)
            if kinds[player] != "lady" and seat not in GENTLEMAN_SEATS:
                raise RuleError(
                    "%(player)s plays as a gentleman: at a mixed party they sit South or West", player=player
                )
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
        raise RuleError("a player is listed twice")
    if len(names) != 4 * tables:
        raise RuleError(
            "%(tables)s tables seat %(seats)s players, not %(players)s",
            tables=tables,
            seats=4 * tables,
            players=len(names),
        )
    if kinds is not None:
        missing = [p for p in names if kinds.get(p) not in ("lady", "gentleman")]
        if missing:
            raise RuleError("%(player)s is neither a lady nor a gentleman", player=missing[0])
        problems = numbers_problems(
            tables,
            ladies=sum(kinds[p] == "lady" for p in names),
            gentlemen=sum(kinds[p] == "gentleman" for p in names),
            mixed=True,
        )
        if problems:
            raise RuleError.of(joined(problems))
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

"""Entries for an event: how many places it has, and which list an entrant joins.

Plain values in and out. The places come from the tables: four players a table; where each entry
is a pair (a knockout, or a party that keeps its partners all evening) two pairs a table. At a
mixed party where partners change, each kind fills its own half (two ladies and two gentlemen a
table): a ninth lady at four tables waits even while gentlemen are short, since she could not be
seated until one more gentleman came. A full list's entrants wait in the order they entered; the
waiting list holds as many again as the places, and past it the list is full.
"""

from collections.abc import Mapping

from tournaments.rules.errors import RuleError

PLAYER, PAIR, LADY, GENTLEMAN = "player", "pair", "lady", "gentleman"
MAX_TABLES = 500


def places(tables: int, *, mixed: bool, pairs: bool) -> dict[str, int]:
    """The places of each list: {"pair": 8} for four tables of pairs, {"lady": 8, "gentleman": 8} at a mixed
    party of four tables where partners change, {"player": 16} otherwise."""
    if not isinstance(tables, int) or not 1 <= tables <= MAX_TABLES:
        raise RuleError("entries are taken for 1 to 500 tables")
    if pairs:
        return {PAIR: 2 * tables}
    if mixed:
        return {LADY: 2 * tables, GENTLEMAN: 2 * tables}
    return {PLAYER: 4 * tables}


def list_of(kind: str, *, mixed: bool, pairs: bool) -> str:
    """Which list an entry counts in: its pair's, its kind's at a mixed party, else the players'."""
    if pairs:
        return PAIR
    if mixed:
        if kind not in (LADY, GENTLEMAN):
            raise RuleError("at a mixed party an entrant is a lady or a gentleman")
        return kind
    return PLAYER


def placed(
    list_name: str, confirmed: Mapping[str, int], waiting: Mapping[str, int], capacity: Mapping[str, int]
) -> str:
    """Where a new entry goes: "confirmed" while its list has a place, "waiting" while the waiting list has
    room (as many again as the places), else "full"."""
    room = capacity[list_name]
    if confirmed.get(list_name, 0) < room:
        return "confirmed"
    if waiting.get(list_name, 0) < room:
        return "waiting"
    return "full"


def people(confirmed_kinds: list[str], *, pairs: bool) -> tuple[int, int, int]:
    """(ladies, gentlemen, players) the confirmed entries bring: a pair brings two players, one of each kind
    at a mixed party (its entrant's kind and the other)."""
    ladies = gentlemen = 0
    for kind in confirmed_kinds:
        if kind == LADY:
            ladies += 1
        elif kind == GENTLEMAN:
            gentlemen += 1
    if pairs:
        together = ladies + gentlemen
        return together, together, 2 * len(confirmed_kinds)
    return ladies, gentlemen, len(confirmed_kinds)

"""A card evening's tables made from its confirmed entrants (docs/evenings.md).

Plain values in and out. The entrants are shared out in entry order into tables of four. A Towie table
seats three to five, so a remainder finds a place: three make a table of three; one or two join the
first tables to make fives (one five, or two); six entrants (one four and two over) make two threes; one
or two entrants alone cannot make a table and are left over. Boston is played by exactly four: a
remainder of one to three is left over, the last to have entered.
"""

from tournaments.rules.errors import RuleError

TOWIE, BOSTON = "towie", "boston"


def table_sizes(players: int, game: str) -> tuple[list[int], int]:
    """(each table's number of players, in table order; how many are left over) for `players` entrants.

    Towie: 11 -> ([4, 4, 3], 0); 13 -> ([5, 4, 4], 0); 14 -> ([5, 5, 4], 0); 6 -> ([3, 3], 0); 2 -> ([], 2).
    Boston: 13 -> ([4, 4, 4], 1)."""
    if game not in (TOWIE, BOSTON):
        raise RuleError("a card evening is Towie or Boston")
    if not isinstance(players, int) or players < 0:
        raise RuleError("the number of players is a whole number, 0 or more")
    fours, rest = divmod(players, 4)
    if game == BOSTON or rest == 0:
        return [4] * fours, rest
    if rest == 3:
        return [4] * fours + [3], 0
    if fours >= rest:  # one or two join the first tables
        return [5] * rest + [4] * (fours - rest), 0
    if players == 6:
        return [3, 3], 0
    return [], players  # one or two, with nobody to join


def seat(names: list[str], game: str) -> tuple[list[list[str]], list[str]]:
    """The names (in entry order) shared out: (the tables' players, the names left over)."""
    sizes, over = table_sizes(len(names), game)
    tables, start = [], 0
    for size in sizes:
        tables.append(names[start : start + size])
        start += size
    return tables, names[start:]

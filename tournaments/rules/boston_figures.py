"""What one deal is worth: each game's figure for a contract (Boston, Fontainebleau, French Boston), and misère partout.

`settle` prices a checked Contract in white counters per adversary; `misere_partout_transfers` says who pays whom
in Boston's misère partout. The game (boston_game.py) and `boston.payment` call these.
"""

from collections.abc import Mapping
from typing import Any, cast

from tournaments.rules.boston_contract import (
    Contract,
    _count,
    _house_missing,
    check_honours,
    check_house,
    check_tricks,
    normalise_bid,
)
from tournaments.rules.boston_tables import (
    AMERICAN_FAIL,
    AMERICAN_WIN,
    BOSTON_MISERES,
    ENGLISH_FAIL,
    ENGLISH_WIN,
    EXTRA_TRICK,
    FONTAINEBLEAU_COLUMN,
    FONTAINEBLEAU_MISERES,
    FONTAINEBLEAU_SLAMS,
    FONTAINEBLEAU_SLAMS_AMERICAN,
    FONTAINEBLEAU_TRICKS,
    FRENCH_ALIASES,
    FRENCH_ROWS,
    HONOUR_TRICKS,
    NO_TRUMP,
    PLAYERS,
    RED,
)
from tournaments.rules.errors import RuleError, words

# ---- the figures --------------------------------------------------------------------------------


def _boston_value(contract: Contract, tricks: int) -> int:
    american = contract.variant == "american"
    if contract.misere:
        value = BOSTON_MISERES[contract.bid]
        return value if contract.made(tricks) else -value
    bid = int(contract.bid)
    if tricks >= bid:
        return AMERICAN_WIN[bid] if american else ENGLISH_WIN[bid][tricks - bid]
    return -(AMERICAN_FAIL if american else ENGLISH_FAIL)[bid][bid - tricks - 1]


def _no_trump_row(row: str, house: dict[str, Any]) -> int:
    table = house.get("no_trump")
    key = "spread slam" if row == "spread slam" else int(row)
    what = words("%(row)s at no trump ('grand') in Boston de Fontainebleau", row=row)
    if not isinstance(table, Mapping):
        raise _house_missing(f"'no_trump'][{key!r}", what)
    value = table.get(key, table.get(str(key)))
    if value is None:
        raise _house_missing(f"'no_trump'][{key!r}", what)
    return _count(value, f"house['no_trump'][{key!r}]", least=1)


def _fontainebleau_row(contract: Contract, house: dict[str, Any]) -> int:
    """The table figure for the row the bid is settled by (three higher with a partner)."""
    row = "spread slam" if contract.bid == "spread slam" else str(contract.target)
    if contract.suit == NO_TRUMP:
        return _no_trump_row(row, house)
    column = FONTAINEBLEAU_COLUMN[cast(str, contract.suit)]  # a trick bid always has its trump suit
    if row in FONTAINEBLEAU_SLAMS:
        slams = FONTAINEBLEAU_SLAMS_AMERICAN if contract.variant == "fontainebleau-american" else FONTAINEBLEAU_SLAMS
        return slams[row][column]
    return FONTAINEBLEAU_TRICKS[int(row)][column]


def _fontainebleau_value(contract: Contract, tricks: int, honours: int, house: dict[str, Any]) -> int:
    if contract.misere:
        value = FONTAINEBLEAU_MISERES[contract.bid]
        return value if contract.made(tricks) else -value
    value = _fontainebleau_row(contract, house)
    if not contract.made(tricks):
        return -(value + EXTRA_TRICK * (contract.target - tricks))
    # The slam rows have no extra-trick figure, and the book's largest win, 2,400, is three times
    # the spread slam's 800: honours are paid on the rows of five to twelve tricks only.
    honour_tricks = HONOUR_TRICKS[honours] if contract.target < 13 else 0
    return value + EXTRA_TRICK * (tricks - contract.target + honour_tricks)


def _french_label(key: str) -> str:
    if key.isdecimal():
        return words("%(tricks)s tricks alone", tricks=key)
    if key.startswith("partners "):
        return words("partners' %(tricks)s", tricks=key.removeprefix("partners "))
    return key.replace("misere", "misère")


# The parts of a French row, each named in a whole phrase (the row's name is filled in).
_FRENCH_PARTS = {
    "base": words("base in French Boston's %(row)s"),
    "three_honours": words("three honours in French Boston's %(row)s"),
    "four_honours": words("four honours in French Boston's %(row)s"),
    "extra_trick": words("extra trick in French Boston's %(row)s"),
}


def _french_figure(row: Mapping[str, Any], part: str, suit: str | None, key: str) -> int:
    figure = row.get(part)
    if isinstance(figure, Mapping):
        figure = figure.get(suit)
    if figure is None:
        what = words(_FRENCH_PARTS[part].message, row=_french_label(key))
        raise _house_missing(f"'french'][{key!r}][{part!r}", what)
    return _count(figure, f"house['french'][{key!r}][{part!r}]")


def _french_row(key: str, house: dict[str, Any]) -> Mapping[str, Any]:
    if key in FRENCH_ROWS:
        return FRENCH_ROWS[key]
    rows = house.get("french")
    if isinstance(rows, Mapping):
        for name, row in rows.items():
            if _french_key(name) == key and isinstance(row, Mapping):
                return row
    raise _house_missing(f"'french'][{key!r}", words("French Boston's %(row)s", row=_french_label(key)))


def _french_key(name: str) -> str:
    text = normalise_bid(name)
    if text.startswith("partners "):
        return "partners " + normalise_bid(text.removeprefix("partners "))
    return FRENCH_ALIASES.get(text, text)


def _check_french_house(house: dict[str, Any]) -> None:
    rows = house.get("french")
    if rows is None:
        return
    if not isinstance(rows, Mapping):
        raise RuleError("house['french'] must map rows such as '7' or 'partners 9' to their figures")
    for name in rows:
        if _french_key(name) in FRENCH_ROWS:
            raise RuleError("French Boston's %(name)r is printed in the book: it is not a house setting", name=name)


def _french_value(contract: Contract, tricks: int, honours: int, house: dict[str, Any]) -> int:
    key = f"partners {contract.bid}" if contract.partner else contract.bid
    row = _french_row(key, house)
    base = _french_figure(row, "base", contract.suit, key)
    if not contract.made(tricks):
        return -base
    if contract.misere:
        return base
    extra = tricks - contract.target
    if contract.partner:
        extra += honours  # three honours between partners count as three tricks, four as four
    elif honours:
        base += _french_figure(row, "three_honours" if honours == 3 else "four_honours", contract.suit, key)
    if extra:
        base += extra * _french_figure(row, "extra_trick", contract.suit, key)
    return base


def settle(
    contract: Contract, tricks: int, honours: int = 0, house: Mapping[str, Any] | None = None, *, i_pay: bool = False
) -> int:
    """Counters per adversary for a contract: + each adversary pays the caller, - the caller pays each."""
    house = check_house(house)
    _check_french_house(house)
    tricks = check_tricks(tricks, contract.most)
    honours = check_honours(honours)
    if honours and (contract.misere or contract.suit == NO_TRUMP):
        raise RuleError("honours are trump honours: a misère or a no-trump bid has none")
    if not isinstance(i_pay, bool):
        raise RuleError("'I pay' must be true or false, not %(i_pay)r", i_pay=i_pay)
    if i_pay:
        tricks = contract.target  # paid his bid without over-tricks (honours still count)
    if contract.family == "boston":
        return _boston_value(contract, tricks)
    if contract.family == "fontainebleau":
        return _fontainebleau_value(contract, tricks, honours, house)
    return _french_value(contract, tricks, honours, house)


# ---- misère partout -----------------------------------------------------------------------------


def _check_partout(tricks: Mapping[str, int | None]) -> dict[str, int]:
    if not isinstance(tricks, Mapping) or len(tricks) != PLAYERS:
        raise RuleError("misère partout needs the tricks of all four players, like {'A': 6, 'Y': 2, 'B': 5, 'Z': 0}")
    checked = {player: check_tricks(taken) for player, taken in tricks.items()}
    if sum(checked.values()) != 13:
        raise RuleError("the four players' tricks must add up to 13, not %(tricks)s", tricks=sum(checked.values()))
    return checked


def misere_partout_transfers(tricks: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """(payer, payee, white counters): the most tricks pays each other player the difference in red.

    Players tied for most share it equally; the shares always come out in whole white counters.
    """
    checked = _check_partout(tricks)
    most = max(checked.values())
    losers = [player for player, taken in checked.items() if taken == most]
    transfers: list[tuple[str, str, int]] = []
    for payee, taken in checked.items():
        if taken == most:
            continue
        share, odd = divmod((most - taken) * RED, len(losers))
        assert odd == 0, "a tie for most tricks always divides the red counters into whole whites"
        transfers.extend((loser, payee, share) for loser in losers)
    return transfers

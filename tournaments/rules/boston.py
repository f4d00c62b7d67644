"""Boston, Boston de Fontainebleau and French Boston: payments, pools and the game sheet.

Rules: docs/rules/boston.md (Foster's Complete Hoyle, 1897). Everything is counted in white
counters (a red counter is ten white). `payment()` prices one bid; `misere_partout()` settles
Boston's misère partout; `BostonGame` keeps a four-player game deal by deal: who pays whom, the
pool(s), the running sheet, the end of the game and the money settlement.

Variants: "english" and "american" (Boston with the English or the American tables),
"fontainebleau" and "fontainebleau-american" (Boston de Fontainebleau with table 1, or with
table 2's slam rows), "french" (French Boston).

House settings, the figures the book does not give, come in a plain mapping `house`:
    "pool_feed":  counters the dealer puts in Boston's pool each deal (required for a Boston game)
    "pool_limit": the most one Boston pool holds (required; None means no limit)
    "no_trump":   Fontainebleau trick bids at no trump ("grand"): {5: value, ..., 13: value}, and
                  "spread slam" if a spread slam at no trump is allowed
    "french":     French Boston's unprinted rows, keyed by bid ("7", "grand misere", ...) or, with
                  a partner, by "partners N"; each row is {"base": ..., "three_honours": ...,
                  "four_honours": ..., "extra_trick": ...}, every figure an int or {suit: int}
A figure that is needed and not supplied raises ValueError naming the setting.

Seating: `players` are listed clockwise round the table (each one sits on the left of the one
before, like N E S W). Boston and Fontainebleau deal and play to the left, so the deal goes down
the list; French Boston deals and plays to the right, so it goes up the list.

Where boston.md is silent but the OCR source (the Foster's Hoyle OCR text the rules were taken from) speaks, the
source is followed: French Boston deals to the right, its partners take belle or petite for trumps,
and its pool may be played for after the fortieth deal. Boston's thirteenth deal at no trump is
recorded as `finish(last_trick=player)`.

Choices made where both are silent (each is the reading players would expect):
- Boston pays no honours: `honours` is accepted and ignored for Boston trick bids.
- Misères have no trumps, so honours with a misère are refused in every variant.
- Boston has no partners; Fontainebleau allows a partner for trick bids of five to ten (ten with
  a partner is settled as the slam); French partners bid the tricks the two take together, eight
  or more ("partners' eight" is the book's row).
- Boston's misères rank above seven tricks (Foster's order: 5, 6, 7, little misère, 8, 9, grand
  misère, 10, 11, little spread, 12, grand spread, 13), so they count as pool bids.
- Boston's pools: each holds at most the limit and only the last may hold less, so the pools are
  fixed by the total on the table. The dealer's feed and a failed caller's doubling go into the
  last pool, and what passes the limit starts a new pool. A failed caller pays in what the first
  pool holds; a successful caller takes one pool (the limit, or the lone pool's contents).
- Boston's pool is fed on every deal, misère partout included.
- Fontainebleau: a failed misère pays the table figure, with no 5 per trick (the hand is thrown up
  at the first trick taken). Honours are paid at 5 a trick on the rows of five to twelve tricks
  but not on the slam and spread slam, whose rows have no extra-trick figure (the book's largest
  win, 2,400, is three times the spread slam's 800). A no-trump trick bid takes 5 for each extra
  trick like the suit rows.
- Fontainebleau partners: each loser pays the winner on the loser's right, or the winner on his
  left when his right-hand neighbour lost with him (the book: "the losers to pay the adversaries
  on their right; or, if partners sit together, ... the adversary sitting next"). Failing partners
  put one amount into the pool half each, the caller paying any odd counter.
- French Boston: a failed caller pays each adversary the row's figure for his bid (the book says
  misère is paid "to or from" alike), with nothing for honours or tricks short; honours are paid
  only to a successful caller; three or four honours between partners count as three or four
  extra tricks (for the book's partners' eight this equals its honours figures). Partners pay and
  are paid as at Fontainebleau and must take belle or petite for trumps. "I pay" saves the
  over-tricks only, as at Fontainebleau. A deal all pass is thrown in: it counts as one of the
  forty and the dealer's feed stays in the pool. In the eight doubles a failed caller doubles
  his contribution too, paying twice the pool into it ("every ... pool contribution is doubled").
- At the end of a French game the pool is divided equally; with `play_for_pool=True` extra simple
  deals are played until someone wins it (the book's alternative).
- A pool divided among several players is divided in whole counters; odd counters go one each to
  the sharers in playing order from the eldest hand (the player who leads first).
- A game may be stopped before its last deal by agreement (`finish(stop_early=True)`); the pools
  are then divided as at the end.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, cast

from tournaments.rules.errors import RuleError, Words, plural_words, words

VARIANTS = ("english", "american", "fontainebleau", "fontainebleau-american", "french")
FAMILY = {
    "english": "boston",
    "american": "boston",
    "fontainebleau": "fontainebleau",
    "fontainebleau-american": "fontainebleau",
    "french": "french",
}
SUITS = ("S", "C", "D", "H")
NO_TRUMP = "NT"
POOL = "pool"
RED = 10  # white counters in a red counter
PLAYERS = 4
TRICK_BIDS = tuple(str(n) for n in range(5, 14))
MISERE_BIDS = ("little misere", "piccolissimo", "grand misere", "little spread", "grand spread")

# ---- Boston -------------------------------------------------------------------------------------

# Bid -> what each adversary pays for 5..13 tricks taken, from the bid upwards (over-tricks included).
ENGLISH_WIN = {
    5: (12, 12, 13, 13, 14, 14, 14, 15, 15),
    6: (15, 16, 16, 17, 18, 19, 20, 20),
    7: (18, 20, 21, 22, 23, 24, 26),
    8: (23, 24, 26, 28, 29, 31),
    9: (32, 34, 36, 39, 41),
    10: (42, 45, 48, 52),
    11: (63, 68, 72),
    12: (106, 114),
    13: (166,),
}
AMERICAN_WIN = {5: 10, 6: 15, 7: 20, 8: 25, 9: 35, 10: 45, 11: 65, 12: 105, 13: 170}
# Bid -> what the failed caller pays each adversary, short by 1, 2, ...
ENGLISH_FAIL = {
    5: (11, 21, 31, 41, 50),
    6: (15, 24, 35, 45, 55, 66),
    7: (19, 29, 40, 50, 60, 72, 82),
    8: (23, 34, 46, 56, 67, 78, 89, 110),
    9: (33, 44, 57, 68, 82, 92, 103, 115, 127),
    10: (44, 56, 70, 82, 94, 107, 119, 132, 145, 157),
    11: (67, 80, 95, 109, 123, 138, 151, 165, 180, 194, 208),
    12: (113, 130, 148, 165, 182, 200, 217, 234, 252, 270, 286, 304),
    13: (177, 198, 222, 241, 262, 284, 305, 326, 348, 369, 390, 412, 433),
}
AMERICAN_FAIL = {
    5: (10, 20, 30, 40, 50),
    6: (15, 25, 35, 45, 55, 65),
    7: (20, 30, 40, 50, 60, 70, 80),
    8: (25, 35, 45, 55, 70, 85, 100, 115),
    9: (35, 45, 55, 65, 80, 95, 110, 125, 140),
    10: (45, 55, 70, 80, 95, 110, 125, 140, 155, 170),
    11: (70, 80, 95, 110, 125, 140, 155, 170, 185, 200, 220),
    12: (120, 130, 145, 160, 180, 200, 220, 240, 260, 280, 300, 320),
    13: (180, 200, 220, 240, 260, 280, 300, 320, 340, 360, 390, 420, 450),
}
BOSTON_MISERES = {"little misere": 20, "grand misere": 40, "little spread": 80, "grand spread": 160}
POOL_BID = 7  # seven tricks or more takes the pool even when the adversaries say "I pay"

# ---- Boston de Fontainebleau --------------------------------------------------------------------

# Trick row -> (clubs or spades, hearts, diamonds), table 1.
FONTAINEBLEAU_TRICKS = {
    5: (10, 20, 30),
    6: (30, 40, 50),
    7: (50, 60, 70),
    8: (70, 80, 90),
    9: (90, 100, 110),
    10: (110, 120, 130),
    11: (130, 140, 150),
    12: (150, 160, 170),
}
FONTAINEBLEAU_SLAMS = {"13": (400, 450, 500), "spread slam": (600, 700, 800)}  # table 1
FONTAINEBLEAU_SLAMS_AMERICAN = {"13": (250, 300, 350), "spread slam": (350, 400, 450)}  # table 2
FONTAINEBLEAU_MISERES = {
    "little misere": 75,
    "piccolissimo": 100,
    "grand misere": 150,
    "little spread": 200,
    "grand spread": 250,
}
FONTAINEBLEAU_COLUMN = {"C": 0, "S": 0, "H": 1, "D": 2}
EXTRA_TRICK = 5  # over-tricks, honours and tricks short are all paid at five counters each
HONOUR_TRICKS = {0: 0, 3: 2, 4: 4}  # honours count as extra tricks: three as two, four as four
PARTNER_TRICKS = 3  # a partner undertakes three tricks more than the bid
FONTAINEBLEAU_FEED = 5

# ---- French Boston ------------------------------------------------------------------------------

FRENCH_FEED = 10
FRENCH_DEALS = 40
FRENCH_SIMPLES = 32  # deals 33 to 40 are the doubles
ROW_PARTS = ("base", "three_honours", "four_honours", "extra_trick")


def _by_suit(*values: int) -> dict[str, int]:
    return dict(zip(SUITS, values, strict=True))  # the book's order: spades, clubs, diamonds, hearts


_FIVE = {
    "base": _by_suit(4, 8, 12, 16),
    "three_honours": _by_suit(3, 6, 9, 12),
    "four_honours": _by_suit(4, 8, 12, 16),
    "extra_trick": _by_suit(1, 2, 3, 4),
}
FRENCH_ROWS = {
    "5": _FIVE,
    "partners 8": _FIVE,
    "6": {
        "base": _by_suit(6, 12, 18, 24),
        "three_honours": _by_suit(4, 8, 12, 16),
        "four_honours": _by_suit(6, 12, 18, 24),
        "extra_trick": _by_suit(2, 4, 6, 8),
    },
    "8": {
        "base": _by_suit(8, 16, 24, 32),
        "three_honours": _by_suit(6, 12, 18, 24),
        "four_honours": _by_suit(8, 16, 24, 32),
        "extra_trick": _by_suit(4, 8, 12, 16),
    },
    "little misere": {"base": _by_suit(16, 32, 48, 64)},  # by the suit turned
}
FRENCH_ALIASES = {"petite independence": "6", "grand independence": "8", "grande independence": "8"}

BID_ALIASES = {
    "petite misere": "little misere",
    "grande misere": "grand misere",
    "petite spread": "little spread",
    "grande spread": "grand spread",
    "slam": "13",
    "grand slam": "13",
    "boston": "5",
}
SUIT_NAMES = {
    "S": "S", "SPADES": "S", "♠": "S",
    "C": "C", "CLUBS": "C", "♣": "C",
    "D": "D", "DIAMONDS": "D", "♦": "D", "♢": "D",
    "H": "H", "HEARTS": "H", "♥": "H", "♡": "H",
    "NT": NO_TRUMP, "N": NO_TRUMP, "GRAND": NO_TRUMP, "NO TRUMP": NO_TRUMP, "NO TRUMPS": NO_TRUMP,
}  # fmt: skip
HOUSE_KEYS = ("pool_feed", "pool_limit", "no_trump", "french")

# ---- checking plain values ----------------------------------------------------------------------


def check_variant(variant: str) -> str:
    if not isinstance(variant, str) or variant.strip().lower() not in FAMILY:
        raise RuleError(
            "the game must be one of %(variants)s, not %(variant)r", variants=", ".join(VARIANTS), variant=variant
        )
    return variant.strip().lower()


def _count(value: int, what: str, *, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise RuleError(
            "%(what)s must be a whole number of at least %(least)s, not %(value)r", what=what, least=least, value=value
        )
    return value


def check_tricks(tricks: int | None, most: int = 13) -> int:
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= most:
        raise RuleError(
            "tricks taken must be a whole number from 0 to %(most)s, not %(tricks)r", most=most, tricks=tricks
        )
    return tricks


def check_honours(honours: int) -> int:
    if isinstance(honours, bool) or not isinstance(honours, int) or honours not in HONOUR_TRICKS:
        raise RuleError("honours must be 3 or 4 trump honours held, or 0, not %(honours)r", honours=honours)
    return honours


def normalise_bid(bid: str | int) -> str:
    """The bid's plain name: 8, "8" -> "8"; "Little Misère", "petite misere" -> "little misere"."""
    if isinstance(bid, int) and not isinstance(bid, bool):
        bid = str(bid)
    if not isinstance(bid, str) or not bid.strip():
        raise RuleError("the bid must be a number of tricks (5 to 13) or a misère, not %(bid)r", bid=bid)
    text = " ".join(bid.strip().lower().replace("è", "e").replace("-", " ").split())
    return BID_ALIASES.get(text, text)


def normalise_suit(suit: str | None) -> str | None:
    if suit is None:
        return None
    name = SUIT_NAMES.get(suit.strip().upper()) if isinstance(suit, str) else None
    if name is None:
        raise RuleError("the suit must be S, C, D or H (or NT for no trump), not %(suit)r", suit=suit)
    return name


def check_house(house: Mapping[str, Any] | None) -> dict[str, Any]:
    """The house settings as a plain dict; unknown names are refused so a typo is not ignored."""
    if house is None:
        return {}
    if not isinstance(house, Mapping):
        raise RuleError("house settings must be a mapping such as {'pool_feed': 10, 'pool_limit': 200}")
    unknown = sorted(str(key) for key in house if key not in HOUSE_KEYS)
    if unknown:
        raise RuleError(
            "unknown house settings %(unknown)s: use %(known)s", unknown=", ".join(unknown), known=", ".join(HOUSE_KEYS)
        )
    return dict(house)


# The error for a figure the book does not give: `what` (a sentence of its own, Words) names the
# figure, `setting` where the house gives it. The app may recognise it by its message.
HOUSE_MISSING = "the book gives no figure for %(what)s: it is a house setting, supply it as house[%(setting)s]"


def _house_missing(setting: str, what: Words) -> RuleError:
    return RuleError(
        "the book gives no figure for %(what)s: it is a house setting, supply it as house[%(setting)s]",
        what=what,
        setting=setting,
    )


# ---- the contract -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Contract:
    """A bid as it is settled: what must be taken, and how the figure is looked up."""

    variant: str
    bid: str  # "5" ... "13" or a misère name ("spread slam" is a trick bid of thirteen)
    suit: str | None  # trumps ("NT" for no trump), or the suit turned for a French misère
    partner: bool
    target: int  # tricks to take (with the partner), or exactly these for a misère
    most: int  # the most tricks the caller can take (twelve after a discard)

    @property
    def family(self) -> str:
        return FAMILY[self.variant]

    @property
    def misere(self) -> bool:
        return self.bid in MISERE_BIDS

    def made(self, tricks: int) -> bool:
        return tricks == self.target if self.misere else tricks >= self.target


def _variant_bids(family: str) -> tuple[str, ...]:
    if family == "boston":
        return TRICK_BIDS + tuple(BOSTON_MISERES)
    return TRICK_BIDS + MISERE_BIDS + ("spread slam",)


def _check_bid(variant: str, bid: str | int) -> str:
    name = normalise_bid(bid)
    if FAMILY[variant] == "french":
        name = FRENCH_ALIASES.get(name, name)
    if name not in _variant_bids(FAMILY[variant]):
        allowed = ", ".join(_variant_bids(FAMILY[variant]))
        raise RuleError(
            "%(name)r is not a bid in %(variant)s Boston: the bids are %(allowed)s",
            name=name,
            variant=variant,
            allowed=allowed,
        )
    return name


def _trick_target(family: str, bid: str, partner: bool) -> int:
    tricks = 13 if bid == "spread slam" else int(bid)
    if not partner:
        return tricks
    if family == "boston":
        raise RuleError("Boston has no partners: the caller plays alone against the other three")
    if family == "fontainebleau":
        if tricks > 10:
            raise RuleError("with a partner the two must take three tricks more than the bid: bid ten at most")
        return tricks + PARTNER_TRICKS
    if tricks < 8:
        raise RuleError("French partners bid the tricks the two will take together: eight or more")
    return tricks


def _check_suit_for(family: str, bid: str, suit: str | None) -> None:
    if bid in MISERE_BIDS:
        if family == "french" and suit in (None, NO_TRUMP):
            raise RuleError("a French misère is paid by the suit turned: give it as the suit")
        return
    if family == "boston":
        if suit == NO_TRUMP:
            raise RuleError("Boston trick bids are played with a trump suit: give S, C, D or H")
        return
    if suit is None:
        raise RuleError("a bid of %(bid)s needs its trump suit: S, C, D or H (or NT for no trump)", bid=bid)
    if family == "french" and suit == NO_TRUMP:
        raise RuleError("French Boston trick bids are played with a trump suit: give S, C, D or H")


def make_contract(variant: str, bid: str | int, *, suit: str | None = None, partner: bool = False) -> Contract:
    variant = check_variant(variant)
    family = FAMILY[variant]
    name = _check_bid(variant, bid)
    trump = normalise_suit(suit)
    if not isinstance(partner, bool):
        raise RuleError("partner must be true or false, not %(partner)r", partner=partner)
    _check_suit_for(family, name, trump)
    if name in MISERE_BIDS:
        if partner:
            raise RuleError("a misère is played alone: no partner")
        # Little misère, piccolissimo and little spread start with a discard: twelve tricks are played.
        most = 12 if name in ("little misere", "piccolissimo", "little spread") else 13
        return Contract(variant, name, trump, False, 1 if name == "piccolissimo" else 0, most)
    return Contract(variant, name, trump, partner, _trick_target(family, name, partner), 13)


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
    if key.isdigit():
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


def payment(
    variant: str,
    bid: str,
    tricks: int,
    *,
    suit: str | None = None,
    honours: int = 0,
    partner: bool = False,
    house: dict[str, Any] | None = None,
    i_pay: bool = False,
) -> int:
    """Counters per adversary: positive, each adversary pays the caller; negative, the caller pays each.

    `tricks` are the caller's (with his partner's, when `partner` is true). With `i_pay` the
    adversaries conceded before the second trick: the caller is paid his bid without over-tricks
    and `tricks` is not used. French Boston's doubles are the game's business, not this one's.
    """
    contract = make_contract(variant, bid, suit=suit, partner=partner)
    return settle(contract, tricks, honours, house, i_pay=i_pay)


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


def misere_partout(tricks: dict[str, int]) -> dict[str, int]:
    """Boston's misère partout: white counters won (+) or paid (-) by each player, summing to zero."""
    net = dict.fromkeys(_check_partout(tricks), 0)
    for payer, payee, amount in misere_partout_transfers(tricks):
        net[payer] -= amount
        net[payee] += amount
    return net


# ---- the pools ----------------------------------------------------------------------------------


@dataclass
class Pools:
    """The counters on the table. With a limit, every pool but the last holds exactly the limit."""

    total: int = 0
    limit: int | None = None

    def amounts(self) -> list[int]:
        if self.limit is None:
            return [self.total] if self.total else []
        full, rest = divmod(self.total, self.limit)
        return [self.limit] * full + ([rest] if rest else [])

    def first(self) -> int:
        """What the first pool holds: the one a winner takes and a loser doubles."""
        return self.total if self.limit is None else min(self.total, self.limit)


@dataclass(frozen=True)
class Transfer:
    payer: str  # a player, or "pool"
    payee: str
    amount: int  # white counters, always positive
    reason: str  # in words (a str): `tournaments.l10n.say` translates it


@dataclass
class DealResult:
    """One deal on the sheet (or, with kind "end", the closing division of the pools)."""

    number: int
    kind: str  # "bid", "misere partout", "passed" or "end"
    dealer: str | None
    double: bool = False  # one of French Boston's eight doubles
    caller: str | None = None
    partner: str | None = None
    bid: str | None = None
    suit: str | None = None
    tricks: int | dict[str, int] | None = None
    honours: int = 0
    i_pay: bool = False
    made: bool | None = None
    amount: int = 0  # counters per adversary, from the caller's side (+ won, - lost), doubles included
    turned: str | None = None
    transfers: list[Transfer] = field(default_factory=list)
    pools: list[int] = field(default_factory=list)  # after the deal
    net: dict[str, int] = field(default_factory=dict)  # each player's gain (+) or loss (-) this deal
    totals: dict[str, int] = field(default_factory=dict)  # each player's running total after it

    @property
    def pool_change(self) -> int:
        return sum(t.amount for t in self.transfers if t.payee == POOL) - sum(
            t.amount for t in self.transfers if t.payer == POOL
        )


@dataclass(frozen=True)
class PlayerSettlement:
    player: str
    counters: int  # white counters won (+) or lost (-) over the game
    red: int  # the same in red and white counters
    white: int
    money: Decimal


@dataclass(frozen=True)
class Settlement:
    players: dict[str, PlayerSettlement]
    payments: list[tuple[str, str, Decimal]]  # (payer, payee, money): who hands money to whom


def _money_value(
    white_value: Decimal | str | int | float | None, red_value: Decimal | str | int | float | None
) -> Decimal:
    if (white_value is None) == (red_value is None):
        raise RuleError("give the money value of a white counter or of a red counter (one of them)")
    value = white_value if red_value is None else red_value
    if isinstance(value, bool) or not isinstance(value, (int, str, Decimal, float)):
        raise RuleError("a counter's value must be an amount of money such as '0.05', not %(value)r", value=value)
    try:
        money = Decimal(str(value))
    except InvalidOperation:
        raise RuleError(
            "a counter's value must be an amount of money such as '0.05', not %(value)r", value=value
        ) from None
    if not money.is_finite() or money < 0:
        raise RuleError("a counter's value must be zero or more, not %(value)r", value=value)
    return money if red_value is None else money / RED


def _money_payments(amounts: dict[str, Decimal]) -> list[tuple[str, str, Decimal]]:
    """Debtors pay creditors, largest first: at most three payments among four players."""
    # [amount, player] pairs: sorted as tuples, then made lists so the amounts can be paid down.
    debts: list[Any] = sorted(((-v, p) for p, v in amounts.items() if v < 0), reverse=True)
    credits: list[Any] = sorted(((v, p) for p, v in amounts.items() if v > 0), reverse=True)
    debts, credits = [[v, p] for v, p in debts], [[v, p] for v, p in credits]
    payments: list[tuple[str, str, Decimal]] = []
    while debts and credits:
        paid = min(debts[0][0], credits[0][0])
        payments.append((debts[0][1], credits[0][1], paid))
        for side in (debts, credits):
            side[0][0] -= paid
            if side[0][0] == 0:
                side.pop(0)
    return payments


# ---- the game -----------------------------------------------------------------------------------

# What a name that is not one of the players says, by the role it was given for: whole sentences.
_NOT_A_PLAYER = {
    "the player": words("the player must be one of %(players)s, not %(player)r"),
    "the first dealer": words("the first dealer must be one of %(players)s, not %(player)r"),
    "the caller": words("the caller must be one of %(players)s, not %(player)r"),
    "the partner": words("the partner must be one of %(players)s, not %(player)r"),
    "the winner of the last trick": words("the winner of the last trick must be one of %(players)s, not %(player)r"),
}


class _Deal:
    """The counters moving in one deal, written down as they move."""

    def __init__(self, game: "BostonGame") -> None:
        self.game = game
        self.transfers: list[Transfer] = []

    def pay(self, payer: str, payee: str, amount: int, reason: str) -> None:
        if amount <= 0:
            return
        self.transfers.append(Transfer(payer, payee, amount, reason))
        if payee == POOL:
            self.game.pools.total += amount
        if payer == POOL:
            self.game.pools.total -= amount

    def share_pool(self, amount: int, sharers: list[str], reason: str) -> None:
        """Divide counters from the pool in whole counters, odd ones from the eldest hand round."""
        order = [p for p in self.game.order_from_eldest() if p in sharers]
        share, odd = divmod(amount, len(order))
        for index, player in enumerate(order):
            self.pay(POOL, player, share + (1 if index < odd else 0), reason)


class BostonGame:
    """A game of Boston for four players, settled deal by deal.

    `players` clockwise round the table; `first_dealer` defaults to the first of them.
    """

    def __init__(
        self,
        variant: str,
        players: Iterable[str],
        *,
        first_dealer: str | None = None,
        house: dict[str, Any] | None = None,
        play_for_pool: bool = False,
    ) -> None:
        self.variant = check_variant(variant)
        self.family = FAMILY[self.variant]
        self.players = self._check_players(players)
        self.house = check_house(house)
        _check_french_house(self.house)
        self.pools = Pools(limit=self._pool_limit())
        self.feed = self._pool_feed()
        if not isinstance(play_for_pool, bool) or (play_for_pool and self.family != "french"):
            raise RuleError("play_for_pool is French Boston's choice and must be true or false")
        self.play_for_pool = play_for_pool
        first = self.players[0] if first_dealer is None else first_dealer
        self._first_dealer = self.players.index(self.check_player(first, "the first dealer"))
        self.deals: list[DealResult] = []
        self.closing: DealResult | None = None
        self.totals = dict.fromkeys(self.players, 0)
        self.belle: str | None = None
        self.petite: str | None = None

    # -- setting up

    @staticmethod
    def _check_players(players: Iterable[str]) -> list[str]:
        if isinstance(players, (str, bytes)) or not hasattr(players, "__iter__"):
            raise RuleError("a Boston game needs a list of four players")
        names = list(players)
        if len(names) != PLAYERS or not all(isinstance(n, str) and n.strip() for n in names):
            raise RuleError("a Boston game needs exactly four players, each with a name")
        if len(set(names)) != PLAYERS:
            raise RuleError("the four players must have four different names")
        if any(n.strip().lower() == POOL for n in names):
            raise RuleError("'pool' is kept for the pool: give that player another name")
        return names

    def _pool_limit(self) -> int | None:
        if self.family != "boston":
            return None  # Fontainebleau and French Boston: "no limit"
        if "pool_limit" not in self.house:
            raise _house_missing("'pool_limit'", words("the limit of Boston's pool"))
        limit = self.house["pool_limit"]
        return None if limit is None else _count(limit, "house['pool_limit']", least=1)

    def _pool_feed(self) -> int:
        if self.family == "fontainebleau":
            return FONTAINEBLEAU_FEED
        if self.family == "french":
            return FRENCH_FEED
        if "pool_feed" not in self.house:
            raise _house_missing("'pool_feed'", words("how many counters the dealer puts in Boston's pool"))
        return _count(self.house["pool_feed"], "house['pool_feed']")

    def check_player(self, player: str | None, role: str = "the player") -> str:
        # None (a seat left blank) is refused in the same words as a name that is not at the table.
        if player is None or player not in self.players:
            raise RuleError(_NOT_A_PLAYER[role].message, players=", ".join(self.players), player=player)
        return player

    # -- progress

    @property
    def deals_in_game(self) -> int:
        return FRENCH_DEALS if self.family == "french" else 12

    @property
    def deal_number(self) -> int:
        """The number of the next deal."""
        return len(self.deals) + 1

    @property
    def deals_left(self) -> int:
        return max(0, self.deals_in_game - len(self.deals))

    @property
    def is_double(self) -> bool:
        """Whether the next deal is one of French Boston's doubles (deals 33 to 40)."""
        return self.family == "french" and FRENCH_SIMPLES < self.deal_number <= FRENCH_DEALS

    @property
    def over(self) -> bool:
        """No more deals: the regular ones are played (and, played for, the pool is won)."""
        if self.closing is not None:
            return True
        if self.deals_left:
            return False
        return not (self.play_for_pool and self.pools.total)

    @property
    def finished(self) -> bool:
        return self.closing is not None

    def _direction(self) -> int:
        return -1 if self.family == "french" else 1  # French Boston deals and plays to the right

    @property
    def dealer(self) -> str:
        """The dealer of the next deal."""
        return self.players[(self._first_dealer + self._direction() * len(self.deals)) % PLAYERS]

    def order_from_eldest(self) -> list[str]:
        """The players in playing order, starting with the eldest hand of the current deal."""
        start, step = self.players.index(self.dealer), self._direction()
        return [self.players[(start + step * k) % PLAYERS] for k in range(1, PLAYERS + 1)]

    @property
    def multiplier(self) -> int:
        return 2 if self.is_double else 1

    # -- deals

    def _check_turned(self, turned: str | None) -> str | None:
        """Checked before anything moves: the game is not over and the suit turned is a suit."""
        if self.over:
            raise RuleError("the game is over: no more deals")
        turned = normalise_suit(turned)
        if self.family == "french" and turned in (None, NO_TRUMP):
            raise RuleError("French Boston needs the suit turned on every deal: S, C, D or H")
        if turned == NO_TRUMP:
            raise RuleError("the suit turned must be S, C, D or H")
        return turned

    def _begin(self, turned: str | None) -> _Deal:
        if self.family == "french":
            self.belle, self.petite = self._trumps_for(turned)
        deal = _Deal(self)
        deal.pay(self.dealer, POOL, self.feed * self.multiplier, words("the dealer feeds the pool"))
        return deal

    def _record(self, deal: _Deal, result: DealResult, closing: bool = False) -> DealResult:
        result.transfers = deal.transfers
        result.net = dict.fromkeys(self.players, 0)
        for t in deal.transfers:
            if t.payer != POOL:
                result.net[t.payer] -= t.amount
            if t.payee != POOL:
                result.net[t.payee] += t.amount
        for player, gain in result.net.items():
            self.totals[player] += gain
        result.totals = dict(self.totals)
        result.pools = self.pools.amounts()
        if closing:
            self.closing = result
        else:
            self.deals.append(result)
        return result

    def _trumps_for(self, turned: str | None) -> tuple[str | None, str | None]:
        """French Boston's belle and petite for a deal with this suit turned."""
        if not self.deals:
            return turned, None  # the first deal's suit is belle for the game
        return self.belle, (None if turned == self.belle else turned)  # belle turned again: no petite

    def _check_partner(self, caller: str, partner: str | None, contract: Contract, turned: str | None) -> str | None:
        if partner is None:
            return None
        partner = self.check_player(partner, "the partner")
        if partner == caller:
            raise RuleError("the caller cannot be his own partner")
        if self.family == "french":
            belle, petite = self._trumps_for(turned)
            if contract.suit not in (belle, petite):
                if petite:
                    raise RuleError(
                        "French partners must take belle or petite for trumps (%(belle)s or %(petite)s), not %(suit)s",
                        belle=belle,
                        petite=petite,
                        suit=contract.suit,
                    )
                raise RuleError(
                    "French partners must take belle or petite for trumps (%(belle)s), not %(suit)s",
                    belle=belle or "",
                    suit=contract.suit,
                )
        return partner

    def play(
        self,
        caller: str | None,
        bid: str,
        tricks: int | None = None,
        *,
        suit: str | None = None,
        honours: int = 0,
        partner: str | None = None,
        i_pay: bool = False,
        turned: str | None = None,
    ) -> DealResult:
        """A deal with a caller. `partner` is the partner's name; `i_pay` the adversaries' concession.

        `tricks` are the caller's (with his partner's); with `i_pay` they are not needed. French
        Boston needs `turned`, the suit turned; a French misère is paid by it.
        """
        turned = self._check_turned(turned)
        caller = self.check_player(caller, "the caller")
        if self.family == "french" and normalise_bid(bid) in MISERE_BIDS:
            suit = self._french_misere_suit(suit, turned)
        contract = make_contract(self.variant, bid, suit=suit, partner=partner is not None)
        partner = self._check_partner(caller, partner, contract, turned)
        if tricks is None and not i_pay:
            raise RuleError("give the tricks taken, or say the adversaries paid ('I pay')")
        amount = settle(contract, contract.target if tricks is None else tricks, honours, self.house, i_pay=i_pay)
        amount *= self.multiplier
        result = DealResult(
            self.deal_number, "bid", self.dealer, self.is_double, caller, partner, contract.bid, contract.suit,
            tricks, honours, i_pay, amount > 0, amount, turned,
        )  # fmt: skip
        deal = self._begin(turned)
        if partner is None:
            self._settle_alone(deal, caller, contract, amount, i_pay)
        else:
            self._settle_partners(deal, caller, partner, amount)
        return self._record(deal, result)

    @staticmethod
    def _french_misere_suit(suit: str | None, turned: str | None) -> str | None:
        suit, turned = normalise_suit(suit), normalise_suit(turned)
        if suit is not None and turned is not None and suit != turned:
            raise RuleError("a French misère is paid by the suit turned: the suit given is not the one turned")
        return turned if suit is None else suit

    def _adversaries(self, *side: str) -> list[str]:
        return [p for p in self.players if p not in side]

    def _settle_alone(self, deal: _Deal, caller: str, contract: Contract, amount: int, i_pay: bool) -> None:
        adversaries = self._adversaries(caller)
        if amount > 0:
            for adversary in adversaries:
                deal.pay(adversary, caller, amount, words("the caller made his bid"))
            self._winner_takes_pool(deal, caller, contract, i_pay)
            return
        for adversary in adversaries:
            deal.pay(caller, adversary, -amount, words("the caller failed"))
        self._loser_pays_pool(deal, [caller], -amount)
        if self._last_deal_rule():
            deal.share_pool(self.pools.total, adversaries, words("the twelfth deal: the adversaries divide the pool"))

    def _winner_takes_pool(self, deal: _Deal, caller: str, contract: Contract, i_pay: bool) -> None:
        if self.family != "boston":
            deal.pay(POOL, caller, self.pools.total, words("the successful caller takes the pool"))
            return
        pool_bid = contract.misere or int(contract.bid) >= POOL_BID
        if pool_bid or not i_pay:  # a lower bid takes the pool only when made to play the hand out
            deal.pay(POOL, caller, self.pools.first(), words("the successful caller takes a pool"))

    def _loser_pays_pool(self, deal: _Deal, losers: list[str], amount: int) -> None:
        """Boston and French Boston double the (first) pool; Fontainebleau pays one amount into it."""
        if self.family == "fontainebleau":
            due = amount
        elif self.family == "french":
            due = self.pools.total * self.multiplier
        else:
            due = self.pools.first()
        share, odd = divmod(due, len(losers))
        for index, loser in enumerate(losers):  # the caller comes first and pays any odd counter
            deal.pay(loser, POOL, share + (1 if index < odd else 0), words("the failed caller pays the pool"))

    def _last_deal_rule(self) -> bool:
        return self.family == "fontainebleau" and self.deal_number == 12

    def pairs(self, caller: str, partner: str, made: bool = True) -> list[tuple[str, str]]:
        """(partner, adversary) pairs who settle with each other when partners play.

        Each loser pays the winner on the loser's right; when the loser's right-hand neighbour lost
        with him (partners sitting together), the winner on his left (docs/rules/boston.md). So who
        pays whom depends on which side lost, though each player's net is the same either way.
        """
        side = (caller, partner)
        losers = [p for p in self.players if (p in side) != made]
        pairs = []
        for loser in losers:
            index = self.players.index(loser)
            right, left = self.players[index - 1], self.players[(index + 1) % PLAYERS]
            winner = left if right in losers else right
            pairs.append((loser, winner) if loser in side else (winner, loser))
        return pairs

    def _settle_partners(self, deal: _Deal, caller: str, partner: str, amount: int) -> None:
        for member, adversary in self.pairs(caller, partner, made=amount > 0):
            if amount > 0:
                deal.pay(adversary, member, amount, words("the partners made their bid"))
            else:
                deal.pay(member, adversary, -amount, words("the partners failed"))
        if amount > 0:
            deal.share_pool(self.pools.total, [caller, partner], words("the successful partners divide the pool"))
            return
        self._loser_pays_pool(deal, [caller, partner], -amount)
        if self._last_deal_rule():
            adversaries = self._adversaries(caller, partner)
            deal.share_pool(self.pools.total, adversaries, words("the twelfth deal: the adversaries divide the pool"))

    def misere_partout(self, tricks: Mapping[str, int | None], *, turned: str | None = None) -> DealResult:
        """Everyone passed (Boston and Fontainebleau): each player's tricks, summing to 13."""
        if self.family == "french":
            raise RuleError("French Boston has no misère partout: record a deal all pass with passed()")
        turned = self._check_turned(turned)
        checked = _check_partout(tricks)
        for player in checked:
            self.check_player(player)
        deal = self._begin(turned)
        result = DealResult(self.deal_number, "misere partout", self.dealer, tricks=dict(checked), turned=turned)
        if self.family == "boston":
            for payer, payee, amount in misere_partout_transfers(checked):
                deal.pay(payer, payee, amount, words("misère partout: the most tricks pays the difference in red"))
        else:
            fewest = min(checked.values())
            winners = [p for p, taken in checked.items() if taken == fewest]
            deal.share_pool(self.pools.total, winners, words("misère partout: the fewest tricks win the pool"))
        return self._record(deal, result)

    def passed(self, *, turned: str | None) -> DealResult:
        """French Boston: nobody bid. The deal counts and the dealer's feed stays in the pool."""
        if self.family != "french":
            raise RuleError("when everyone passes at Boston, misère partout is played: use misere_partout()")
        turned = cast(str, self._check_turned(turned))  # French Boston always has a suit turned
        deal = self._begin(turned)
        return self._record(deal, DealResult(self.deal_number, "passed", self.dealer, self.is_double, turned=turned))

    # -- the end

    def finish(self, *, last_trick: str | None = None, stop_early: bool = False) -> DealResult:
        """Close the game: the pools are divided equally, or (Boston, by agreement, after a
        thirteenth deal at no trump) all go to `last_trick`, the winner of its last trick."""
        if self.closing is not None:
            raise RuleError("the game is already finished")
        if not self.over and not stop_early:
            if not self.deals_left:
                raise RuleError("the game is not over: more deals still to play")
            raise RuleError.of(
                plural_words(
                    "the game is not over: %(count)s deal still to play",
                    "the game is not over: %(count)s deals still to play",
                    self.deals_left,
                )
            )
        deal = _Deal(self)
        if last_trick is not None:
            if self.family != "boston":
                raise RuleError("only Boston plays a thirteenth deal for the pools")
            self.check_player(last_trick, "the winner of the last trick")
            deal.pay(POOL, last_trick, self.pools.total, words("the thirteenth deal: the last trick takes the pools"))
        else:
            deal.share_pool(self.pools.total, list(self.players), words("the end: the pools are divided equally"))
        result = DealResult(self.deal_number, "end", None, caller=last_trick)
        return self._record(deal, result, closing=True)

    def settlement(
        self,
        white_value: Decimal | str | int | float | None = None,
        *,
        red_value: Decimal | str | int | float | None = None,
    ) -> Settlement:
        """The money each player wins or loses, at `white_value` a white counter (or `red_value` a red)."""
        if self.closing is None:
            raise RuleError("finish the game before settling up")
        value = _money_value(white_value, red_value)
        players = {}
        for player, counters in self.totals.items():
            red, white = divmod(abs(counters), RED)
            players[player] = PlayerSettlement(player, counters, red, white, counters * value)
        money = {p: s.money for p, s in players.items()}
        return Settlement(players, _money_payments(money))

"""A bid of the Boston family checked into a Contract: the variant, bid, suit, tricks, honours and house settings.

Every bad value raises a RuleError naming it; a figure the book does not give and the house did not supply
raises HOUSE_MISSING. The three games share this; their figures are in boston_figures.py.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tournaments.rules.boston_tables import (
    BID_ALIASES,
    BOSTON_MISERES,
    FAMILY,
    FRENCH_ALIASES,
    HONOUR_TRICKS,
    HOUSE_KEYS,
    MISERE_BIDS,
    NO_TRUMP,
    PARTNER_TRICKS,
    SUIT_NAMES,
    TRICK_BIDS,
    VARIANTS,
)
from tournaments.rules.errors import RuleError, Words

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

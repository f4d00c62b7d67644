"""Boston, Boston de Fontainebleau and French Boston: payments, pools and the game sheet.

This module is the family's public face: `payment()` and `misere_partout()` are here, and every other name
is re-exported from its sibling: boston_tables.py (the book's figures), boston_contract.py (a bid checked
into a Contract), boston_figures.py (what a deal is worth in each game, misère partout's transfers) and
boston_game.py (the game kept deal by deal).

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

from typing import Any

from tournaments.rules.boston_contract import (
    HOUSE_MISSING,
    Contract,
    check_honours,
    check_house,
    check_tricks,
    check_variant,
    make_contract,
    normalise_bid,
    normalise_suit,
)
from tournaments.rules.boston_contract import _variant_bids as _variant_bids
from tournaments.rules.boston_figures import _check_partout, misere_partout_transfers, settle
from tournaments.rules.boston_game import BostonGame, DealResult, PlayerSettlement, Pools, Settlement, Transfer
from tournaments.rules.boston_tables import (
    AMERICAN_FAIL,
    AMERICAN_WIN,
    BID_ALIASES,
    BOSTON_MISERES,
    ENGLISH_FAIL,
    ENGLISH_WIN,
    EXTRA_TRICK,
    FAMILY,
    FONTAINEBLEAU_COLUMN,
    FONTAINEBLEAU_FEED,
    FONTAINEBLEAU_MISERES,
    FONTAINEBLEAU_SLAMS,
    FONTAINEBLEAU_SLAMS_AMERICAN,
    FONTAINEBLEAU_TRICKS,
    FRENCH_ALIASES,
    FRENCH_DEALS,
    FRENCH_FEED,
    FRENCH_ROWS,
    FRENCH_SIMPLES,
    HONOUR_TRICKS,
    HOUSE_KEYS,
    MISERE_BIDS,
    NO_TRUMP,
    PARTNER_TRICKS,
    PLAYERS,
    POOL,
    POOL_BID,
    RED,
    ROW_PARTS,
    SUIT_NAMES,
    SUITS,
    TRICK_BIDS,
    VARIANTS,
)

__all__ = [
    "AMERICAN_FAIL",
    "AMERICAN_WIN",
    "BID_ALIASES",
    "BOSTON_MISERES",
    "BostonGame",
    "Contract",
    "DealResult",
    "ENGLISH_FAIL",
    "ENGLISH_WIN",
    "EXTRA_TRICK",
    "FAMILY",
    "FONTAINEBLEAU_COLUMN",
    "FONTAINEBLEAU_FEED",
    "FONTAINEBLEAU_MISERES",
    "FONTAINEBLEAU_SLAMS",
    "FONTAINEBLEAU_SLAMS_AMERICAN",
    "FONTAINEBLEAU_TRICKS",
    "FRENCH_ALIASES",
    "FRENCH_DEALS",
    "FRENCH_FEED",
    "FRENCH_ROWS",
    "FRENCH_SIMPLES",
    "HONOUR_TRICKS",
    "HOUSE_KEYS",
    "HOUSE_MISSING",
    "MISERE_BIDS",
    "NO_TRUMP",
    "PARTNER_TRICKS",
    "PLAYERS",
    "POOL",
    "POOL_BID",
    "PlayerSettlement",
    "Pools",
    "RED",
    "ROW_PARTS",
    "SUITS",
    "SUIT_NAMES",
    "Settlement",
    "TRICK_BIDS",
    "Transfer",
    "VARIANTS",
    "check_honours",
    "check_house",
    "check_tricks",
    "check_variant",
    "make_contract",
    "misere_partout",
    "misere_partout_transfers",
    "normalise_bid",
    "normalise_suit",
    "payment",
    "settle",
]


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


def misere_partout(tricks: dict[str, int]) -> dict[str, int]:
    """Boston's misère partout: white counters won (+) or paid (-) by each player, summing to zero."""
    net = dict.fromkeys(_check_partout(tricks), 0)
    for payer, payee, amount in misere_partout_transfers(tricks):
        net[payer] -= amount
        net[payee] += amount
    return net

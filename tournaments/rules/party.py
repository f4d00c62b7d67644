"""A progressive-party round: four deals scored one by one, the 1,000-point cap, the net result.

Rules: docs/rules/four-aces-party.md, "A round" and "Scoring each deal".
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tournaments.rules.contract import SIDE_OF_SEAT, check_seat, other_side, parse_contract
from tournaments.rules.errors import RuleError
from tournaments.rules.scoring import check_rules, deal_breakdown

DEALS_PER_ROUND = 4
CAP = 1000

# deal number -> (dealer, vulnerable sides)
_DEALS = {1: ("N", "none"), 2: ("E", "EW"), 3: ("S", "NS"), 4: ("W", "both")}


def _check_deal_number(deal: int) -> int:
    if isinstance(deal, bool) or not isinstance(deal, int) or deal not in _DEALS:
        raise RuleError("a round has four deals, numbered 1 to 4, not %(deal)r", deal=deal)
    return deal


def deal_vulnerability(deal: int) -> str:
    """Deal 1-4 of a round: "none", "EW", "NS" or "both"."""
    return _DEALS[_check_deal_number(deal)][1]


def deal_dealer(deal: int) -> str:
    return _DEALS[_check_deal_number(deal)][0]


def side_vulnerable(deal: int, side: str) -> bool:
    vulnerable = deal_vulnerability(deal)
    return vulnerable == "both" or vulnerable == side


@dataclass(frozen=True)
class ScoredDeal:
    """One deal of a round: the raw score and what each side is credited or charged after the cap."""

    number: int
    contract: str
    declarer: str
    tricks: int
    vulnerable: bool
    score: int  # for the declaring side, before the cap
    ns: int  # credited (+) or charged (-) to North-South
    ew: int
    capped: bool  # the scoring side's credit was cut to 1,000


def score_deal(number: int, contract: str, declarer: str, tricks: int, rules: str = "modern") -> ScoredDeal:
    _check_deal_number(number)
    parsed = parse_contract(contract)
    if parsed is None:
        # A passed-out deal still counts as one of the four, and scores nothing.
        return ScoredDeal(number, "PASS", "", 0, False, 0, 0, 0, False)
    seat = check_seat(declarer)
    side = SIDE_OF_SEAT[seat]
    vulnerable = side_vulnerable(number, side)
    breakdown = deal_breakdown(contract, vulnerable, tricks, rules)
    score = breakdown.total
    # The cap: the scoring side gets at most 1,000 unless it bid and made a slam; the loser pays in full.
    if score >= 0:
        credit = score if breakdown.slam_made else min(score, CAP)
        declarer_side, defending_side = credit, -score
    else:
        credit = min(-score, CAP)
        declarer_side, defending_side = score, credit
    capped = credit != abs(score)
    by_side = {side: declarer_side, other_side(side): defending_side}
    return ScoredDeal(number, str(parsed), seat, tricks, vulnerable, score, by_side["NS"], by_side["EW"], capped)


def score_round(deals: Sequence[tuple[str, str, int]], rules: str = "modern") -> list[ScoredDeal]:
    """Score up to four deals in order (the first is deal 1); a fifth is refused."""
    check_rules(rules)
    if isinstance(deals, (str, bytes)) or not isinstance(deals, Sequence):
        raise RuleError("deals must be a list of (contract, declarer, tricks)")
    if len(deals) > DEALS_PER_ROUND:
        raise RuleError("a round has four deals, not %(deals)s", deals=len(deals))
    scored = []
    for number, deal in enumerate(deals, start=1):
        if not isinstance(deal, (tuple, list)) or len(deal) != 3:
            raise RuleError(
                "deal %(number)s must be (contract, declarer, tricks), not %(deal)r", number=number, deal=deal
            )
        contract, declarer, tricks = deal
        scored.append(score_deal(number, contract, declarer, tricks, rules))
    return scored


class Sides(Protocol):
    """What a tally reads of a deal: each side's figure (a deal just scored, or one read back as stored)."""

    @property
    def ns(self) -> int: ...

    @property
    def ew(self) -> int: ...


def net_result(scored: Sequence[Sides]) -> tuple[int, int]:
    return sum(d.ns for d in scored), sum(d.ew for d in scored)


def round_result(deals: Sequence[tuple[str, str, int]], rules: str = "modern") -> tuple[int, int]:
    """The round's (north_south, east_west) results after the 1,000-point cap.

    deals: the round's four deals as (contract, declarer seat, tricks); a passed-out deal is ("PASS", "", 0).
    """
    scored = score_round(deals, rules)
    if len(scored) != DEALS_PER_ROUND:
        raise RuleError("a round has four deals, not %(deals)s: enter a passed-out deal as PASS", deals=len(scored))
    return net_result(scored)


def table_winner(ns: int, ew: int) -> str | None:
    """ "NS" or "EW" for the side with the higher round result; None for a tie (cut for it)."""
    if ns > ew:
        return "NS"
    if ew > ns:
        return "EW"
    return None


def actual_points(scored: Sequence[Sides]) -> tuple[int, int]:
    """The variant the Four Aces dislike: each side's own credits, charges ignored."""
    return sum(max(d.ns, 0) for d in scored), sum(max(d.ew, 0) for d in scored)


def _side_values(number: int, side: str, rules: str) -> tuple[int, int]:
    """The least and the most `side` can be credited on deal `number`, over every contract."""
    low = high = 0
    for level in range(1, 8):
        for strain in "CDHSN":
            for doubled in ("", "X", "XX"):
                for declarer in "NE":  # one seat of each side: the partner scores the same
                    for tricks in range(14):
                        deal = score_deal(number, f"{level}{strain}{doubled}", declarer, tricks, rules)
                        value = deal.ns if side == "NS" else deal.ew
                        low, high = min(low, value), max(high, value)
    return low, high


_BOUNDS: dict[str, tuple[int, int]] = {}


def net_bounds(rules: str = "modern") -> tuple[int, int]:
    """The least and the most a side's round result can be: the four deals' extremes added up.

    Worked out from the scoring tables, not written down: the most is a redoubled grand slam bid and
    made on every deal (the cap spares a slam), the least a redoubled seven going down thirteen.
    Each side is vulnerable on two deals of the four, so the bounds are the same for both.
    """
    check_rules(rules)
    if rules not in _BOUNDS:
        values = [_side_values(number, "NS", rules) for number in _DEALS]
        _BOUNDS[rules] = (sum(low for low, _ in values), sum(high for _, high in values))
    return _BOUNDS[rules]


@dataclass(frozen=True)
class UnfinishedRound:
    """A round closed early (a player went home during it): the deals played and what they make."""

    scored: tuple[ScoredDeal, ...]
    unplayed: tuple[int, ...]  # the deal numbers never played: 0 to both sides
    ns: int
    ew: int

    @property
    def played(self) -> int:
        return len(self.scored)


def unfinished_round_result(deals: Sequence[tuple[str, str, int]], rules: str = "modern") -> UnfinishedRound:
    """A round closed as played so far: the deals played count as usual, each capped on its own,
    and the deals never played score nothing for either side (as if passed out). A deal stopped
    half-way was not played. The table's winner is the higher result, as after four deals."""
    scored = score_round(deals, rules)
    ns, ew = net_result(scored)
    unplayed = tuple(range(len(scored) + 1, DEALS_PER_ROUND + 1))
    return UnfinishedRound(tuple(scored), unplayed, ns, ew)

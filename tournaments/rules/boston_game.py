"""A four-player game of the Boston family kept deal by deal: who pays whom, the pools, the sheet, the end, the money.

`BostonGame` replays the deals through boston_figures.settle; its results (DealResult, Transfer, Settlement) are
plain values the selectors and the printed sheet read.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, cast

from tournaments.rules.boston_contract import (
    Contract,
    _count,
    _house_missing,
    check_house,
    check_variant,
    make_contract,
    normalise_bid,
    normalise_suit,
)
from tournaments.rules.boston_figures import _check_french_house, _check_partout, misere_partout_transfers, settle
from tournaments.rules.boston_tables import (
    FAMILY,
    FONTAINEBLEAU_FEED,
    FRENCH_DEALS,
    FRENCH_FEED,
    FRENCH_SIMPLES,
    MISERE_BIDS,
    NO_TRUMP,
    PLAYERS,
    POOL,
    POOL_BID,
    RED,
)
from tournaments.rules.errors import RuleError, plural_words, words

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

"""Towie: bridge for three, four or five, each for himself (docs/rules/towie.md).

Towie has its own scale (the 1927 code with the 1932 trick values): nothing here uses the
duplicate or rubber tables of scoring.py.

- `score_sheet(players, hands)` and `settle(totals)`: the two plain functions outside checks call.
- `TowieSheet`: the score sheet the Towie pages keep, a column per player. It takes one deal at a
  time (`play`, `goulash`, `exposure`), records each deal's entries per player with everyone's
  vulnerability and the rubber, keeps the games and rubbers won, follows the seats (who sits,
  who waits, who deals) and proposes who plays next; the table may override with `seat`.
- `draw_seats(cards)`: the opening draw (first dealer, order of choosing seats, who waits).
- `who_plays_next(...)`: the proposal for the next three active players, with the reason.
- `settlement(totals, stake=None)`: rounded totals, who pays whom, each net, optionally money.

Where towie.md is silent, this module chooses:
- Honours count as in contract: made or defeated, on every played deal (never on a goulash).
  Those in the declarer's hand or the dummy are entered for the declarer (write his name), those
  in a defender's hand for that defender; a waiting player holds no cards. At no-trump only four
  aces (150) count; in a suit 100 or 150.
- Redoubled: overtricks and undertricks are twice the doubled values (towie.md); the bonus for
  making the contract stays 50 / 100, as the file says "doubled or redoubled ... once".
- Games, vulnerability and rubbers are the table's: a waiting player keeps his game and stays
  vulnerable. When someone wins the rubber every player's games are wiped.
- Seats are three positions in clockwise order. The draw seats the second-highest card at the
  dealer's left and the third at his left again (the customary choice the source describes);
  the table may choose otherwise with `TowieSheet.seat`. A player coming in takes the vacated
  seat. After a played deal the deal passes to the left: the next dealer is whoever now sits in
  the seat to the left of the last dealer's seat. A goulash, and the new deal after a dealer
  turns up too many dummy cards, are dealt by the same dealer; nobody changes seats after them.
- The rules for who plays next read everyone's vulnerability after the deal (for a defeated
  contract nothing has changed, and after a made one the declarer always goes out anyway).
- Drawing for seats: aces high, ties between ranks broken by suit (spades, hearts, diamonds,
  clubs) as in bridge; every card must be different.
- The exposure penalty: the dealer forfeits 100 to each of the two other seated players; players
  waiting outside get nothing from it ("each other active player").
- `score_sheet` gets no seating with its hands, so it does not follow the seats: any player at
  the table may declare. Its "PASS" rows need no declarer or tricks; a row with a contract below
  game (a goulash) must still name a player (or nobody) and a tricks count of 0 to 13.
- Rounding: exactly 50 rounds up, towards the higher figure, negative totals included
  (-50 -> 0). A sheet never has a negative total, but `settle` accepts any whole numbers for two
  or more players.
- Money: a stake per hundred points by default (`per=1` for a stake per point), worked exactly
  with Decimal.
- Names are matched ignoring surrounding spaces and letter case; results use the names as the
  players were first given.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import cast

from tournaments.rules.contract import Contract, check_tricks, parse_contract
from tournaments.rules.errors import RuleError, Words, words

MIN_PLAYERS, MAX_PLAYERS = 3, 5
SEATED = 3
GAME_TRICK_SCORE = 100
FIRST_GAME, RUBBER_GAME = 500, 1000
EXPOSURE_PENALTY = 100
MAX_DUMMY_CARDS_SHOWN = 6

# (vulnerable, doubled): the value of the 1st, 2nd, ... undertrick; the last value repeats.
_UNDERTRICKS = {
    (False, False): (50,),
    (False, True): (100, 100, 200, 200, 400),
    (True, False): (100, 200),
    (True, True): (200, 400),
}
_OVERTRICK = {(False, False): 50, (False, True): 100, (True, False): 100, (True, True): 200}
_SLAM = {6: (500, 750), 7: (1000, 1500)}
_HONOURS_POINTS = (100, 150)

_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUITS = ("C", "D", "H", "S")
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


# --- the scale ------------------------------------------------------------------------------


def _contract(contract: str | Contract) -> Contract:
    if isinstance(contract, Contract):
        return contract
    parsed = parse_contract(contract)
    if parsed is None:
        raise RuleError("a passed deal has no contract to score: it is redealt as a goulash")
    return parsed


def trick_score(contract: str | Contract) -> int:
    """The trick score of the contract bid: C/D 20, H/S 30, NT 30 odd and 40 even; X x2, XX x4."""
    parsed = _contract(contract)
    if parsed.strain in ("C", "D"):
        base = 20 * parsed.level
    elif parsed.strain in ("H", "S"):
        base = 30 * parsed.level
    else:
        base = sum(30 if nth % 2 else 40 for nth in range(1, parsed.level + 1))
    return base * (1, 2, 4)[parsed.doubled]


def is_game_contract(contract: str | Contract | None) -> bool:
    """3N, 4H, 4S, 5C, 5D or higher, or a lower contract doubled into a trick score of 100 or more."""
    parsed = parse_contract(contract) if isinstance(contract, str) else contract
    return parsed is not None and trick_score(parsed) >= GAME_TRICK_SCORE


# What a wrong value says, by what it was given for: whole sentences, so that each translates as
# a whole (words() marks them for makemessages; `RuleError` fills in the figures).
_COUNT_ERRORS = {
    "undertricks": words("undertricks must be a whole number from 0 to 13, not %(count)r"),
    "overtricks": words("overtricks must be a whole number from 0 to 13, not %(count)r"),
}
_FLAG_ERRORS = {
    "vulnerable": words("vulnerable must be true or false, not %(value)r"),
    "made": words("made must be true or false, not %(value)r"),
    "track_seats": words("track_seats must be true or false, not %(value)r"),
}
_NOT_A_PLAYER = {
    "player": words("the player must be one of the players (%(players)s), not %(name)r"),
    "seated player": words("the seated player must be one of the players (%(players)s), not %(name)r"),
    "vulnerable player": words("the vulnerable player must be one of the players (%(players)s), not %(name)r"),
    "declarer": words("the declarer must be one of the players (%(players)s), not %(name)r"),
    "declarer (a seated player)": words(
        "the declarer (a seated player) must be one of the players (%(players)s), not %(name)r"
    ),
    "dealer": words("the dealer must be one of the players (%(players)s), not %(name)r"),
    "dealer (a seated player)": words(
        "the dealer (a seated player) must be one of the players (%(players)s), not %(name)r"
    ),
    "honours holder": words("the honours holder must be one of the players (%(players)s), not %(name)r"),
}
_WAITING = {
    "declarer": words("%(player)s is waiting this deal: the declarer must be one of %(seated)s"),
    "dealer": words("%(player)s is waiting this deal: the dealer must be one of %(seated)s"),
    "honours holder": words("%(player)s is waiting this deal: the honours holder must be one of %(seated)s"),
}


def _check_count(count: int, what: str) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 13:
        raise RuleError(_COUNT_ERRORS[what].message, count=count)
    return count


def _check_flag(value: bool, what: str) -> bool:
    if not isinstance(value, bool):
        raise RuleError(_FLAG_ERRORS[what].message, value=value)
    return value


def undertrick_penalty(contract: str | Contract, vulnerable: bool, undertricks: int) -> int:
    """What each other player at the table enters when the declarer goes down."""
    parsed = _contract(contract)
    _check_flag(vulnerable, "vulnerable")
    _check_count(undertricks, "undertricks")
    steps = _UNDERTRICKS[(vulnerable, parsed.doubled > 0)]
    total = sum(steps[min(nth, len(steps) - 1)] for nth in range(undertricks))
    return total * max(1, parsed.doubled)


def overtrick_points(contract: str | Contract, vulnerable: bool, overtricks: int) -> int:
    parsed = _contract(contract)
    _check_flag(vulnerable, "vulnerable")
    _check_count(overtricks, "overtricks")
    return overtricks * _OVERTRICK[(vulnerable, parsed.doubled > 0)] * max(1, parsed.doubled)


def doubled_bonus(contract: str | Contract, vulnerable: bool) -> int:
    """For making a doubled or redoubled contract: 50 not vulnerable, 100 vulnerable, once."""
    parsed = _contract(contract)
    if not parsed.doubled:
        return 0
    return 100 if _check_flag(vulnerable, "vulnerable") else 50


def slam_bonus(contract: str | Contract, vulnerable: bool) -> int:
    parsed = _contract(contract)
    _check_flag(vulnerable, "vulnerable")
    return _SLAM[parsed.level][vulnerable] if parsed.level in _SLAM else 0


# --- players --------------------------------------------------------------------------------


def _clean_name(name: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise RuleError("each player needs a name, not %(name)r", name=name)
    return name.strip()


def _check_players(players: Iterable[str]) -> tuple[str, ...]:
    names = _check_names(players)
    if len(names) < MIN_PLAYERS:
        raise RuleError("Towie needs at least three players, not %(players)s", players=len(names))
    if len(names) > MAX_PLAYERS:
        raise RuleError(
            "a Towie table takes at most five players, not %(players)s: form two tables", players=len(names)
        )
    return names


def _check_names(players: Iterable[str]) -> tuple[str, ...]:
    if isinstance(players, (str, bytes, Mapping)) or not isinstance(players, Iterable):
        raise RuleError("the players must be a list of names")
    names = tuple(_clean_name(name) for name in players)
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise RuleError("two players are called %(name)s: give them different names", name=name)
        seen.add(name.casefold())
    return names


def _find(players: tuple[str, ...], name: str, what: str) -> str:
    if isinstance(name, str):
        wanted = name.strip().casefold()
        for player in players:
            if player.casefold() == wanted:
                return player
    raise RuleError(_NOT_A_PLAYER[what].message, players=", ".join(players), name=name)


# --- the draw and the seats -----------------------------------------------------------------


def _parse_card(card: str) -> tuple[int, int]:
    """(rank, suit) as numbers to compare: "AS", "10H", "TH", "qd", "7♣"."""
    if not isinstance(card, str) or len(card.strip()) < 2:
        raise RuleError("a drawn card is written like 'AS', '10H' or '7C', not %(card)r", card=card)
    written = card.strip().upper()
    rank, suit = written[:-1], _SUIT_SYMBOLS.get(written[-1], written[-1])
    rank = "10" if rank == "T" else rank
    if rank not in _RANKS or suit not in _SUITS:
        raise RuleError(
            "'%(card)s' is not a card: write the rank (2-10, J, Q, K, A) then the suit (C, D, H, S)", card=card
        )
    return _RANKS.index(rank), _SUITS.index(suit)


@dataclass(frozen=True)
class SeatDraw:
    order: tuple[str, ...]  # highest card first: the order of choosing seats and of the queue
    dealer: str
    seated: tuple[str, str, str]  # clockwise from the dealer
    waiting: tuple[str, ...]  # in the order of the draw: the first comes in first


def draw_seats(cards: Mapping[str, str]) -> SeatDraw:
    """Each player's drawn card -> first dealer, seats, and who waits."""
    if not isinstance(cards, Mapping):
        raise RuleError("the draw must give each player's card, like {'Ann': 'KS', 'Bob': '7H', ...}")
    players = _check_players(cards.keys())
    drawn = {name: _parse_card(card) for name, card in zip(players, cards.values(), strict=True)}
    if len(set(drawn.values())) != len(drawn):
        raise RuleError("two players cannot draw the same card: draw again")
    order = tuple(sorted(players, key=lambda name: drawn[name], reverse=True))
    return SeatDraw(
        order=order, dealer=order[0], seated=cast(tuple[str, str, str], order[:SEATED]), waiting=order[SEATED:]
    )


@dataclass(frozen=True)
class NextSeats:
    seated: tuple[str, str, str]  # clockwise; a player coming in takes the vacated seat
    waiting: tuple[str, ...]  # the queue: the first comes in first
    dealer: str | None  # who deals next (None when the last dealer was not given)
    coming_in: str | None
    going_out: str | None
    reason: Words  # a sentence: `tournaments.l10n.say` translates it


def _check_seating(seated: Iterable[str], waiting: Iterable[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    for names in (seated, waiting):
        if isinstance(names, (str, bytes, Mapping)) or not isinstance(names, Iterable):
            raise RuleError("the seated and the waiting players must be lists of names")
    seated, waiting = tuple(seated), tuple(waiting)
    if len(seated) != SEATED:
        raise RuleError("three players sit at a Towie table, not %(seated)s", seated=len(seated))
    _check_players(seated + waiting)
    return tuple(_clean_name(n) for n in seated), tuple(_clean_name(n) for n in waiting)


def _vulnerable_set(vulnerable: Iterable[str], everyone: tuple[str, ...]) -> set[str]:
    if isinstance(vulnerable, (str, bytes)) or not isinstance(vulnerable, Iterable):
        raise RuleError("vulnerable must be a list of the vulnerable players' names")
    return {_find(everyone, name, "vulnerable player") for name in vulnerable}


def _swap_in(
    seated: tuple[str, ...], waiting: tuple[str, ...], going_out: str, coming_in: str
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    new_seated = tuple(coming_in if name == going_out else name for name in seated)
    new_waiting = tuple(name for name in waiting if name != coming_in) + (going_out,)
    return new_seated, new_waiting


def _next_move(declarer: str, made: bool, waiting: tuple[str, ...], vulnerable: set[str]) -> tuple[str | None, Words]:
    """Who takes the declarer's seat (None: he keeps it), and why (the whole sentence)."""
    first = waiting[0]
    if made:
        return first, words(
            "%(declarer)s made the contract, so %(first)s, first in the queue, takes the seat; "
            "%(declarer)s joins the end of the queue.",
            declarer=declarer,
            first=first,
        )
    if declarer not in vulnerable and first in vulnerable:
        return None, words(
            "%(declarer)s went down not vulnerable and %(first)s, next in the queue, is vulnerable: "
            "%(declarer)s keeps the seat.",
            declarer=declarer,
            first=first,
        )
    if declarer in vulnerable:
        vulnerable_waiting = [name for name in waiting if name in vulnerable]
        if vulnerable_waiting:
            return vulnerable_waiting[0], words(
                "%(declarer)s went down vulnerable, so %(chosen)s, waiting and vulnerable, takes the seat; "
                "%(declarer)s joins the end of the queue.",
                declarer=declarer,
                chosen=vulnerable_waiting[0],
            )
        return first, words(
            "%(declarer)s went down vulnerable and nobody waiting is vulnerable, so %(first)s takes the seat; "
            "%(declarer)s joins the end of the queue.",
            declarer=declarer,
            first=first,
        )
    return first, words(
        "%(declarer)s went down, so %(first)s, first in the queue, takes the seat; "
        "%(declarer)s joins the end of the queue.",
        declarer=declarer,
        first=first,
    )


def who_plays_next(
    seated: Iterable[str],
    waiting: Iterable[str],
    declarer: str,
    made: bool,
    vulnerable: Iterable[str] = (),
    dealer: str | None = None,
) -> NextSeats:
    """Propose the next three active players after a played deal, and say why.

    seated: the three at the table, clockwise; waiting: the queue, first to come in first;
    vulnerable: the players (seated or waiting) who are vulnerable now; dealer: who dealt the deal.
    """
    seated, waiting = _check_seating(seated, waiting)
    everyone = seated + waiting
    declarer = _find(seated, declarer, "declarer (a seated player)")
    _check_flag(made, "made")
    vulnerable = _vulnerable_set(vulnerable, everyone)
    if dealer is not None:
        dealer = _find(seated, dealer, "dealer (a seated player)")
    coming_in = None
    if not waiting:
        reason = words("Three players: nobody changes seats.")
    else:
        coming_in, reason = _next_move(declarer, made, waiting, vulnerable)
    going_out = declarer if coming_in else None
    dealer_seat = seated.index(dealer) if dealer else None
    if coming_in:
        seated, waiting = _swap_in(seated, waiting, declarer, coming_in)
    next_dealer = None if dealer_seat is None else seated[(dealer_seat + 1) % SEATED]
    return NextSeats(cast(tuple[str, str, str], seated), waiting, next_dealer, coming_in, going_out, reason)


# --- the score sheet ------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    player: str
    points: int
    label: str  # in words (a str): `tournaments.l10n.say` translates it


@dataclass
class TowieDeal:
    number: int
    kind: str  # "played", "goulash" or "exposure"
    contract: str  # as written, normalised ("4SX"); "PASS" or "" when none was played
    declarer: str | None
    tricks: int | None
    dealer: str | None
    seated: tuple[str, ...] | None  # None when the sheet does not follow the seats
    waiting: tuple[str, ...] | None
    vulnerable: dict[str, bool]  # each player's vulnerability as the deal was played
    rubber: int  # the number of the rubber the deal belongs to, from 1
    players: tuple[str, ...] = ()
    made: bool | None = None
    honours: tuple[str, int] | None = None
    entries: list[Entry] = field(default_factory=list)
    game_won_by: str | None = None
    rubber_won_by: str | None = None
    totals: dict[str, int] = field(default_factory=dict)  # running totals after the deal
    next_seats: NextSeats | None = None  # the proposal for the next deal, after a played one

    @property
    def column(self) -> dict[str, int]:
        """What each player enters for this deal (0 for those who enter nothing)."""
        points = dict.fromkeys(self.players, 0)
        for entry in self.entries:
            points[entry.player] += entry.points
        return points


class TowieSheet:
    """A Towie score sheet: a column per player, deal by deal, for one table.

    players: three to five names in the order of the draw. seated: the three at the table,
    clockwise (default: the first three); dealer: the first dealer (default: the first seated).
    track_seats=False: nobody's seat is followed (any player may declare); `score_sheet` uses it.
    """

    def __init__(
        self,
        players: Iterable[str],
        seated: Iterable[str] | None = None,
        dealer: str | None = None,
        track_seats: bool = True,
    ) -> None:
        self.players = _check_players(players)
        self.track_seats = _check_flag(track_seats, "track_seats")
        self.deals: list[TowieDeal] = []
        self.totals = dict.fromkeys(self.players, 0)
        self.games = dict.fromkeys(self.players, 0)  # games won in the current rubber
        self.rubbers_won = dict.fromkeys(self.players, 0)
        self.rubber = 1
        self.seated: tuple[str, ...] | None = None
        self.waiting: tuple[str, ...] | None = None
        self.dealer: str | None = None
        if track_seats or len(self.players) == SEATED:
            self.seated, self.waiting = self.players[:SEATED], self.players[SEATED:]
            self.dealer = self.players[0] if track_seats else None
            if seated is not None or dealer is not None:
                self.seat(self.seated if seated is None else seated, dealer)
        elif seated is not None or dealer is not None:
            raise RuleError("a sheet that does not follow the seats takes no seating")

    @classmethod
    def from_draw(cls, draw: SeatDraw) -> "TowieSheet":
        return cls(draw.order, seated=draw.seated, dealer=draw.dealer)

    def vulnerable(self, player: str) -> bool:
        return self.games[_find(self.players, player, "player")] >= 1

    def vulnerability(self) -> dict[str, bool]:
        return {name: self.games[name] >= 1 for name in self.players}

    def seat(self, seated: Iterable[str], dealer: str | None = None) -> None:
        """The table's choice of the three who play the next deal (clockwise), and its dealer.

        Those left out wait, in the present queue order, followed by any who were seated.
        Without a dealer, whoever now sits in the present dealer's seat deals.
        """
        if not self.track_seats:
            raise RuleError("this sheet does not follow the seats")
        if isinstance(seated, (str, bytes)) or not isinstance(seated, Iterable):
            raise RuleError("say who sits at the table as a list of three names")
        chosen = tuple(_find(self.players, name, "seated player") for name in seated)
        if len(chosen) != SEATED or len(set(chosen)) != SEATED:
            raise RuleError("three different players sit at a Towie table")
        # A sheet that follows the seats always has them.
        now_seated, now_waiting = cast(tuple[str, ...], self.seated), cast(tuple[str, ...], self.waiting)
        queue = [name for name in now_waiting + now_seated if name not in chosen]
        position = now_seated.index(self.dealer)
        self.dealer = chosen[position] if dealer is None else _find(chosen, dealer, "dealer (a seated player)")
        self.seated, self.waiting = chosen, tuple(queue)

    def _seated_player(self, name: str, what: str) -> str:
        if self.seated is None:
            return _find(self.players, name, what)
        player = _find(self.players, name, what)
        if player not in self.seated:
            raise RuleError(_WAITING[what].message, player=player, seated=", ".join(self.seated))
        return player

    def _new_deal(
        self,
        kind: str,
        contract: str,
        declarer: str | None = None,
        tricks: int | None = None,
        dealer: str | None = None,
    ) -> TowieDeal:
        return TowieDeal(
            number=len(self.deals) + 1,
            kind=kind,
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            dealer=dealer or self.dealer,
            seated=self.seated,
            waiting=self.waiting,
            vulnerable=self.vulnerability(),
            rubber=self.rubber,
            players=self.players,
        )

    def _add(self, deal: TowieDeal, player: str, points: int, label: str) -> None:
        if points:
            deal.entries.append(Entry(player, points, label))
            self.totals[player] += points

    def _close(self, deal: TowieDeal) -> TowieDeal:
        deal.totals = dict(self.totals)
        self.deals.append(deal)
        return deal

    def _honours(self, honours: tuple[str, int] | tuple[()] | None, contract: Contract) -> tuple[str, int] | None:
        if honours is None or honours == ():
            return None
        if isinstance(honours, (str, bytes)) or not isinstance(honours, (tuple, list)) or len(honours) != 2:
            raise RuleError("honours are given as (who held them, 100 or 150); the dummy's go to the declarer")
        holder = self._seated_player(honours[0], "honours holder")
        points = honours[1]
        if isinstance(points, bool) or points not in _HONOURS_POINTS:
            raise RuleError("honours are worth 100 or 150, not %(points)r", points=points)
        if contract.strain == "N" and points != 150:
            raise RuleError("at no-trump only four aces in one hand count, for 150")
        return holder, points

    def play(self, declarer: str, contract: str, tricks: int, honours: tuple[str, int] | None = None) -> TowieDeal:
        """A game contract played out. honours: (who held them, 100 or 150), or None."""
        parsed = parse_contract(contract)
        if not is_game_contract(parsed):
            if parsed is None:
                raise RuleError("Nobody bid: the deal is redealt as a goulash and scores nothing")
            raise RuleError(
                "%(contract)s is not a game contract: the deal is redealt as a goulash and scores nothing",
                contract=str(parsed),
            )
        parsed = cast(Contract, parsed)  # a game contract: not None
        who = self._seated_player(declarer, "declarer")
        check_tricks(tricks)
        claim = self._honours(honours, parsed)
        deal = self._new_deal("played", str(parsed), who, tricks)
        deal.honours = claim
        vulnerable = self.vulnerable(who)
        needed = parsed.tricks_needed
        deal.made = tricks >= needed
        if deal.made:
            self._made(deal, who, parsed, vulnerable, tricks - needed)
        else:
            penalty = undertrick_penalty(parsed, vulnerable, needed - tricks)
            for player in self.players:
                if player != who:
                    self._add(deal, player, penalty, words("%(who)s down %(tricks)s", who=who, tricks=needed - tricks))
        if claim:
            self._add(deal, claim[0], claim[1], words("honours"))
        if self.track_seats:
            deal.next_seats = who_plays_next(
                cast(tuple[str, ...], self.seated),
                cast(tuple[str, ...], self.waiting),
                who,
                deal.made,
                [p for p in self.players if self.vulnerable(p)],
                self.dealer,
            )
            self.seated, self.waiting = deal.next_seats.seated, deal.next_seats.waiting
            self.dealer = deal.next_seats.dealer
        return self._close(deal)

    def _made(self, deal: TowieDeal, who: str, contract: Contract, vulnerable: bool, overtricks: int) -> None:
        self._add(deal, who, trick_score(contract), words("tricks"))
        self._add(deal, who, overtrick_points(contract, vulnerable, overtricks), words("overtricks"))
        label = words("redoubled contract made") if contract.doubled == 2 else words("doubled contract made")
        self._add(deal, who, doubled_bonus(contract, vulnerable), label)
        slam = words("grand slam") if contract.level == 7 else words("small slam")
        self._add(deal, who, slam_bonus(contract, vulnerable), slam)
        deal.game_won_by = who
        if self.games[who]:
            self._add(deal, who, RUBBER_GAME, words("rubber"))
            deal.rubber_won_by = who
            self.rubbers_won[who] += 1
            self.rubber += 1
            self.games = dict.fromkeys(self.players, 0)
        else:
            self._add(deal, who, FIRST_GAME, words("game"))
            self.games[who] = 1

    def goulash(self, contract: str = "PASS") -> TowieDeal:
        """Nobody bid a game (contract: the final bid, if any): the same dealer redeals; nothing scores."""
        parsed = parse_contract(contract)
        if is_game_contract(parsed):
            raise RuleError(
                "%(contract)s is a game contract: it is played, not redealt as a goulash", contract=str(parsed)
            )
        return self._close(self._new_deal("goulash", "PASS" if parsed is None else str(parsed)))

    def exposure(self, dealer: str | None = None) -> TowieDeal:
        """The dealer turned up more than six dummy cards: void deal, 100 to each other seated player."""
        if self.seated is None:
            raise RuleError("with four or five players the sheet must follow the seats to know who sits at the table")
        if dealer is None and self.dealer is None:
            raise RuleError("say which player dealt")
        who = self._seated_player(cast(str, self.dealer) if dealer is None else dealer, "dealer")
        if self.track_seats:
            self.dealer = who  # he deals the new deal
        deal = self._new_deal("exposure", "", dealer=who)
        for player in self.seated:
            if player != who:
                self._add(deal, player, EXPOSURE_PENALTY, words("%(who)s turned up more than six dummy cards", who=who))
        return self._close(deal)

    def settlement(self, stake: Decimal | str | int | None = None, per: int = 100) -> "Settlement":
        return settlement(self.totals, stake, per)


def _unpack(
    hand: tuple[str, str, int] | tuple[str, str, int, tuple[str, int] | None], number: int
) -> tuple[str, str, int, tuple[str, int] | None]:
    if isinstance(hand, (str, bytes)) or not isinstance(hand, (tuple, list)) or len(hand) not in (3, 4):
        raise RuleError("hand %(number)s must be (declarer, contract, tricks), like ('Ann', '4S', 10)", number=number)
    return cast(tuple[str, str, int, tuple[str, int] | None], tuple(hand) if len(hand) == 4 else (*hand, None))


def _score_hand(sheet: TowieSheet, declarer: str, contract: str, tricks: int, honours: tuple[str, int] | None) -> None:
    parsed = parse_contract(contract)
    if is_game_contract(parsed):
        sheet.play(declarer, contract, tricks, honours)
        return
    if parsed is not None:  # a contract below game: still check what was written
        if declarer not in (None, ""):
            _find(sheet.players, declarer, "declarer")
        check_tricks(tricks)
    if honours:
        raise RuleError("a goulash is not played: no honours score")
    sheet.goulash(contract)


def score_sheet(
    players: list[str], hands: Sequence[tuple[str, str, int] | tuple[str, str, int, tuple[str, int] | None]]
) -> dict[str, int]:
    """Each player's total after the hands, in order: (declarer, contract, tricks[, honours])."""
    sheet = TowieSheet(players, track_seats=False)
    if isinstance(hands, (str, bytes, Mapping)) or not isinstance(hands, Iterable):
        raise RuleError("the hands must be a list of (declarer, contract, tricks)")
    for number, hand in enumerate(hands, start=1):
        try:
            _score_hand(sheet, *_unpack(hand, number))
        except ValueError as error:
            if str(error).startswith("hand "):
                raise error from None
            # The engine's own sentence, after the hand's number (`say` translates both).
            problem = error if isinstance(error, RuleError) else str(error)
            raise RuleError("hand %(number)s: %(problem)s", number=number, problem=problem) from None
    return dict(sheet.totals)


# --- settlement -----------------------------------------------------------------------------


def round_total(total: int) -> int:
    """To the nearest 100, exactly 50 up: 40 -> 0, 50 -> 100, 150 -> 200, 2,640 -> 2,600."""
    if isinstance(total, bool) or not isinstance(total, int):
        raise RuleError("a total must be a whole number of points, not %(total)r", total=total)
    return (total + 50) // 100 * 100


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    points: int
    money: Decimal | None = None


@dataclass(frozen=True)
class Settlement:
    totals: dict[str, int]
    rounded: dict[str, int]
    payments: tuple[Payment, ...]  # every pair with a difference: the lower pays the higher
    net: dict[str, int]  # sums to zero
    stake: Decimal | None = None  # money per `per` points
    per: int = 100
    money: dict[str, Decimal] | None = None


def _check_totals(totals: Mapping[str, int]) -> dict[str, int]:
    if not isinstance(totals, Mapping):
        raise RuleError("the totals must give each player's points, like {'Ann': 2640, 'Bob': 650}")
    names = _check_names(totals.keys())
    if len(names) < 2:
        raise RuleError("settling needs the totals of at least two players")
    return {name: _check_total(total, name) for name, total in zip(names, totals.values(), strict=True)}


def _check_total(total: int, name: str) -> int:
    if isinstance(total, bool) or not isinstance(total, int):
        raise RuleError("%(name)s's total must be a whole number of points, not %(total)r", name=name, total=total)
    return total


def _check_stake(stake: Decimal | str | int | None, per: int) -> Decimal | None:
    if isinstance(per, bool) or not isinstance(per, int) or per <= 0:
        raise RuleError("the stake is per a whole, positive number of points (100 or 1), not %(per)r", per=per)
    if stake is None:
        return None
    try:
        value = Decimal(str(stake).strip()) if not isinstance(stake, bool) else None
    except InvalidOperation:
        value = None
    if value is None or not value.is_finite() or value < 0:
        raise RuleError("the stake must be an amount of money like 0.10, not %(stake)r", stake=stake)
    return value


def settlement(totals: Mapping[str, int], stake: Decimal | str | int | None = None, per: int = 100) -> Settlement:
    """Round the totals, settle every pair, and optionally show money at `stake` per `per` points."""
    checked = _check_totals(totals)
    stake = _check_stake(stake, per)
    rounded = {name: round_total(total) for name, total in checked.items()}
    names = list(rounded)
    payments = []
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            difference = rounded[first] - rounded[second]
            if difference:
                payer, payee = (second, first) if difference > 0 else (first, second)
                payments.append(Payment(payer, payee, abs(difference), _money(abs(difference), stake, per)))
    everyone = sum(rounded.values())
    net = {name: len(names) * points - everyone for name, points in rounded.items()}
    money = None if stake is None else {name: cast(Decimal, _money(points, stake, per)) for name, points in net.items()}
    return Settlement(dict(checked), rounded, tuple(payments), net, stake, per, money)


def _money(points: int, stake: Decimal | None, per: int) -> Decimal | None:
    return None if stake is None else points * stake / per


def settle(totals: dict[str, int]) -> dict[str, int]:
    """Each player's net after settling with every other player on rounded totals (sums to zero)."""
    return settlement(totals).net

"""Reads for the Boston pages: a table's sheet, worked out by replaying its deals through the engine.

Nothing computed is stored: every figure comes from `tournaments.rules.boston` each time the sheet
is read. The sheet page costs two queries whatever the number of deals: the table (with its party
and club) and its deals.

What is read here is data (numbers, codes, names, the engine's results); the sentences a person
reads are made from it in tournaments/presentation/boston.py and the templates.
"""

import hashlib
from dataclasses import dataclass, field
from decimal import Decimal

from django.shortcuts import get_object_or_404

from tournaments.directors import Director
from tournaments.models import BostonDeal, BostonTable, Club
from tournaments.rules import boston
from tournaments.selectors.clubs import of_my_clubs

# ---- the bids and the house rows ----------------------------------------------------------------

# Bids in the order they rank (Foster's): Boston's misères sit among the trick bids.
BOSTON_ORDER = (
    "5", "6", "7", "little misere", "8", "9", "grand misere", "10", "11", "little spread", "12", "grand spread", "13",
)  # fmt: skip
FONTAINEBLEAU_ORDER = (
    "5", "6", "little misere", "7", "piccolissimo", "8", "grand misere", "9", "little spread", "10", "grand spread",
    "11", "12", "13", "spread slam",
)  # fmt: skip
# French Boston's rows the book does not print, with the parts each row needs (the club fills them in).
TRICK_PARTS = ("base", "three_honours", "four_honours", "extra_trick")
FRENCH_HOUSE_ROWS = (
    ("7", TRICK_PARTS),
    ("9", TRICK_PARTS),
    ("10", TRICK_PARTS),
    ("11", TRICK_PARTS),
    ("12", TRICK_PARTS),
    ("13", TRICK_PARTS[:3]),
    ("spread slam", TRICK_PARTS[:3]),
    ("piccolissimo", ("base",)),
    ("grand misere", ("base",)),
    ("little spread", ("base",)),
    ("grand spread", ("base",)),
    ("partners 9", ("base", "extra_trick")),
    ("partners 10", ("base", "extra_trick")),
    ("partners 11", ("base", "extra_trick")),
    ("partners 12", ("base", "extra_trick")),
    ("partners 13", ("base",)),
    ("partners spread slam", ("base",)),
)
NO_TRUMP_ROWS = ("5", "6", "7", "8", "9", "10", "11", "12", "13", "spread slam")
FRENCH_SUITS = ("S", "C", "D", "H")  # the book's order for French Boston's rows


def family_of(variant: str) -> str:
    return boston.FAMILY[variant]


def bid_order(variant: str) -> tuple[str, ...]:
    return BOSTON_ORDER if family_of(variant) == "boston" else FONTAINEBLEAU_ORDER


def seat_name(players: list[str], seat: int | None) -> str | None:
    return players[seat - 1] if seat else None


# ---- replaying the deals ------------------------------------------------------------------------


def house_settings(table: BostonTable) -> dict:
    """The engine's `house` mapping from the table's settings; only the variant's own settings."""
    family = family_of(table.variant)
    house: dict = {}
    if family == "boston":
        if table.pool_feed is not None:
            house["pool_feed"] = table.pool_feed
        if table.pool_unlimited:
            house["pool_limit"] = None
        elif table.pool_limit is not None:
            house["pool_limit"] = table.pool_limit
    elif family == "fontainebleau" and table.no_trump:
        house["no_trump"] = dict(table.no_trump)
    elif family == "french" and table.french_rows:
        house["french"] = dict(table.french_rows)
    return house


def game_start(table: BostonTable) -> boston.BostonGame:
    """A new game for the table (ValueError when a setting is missing or wrong)."""
    play_for_pool = table.play_for_pool and family_of(table.variant) == "french"
    return boston.BostonGame(table.variant, table.players, house=house_settings(table), play_for_pool=play_for_pool)


def deal_apply(game: boston.BostonGame, table: BostonTable, deal: BostonDeal) -> boston.DealResult:
    """Play one stored (or candidate) deal on the game; ValueError when the engine refuses it."""
    players = table.players
    turned = deal.turned or None
    if deal.kind == BostonDeal.Kind.PARTOUT:
        return game.misere_partout(dict(zip(players, deal.partout, strict=True)), turned=turned)
    if deal.kind == BostonDeal.Kind.PASSED:
        return game.passed(turned=turned)
    return game.play(
        seat_name(players, deal.caller),
        deal.bid,
        deal.tricks,
        suit=deal.suit or None,
        honours=deal.honours,
        partner=seat_name(players, deal.partner),
        i_pay=deal.i_pay,
        turned=turned,
    )


def game_finish(game: boston.BostonGame, table: BostonTable) -> boston.DealResult:
    return game.finish(last_trick=seat_name(table.players, table.last_trick), stop_early=table.stopped_early)


@dataclass
class Problem:
    """What the engine no longer accepts (after a change of settings): the settings, a deal, or the end."""

    where: str  # "settings", "deal" or "end"
    error: Exception  # the engine's refusal (a RuleError), said by tournaments.presentation.boston
    number: int | None = None  # the deal's


@dataclass
class Replay:
    game: boston.BostonGame | None
    results: list[boston.DealResult]
    closing: boston.DealResult | None = None
    problem: Problem | None = None


def game_replay(table: BostonTable, deals: list[BostonDeal]) -> Replay:
    try:
        game = game_start(table)
    except ValueError as error:
        return Replay(None, [], problem=Problem("settings", error))
    results = []
    for deal in deals:
        try:
            results.append(deal_apply(game, table, deal))
        except ValueError as error:
            return Replay(game, results, problem=Problem("deal", error, deal.number))
    closing = None
    if table.is_finished:
        try:
            closing = game_finish(game, table)
        except ValueError as error:
            return Replay(game, results, problem=Problem("end", error))
    return Replay(game, results, closing)


# ---- the sheet ----------------------------------------------------------------------------------


@dataclass
class Cell:
    player: str
    net: int
    total: int


@dataclass
class DealRow:
    number: int
    dealer: str
    double: bool
    result: boston.DealResult  # what happened and who paid whom (tournaments.presentation.boston says it)
    variant: str
    cells: list[Cell]  # one per player, in seat order
    pools: list[int]
    amount: int
    stored: BostonDeal | None = None  # None for the closing division


@dataclass
class Progress:
    played: int
    in_game: int
    next_number: int
    next_dealer: str | None
    next_double: bool
    over: bool
    finished: bool
    stopped_early: bool
    belle: str | None
    petite: str | None
    extra: bool  # French Boston playing on for the pool after the fortieth deal

    @property
    def left(self) -> int:
        return max(0, self.in_game - self.played)


@dataclass
class SettlementRow:
    player: str
    counters: int
    red: int
    white: int
    money: Decimal | None  # None when they play for counters only


@dataclass
class Settlement:
    rows: list[SettlementRow]
    counter_payments: list[tuple[str, str, int]]  # (payer, payee, counters)
    money_payments: list[tuple[str, str, Decimal]]  # (payer, payee, money)
    final: bool  # the game is finished; otherwise the standing so far, pools still on the table


@dataclass
class Sheet:
    table: BostonTable
    players: list[str]
    family: str
    rows: list[DealRow]
    closing: DealRow | None
    progress: Progress | None
    pools: list[int]
    totals: list[tuple[str, int]]  # each player's running total, in seat order
    settlement: Settlement | None
    problem: Problem | None = None
    deals: list[BostonDeal] = field(default_factory=list)

    @property
    def last(self) -> DealRow | None:
        return self.rows[-1] if self.rows else None

    @property
    def state(self) -> str:
        """A short mark of what the entry form depends on: the deals played, the game over or finished.

        A live page keeps the mark it was opened with; a sheet with another mark means the form on
        that page is out of date (a deal was entered or removed, or the game finished, meanwhile).
        """
        over = bool(self.progress and self.progress.over)
        key = repr((len(self.rows), over, self.table.is_finished, bool(self.problem)))
        return hashlib.blake2b(key.encode(), digest_size=4).hexdigest()


def row_for(result: boston.DealResult, table: BostonTable, stored: BostonDeal | None = None) -> DealRow:
    players = table.players
    cells = [Cell(p, result.net.get(p, 0), result.totals.get(p, 0)) for p in players]
    return DealRow(
        number=result.number,
        dealer=result.dealer or "",
        double=result.double,
        result=result,
        variant=table.variant,
        cells=cells,
        pools=list(result.pools),
        amount=result.amount,
        stored=stored,
    )


def _progress(game: boston.BostonGame, table: BostonTable) -> Progress:
    return Progress(
        played=len(game.deals),
        in_game=game.deals_in_game,
        next_number=game.deal_number,
        next_dealer=None if game.over else game.dealer,
        next_double=game.is_double,
        over=game.over,
        finished=game.finished,
        stopped_early=table.stopped_early,
        belle=game.belle,
        petite=game.petite,
        extra=game.family == "french" and len(game.deals) >= game.deals_in_game and not game.over,
    )


def money_value(table: BostonTable) -> Decimal | None:
    """Money for one white counter, or None when they play for counters only."""
    if table.money_value is None:
        return None
    return table.money_value if table.money_per == "white" else table.money_value / boston.RED


def _settlement(game: boston.BostonGame, table: BostonTable) -> Settlement:
    """Each player's counters (red and white) and money; once finished, who hands whom what."""
    value = money_value(table)
    if not game.finished:
        rows = []
        for player, counters in game.totals.items():
            red, white = divmod(abs(counters), boston.RED)
            amount = counters * value if value is not None else None
            rows.append(SettlementRow(player, counters, red, white, amount))
        return Settlement(rows, [], [], final=False)
    counted = game.settlement(white_value=1)  # at one a counter the "money" is the counters themselves
    money = game.settlement(white_value=value) if value is not None else None
    rows = []
    for player, line in counted.players.items():
        amount = money.players[player].money if money else None
        rows.append(SettlementRow(player, line.counters, line.red, line.white, amount))
    counter_payments = [(payer, payee, int(n)) for payer, payee, n in counted.payments]
    money_payments = list(money.payments) if money else []
    return Settlement(rows, counter_payments, money_payments, final=True)


def table_get(table_id: int, *, user: Director) -> BostonTable:
    tables = BostonTable.objects.select_related("party", "club")  # the club: its language and paper for the PDF
    return get_object_or_404(of_my_clubs(tables, user), pk=table_id)


def table_has_deals(table: BostonTable) -> bool:
    return BostonDeal.objects.filter(table=table).exists()


def table_deals(table: BostonTable) -> list[BostonDeal]:
    return list(BostonDeal.objects.filter(table=table).order_by("number"))


def table_sheet(table: BostonTable, deals: list[BostonDeal] | None = None) -> Sheet:
    """Everything the sheet page and the printed sheet show (one query: the deals)."""
    deals = table_deals(table) if deals is None else deals
    replay = game_replay(table, deals)
    game = replay.game
    rows = [row_for(result, table, deal) for result, deal in zip(replay.results, deals, strict=False)]
    return Sheet(
        table=table,
        players=table.players,
        family=family_of(table.variant),
        rows=rows,
        closing=row_for(replay.closing, table) if replay.closing else None,
        progress=_progress(game, table) if game else None,
        pools=game.pools.amounts() if game else [],
        totals=[(p, game.totals[p] if game else 0) for p in table.players],
        settlement=_settlement(game, table) if game and not replay.problem else None,
        problem=replay.problem,
        deals=deals,
    )


@dataclass
class Preview:
    row: DealRow | None
    error: Exception | None = None  # the engine's refusal


def deal_preview(table: BostonTable, deals: list[BostonDeal], candidate: BostonDeal) -> Preview:
    """What a new or corrected deal would do, without saving anything."""
    try:
        game = game_start(table)
        for deal in deals:
            if deal.number == candidate.number:
                break
            deal_apply(game, table, deal)
        result = deal_apply(game, table, candidate)
    except ValueError as error:
        return Preview(None, error)
    return Preview(row_for(result, table))


def deals_in_game(variant: str) -> int:
    return boston.FRENCH_DEALS if family_of(variant) == "french" else 12


@dataclass
class TableLine:
    table: BostonTable
    played: int
    in_game: int


def tables_list(club: Club, party_id: int | None = None) -> list[TableLine]:
    """Every Boston table of the club, newest first, with its deal count (one query)."""
    tables = BostonTable.objects.filter(club=club).for_list()
    if party_id:
        tables = tables.filter(party_id=party_id)
    return [TableLine(t, t.deals_played, deals_in_game(t.variant)) for t in tables]

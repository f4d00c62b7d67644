"""Reads for the Boston pages: a table's sheet, worked out by replaying its deals through the engine.

Nothing computed is stored: every figure comes from `tournaments.rules.boston` each time the sheet
is read. The sheet page costs two queries whatever the number of deals: the table (with its party)
and its deals.
"""

import hashlib
import re
from dataclasses import dataclass, field
from decimal import Decimal

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.models import BostonDeal, BostonTable
from tournaments.printing.boston import BostonSheet as BostonSheetPrint
from tournaments.printing.boston import SettlementLine, SheetLine
from tournaments.rules import boston
from tournaments.selectors.clubs import of_my_clubs

# ---- words --------------------------------------------------------------------------------------

SUIT_WORDS = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts", "NT": "no trump"}
SUIT_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "NT": "NT"}
MISERE_WORDS = {
    "little misere": "little misère",
    "piccolissimo": "piccolissimo",
    "grand misere": "grand misère",
    "little spread": "little spread",
    "grand spread": "grand spread",
}
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
PART_WORDS = {
    "base": "for the bid",
    "three_honours": "three honours",
    "four_honours": "four honours",
    "extra_trick": "each extra trick",
}
NO_TRUMP_ROWS = ("5", "6", "7", "8", "9", "10", "11", "12", "13", "spread slam")
FRENCH_SUITS = ("S", "C", "D", "H")  # the book's order for French Boston's rows


def family_of(variant: str) -> str:
    return boston.FAMILY[variant]


def bid_order(variant: str) -> tuple[str, ...]:
    return BOSTON_ORDER if family_of(variant) == "boston" else FONTAINEBLEAU_ORDER


def bid_word(bid: str, variant: str) -> str:
    """ "8" -> "8 tricks"; "13" at Fontainebleau -> "slam (13 tricks)"; misères by name."""
    if bid in MISERE_WORDS:
        return MISERE_WORDS[bid]
    if bid == "spread slam":
        return "spread slam"
    family = family_of(variant)
    if bid == "13" and family == "fontainebleau":
        return "slam (13 tricks)"
    if family == "french" and bid in ("6", "8"):
        return f"{bid} tricks ({'petite' if bid == '6' else 'grande'} indépendance)"
    return f"{bid} tricks"


def french_row_word(key: str) -> str:
    if key.startswith("partners "):
        rest = key.removeprefix("partners ")
        return f"Partners’ {rest}"
    return f"{key} tricks alone" if key.isdigit() else MISERE_WORDS.get(key, key).capitalize()


def seat_name(players: list[str], seat: int | None) -> str | None:
    return players[seat - 1] if seat else None


def friendly(error: Exception | str) -> str:
    """The engine's message, for people: a missing house setting says where the club fills it in."""
    text = str(error)
    text = re.sub(
        r": it is a house setting, supply it as house\[.*$",
        ": it is the club's choice. Fill it in under the table's house settings (Settings), then try again",
        text,
    )
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


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
class Replay:
    game: boston.BostonGame | None
    results: list[boston.DealResult]
    closing: boston.DealResult | None = None
    problem: str = ""  # a stored deal the engine no longer accepts (after a change of settings)


def game_replay(table: BostonTable, deals: list[BostonDeal]) -> Replay:
    try:
        game = game_start(table)
    except ValueError as error:
        return Replay(None, [], problem=f"The table's settings are incomplete: {friendly(error)}")
    results = []
    for deal in deals:
        try:
            results.append(deal_apply(game, table, deal))
        except ValueError as error:
            return Replay(game, results, problem=f"Deal {deal.number} no longer adds up: {friendly(error)}")
    closing = None
    if table.is_finished:
        try:
            closing = game_finish(game, table)
        except ValueError as error:
            return Replay(game, results, problem=f"The end of the game no longer adds up: {friendly(error)}")
    return Replay(game, results, closing)


# ---- describing a deal --------------------------------------------------------------------------


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# The engine's reasons for pool movements, shortened for the sheet ("" says nothing more is needed).
POOL_NOTES = {
    "the dealer feeds the pool": "as dealer",
    "the failed caller pays the pool": "",
    "the successful caller takes the pool": "",
    "the successful caller takes a pool": "",
    "the successful partners divide the pool": "the partners divide it",
    "misère partout: the fewest tricks win the pool": "fewest tricks",
    "the twelfth deal: the adversaries divide the pool": "the twelfth deal: the adversaries divide it",
    "the end: the pools are divided equally": "divided equally",
    "the thirteenth deal: the last trick takes the pools": "the last trick of the thirteenth deal",
}


def _pool_line(t: boston.Transfer) -> str:
    note = POOL_NOTES.get(t.reason, t.reason)
    note = f" ({note})" if note else ""
    if t.payee == boston.POOL:
        return f"{t.payer} puts {t.amount} in the pool{note}"
    return f"{t.payee} takes {t.amount} from the pool{note}"


def _each(payees: list[tuple[str, int]]) -> str:
    """ "Bob, Cat and Dan 19 each", or "Bob 40, Cat 10 and Dan 60"."""
    amounts = {amount for _, amount in payees}
    if len(payees) > 1 and len(amounts) == 1:
        return f"{_names([name for name, _ in payees])} {amounts.pop()} each"
    return _names([f"{name} {amount}" for name, amount in payees])


def transfer_lines(transfers: list[boston.Transfer]) -> list[str]:
    """Who pays whom, in words: "Bob, Cat and Dan each pay Ann 23"; "Ann puts 10 in the pool"."""
    lines: list[str] = []
    between = [t for t in transfers if boston.POOL not in (t.payer, t.payee)]
    by_payee: dict[tuple[str, int], list[str]] = {}
    for t in between:
        by_payee.setdefault((t.payee, t.amount), []).append(t.payer)
    by_payer: dict[str, list[tuple[str, int]]] = {}
    for (payee, amount), payers in by_payee.items():
        if len(payers) > 1:
            lines.append(f"{_names(payers)} each pay {payee} {amount}")
        else:
            by_payer.setdefault(payers[0], []).append((payee, amount))
    lines += [f"{payer} pays {_each(payees)}" for payer, payees in by_payer.items()]
    lines += [_pool_line(t) for t in transfers if boston.POOL in (t.payer, t.payee)]
    return lines


def _contract_words(result: boston.DealResult, variant: str) -> str:
    words = bid_word(result.bid, variant)
    if result.bid in MISERE_WORDS:
        return (
            f"{words} ({SUIT_WORDS[result.suit]} turned)" if result.suit and family_of(variant) == "french" else words
        )
    suit = f" in {SUIT_WORDS[result.suit]}" if result.suit else ""
    return words + suit


def _outcome(result: boston.DealResult) -> str:
    if result.i_pay:
        return "the adversaries said “I pay”"
    tricks = f"{result.tricks} trick{'s' if result.tricks != 1 else ''}"
    return f"{tricks}: {'made' if result.made else 'failed'}"


def describe(result: boston.DealResult, variant: str) -> str:
    """The deal in words, e.g. "Bob with Dan: 7 tricks in diamonds, 9 tricks: failed"."""
    if result.kind == "misere partout":
        return "Misère partout: " + ", ".join(f"{p} {n}" for p, n in result.tricks.items())
    if result.kind == "passed":
        return "Everyone passed: thrown in"
    if result.kind == "end":
        if result.caller:
            return f"Thirteenth deal at no trump: {result.caller} took the last trick and the pools"
        return "The end of the game: the pools are divided equally"
    who = result.caller + (f" with {result.partner}" if result.partner else "")
    honours = f", {result.honours} honours" if result.honours else ""
    return f"{who}: {_contract_words(result, variant)}{honours}; {_outcome(result)}"


def pools_words(pools: list[int]) -> str:
    if not pools:
        return "empty"
    return " + ".join(str(p) for p in pools)


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
    what: str
    lines: list[str]
    cells: list[Cell]  # one per player, in seat order
    pools: list[int]
    amount: int
    stored: BostonDeal | None = None  # None for the closing division

    @property
    def pools_text(self) -> str:
        return pools_words(self.pools)


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
    def trumps_text(self) -> str:
        """French Boston: "Belle: hearts; petite: clubs" (partners take one of them for trumps)."""
        if not self.belle:
            return ""
        petite = f"; petite: {SUIT_WORDS[self.petite]}" if self.petite else "; no petite (belle was turned)"
        return f"Belle: {SUIT_WORDS[self.belle]}{petite}"

    @property
    def left(self) -> int:
        return max(0, self.in_game - self.played)


@dataclass
class SettlementRow:
    player: str
    counters: int
    red: int
    white: int
    money: Decimal | None
    money_text: str = ""


@dataclass
class Settlement:
    rows: list[SettlementRow]
    counter_payments: list[tuple[str, str, int]]
    money_payments: list[tuple[str, str, str]]
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
    house_notes: list[tuple[str, str]]
    book_notes: list[str]
    problem: str = ""
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

    @property
    def pools_text(self) -> str:
        return pools_words(self.pools)


def row_for(result: boston.DealResult, table: BostonTable, stored: BostonDeal | None = None) -> DealRow:
    players = table.players
    cells = [Cell(p, result.net.get(p, 0), result.totals.get(p, 0)) for p in players]
    return DealRow(
        number=result.number,
        dealer=result.dealer or "",
        double=result.double,
        what=describe(result, table.variant),
        lines=transfer_lines(result.transfers),
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
            rows.append(SettlementRow(player, counters, red, white, amount, money_words(amount, table.currency)))
        return Settlement(rows, [], [], final=False)
    counted = game.settlement(white_value=1)  # at one a counter the "money" is the counters themselves
    money = game.settlement(white_value=value) if value is not None else None
    rows = []
    for player, line in counted.players.items():
        amount = money.players[player].money if money else None
        rows.append(
            SettlementRow(player, line.counters, line.red, line.white, amount, money_words(amount, table.currency))
        )
    counter_payments = [(payer, payee, int(n)) for payer, payee, n in counted.payments]
    money_payments = [(a, b, money_words(m, table.currency)) for a, b, m in money.payments] if money else []
    return Settlement(rows, counter_payments, money_payments, final=True)


def house_notes(table: BostonTable) -> list[tuple[str, str]]:
    """The club's choices, as shown on the page and the printed sheet: (setting, value)."""
    family = family_of(table.variant)
    if family == "boston":
        feed = "not set" if table.pool_feed is None else f"{table.pool_feed} counters each deal"
        if table.pool_unlimited:
            limit = "no limit"
        else:
            limit = "not set" if table.pool_limit is None else f"{table.pool_limit} counters a pool"
        return [("The dealer feeds the pool", feed), ("The pool's limit", limit)]
    if family == "fontainebleau":
        figures = [f"{row}: {table.no_trump[row]}" for row in NO_TRUMP_ROWS if row in table.no_trump]
        value = (
            "; ".join(figures)
            if figures
            else _("None set yet, so no-trump trick bids are refused: the club gives their figures under Settings.")
        )
        return [("Trick bids at no trump (“grand”)", value)]
    notes = [
        (
            "After the fortieth deal",
            "play on until the pool is won" if table.play_for_pool else "the pool is divided equally",
        )
    ]
    for key, parts in FRENCH_HOUSE_ROWS:
        row = table.french_rows.get(key)
        if row:
            notes.append((french_row_word(key), _french_row_words(row, parts)))
    if len(notes) == 1:
        notes.append(
            (
                "Rows the book does not print",
                _("None set yet, so a bid that needs one is refused: the club fills them in under Settings."),
            )
        )
    return notes


def _french_row_words(row: dict, parts: tuple[str, ...]) -> str:
    words = []
    for part in parts:
        figure = row.get(part)
        if isinstance(figure, dict):
            words.append(
                f"{PART_WORDS[part]} " + ", ".join(f"{figure[s]} {SUIT_WORDS[s]}" for s in FRENCH_SUITS if s in figure)
            )
        elif figure is not None:
            words.append(f"{PART_WORDS[part]} {figure}")
    return "; ".join(words)


def book_notes(table: BostonTable) -> list[str]:
    """What the book fixes, shown beside the club's choices so the two are not confused."""
    family = family_of(table.variant)
    notes = []
    if family == "boston":
        notes.append(
            "Twelve deals make a game; then the pools are divided equally, or a thirteenth deal at no trump "
            "gives them to the winner of its last trick."
        )
    elif family == "fontainebleau":
        notes.append("Twelve deals make a game. Each dealer puts 5 in the pool; no limit.")
    else:
        notes.append(
            "Forty deals make a game: deals 33 to 40 are the doubles. Each dealer puts 10 in the pool "
            "(20 in the doubles). The deal passes to the right."
        )
    return notes


def table_get(table_id: int, *, user) -> BostonTable:
    return get_object_or_404(of_my_clubs(BostonTable.objects.select_related("party"), user), pk=table_id)


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
        house_notes=house_notes(table),
        book_notes=book_notes(table),
        problem=replay.problem,
        deals=deals,
    )


@dataclass
class Preview:
    row: DealRow | None
    errors: list[str]


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
        return Preview(None, [friendly(error)])
    return Preview(row_for(result, table), [])


def deals_in_game(variant: str) -> int:
    return boston.FRENCH_DEALS if family_of(variant) == "french" else 12


@dataclass
class TableLine:
    table: BostonTable
    played: int
    in_game: int


def tables_list(club, party_id: int | None = None) -> list[TableLine]:
    """Every Boston table of the club, newest first, with its deal count (one query)."""
    tables = BostonTable.objects.filter(club=club).for_list()
    if party_id:
        tables = tables.filter(party_id=party_id)
    return [TableLine(t, t.deals_played, deals_in_game(t.variant)) for t in tables]


def money_words(amount: Decimal | None, currency: str = "") -> str:
    """-21.75 -> "−£21.75" (two decimals unless the value needs more); "" for None."""
    if amount is None:
        return ""
    cents = amount.quantize(Decimal("0.01"))
    shown = cents if cents == amount else amount.normalize()
    sign = "\u2212" if shown < 0 else ""  # the true minus sign, as every figure on the pages
    return f"{sign}{currency}{abs(shown):,}"


# ---- words for the page and the printed sheet ---------------------------------------------------


def progress_words(progress: Progress | None) -> str:
    if progress is None:
        return ""
    if progress.finished:
        early = " (stopped early by agreement)" if progress.stopped_early else ""
        return f"Finished after {progress.played} deal{'s' if progress.played != 1 else ''}{early}."
    if progress.over:
        return f"All {progress.in_game} deals are played: finish the game to divide the pools."
    if progress.extra:
        return f"The {progress.in_game} deals are played: playing on for the pool (deal {progress.next_number})."
    double = ", one of the doubles: every payment and pool contribution is doubled" if progress.next_double else ""
    return f"Deal {progress.next_number} of {progress.in_game}: {progress.next_dealer} deals{double}."


def counter_words(table: BostonTable) -> str:
    text = "A white counter is 1; a red counter is 10 white."
    value = money_value(table)
    if value is None:
        return text + " They play for counters only."
    white = money_words(value, table.currency)
    red = money_words(value * boston.RED, table.currency)
    return text + f" Money: {white} a white counter, {red} a red."


def sheet_print(sheet: Sheet) -> BostonSheetPrint:
    """The plain data the printed sheet is built from."""
    table = sheet.table
    rows = sheet.rows + ([sheet.closing] if sheet.closing else [])
    lines = [
        SheetLine(
            number="End" if row.stored is None else f"{row.number}{' double' if row.double else ''}",
            dealer=row.dealer,
            what=row.what,
            payments=row.lines,
            cells=[(cell.net, cell.total) for cell in row.cells],
            pools=row.pools_text,
        )
        for row in rows
    ]
    settlement = sheet.settlement.rows if sheet.settlement else []
    payments = []
    if sheet.settlement:
        payments = [f"{a} pays {b} {m}" for a, b, m in sheet.settlement.money_payments] or [
            f"{a} pays {b} {n} counters" for a, b, n in sheet.settlement.counter_payments
        ]
    return BostonSheetPrint(
        title=table.name,
        variant=table.get_variant_display(),
        players=sheet.players,
        day=table.date,
        party=table.party.name if table.party else "",
        counters=counter_words(table),
        house=sheet.house_notes,
        book=sheet.book_notes,
        progress=progress_words(sheet.progress),
        lines=lines,
        pools=sheet.pools_text,
        finished=bool(sheet.settlement and sheet.settlement.final),
        settlement=[
            SettlementLine(s.player, s.counters, f"{s.red} red, {s.white} white", s.money_text) for s in settlement
        ],
        payments=payments,
        problem=sheet.problem,
    )

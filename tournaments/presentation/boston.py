"""The Boston tables in words: the sheet, the settlement, the house settings and the printed sheet.

tournaments/selectors/boston.py replays the deals and returns data (numbers, codes, names); this
module says it in the reader's language, with numbers and money in the club's style
(tournaments.l10n). Boston is also a French game: its French words are the book's (misère,
poule, belle, petite...). `shown(sheet)` gives the templates a sheet whose rows, settlement and
notes carry their sentences; `sheet_print(shown_sheet)` the printed sheet's plain data.
"""

import re
from decimal import Decimal

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from tournaments import l10n
from tournaments.printing.boston import BostonSheet as BostonSheetPrint
from tournaments.printing.boston import SettlementLine, SheetLine
from tournaments.rules import boston
from tournaments.selectors.boston import (
    FRENCH_HOUSE_ROWS,
    FRENCH_SUITS,
    NO_TRUMP_ROWS,
    DealRow,
    Preview,
    Problem,
    Progress,
    Settlement,
    SettlementRow,
    Sheet,
    TableLine,
    family_of,
    money_value,
)

# ---- words --------------------------------------------------------------------------------------

SUIT_WORDS = {
    "S": pgettext_lazy("suit", "spades"),
    "C": pgettext_lazy("suit", "clubs"),
    "D": pgettext_lazy("suit", "diamonds"),
    "H": pgettext_lazy("suit", "hearts"),
    "NT": pgettext_lazy("suit", "no trump"),
}
SUIT_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
MISERE_WORDS = {
    "little misere": gettext_lazy("little misère"),
    "piccolissimo": gettext_lazy("piccolissimo"),
    "grand misere": gettext_lazy("grand misère"),
    "little spread": gettext_lazy("little spread"),
    "grand spread": gettext_lazy("grand spread"),
}
SPREAD_SLAM = gettext_lazy("spread slam")
PART_WORDS = {
    "base": gettext_lazy("for the bid"),
    "three_honours": gettext_lazy("three honours"),
    "four_honours": gettext_lazy("four honours"),
    "extra_trick": gettext_lazy("each extra trick"),
}
# The engine's reasons for pool movements (its English text), shortened for the sheet ("" says
# nothing more is needed).
POOL_NOTES = {
    "the dealer feeds the pool": gettext_lazy("as dealer"),
    "the failed caller pays the pool": "",
    "the successful caller takes the pool": "",
    "the successful caller takes a pool": "",
    "the successful partners divide the pool": gettext_lazy("the partners divide it"),
    "misère partout: the fewest tricks win the pool": gettext_lazy("fewest tricks"),
    "the twelfth deal: the adversaries divide the pool": gettext_lazy("the twelfth deal: the adversaries divide it"),
    "the end: the pools are divided equally": gettext_lazy("divided equally"),
    "the thirteenth deal: the last trick takes the pools": gettext_lazy("the last trick of the thirteenth deal"),
}


def tricks_word(count: int) -> str:
    return ngettext("%(count)s trick", "%(count)s tricks", count) % {"count": count}


def bid_word(bid: str, variant: str) -> str:
    """ "8" -> "8 tricks"; "13" at Fontainebleau -> "slam (13 tricks)"; misères by name."""
    if bid in MISERE_WORDS:
        return str(MISERE_WORDS[bid])
    if bid == "spread slam":
        return str(SPREAD_SLAM)
    family = family_of(variant)
    if bid == "13" and family == "fontainebleau":
        return _("slam (13 tricks)")
    if family == "french" and bid == "6":
        return _("6 tricks (petite indépendance)")
    if family == "french" and bid == "8":
        return _("8 tricks (grande indépendance)")
    return tricks_word(int(bid))


def french_row_word(key: str) -> str:
    """A row of French Boston's house settings: "9 tricks alone", "Partners’ 10", "Grand misère"."""
    if key.startswith("partners "):
        rest = key.removeprefix("partners ")
        if rest.isdecimal():
            return _("Partners’ %(tricks)s") % {"tricks": rest}
        return _("Partners’ spread slam")
    if key.isdecimal():
        count = int(key)
        return ngettext("%(count)s trick alone", "%(count)s tricks alone", count) % {"count": count}
    return capfirst(str(MISERE_WORDS.get(key, SPREAD_SLAM if key == "spread slam" else key)))


def names_text(names: list[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cat"."""
    if len(names) == 1:
        return names[0]
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


# ---- the engine's errors ------------------------------------------------------------------------

_HOUSE_MISSING = re.compile(r"^the book gives no figure for (?P<what>.*): it is a house setting, supply it as house\[")


def friendly(error: Exception | str) -> str:
    """The engine's message, for people, in the reader's language: a missing house setting says where
    the club fills it in."""
    found = _HOUSE_MISSING.match(str(error))
    if found:
        what = found["what"]
        figures = getattr(error, "figures", None) or {}
        # the engine's own words for the setting, translated when it gave them as words()
        shown = next((l10n.say(value) for value in figures.values() if str(value) == what), what)
        return _(
            "The book gives no figure for %(what)s: it is the club's choice. Fill it in under the table's "
            "house settings (Settings), then try again."
        ) % {"what": shown}
    text = capfirst(l10n.say(error))
    return text if text.endswith((".", "!", "?")) else text + "."


def problem_text(problem: Problem | None) -> str:
    """A stored deal (or the settings, or the end) the engine no longer accepts, in words."""
    if problem is None:
        return ""
    said = friendly(problem.error)
    if problem.where == "settings":
        return _("The table's settings are incomplete: %(problem)s") % {"problem": said}
    if problem.where == "deal":
        return _("Deal %(number)s no longer adds up: %(problem)s") % {"number": problem.number, "problem": said}
    return _("The end of the game no longer adds up: %(problem)s") % {"problem": said}


# ---- a deal -------------------------------------------------------------------------------------


def _pool_line(t: boston.Transfer) -> str:
    note = POOL_NOTES.get(str(t.reason))
    note = l10n.say(t.reason) if note is None else str(note)
    if t.payee == boston.POOL:
        text = (
            _("%(player)s puts %(amount)s in the pool (%(note)s)")
            if note
            else _("%(player)s puts %(amount)s in the pool")
        )
        player = t.payer
    else:
        text = (
            _("%(player)s takes %(amount)s from the pool (%(note)s)")
            if note
            else _("%(player)s takes %(amount)s from the pool")
        )
        player = t.payee
    return text % {"player": player, "amount": l10n.number(t.amount), "note": note}


def _each(payees: list[tuple[str, int]]) -> str:
    """ "Bob, Cat and Dan 19 each", or "Bob 40, Cat 10 and Dan 60"."""
    amounts = {amount for name, amount in payees}
    if len(payees) > 1 and len(amounts) == 1:
        names = names_text([name for name, amount in payees])
        return _("%(names)s %(amount)s each") % {"names": names, "amount": l10n.number(amounts.pop())}
    return names_text(
        [
            pgettext("a player and the counters paid", "%(name)s %(amount)s")
            % {"name": name, "amount": l10n.number(amount)}
            for name, amount in payees
        ]
    )


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
            lines.append(
                _("%(payers)s each pay %(payee)s %(amount)s")
                % {"payers": names_text(payers), "payee": payee, "amount": l10n.number(amount)}
            )
        else:
            by_payer.setdefault(payers[0], []).append((payee, amount))
    lines += [
        _("%(payer)s pays %(payees)s") % {"payer": payer, "payees": _each(payees)} for payer, payees in by_payer.items()
    ]
    lines += [_pool_line(t) for t in transfers if boston.POOL in (t.payer, t.payee)]
    return lines


def _contract_words(result: boston.DealResult, variant: str) -> str:
    assert result.bid is not None, "only a deal with a caller is said here, and the engine gives it its bid"
    bid = bid_word(result.bid, variant)
    if result.bid in MISERE_WORDS:
        if result.suit and family_of(variant) == "french":
            return _("%(bid)s (%(suit)s turned)") % {"bid": bid, "suit": SUIT_WORDS[result.suit]}
        return bid
    if result.suit:
        return _("%(bid)s in %(suit)s") % {"bid": bid, "suit": SUIT_WORDS[result.suit]}
    return bid


def _outcome(result: boston.DealResult) -> str:
    if result.i_pay:
        return _("the adversaries said “I pay”")
    count = result.tricks
    # Without "I pay" the caller's tricks were played: the engine keeps them as one count.
    assert isinstance(count, int), "a bid played out has the caller's tricks"
    if result.made:
        return ngettext("%(count)s trick: made", "%(count)s tricks: made", count) % {"count": count}
    return ngettext("%(count)s trick: failed", "%(count)s tricks: failed", count) % {"count": count}


def describe(result: boston.DealResult, variant: str) -> str:
    """The deal in words, e.g. "Bob with Dan: 7 tricks in diamonds; 9 tricks: failed"."""
    if result.kind == "misere partout":
        assert isinstance(result.tricks, dict), "misère partout keeps each player's tricks"
        tricks = ", ".join(
            pgettext("a player and the tricks taken", "%(name)s %(tricks)s") % {"name": player, "tricks": taken}
            for player, taken in result.tricks.items()
        )
        return _("Misère partout: %(tricks)s") % {"tricks": tricks}
    if result.kind == "passed":
        return _("Everyone passed: thrown in")
    if result.kind == "end":
        if result.caller:
            return _("Thirteenth deal at no trump: %(player)s took the last trick and the pools") % {
                "player": result.caller
            }
        return _("The end of the game: the pools are divided equally")
    who = (
        _("%(caller)s with %(partner)s") % {"caller": result.caller, "partner": result.partner}
        if result.partner
        else result.caller
    )
    contract = _contract_words(result, variant)
    if result.honours:
        contract = _("%(contract)s, %(honours)s honours") % {"contract": contract, "honours": result.honours}
    return _("%(who)s: %(contract)s; %(outcome)s") % {"who": who, "contract": contract, "outcome": _outcome(result)}


def pools_text(pools: list[int]) -> str:
    """ "100 + 20", or "empty"."""
    if not pools:
        return _("empty")
    return " + ".join(l10n.number(p) for p in pools)


# ---- money and counters -------------------------------------------------------------------------


def money_text(amount: Decimal | None, currency: str = "") -> str:
    """-21.75 -> "−£21.75" ("−21,75 £" in French): two decimals unless the value needs more; "" for None."""
    if amount is None:
        return ""
    cents = amount.quantize(Decimal("0.01"))
    if cents == amount:
        places = 2
    else:
        exponent = amount.normalize().as_tuple().exponent
        assert isinstance(exponent, int), "an amount of money is a finite number (not NaN, not infinite)"
        places = max(2, -exponent)
    figure = l10n.number(abs(amount), places)
    minus = l10n.MINUS if amount < 0 else ""
    if not currency:
        return minus + figure
    # Translators: how an amount of money is written; the currency sign is the club's (£, $, €).
    return pgettext("money", "%(minus)s%(currency)s%(amount)s") % {
        "minus": minus,
        "currency": currency,
        "amount": figure,
    }


def red_white_text(red: int, white: int) -> str:
    return _("%(red)s red, %(white)s white") % {"red": l10n.number(red), "white": l10n.number(white)}


def counter_words(table) -> str:
    """What a counter is worth: "A white counter is 1; a red counter is 10 white. Money: ..."."""
    text = _("A white counter is 1; a red counter is 10 white.")
    value = money_value(table)
    if value is None:
        return text + " " + _("They play for counters only.")
    white = money_text(value, table.currency)
    red = money_text(value * boston.RED, table.currency)
    return text + " " + _("Money: %(white)s a white counter, %(red)s a red.") % {"white": white, "red": red}


# ---- the progress of the game -------------------------------------------------------------------


def progress_words(progress: Progress | None) -> str:
    if progress is None:
        return ""
    if progress.finished:
        count = progress.played
        if progress.stopped_early:
            return ngettext(
                "Finished after %(count)s deal (stopped early by agreement).",
                "Finished after %(count)s deals (stopped early by agreement).",
                count,
            ) % {"count": count}
        return ngettext("Finished after %(count)s deal.", "Finished after %(count)s deals.", count) % {"count": count}
    if progress.over:
        return ngettext(
            "All %(count)s deals are played: finish the game to divide the pools.",
            "All %(count)s deals are played: finish the game to divide the pools.",
            progress.in_game,
        ) % {"count": progress.in_game}
    if progress.extra:
        return ngettext(
            "The %(count)s deals are played: playing on for the pool (deal %(number)s).",
            "The %(count)s deals are played: playing on for the pool (deal %(number)s).",
            progress.in_game,
        ) % {"count": progress.in_game, "number": progress.next_number}
    figures = {"number": progress.next_number, "count": progress.in_game, "dealer": progress.next_dealer}
    if progress.next_double:
        return (
            _(
                "Deal %(number)s of %(count)s: %(dealer)s deals, one of the doubles: every payment and pool "
                "contribution is doubled."
            )
            % figures
        )
    return _("Deal %(number)s of %(count)s: %(dealer)s deals.") % figures


def trumps_text(progress: Progress | None) -> str:
    """French Boston: "Belle: hearts; petite: clubs" (partners take one of them for trumps)."""
    if not progress or not progress.belle:
        return ""
    belle = SUIT_WORDS[progress.belle]
    if progress.petite:
        return _("Belle: %(belle)s; petite: %(petite)s") % {"belle": belle, "petite": SUIT_WORDS[progress.petite]}
    return _("Belle: %(belle)s; no petite (belle was turned)") % {"belle": belle}


# ---- the house settings and the book ------------------------------------------------------------


def _no_trump_row_word(row: str) -> str:
    return row if row.isdecimal() else str(SPREAD_SLAM)


def house_notes(table) -> list[tuple[str, str]]:
    """The club's choices, as shown on the page and the printed sheet: (setting, value)."""
    family = family_of(table.variant)
    if family == "boston":
        if table.pool_feed is None:
            feed = _("not set")
        else:
            feed = ngettext("%(count)s counter each deal", "%(count)s counters each deal", table.pool_feed) % {
                "count": l10n.number(table.pool_feed)
            }
        if table.pool_unlimited:
            limit = _("no limit")
        elif table.pool_limit is None:
            limit = _("not set")
        else:
            limit = ngettext("%(count)s counter a pool", "%(count)s counters a pool", table.pool_limit) % {
                "count": l10n.number(table.pool_limit)
            }
        return [(_("The dealer feeds the pool"), feed), (_("The pool's limit"), limit)]
    if family == "fontainebleau":
        figures = [
            pgettext("a row of the table and its figure", "%(row)s: %(figure)s")
            % {"row": _no_trump_row_word(row), "figure": l10n.number(table.no_trump[row])}
            for row in NO_TRUMP_ROWS
            if row in table.no_trump
        ]
        value = (
            "; ".join(figures)
            if figures
            else _("None set yet, so no-trump trick bids are refused: the club gives their figures under Settings.")
        )
        return [(_("Trick bids at no trump (“grand”)"), value)]
    notes = [
        (
            _("After the fortieth deal"),
            _("play on until the pool is won") if table.play_for_pool else _("the pool is divided equally"),
        )
    ]
    for key, parts in FRENCH_HOUSE_ROWS:
        row = table.french_rows.get(key)
        if row:
            notes.append((french_row_word(key), _french_row_words(row, parts)))
    if len(notes) == 1:
        notes.append(
            (
                _("Rows the book does not print"),
                _("None set yet, so a bid that needs one is refused: the club fills them in under Settings."),
            )
        )
    return notes


def _french_row_words(row: dict, parts: tuple[str, ...]) -> str:
    said = []
    for part in parts:
        figure = row.get(part)
        if isinstance(figure, dict):
            figures = ", ".join(
                pgettext("a figure and its suit", "%(figure)s %(suit)s")
                % {"figure": l10n.number(figure[s]), "suit": SUIT_WORDS[s]}
                for s in FRENCH_SUITS
                if s in figure
            )
        elif figure is not None:
            figures = l10n.number(figure)
        else:
            continue
        said.append(
            pgettext("a part of a row and its figures", "%(part)s %(figures)s")
            % {"part": PART_WORDS[part], "figures": figures}
        )
    return "; ".join(said)


def book_notes(table) -> list[str]:
    """What the book fixes, shown beside the club's choices so the two are not confused."""
    family = family_of(table.variant)
    if family == "boston":
        return [
            _(
                "Twelve deals make a game; then the pools are divided equally, or a thirteenth deal at no trump "
                "gives them to the winner of its last trick."
            )
        ]
    if family == "fontainebleau":
        return [_("Twelve deals make a game. Each dealer puts 5 in the pool; no limit.")]
    return [
        _(
            "Forty deals make a game: deals 33 to 40 are the doubles. Each dealer puts 10 in the pool "
            "(20 in the doubles). The deal passes to the right."
        )
    ]


# ---- the sheet as the templates show it ---------------------------------------------------------


class _Shown:
    """A selector's record as a person reads it: the words are added here, every other attribute is
    the record's own (its figures, names and codes)."""

    def __init__(self, data) -> None:
        self._data = data

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._data, name)


class ShownRow(_Shown):
    def __init__(self, row: DealRow) -> None:
        super().__init__(row)
        self.what = describe(row.result, row.variant)
        self.lines = transfer_lines(row.result.transfers)
        self.pools_text = pools_text(row.pools)


class ShownSettlementRow(_Shown):
    def __init__(self, row: SettlementRow, currency: str) -> None:
        super().__init__(row)
        self.money_text = money_text(row.money, currency)
        self.red_white = red_white_text(row.red, row.white)


class ShownSettlement(_Shown):
    def __init__(self, settlement: Settlement, currency: str) -> None:
        super().__init__(settlement)
        self.rows = [ShownSettlementRow(row, currency) for row in settlement.rows]
        self.money_payments = [(a, b, money_text(m, currency)) for a, b, m in settlement.money_payments]


class ShownSheet(_Shown):
    def __init__(self, sheet: Sheet) -> None:
        super().__init__(sheet)
        table = sheet.table
        self.rows = [ShownRow(row) for row in sheet.rows]
        self.closing = ShownRow(sheet.closing) if sheet.closing else None
        self.last = self.rows[-1] if self.rows else None
        self.settlement = ShownSettlement(sheet.settlement, table.currency) if sheet.settlement else None
        self.pools_text = pools_text(sheet.pools)
        self.progress_text = progress_words(sheet.progress)
        self.trumps_text = trumps_text(sheet.progress)
        self.house_notes = house_notes(table)
        self.book_notes = book_notes(table)
        self.counters = counter_words(table)
        self.problem = problem_text(sheet.problem)
        self.day = f"{l10n.day(table.date, long=True)}, {l10n.hours(table)}"


def shown(sheet: Sheet) -> ShownSheet:
    return ShownSheet(sheet)


class ShownPreview(_Shown):
    def __init__(self, preview: Preview) -> None:
        super().__init__(preview)
        self.row = ShownRow(preview.row) if preview.row else None
        self.errors = [friendly(preview.error)] if preview.error else []


def shown_preview(preview: Preview) -> ShownPreview:
    return ShownPreview(preview)


class ShownLine(_Shown):
    def __init__(self, line: TableLine) -> None:
        super().__init__(line)
        self.day = f"{l10n.day(line.table.date, long=True)}, {l10n.clock(line.table.start_time)}"


def shown_lines(lines: list[TableLine]) -> list[ShownLine]:
    return [ShownLine(line) for line in lines]


def saved_words(number: int, row: DealRow, *, corrected: bool = False) -> str:
    """After a deal is saved: "Deal 1 saved: Ann pays Bob 10; .... Pool after it: empty."."""
    said = ShownRow(row)
    figures = {"number": number, "lines": "; ".join(said.lines), "pools": said.pools_text}
    if corrected:
        return _("Deal %(number)s corrected: %(lines)s. Pool after it: %(pools)s.") % figures
    return _("Deal %(number)s saved: %(lines)s. Pool after it: %(pools)s.") % figures


# ---- the printed sheet --------------------------------------------------------------------------


def sheet_print(sheet: ShownSheet) -> BostonSheetPrint:
    """The plain data the printed sheet is built from, in the language of the moment (the view
    builds it within `l10n.printed_for(club)`)."""
    table = sheet.table
    rows = sheet.rows + ([sheet.closing] if sheet.closing else [])
    lines = [
        SheetLine(
            number=(
                pgettext("the closing line of a Boston sheet", "End")
                if row.stored is None
                else _("%(number)s double") % {"number": row.number}
                if row.double
                else str(row.number)
            ),
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
        payments = [
            _("%(payer)s pays %(payee)s %(money)s") % {"payer": a, "payee": b, "money": m}
            for a, b, m in sheet.settlement.money_payments
        ] or [
            ngettext("%(payer)s pays %(payee)s %(count)s counter", "%(payer)s pays %(payee)s %(count)s counters", n)
            % {"payer": a, "payee": b, "count": l10n.number(n)}
            for a, b, n in sheet.settlement.counter_payments
        ]
    return BostonSheetPrint(
        title=table.name,
        variant=table.get_variant_display(),
        players=sheet.players,
        day=table.date,
        party=table.party.name if table.party else "",
        counters=sheet.counters,
        house=sheet.house_notes,
        book=sheet.book_notes,
        progress=sheet.progress_text,
        lines=lines,
        pools=sheet.pools_text,
        finished=bool(sheet.settlement and sheet.settlement.final),
        settlement=[SettlementLine(s.player, s.counters, s.red_white, s.money_text) for s in settlement],
        payments=payments,
        problem=sheet.problem,
    )

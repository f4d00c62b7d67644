"""Reads for the Towie pages: the sheet worked out again from the stored deals, each a fixed number of queries.

The stored deals are inputs (who sat, who dealt, contract, tricks, honours); `sheet_replay` feeds them
to the engine (tournaments/rules/towie.py) in order, so a corrected or removed deal changes every
figure after it. The services call it too, to check a change before anything is saved.
"""

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments import l10n
from tournaments.directors import Director
from tournaments.models import Club, Guest, Party, TowieDeal, TowiePlayer, TowieTable
from tournaments.printing.towie import (
    PaymentLine,
    SettlementLine,
    SheetCell,
    SheetRow,
    TowieCardPrint,
    TowieSheetPrint,
)
from tournaments.rules import towie
from tournaments.rules.collation import names_sorted
from tournaments.rules.contract import parse_contract
from tournaments.rules.errors import RuleError
from tournaments.selectors.clubs import of_my_clubs

MIN_PLAYERS, MAX_PLAYERS = towie.MIN_PLAYERS, towie.MAX_PLAYERS

# The strains as a contract is read out ("4 spades doubled"); the codes in data stay "C D H S N".
STRAIN_WORDS = {
    "C": gettext_lazy("clubs"),
    "D": gettext_lazy("diamonds"),
    "H": gettext_lazy("hearts"),
    "S": gettext_lazy("spades"),
    "N": gettext_lazy("no-trump"),
}


# --- getting a table ---------------------------------------------------------------------------


def towie_list(club: Club, party: Party | None = None) -> QuerySet[TowieTable]:
    tables = TowieTable.objects.filter(club=club).for_list().annotate(player_count=Count("players", distinct=True))
    return tables.filter(party=party) if party is not None else tables


def towie_get(table_id: int, *, user: Director) -> TowieTable:
    return get_object_or_404(of_my_clubs(TowieTable.objects.select_related("party", "club"), user), pk=table_id)


def towie_by_token(token: str) -> TowieTable:
    """The table of a phone link, or a plain 404 (a wrong link says nothing more)."""
    if not token or len(token) > 64:
        raise Http404
    return get_object_or_404(TowieTable.objects.select_related("party", "club"), token=token)


def towie_players(table: TowieTable) -> list[TowiePlayer]:
    return list(table.players.order_by("order"))


def towie_deals(table: TowieTable) -> list[TowieDeal]:
    return list(table.deals.order_by("position"))


def towie_deal_get(table: TowieTable, deal_id: int) -> TowieDeal:
    return get_object_or_404(TowieDeal, pk=deal_id, table=table)


# --- replaying the stored deals through the engine ---------------------------------------------


class ReplayError(ValueError):
    """A stored or new deal the engine refuses: `number` is its place on the sheet (from 1).

    `message` is the engine's English text (to tell which field it is about); `said` the same in
    the reader's language.
    """

    def __init__(self, number: int, error: Exception | str) -> None:
        super().__init__(str(error))
        self.number = number
        self.error = error
        self.message = str(error)

    @property
    def said(self) -> str:
        return l10n.say(self.error)


def sentence(message: str) -> str:
    """An engine message as a sentence for the page: capital first letter, full stop."""
    message = message.strip()
    if not message:
        return message
    message = message[0].upper() + message[1:]
    return message if message.endswith((".", "!", "?")) else message + "."


@dataclass
class Replay:
    sheet: towie.TowieSheet
    names: dict[int, str]  # player id -> name
    ids: dict[str, int]  # name -> player id
    proposed: tuple[tuple[str, ...], tuple[str, ...], str | None]  # seated, waiting, dealer by the rules
    overridden: bool = False  # the table chose the next seats itself
    override_problem: str = ""


def sheet_seats(sheet: towie.TowieSheet) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """Who sits, who waits and who deals now. The app's sheets follow the seats (TowieSheet's default), and such a
    sheet always has all three."""
    seated, waiting, dealer = sheet.seated, sheet.waiting, sheet.dealer
    assert seated is not None and waiting is not None and dealer is not None, "the sheet follows the seats"
    return seated, waiting, dealer


def _deal_seats(deal: TowieDeal, names: dict[int, str]) -> tuple[tuple[str, str, str], str]:
    try:
        seated = (names[deal.seat_1_id], names[deal.seat_2_id], names[deal.seat_3_id])
        return seated, names[deal.dealer_id]
    except KeyError:
        raise RuleError("it names a player who is not at this table") from None


def _name(names: dict[int, str], player_id: int | None) -> str | None:
    if player_id is None:
        return None
    if player_id not in names:
        raise RuleError("it names a player who is not at this table")
    return names[player_id]


def deal_apply(sheet: towie.TowieSheet, deal: TowieDeal, names: dict[int, str]) -> towie.TowieDeal:
    """One stored deal onto the sheet: the seats it was played with, then what happened."""
    seated, dealer = _deal_seats(deal, names)
    if (sheet.seated, sheet.dealer) != (seated, dealer):
        sheet.seat(seated, dealer)
    if deal.kind == TowieDeal.Kind.PLAYED:
        holder = _name(names, deal.honours_holder_id)
        honours = None
        if holder or deal.honours:
            # The service stores both or neither; half of them is refused in the engine's own words.
            if holder is None:
                raise RuleError(
                    "the honours holder must be one of the players (%(players)s), not %(name)r",
                    players=", ".join(sheet.players),
                    name=None,
                )
            if deal.honours is None:
                raise RuleError("honours are worth 100 or 150, not %(points)r", points=None)
            honours = (holder, deal.honours)
        if deal.tricks is None:
            raise RuleError("the number of tricks taken is missing")
        return sheet.play(_name(names, deal.declarer_id) or "", deal.contract, deal.tricks, honours)
    if deal.kind == TowieDeal.Kind.GOULASH:
        return sheet.goulash(deal.contract or "PASS")
    if deal.kind == TowieDeal.Kind.EXPOSURE:
        return sheet.exposure()
    raise RuleError("%(kind)s is not a kind of deal", kind=repr(deal.kind))


def sheet_replay(players: Sequence[TowiePlayer], deals: Iterable[TowieDeal], next_seats: dict | None = None) -> Replay:
    """The sheet from the players (in the order of the draw) and the stored deals, in order.

    Raises ReplayError naming the first deal the engine refuses. next_seats: the table's own
    choice for the next deal; one that no longer fits is set aside with a note, not raised.
    """
    names = {player.id: player.name for player in players}
    try:
        sheet = towie.TowieSheet([player.name for player in players])
    except ValueError as error:
        raise ReplayError(0, error) from None
    for number, deal in enumerate(deals, start=1):
        try:
            deal_apply(sheet, deal, names)
        except ValueError as error:
            raise ReplayError(number, error) from None
    replay = Replay(sheet, names, {name: pk for pk, name in names.items()}, sheet_seats(sheet))
    if next_seats:
        try:
            seated = [names[pk] for pk in next_seats["seated"]]
            sheet.seat(seated, names[next_seats["dealer"]])
            replay.overridden = (sheet.seated, sheet.waiting, sheet.dealer) != replay.proposed
        except (KeyError, TypeError, ValueError):
            replay.override_problem = _("The seats the table chose no longer fit: the seats by the rules are shown.")
    return replay


# --- the score sheet page ----------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    points: int  # entered on this deal (0: nothing)
    total: int  # the running total after the deal
    vulnerable: bool  # as the deal was played
    role: str  # "declarer", "seated", "waiting"
    labels: str  # what the points are for: "tricks 150 + game 500"


@dataclass(frozen=True)
class Row:
    number: int
    deal: TowieDeal
    scored: towie.TowieDeal
    dealer: str
    what: str
    detail: str
    cells: list[Cell]
    rubber: int
    rubber_won_by: str | None
    next_reason: str


@dataclass
class SheetPage:
    table: TowieTable
    players: list[TowiePlayer]
    names: list[str]
    rows: list[Row] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    vulnerable: dict[str, bool] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)
    rubbers_won: dict[str, int] = field(default_factory=dict)
    rubber: int = 1
    seated: tuple[str, ...] = ()
    waiting: tuple[str, ...] = ()
    dealer: str | None = None
    proposed: tuple = ((), (), None)
    overridden: bool = False
    reason: str = ""
    problem: str = ""  # a stored deal that no longer reads (only after a hand edit in the admin)
    unread: list[TowieDeal] = field(default_factory=list)  # that deal and those after it
    settlement: towie.Settlement | None = None

    @property
    def drawn(self) -> bool:
        return self.table.is_drawn

    @property
    def columns(self) -> list[dict]:
        """Each player's column head: name, total, vulnerable, seated/waiting/dealing now."""
        return [
            {
                "name": name,
                "total": self.totals.get(name, 0),
                "vulnerable": self.vulnerable.get(name, False),
                "rubbers": self.rubbers_won.get(name, 0),
                "status": "deals" if name == self.dealer else "plays" if name in self.seated else "waits",
            }
            for name in self.names
        ]

    @property
    def settlement_lines(self) -> list[dict]:
        result = self.settlement
        if result is None:
            return []
        money = result.money or {}
        return [
            {
                "name": name,
                "total": result.totals[name],
                "rounded": result.rounded[name],
                "net": result.net[name],
                "money": money.get(name),
            }
            for name in self.names
        ]

    @property
    def payments(self) -> list[towie.Payment]:
        """Who pays whom, the largest payment first, then by the payer's seat order (the draw's)."""
        if self.settlement is None:
            return []
        return ordered_payments(self.settlement.payments, self.names)

    @property
    def state(self) -> str:
        """A short mark of what the entry form depends on (the next deal, the seats, the players).

        A live page keeps the mark it was opened with: when the sheet's mark differs, deals were
        entered (or seats chosen) elsewhere meanwhile and the form on the page is out of date.
        """
        key = repr((self.next_number, self.drawn, self.names, self.seated, self.dealer))
        return hashlib.blake2b(key.encode(), digest_size=4).hexdigest()

    @property
    def next_number(self) -> int:
        return len(self.rows) + 1

    @property
    def seat_picture(self) -> dict[str, str]:
        """The three seats clockwise from the dealer (south), and the dummy's empty seat (east)."""
        if not self.seated or self.dealer not in self.seated:
            return {}
        start = self.seated.index(self.dealer)
        clockwise = [self.seated[(start + step) % 3] for step in range(3)]
        return {"south": clockwise[0], "west": clockwise[1], "north": clockwise[2]}

    @property
    def proposal_seated(self) -> tuple[str, ...]:
        return self.proposed[0]

    @property
    def proposal_dealer(self) -> str | None:
        return self.proposed[2]


def ordered_payments(payments: Iterable[towie.Payment], names: Sequence[str]) -> list[towie.Payment]:
    """The largest payment first; between equal payments, by the payer's then the payee's seat order."""
    order = {name: index for index, name in enumerate(names)}
    return sorted(payments, key=lambda p: (-p.points, order.get(p.payer, len(order)), order.get(p.payee, len(order))))


def contract_words(contract: str) -> str:
    """ "4SX" -> "4 spades doubled", "3N" -> "3 no-trump"; "PASS" -> "no bid"."""
    parsed = parse_contract(contract) if contract else None
    if parsed is None:
        return _("no bid")
    figures = {"level": parsed.level, "strain": STRAIN_WORDS[parsed.strain]}
    if parsed.doubled == 2:
        return _("%(level)s %(strain)s redoubled") % figures
    if parsed.doubled:
        return _("%(level)s %(strain)s doubled") % figures
    return _("%(level)s %(strain)s") % figures


def deal_words(scored: towie.TowieDeal) -> str:
    """What happened on a deal, in words for the sheet."""
    if scored.kind == "goulash":
        if scored.contract in ("", "PASS"):
            return _("Goulash: redealt, nothing scores")
        return _("Goulash (final bid %(contract)s: no game): redealt, nothing scores") % {
            "contract": contract_words(scored.contract)
        }
    if scored.kind == "exposure":
        return _("%(dealer)s turned up more than six dummy cards: void, new deal") % {"dealer": scored.dealer}
    parsed = parse_contract(scored.contract)
    # Only a game contract played out is left here, and the engine has checked its contract and tricks.
    assert parsed is not None and scored.tricks is not None, "a played deal has its contract and tricks"
    needed = parsed.tricks_needed
    if scored.tricks >= needed:
        over = scored.tricks - needed
        if not over:
            result = _("made exactly")
        else:
            result = ngettext("made with %(count)s over", "made with %(count)s over", over) % {"count": over}
    else:
        down = needed - scored.tricks
        result = ngettext("down %(count)s", "down %(count)s", down) % {"count": down}
    figures = {
        "declarer": scored.declarer,
        "contract": contract_words(scored.contract),
        "tricks": ngettext("%(count)s trick", "%(count)s tricks", scored.tricks) % {"count": scored.tricks},
        "result": result,
    }
    text = _("%(declarer)s: %(contract)s, %(tricks)s, %(result)s") % figures
    if scored.honours:
        text += _("; honours %(points)s to %(holder)s") % {
            "points": l10n.number(scored.honours[1]),
            "holder": scored.honours[0],
        }
    return text


def _label(label: str, points: int) -> str:
    """One entry as the sheet shows it: "game 500" (the engine's label, in the reader's language)."""
    return _("%(label)s %(points)s") % {"label": l10n.say(label), "points": l10n.number(points)}


def entry_words(scored: towie.TowieDeal) -> str:
    """Who enters what on a deal: "650 to B (tricks 150 + game 500); 600 to A and C (B down 2)"."""
    by_player: dict[str, list[towie.Entry]] = {}
    for entry in scored.entries:
        by_player.setdefault(entry.player, []).append(entry)
    groups: dict[tuple, list[str]] = {}
    for player in scored.players:
        if player in by_player:
            groups.setdefault(tuple((e.label, e.points) for e in by_player[player]), []).append(player)
    parts = []
    for entries, players in groups.items():
        total = sum(value for label, value in entries)
        if len(entries) == 1:
            why = l10n.say(entries[0][0])
        else:
            why = " + ".join(_label(label, points) for label, points in entries)
        figures = {"points": l10n.number(total), "players": _and(players), "why": why}
        parts.append(_("%(points)s to %(players)s (%(why)s)") % figures)
    return "; ".join(parts) if parts else _("Nothing scores.")


def _cells(scored: towie.TowieDeal) -> list[Cell]:
    labels: dict[str, list[str]] = {name: [] for name in scored.players}
    for entry in scored.entries:
        labels[entry.player].append(_label(entry.label, entry.points))
    column = scored.column
    cells = []
    for name in scored.players:
        if name == scored.declarer:
            role = "declarer"
        elif scored.waiting and name in scored.waiting:
            role = "waiting"
        else:
            role = "seated"
        cells.append(Cell(column[name], scored.totals[name], scored.vulnerable[name], role, " + ".join(labels[name])))
    return cells


def _row_reason(scored: towie.TowieDeal) -> str:
    """Why the seats after this deal are what they are (by the rules)."""
    if scored.kind == "goulash":
        return _("A goulash: %(dealer)s deals again and nobody changes seats.") % {"dealer": scored.dealer}
    if scored.kind == "exposure":
        return _("The deal was void: %(dealer)s deals the new deal and nobody changes seats.") % {
            "dealer": scored.dealer
        }
    proposal = scored.next_seats
    if proposal is None:
        return ""
    then = _("%(dealer)s deals next (the deal passes to the left).") % {"dealer": proposal.dealer}
    return f"{l10n.say(proposal.reason)} {then}"


def _first_reason(sheet: towie.TowieSheet) -> str:
    order = sheet.players
    if len(order) == 4:
        return _(
            "From the draw: %(first)s drew the highest card and deals first; %(fourth)s drew the lowest card and waits."
        ) % {"first": order[0], "fourth": order[3]}
    if len(order) == 5:
        return _(
            "From the draw: %(first)s drew the highest card and deals first; "
            "%(fourth)s and %(fifth)s drew the lowest cards and wait, in that order."
        ) % {"first": order[0], "fourth": order[3], "fifth": order[4]}
    return _("From the draw: %(first)s drew the highest card and deals first.") % {"first": order[0]}


def _rows(pairs: list[tuple[TowieDeal, towie.TowieDeal]]) -> list[Row]:
    return [
        Row(
            number=number,
            deal=deal,
            scored=scored,
            dealer=scored.dealer or "",
            what=deal_words(scored),
            detail=entry_words(scored),
            cells=_cells(scored),
            rubber=scored.rubber,
            rubber_won_by=scored.rubber_won_by,
            next_reason=_row_reason(scored),
        )
        for number, (deal, scored) in enumerate(pairs, start=1)
    ]


def _fill(page: SheetPage, replay: Replay, pairs: list[tuple[TowieDeal, towie.TowieDeal]]) -> None:
    sheet = replay.sheet
    page.rows = _rows(pairs)
    page.totals = dict(sheet.totals)
    page.vulnerable = sheet.vulnerability()
    page.games = dict(sheet.games)
    page.rubbers_won = dict(sheet.rubbers_won)
    page.rubber = sheet.rubber
    page.seated, page.waiting, page.dealer = sheet_seats(sheet)
    page.proposed = replay.proposed
    page.overridden = replay.overridden
    page.reason = _row_reason(sheet.deals[-1]) if sheet.deals else _first_reason(sheet)
    if replay.override_problem:
        page.problem = replay.override_problem


def sheet_page(table: TowieTable, stake: Decimal | None = None) -> SheetPage:
    """The whole sheet, the seats for the next deal and the settlement: two queries (players, deals)."""
    players = towie_players(table)
    deals = towie_deals(table)
    page = SheetPage(table=table, players=players, names=[p.name for p in players])
    if len(players) < MIN_PLAYERS:
        page.problem = _("This table needs at least three players: add them under Settings.")
        return page
    try:
        replay = sheet_replay(players, deals, table.next_seats)
    except ReplayError as error:
        # Only a hand edit in the admin gets here: show the sheet up to the deal that no longer reads.
        if error.number == 0:
            page.problem = _("The players cannot make a Towie table: %(problem)s") % {"problem": sentence(error.said)}
            return page
        page.problem = _("Deal %(number)s can no longer be read (%(problem)s) Correct or remove it.") % {
            "number": error.number,
            "problem": sentence(error.said),
        }
        page.unread = deals[error.number - 1 :]
        replay = sheet_replay(players, deals[: error.number - 1])
    _fill(page, replay, list(zip(deals, replay.sheet.deals, strict=False)))
    page.settlement = towie.settlement(page.totals, stake if stake is not None else table.stake)
    return page


# --- the party's offer -------------------------------------------------------------------------


@dataclass(frozen=True)
class PartyOffer:
    reserves: list[str]
    extra: int  # guests playing beyond what the bridge tables need, not yet set aside
    message: str
    can_offer: bool


def party_offer(party: Party, guests: Iterable[Guest], needed: int | None = None) -> PartyOffer:
    """What the party's guest page says about a Towie table, from the guests it already read: no query.

    The guests set aside as reserves are the natural players: three to five make a table, six or more
    are told to form two tables.
    """
    guests = list(guests)
    reserves = [guest.name for guest in guests if guest.reserve]
    needed = party.players_needed if needed is None else needed
    extra = max(0, sum(not guest.reserve for guest in guests) - needed)
    count = len(reserves)
    if MIN_PLAYERS <= count <= MAX_PLAYERS:
        message = _("%(names)s can play Towie at a table of their own, each for himself.") % {"names": _and(reserves)}
    elif count > MAX_PLAYERS:
        message = _(
            "%(count)s reserves are too many for one Towie table (three to five play): form two tables, "
            "each of three to five."
        ) % {"count": count}
    elif count:
        message = ngettext(
            "%(names)s is set aside: Towie needs three to five players, so %(missing)s more would make a table.",
            "%(names)s are set aside: Towie needs three to five players, so %(missing)s more would make a table.",
            count,
        ) % {"names": _and(reserves), "missing": MIN_PLAYERS - count}
    elif extra:
        message = ngettext(
            "%(count)s guest more than the tables need: set them aside as reserves "
            "(Change, next to the name) and three to five of them can play Towie.",
            "%(count)s guests more than the tables need: set them aside as reserves "
            "(Change, next to the name) and three to five of them can play Towie.",
            extra,
        ) % {"count": extra}
    else:
        message = ""
    return PartyOffer(reserves, extra, message, count >= MIN_PLAYERS)


def _and(names: list[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cid" (in the reader's language)."""
    if len(names) <= 1:
        return names[0] if names else ""
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def party_reserves(party: Party) -> list[str]:
    return names_sorted(party.guests.filter(reserve=True).values_list("name", flat=True))


@dataclass(frozen=True)
class PartyCandidates:
    reserves: list[str]  # the party's guests set aside
    at_towie: list[str]  # reserves already at one of the party's Towie tables
    tables: list[TowieTable]  # the party's Towie tables
    players: list[str]  # to fill the new table's form with
    message: str


def party_candidates(party: Party) -> PartyCandidates:
    """Who should sit at a new Towie table of this party: the reserves not yet at one (three queries).

    Six or more free reserves form two tables: the first takes the first half (rounded up, at most
    five) by name, and the second table, set up next, the rest.
    """
    reserves = party_reserves(party)
    tables = list(towie_list(party.club, party))
    taken = set(
        TowiePlayer.objects.filter(table__party=party).values_list("name", flat=True)
    )  # by name: a reserve may have been typed in by hand
    taken_folded = {name.casefold() for name in taken}
    free = [name for name in reserves if name.casefold() not in taken_folded]
    at_towie = [name for name in reserves if name.casefold() in taken_folded]
    count = len(free)
    if count > MAX_PLAYERS:
        players = free[: min(MAX_PLAYERS, (count + 1) // 2)]
        message = _(
            "%(count)s reserves are free: too many for one Towie table, so form two tables. "
            "This one takes %(names)s; set up a second table for the others next."
        ) % {"count": count, "names": _and(players)}
    elif count >= MIN_PLAYERS:
        players, message = free, ""
    else:
        players = free
        if reserves:
            message = ngettext(
                "Only %(count)s reserve is free: Towie needs three to five players, so add the others by name.",
                "Only %(count)s reserves are free: Towie needs three to five players, so add the others by name.",
                count,
            ) % {"count": count}
        else:
            message = _("The party has no reserves: type the players' names.")
    return PartyCandidates(reserves, at_towie, tables, players, message)


# --- the printed sheet -------------------------------------------------------------------------


def towie_print(table: TowieTable) -> TowieSheetPrint:
    """Plain data for the printed score sheet and settlement (two queries, as the sheet page)."""
    page = sheet_page(table)
    rows = tuple(
        SheetRow(
            number=row.number,
            dealer=row.dealer,
            what=row.what,
            cells=tuple(SheetCell(c.points, c.total, c.vulnerable, c.role) for c in row.cells),
            rubber=row.rubber,
            rubber_won_by=row.rubber_won_by,
        )
        for row in page.rows
    )
    result = page.settlement
    settlement: tuple[SettlementLine, ...] = ()
    payments: tuple[PaymentLine, ...] = ()
    if result is not None:
        settlement = tuple(
            SettlementLine(
                name, result.totals[name], result.rounded[name], result.net[name], (result.money or {}).get(name)
            )
            for name in page.names
        )
        payments = tuple(PaymentLine(p.payer, p.payee, p.points, p.money) for p in page.payments)
    return TowieSheetPrint(
        name=table.name,
        day=table.date,
        party_name=table.party.name if table.party is not None else "",
        players=tuple(page.names),
        rows=rows,
        totals=tuple(page.totals.get(name, 0) for name in page.names),
        settlement=settlement,
        payments=payments,
        stake=result.stake if result is not None else None,
    )


def towie_card(table: TowieTable, link: str) -> TowieCardPrint:
    """Plain data for the table's printed card: its name, players and phone link (one query, the players)."""
    return TowieCardPrint(
        name=table.name,
        day=table.date,
        party_name=table.party.name if table.party is not None else "",
        players=tuple(player.name for player in towie_players(table)),
        link=link,
    )

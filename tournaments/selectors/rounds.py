"""Reads for the rounds: the room, the table being entered, the movement sheet.

Each function runs a fixed number of queries, whatever the number of tables.
"""

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Count, Prefetch, Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments import plain_sql
from tournaments.directors import Director
from tournaments.models import DealEntry, Guest, Membership, Party, Round, Seat, TableResult
from tournaments.rules import party as party_rules
from tournaments.rules.collation import name_key

SEAT_ORDER = ("N", "E", "S", "W")


def round_summaries(party: Party) -> list[Round]:
    complete = Q(results__status="agreed") & ~Q(results__winner="")
    return list(party.rounds.annotate(results_in=Count("results", filter=complete)).order_by("number"))


def round_get(party: Party, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("party"), party=party, number=number)


# The round page is polled every 4 s by the director's screen and the big screen, and drawn again on
# every change in the room: its reads are plain statements (tournaments/plain_sql.py), as the phone's
# are. Building the ORM's statements cost more than the page's SQL and its tiles together.


@functools.cache
def _round_of_mine_sql() -> str:
    party, round_, member = plain_sql.table(Party), plain_sql.table(Round), plain_sql.table(Membership)
    c = plain_sql.column
    return (
        f"SELECT {plain_sql.columns(Party, 'p')}, {plain_sql.columns(Round, 'r')}"
        f" FROM {party} p JOIN {round_} r ON r.{c(Round, 'party')} = p.{c(Party, 'id')} AND r.{c(Round, 'number')} = %s"
        f" WHERE p.{c(Party, 'id')} = %s AND EXISTS (SELECT 1 FROM {member} m"
        f" WHERE m.{c(Membership, 'club')} = p.{c(Party, 'club')} AND m.{c(Membership, 'user')} = %s)"
    )


def round_of_mine(party_id: int, number: int, *, user: Director) -> Round:
    """The round with its party, if the party is one of the director's clubs' (party_get and round_get
    in one plain statement); any other is a 404, as theirs are."""
    if not user.is_authenticated:
        raise Http404
    found = plain_sql.rows(_round_of_mine_sql(), [number, party_id, user.pk])
    if not found:
        raise Http404
    width = len(Party._meta.concrete_fields)
    round_ = plain_sql.instance(Round, found[0][width:])
    round_.party = plain_sql.instance(Party, found[0][:width])
    return round_


def round_current(party: Party) -> Round | None:
    return party.rounds.select_related("party").order_by("-number").first()


@dataclass
class TableView:
    number: int
    seats: dict[str, Seat] = field(default_factory=dict)  # table_view's: the Seat rows
    result: TableResult | None = None
    behind: bool = False  # fewer deals in than the round clock implies
    names: dict[str, str] = field(default_factory=dict)  # who sits where, by seat (round_tables: only these)

    @property
    def status(self) -> str:
        if self.result is None:
            return "not_started"
        return self.result.status

    @property
    def deals_in(self) -> int:
        if self.result is None:
            return 0
        counted = getattr(self.result, "deals_in", None)
        return counted if counted is not None else self.result.deals.count()

    @property
    def by_table(self) -> bool:
        """Accepted at the table (both sides), not entered by the director."""
        return bool(self.result and self.result.ns_agreed and self.result.ew_agreed)

    @property
    def status_label(self) -> str:
        if self.result is None:
            return _("not started")
        if self.result.status == TableResult.Status.AGREED:
            return _("accepted at the table") if self.by_table else _("entered by the director")
        return str(self.result.get_status_display()).lower()

    def name(self, seat: str) -> str:
        name = self.names.get(seat)
        if name is not None:
            return name
        return self.seats[seat].guest.name if seat in self.seats else "—"

    @property
    def north(self) -> str:
        return self.name("N")

    @property
    def east(self) -> str:
        return self.name("E")

    @property
    def south(self) -> str:
        return self.name("S")

    @property
    def west(self) -> str:
        return self.name("W")


# A seat of a round as plain values: (table, seat, guest id, name, kind, plays as).
SeatRow = tuple[int, str, int, str, str, str]


def round_tables(round_: Round, seats: list[SeatRow] | None = None) -> list[TableView]:
    """Every table of the round with who sits where and its result: two queries (one when the round's
    seats, round_seats, were read already).

    The seats are read as plain values (a 500-table round has 2,000 of them: model objects for each seat
    and its guest cost more than the rest of the page); the results, one a table, as models.
    """
    tables = {t: TableView(t) for t in range(1, round_.party.tables + 1)}
    placed: Iterable[tuple[int, str, str]]
    if seats is None:
        placed = plain_sql.rows(_seat_names_sql(), [round_.pk])
    else:
        placed = [(table, seat, name) for table, seat, _, name, _, _ in seats]
    for table, seat, name in placed:
        view = tables.get(table)
        if view is None:
            view = tables[table] = TableView(table)
        view.names[seat] = name
    width = len(TableResult._meta.concrete_fields)
    for row in plain_sql.rows(_results_sql(), [round_.pk]):
        result = plain_sql.instance(TableResult, row[:width])
        result.deals_in = row[width]
        tables.setdefault(result.table, TableView(result.table)).result = result
    return [tables[t] for t in sorted(tables)]


@functools.cache
def _seat_names_sql() -> str:
    c = plain_sql.column
    return (
        f"SELECT s.{c(Seat, 'table')}, s.{c(Seat, 'seat')}, g.{c(Guest, 'name')} FROM {plain_sql.table(Seat)} s"
        f" JOIN {plain_sql.table(Guest)} g ON g.{c(Guest, 'id')} = s.{c(Seat, 'guest')} WHERE s.{c(Seat, 'round')} = %s"
    )


@functools.cache
def _results_sql() -> str:
    """The round's results, each with its deals counted (TableView.deals_in)."""
    c, deal = plain_sql.column, plain_sql.table(DealEntry)
    counted = f"(SELECT COUNT(*) FROM {deal} d WHERE d.{c(DealEntry, 'result')} = tr.{c(TableResult, 'id')})"
    return (
        f"SELECT {plain_sql.columns(TableResult, 'tr')}, {counted} FROM {plain_sql.table(TableResult)} tr"
        f" WHERE tr.{c(TableResult, 'round')} = %s"
    )


def mark_behind(tables: list[TableView], deals_due: int) -> None:
    """Tables behind the clock: fewer deals in than a table keeping to time has played."""
    for table in tables:
        complete = table.result is not None and table.result.is_complete
        table.behind = not complete and table.result is not None and table.deals_in < deals_due
        if table.result is None and deals_due > 0:
            table.behind = True


def table_view(round_: Round, table: int) -> TableView:
    view = TableView(table)
    for seat in Seat.objects.filter(round=round_, table=table).select_related("guest"):
        view.seats[seat.seat] = seat
        view.names[seat.seat] = seat.guest.name
    view.result = (
        TableResult.objects.filter(round=round_, table=table)
        .prefetch_related(Prefetch("deals", queryset=DealEntry.objects.order_by("number")))
        .first()
    )
    return view


def round_progress(tables: list[TableView]) -> tuple[int, list[int]]:
    """(results in, tables still playing)."""
    waiting = [t.number for t in tables if not (t.result and t.result.is_complete)]
    return len(tables) - len(waiting), waiting


@dataclass(frozen=True)
class DealInfo:
    number: int
    dealer: str
    vulnerable: str


def round_deals() -> list[DealInfo]:
    return [
        DealInfo(n, party_rules.deal_dealer(n), party_rules.deal_vulnerability(n))
        for n in range(1, party_rules.DEALS_PER_ROUND + 1)
    ]


class Move(NamedTuple):
    name: str
    kind: str
    table: int
    seat: str
    from_table: int | None
    from_seat: str | None
    partner: str


OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
NOWHERE: tuple[int | None, str | None] = (None, None)


def round_seats(round_: Round) -> list[SeatRow]:
    """The round's seats, plain values: what the movement sheet and the table squares are drawn from."""
    return list(
        Seat.objects.filter(round=round_).values_list(
            "table", "seat", "guest_id", "guest__name", "guest__kind", "guest__plays_as"
        )
    )


def movement_sheet(round_: Round, seats: list[SeatRow] | None = None) -> list[Move]:
    """Per player, where to sit in this round (and where they were), sorted by name: two queries (one
    when the round's seats, round_seats, were read already).

    Read as plain values: a 500-table round is 2,000 players, twice (this round and the one before).
    """
    previous: dict[int, tuple[int | None, str | None]] = {}
    if round_.number > 1:
        previous = {
            guest: (table, seat)
            for guest, table, seat in Seat.objects.filter(
                round__party=round_.party_id, round__number=round_.number - 1
            ).values_list("guest_id", "table", "seat")
        }
    seats = round_seats(round_) if seats is None else seats
    by_place = {(table, seat): name for table, seat, _, name, _, _ in seats}
    moves = []
    for table, seat, guest, name, kind, plays_as in seats:
        from_table, from_seat = previous.get(guest, NOWHERE)
        partner = by_place.get((table, OPPOSITE[seat]), "")
        moves.append(Move(name, plays_as or kind, table, seat, from_table, from_seat, partner))
    return sorted(moves, key=lambda m: name_key(m.name))

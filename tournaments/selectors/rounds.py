"""Reads for the rounds: the room, the table being entered, the movement sheet.

Each function runs a fixed number of queries, whatever the number of tables.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Count, Prefetch, Q
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.models import DealEntry, Party, Round, Seat, TableResult
from tournaments.rules import party as party_rules
from tournaments.rules.collation import name_key

SEAT_ORDER = ("N", "E", "S", "W")


def round_summaries(party: Party):
    complete = Q(results__status="agreed") & ~Q(results__winner="")
    return list(party.rounds.annotate(results_in=Count("results", filter=complete)).order_by("number"))


def round_get(party: Party, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("party"), party=party, number=number)


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
    def north(self):
        return self.name("N")

    @property
    def east(self):
        return self.name("E")

    @property
    def south(self):
        return self.name("S")

    @property
    def west(self):
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
        placed = Seat.objects.filter(round=round_).values_list("table", "seat", "guest__name")
    else:
        placed = [(table, seat, name) for table, seat, _, name, _, _ in seats]
    for table, seat, name in placed:
        view = tables.get(table)
        if view is None:
            view = tables[table] = TableView(table)
        view.names[seat] = name
    for result in TableResult.objects.filter(round=round_).annotate(deals_in=Count("deals")):
        tables.setdefault(result.table, TableView(result.table)).result = result
    return [tables[t] for t in sorted(tables)]


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

"""Reading the club's table money: balances and the ledger's lines, always of one club."""

import datetime
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from django.db.models import Sum

from tournaments.models import (
    BostonTable,
    Club,
    Entry,
    Guest,
    KnockoutPair,
    Member,
    MoneyAccount,
    MoneyRow,
    TowiePlayer,
)
from tournaments.models.money import EventKind
from tournaments.presentation.names import Where, name_for


@dataclass(frozen=True)
class LedgerLine:
    """One row as the books print it: who by name (an erased member's label; a guest's by id when gone)."""

    when: datetime.datetime
    who: str
    event: str
    kind: str
    method: str
    amount: int
    balance_after: int | None
    row: MoneyRow


def balance_of(member: Member) -> int:
    """The member's balance (0 before any row): what their account holds, the sum of their rows."""
    return MoneyAccount.objects.filter(member=member).values_list("balance", flat=True).first() or 0


def balance_from_rows(member: Member) -> int:
    """The same balance worked out from the rows alone (the tests and the treasurer's check)."""
    return MoneyRow.objects.filter(member=member).aggregate(total=Sum("balance_change"))["total"] or 0


def rows_of(club: Club, start: datetime.date | None = None, end: datetime.date | None = None) -> list[MoneyRow]:
    """The club's rows in order written, from `start` to `end` inclusive (the club's own calendar days)."""
    rows = MoneyRow.objects.filter(club=club).select_related("member").order_by("id")
    if start is not None:
        rows = rows.filter(created_at__gte=_midnight(club, start))
    if end is not None:
        rows = rows.filter(created_at__lt=_midnight(club, end + datetime.timedelta(days=1)))
    return list(rows)


def _midnight(club: Club, day: datetime.date) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(), tzinfo=club.zone)


def ledger_lines(
    club: Club,
    start: datetime.date | None = None,
    end: datetime.date | None = None,
    where: Where = Where.DIRECTOR_PAGES,
) -> list[LedgerLine]:
    return lines_for(club, rows_of(club, start, end), where)


def lines_for(club: Club, rows: list[MoneyRow], where: Where = Where.DIRECTOR_PAGES) -> list[LedgerLine]:
    """The club's rows named as `where` names people (presentation/names.py): a member as they chose there (an
    erased member by the label that replaced the name), anyone else by their name at that event (one query
    per kind of event at most)."""
    players = _players(club, rows)
    return [_line(row, club, _who(row, players, where)) for row in rows]


Key = tuple[str, int | None, int]


def _players(club: Club, rows: list[MoneyRow]) -> dict[Key, str]:
    """The names of the rows' players who are no member, by the event's kind and id and the player's number
    there (selectors/event_players.py numbers them: a knockout's pair id twice plus 0 or 1, a Boston seat...)."""
    wanted: dict[str, set[int]] = {}
    for row in rows:
        if row.member_id is None and row.guest_id is not None and row.event_id is not None:
            boston = row.event_kind == EventKind.BOSTON
            wanted.setdefault(row.event_kind, set()).add(row.event_id if boston else row.guest_id)
    found: dict[Key, str] = {}
    for kind, ids in wanted.items():
        if kind in _NAMES:
            found.update(_NAMES[kind](club, ids))
    return found


def _party(club: Club, ids: set[int]) -> Iterator[tuple[Key, str]]:
    for pk, event, name in Guest.objects.filter(pk__in=ids, party__club=club).values_list("pk", "party_id", "name"):
        yield (EventKind.PARTY, event, pk), name


def _towie(club: Club, ids: set[int]) -> Iterator[tuple[Key, str]]:
    towie = TowiePlayer.objects.filter(pk__in=ids, table__club=club)
    for pk, event, name in towie.values_list("pk", "table_id", "name"):
        yield (EventKind.TOWIE, event, pk), name


def _knockout(club: Club, ids: set[int]) -> Iterator[tuple[Key, str]]:
    pairs = KnockoutPair.objects.filter(pk__in={i // 2 for i in ids}, knockout__club=club)
    for pk, event, first, second in pairs.values_list("pk", "knockout_id", "player_a", "player_b"):
        yield (EventKind.KNOCKOUT, event, pk * 2), first
        yield (EventKind.KNOCKOUT, event, pk * 2 + 1), second


def _evening(club: Club, ids: set[int]) -> Iterator[tuple[Key, str]]:
    entries = Entry.objects.filter(pk__in={i // 2 for i in ids}, entry_list__club=club)
    for pk, event, name, partner in entries.values_list("pk", "entry_list__evening_id", "name", "partner"):
        yield (EventKind.EVENING, event, pk * 2), name
        yield (EventKind.EVENING, event, pk * 2 + 1), partner


def _boston(club: Club, ids: set[int]) -> Iterator[tuple[Key, str]]:
    tables = BostonTable.objects.filter(pk__in=ids, club=club)
    for pk, *seats in tables.values_list("pk", "player_1", "player_2", "player_3", "player_4"):
        for seat, name in enumerate(seats, start=1):
            yield (EventKind.BOSTON, pk, seat), name


_NAMES: dict[str, Callable[[Club, set[int]], Iterator[tuple[Key, str]]]] = {
    EventKind.PARTY: _party,
    EventKind.TOWIE: _towie,
    EventKind.KNOCKOUT: _knockout,
    EventKind.EVENING: _evening,
    EventKind.BOSTON: _boston,
}


def _line(row: MoneyRow, club: Club, who: str) -> LedgerLine:
    return LedgerLine(
        when=row.created_at.astimezone(club.zone),
        who=who,
        event=row.event_name,
        kind=row.kind,
        method=row.method,
        amount=row.amount,
        balance_after=row.balance_after,
        row=row,
    )


def _who(row: MoneyRow, players: dict[Key, str], where: Where) -> str:
    if row.member is not None:
        return name_for(where, row.member.name, row.member.initials_only)
    if row.guest_id is not None:
        return players.get((row.event_kind, row.event_id, row.guest_id)) or f"guest {row.guest_id}"
    return ""


def statement(member: Member) -> list[LedgerLine]:
    """Every row of the member's, in order: top-ups, fees (from the balance or paid at the night), corrections."""
    rows = MoneyRow.objects.filter(club_id=member.club_id, member=member).select_related("member").order_by("id")
    club = member.club
    return [_line(row, club, name_for(Where.DIRECTOR_PAGES, member.name, member.initials_only)) for row in rows]


@dataclass(frozen=True)
class Takings:
    """One night's (or a period's) table money by method, in minor units: what came in, less refunds and
    corrections. "balance" is table money taken from members' balances (paid in before, by their top-ups)."""

    event: str
    by_method: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.by_method.values())


def takings(club: Club, start: datetime.date | None = None, end: datetime.date | None = None) -> list[Takings]:
    """Each event's table money by method, in the order of its first row, then the period's sum last."""
    nights: dict[tuple[str, int | None], Takings] = {}
    for row in rows_of(club, start, end):
        if not row.event_kind:
            continue  # a top-up is money for a balance, not a night's table money
        night = nights.setdefault((row.event_kind, row.event_id), Takings(row.event_name, {}))
        night.by_method[row.method] = night.by_method.get(row.method, 0) + row.amount
    period: dict[str, int] = {}
    for night in nights.values():
        for method, amount in night.by_method.items():
            period[method] = period.get(method, 0) + amount
    return [*nights.values(), Takings("", period)]

"""Reading the club's table money: balances and the ledger's lines, always of one club."""

import datetime
from dataclasses import dataclass

from django.db.models import Sum

from tournaments.models import Club, Guest, Member, MoneyAccount, MoneyRow


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


def ledger_lines(club: Club, start: datetime.date | None = None, end: datetime.date | None = None) -> list[LedgerLine]:
    return lines_for(club, rows_of(club, start, end))


def lines_for(club: Club, rows: list[MoneyRow]) -> list[LedgerLine]:
    """The club's rows named as the books name them (one query for the guests' names)."""
    guests = dict(
        Guest.objects.filter(pk__in={r.guest_id for r in rows if r.guest_id}, party__club=club).values_list(
            "pk", "name"
        )
    )
    return [_line(row, club, _who(row, guests)) for row in rows]


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


def _who(row: MoneyRow, guests: dict[int, str]) -> str:
    if row.member is not None:
        return row.member.name
    if row.guest_id is not None:
        return guests.get(row.guest_id) or f"guest {row.guest_id}"
    return ""


def statement(member: Member) -> list[LedgerLine]:
    """Every row of the member's, in order: top-ups, fees (from the balance or paid at the night), corrections."""
    rows = MoneyRow.objects.filter(club_id=member.club_id, member=member).select_related("member").order_by("id")
    club = member.club
    return [_line(row, club, member.name) for row in rows]


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

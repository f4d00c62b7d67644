"""The treasurer's figures: each night's table money by method, its free places and what is still owed, and a
period's sum of them; always of one club, in a fixed number of queries however many nights (docs/money.md)."""

import datetime
from dataclasses import dataclass, field

from django.db.models import Q, Sum

from tournaments.models import Club, EventFee, FreePlace, Guest, MoneyRow, Party
from tournaments.models.money import EventKind
from tournaments.selectors.table_money import FEE_KINDS, Rates, club_rates, fee_of

Key = tuple[str, int | None]


@dataclass
class NightFigures:
    """One night's figures in minor units: takings by method (fees less refunds and corrections; "balance" is
    money taken from members' balances), how many played free, and what its guests still owe."""

    name: str
    date: datetime.date | None = None
    party_id: int | None = None
    kind: str = ""  # the event's kind and id as the ledger names them (empty for a period's sum)
    event_id: int | None = None
    by_method: dict[str, int] = field(default_factory=dict)
    free: int = 0
    owed: int = 0

    @property
    def total(self) -> int:
        return sum(self.by_method.values())


@dataclass(frozen=True)
class Period:
    start: datetime.date
    end: datetime.date
    nights: list[NightFigures]
    sum: NightFigures
    rows: list[MoneyRow]


def this_month(today: datetime.date) -> tuple[datetime.date, datetime.date]:
    """The default period: the month of `today`, first day to last."""
    start = today.replace(day=1)
    following = (start + datetime.timedelta(days=32)).replace(day=1)
    return start, following - datetime.timedelta(days=1)


def treasury(club: Club, start: datetime.date, end: datetime.date) -> Period:
    """The nights of the period, ordered by date then name, then their sum. A party counts by its own date,
    with all its rows whenever they were written (a late payment stays that night's); an event whose rows
    carry no date of their own (a knockout, a table) counts by the day each row was written. Each row thus
    falls in one period only."""
    parties = list(Party.objects.filter(club=club, date__range=(start, end)))
    rows = period_rows(club, [p.pk for p in parties], start, end)
    nights: dict[Key, NightFigures] = {
        (EventKind.PARTY, p.pk): NightFigures(f"{p.name} {p.date:%Y-%m-%d}", p.date, p.pk, EventKind.PARTY, p.pk)
        for p in parties
    }
    for row in rows:
        key = (row.event_kind, row.event_id)
        night = nights.get(key) or nights.setdefault(
            key, NightFigures(row.event_name, kind=row.event_kind, event_id=row.event_id)
        )
        night.by_method[row.method] = night.by_method.get(row.method, 0) + row.amount
    _owed_and_free(club, parties, nights)
    ordered = sorted(nights.values(), key=lambda n: (n.date or datetime.date.max, n.name))
    return Period(start, end, ordered, _summed(ordered), rows)


def period_rows(club: Club, party_ids: list[int], start: datetime.date, end: datetime.date) -> list[MoneyRow]:
    """The rows of the period's nights, in order written (top-ups are money for a balance, not a night's)."""
    since = datetime.datetime.combine(start, datetime.time(), tzinfo=club.zone)
    until = datetime.datetime.combine(end + datetime.timedelta(days=1), datetime.time(), tzinfo=club.zone)
    dated = Q(event_kind=EventKind.PARTY, event_id__in=party_ids)
    undated = ~Q(event_kind__in=(EventKind.PARTY, "")) & Q(created_at__gte=since, created_at__lt=until)
    return list(MoneyRow.objects.filter(dated | undated, club=club).select_related("member").order_by("id"))


def _owed_and_free(club: Club, parties: list[Party], nights: dict[Key, NightFigures]) -> None:
    """Each party's free places and the sum of what each guest still owes (one paid over the fee owes nothing,
    and does not lessen what the others owe): four queries for all the parties together."""
    ids = [p.pk for p in parties]
    fees = EventFee.objects.filter(club=club, event_kind=EventKind.PARTY, event_id__in=ids)
    rates = {f.event_id: _rates(club, f) for f in fees}
    free = set(
        FreePlace.objects.filter(club=club, event_kind=EventKind.PARTY, event_id__in=ids).values_list(
            "event_id", "guest_id"
        )
    )
    paid_rows = MoneyRow.objects.filter(club=club, event_kind=EventKind.PARTY, event_id__in=ids, kind__in=FEE_KINDS)
    paid = {
        (e, g): total or 0
        for e, g, total in paid_rows.values("event_id", "guest_id")
        .annotate(total=Sum("amount"))
        .values_list("event_id", "guest_id", "total")
    }
    for guest in Guest.objects.filter(party_id__in=ids, party__club=club).only("pk", "party_id", "member_id"):
        night = nights[(EventKind.PARTY, guest.party_id)]
        is_free = (guest.party_id, guest.pk) in free
        night.free += is_free
        fee = fee_of(rates.get(guest.party_id) or club_rates(club), guest, is_free)
        night.owed += max(fee - paid.get((guest.party_id, guest.pk), 0), 0)


def _rates(club: Club, fee: EventFee) -> Rates:
    member = club.member_rate if fee.member_rate is None else fee.member_rate
    visitor = club.visitor_rate if fee.visitor_rate is None else fee.visitor_rate
    return Rates(member, visitor, own=True)


def _summed(nights: list[NightFigures]) -> NightFigures:
    total = NightFigures("")
    for night in nights:
        for method, amount in night.by_method.items():
            total.by_method[method] = total.by_method.get(method, 0) + amount
        total.free += night.free
        total.owed += night.owed
    return total

"""A night's table money: what each guest owes, has paid, and who is still to pay (always one party's)."""

from dataclasses import dataclass

from django.db.models import Sum
from django.http import HttpRequest

from tournaments.models import Club, EventFee, FreePlace, Guest, MoneyRow, Party
from tournaments.models.money import EventKind, Kind
from tournaments.selectors.clubs import memberships


@dataclass(frozen=True)
class Rates:
    member: int
    visitor: int
    own: bool  # the event's own rates, not the club's


@dataclass(frozen=True)
class GuestMoney:
    guest: Guest
    fee: int
    paid: int
    free: bool
    methods: tuple[str, ...]

    @property
    def owed(self) -> int:
        """What is still to pay (negative: paid more than the fee, say after the fee came down)."""
        return self.fee - self.paid

    @property
    def settled(self) -> bool:
        return self.owed <= 0


def club_rates(club: Club) -> Rates:
    return Rates(club.member_rate, club.visitor_rate, own=False)


def party_rates(party: Party) -> Rates:
    """The party's table money per player: its own rates, else the club's, rate by rate."""
    return event_rates(party.club, EventKind.PARTY, party.pk)


def event_rates(club: Club, kind: str, event_id: int) -> Rates:
    """An event's table money per player: its own rates, else the club's, rate by rate."""
    fee = EventFee.objects.filter(club=club, event_kind=kind, event_id=event_id).first()
    if fee is None:
        return club_rates(club)
    return Rates(
        club.member_rate if fee.member_rate is None else fee.member_rate,
        club.visitor_rate if fee.visitor_rate is None else fee.visitor_rate,
        own=True,
    )


def fee_of(rates: Rates, guest: Guest, free: bool) -> int:
    """A member pays the member's rate, anyone else the visitor's; a free place nothing."""
    if free:
        return 0
    return rates.member if guest.member_id is not None else rates.visitor


def night(party: Party) -> list[GuestMoney]:
    """Every guest of the party (reserves too: they came) with their fee and what they paid."""
    rates = party_rates(party)
    guests = list(party.guests.select_related("member").order_by("name"))
    free = set(
        FreePlace.objects.filter(event_kind=EventKind.PARTY, event_id=party.pk).values_list("guest_id", flat=True)
    )
    rows = MoneyRow.objects.filter(club=party.club, event_kind=EventKind.PARTY, event_id=party.pk, kind__in=FEE_KINDS)
    paid = dict(rows.values("guest_id").annotate(total=Sum("amount")).values_list("guest_id", "total"))
    methods: dict[int, list[str]] = {}
    for guest_id, method in (
        rows.filter(kind=Kind.FEE, guest_id__isnull=False).order_by("id").values_list("guest_id", "method")
    ):
        if guest_id is not None:
            methods.setdefault(guest_id, []).append(method)
    return [
        GuestMoney(
            guest=guest,
            fee=fee_of(rates, guest, guest.pk in free),
            paid=paid.get(guest.pk) or 0,
            free=guest.pk in free,
            methods=tuple(dict.fromkeys(methods.get(guest.pk, []))),
        )
        for guest in guests
    ]


# What counts as paid for the night: the fees, less their corrections and refunds.
FEE_KINDS = (Kind.FEE, Kind.CORRECTION, Kind.REFUND)


def unpaid(rows: list[GuestMoney]) -> list[GuestMoney]:
    return [row for row in rows if not row.settled]


def is_treasurer(request: HttpRequest, club: Club) -> bool:
    """Whether the director of the request is the club's treasurer or an owner (their memberships, read once)."""
    return any(m.club_id == club.pk and m.is_treasurer for m in memberships(request))

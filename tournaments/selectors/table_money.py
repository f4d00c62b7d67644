"""A night's table money: what each player owes, has paid, and who is still to pay, for any kind of event.

The players come from selectors/event_players.py; a person who paid and is no longer among them (a guest
removed after paying) is listed apart, with what they paid, for a refund or a credit to their balance.
"""

from dataclasses import dataclass
from typing import Protocol

from django.db.models import QuerySet, Sum
from django.http import HttpRequest

from tournaments.models import Club, EventFee, FreePlace, Member, MoneyRow, Party
from tournaments.models.money import EventKind, Kind
from tournaments.selectors.clubs import memberships
from tournaments.selectors.event_players import MoneyEvent, Player, of_event, players


@dataclass(frozen=True)
class Rates:
    member: int
    visitor: int
    own: bool  # the event's own rates, not the club's


@dataclass(frozen=True)
class GuestMoney:
    guest: Player
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


@dataclass(frozen=True)
class Removed:
    """Someone who paid for the night and is no longer one of its players: the money stays in the books."""

    player_id: int
    member_id: int | None
    paid: int
    name: str  # the member's name, else empty: the books keep a guest by number only


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


class Payer(Protocol):
    """Anyone a fee is asked of: a party's guest, a player of the other kinds (event_players.Player)."""

    @property
    def member_id(self) -> int | None: ...


def fee_of(rates: Rates, guest: Payer, free: bool) -> int:
    """A member pays the member's rate, anyone else the visitor's; a free place nothing."""
    if free:
        return 0
    return rates.member if guest.member_id is not None else rates.visitor


# What counts as paid for the night: the fees, less their corrections and refunds.
FEE_KINDS = (Kind.FEE, Kind.CORRECTION, Kind.REFUND)


def _rows(event: MoneyEvent) -> QuerySet[MoneyRow]:
    return MoneyRow.objects.filter(club=event.club, event_kind=event.kind, event_id=event.id, kind__in=FEE_KINDS)


def paid_by_player(event: MoneyEvent) -> dict[int, int]:
    rows = _rows(event).filter(guest_id__isnull=False)
    totals = rows.values("guest_id").annotate(total=Sum("amount")).values_list("guest_id", "total")
    return {guest_id: total or 0 for guest_id, total in totals if guest_id is not None}


def night_of(event: MoneyEvent) -> list[GuestMoney]:
    """Every player of the event (a party's reserves too: they came) with their fee and what they paid."""
    rates = event_rates(event.club, event.kind, event.id)
    free = set(
        FreePlace.objects.filter(club=event.club, event_kind=event.kind, event_id=event.id).values_list(
            "guest_id", flat=True
        )
    )
    paid = paid_by_player(event)
    methods: dict[int, list[str]] = {}
    for guest_id, method in _rows(event).filter(kind=Kind.FEE).order_by("id").values_list("guest_id", "method"):
        if guest_id is not None:
            methods.setdefault(guest_id, []).append(method)
    return [
        GuestMoney(
            guest=player,
            fee=fee_of(rates, player, player.pk in free),
            paid=paid.get(player.pk) or 0,
            free=player.pk in free,
            methods=tuple(dict.fromkeys(methods.get(player.pk, []))),
        )
        for player in players(event)
    ]


def night(party: Party) -> list[GuestMoney]:
    return night_of(of_event(EventKind.PARTY, party))


def removed(event: MoneyEvent) -> list[Removed]:
    """Who paid for the night and no longer plays at it (a guest removed after paying), with what they paid."""
    present = {p.pk for p in players(event)}
    members: dict[int, int] = {
        guest_id: member_id
        for guest_id, member_id in _rows(event).values_list("guest_id", "member_id").order_by("guest_id")
        if guest_id is not None and member_id is not None
    }
    names = dict(Member.objects.filter(club=event.club, pk__in=members.values()).values_list("pk", "name"))
    return [
        Removed(player_id=pid, member_id=members.get(pid), paid=total, name=names.get(members.get(pid, 0), ""))
        for pid, total in sorted(paid_by_player(event).items())
        if pid not in present and total > 0
    ]


def unpaid(rows: list[GuestMoney]) -> list[GuestMoney]:
    return [row for row in rows if not row.settled]


def is_treasurer(request: HttpRequest, club: Club) -> bool:
    """Whether the director of the request is the club's treasurer or an owner (their memberships, read once)."""
    return any(m.club_id == club.pk and m.is_treasurer for m in memberships(request))

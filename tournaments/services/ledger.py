"""Writing the club's table money: every movement a new ledger row, never an edit (docs/money.md).

A row that moves a member's balance also moves their MoneyAccount in the same transaction: the account is
updated first (on SQLite the transaction holds the writers' lock from BEGIN IMMEDIATE; on PostgreSQL the
UPDATE locks the account's row), then read, then checked against the sum of the member's rows with the new
one. Two top-ups or debits at the same moment are thus one after the other, and a balance that would not
equal its rows rolls the whole write back.
"""

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Sum
from django.utils.translation import gettext as _

from tournaments.directors import Director
from tournaments.l10n import say
from tournaments.models import Club, EventFee, FreePlace, Guest, Member, Membership, MoneyAccount, MoneyRow, Party, Role
from tournaments.models.money import EventKind, Kind, LedgerRefused, Method
from tournaments.rules.errors import RuleError
from tournaments.rules.money import format_money, is_currency, parse_amount
from tournaments.selectors import table_money
from tournaments.selectors.event_players import MoneyEvent, Player, of_event

PAID_METHODS = (Method.CASH, Method.CARD, Method.TRANSFER)


@dataclass(frozen=True)
class Event:
    """The event a row belongs to, as the books name it."""

    kind: str
    id: int
    name: str


def party_event(guest: Guest) -> Event:
    party = guest.party
    return Event(EventKind.PARTY, party.pk, f"{party.name} {party.date:%Y-%m-%d}")


def amount_from(text: str, club: Club, *, negative: bool = False) -> int:
    """What a form typed, in the club's minor units, or a ValidationError in the reader's language."""
    try:
        return parse_amount(text, club.currency, negative=negative)
    except RuleError as error:
        raise ValidationError(say(error)) from error


def _positive(amount: int) -> None:
    if amount <= 0:
        raise ValidationError(_("The amount must be more than zero."))


def _method(method: str, allowed: tuple[str, ...]) -> None:
    if method not in allowed:
        raise ValidationError(_("Choose how it was paid."))


def _member_of(club: Club, member: Member | None) -> None:
    if member is not None and member.club_id != club.pk:
        raise ValidationError(_("This member is not one of the club's."))


def _lock_account(club: Club, member_id: int) -> MoneyAccount:
    """The member's account, made if need be, and locked to the end of the transaction."""
    MoneyAccount.objects.get_or_create(member_id=member_id, defaults={"club_id": club.pk})
    return MoneyAccount.objects.select_for_update().get(member_id=member_id)


def _move_balance(row: MoneyRow) -> None:
    """The account moved by the row's change, the floor kept, the row given its balance after."""
    member_id = row.member_id
    if member_id is None:
        raise ValidationError(_("Only a guest linked to a member can pay from a balance."))
    account, _created = MoneyAccount.objects.get_or_create(member_id=member_id, defaults={"club_id": row.club_id})
    MoneyAccount.objects.filter(pk=account.pk).update(balance=F("balance") + row.balance_change)
    account.refresh_from_db(fields=["balance"])
    # A correction puts the books right whatever the balance; a debit stops at the club's floor (the error
    # rolls back the account's update with the rest of the transaction).
    if row.balance_change < 0 and row.kind != Kind.CORRECTION and account.balance < -row.club.balance_floor:
        raise ValidationError(
            _("Not enough on the balance: it would be %(balance)s.")
            % {"balance": format_money(account.balance, row.club.currency, row.club.format_style or "en-gb")}
        )
    row.balance_after = account.balance


def _check_sum(row: MoneyRow) -> None:
    total = MoneyRow.objects.filter(member=row.member).aggregate(total=Sum("balance_change"))["total"] or 0
    if total != row.balance_after:
        raise LedgerRefused(f"member {row.member_id}: balance {row.balance_after} but rows sum to {total}")


def _append(row: MoneyRow) -> MoneyRow:
    """The one place a row is written."""
    if row.balance_change:
        _move_balance(row)
    row.currency = row.club.currency
    row.save()
    if row.balance_change:
        _check_sum(row)
    return row


@transaction.atomic
def top_up(*, club: Club, member: Member, amount: int, method: str, reference: str = "", by: Director) -> MoneyRow:
    """Money a member hands in for their balance."""
    _positive(amount)
    _method(method, PAID_METHODS)
    _member_of(club, member)
    return _append(
        MoneyRow(
            club=club, kind=Kind.TOP_UP, method=method, amount=amount, member=member,
            balance_change=amount, reference=reference.strip()[:80], by=_user(by),
        )
    )  # fmt: skip


def books_event(event: MoneyEvent) -> Event:
    return Event(event.kind, event.id, event.books_name)


@transaction.atomic
def fee_paid(
    *, club: Club, guest: Guest, amount: int, method: str, by: Director, event: Event | None = None
) -> MoneyRow:
    """A party guest's table money paid, by a method or from their member's balance."""
    if guest.party.club_id != club.pk:
        raise ValidationError(_("This guest is not at one of the club's events."))
    return _fee_row(club, event or party_event(guest), guest.pk, guest.member_id, amount, method, by)


@transaction.atomic
def player_paid(*, event: MoneyEvent, player: Player, amount: int, method: str, by: Director) -> MoneyRow:
    """A player's table money for any kind of event, by a method or from their member's balance."""
    return _fee_row(event.club, books_event(event), player.pk, player.member_id, amount, method, by)


def _fee_row(
    club: Club, event: Event, player_id: int, member_id: int | None, amount: int, method: str, by: Director
) -> MoneyRow:
    _positive(amount)
    _method(method, (*PAID_METHODS, Method.BALANCE))
    from_balance = method == Method.BALANCE
    if from_balance and member_id is None:
        raise ValidationError(_("Only a guest linked to a member can pay from a balance."))
    return _append(
        MoneyRow(
            club=club, kind=Kind.FEE, method=method, amount=amount, member_id=member_id, guest_id=player_id,
            balance_change=-amount if from_balance else 0, event_kind=event.kind, event_id=event.id,
            event_name=event.name[:120], by=_user(by),
        )
    )  # fmt: skip


@transaction.atomic
def correct(*, row: MoneyRow, reason: str, by: Director) -> MoneyRow:
    """The row undone by a reversing row, with who and why (the club's treasurer or an owner); the row itself
    stays as it was."""
    _require_treasurer(row.club, by)
    reason = reason.strip()
    if not reason:
        raise ValidationError(_("Say why the row is corrected."))
    original = MoneyRow.objects.get(pk=row.pk)
    if original.kind == Kind.CORRECTION:
        raise ValidationError(_("A correction is not corrected again: write the right row instead."))
    if MoneyRow.objects.filter(reverses=original).exists():
        raise ValidationError(_("This row is already corrected."))
    return _append(
        MoneyRow(
            club=original.club, kind=Kind.CORRECTION, method=original.method, amount=-original.amount,
            member_id=original.member_id, guest_id=original.guest_id, balance_change=-original.balance_change,
            event_kind=original.event_kind, event_id=original.event_id, event_name=original.event_name,
            reverses=original, reason=reason[:200], by=_user(by),
        )
    )  # fmt: skip


@transaction.atomic
def currency_set(*, club: Club, currency: str) -> Club:
    """The club's currency, while its ledger is empty: a row's amount means nothing in another currency."""
    currency = currency.strip().upper()
    if not is_currency(currency):
        raise ValidationError(_("%(code)s is not a currency code (EUR, GBP, CHF…).") % {"code": currency})
    if currency != club.currency and MoneyRow.objects.filter(club=club).exists():
        raise ValidationError(_("The currency cannot change: the club's books already hold money in it."))
    club.currency = currency
    club.save(update_fields=["currency"])
    return club


def _user(by: Director) -> User | None:
    return by if isinstance(by, User) else None


def _require_treasurer(club: Club, by: Director) -> None:
    membership = Membership.objects.filter(club=club, user=by).first() if isinstance(by, User) else None
    if membership is None or not membership.is_treasurer:
        raise ValidationError(_("Only the club's treasurer or an owner can do this."))


def _rate(amount: int | None) -> int | None:
    if amount is not None and amount < 0:  # the forms' reader (rules/money.py) bounds it above
        raise ValidationError(_("The amount cannot be negative here."))
    return amount


@transaction.atomic
def rates_save(
    *,
    club: Club,
    currency: str,
    member_rate: int,
    visitor_rate: int,
    balance_floor: int,
    by: Director,
    results_mail_balance: bool | None = None,
) -> Club:
    """The treasurer's (or an owner's) choice of the club's currency, usual table money and overdraft limit,
    and whether the results mail tells each member their balance (None: as it was)."""
    _require_treasurer(club, by)
    currency_set(club=club, currency=currency)
    club.member_rate, club.visitor_rate = _rate(member_rate) or 0, _rate(visitor_rate) or 0
    club.balance_floor = _rate(balance_floor) or 0
    if results_mail_balance is not None:
        club.results_mail_balance = results_mail_balance
    club.save(update_fields=["member_rate", "visitor_rate", "balance_floor", "results_mail_balance"])
    return club


@transaction.atomic
def party_fee_save(*, party: Party, member_rate: int | None, visitor_rate: int | None) -> EventFee:
    """The party's own table money (None: the club's rate). What was paid before stays as it was paid."""
    return event_fee_save(event=of_event(EventKind.PARTY, party), member_rate=member_rate, visitor_rate=visitor_rate)


@transaction.atomic
def event_fee_save(*, event: MoneyEvent, member_rate: int | None, visitor_rate: int | None) -> EventFee:
    """An event's own table money (None: the club's rate). What was paid before stays as it was paid: the
    difference is shown owed or paid over, guest by guest (selectors/table_money.py)."""
    fee, _created = EventFee.objects.update_or_create(
        event_kind=event.kind,
        event_id=event.id,
        defaults={"club": event.club, "member_rate": _rate(member_rate), "visitor_rate": _rate(visitor_rate)},
    )
    return fee


@transaction.atomic
def free_place_set(*, guest: Guest, free: bool, by: Director) -> None:
    """The hostess's free place for a party guest (herself, a stand-in): they owe nothing that night."""
    player = Player(guest.pk, guest.name, guest.member_id)
    event_free_set(event=of_event(EventKind.PARTY, guest.party), player=player, free=free, by=by)


@transaction.atomic
def event_free_set(*, event: MoneyEvent, player: Player, free: bool, by: Director) -> None:
    """A free place at any kind of event, or the place paying again."""
    where = {"event_kind": event.kind, "event_id": event.id, "guest_id": player.pk}
    if free:
        FreePlace.objects.get_or_create(**where, defaults={"club": event.club, "by": _user(by)})
    else:
        FreePlace.objects.filter(club=event.club, **where).delete()


@transaction.atomic
def all_paid_cash(*, party: Party, owed: list[tuple[Guest, int]], by: Director) -> int:
    """Everyone still owing paid what they owe in cash: one row each, in one step; how many."""
    for guest, amount in owed:
        fee_paid(club=party.club, guest=guest, amount=amount, method=Method.CASH, by=by)
    return len(owed)


@transaction.atomic
def event_all_paid_cash(*, event: MoneyEvent, owed: list[tuple[Player, int]], by: Director) -> int:
    """Everyone still owing at the event paid what they owe in cash: one row each, in one step; how many."""
    for player, amount in owed:
        player_paid(event=event, player=player, amount=amount, method=Method.CASH, by=by)
    return len(owed)


def _lock_payments(club: Club) -> None:
    """The club's row locked for the rest of the transaction (PostgreSQL; on SQLite the transaction holds the
    writers' lock from BEGIN IMMEDIATE): two taps for one night at once are one after the other, and the second
    works out what is owed with the first one's row in."""
    list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk", flat=True))


@transaction.atomic
def pay_owed(*, event: MoneyEvent, player_id: int, method: str, by: Director) -> MoneyRow | None:
    """One tap: what the player still owes, worked out inside the write, paid by the method tapped; None when
    they owe nothing (a second tap, or a tap on another director's screen, takes nothing twice)."""
    _lock_payments(event.club)
    row = next((r for r in table_money.night_of(event) if r.guest.pk == player_id), None)
    if row is None or row.settled:
        return None
    return player_paid(event=event, player=row.guest, amount=row.owed, method=method, by=by)


@transaction.atomic
def all_owed_paid_cash(*, event: MoneyEvent, by: Director) -> int:
    """Everyone still owing at the event paid in cash, what is owed worked out inside the write: how many."""
    _lock_payments(event.club)
    owed = [(r.guest, r.owed) for r in table_money.unpaid(table_money.night_of(event))]
    return event_all_paid_cash(event=event, owed=owed, by=by)


@transaction.atomic
def treasurer_set(*, club: Club, user_id: int, treasurer: bool, by: Director) -> Membership:
    """An owner makes a director of the club its treasurer, or no longer (an owner always is)."""
    owner = isinstance(by, User) and Membership.objects.filter(club=club, user=by, role=Role.OWNER).exists()
    if not owner:
        raise ValidationError(_("Only an owner of the club can do that."))
    membership = Membership.objects.filter(club=club, user_id=user_id).first()
    if membership is None:
        raise ValidationError(_("This director is not one of the club's."))
    membership.treasurer = treasurer
    membership.save(update_fields=["treasurer"])
    return membership


@transaction.atomic
def refund(*, club: Club, guest: Guest, amount: int, method: str, reason: str, by: Director) -> MoneyRow:
    """Table money given back to a party guest by a method, or credited to their member's balance."""
    if guest.party.club_id != club.pk:
        raise ValidationError(_("This guest is not at one of the club's events."))
    return _refund_row(club, party_event(guest), guest.pk, guest.member_id, amount, method, reason, by)


@transaction.atomic
def event_refund(*, event: MoneyEvent, player_id: int, amount: int, method: str, reason: str, by: Director) -> MoneyRow:
    """Table money given back for any kind of event (a guest removed after paying, a fee come down): by a
    method, or credited to the member the payment was from; never more than was paid for the night."""
    member_id = (
        MoneyRow.objects.filter(club=event.club, event_kind=event.kind, event_id=event.id, guest_id=player_id)
        .filter(member__isnull=False)
        .values_list("member_id", flat=True)
        .first()
    )
    return _refund_row(event.club, books_event(event), player_id, member_id, amount, method, reason, by)


def _refund_row(
    club: Club, event: Event, player_id: int, member_id: int | None, amount: int, method: str, reason: str,
    by: Director,
) -> MoneyRow:  # fmt: skip
    """The treasurer or an owner, saying why; never more than the player paid for the night."""
    _require_treasurer(club, by)
    _positive(amount)
    _method(method, (*PAID_METHODS, Method.BALANCE))
    if not reason.strip():
        raise ValidationError(_("Say why the money is given back."))
    night = MoneyRow.objects.filter(
        club=club, guest_id=player_id, event_kind=event.kind, event_id=event.id,
        kind__in=(Kind.FEE, Kind.REFUND, Kind.CORRECTION),
    )  # fmt: skip
    # The player's rows of the night locked (PostgreSQL; SQLite's writers are one at a time already): two refunds
    # at once are one after the other, and the second sees the first, never giving back more than paid. The
    # member's account is locked before them, as every balance write locks it first: no two writes wait on
    # each other's locks in opposite orders.
    if member_id is not None:
        _lock_account(club, member_id)
    list(night.select_for_update().values_list("pk", flat=True))
    paid = night.aggregate(total=Sum("amount"))["total"] or 0
    if amount > paid:
        raise ValidationError(
            _("Only %(paid)s was paid for the night.")
            % {"paid": format_money(paid, club.currency, club.format_style or "en-gb")}
        )
    to_balance = method == Method.BALANCE
    if to_balance and member_id is None:
        raise ValidationError(_("Only a guest linked to a member can pay from a balance."))
    return _append(
        MoneyRow(
            club=club, kind=Kind.REFUND, method=method, amount=-amount, member_id=member_id,
            guest_id=player_id, balance_change=amount if to_balance else 0, event_kind=event.kind,
            event_id=event.id, event_name=event.name[:120], reason=reason.strip()[:200], by=_user(by),
        )
    )  # fmt: skip

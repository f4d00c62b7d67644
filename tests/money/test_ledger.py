"""The ledger: rows written once, a correction reverses, a balance equals its rows (issue 44 item 4)."""

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import MoneyAccount, MoneyRow
from tournaments.models.money import LedgerRefused
from tournaments.selectors.ledger import balance_from_rows, balance_of
from tournaments.services import ledger
from tournaments.services.erasure import member_erase

pytestmark = pytest.mark.django_db


def test_a_top_up_and_a_fee_from_balance_leave_the_balance_the_sum_of_the_rows(club, member, guest, director):
    ledger.top_up(club=club, member=member, amount=2000, method="cash", reference="envelope 3", by=director)
    paid = ledger.fee_paid(club=club, guest=guest, amount=350, method="balance", by=director)
    assert (paid.amount, paid.balance_change, paid.balance_after) == (350, -350, 1650)
    assert paid.event_name == "Spring party 2026-11-28" and paid.guest_id == guest.pk and paid.currency == "EUR"
    assert balance_of(member) == balance_from_rows(member) == 1650


def test_a_fee_paid_in_cash_leaves_the_balance_alone(club, member, guest, director):
    paid = ledger.fee_paid(club=club, guest=guest, amount=350, method="cash", by=director)
    assert (paid.balance_change, paid.balance_after, balance_of(member)) == (0, None, 0)


def test_a_row_is_never_edited_nor_deleted(club, member, director):
    row = ledger.top_up(club=club, member=member, amount=500, method="card", by=director)
    row.amount = 50
    with pytest.raises(LedgerRefused):
        row.save()
    with pytest.raises(LedgerRefused):
        row.delete()
    assert MoneyRow.objects.get().amount == 500


def test_a_correction_reverses_with_who_and_why_and_never_edits(club, member, director):
    row = ledger.top_up(club=club, member=member, amount=500, method="card", by=director)
    undone = ledger.correct(row=row, reason="typed 5 for 50", by=director)
    assert (undone.kind, undone.amount, undone.balance_change, undone.balance_after) == ("correction", -500, -500, 0)
    assert (undone.reverses_id, undone.reason, undone.by) == (row.pk, "typed 5 for 50", director)
    assert MoneyRow.objects.get(pk=row.pk).amount == 500  # the first row as it was
    assert balance_of(member) == balance_from_rows(member) == 0
    with pytest.raises(ValidationError, match="This row is already corrected."):
        ledger.correct(row=row, reason="again", by=director)
    with pytest.raises(ValidationError, match="A correction is not corrected again"):
        ledger.correct(row=undone, reason="again", by=director)
    with pytest.raises(ValidationError, match="Say why the row is corrected."):
        ledger.correct(row=row, reason="  ", by=director)
    assert MoneyRow.objects.count() == 2


def test_a_balance_goes_below_zero_only_to_the_clubs_limit(club, member, guest, director):
    with pytest.raises(ValidationError, match="Not enough on the balance: it would be -€3.50."):
        ledger.fee_paid(club=club, guest=guest, amount=350, method="balance", by=director)
    assert not MoneyRow.objects.exists() and balance_of(member) == 0
    club.balance_floor = 500
    club.save()
    ledger.fee_paid(club=club, guest=guest, amount=350, method="balance", by=director)
    assert balance_of(member) == -350
    with pytest.raises(ValidationError, match="it would be -€7.00"):
        ledger.fee_paid(club=club, guest=guest, amount=350, method="balance", by=director)
    assert MoneyRow.objects.count() == 1 and MoneyAccount.objects.get().balance == -350


def test_from_balance_is_only_for_a_guest_linked_to_a_member(club, party, director):
    stranger = party.guests.get(name="Player 002")
    with pytest.raises(ValidationError, match="Only a guest linked to a member can pay from a balance."):
        ledger.fee_paid(club=club, guest=stranger, amount=350, method="balance", by=director)
    assert not MoneyRow.objects.exists()


@pytest.mark.parametrize(
    ("amount", "method", "message"),
    [(0, "cash", "The amount must be more than zero."), (-100, "cash", "The amount must be more than zero."),
     (100, "balance", "Choose how it was paid."), (100, "cheque", "Choose how it was paid.")],
)  # fmt: skip
def test_a_bad_top_up_writes_nothing(club, member, director, amount, method, message):
    with pytest.raises(ValidationError, match=message):
        ledger.top_up(club=club, member=member, amount=amount, method=method, by=director)
    assert not MoneyRow.objects.exists() and not MoneyAccount.objects.exists()


def test_another_clubs_member_or_guest_is_refused(club, member, guest, director):
    from tournaments.models import Club

    other = Club.objects.create(name="Other club")
    with pytest.raises(ValidationError, match="not one of the club's"):
        ledger.top_up(club=other, member=member, amount=100, method="cash", by=director)
    with pytest.raises(ValidationError, match="not at one of the club's events"):
        ledger.fee_paid(club=other, guest=guest, amount=100, method="cash", by=director)
    assert not MoneyRow.objects.exists()


def test_an_erased_members_rows_stay_nameless(club, member, guest, director):
    ledger.top_up(club=club, member=member, amount=1000, method="cash", by=director)
    erased = member_erase(member=member)
    row = MoneyRow.objects.get()
    assert row.member_id == member.pk and row.amount == 1000
    assert "Jane" not in erased.name and balance_of(erased) == 1000


def test_the_currency_is_fixed_once_a_row_exists(club, member, director):
    ledger.currency_set(club=club, currency="gbp")
    assert club.currency == "GBP"
    with pytest.raises(ValidationError, match="XYZ is not a currency code"):
        ledger.currency_set(club=club, currency="XYZ")
    ledger.top_up(club=club, member=member, amount=100, method="cash", by=director)
    with pytest.raises(ValidationError, match="The currency cannot change"):
        ledger.currency_set(club=club, currency="EUR")
    club.refresh_from_db()
    assert club.currency == "GBP" and MoneyRow.objects.get().currency == "GBP"


def test_typed_amounts_are_read_in_the_clubs_currency(club):
    assert ledger.amount_from("3,50", club) == 350
    with pytest.raises(ValidationError, match="EUR has 2 decimals at most."):
        ledger.amount_from("3.505", club)


def test_a_refund_goes_back_by_its_method_or_to_the_balance(club, member, guest, party, director):
    from tournaments.selectors.table_money import night

    ledger.fee_paid(club=club, guest=guest, amount=500, method="cash", by=director)
    back = ledger.refund(club=club, guest=guest, amount=200, method="cash", reason="left early", by=director)
    assert (back.kind, back.amount, back.balance_change, back.reason) == ("refund", -200, 0, "left early")
    credit = ledger.refund(club=club, guest=guest, amount=300, method="balance", reason="credit", by=director)
    assert (credit.amount, credit.balance_change, credit.balance_after) == (-300, 300, 300)
    assert balance_of(member) == balance_from_rows(member) == 300
    assert next(r for r in night(party) if r.guest.pk == guest.pk).paid == 0
    with pytest.raises(ValidationError, match="Only €0.00 was paid for the night."):
        ledger.refund(club=club, guest=guest, amount=1, method="cash", reason="again", by=director)
    with pytest.raises(ValidationError, match="Say why the money is given back."):
        ledger.refund(club=club, guest=guest, amount=1, method="cash", reason=" ", by=director)
    assert MoneyRow.objects.count() == 3


def test_a_club_whose_books_hold_a_members_money_is_not_deleted(club, member, guest, director):
    """The member's link protects their rows: even the admin's delete of the whole club is refused."""
    from django.db.models import ProtectedError

    ledger.top_up(club=club, member=member, amount=1000, method="cash", by=director)
    with pytest.raises(ProtectedError):
        club.delete()
    assert MoneyRow.objects.count() == 1 and balance_of(member) == 1000


def test_a_member_with_money_is_not_merged_away(club, member, director):
    from tournaments.services.members import member_create, member_merge

    other = member_create(club=club, name="J. Smith")
    ledger.top_up(club=club, member=member, amount=1000, method="cash", by=director)
    with pytest.raises(ValidationError, match="Jane Smith has table money in the club's books"):
        member_merge(keep=other, drop=member)
    assert MoneyRow.objects.get().member_id == member.pk
    assert member_merge(keep=member, drop=other) == member

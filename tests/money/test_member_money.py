"""A member's balance: top-ups recorded by a director, the statement on the page and as a download
(issue 44 item 3)."""

import csv
import io

import pytest
from django.urls import reverse

from tournaments.models import MoneyAccount, MoneyRow
from tournaments.selectors.ledger import balance_of
from tournaments.services import ledger

pytestmark = pytest.mark.django_db


def test_a_director_records_a_top_up(member, client_in):
    data = {"amount": "20,00", "method": "transfer", "reference": "IBAN ref 42"}
    page = client_in.post(reverse("member_top_up", args=[member.pk]), data, follow=True).content.decode()
    assert "The top-up is recorded." in page and "Balance: €20.00" in page and "IBAN ref 42" in page
    row = MoneyRow.objects.get()
    assert (row.kind, row.method, row.amount, row.balance_after, row.reference) == (
        "top_up", "transfer", 2000, 2000, "IBAN ref 42",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("typed", "message"),
    [("-5", "The amount cannot be negative here."), ("5.555", "EUR has 2 decimals at most."),
     ("five", "five is not an amount"), ("100000.50", "An amount is at most 100,000."),
     ("0", "The amount must be more than zero."), ("", "This field is required.")],
)  # fmt: skip
def test_a_bad_top_up_is_refused_and_nothing_written(member, client_in, typed, message):
    response = client_in.post(reverse("member_top_up", args=[member.pk]), {"amount": typed, "method": "cash"})
    assert response.status_code == 400 and message in response.content.decode()
    assert not MoneyRow.objects.exists() and not MoneyAccount.objects.exists()


def test_the_statement_downloads_with_every_row_and_the_balance_after(club, member, guest, client_in, director):
    ledger.top_up(club=club, member=member, amount=1000, method="cash", by=director)
    ledger.fee_paid(club=club, guest=guest, amount=300, method="balance", by=director)
    ledger.fee_paid(club=club, guest=guest, amount=200, method="card", by=director)
    response = client_in.get(reverse("member_statement_csv", args=[member.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert [row[1:] for row in rows[1:]] == [
        ["Jane Smith", "", "top_up", "cash", "10.00", "10.00"],
        ["Jane Smith", "Spring party 2026-11-28", "fee", "balance", "3.00", "7.00"],
        ["Jane Smith", "Spring party 2026-11-28", "fee", "card", "2.00", ""],
    ]
    assert balance_of(member) == 700
    page = client_in.get(reverse("member_money", args=[member.pk])).content.decode()
    assert "Balance: €7.00" in page and "From balance" in page


def test_the_treasurer_reverses_a_row_saying_why(club, member, client_in, director):
    row = ledger.top_up(club=club, member=member, amount=1000, method="cash", by=director)
    url = reverse("member_correct", args=[member.pk])
    page = client_in.post(url, {"row": row.pk, "reason": "counted twice"}, follow=True).content.decode()
    assert "The row is corrected." in page and "Balance: €0.00" in page and "counted twice" in page
    undone = MoneyRow.objects.get(reverses=row)
    assert (undone.amount, undone.balance_change, undone.by, undone.reason) == (-1000, -1000, director, "counted twice")
    again = client_in.post(url, {"row": row.pk, "reason": "again"}, follow=True).content.decode()
    assert "This row is already corrected." in again and MoneyRow.objects.count() == 2


def test_a_director_who_is_not_treasurer_cannot_correct(club, member, client, director):
    from django.contrib.auth import get_user_model

    from tournaments.models import Membership

    row = ledger.top_up(club=club, member=member, amount=1000, method="cash", by=director)
    carol = get_user_model().objects.create_user("carol", password="x")
    Membership.objects.create(club=club, user=carol, role="director")
    client.force_login(carol)
    assert 'name="reason"' not in client.get(reverse("member_money", args=[member.pk])).content.decode()
    page = client.post(reverse("member_correct", args=[member.pk]), {"row": row.pk, "reason": "x"}, follow=True)
    assert "Only the club&#x27;s treasurer or an owner can do this." in page.content.decode()
    assert MoneyRow.objects.count() == 1 and balance_of(member) == 1000

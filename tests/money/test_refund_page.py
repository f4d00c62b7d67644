"""The refund page on a night (issue 44 item 7) and the corrections page: refusals say why and write nothing."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournaments.models import Membership, MoneyRow
from tournaments.services import ledger

pytestmark = pytest.mark.django_db


@pytest.fixture
def paid(club, guest, director):
    """Jane Smith (Player 001) paid 5.00 cash for the night."""
    return ledger.fee_paid(club=club, guest=guest, amount=500, method="cash", by=director)


def refund(client, party, guest, amount: str, method: str = "cash", reason: str = "left at the interval"):
    data = {"guest": guest.pk, "amount": amount, "method": method, "reason": reason}
    return client.post(reverse("party_money_refund", args=[party.pk]), data)


def test_a_refund_by_cash_is_a_reversing_row(client, director, party, guest, paid):
    client.force_login(director)
    page = client.get(reverse("party_money_refund", args=[party.pk])).content.decode()
    assert "Player 001 (€5.00)" in page
    assert refund(client, party, guest, "2,50").status_code == 302
    row = MoneyRow.objects.latest("id")
    assert (row.kind, row.method, row.amount, row.guest_id, row.reason) == (
        "refund", "cash", -250, guest.pk, "left at the interval",
    )  # fmt: skip


def test_a_refund_to_the_balance_credits_the_member(client, director, party, guest, paid, member):
    client.force_login(director)
    refund(client, party, guest, "5", method="balance")
    row = MoneyRow.objects.latest("id")
    assert (row.amount, row.balance_change, row.balance_after) == (-500, 500, 500)


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        ("5.01", "Only €5.00 was paid for the night."),
        ("abc", "abc is not an amount: write digits, as 3.50."),
        ("-1", "The amount cannot be negative here."),
        ("1.234", "EUR has 2 decimals at most."),
        ("0", "The amount must be more than zero."),
    ],
)
def test_a_bad_refund_is_refused_with_a_plain_message_and_nothing_written(
    client, director, party, guest, paid, amount, message
):
    client.force_login(director)
    before = MoneyRow.objects.count()
    response = refund(client, party, guest, amount)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert MoneyRow.objects.count() == before


def test_a_refund_without_a_reason_is_refused(client, director, party, guest, paid):
    client.force_login(director)
    response = refund(client, party, guest, "1", reason="")
    assert response.status_code == 400 and "This field is required." in response.content.decode()
    assert MoneyRow.objects.count() == 1


def test_a_director_who_is_not_treasurer_cannot_refund(client, club, party, guest, paid):
    carol = get_user_model().objects.create_user("carol")
    Membership.objects.create(club=club, user=carol, role="director")
    client.force_login(carol)
    assert client.get(reverse("party_money_refund", args=[party.pk])).status_code == 403
    assert refund(client, party, guest, "1").status_code == 403
    assert MoneyRow.objects.count() == 1
    assert "Refunds" not in client.get(reverse("party_money", args=[party.pk])).content.decode()


def test_the_corrections_page_reverses_a_guests_row_with_who_and_why(client, director, club, party, paid):
    client.force_login(director)
    page = client.get(reverse("treasury_rows")).content.decode()
    assert "Jane Smith" in page and f'name="row" value="{paid.pk}"' in page
    client.post(reverse("treasury_correct"), {"row": paid.pk, "reason": "wrong guest"})
    row = MoneyRow.objects.latest("id")
    assert (row.kind, row.amount, row.reverses_id, row.reason, row.by) == (
        "correction",
        -500,
        paid.pk,
        "wrong guest",
        director,
    )
    response = client.post(reverse("treasury_correct"), {"row": paid.pk, "reason": "again"}, follow=True)
    assert "This row is already corrected." in response.content.decode()
    assert MoneyRow.objects.count() == 2


def test_the_corrections_page_refuses_without_a_reason_and_another_clubs_row(client, director, paid):
    client.force_login(director)
    response = client.post(reverse("treasury_correct"), {"row": paid.pk, "reason": ""}, follow=True)
    assert "Say why the row is corrected." in response.content.decode()
    bob = get_user_model().objects.create_user("bob")
    from tournaments.models import Club

    Membership.objects.create(club=Club.objects.create(name="Bramley"), user=bob, role="owner")
    client.force_login(bob)
    assert client.post(reverse("treasury_correct"), {"row": paid.pk, "reason": "mine"}).status_code == 404
    assert MoneyRow.objects.count() == 1

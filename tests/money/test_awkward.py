"""The awkward cases of issue 44 item 7: a guest removed after paying, a fee changed after some paid, part
payments. (The currency fixed once a row exists: tests/money/test_ledger.py.)"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournaments.models import Membership, MoneyAccount, MoneyRow, Party
from tournaments.selectors.event_players import of_event
from tournaments.selectors.table_money import night, removed
from tournaments.services import ledger
from tournaments.services.party import guest_remove

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(club, guest):
    """Members pay 3.00, visitors 5.00; Player 001 is the member Jane Smith, 002 to 004 are visitors."""
    club.member_rate, club.visitor_rate = 300, 500
    club.save()
    return Party.objects.select_related("club").get(pk=guest.party_id)


def page(client, party) -> str:
    return client.get(reverse("party_money", args=[party.pk])).content.decode()


def test_a_part_payment_leaves_the_rest_owed_and_one_tap_pays_the_rest(rated, director, client_in):
    two = rated.guests.get(name="Player 002")
    ledger.fee_paid(club=rated.club, guest=two, amount=200, method="card", by=director)
    row = next(r for r in night(rated) if r.guest.pk == two.pk)
    assert (row.fee, row.paid, row.owed, row.settled) == (500, 200, 300, False)
    shown = page(client_in, rated)
    assert "€2.00 (Card) €3.00 to pay" in shown and '<li><bdi class="person">Player 002</bdi>: €3.00</li>' in shown
    client_in.post(reverse("party_money_pay", args=[rated.pk]), {"guest": two.pk, "method": "cash"})
    assert list(MoneyRow.objects.filter(guest_id=two.pk).values_list("amount", "method")) == [
        (200, "card"),
        (300, "cash"),
    ]
    assert next(r for r in night(rated) if r.guest.pk == two.pk).owed == 0


def test_a_fee_changed_after_paying_keeps_what_was_paid_and_shows_the_difference(rated, director, client_in):
    two, three = rated.guests.get(name="Player 002"), rated.guests.get(name="Player 003")
    ledger.fee_paid(club=rated.club, guest=two, amount=500, method="cash", by=director)
    ledger.party_fee_save(party=rated, member_rate=None, visitor_rate=400)  # down by 1.00
    assert [(r.guest.name, r.owed) for r in night(rated)][1:3] == [("Player 002", -100), ("Player 003", 400)]
    assert "€1.00 paid over the fee" in page(client_in, rated)
    ledger.party_fee_save(party=rated, member_rate=None, visitor_rate=600)  # up by 1.00 over the first
    assert next(r for r in night(rated) if r.guest.pk == two.pk).owed == 100
    shown = page(client_in, rated)
    assert "€5.00 (Cash) €1.00 to pay" in shown and '<li><bdi class="person">Player 002</bdi>: €1.00</li>' in shown
    assert list(MoneyRow.objects.values_list("amount", flat=True)) == [500]  # what was paid stays as it was
    assert three.pk  # Player 003 paid nothing: owes the whole new fee
    assert next(r for r in night(rated) if r.guest.pk == three.pk).owed == 600


def test_what_was_paid_over_a_lowered_fee_is_credited_to_the_members_balance(rated, guest, member, director, client_in):
    ledger.fee_paid(club=rated.club, guest=guest, amount=300, method="cash", by=director)
    ledger.party_fee_save(party=rated, member_rate=250, visitor_rate=None)  # the member's rate down by 0.50
    shown = page(client_in, rated)
    assert "€0.50 paid over the fee" in shown and 'name="amount" value="0.50"' in shown
    url = reverse("event_money_refund", args=["party", rated.pk])
    client_in.post(url, {"guest": guest.pk, "amount": "0.50", "method": "balance", "reason": "Rate lowered"})
    assert MoneyAccount.objects.get(member=member).balance == 50
    row = next(r for r in night(rated) if r.guest.pk == guest.pk)
    assert (row.fee, row.paid, row.owed) == (250, 250, 0)


def test_a_guest_removed_after_paying_is_offered_a_refund_or_a_credit(rated, guest, member, director, client_in):
    ledger.fee_paid(club=rated.club, guest=guest, amount=300, method="cash", by=director)
    guest_id = guest.pk
    guest_remove(guest=guest)
    event = of_event("party", rated)
    assert [(r.player_id, r.paid, r.name) for r in removed(event)] == [(guest_id, 300, "Jane Smith")]
    shown = page(client_in, rated)
    assert '<bdi class="person">Jane Smith</bdi> paid €3.00.' in shown and "Credit to balance" in shown
    url = reverse("event_money_refund", args=["party", rated.pk])
    client_in.post(url, {"guest": guest_id, "amount": "3.00", "method": "balance", "reason": "Went home ill"})
    refund = MoneyRow.objects.get(kind="refund")
    assert (refund.amount, refund.balance_change, refund.member_id, refund.reason) == (
        -300,
        300,
        member.pk,
        "Went home ill",
    )
    assert MoneyAccount.objects.get(member=member).balance == 300
    assert removed(event) == [] and "Paid, and no longer playing" not in page(client_in, rated)


def test_a_removed_visitor_gets_cash_back_never_more_than_was_paid(rated, director, client_in):
    two = rated.guests.get(name="Player 002")
    ledger.fee_paid(club=rated.club, guest=two, amount=500, method="card", by=director)
    two_id = two.pk
    guest_remove(guest=two)
    shown = page(client_in, rated)
    assert f"Player no. {two_id} paid €5.00." in shown and "Credit to balance" not in shown
    url = reverse("event_money_refund", args=["party", rated.pk])
    for data, message in [
        ({"amount": "6", "method": "cash", "reason": "Left"}, "Only €5.00 was paid for the night."),
        ({"amount": "5", "method": "cash", "reason": " "}, "Say why the money is given back."),
        ({"amount": "5", "method": "balance", "reason": "Left"},
         "Only a guest linked to a member can pay from a balance."),
        ({"amount": "5.001", "method": "cash", "reason": "Left"}, "EUR has 2 decimals at most."),
    ]:  # fmt: skip
        answer = client_in.post(url, {"guest": two_id, **data}, follow=True).content.decode()
        assert message.replace("'", "&#x27;") in answer, message
    assert MoneyRow.objects.count() == 1
    client_in.post(url, {"guest": two_id, "amount": "5", "method": "cash", "reason": "Left before play"})
    assert MoneyRow.objects.get(kind="refund").amount == -500 and removed(of_event("party", rated)) == []


def test_only_the_treasurer_or_an_owner_gives_money_back(rated, club, director, client):
    two = rated.guests.get(name="Player 002")
    ledger.fee_paid(club=rated.club, guest=two, amount=500, method="card", by=director)
    two_id = two.pk
    guest_remove(guest=two)
    carol = get_user_model().objects.create_user("carol", password="x")
    Membership.objects.create(club=club, user=carol, role="director")
    client.force_login(carol)
    assert "Refund: Cash" not in page(client, rated)
    url = reverse("event_money_refund", args=["party", rated.pk])
    answer = client.post(url, {"guest": two_id, "amount": "5", "method": "cash", "reason": "Left"}, follow=True)
    assert "Only the club&#x27;s treasurer or an owner can do this." in answer.content.decode()
    assert MoneyRow.objects.count() == 1


def test_the_club_page_cannot_change_the_currency_once_a_row_exists(rated, guest, club, director, client_in):
    """The service's refusal is in tests/money/test_ledger.py; here the Club page's form: nothing is saved, not
    even the rates sent with it."""
    ledger.fee_paid(club=rated.club, guest=guest, amount=300, method="cash", by=director)
    data = {"currency": "GBP", "member_rate": "9", "visitor_rate": "9", "balance_floor": "0"}
    answer = client_in.post(reverse("club_money"), data, follow=True).content.decode()
    assert "The currency cannot change: the club&#x27;s books already hold money in it." in answer
    club.refresh_from_db()
    assert (club.currency, club.member_rate, club.visitor_rate) == ("EUR", 300, 500)

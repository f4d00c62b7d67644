"""At the night: each guest's fee by rate, one tap to mark paid, everyone paid cash, the unpaid listed
(issue 44 items 1 and 2); the club's rates on the Club page, by its treasurer or an owner."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournaments.models import EventFee, FreePlace, Membership, MoneyRow, Party
from tournaments.selectors.table_money import night, party_rates, unpaid
from tournaments.services import ledger

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(club, guest):
    """Members pay 3.00, visitors 5.00 at the club; the party has one member (Player 001) and three visitors."""
    club.member_rate, club.visitor_rate = 300, 500
    club.save()
    return Party.objects.select_related("club").get(pk=guest.party_id)  # its club with the rates


def figures(party):
    return [(r.guest.name, r.fee, r.paid, r.owed) for r in night(party)]


def test_a_member_pays_the_members_rate_a_visitor_the_visitors(rated):
    assert figures(rated) == [
        ("Player 001", 300, 0, 300), ("Player 002", 500, 0, 500), ("Player 003", 500, 0, 500),
        ("Player 004", 500, 0, 500),
    ]  # fmt: skip


def test_the_partys_own_rate_wins_and_an_empty_one_is_the_clubs(rated):
    ledger.party_fee_save(party=rated, member_rate=None, visitor_rate=700)
    rates = party_rates(rated)
    assert (rates.member, rates.visitor, rates.own) == (300, 700, True)
    assert [f[1] for f in figures(rated)] == [300, 700, 700, 700]


def test_a_free_place_owes_nothing(rated, party, director):
    ledger.free_place_set(guest=party.guests.get(name="Player 002"), free=True, by=director)
    assert [f[3] for f in figures(rated)] == [300, 0, 500, 500]
    ledger.free_place_set(guest=party.guests.get(name="Player 002"), free=False, by=director)
    assert not FreePlace.objects.exists()


def test_one_tap_marks_paid_what_is_owed(rated, client_in):
    two = rated.guests.get(name="Player 002")
    page = client_in.post(reverse("party_money_pay", args=[rated.pk]), {"guest": two.pk, "method": "card"}, follow=True)
    assert "Player 002 paid." in page.content.decode()
    row = MoneyRow.objects.get()
    assert (row.kind, row.method, row.amount, row.guest_id) == ("fee", "card", 500, two.pk)
    again = client_in.post(
        reverse("party_money_pay", args=[rated.pk]), {"guest": two.pk, "method": "card"}, follow=True
    )
    assert "Player 002 owes nothing." in again.content.decode() and MoneyRow.objects.count() == 1


def test_everyone_paid_cash_in_one_step(rated, client_in, guest, director):
    ledger.fee_paid(club=rated.club, guest=guest, amount=100, method="card", by=director)  # a part payment
    page = client_in.post(reverse("party_money_all_cash", args=[rated.pk]), follow=True)
    assert "Marked paid in cash: 4." in page.content.decode()
    assert sorted(MoneyRow.objects.filter(method="cash").values_list("amount", flat=True)) == [200, 500, 500, 500]
    assert unpaid(night(rated)) == []


def test_the_page_shows_fees_and_the_unpaid_in_the_clubs_money(rated, client_in, guest, director):
    ledger.fee_paid(club=rated.club, guest=guest, amount=300, method="cash", by=director)
    page = client_in.get(reverse("party_money", args=[rated.pk])).content.decode()
    assert "€5.00" in page and "Player 001" in page
    unpaid_list = page.split('id="unpaid"')[1].split("</ul>")[0]
    assert "Player 001" not in unpaid_list and '<bdi class="person">Player 002</bdi>: €5.00' in unpaid_list
    assert 'name="method" value="balance"' not in page  # the only member has paid: no "From balance" left


def test_from_balance_is_offered_only_to_a_guest_linked_to_a_member(rated, client_in):
    page = client_in.get(reverse("party_money", args=[rated.pk])).content.decode()
    assert page.count('name="method" value="balance"') == 1


def test_a_bad_party_fee_is_refused_and_nothing_written(rated, client_in):
    url = reverse("party_money_fee", args=[rated.pk])
    for typed, message in [("3.505", "EUR has 2 decimals at most."), ("-2", "The amount cannot be negative here."),
                           ("lots", "lots is not an amount"), ("200000", "An amount is at most 100,000.")]:  # fmt: skip
        response = client_in.post(url, {"member_rate": typed, "visitor_rate": ""})
        assert response.status_code == 400 and message in response.content.decode()
    assert not EventFee.objects.exists()
    client_in.post(url, {"member_rate": "2,50", "visitor_rate": ""})
    assert (party_rates(rated).member, party_rates(rated).visitor) == (250, 500)


def test_the_owner_sets_the_clubs_rates_on_the_club_page(club, client_in):
    data = {"currency": "gbp", "member_rate": "2.50", "visitor_rate": "4", "balance_floor": "10"}
    page = client_in.post(reverse("club_money"), data, follow=True).content.decode()
    club.refresh_from_db()
    assert (club.currency, club.member_rate, club.visitor_rate, club.balance_floor) == ("GBP", 250, 400, 1000)
    assert "A member pays £2.50 a night, a visitor £4.00" in page


def test_a_director_who_is_not_treasurer_cannot_set_rates(club, client):
    carol = get_user_model().objects.create_user("carol", password="x")
    membership = Membership.objects.create(club=club, user=carol, role="director")
    client.force_login(carol)
    data = {"currency": "EUR", "member_rate": "9", "visitor_rate": "9", "balance_floor": "0"}
    page = client.post(reverse("club_money"), data, follow=True).content.decode()
    assert "Only the club&#x27;s treasurer or an owner can do this." in page
    club.refresh_from_db()
    assert club.member_rate == 0
    membership.treasurer = True
    membership.save()
    client.post(reverse("club_money"), data)
    club.refresh_from_db()
    assert club.member_rate == 900


def test_a_bad_rate_is_refused_with_nothing_written(club, client_in):
    data = {"currency": "EUR", "member_rate": "2.555", "visitor_rate": "x", "balance_floor": "0"}
    page = client_in.post(reverse("club_money"), data, follow=True).content.decode()
    assert "EUR has 2 decimals at most." in page and "x is not an amount" in page
    club.refresh_from_db()
    assert (club.member_rate, club.visitor_rate) == (0, 0)


def test_the_entry_form_and_the_entrants_page_say_the_table_money(rated):
    from django.test import Client

    from tournaments.services import entries

    entry_list = entries.entry_list_save(event=rated, open=True)
    form = Client().get(reverse("entry_page", args=[entry_list.token])).content.decode()
    said = "Table money: €3.00 for a member, €5.00 for a visitor, paid at the night."
    assert said in form
    entry = entries.entry_add(entry_list=entry_list, name="Ann Other", email="ann@example.org")
    assert said in Client().get(reverse("entry_status", args=[entry.cancel_token])).content.decode()
    ledger.party_fee_save(party=rated, member_rate=0, visitor_rate=0)
    assert "Table money" not in Client().get(reverse("entry_page", args=[entry_list.token])).content.decode()


def test_the_owner_makes_a_director_treasurer_and_back(club, client_in):
    carol = get_user_model().objects.create_user("carol", password="x")
    membership = Membership.objects.create(club=club, user=carol, role="director")
    url = reverse("director_treasurer", args=[carol.pk])
    page = client_in.post(url, {"treasurer": "on"}, follow=True).content.decode()
    membership.refresh_from_db()
    assert membership.treasurer and "The club&#x27;s treasurers are saved." in page and "No longer treasurer" in page
    client_in.post(url, {})
    membership.refresh_from_db()
    assert not membership.treasurer

"""Table money for every kind of event (issue 44 item 1): a knockout, a Towie table, a Boston table and a card
evening get the party's fees, free places, one-tap and all-cash marking, on the one generalised tab."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from tests.knockout.helpers import make_knockout
from tests.towie.conftest import make_table
from tournaments.models import EventFee, FreePlace, MoneyRow
from tournaments.selectors.event_players import money_event
from tournaments.selectors.table_money import night_of
from tournaments.services import boston, entries, evening, ledger

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(club):
    """Members pay 3.00, visitors 5.00 at the club."""
    club.member_rate, club.visitor_rate = 300, 500
    club.save()
    return club


def figures(kind, event_id, user):
    return [(r.guest.name, r.fee, r.paid, r.owed) for r in night_of(money_event(kind, event_id, user=user))]


def test_a_towie_tables_players_pay_its_own_rate(rates, director, member, client_in):
    table = make_table(("Ann", "Ben", "Cid"), user=director)
    ann = table.players.get(name="Ann")
    ann.member = member
    ann.save()
    ledger.event_fee_save(event=money_event("towie", table.pk, user=director), member_rate=None, visitor_rate=400)
    # Ann is a member: the club's 3.00 (the table has no member's rate of its own); Ben and Cid 4.00.
    assert figures("towie", table.pk, director) == [("Ann", 300, 0, 300), ("Ben", 400, 0, 400), ("Cid", 400, 0, 400)]
    url = reverse("event_money_pay", args=["towie", table.pk])
    ben = table.players.get(name="Ben")
    assert "Ben paid." in client_in.post(url, {"guest": ben.pk, "method": "card"}, follow=True).content.decode()
    row = MoneyRow.objects.get()
    assert (row.event_kind, row.event_id, row.guest_id, row.amount, row.method) == (
        "towie",
        table.pk,
        ben.pk,
        400,
        "card",
    )
    page = client_in.post(reverse("event_money_all_cash", args=["towie", table.pk]), follow=True).content.decode()
    assert "Marked paid in cash: 2." in page and "Everyone has paid." in page
    assert sorted(MoneyRow.objects.filter(method="cash").values_list("amount", flat=True)) == [300, 400]


def test_a_boston_tables_four_seats_with_a_free_place(rates, director, client_in):
    table = boston.boston_table_create(
        name="Tuesday Boston", date=datetime.date(2026, 11, 28), variant="english",
        players=["Ann", "Ben", "Cid", "Dan"], pool_feed=10, pool_limit=100, user=director,
    )  # fmt: skip
    client_in.post(reverse("event_money_free", args=["boston", table.pk]), {"guest": 4, "free": "on"})
    assert [f[3] for f in figures("boston", table.pk, director)] == [500, 500, 500, 0]
    page = client_in.get(reverse("event_money", args=["boston", table.pk])).content.decode()
    assert "Tuesday Boston: table money" in page and "Dan: " not in page.split('id="unpaid"')[1].split("</ul>")[0]
    client_in.post(reverse("event_money_all_cash", args=["boston", table.pk]))
    assert sum(MoneyRow.objects.filter(event_kind="boston").values_list("amount", flat=True)) == 1500


def test_a_knockouts_pairs_are_two_players_each(rates, director, client_in):
    knockout = make_knockout(pairs=2, user=director, draw=False)
    assert len(figures("knockout", knockout.pk, director)) == 4
    page = client_in.post(reverse("event_money_all_cash", args=["knockout", knockout.pk]), follow=True)
    assert "Marked paid in cash: 4." in page.content.decode()
    first = knockout.pairs.order_by("pk").first()
    paid = set(MoneyRow.objects.values_list("guest_id", flat=True))
    assert {first.pk * 2, first.pk * 2 + 1} <= paid and MoneyRow.objects.count() == 4
    assert sum(MoneyRow.objects.values_list("amount", flat=True)) == 2000  # four visitors at 5.00


def test_a_card_evenings_confirmed_entrants_pay(rates, club, director, member, client_in):
    night = evening.evening_save(
        club=club, name="Winter whist", date=datetime.date(2026, 12, 4), game="boston", tables=1,
        variant="english", pool_feed=10, pool_limit=100,
    )  # fmt: skip
    entry_list = entries.entry_list_save(event=night, open=True)
    form = Client().get(reverse("entry_page", args=[entry_list.token])).content.decode()
    assert "Table money: €3.00 for a member, €5.00 for a visitor, paid at the night." in form
    entry = entries.entry_add(entry_list=entry_list, name="Zoe Quinn", email="z@example.org")
    entries.entry_add(entry_list=entry_list, name="Yann Roy", email="y@example.org")
    assert figures("evening", night.pk, director) == [("Yann Roy", 500, 0, 500), ("Zoe Quinn", 500, 0, 500)]
    url = reverse("event_money_pay", args=["evening", night.pk])
    client_in.post(url, {"guest": entry.pk * 2, "method": "transfer"})  # a Boston evening's entrants come alone
    assert figures("evening", night.pk, director)[1] == ("Zoe Quinn", 500, 500, 0)
    said = Client().get(reverse("entry_status", args=[entry.cancel_token])).content.decode()
    assert "Table money: €3.00 for a member, €5.00 for a visitor" in said


def test_a_bad_fee_on_any_event_is_refused_and_nothing_written(rates, director, client_in):
    table = make_table(("Ann", "Ben", "Cid"), user=director)
    url = reverse("event_money_fee", args=["towie", table.pk])
    for typed, message in [("3.505", "EUR has 2 decimals at most."), ("-2", "The amount cannot be negative here."),
                           ("lots", "lots is not an amount"), ("200000", "An amount is at most 100,000.")]:  # fmt: skip
        response = client_in.post(url, {"member_rate": "", "visitor_rate": typed})
        assert response.status_code == 400 and message in response.content.decode()
    assert not EventFee.objects.exists()


def test_an_unknown_kind_or_another_clubs_event_is_a_404(rates, director, client_in):
    table = make_table(("Ann", "Ben", "Cid"), user=director)
    assert client_in.get(reverse("event_money", args=["bingo", table.pk])).status_code == 404
    assert client_in.get(reverse("event_money", args=["boston", table.pk + 999])).status_code == 404
    response = client_in.post(reverse("event_money_pay", args=["towie", table.pk]), {"guest": 999999, "method": "cash"})
    assert response.status_code == 404 and not MoneyRow.objects.exists() and not FreePlace.objects.exists()

"""The tables' phones after a change of plan (issue 46): a table that no longer plays says where its players
went, or that they have left, at the phone's next poll."""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments.models import Seat, TableToken
from tournaments.selectors import plan_changes as plan_selectors
from tournaments.services import plan_changes as plan_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()


def part(party, table):
    token = TableToken.objects.get(party=party, table=table, revoked_at__isnull=True)
    return Client().get(reverse("table_page", args=[token.token]) + "?part=1").content.decode()


def state(party, table):
    token = TableToken.objects.get(party=party, table=table, revoked_at__isnull=True)
    return Client().get(reverse("table_page", args=[token.token]) + "?state=1").json()["live"]


def after_round_1(party, director):
    first = party.rounds.get(number=1)
    for table in sorted(set(first.seats.values_list("table", flat=True))):
        result_services.result_record(round_=first, table=table, net=(100, -100), by_user=director)
    round_services.round_close(round_=first)
    return first


def test_the_phone_of_a_table_that_left_says_its_players_have_left(party_factory, director):
    party = party_factory(tables=2, rounds=3)
    first = after_round_1(party, director)
    names = list(Seat.objects.filter(round=first, table=2).values_list("guest__name", flat=True))
    assert "Deal 1" in part(party, 2)  # before the change table 2 plays round 2
    polled = state(party, 2)
    plan_services.plan_apply(party=party, leaving=plan_selectors.table_guests(plan_selectors.break_get(party), 2))
    assert state(party, 2) != polled  # the phone's next poll sees the change, and draws its part again
    page = part(party, 2)
    assert "Table 2 does not play in round 2." in page and "Deal 1" not in page
    assert all(f"{name} has left. Thank you for playing!" in page for name in names)


def test_the_phone_of_a_renumbered_table_says_where_its_players_go(party_factory, director):
    party = party_factory(tables=3, rounds=3)
    first = after_round_1(party, director)
    plan_services.plan_apply(party=party, leaving=plan_selectors.table_guests(plan_selectors.break_get(party), 1))
    # Tables 2 and 3 are now 1 and 2: the phone of table 3 has no table in round 2, its players are elsewhere.
    page = part(party, 3)
    assert "Table 3 does not play in round 2." in page
    second = party.rounds.get(number=2)
    for name in Seat.objects.filter(round=first, table=3).values_list("guest__name", flat=True):
        table, seat = Seat.objects.filter(round=second, guest__name=name).values_list("table", "seat").get()
        assert table in (1, 2) and f'data-name="{name}"' in page


def test_the_whole_round_form_of_a_closed_table_offers_no_entry(party_factory, director):
    party = party_factory(tables=2, rounds=3)
    after_round_1(party, director)
    plan_services.plan_apply(party=party, leaving=plan_selectors.table_guests(plan_selectors.break_get(party), 2))
    token = TableToken.objects.get(party=party, table=2, revoked_at__isnull=True)
    response = Client().get(reverse("table_page", args=[token.token]) + "?all=1")
    assert response.status_code == 200 and 'name="d1-level"' not in response.content.decode()


def test_a_table_renumbered_into_a_leaving_tables_place_says_its_players_have_left(party_factory, director):
    party = party_factory(tables=3, rounds=3)
    first = after_round_1(party, director)
    names = list(Seat.objects.filter(round=first, table=1).values_list("guest__name", flat=True))
    plan_services.plan_apply(party=party, leaving=plan_selectors.table_guests(plan_selectors.break_get(party), 1))
    # Table 1 plays on in round 2 (old table 2's players, renumbered): its phone, deal by deal and whole round
    # alike, says that those who sat there in round 1 have left, beside the deal form.
    token = TableToken.objects.get(party=party, table=1, revoked_at__isnull=True)
    whole = Client().get(reverse("table_page", args=[token.token]) + "?all=1").content.decode()
    for page in (part(party, 1), whole):
        assert "Table 1 does not play" not in page
        assert all(f"{name} has left. Thank you for playing!" in page for name in names)
    # A table whose four players all have a seat in round 2 names nobody as gone.
    assert "has left" not in part(party, 2)

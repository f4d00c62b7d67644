"""A director of another club posting to a Towie table's pages, by htmx or not, gets the plain 404 that
every other page gives (issue 23 item 5), and nothing changes; a live page's poll of a table gone still
stops polling with a word."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.towie.conftest import deal_fields
from tournaments.models import Club, Membership, TowieDeal, TowieTable

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def stranger():
    user = get_user_model().objects.create_user("mallory", password="another long password")
    Membership.objects.create(club=Club.objects.create(name="Mallory's club"), user=user, role="owner")
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("htmx", [True, False])
def test_a_foreign_directors_post_of_a_deal_is_a_plain_404_and_saves_nothing(stranger, towie_factory, htmx):
    table = towie_factory(["Ann", "Bob", "Cid"])
    response = stranger.post(
        reverse("towie_sheet", args=[table.pk]), deal_fields("Bob", "4S", 10), headers=HTMX if htmx else {}
    )
    assert response.status_code == 404
    assert "This link no longer opens the table" not in response.content.decode()
    assert not TowieDeal.objects.filter(table=table).exists()


@pytest.mark.parametrize("name", ["towie_seats", "towie_settlement", "towie_draw"])
def test_every_towie_page_answers_a_foreign_htmx_post_with_404(stranger, towie_factory, name):
    table = towie_factory(["Ann", "Bob", "Cid"])
    seats = list(table.players.order_by("order").values_list("name", "card"))
    response = stranger.post(reverse(name, args=[table.pk]), {"dealer": "Bob"}, headers=HTMX)
    assert response.status_code == 404
    assert list(TowieTable.objects.get(pk=table.pk).players.order_by("order").values_list("name", "card")) == seats


def test_a_foreign_directors_post_to_a_deal_edit_is_a_404_and_the_deal_stays(client_in, stranger, towie_factory):
    table = towie_factory(["Ann", "Bob", "Cid"])
    client_in.post(reverse("towie_sheet", args=[table.pk]), deal_fields("Bob", "4S", 10))
    deal = TowieDeal.objects.get(table=table)
    before = (deal.contract, deal.tricks)
    response = stranger.post(
        reverse("towie_deal_edit", args=[table.pk, deal.pk]), deal_fields("Bob", "4S", 7), headers=HTMX
    )
    assert response.status_code == 404
    deal.refresh_from_db()
    assert (deal.contract, deal.tricks) == before
    response = stranger.post(reverse("towie_deal_remove", args=[table.pk, deal.pk]), headers=HTMX)
    assert response.status_code == 404 and TowieDeal.objects.filter(pk=deal.pk).exists()


def test_a_poll_of_a_table_gone_still_stops_polling(client_in, towie_factory):
    table = towie_factory(["Ann", "Bob", "Cid"])
    url = reverse("towie_sheet", args=[table.pk])
    TowieTable.objects.filter(pk=table.pk).delete()
    response = client_in.get(url, headers=HTMX)
    assert response.status_code == 286
    assert "This link no longer opens the table" in response.content.decode()

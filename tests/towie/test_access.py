"""Who may open a Towie table: a director (logged in), or the players by the table's own phone link."""

import pytest
from django.urls import reverse

from tests.towie.conftest import deal_fields
from tournaments.models import TowieDeal, TowieTable
from tournaments.services import towie as towie_services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["towie_list", "towie_create"])
def test_the_list_and_a_new_table_need_a_director(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", ["towie_sheet", "towie_seats", "towie_settlement", "towie_pdf", "towie_edit"])
def test_a_table_by_its_number_needs_a_director(client, towie_factory, name):
    table = towie_factory()
    response = client.get(reverse(name, args=[table.pk]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_nothing_is_saved_for_an_anonymous_post(client, towie_factory):
    table = towie_factory()
    client.post(reverse("towie_sheet", args=[table.pk]), deal_fields("A", "4S", 10))
    assert not TowieDeal.objects.exists()


def test_the_phone_link_keeps_the_sheet_without_a_login(client, towie_factory):
    table = towie_factory(["A", "B", "C", "D"])
    base = reverse("towie_phone_sheet", args=[table.token])
    assert base == f"/towie/p/{table.token}/"
    html = client.get(base).content.decode()
    assert "Enter deal 1" in html
    assert reverse("towie_edit", args=[table.pk]) not in html  # no settings, no other tables
    assert f'href="{reverse("towie_list")}"' not in html
    assert f'action="{reverse("towie_phone_sheet", args=[table.token])}"' in html
    assert reverse("towie_phone_seats", args=[table.token]) in html

    response = client.post(base, deal_fields("B", "4S", 10))
    assert response["Location"] == base
    deal = TowieDeal.objects.get(table=table)
    html = client.get(base).content.decode()
    assert reverse("towie_phone_deal_edit", args=[table.token, deal.pk]) in html
    response = client.post(
        reverse("towie_phone_seats", args=[table.token]), {"dealer": "A", "left": "B", "beyond": "C"}
    )
    assert response["Location"] == base
    assert client.get(reverse("towie_phone_settlement", args=[table.token])).status_code == 200
    assert client.get(reverse("towie_phone_pdf", args=[table.token]))["Content-Type"] == "application/pdf"
    response = client.post(reverse("towie_phone_deal_remove", args=[table.token, deal.pk]))
    assert response["Location"] == base and not TowieDeal.objects.exists()


def test_a_wrong_or_renewed_link_opens_nothing(client, client_in, towie_factory):
    table = towie_factory()
    assert client.get("/towie/p/not-the-token/").status_code == 404
    old = table.token
    response = client_in.post(reverse("towie_link_renew", args=[table.pk]), follow=True)
    assert "The table has a new phone link: the old one no longer works." in response.content.decode()
    new = TowieTable.objects.get(pk=table.pk).token
    assert new != old and len(new) >= 40
    client_in.logout()
    assert client.get(reverse("towie_phone_sheet", args=[old])).status_code == 404
    assert client.get(reverse("towie_phone_sheet", args=[new])).status_code == 200


def test_a_phone_link_opens_only_its_own_table(client, towie_factory):
    one = towie_factory(name="One")
    other = towie_factory(name="Other")
    deal = towie_services.towie_deal_record(table=other, kind="played", declarer="A", contract="4S", tricks=10)
    assert client.get(reverse("towie_phone_deal_edit", args=[one.token, deal.pk])).status_code == 404
    assert client.post(reverse("towie_phone_deal_remove", args=[one.token, deal.pk])).status_code == 404
    assert TowieDeal.objects.filter(pk=deal.pk).exists()


def test_the_director_sees_the_phone_link_and_may_delete_the_table(client_in, towie_factory, settings):
    settings.SITE_URL = "http://club.example"  # the links' address, never the request's Host (site_url)
    table = towie_factory()
    html = client_in.get(reverse("towie_edit", args=[table.pk])).content.decode()
    assert f"http://club.example/towie/p/{table.token}/" in html
    response = client_in.post(reverse("towie_delete", args=[table.pk]), follow=True)
    assert f"Delete {table.name} and its whole sheet?" in response.content.decode()
    assert TowieTable.objects.filter(pk=table.pk).exists()
    response = client_in.post(reverse("towie_delete", args=[table.pk]), {"confirm": "yes"}, follow=True)
    assert "Towie night is deleted." in response.content.decode()
    assert not TowieTable.objects.exists()

"""Only the inputs are stored: a deal corrected or removed, or a setting changed, and everything after it follows."""

import pytest
from django.urls import reverse

from tests.boston.conftest import create_table, deal_data, nets, play, sheet
from tournaments.models import BostonDeal, BostonTable

pytestmark = pytest.mark.django_db


def correct(client, table, number, *args, **kwargs):
    return client.post(reverse("boston_deal_edit", args=[table.id, number]), deal_data(*args, **kwargs))


def remove(client, table, number):
    return client.post(reverse("boston_deal_remove", args=[table.id, number]))


def stored(table):
    return list(BostonDeal.objects.filter(table=table).values_list("number", "caller", "bid", "tricks"))


@pytest.fixture
def english(client_in):
    table = create_table(client_in, "english", pool_feed=10, pool_limit=100)
    play(client_in, table, "Bob", "8", 7, suit="H")  # fails by one: 23 each, the pool of 10 doubled to 20
    play(client_in, table, "Cat", "6", 4, suit="S")  # fails by two: 24 each, the pool of 30 doubled to 60
    play(client_in, table, "Dan", "7", 7, suit="D")  # made: 18 each, takes the pool of 70
    return table


def test_the_figures_are_not_stored_only_what_was_said_and_taken(english):
    fields = {f.name for f in BostonDeal._meta.get_fields()}
    assert not fields & {"amount", "net", "total", "pool", "pools", "score"}


def test_correcting_a_deal_settles_it_and_every_later_deal_again(client_in, english):
    page = client_in.get(reverse("boston_deal_edit", args=[english.id, 1]))
    assert page.status_code == 200 and page.context["form"]["bid"].value() == "8"
    response = correct(client_in, english, 1, "Bob", "8", 8, suit="H")  # he made it after all
    assert response.status_code == 302
    rows = sheet(client_in, english).rows
    assert rows[0].amount == 23 and rows[0].pools == []  # 8 made: 23 each, and he takes the pool
    assert rows[1].pools == [20]  # the second deal now doubles a pool of 10
    assert rows[2].pools == [] and nets(rows[2])["Dan"] == 3 * 18 + 30  # Cat deals; Dan takes 30


def test_removing_a_deal_moves_the_later_ones_up_and_settles_them_again(client_in, english):
    assert remove(client_in, english, 2).status_code == 302
    assert stored(english) == [(1, 2, "8", 7), (2, 4, "7", 7)]
    rows = sheet(client_in, english).rows
    assert [row.dealer for row in rows] == ["Ann", "Bob"]  # the dealer follows the deal's new place
    assert nets(rows[1]) == {"Ann": -18, "Bob": -18 - 10, "Cat": -18, "Dan": 3 * 18 + 30}


def test_a_correction_that_would_spoil_a_later_deal_saves_nothing(client_in):
    table = create_table(client_in, "french")
    play(client_in, table, "Bob", "5", 5, suit="H", turned="H")  # belle: hearts
    play(client_in, table, "Bob", "8", 8, suit="H", partner="Cat", turned="S")  # partners in belle
    before = stored(table)
    response = correct(client_in, table, 1, "Bob", "5", 5, suit="S", turned="S")  # belle would be spades
    assert response.status_code == 200
    message = " ".join(response.context["form"].non_field_errors())
    assert "With this correction deal 2 would no longer add up" in message and "belle or petite" in message
    assert stored(table) == before and BostonDeal.objects.get(table=table, number=1).turned == "H"
    response = client_in.post(reverse("boston_deal_remove", args=[table.id, 1]), follow=True)
    assert "Without deal 1, deal 2 would no longer add up" in response.content.decode()
    assert stored(table) == before


def test_a_change_of_settings_that_would_spoil_a_deal_saves_nothing(client_in):
    table = create_table(client_in, "fontainebleau", nt_7=80)
    play(client_in, table, "Bob", "7", 8, suit="NT")
    url = reverse("boston_edit", args=[table.id])
    form = client_in.get(url).context["form"]
    data = {name: ("" if value is None else value) for name, value in form.initial.items()} | {"nt_7": ""}
    data = {name: value for name, value in data.items() if value not in (False,)}
    response = client_in.post(url, data)
    assert response.status_code == 200
    assert "With these settings deal 1 would no longer add up" in " ".join(response.context["form"].non_field_errors())
    assert BostonTable.objects.get(pk=table.pk).no_trump == {"7": 80}
    response = client_in.post(url, data | {"nt_7": "90"})  # a new figure: the deal is settled with it
    assert response.status_code == 302
    assert sheet(client_in, table).rows[0].amount == 95


def test_the_game_cannot_change_once_deals_are_on_the_sheet_but_names_can(client_in, english):
    url = reverse("boston_edit", args=[english.id])
    data = {
        name: ("" if value is None else value) for name, value in client_in.get(url).context["form"].initial.items()
    }
    data = {name: value for name, value in data.items() if value is not False}
    response = client_in.post(url, data | {"variant": "american"})
    assert "can no longer change" in " ".join(response.context["form"].errors["variant"])
    response = client_in.post(url, data | {"player_2": "Robert"})
    assert response.status_code == 302
    assert sheet(client_in, english).rows[0].what.startswith("Robert: 8 tricks in hearts")


def test_a_finished_game_is_reopened_to_correct_a_deal(client_in, english):
    client_in.post(reverse("boston_finish", args=[english.id]), {"stop_early": "on"})
    final = sheet(client_in, english)
    assert final.settlement.final and final.progress.stopped_early and final.pools == []
    assert correct(client_in, english, 1, "Bob", "8", 8, suit="H").status_code == 200
    client_in.post(reverse("boston_reopen", args=[english.id]))
    assert correct(client_in, english, 1, "Bob", "8", 8, suit="H").status_code == 302
    assert sheet(client_in, english).pools == []  # 8 made takes the pool; Dan takes the next one


def test_the_preview_shows_who_pays_whom_and_saves_nothing(client_in, english):
    url = reverse("boston_table", args=[english.id])
    data = deal_data("Ann", "9", 10, suit="C") | {"preview": "1"}
    response = client_in.post(url, data, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert "If saved" in page and "Bob, Cat and Dan each pay Ann 34" in page and "Ann takes 10 from the pool" in page
    assert len(stored(english)) == 3
    response = client_in.post(url, deal_data("Ann", "9", None, suit="C") | {"preview": "1"})
    assert "Give the tricks taken" in response.content.decode() and len(stored(english)) == 3
    response = client_in.post(url, deal_data("Ann", "little misere", 0, suit="C") | {"preview": "1"})
    assert "without trumps" in response.content.decode()

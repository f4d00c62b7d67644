"""The Boston pages as the director and the players see them: set up, the sheet, the list."""

from typing import Any

import pytest
from django.urls import reverse

from tests.boston.conftest import create_table, play, post_deal
from tournaments.models import BostonTable

pytestmark = pytest.mark.django_db

SETTINGS: dict[str, dict[str, Any]] = {  # create_table()'s house settings, by game
    "english": {"pool_feed": 10, "pool_limit": 100},
    "american": {"pool_feed": 5, "pool_unlimited": "on"},
    "fontainebleau": {},
    "fontainebleau-american": {"nt_7": 80},
    "french": {"play_for_pool": "on"},
}


def test_the_new_table_form_offers_every_game_and_marks_the_house_settings(client_in):
    page = client_in.get(reverse("boston_create")).content.decode()
    for label in ("Boston, English tables", "Boston, American tables", "Boston de Fontainebleau, Table 1",
                  "Boston de Fontainebleau, American Table 2", "French Boston"):  # fmt: skip
        assert label in page
    assert page.count("club’s choice") >= 4
    assert "Counters the dealer puts in the pool each deal" in page and "Partners’ 9" in page
    assert 'name="fr_spread_slam_base_H"' in page and 'name="nt_spread_slam"' in page


@pytest.mark.parametrize("variant", SETTINGS)
def test_each_game_has_its_sheet_and_its_deal_form(client_in, variant):
    table = create_table(client_in, variant, **SETTINGS[variant])
    response = client_in.get(reverse("boston_table", args=[table.id]))
    page = response.content.decode()
    in_game = 40 if variant == "french" else 12
    assert f"Deal 1 of {in_game}: Ann deals." in page and "Save deal 1" in page
    assert "club’s choice" in page and "No deals yet." in page
    form = response.context["form"]
    assert ("partner" in form.fields) == (variant != "english" and variant != "american")
    assert ("turned" in form.fields) == (variant == "french")
    assert ("tricks_1" in form.fields) == (variant != "french")
    assert [label for _, label in form.fields["kind"].choices][1] == (
        "Everyone passed (thrown in)" if variant == "french" else "Misère partout (everyone passed)"
    )


def test_the_sheet_shows_the_last_deal_and_the_running_sheet(client_in):
    table = create_table(client_in, "english", pool_feed=10, pool_limit=100)
    play(client_in, table, "Bob", "8", 7, suit="H")
    response = client_in.get(reverse("boston_table", args=[table.id]))
    page = response.content.decode()
    assert "Deal 1: Bob: 8 tricks in hearts; 7 tricks: failed" in page
    assert "Bob pays Ann, Cat and Dan 23 each" in page and "Ann puts 10 in the pool (as dealer)" in page
    assert "Deal 2 of 12: Bob deals." in page and "Save deal 2" in page
    assert "−79" in page and "Standing so far" in page


def test_saving_a_deal_says_who_pays_whom(client_in):
    table = create_table(client_in, "english", pool_feed=10, pool_limit=100)
    response = post_deal(client_in, table, "Cat", "9", 10, suit="S")
    page = client_in.get(response["Location"]).content.decode()
    assert (
        "Deal 1 saved: Ann, Bob and Dan each pay Cat 34; Ann puts 10 in the pool (as dealer); "
        "Cat takes 10 from the pool. Pool after it: empty." in page
    )


def test_the_twelfth_deal_at_fontainebleau_is_announced(client_in):
    table = create_table(client_in, "fontainebleau")
    for _ in range(11):
        play(client_in, table, partout={"Ann": 4, "Bob": 3, "Cat": 3, "Dan": 3})
    page = client_in.get(reverse("boston_table", args=[table.id])).content.decode()
    assert "The twelfth deal: a caller who fails pays the pool as usual" in page


def test_the_doubles_and_belle_are_shown_at_french_boston(client_in):
    table = create_table(client_in, "french")
    play(client_in, table, "Bob", "5", 5, suit="H", turned="H")
    play(client_in, table, turned="C")
    page = client_in.get(reverse("boston_table", args=[table.id])).content.decode()
    assert "Belle: hearts; petite: clubs" in page
    for _ in range(30):
        play(client_in, table, turned="S")
    page = client_in.get(reverse("boston_table", args=[table.id])).content.decode()
    assert "Deal 33 of 40" in page and "one of the doubles" in page


def test_when_the_last_deal_is_played_the_page_offers_to_finish(client_in):
    table = create_table(client_in, "american", pool_feed=5, pool_unlimited="on")
    for _ in range(12):
        play(client_in, table, partout={"Ann": 4, "Bob": 3, "Cat": 3, "Dan": 3})
    page = client_in.get(reverse("boston_table", args=[table.id])).content.decode()
    assert "The game is over" in page and "Finish: divide the pools equally" in page
    assert "Give the pools to this player" in page and "Save deal" not in page


def test_a_table_attached_to_a_party_night(client_in, party_factory):
    party = party_factory(name="Winter party")
    page = client_in.get(reverse("boston_create") + f"?party={party.id}").content.decode()
    assert f'<option value="{party.id}" selected>' in page
    table = create_table(client_in, "fontainebleau", party=party.id)
    assert table.party == party
    page = client_in.get(reverse("boston_table", args=[table.id])).content.decode()
    assert "Winter party" in page
    create_table(client_in, "fontainebleau", name="On its own")
    listed = client_in.get(reverse("boston_list") + f"?party={party.id}").context["lines"]
    assert [line.table.name for line in listed] == ["fontainebleau table"]
    listed = client_in.get(reverse("boston_list"))
    assert [line.table.name for line in listed.context["lines"]] == ["On its own", "fontainebleau table"]
    assert "0 of 12" in listed.content.decode()


def test_the_settings_page_shows_what_was_chosen(client_in):
    table = create_table(client_in, "french", fr_9_base_S=5, fr_9_base_C=10, fr_9_base_D=15, fr_9_base_H=20)
    page = client_in.get(reverse("boston_edit", args=[table.id])).content.decode()
    assert 'name="fr_9_base_D" value="15"' in page
    sheet_page = client_in.get(reverse("boston_table", args=[table.id])).content.decode()
    assert "9 tricks alone" in sheet_page and "for the bid 5 spades, 10 clubs, 15 diamonds, 20 hearts" in sheet_page
    assert BostonTable.objects.get(pk=table.pk).french_rows == {"9": {"base": {"S": 5, "C": 10, "D": 15, "H": 20}}}


def test_the_admin_lists_boston_tables_and_deals_and_never_edits_a_deal(admin_client, client_in):
    table = create_table(client_in, "english", pool_feed=10, pool_limit=100)
    play(client_in, table, "Bob", "8", 7, suit="H")
    for model in ("bostontable", "bostondeal"):
        assert admin_client.get(reverse(f"admin:tournaments_{model}_changelist")).status_code == 200, model
    assert admin_client.get(reverse("admin:tournaments_bostontable_add")).status_code == 200
    assert admin_client.get(reverse("admin:tournaments_bostondeal_add")).status_code == 403
    deal = table.deals.get()
    url = reverse("admin:tournaments_bostondeal_change", args=[deal.id])
    page = admin_client.get(url)
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    assert admin_client.post(url, {"number": 1, "kind": "pass"}).status_code == 403
    assert table.deals.get().kind == deal.kind
    assert admin_client.get(reverse("admin:tournaments_bostontable_change", args=[table.id])).status_code == 200

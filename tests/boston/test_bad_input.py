"""Bad input gets a clear message, next to the field where there is one, and saves nothing."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.boston.conftest import create_table, deal_data, play, post_deal, sheet, table_data
from tournaments.models import BostonDeal, BostonTable

pytestmark = pytest.mark.django_db


def refused_table(client, game, **extra):
    before = BostonTable.objects.count()
    response = client.post(reverse("boston_create"), table_data(game, **extra))
    assert response.status_code == 200
    assert BostonTable.objects.count() == before
    return response.context["form"]


# ---- setting up the table -----------------------------------------------------------------------


def test_boston_without_the_pool_feed_is_refused_the_feed_being_the_clubs_choice(client_in):
    form = refused_table(client_in, "english", pool_limit=100)
    assert "club's choice" in form.errors["pool_feed"][0]
    assert "pool_limit" not in form.errors


def test_boston_without_a_pool_limit_or_no_limit_is_refused(client_in):
    form = refused_table(client_in, "american", pool_feed=10)
    assert "no limit" in form.errors["pool_limit"][0]


def test_a_limit_and_no_limit_together_are_refused(client_in):
    form = refused_table(client_in, "english", pool_feed=10, pool_limit=100, pool_unlimited="on")
    assert "not both" in form.errors["pool_limit"][0]


@pytest.mark.parametrize(
    ("extra", "field", "words"),
    [
        ({"player_3": "ann"}, "player_3", "Two players are called ann"),
        ({"player_2": "Pool"}, "player_2", "pool"),
        ({"player_4": "  "}, "player_4", "required"),
        ({"money_value": "-1"}, "money_value", "greater than or equal to 0"),
        ({"variant": "whist"}, "variant", "valid choice"),
        ({"date": "someday"}, "date", "valid date"),
    ],
)
def test_bad_table_settings(client_in, extra, field, words):
    form = refused_table(client_in, "english", pool_feed=10, pool_limit=100, **extra)
    assert words.lower() in " ".join(form.errors[field]).lower()


def test_a_french_row_needs_all_four_suits_or_none(client_in):
    form = refused_table(client_in, "french", fr_9_base_S=5)
    assert "all four suits" in form.errors["fr_9_base_C"][0]


def test_settings_of_another_variant_are_not_kept(client_in):
    table = create_table(client_in, "fontainebleau", pool_feed=10, pool_limit=100, nt_7=80, fr_9_base_S=1)
    assert table.pool_feed is None and table.pool_limit is None and table.french_rows == {}
    assert table.no_trump == {"7": 80}


# ---- a deal -------------------------------------------------------------------------------------


@pytest.fixture
def english(client_in):
    return create_table(client_in, "english", pool_feed=10, pool_limit=100)


@pytest.fixture
def fontainebleau(client_in):
    return create_table(client_in, "fontainebleau")


@pytest.fixture
def french(client_in):
    return create_table(client_in, "french")


def refused_deal(client, table, *args, **kwargs):
    before = list(BostonDeal.objects.filter(table=table).values_list("id", "number", "bid", "tricks"))
    response = post_deal(client, table, *args, **kwargs)
    assert response.status_code == 200
    assert list(BostonDeal.objects.filter(table=table).values_list("id", "number", "bid", "tricks")) == before
    form = response.context["form"]
    assert form.errors
    return form


def errors_of(form, field=None) -> str:
    return " ".join(form.errors.get(field or "__all__", []))


@pytest.mark.parametrize(
    ("args", "kw", "field", "words"),
    [
        ((None, "8", 8), {"suit": "H", "kind": "bid"}, "caller", "Choose the caller"),
        (("Bob", "", 8), {"suit": "H"}, "bid", "Choose the bid"),
        (("Bob", "8", None), {"suit": "H"}, "tricks", "or tick “I pay”"),
        (("Bob", "8", 14), {"suit": "H"}, "tricks", "valid choice"),
        (("Bob", "little misere", 0), {"suit": "H"}, "suit", "without trumps"),
        (("Bob", "little misere", 13), {}, "tricks", "from 0 to 12"),
        (("Bob", "piccolissimo", 1), {}, "bid", "valid choice"),  # not a Boston bid
        (("Bob", "8", 8), {"suit": "NT"}, "suit", "valid choice"),  # Boston has no no-trump bids
    ],
)
def test_bad_boston_deals(client_in, english, args, kw, field, words):
    form = refused_deal(client_in, english, *args, **kw)
    assert words in errors_of(form, field), form.errors


def test_misere_partout_tricks_must_add_up_to_13(client_in, english):
    form = refused_deal(client_in, english, partout={"Ann": 4, "Bob": 4, "Cat": 4, "Dan": 4})
    assert "add up to 13, not 16" in errors_of(form)


def test_misere_partout_needs_every_players_tricks(client_in, english):
    form = refused_deal(client_in, english, partout={"Ann": 4, "Bob": 4, "Cat": 5})
    assert "Give Dan's tricks" in errors_of(form, "tricks_4")


def test_a_no_trump_bid_without_the_clubs_figure_is_refused_and_says_where_to_set_it(client_in, fontainebleau):
    form = refused_deal(client_in, fontainebleau, "Bob", "7", 7, suit="NT")
    message = errors_of(form)
    assert "7 at no trump" in message and "club's choice" in message and "Settings" in message
    assert "house[" not in message  # the engine's wording for programmers is not shown


@pytest.mark.parametrize(
    ("args", "kw", "field", "words"),
    [
        (("Bob", "little misere", 0), {"honours": 3}, "honours", "trump honours"),
        (("Bob", "7", 10), {"suit": "H", "partner": "Bob"}, "partner", "his own partner"),
        (("Bob", "11", 13), {"suit": "H", "partner": "Dan"}, "partner", "bid ten at most"),
        (("Bob", "little misere", 0), {"partner": "Dan"}, "partner", "played alone"),
        (("Bob", "7", 7), {}, "suit", "needs its trump suit"),
        (("Bob", "7", 7), {"suit": "NT", "honours": 4}, "honours", "no-trump bid has none"),
    ],
)
def test_bad_fontainebleau_deals(client_in, fontainebleau, args, kw, field, words):
    form = refused_deal(client_in, fontainebleau, *args, **kw)
    assert words in errors_of(form, field), form.errors


def test_french_needs_the_suit_turned(client_in, french):
    form = refused_deal(client_in, french, "Bob", "5", 5, suit="H")
    assert "suit turned" in errors_of(form, "turned")


def test_french_partners_take_belle_or_petite(client_in, french):
    play(client_in, french, "Bob", "5", 5, suit="H", turned="H")  # belle: hearts
    form = refused_deal(client_in, french, "Bob", "8", 8, suit="D", partner="Cat", turned="S")
    assert "belle or petite" in errors_of(form, "suit")


def test_french_unprinted_row_is_refused_until_the_club_sets_it(client_in, french):
    form = refused_deal(client_in, french, "Bob", "9", 9, suit="H", turned="H")
    assert "9 tricks alone" in errors_of(form) and "club's choice" in errors_of(form)


def test_french_has_no_misere_partout(client_in, french):
    form = refused_deal(client_in, french, partout={"Ann": 4, "Bob": 3, "Cat": 3, "Dan": 3}, turned="H")
    assert "valid choice" in errors_of(form, "kind")


def test_the_same_deal_sent_twice_is_saved_once(client_in, english):
    data = deal_data("Bob", "8", 8, suit="H") | {"number": "1"}
    url = reverse("boston_table", args=[english.id])
    assert client_in.post(url, data).status_code == 302
    response = client_in.post(url, data)
    assert response.status_code == 200
    assert "already on the sheet" in errors_of(response.context["form"])
    assert BostonDeal.objects.filter(table=english).count() == 1


def test_no_deal_after_the_last(client_in, fontainebleau):
    for _ in range(12):
        play(client_in, fontainebleau, partout={"Ann": 4, "Bob": 3, "Cat": 3, "Dan": 3})
    form = refused_deal(client_in, fontainebleau, "Bob", "5", 5, suit="S")
    assert "game is over" in errors_of(form)


def test_no_deal_once_finished_until_reopened(client_in, english):
    play(client_in, english, "Bob", "8", 8, suit="H")
    client_in.post(reverse("boston_finish", args=[english.id]), {"stop_early": "on"})
    form = refused_deal(client_in, english, "Bob", "8", 8, suit="H")
    assert "reopen" in errors_of(form)
    client_in.post(reverse("boston_reopen", args=[english.id]))
    play(client_in, english, "Bob", "8", 8, suit="H")


def test_the_game_does_not_finish_early_unless_they_agree(client_in, english):
    play(client_in, english, "Bob", "8", 8, suit="H")
    response = client_in.post(reverse("boston_finish", args=[english.id]), follow=True)
    assert "11 deals still to play" in response.content.decode()
    assert not BostonTable.objects.get(pk=english.pk).is_finished
    assert sheet(client_in, english).settlement.final is False


def test_only_boston_plays_a_thirteenth_deal_for_the_pools(client_in, fontainebleau):
    for _ in range(12):
        play(client_in, fontainebleau, partout={"Ann": 4, "Bob": 3, "Cat": 3, "Dan": 3})
    response = client_in.post(reverse("boston_finish", args=[fontainebleau.id]), {"last_trick": "2"}, follow=True)
    assert "Only Boston plays a thirteenth deal" in response.content.decode()
    assert not BostonTable.objects.get(pk=fontainebleau.pk).is_finished


def test_the_pages_need_a_login(english):
    response = Client().get(reverse("boston_table", args=[english.id]))
    assert response.status_code == 302 and "login" in response["Location"]

"""Bad input gets a clear message, next to the field concerned where there is one, and saves nothing."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.towie.conftest import deal_fields, post_deal, sheet
from tournaments.models import TowieDeal, TowiePlayer, TowieTable
from tournaments.services import towie as towie_services

pytestmark = pytest.mark.django_db


def snapshot(table):
    return list(
        TowieDeal.objects.filter(table=table)
        .order_by("position")
        .values_list("kind", "contract", "declarer_id", "tricks", "honours_holder_id", "honours", "dealer_id")
    )


# --- deals -------------------------------------------------------------------------------------

BAD_DEALS = [
    # (form fields, message, field it is shown next to)
    (
        deal_fields("A", "3S", 9),
        "3S is not a game contract: the deal is redealt as a goulash and scores nothing.",
        "level",
    ),
    (deal_fields("A", "", 9), "Give the contract: level and suit (and doubled or redoubled).", "level"),
    (deal_fields("", "4S", 10), "Say who declared.", "declarer"),
    (deal_fields("D", "4S", 10), "D is waiting this deal: the declarer must be one of A, B, C.", "declarer"),
    (deal_fields("Zed", "4S", 10), "Zed is not at this table: choose one of A, B, C, D.", "declarer"),
    (deal_fields("A", "4S", ""), "Say how many tricks the declarer took (0 to 13).", "tricks"),
    (deal_fields("A", "4S", 14), "The declarer takes 0 to 13 tricks.", "tricks"),
    ({**deal_fields("A", "4S", 10), "strain": ""}, "Give the contract&#x27;s level and its suit", None),
    ({**deal_fields("A", "4S", 10), "level": "8"}, "The contract&#x27;s level is 1 to 7.", "level"),
    (
        deal_fields("A", "3N", 9, honours=("B", 100)),
        "At no-trump only four aces in one hand count, for 150.",
        "honours",
    ),
    (
        deal_fields("A", "4S", 10, honours=("D", 100)),
        "D is waiting this deal: the honours holder must be one of",
        "honours_holder",
    ),
    (deal_fields("A", "4S", 10, honours=("B", 120)), "Honours are worth 100 or 150.", "honours"),
    (deal_fields("A", "4S", 10, honours=("B", "")), "Say what the honours were worth: 100 or 150.", "honours"),
    (deal_fields("A", "4S", 10, honours=("", 100)), "Say who held the honours", "honours_holder"),
    (deal_fields("", "4S", kind="goulash"), "4S is a game contract: it is played, not redealt as a goulash.", "level"),
    (deal_fields("", "", honours=("B", 100), kind="goulash"), "A goulash is not played: no honours score.", "honours"),
    (deal_fields("A", "4S", 10, kind="misdeal"), "Say what happened: played, goulash, or too many dummy cards", "kind"),
    (deal_fields(kind="exposure", dealer="D"), "D is waiting this deal: the dealer is one of A, B, C.", "dealer"),
]


@pytest.mark.parametrize("fields, message, field", BAD_DEALS)
def test_a_bad_deal_is_refused_with_a_clear_message(client_in, towie_factory, fields, message, field):
    table = towie_factory(["A", "B", "C", "D"])
    post_deal(client_in, table, "B", "3S", kind="goulash")  # a deal already on the sheet, that must not change
    before = snapshot(table)
    response = client_in.post(reverse("towie_sheet", args=[table.pk]), fields)
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html
    assert "Nothing was saved: correct the deal below." in html
    form = response.context["deal_form"]
    if field:
        assert any(message.replace("&#x27;", "'") in error for error in form.errors.get(field, [])), form.errors
    assert snapshot(table) == before
    # What was typed stays in the form, to correct it.
    assert form.data["declarer"] == fields["declarer"]


def test_a_deal_before_the_draw_is_refused(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"], draw=False)
    response = post_deal(client_in, table, "A", "4S", 10)
    assert "Draw for seats first: the draw says who deals and who sits where." in response.content.decode()
    assert not TowieDeal.objects.exists()


def test_a_bad_correction_keeps_the_deal_as_it_was(client_in, towie_factory):
    table = towie_factory(["A", "B", "C", "D"])
    post_deal(client_in, table, "A", "4S", 10)
    post_deal(client_in, table, "B", "4H", 10)
    before = snapshot(table)
    first = TowieDeal.objects.filter(table=table).order_by("position").first()
    assert first is not None  # two deals are on the sheet
    url = reverse("towie_deal_edit", args=[table.pk, first.pk])
    for fields, message in [
        (deal_fields("D", "4S", 10), "D is waiting this deal: the declarer must be one of A, B, C."),
        (deal_fields("A", "2S", 10), "2S is not a game contract"),
        (deal_fields("A", "4S", 10, dealer="D"), "D was waiting on this deal: the dealer is one of A, B, C."),
    ]:
        response = client_in.post(url, fields)
        assert response.status_code == 200
        assert message in response.content.decode()
        assert snapshot(table) == before
    assert sheet(client_in, table).totals == {"A": 620, "B": 620, "C": 0, "D": 0}


def test_a_deal_of_another_table_is_not_found(client_in, towie_factory):
    one = towie_factory(["A", "B", "C"], name="One")
    other = towie_factory(["A", "B", "C"], name="Other")
    post_deal(client_in, other, "A", "4S", 10)
    deal = TowieDeal.objects.get(table=other)
    assert client_in.get(reverse("towie_deal_edit", args=[one.pk, deal.pk])).status_code == 404
    assert client_in.post(reverse("towie_deal_remove", args=[one.pk, deal.pk])).status_code == 404
    assert TowieDeal.objects.filter(pk=deal.pk).exists()


def test_removing_needs_a_post(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"])
    post_deal(client_in, table, "A", "4S", 10)
    deal = TowieDeal.objects.get(table=table)
    assert client_in.get(reverse("towie_deal_remove", args=[table.pk, deal.pk])).status_code == 405
    assert TowieDeal.objects.filter(pk=deal.pk).exists()


# --- setting up --------------------------------------------------------------------------------

TABLE = {"name": "Towie", "date": "2026-11-28", "stake": ""}


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"player_1": "Ann", "player_2": "Bob"}, "Towie needs at least three players, not 2."),
        (
            {"player_1": "Ann", "player_2": "Bob", "player_3": "ann"},
            "Two players are called ann: give them different names.",
        ),
        ({"player_1": "Ann", "player_2": "Bob", "player_3": "C" * 81}, "Ensure this value has at most 80 characters"),
        (
            {"player_1": "A", "player_2": "B", "player_3": "C", "stake": "-1"},
            "A stake is money per hundred points: it cannot be below nothing.",
        ),
        ({"player_1": "A", "player_2": "B", "player_3": "C", "stake": "ten"}, "Enter a number."),
        ({"player_1": "A", "player_2": "B", "player_3": "C", "name": "  "}, "This field is required."),
        ({"player_1": "A", "player_2": "B", "player_3": "C", "date": "28/13/2026"}, "Enter a valid date."),
    ],
)
def test_a_bad_table_is_refused(client_in, fields, message):
    response = client_in.post(reverse("towie_create"), {**TABLE, **fields})
    assert response.status_code == 200
    assert message in response.content.decode().replace("&#x27;", "'")
    assert not TowieTable.objects.exists() and not TowiePlayer.objects.exists()


def test_six_players_are_told_to_form_two_tables():
    with pytest.raises(ValidationError) as caught:
        towie_services.towie_table_create(
            name="Towie", date=datetime.date(2026, 11, 28), players=["A", "B", "C", "D", "E", "F"]
        )
    assert caught.value.message_dict == {
        "players": ["A Towie table takes at most five players, not 6: form two tables."]
    }
    assert not TowieTable.objects.exists()


def test_players_cannot_join_or_leave_once_deals_are_on_the_sheet(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"])
    post_deal(client_in, table, "A", "4S", 10)
    url = reverse("towie_edit", args=[table.pk])
    response = client_in.post(url, {**TABLE, "player_1": "A", "player_2": "B", "player_3": "C", "player_4": "D"})
    assert "players can no longer join or leave" in response.content.decode()
    assert list(TowiePlayer.objects.filter(table=table).values_list("name", flat=True)) == ["A", "B", "C"]
    # Renaming (even swapping two names) is fine: the deals follow the players.
    response = client_in.post(url, {**TABLE, "player_1": "Ann", "player_2": "C", "player_3": "B", "stake": "0.05"})
    assert response.status_code == 302
    page = sheet(client_in, table)
    assert page.names == ["Ann", "C", "B"]
    assert page.totals == {"Ann": 620, "C": 0, "B": 0}
    assert str(TowieTable.objects.get(pk=table.pk).stake) == "0.05"


def test_before_the_first_deal_the_players_may_change_and_the_draw_is_made_again(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"])
    response = client_in.post(
        reverse("towie_edit", args=[table.pk]),
        {**TABLE, "player_1": "A", "player_2": "B", "player_3": "C", "player_4": "D"},
    )
    assert response.status_code == 302
    assert "The players changed: draw for seats again." in client_in.get(response["Location"]).content.decode()
    table.refresh_from_db()
    assert not table.is_drawn
    assert sheet(client_in, table).names == ["A", "B", "C", "D"]


@pytest.mark.parametrize(
    "cards, message",
    [
        (
            {"rank_1": "A", "suit_1": "S", "rank_2": "A", "suit_2": "S", "rank_3": "2", "suit_3": "C"},
            "Two players cannot draw the same card: draw again.",
        ),
        (
            {"rank_1": "A", "suit_1": "S", "rank_2": "K", "suit_2": "", "rank_3": "2", "suit_3": "C"},
            "Give the card each player drew, rank and suit: B.",
        ),
        (
            {"rank_1": "A", "suit_1": "S", "rank_2": "1", "suit_2": "S", "rank_3": "2", "suit_3": "C"},
            "B's card: the rank is 2 to 10, J, Q, K or A.",
        ),
    ],
)
def test_a_bad_draw_is_refused(client_in, towie_factory, cards, message):
    table = towie_factory(["A", "B", "C"], draw=False)
    response = client_in.post(reverse("towie_draw", args=[table.pk]), {"how": "cards", **cards}, follow=True)
    assert message in response.content.decode().replace("&#x27;", "'")
    table.refresh_from_db()
    assert not table.is_drawn
    assert set(TowiePlayer.objects.filter(table=table).values_list("card", flat=True)) == {""}


def test_the_service_refuses_a_missing_card_and_a_card_that_is_not_one():
    from tests.towie.conftest import make_table

    table = make_table(["A", "B", "C"], draw=False)
    with pytest.raises(ValidationError, match="Give the card each player drew: C has none."):
        towie_services.towie_seats_draw(table=table, cards={"A": "AS", "B": "KS"})
    with pytest.raises(ValidationError, match="'1S' is not a card"):
        towie_services.towie_seats_draw(table=table, cards={"A": "AS", "B": "1S", "C": "2C"})
    assert not TowieTable.objects.get(pk=table.pk).is_drawn


def test_a_bad_stake_on_the_settlement_page_settles_in_points(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"])
    post_deal(client_in, table, "A", "4S", 10)
    response = client_in.get(reverse("towie_settlement", args=[table.pk]), {"stake": "lots"})
    assert response.status_code == 200
    assert "The stake is an amount of money per hundred points, like 0.10" in response.content.decode()
    assert response.context["page"].settlement.money is None


def test_a_deal_entered_twice_from_two_phones_is_saved_once(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"])
    form = client_in.get(reverse("towie_sheet", args=[table.pk])).context["deal_form"]
    assert form.initial["number"] == 1
    fields = {**deal_fields("A", "4S", 10), "number": "1"}
    assert client_in.post(reverse("towie_sheet", args=[table.pk]), fields).status_code == 302
    response = client_in.post(reverse("towie_phone_sheet", args=[table.token]), fields)
    assert "Deal 1 is already on the sheet (entered meanwhile, perhaps on another phone)" in response.content.decode()
    assert TowieDeal.objects.filter(table=table).count() == 1

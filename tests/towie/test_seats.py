"""The seat draw and who plays next, through the pages (docs/rules/towie.md, "The table" and "Seats")."""

import random

import pytest
from django.urls import reverse

from tests.towie.conftest import post_deal, sheet
from tournaments.models import TowiePlayer, TowieTable
from tournaments.services import towie as towie_services
from tournaments.services.towie import DECK, RANKS

pytestmark = pytest.mark.django_db


# --- the draw ----------------------------------------------------------------------------------


def test_the_players_enter_the_cards_they_drew_and_the_highest_deals(client_in, towie_factory):
    table = towie_factory(["Ann", "Bob", "Cid", "Dee", "Eve"], draw=False)
    page = sheet(client_in, table)
    assert not page.drawn
    html = client_in.get(reverse("towie_sheet", args=[table.pk])).content.decode()
    assert "Draw the cards for us" in html and "Enter deal" not in html

    cards = {"Ann": ("7", "H"), "Bob": ("A", "S"), "Cid": ("K", "D"), "Dee": ("K", "S"), "Eve": ("2", "C")}
    data = {"how": "cards"}
    for index, name in enumerate(["Ann", "Bob", "Cid", "Dee", "Eve"], start=1):
        data[f"rank_{index}"], data[f"suit_{index}"] = cards[name]
    response = client_in.post(reverse("towie_draw", args=[table.pk]), data, follow=True)
    assert "Bob drew the highest card and deals first." in response.content.decode()

    page = sheet(client_in, table)
    assert page.names == ["Bob", "Dee", "Cid", "Ann", "Eve"]  # the order of the draw: kings by suit
    assert (page.seated, page.waiting, page.dealer) == (("Bob", "Dee", "Cid"), ("Ann", "Eve"), "Bob")
    assert page.seat_picture == {"south": "Bob", "west": "Dee", "north": "Cid"}
    assert page.reason == (
        "From the draw: Bob drew the highest card and deals first; "
        "Ann and Eve drew the lowest cards and wait, in that order."
    )
    assert [(p.name, p.card) for p in page.players] == [
        ("Bob", "AS"), ("Dee", "KS"), ("Cid", "KD"), ("Ann", "7H"), ("Eve", "2C"),
    ]  # fmt: skip
    table.refresh_from_db()
    assert table.is_drawn and not table.cards_by_software


def test_the_software_draws_five_different_cards(client_in, towie_factory):
    table = towie_factory(["Ann", "Bob", "Cid", "Dee", "Eve"], draw=False)
    response = client_in.post(reverse("towie_draw", args=[table.pk]), {"how": "software"}, follow=True)
    assert "drew the highest card and deals first" in response.content.decode()
    players = list(TowiePlayer.objects.filter(table=table).order_by("order"))
    cards = [player.card for player in players]
    assert len(set(cards)) == 5 and set(cards) <= set(DECK)
    strength = [(RANKS.index(card[:-1]), "CDHS".index(card[-1])) for card in cards]
    assert strength == sorted(strength, reverse=True)  # the highest card first
    page = sheet(client_in, table)
    assert page.dealer == players[0].name and page.waiting == (players[3].name, players[4].name)
    assert TowieTable.objects.get(pk=table.pk).cards_by_software


def test_a_seeded_draw_is_reproducible():
    from tests.towie.conftest import make_table

    first = make_table(["Ann", "Bob", "Cid", "Dee"], draw=False)
    second = make_table(["Ann", "Bob", "Cid", "Dee"], draw=False)
    one = towie_services.towie_seats_draw(table=first, rng=random.Random(7))
    two = towie_services.towie_seats_draw(table=second, rng=random.Random(7))
    assert one == two


def test_the_draw_can_be_made_again_before_the_first_deal_only(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"])
    html = client_in.get(reverse("towie_sheet", args=[table.pk])).content.decode()
    assert "Draw again" in html
    post_deal(client_in, table, "A", "4S", 10)
    assert "Draw again" not in client_in.get(reverse("towie_sheet", args=[table.pk])).content.decode()
    before = list(TowiePlayer.objects.filter(table=table).values_list("name", "order", "card"))
    response = client_in.post(reverse("towie_draw", args=[table.pk]), {"how": "software"}, follow=True)
    assert "The sheet already has deals: the seats are drawn only before the first deal." in response.content.decode()
    assert list(TowiePlayer.objects.filter(table=table).values_list("name", "order", "card")) == before


# --- who plays next: four and five players -----------------------------------------------------

FOUR = [
    # declarer, contract, tricks -> seated after, waiting after, next dealer
    (("B", "4S", 10), ("A", "D", "C"), ("B",), "D"),  # made: B out, D in
    (("C", "3N", 8), ("A", "D", "C"), ("B",), "C"),  # C not vulnerable, B vulnerable: C stays
    (("D", "5C", 10), ("A", "D", "C"), ("B",), "A"),  # D not vulnerable, B vulnerable: D stays
    (("A", "4H", 10), ("B", "D", "C"), ("A",), "D"),  # made: A out, B in
    (("B", "4S", 9), ("A", "D", "C"), ("B",), "C"),  # B vulnerable fails, A vulnerable waiting
    (("D", "4S", 9), ("A", "D", "C"), ("B",), "A"),  # D not vulnerable, B vulnerable: D stays
    (("A", "4S", 10), ("B", "D", "C"), ("A",), "D"),  # A wins the rubber: out, B in
    (("C", "3N", 8), ("B", "D", "A"), ("C",), "A"),  # nobody vulnerable: C out, A in
]

FIVE = [
    (("A", "4S", 10), ("D", "B", "C"), ("E", "A"), "B"),  # made: A out, D in
    (("B", "4S", 9), ("D", "E", "C"), ("A", "B"), "C"),  # E, next, not vulnerable: B out
    (("C", "3N", 8), ("D", "E", "C"), ("A", "B"), "D"),  # A, next, vulnerable: C stays
    (("D", "3N", 9), ("A", "E", "C"), ("B", "D"), "E"),  # made: D out, A in
    (("A", "4H", 9), ("D", "E", "C"), ("B", "A"), "C"),  # A vulnerable fails: D jumps the queue
    (("E", "4H", 9), ("D", "B", "C"), ("A", "E"), "D"),  # B, next, not vulnerable: E out
    (("D", "4H", 10), ("A", "B", "C"), ("E", "D"), "B"),  # D wins the rubber: out, A in
]


@pytest.mark.parametrize("players, expected", [("ABCD", FOUR), ("ABCDE", FIVE)], ids=["four", "five"])
def test_seats_rotate_by_the_rules(client_in, towie_factory, players, expected):
    table = towie_factory(list(players))
    page = sheet(client_in, table)
    assert (page.seated, page.waiting, page.dealer) == (tuple(players[:3]), tuple(players[3:]), "A")
    for hand, seated, waiting, dealer in expected:
        response = post_deal(client_in, table, *hand)
        assert response.status_code == 302, response.content.decode()
        page = sheet(client_in, table)
        assert (page.seated, page.waiting, page.dealer) == (seated, waiting, dealer), hand
        assert not page.overridden
    # Each deal keeps the seats it was played with.
    seated_on_deal = [tuple(c.role != "waiting" for c in row.cells) for row in page.rows]
    assert all(sum(flags) == 3 for flags in seated_on_deal)


def test_the_reasons_are_shown(client_in, towie_factory):
    table = towie_factory(["A", "B", "C", "D"])
    post_deal(client_in, table, "B", "4S", 10)
    html = client_in.get(reverse("towie_sheet", args=[table.pk])).content.decode()
    assert (
        "B made the contract, so D, first in the queue, takes the seat; B joins the end of the queue. "
        "D deals next (the deal passes to the left)."
    ) in html
    post_deal(client_in, table, "C", "3N", 8)
    html = client_in.get(reverse("towie_sheet", args=[table.pk])).content.decode()
    assert "C went down not vulnerable and B, next in the queue, is vulnerable: C keeps the seat." in html


def test_the_vulnerable_declarer_who_fails_gives_his_seat_to_a_vulnerable_waiting_player(client_in, towie_factory):
    table = towie_factory(list("ABCDE"))
    for hand, *_ in FIVE[:5]:
        post_deal(client_in, table, *hand)
    html = client_in.get(reverse("towie_sheet", args=[table.pk])).content.decode()
    assert "A went down vulnerable, so D, waiting and vulnerable, takes the seat; A joins the end of the queue." in html


def test_three_players_never_move_and_the_deal_passes_left(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"])
    dealers = []
    for hand in [("A", "4S", 10), ("B", "4S", 9), ("C", "3N", 9)]:
        post_deal(client_in, table, *hand)
        page = sheet(client_in, table)
        assert (page.seated, page.waiting) == (("A", "B", "C"), ())
        dealers.append(page.dealer)
    assert dealers == ["B", "C", "A"]
    assert "Three players: nobody changes seats." in page.reason


# --- the table's override ----------------------------------------------------------------------


def test_the_table_overrides_the_proposal_and_the_next_deal_is_played_so(client_in, towie_factory):
    table = towie_factory(list("ABCDE"))
    post_deal(client_in, table, "A", "4S", 10)  # proposal: D in at A's seat, B deals
    page = sheet(client_in, table)
    assert (page.seated, page.dealer) == (("D", "B", "C"), "B")

    response = client_in.post(reverse("towie_seats", args=[table.pk]), {"dealer": "B", "left": "C", "beyond": "E"})
    assert response.status_code == 302
    page = sheet(client_in, table)
    assert page.overridden
    assert (set(page.seated), page.dealer) == ({"B", "C", "E"}, "B")
    assert page.seat_picture == {"south": "B", "west": "C", "north": "E"}
    assert page.proposal_seated == ("D", "B", "C") and page.proposal_dealer == "B"
    html = client_in.get(reverse("towie_sheet", args=[table.pk])).content.decode()
    assert "The table chose these seats. By the rules: D, B, C, with B dealing." in html

    # D is waiting now: he cannot declare; E can.
    response = post_deal(client_in, table, "D", "4S", 10)
    assert "D is waiting this deal: the declarer must be one of" in response.content.decode()
    assert post_deal(client_in, table, "E", "4H", 10).status_code == 302
    page = sheet(client_in, table)
    assert not page.overridden  # the choice was used for that deal
    last = page.rows[-1]
    assert [c.role for c in last.cells] == ["waiting", "seated", "seated", "waiting", "declarer"]
    assert last.dealer == "B"


def test_the_table_goes_back_to_the_proposal(client_in, towie_factory):
    table = towie_factory(list("ABCD"))
    client_in.post(reverse("towie_seats", args=[table.pk]), {"dealer": "D", "left": "A", "beyond": "B"})
    assert sheet(client_in, table).overridden
    client_in.post(reverse("towie_seats", args=[table.pk]), {"reset": "1"})
    page = sheet(client_in, table)
    assert not page.overridden and (page.seated, page.dealer) == (("A", "B", "C"), "A")


def test_choosing_the_proposed_seats_is_no_override(client_in, towie_factory):
    table = towie_factory(list("ABCD"))
    client_in.post(reverse("towie_seats", args=[table.pk]), {"dealer": "A", "left": "B", "beyond": "C"})
    assert TowieTable.objects.get(pk=table.pk).next_seats is None


@pytest.mark.parametrize(
    "data, message",
    [
        ({"dealer": "A", "left": "A", "beyond": "B"}, "Choose three different players: one for each seat."),
        ({"dealer": "", "left": "A", "beyond": "B"}, "This field is required."),
        ({"dealer": "Z", "left": "A", "beyond": "B"}, "Select a valid choice."),
    ],
)
def test_bad_seat_choices_change_nothing(client_in, towie_factory, data, message):
    table = towie_factory(list("ABCD"))
    response = client_in.post(reverse("towie_seats", args=[table.pk]), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert TowieTable.objects.get(pk=table.pk).next_seats is None


def test_the_seats_wait_for_the_draw(client_in, towie_factory):
    table = towie_factory(list("ABCD"), draw=False)
    response = client_in.post(reverse("towie_seats", args=[table.pk]), {"dealer": "D", "left": "A", "beyond": "B"})
    assert "Draw for seats first" in response.content.decode()
    assert TowieTable.objects.get(pk=table.pk).next_seats is None

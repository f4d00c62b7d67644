"""Goulash, the exposure penalty, honours, and correcting or removing a deal (the sheet is worked again)."""

import pytest
from django.urls import reverse

from tests.towie.conftest import deal_fields, post_deal, sheet
from tournaments.models import TowieDeal

pytestmark = pytest.mark.django_db


def columns(page):
    return [{name: cell.points for name, cell in zip(page.names, row.cells, strict=True)} for row in page.rows]


def test_a_goulash_scores_nothing_and_the_same_dealer_deals_again(client_in, towie_factory):
    table = towie_factory(["A", "B", "C", "D"])
    assert post_deal(client_in, table, kind="goulash").status_code == 302
    assert post_deal(client_in, table, "B", "3S", kind="goulash").status_code == 302  # the final bid, below game
    page = sheet(client_in, table)
    first, second = page.rows
    assert first.what == "Goulash: redealt, nothing scores"
    assert second.what == "Goulash (final bid 3 spades: no game): redealt, nothing scores"
    assert first.detail == "Nothing scores."
    assert columns(page) == [dict.fromkeys("ABCD", 0)] * 2
    assert (page.seated, page.waiting, page.dealer) == (("A", "B", "C"), ("D",), "A")
    assert page.reason == "A goulash: A deals again and nobody changes seats."
    stored = list(TowieDeal.objects.filter(table=table).values_list("kind", "contract", "declarer", "tricks"))
    assert stored == [("goulash", "PASS", None, None), ("goulash", "3S", None, None)]


def test_two_spades_doubled_is_a_game_and_is_not_a_goulash(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"])
    response = post_deal(client_in, table, contract="2SX", kind="goulash")
    assert "2SX is a game contract: it is played, not redealt as a goulash." in response.content.decode()
    assert post_deal(client_in, table, "A", "2SX", 8).status_code == 302
    assert columns(sheet(client_in, table)) == [{"A": 120 + 50 + 500, "B": 0, "C": 0}]


def test_the_dealer_who_shows_too_many_dummy_cards_pays_each_other_seated_player(client_in, towie_factory):
    table = towie_factory(["A", "B", "C", "D"])
    assert post_deal(client_in, table, kind="exposure").status_code == 302
    page = sheet(client_in, table)
    (row,) = page.rows
    assert row.what == "A turned up more than six dummy cards: void, new deal"
    assert row.detail == "100 to B and C (A turned up more than six dummy cards)"
    assert columns(page) == [{"A": 0, "B": 100, "C": 100, "D": 0}]  # the waiting player gets nothing
    assert (page.seated, page.dealer) == (("A", "B", "C"), "A")  # he deals the new deal
    assert page.reason == "The deal was void: A deals the new deal and nobody changes seats."


def test_an_exposure_by_another_dealer(client_in, towie_factory):
    table = towie_factory(["A", "B", "C", "D"])
    assert post_deal(client_in, table, kind="exposure", dealer="C").status_code == 302
    page = sheet(client_in, table)
    assert columns(page) == [{"A": 100, "B": 100, "C": 0, "D": 0}]
    assert page.dealer == "C"
    response = post_deal(client_in, table, kind="exposure", dealer="D")
    assert "D is waiting this deal: the dealer is one of A, B, C." in response.content.decode()
    assert TowieDeal.objects.filter(table=table).count() == 1


def test_honours_go_to_whoever_held_them(client_in, towie_factory):
    table = towie_factory(["A", "B", "C", "D"])
    post_deal(client_in, table, "A", "4S", 9, honours=("B", 100))  # down 1: 50 to B, C and D; B's honours
    page = sheet(client_in, table)
    assert columns(page) == [{"A": 0, "B": 150, "C": 50, "D": 50}]
    assert page.rows[0].detail == "150 to B (A down 1 50 + honours 100); 50 to C and D (A down 1)"
    assert page.rows[0].what == "A: 4 spades, 9 tricks, down 1; honours 100 to B"
    post_deal(client_in, table, "B", "3N", 9, honours=("B", 150))  # four aces in the declarer's hand or dummy
    assert columns(sheet(client_in, table))[1] == {"A": 0, "B": 750, "C": 0, "D": 0}


# --- corrections -------------------------------------------------------------------------------


def test_a_corrected_deal_changes_every_figure_after_it(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"])
    for hand in [("B", "5H", 11), ("A", "4N", 12), ("B", "4SX", 8), ("A", "5DX", 11)]:
        post_deal(client_in, table, *hand)
    first = TowieDeal.objects.filter(table=table).order_by("position").first()
    assert first is not None  # the deals are on the sheet
    # Deal 1 was really C's: now C is vulnerable, B is not, and deal 3's penalty is B's non-vulnerable one.
    url = reverse("towie_deal_edit", args=[table.pk, first.pk])
    form = client_in.get(url).context["form"]
    assert form.initial["declarer"] == "B" and form.initial["level"] == "5" and form.initial["strain"] == "H"
    response = client_in.post(url, deal_fields("C", "5H", 11))
    assert response.status_code == 302
    page = sheet(client_in, table)
    assert columns(page) == [
        {"A": 0, "B": 0, "C": 650},
        {"A": 740, "B": 0, "C": 0},
        {"A": 200, "B": 0, "C": 200},  # B not vulnerable: 100 + 100 doubled
        {"A": 1300, "B": 0, "C": 0},
    ]
    assert page.totals == {"A": 2240, "B": 0, "C": 850}
    declarer = TowieDeal.objects.get(pk=first.pk).declarer
    assert declarer is not None and declarer.name == "C"


def test_a_deal_can_be_corrected_into_a_goulash_and_back(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"])
    post_deal(client_in, table, "A", "4S", 10)
    deal = TowieDeal.objects.get(table=table)
    url = reverse("towie_deal_edit", args=[table.pk, deal.pk])
    client_in.post(url, deal_fields(kind="goulash"))
    deal.refresh_from_db()
    assert (deal.kind, deal.contract, deal.declarer_id, deal.tricks) == ("goulash", "PASS", None, None)
    assert sheet(client_in, table).totals == {"A": 0, "B": 0, "C": 0}
    client_in.post(url, deal_fields("A", "4SX", 10))
    deal.refresh_from_db()
    assert (deal.kind, deal.contract, deal.tricks) == ("played", "4SX", 10)
    assert sheet(client_in, table).totals == {"A": 240 + 50 + 500, "B": 0, "C": 0}


def test_removing_a_deal_works_the_sheet_again_and_later_deals_keep_their_seats(client_in, towie_factory):
    table = towie_factory(["A", "B", "C", "D"])
    post_deal(client_in, table, "B", "4S", 10)  # B out, D in
    post_deal(client_in, table, "D", "4H", 10)  # D out, B in
    post_deal(client_in, table, "C", "3N", 9)
    first = TowieDeal.objects.filter(table=table).order_by("position").first()
    assert first is not None  # the deals are on the sheet
    response = client_in.post(reverse("towie_deal_remove", args=[table.pk, first.pk]), follow=True)
    assert "The deal is removed: the sheet is worked again without it." in response.content.decode()
    page = sheet(client_in, table)
    assert [row.number for row in page.rows] == [1, 2]
    assert [row.what.split(":")[0] for row in page.rows] == ["D", "C"]
    assert page.rows[0].cells[3].role == "declarer"  # D still played the deal he played
    assert page.totals == {"A": 0, "B": 0, "C": 600, "D": 620}
    # New deals go on at the end.
    post_deal(client_in, table, kind="goulash")
    assert [row.number for row in sheet(client_in, table).rows] == [1, 2, 3]


def test_the_table_choice_of_seats_survives_a_correction(client_in, towie_factory):
    table = towie_factory(["A", "B", "C", "D"])
    post_deal(client_in, table, "A", "4S", 10)
    client_in.post(reverse("towie_seats", args=[table.pk]), {"dealer": "A", "left": "C", "beyond": "D"})
    deal = TowieDeal.objects.get(table=table)
    client_in.post(reverse("towie_deal_edit", args=[table.pk, deal.pk]), deal_fields("A", "4S", 11))
    page = sheet(client_in, table)
    assert page.overridden and page.dealer == "A"
    assert page.totals["A"] == 120 + 50 + 500

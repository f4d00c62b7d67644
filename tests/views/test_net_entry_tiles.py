"""A table whose result was typed in as the two net figures has no deals to count: its tile on the round page
and its phone page say so, never "0/4 deals in" beside the result (issue 25, item 6)."""

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from tournaments.models import TableToken
from tournaments.services import results as result_services


@pytest.fixture(autouse=True)
def clear_cache(db):
    cache.clear()


def tile(page: str, table: int) -> str:
    """The text of one table's tile on the round page, its tags dropped."""
    found = re.search(rf'<div class="tile[^"]*" id="table-{table}">(.*?)\n  </div>', page, re.S)
    assert found, f"no tile for table {table}"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


@pytest.fixture
def net_and_deals(party_factory, director):
    """Round 1 of two tables: table 1 typed in as net figures, table 2 with two deals played."""
    party = party_factory(tables=2)
    first = party.rounds.get(number=1)
    result_services.result_record(round_=first, table=1, net=(300, -300), by_user=director)
    result_services.result_record(
        round_=first, table=2, deals=[("4S", "N", 10), ("PASS", "", 0)], complete=False, by_user=director
    )
    return party


@pytest.mark.parametrize("projector", [False, True])
def test_a_net_entry_tile_says_net_figures_not_deals_in(client_in, net_and_deals, projector):
    url = reverse("round_detail", args=[net_and_deals.id, 1]) + ("?projector=1" if projector else "")
    page = client_in.get(url).content.decode()
    net = tile(page, 1)
    assert "Net figures" in net
    assert "deals in" not in net and "0/4" not in net
    assert "N–S +300 · E–W −300 · won by NS" in net
    # a table playing deal by deal still counts its deals
    assert "2/4 deals in" in tile(page, 2)


def test_a_net_entry_in_french_is_not_counted_in_deals_either(client_in, net_and_deals):
    club = net_and_deals.club
    club.language = "fr"
    club.save()
    page = client_in.get(reverse("round_detail", args=[net_and_deals.id, 1])).content.decode()
    assert "0/4" not in tile(page, 1)
    assert "2/4" in tile(page, 2)


def test_the_phone_of_a_net_entry_table_shows_its_result_without_a_deals_count(client, net_and_deals):
    token = TableToken.objects.get(party=net_and_deals, table=1, revoked_at__isnull=True)
    page = client.get(reverse("table_page", args=[token.token])).content.decode()
    running = re.search(r'<p class="score" id="running">(.*?)</p>', page, re.S)
    assert running, "the phone shows the round's result"
    assert " ".join(running.group(1).split()) == "Round result (net figures): N–S +300 · E–W −300"
    assert "of 4 deals in" not in page


def test_net_figures_over_entered_deals_ask_first_and_say_the_deals_go(client_in, net_and_deals):
    """Table 2 has two deals in: net figures sent for it ask first, naming the two deals, and change nothing;
    sent again with the answer, the net figures stand and the deals are gone."""
    from tournaments.models import TableResult

    url = reverse("table_enter", args=[net_and_deals.pk, 1, 2])
    result = TableResult.objects.get(round__party=net_and_deals, round__number=1, table=2)
    before = (result.ns, result.ew, result.deals.count(), result.version)
    post = {"mode": "net", "ns": 500, "ew": -500, "version": result.version}
    page = client_in.post(url, post).content.decode()
    assert "Save the net figures instead of the 2 deals entered? Those deals go." in page
    result.refresh_from_db()
    assert (result.ns, result.ew, result.deals.count(), result.version) == before
    response = client_in.post(url, post | {"confirm": "yes"})
    assert response.status_code == 302
    result.refresh_from_db()
    assert (result.ns, result.ew, result.deals.count()) == (500, -500, 0)


def test_net_figures_over_net_figures_are_saved_without_a_question(client_in, net_and_deals):
    from tournaments.models import TableResult

    url = reverse("table_enter", args=[net_and_deals.pk, 1, 1])
    result = TableResult.objects.get(round__party=net_and_deals, round__number=1, table=1)
    response = client_in.post(url, {"mode": "net", "ns": 420, "ew": -420, "version": result.version})
    assert response.status_code == 302
    result.refresh_from_db()
    assert (result.ns, result.ew) == (420, -420)

"""The card tables' live sheets (Towie, Boston): an unchanged poll is answered 304 without drawing anything,
and every write the sheet shows changes its validator (selectors/live_cards.py)."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.boston.conftest import create_table, deal_data, play
from tests.towie.conftest import make_table
from tests.views.live_helpers import assert_changed_and_drawn, outsider
from tournaments.models import BostonDeal, BostonTable, Club, TowieDeal
from tournaments.selectors.clubs import LANGUAGE_KEY
from tournaments.services import boston as boston_services
from tournaments.services import towie as towie_services

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def poll(client, url, tag=None, shown="abc"):
    return client.get(url, {"shown": shown}, headers={**HTMX, **({"If-None-Match": tag} if tag else {})})


# --- Towie ---------------------------------------------------------------------------------------------------


@pytest.fixture
def towie(director):
    table = make_table(("Ann", "Bob", "Cid"), user=director, stake="0.10")
    towie_services.towie_deal_record(table=table, kind="played", declarer="Ann", contract="4S", tricks=10)
    return table


def towie_urls(table):
    return {
        "director": reverse("towie_sheet", args=[table.pk]),
        "phone": reverse("towie_phone_sheet", args=[table.token]),
    }


@pytest.mark.parametrize("way", ["director", "phone"])
def test_an_unchanged_towie_poll_is_304_with_nothing_drawn(client_in, towie, way):
    url = towie_urls(towie)[way]
    first = poll(client_in, url)
    assert first.status_code == 200 and first["ETag"] and "towie-live" in first.content.decode()
    again = poll(client_in, url, tag=first["ETag"])
    assert (again.status_code, again.content, again["ETag"]) == (304, b"", first["ETag"])
    # Another mark of the page opened (?shown=) is another fragment (its out-of-date note).
    assert poll(client_in, url, tag=first["ETag"], shown="other").status_code == 200


@pytest.mark.parametrize("way", ["director", "phone"])
def test_a_whole_towie_page_is_never_304(client_in, towie, way):
    url = towie_urls(towie)[way]
    tag = poll(client_in, url)["ETag"]
    page = client_in.get(url, headers={"If-None-Match": tag})
    assert page.status_code == 200 and "ETag" not in page and "<html" in page.content.decode()


def _towie_writes():
    def corrected(table):
        deal = TowieDeal.objects.get(table=table)
        towie_services.towie_deal_update(deal=deal, kind="played", declarer="Ann", contract="4S", tricks=11)
        return ""

    def renamed(table):
        towie_services.towie_table_update(
            table=table, name=table.name, date=table.date, stake="0.10", players=["Ann", "Bob", "Cyril"]
        )
        return "Cyril"

    return {
        "a deal entered": lambda t: (
            towie_services.towie_deal_record(table=t, kind="played", declarer="Bob", contract="3N", tricks=9)
            and "Bob: 3 no-trump, 9 tricks"
        ),
        "a deal corrected": corrected,
        "a deal removed": lambda t: towie_services.towie_deal_remove(deal=TowieDeal.objects.get(table=t)) or "",
        "the seats chosen": lambda t: (
            towie_services.towie_seats_choose(table=t, seated=["Ann", "Bob", "Cid"], dealer="Cid") and ""
        ),
        "a player renamed": renamed,
        "the stake changed": lambda t: (
            towie_services.towie_table_update(
                table=t, name=t.name, date=t.date, stake="2.50", players=["Ann", "Bob", "Cid"]
            )
            and "2.50"
        ),
        "the club's numbers": lambda t: Club.objects.filter(pk=t.club_id).update(format_style="fr") and "",
    }


@pytest.mark.parametrize("way", ["director", "phone"])
@pytest.mark.parametrize("what", list(_towie_writes()))
def test_every_towie_write_changes_the_validator(client_in, towie, way, what):
    url = towie_urls(towie)[way]
    before = poll(client_in, url)["ETag"]
    text = _towie_writes()[what](towie)
    assert_changed_and_drawn(poll, client_in, url, before, what, text or None)


def test_a_director_s_own_language_changes_the_towie_validator(client_in, towie):
    url = towie_urls(towie)["director"]
    before = poll(client_in, url)["ETag"]
    session = client_in.session
    session[LANGUAGE_KEY] = "fr"
    session.save()
    after = poll(client_in, url, tag=before)
    assert after.status_code == 200 and after["ETag"] != before and "La feuille de marque" in after.content.decode()


def test_a_renewed_link_or_another_club_never_gets_a_304(client, client_in, towie):
    phone = towie_urls(towie)["phone"]
    tag = poll(client, phone)["ETag"]
    towie_services.towie_link_renew(table=towie)
    gone = poll(client, phone, tag=tag)
    assert gone.status_code == 286 and "no longer opens the table" in gone.content.decode()
    director_tag = poll(client_in, towie_urls(towie)["director"])["ETag"]
    bob = outsider()
    foreign = poll(bob, towie_urls(towie)["director"], tag=director_tag)
    assert foreign.status_code == 286 and "ETag" not in foreign
    assert bob.get(towie_urls(towie)["director"]).status_code == 404
    logged_out = poll(Client(), towie_urls(towie)["director"], tag=director_tag)
    assert logged_out.status_code == 286


@pytest.mark.parametrize("deals", [1, 20])
def test_an_unchanged_towie_poll_is_one_query(client, director, deals):
    """Past the login: the phone's poll is the validator alone; a director's, the session, the user and it.
    The same after 1 deal as after 20."""
    table = make_table(("Ann", "Bob", "Cid"), user=director)
    for _ in range(deals):
        towie_services.towie_deal_record(table=table, kind="played", declarer="Ann", contract="4S", tricks=10)
    for url, budget in ((towie_urls(table)["phone"], 1), (towie_urls(table)["director"], 3)):
        if budget == 3:
            client.force_login(director)
        tag = poll(client, url)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            response = poll(client, url, tag=tag)
        assert (response.status_code, len(queries)) == (304, budget), [q["sql"][:80] for q in queries]


# --- Boston --------------------------------------------------------------------------------------------------


@pytest.fixture
def boston(client_in):
    table = create_table(client_in, "english", pool_feed=10, pool_limit=100)
    play(client_in, table, "Bob", "8", 7, suit="H")
    return table


def boston_url(table):
    return reverse("boston_table", args=[table.id])


def test_an_unchanged_boston_poll_is_304_and_a_whole_page_never(client_in, boston):
    url = boston_url(boston)
    first = poll(client_in, url)
    assert first.status_code == 200 and first["ETag"] and "boston-live" in first.content.decode()
    again = poll(client_in, url, tag=first["ETag"])
    assert (again.status_code, again.content, again["ETag"]) == (304, b"", first["ETag"])
    assert poll(client_in, url, tag=first["ETag"], shown="other").status_code == 200
    page = client_in.get(url, headers={"If-None-Match": first["ETag"]})
    assert page.status_code == 200 and "ETag" not in page and "<html" in page.content.decode()


def _boston_writes():
    """(what, a maker): the maker lays the write's ground and returns the write, which returns a text the
    redrawn sheet shows (or "")."""

    def corrected(client, table):
        edit = reverse("boston_deal_edit", args=[table.id, 1])
        return lambda: client.post(edit, deal_data("Cat", "9", 10, suit="S")).status_code == 302 and "9 tricks"

    def removed(client, table):
        play(client, table, "Cat", "9", 10, suit="S")
        return lambda: client.post(reverse("boston_deal_remove", args=[table.id, 1])).status_code == 302 and ""

    def reopened(client, table):
        boston_services.boston_table_finish(table=BostonTable.objects.get(pk=table.pk), stop_early=True)
        return lambda: boston_services.boston_table_reopen(table=BostonTable.objects.get(pk=table.pk)) and ""

    def updated(**fields):
        return lambda client, table: (
            lambda: boston_services.boston_table_update(table=BostonTable.objects.get(pk=table.pk), **fields)
        )

    return {
        "a deal entered": lambda c, t: lambda: play(c, t, "Cat", "9", 10, suit="S") and "Cat: 9 tricks in spades",
        "a deal corrected": corrected,
        "a deal removed": removed,
        "a player renamed": updated(players=["Ann", "Bobby", "Cat", "Dan"]),
        "money set": updated(money_value=Decimal("0.05"), currency="£"),
        "the game finished": lambda c, t: (
            lambda: boston_services.boston_table_finish(table=BostonTable.objects.get(pk=t.pk), stop_early=True)
        ),
        "the game reopened": reopened,
    }


@pytest.mark.parametrize("what", list(_boston_writes()))
def test_every_boston_write_changes_the_validator(client_in, boston, what):
    url = boston_url(boston)
    write = _boston_writes()[what](client_in, boston)
    before = poll(client_in, url)["ETag"]
    text = write()
    assert_changed_and_drawn(poll, client_in, url, before, what, text if isinstance(text, str) and text else None)
    if what == "a player renamed":
        assert "Bobby" in poll(client_in, url).content.decode()


def test_another_club_s_boston_poll_is_404(client_in, boston):
    tag = poll(client_in, boston_url(boston))["ETag"]
    assert poll(outsider(), boston_url(boston), tag=tag).status_code == 404
    BostonDeal.objects.filter(table=boston).delete()  # nothing of the table shown changes it back
    assert poll(client_in, boston_url(boston), tag=tag).status_code == 200


@pytest.mark.parametrize("deals", [1, 12])
def test_an_unchanged_boston_poll_is_the_session_the_user_and_the_validator(client_in, deals):
    table = create_table(client_in, "english", pool_feed=10, pool_limit=100)
    for _ in range(deals):
        play(client_in, table, "Bob", "8", 8, suit="H")
    tag = poll(client_in, boston_url(table))["ETag"]
    with CaptureQueriesContext(connection) as queries:
        response = poll(client_in, boston_url(table), tag=tag)
    assert (response.status_code, len(queries)) == (304, 3), [q["sql"][:80] for q in queries]

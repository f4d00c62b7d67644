"""A Towie evening in the real browser: a phone enters from the link (no lady or gentleman asked), the hostess
sees the entry on her live list and makes the tables in one click, each a link to its Towie sheet."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.browser.test_entries import PHONE, contexts  # noqa: F401 (contexts: a fixture)
from tournaments.models import Club, Membership, TowieTable
from tournaments.services import entries, evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_enters_and_the_hostess_makes_the_tables(contexts, live_server):  # noqa: F811
    director = get_user_model().objects.create_user("dora")
    club = Club.objects.create(name="Dora's club")
    Membership.objects.create(club=club, user=director, role="owner")
    night = evening.evening_save(club=club, name="Towie night", date=datetime.date(2026, 12, 4), game="towie", tables=1)
    entry_list = entries.entry_list_save(event=night, open=True)
    for i in range(1, 3):
        entries.entry_add(entry_list=entry_list, name=f"Player {i}", email=f"p{i}@example.org")

    phone = contexts(**PHONE).new_page()
    phone.goto(f"{live_server.url}/enter/{entry_list.token}/")
    assert phone.locator("input[name=kind]").count() == 0 and phone.locator("#id_partner").count() == 0
    phone.fill("#id_name", "Ann Smith")
    phone.fill("#id_email", "ann@example.org")
    phone.click("text=Send my entry")
    phone.wait_for_selector(".entry-state")
    assert "Ann Smith, your entry is confirmed: you have a place." in phone.inner_text("main")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375

    client = Client()
    client.force_login(director)
    desk = contexts()
    desk.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = desk.new_page()
    page.goto(f"{live_server.url}/evenings/{night.pk}/entries/")
    assert "Ann Smith" in page.inner_text("#entries-board") and page.locator(".qr-box svg").count() == 1
    page.click("text=Make the tables from the 3 confirmed entrants")
    page.wait_for_selector("ul.evening-tables")
    table = TowieTable.objects.get(evening=night)
    assert page.inner_text("ul.evening-tables") == "Towie night, table 1: Player 1, Player 2, Ann Smith"
    page.click("text=Towie night, table 1")
    page.wait_for_url(f"**/towie/{table.pk}/")
    assert [p.evaluate("window.__violations") for p in (phone, page)] == [[], []]

"""The Towie sheet's poll in a real browser (Debian's chromium), by the table's phone link: an unchanged
poll is answered 304 and the sheet is kept as drawn; a deal entered elsewhere shows without a reload, with
the note that the form on the page is out of date."""

import pytest
from django.contrib.auth import get_user_model

from tests.towie.conftest import make_table
from tournaments.models import Club, Membership
from tournaments.services import towie as towie_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def waited(page, found, seconds=15):
    for _ in range(seconds * 10):
        if found():
            return
        page.wait_for_timeout(100)
    pytest.fail("nothing came")


def test_the_towie_phone_keeps_its_sheet_on_a_304_and_shows_a_deal_entered_elsewhere(browser, live_server):
    director = get_user_model().objects.create_user("dora", password="a long party password")
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    table = make_table(("Ann", "Bob", "Cid"), user=director)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        polls = []
        page.on("response", lambda r: polls.append(r.status) if r.request.headers.get("hx-request") else None)
        loads = []
        page.on("load", lambda _: loads.append(1))
        page.goto(f"{live_server.url}/towie/p/{table.token}/")
        page.wait_for_selector("#towie-live")
        waited(page, lambda: polls)  # the first poll draws the sheet (200, its ETag kept)
        page.wait_for_timeout(300)
        page.evaluate("() => { document.getElementById('towie-live').dataset.marker = 'kept'; }")
        seen = len(polls)
        waited(page, lambda: polls[seen:])
        assert polls[0] == 200 and polls[seen:] == [304], polls
        assert page.get_attribute("#towie-live", "data-marker") == "kept"  # a 304 swapped nothing in

        towie_services.towie_deal_record(table=table, kind="played", declarer="Bob", contract="3N", tricks=9)
        page.wait_for_selector("text=Bob: 3 no-trump, 9 tricks", timeout=15_000)
        assert page.get_attribute("#towie-live", "data-marker") is None
        assert "The sheet has changed since this page was opened" in page.inner_text("#towie-stale")
        assert len(loads) == 1
    finally:
        context.close()

"""The live pages in a real browser (Debian's chromium): an unchanged poll is answered 304 and the page
keeps what it shows; a change shows up without a reload. The phone draws its page again in place.
"""

import pytest
from django.contrib.auth import get_user_model

from tests.browser.test_phones import enter_deal
from tests.conftest import make_party
from tournaments.models import Club, Guest, Membership, TableToken
from tournaments.services import party as party_services
from tournaments.services import results as result_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def contexts(browser, live_server):
    opened = []

    def new(**options):
        context = browser.new_context(**options)
        opened.append(context)
        return context

    yield new
    for context in opened:
        context.close()


def waited(page, found, seconds=15):
    for _ in range(seconds * 10):
        if found():
            return
        page.wait_for_timeout(100)
    pytest.fail("nothing came")


def test_the_round_page_keeps_its_tiles_on_a_304_and_shows_a_change(contexts, live_server):
    director = get_user_model().objects.create_user("dora", password="a long party password")
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    party = make_party(tables=2, user=director)
    room = contexts().new_page()
    polls = []
    room.on(
        "response",
        lambda r: polls.append(r.status) if "/rounds/1/" in r.url and r.request.headers.get("hx-request") else None,
    )
    room.goto(f"{live_server.url}/accounts/login/?next=/parties/{party.id}/rounds/1/")
    room.fill("#id_username", "dora")
    room.fill("#id_password", "a long party password")
    room.click("button[type=submit]")
    room.wait_for_selector("#table-2")
    # The first poll draws the fragment (200, its ETag kept); the next ones find nothing changed.
    waited(room, lambda: polls)
    room.wait_for_timeout(300)  # its swap and settle done
    room.evaluate("() => { document.getElementById('table-1').dataset.marker = 'kept'; }")
    seen = len(polls)
    waited(room, lambda: polls[seen:])
    assert polls[0] == 200 and polls[seen:] == [304], polls
    assert room.get_attribute("#table-1", "data-marker") == "kept"  # a 304 swapped nothing in
    assert "not started" in room.inner_text("#table-1")

    result_services.result_record(round_=party.rounds.get(number=1), table=1, net=(120, -120), by_user=director)
    room.wait_for_function("() => !document.getElementById('table-1').dataset.marker", timeout=15_000)
    assert "not started" not in room.inner_text("#table-1")


def test_the_phone_draws_a_change_in_place(contexts, live_server):
    party = make_party(tables=1)
    token = TableToken.objects.get(party=party, table=1)
    page = contexts(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    polls = []  # the part's polls (they send the validator; a redraw after a save does not)
    page.on(
        "response",
        lambda r: polls.append(r.status) if "part=1" in r.url and r.request.headers.get("if-none-match") else None,
    )
    loads = []
    page.on("load", lambda _: loads.append(1))
    page.goto(f"{live_server.url}/t/{token.token}/")
    page.evaluate("() => { window.stillTheSamePage = true; }")

    enter_deal(page, level="3", strain="N", declarer="S", tricks=9)  # saved: drawn again in place
    page.wait_for_selector("#deal-1.entered", timeout=15_000)
    page.wait_for_selector("#entry h2:has-text('Deal 2')")
    assert page.inner_text("#phone-message") == "Deal 1 saved."
    page.wait_for_timeout(6_000)
    assert 304 in polls, polls  # the part polled, nothing changed: nothing drawn

    # The director renames a player at this table: the phone shows it, without a reload.
    guest = Guest.objects.filter(seats__table=1, seats__seat="N").first()
    assert guest is not None  # the table has its North
    party_services.guest_update(guest=guest, name="Renamed North", kind=guest.kind, plays_as="", reserve=False)
    page.wait_for_selector("text=Renamed North", timeout=15_000)
    assert page.evaluate("() => window.stillTheSamePage") is True
    assert len(loads) == 1
    assert polls[-1] == 200  # the poll that found the change brought the part with it, in one request

"""A player goes home mid-round in the real browser (issue 46, item 3): the director seats the reserve
from the round's seats page, the table's phone shows her at its next poll, and the standings give each
the deals she played (figures of tests/services/test_midround.py, worked out by hand)."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page

from tests.conftest import make_party
from tournaments.models import Club, Membership, Seat, TableToken
from tournaments.services import party as party_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long party password"
# Deal 1: 3NT by North made +400; 2: 2H by North one down -50; 3: 4S by North made vulnerable +620;
# 4: 1NT by East made vulnerable -90 for North-South.
DEALS = [("3NT", "N", 9), ("2H", "N", 7), ("4S", "N", 10), ("1NT", "E", 7)]


def row_of(page: Page, name: str) -> str:
    """The standings' row of `name` (its cells as the browser reads them)."""
    return page.locator(f"//tr[td/bdi[@class='person' and normalize-space()='{name}']]").first.inner_text()


def test_a_reserve_takes_north_mid_round_and_the_standings_share_the_seat(browser, live_server):
    director = get_user_model().objects.create_user("dora", password=PASSWORD)
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    party = make_party(tables=2, rounds=2, user=director)
    rita = party_services.guests_add(party=party, entries=[("Rita Late", "")])[0]
    first = party.rounds.get(number=1)
    result_services.result_record(round_=first, table=1, deals=DEALS[:2], complete=False, by_user=director)
    north = Seat.objects.get(round=first, table=1, seat="N").guest
    south = Seat.objects.get(round=first, table=1, seat="S").guest
    token = TableToken.objects.get(party=party, table=1, revoked_at__isnull=True).token

    context = browser.new_context()
    try:
        phone = context.new_page()
        phone.goto(f"{live_server.url}/t/{token}/")
        phone.wait_for_selector("#entry")
        assert "Rita Late" not in phone.inner_text("body")

        room = context.new_page()
        room.goto(f"{live_server.url}/accounts/login/?next=/parties/{party.id}/rounds/1/movement/")
        room.fill("#id_username", "dora")
        room.fill("#id_password", PASSWORD)
        room.click("button[type=submit]")
        form = room.locator("form[action$='/replace-mid-round/']")
        form.locator("select[name=guest]").select_option(label="Rita Late")
        form.locator("input[name=table]").fill("1")
        form.locator("select[name=seat]").select_option(value="N")
        form.locator("button[type=submit]").click()
        room.wait_for_selector(f"text=Rita Late plays from deal 3 in {north.name}'s seat")
        assert Seat.objects.get(round=first, table=1, seat="N").guest == rita

        phone.wait_for_selector("text=Rita Late", timeout=30_000)  # its next poll

        result_services.result_record(round_=first, table=1, deals=DEALS, by_user=director)
        result_services.result_record(round_=first, table=2, net=(100, -100), by_user=director)
        round_services.round_close(round_=first)

        room.goto(f"{live_server.url}/parties/{party.id}/standings/")
        # North kept deals 1-2: 400 - 50 = +350; Rita played deals 3-4: 620 - 90 = +530; South the seat's +880.
        assert "+350" in row_of(room, north.name)
        assert "+530" in row_of(room, "Rita Late")
        assert "+880" in row_of(room, south.name)
    finally:
        context.close()

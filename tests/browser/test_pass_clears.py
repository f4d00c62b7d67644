"""On the director's whole-table form, choosing Pass for a deal clears what was chosen for it before (suit,
double, declarer, tricks): a passed-out deal has none, and the server refuses one sent with leftovers."""

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import make_party
from tournaments.models import Club, Membership, TableResult

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_pass_clears_the_rest_of_the_deal_and_the_round_saves(browser, live_server):
    director = get_user_model().objects.create_user("dora", password="a long party password")
    club = Club.objects.create(name="Dora's club")
    Membership.objects.create(club=club, user=director, role="owner")
    party = make_party(tables=2, user=director)
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/parties/{party.id}/rounds/1/tables/1/")
    page.fill("#id_username", "dora")
    page.fill("#id_password", "a long party password")
    page.click("button[type=submit]")
    row = page.locator(".deal-row").nth(1)
    selects = row.locator("select")
    for index, value in enumerate(["4", "S", "X"]):
        selects.nth(index).select_option(value)
    selects.nth(4).select_option("10")
    chosen = [selects.nth(i).input_value() for i in range(5)]
    assert chosen[:3] == ["4", "S", "X"] and chosen[4] == "10"

    selects.nth(0).select_option("P")

    assert [selects.nth(i).input_value() for i in range(5)] == ["P", "", "", "", ""]
    # The other deals keep theirs: only the passed-out deal is cleared.
    first = page.locator(".deal-row").nth(0).locator("select")
    first.nth(0).select_option("3")
    first.nth(1).select_option("N")
    page.locator(".deal-row").nth(2).locator("select").nth(0).select_option("P")
    assert first.nth(0).input_value() == "3" and first.nth(1).input_value() == "N"
    assert not TableResult.objects.filter(round__party=party, table=1).exists()

"""A knockout walkover in the real browser: from the round's page the director picks the pair that leaves, reads
the consequence, confirms, and the round page and the big-screen bracket say "walkover"."""

import pytest
from django.contrib.auth import get_user_model

from tests.knockout.helpers import DATE, get_round, matches, pair_names
from tournaments.models import Club, KnockoutMatch, Membership
from tournaments.services import knockout as knockout_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_pair_leaves_and_its_opponents_go_through_by_a_walkover(browser, live_server):
    director = get_user_model().objects.create_user("dora", password="a long party password")
    club = Club.objects.create(name="Dora's club")
    Membership.objects.create(club=club, user=director, role="owner")
    knockout = knockout_services.knockout_create(
        name="Cup", date=DATE, user=director, club=club, pairs=[list(p) for p in pair_names(8)]
    )
    knockout_services.knockout_draw(knockout=knockout, seed=11)
    first = get_round(knockout)
    t = {m.table: m for m in matches(first)}
    for number, margin in {2: 100, 3: 200, 4: 300}.items():
        knockout_services.match_totals_record(match=t[number], ns=500 + margin, ew=500)
    gone, through = t[1].ew, t[1].ns
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/?next=/knockouts/{knockout.id}/main/1/")
        page.fill("#id_username", "dora")
        page.fill("#id_password", "a long party password")
        with page.expect_navigation():
            page.click("button[type=submit]")
        page.click(f"#table-1 .withdraw >> text={gone.name}")
        consequence = page.inner_text("#consequence")
        assert f"{through.name} go through by a walkover" in consequence
        # The consolation: the losers by 100 and 200 play it; the loser by 300 goes to the free tables.
        assert f"{t[4].ew.name} lost by the most and plays at the free tables" in consequence
        page.click(f"text=Confirm: {gone.name} withdraw")
        page.wait_for_selector(f"text={gone.name} withdrew: {through.name} go through by a walkover at table 1.")
        assert f"{through.name} by a walkover: {gone.name} withdrew" in page.inner_text("#table-1")
        page.goto(f"{live_server.url}/knockouts/{knockout.id}/bracket/?projector=1")
        assert f"walkover: {gone.name} withdrew" in page.inner_text("#main")
    finally:
        context.close()
    assert KnockoutMatch.objects.get(pk=t[1].pk).conceded_by == gone

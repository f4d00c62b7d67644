"""Picking a knockout pair's players from the club's members in the real browser (static/js/members.js).

Two members share the name "Ann Other" (their numbers tell them apart), so the server alone could not link
the name: only the id the page filled in from the search does.
"""

import pytest
from django.contrib.auth import get_user_model

from tests.knockout.helpers import DATE
from tournaments.models import Club, KnockoutPair, Member, Membership
from tournaments.services import knockout as knockout_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_pair_picked_by_a_few_letters_is_linked_to_the_member(browser, live_server):
    director = get_user_model().objects.create_user("dora", password="a long party password")
    club = Club.objects.create(name="Dora's club")
    Membership.objects.create(club=club, user=director, role="owner")
    twins = {Member.objects.create(club=club, name="Ann Other", number=n).pk for n in ("EBU1", "EBU2")}
    knockout = knockout_services.knockout_create(name="Cup", date=DATE, user=director, club=club)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/?next=/knockouts/{knockout.id}/")
        page.fill("#id_username", "dora")
        page.fill("#id_password", "a long party password")
        # The knockout's page with its scripts running (members.js listens for what is typed): under a
        # loaded machine a name typed before the script is in was never looked up.
        with page.expect_navigation():
            page.click("button[type=submit]")
        page.wait_for_load_state("load")
        page.fill("#id_player_a", "Ann Other")
        page.wait_for_selector("#member-names option[value='Ann Other']", state="attached")
        page.wait_for_function("() => document.querySelector(\"input[name='member_a']\").value !== ''")
        page.fill("#id_player_b", "Bob New")
        page.click("text=Add this pair")
        page.wait_for_selector("text=1 pair added.")
    finally:
        context.close()
    pair = KnockoutPair.objects.get(knockout=knockout)
    assert pair.member_a_id in twins and pair.member_b is None

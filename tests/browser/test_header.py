"""The header menu at a laptop's 1280 pixels: one line in every language, the club's whole name shown."""

import pytest
from django.contrib.auth import get_user_model

from tournaments.models import Club, Membership

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLUB = "Club de Bridge d'Élancourt"


@pytest.mark.parametrize("language", ["en", "fr", "de", "nl"])
def test_the_menu_is_one_line_at_1280_pixels(browser, live_server, language, tmp_path):
    director = get_user_model().objects.create_user("marie-claude", password="a long party password")
    club = Club.objects.create(name=CLUB, language=language)
    Membership.objects.create(club=club, user=director, role="owner")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", "marie-claude")
        page.fill("#id_password", "a long party password")
        with page.expect_navigation():
            page.click("button[type=submit]")
        page.wait_for_load_state("load")
        page.screenshot(path=tmp_path / f"header-{language}.png")
        boxes = page.eval_on_selector_all(
            "header.site > *",
            "items => items.map(item => [item.getBoundingClientRect().top, item.getBoundingClientRect().bottom])",
        )
        whole = page.eval_on_selector("header.site a.club", "a => a.scrollWidth <= a.clientWidth + 1")
        shown = page.locator("header.site a.club").inner_text()
        # The account menu opens on a click and holds the language and the log-out.
        page.click("header.site .account summary")
        page.wait_for_selector("header.site .account-menu button", state="visible")
        page.screenshot(path=tmp_path / f"header-{language}-open.png")
    finally:
        context.close()
    assert max(top for top, _ in boxes) < min(bottom for _, bottom in boxes), boxes  # every item on one line
    assert shown == CLUB and whole


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_club_name_field_shows_the_whole_name(browser, live_server, language, tmp_path):
    director = get_user_model().objects.create_user("marie-claude", password="a long party password")
    club = Club.objects.create(name=CLUB, language=language)
    Membership.objects.create(club=club, user=director, role="owner")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/?next=/club/")
        page.fill("#id_username", "marie-claude")
        page.fill("#id_password", "a long party password")
        with page.expect_navigation():
            page.click("button[type=submit]")
        page.wait_for_load_state("load")
        field = page.locator("input[name=club_name]")
        field.scroll_into_view_if_needed()
        page.screenshot(path=tmp_path / f"club-name-{language}.png", full_page=True)
        value = field.input_value()
        whole = field.evaluate("input => input.scrollWidth <= input.clientWidth")
    finally:
        context.close()
    assert value == CLUB and whole

"""Three quick clicks on "Create the party" in the real browser make one party, the party taking a while
to make (as on a busy laptop): with JavaScript, site.js sends the form once and holds its button; without
it, the browser sends all three and the server's one-time token answers the repeats at once with a page that
waits on its own (a meta refresh) for the first and then goes where it went, told so
(tournaments/http/once.py). The empty form is never shown again while the first is at work: a click there
would make a second party."""

import time

import pytest
from django.contrib.auth import get_user_model

from tournaments.models import Club, Membership, Party
from tournaments.views import party as party_views

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long party password"


def three_clicks(browser, live_server, monkeypatch, *, javascript: bool) -> tuple[list[str], str]:
    director = get_user_model().objects.create_user("dora", password=PASSWORD)
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    create = party_views.party_services.party_create

    def slow_create(**kwargs):
        time.sleep(1.0)  # the clicks land while the first post is still being worked on
        return create(**kwargs)

    monkeypatch.setattr(party_views.party_services, "party_create", slow_create)
    context = browser.new_context(java_script_enabled=javascript)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/?next=/parties/new/")
        page.fill("#id_username", "dora")
        page.fill("#id_password", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url("**/parties/new/")
        page.fill("#id_name", "Winter party")
        posts: list[str] = []
        page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
        button = page.locator("text=Create the party")
        button.scroll_into_view_if_needed()
        box = button.bounding_box()
        for _ in range(3):  # the mouse itself: a held button is clicked all the same, as a hurried finger does
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_timeout(150)
        if not javascript:  # the last repeat's answer: the first post is still at work on the server
            page.wait_for_selector("text=the first one is still at work", timeout=10_000)
            assert not page.locator("text=Create the party").count()  # no form to send a second time
        page.wait_for_url("**/guests/", timeout=10_000)  # without JavaScript, by the waiting page's own refresh
        page.wait_for_load_state()
        return posts, page.inner_text("body")
    finally:
        context.close()


def test_three_quick_clicks_on_create_send_the_form_once_and_make_one_party(browser, live_server, monkeypatch):
    posts, shown = three_clicks(browser, live_server, monkeypatch, javascript=True)
    assert posts == [f"{live_server.url}/parties/new/"]
    assert "The party “Winter party” is set up. Now add the guests." in shown
    assert list(Party.objects.values_list("name", flat=True)) == ["Winter party"]


def test_without_javascript_three_clicks_reach_the_server_and_make_one_party(browser, live_server, monkeypatch):
    posts, shown = three_clicks(browser, live_server, monkeypatch, javascript=False)
    # Without JavaScript the browser sends every click it can (a click on a page already leaving may not).
    assert len(posts) >= 2 and set(posts) == {f"{live_server.url}/parties/new/"}
    # The repeats are answered at once (nothing waits inside a request) by the waiting page, which lands on
    # the new party's guests once the first post has made it.
    assert "That form was already sent: here is what it made." in shown
    assert list(Party.objects.values_list("name", flat=True)) == ["Winter party"]

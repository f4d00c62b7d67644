"""A save puts its own line in place (issue 28 item 3), in Debian's chromium on the party's plain-HTTP
Wi-Fi (party.test): after the round's first deal, North–South's save and East–West's acceptance are
answered with the deal's line and the running score, the phone asks for nothing more, its form moves
on, and its next poll is a 304; the other phone sees the change through its own poll."""

import pytest

from tests.browser.test_phone_offline import any_host, enter_deal, party_browser  # noqa: F401 (fixtures)
from tests.conftest import make_party
from tournaments.models import TableToken

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def watched(page) -> list[tuple]:
    """The part's requests: (method, status, whether it was a poll sending its validator, its type)."""
    seen = []

    def answered(response) -> None:
        if "part=1" in response.url:
            request = response.request
            kind = response.headers.get("content-type", "")
            seen.append((request.method, response.status, bool(request.headers.get("if-none-match")), kind))

    page.on("response", answered)
    return seen


def test_a_save_and_an_acceptance_go_in_place_without_drawing_the_part(party_browser, any_host, live_server):  # noqa: F811
    party = make_party(tables=1)
    token = TableToken.objects.get(party=party, table=1)
    url = f"http://party.test:{live_server.url.rsplit(':', 1)[1]}/t/{token.token}/"
    north = party_browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True).new_page()
    east = party_browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True).new_page()
    north.goto(url)
    east.goto(url)

    enter_deal(north, level="4", strain="S", declarer="N", tricks=10)  # the first deal: the part drawn again
    north.wait_for_selector("#deal-1.entered", timeout=15_000)
    north.wait_for_selector("#entry h2:has-text('Deal 2')")
    north.evaluate("() => { window.notDrawnAgain = document.getElementById('phone'); }")
    east.wait_for_selector("#deal-1.entered", timeout=15_000)
    east.evaluate("() => { window.notDrawnAgain = document.getElementById('phone'); }")
    parts, east_parts = watched(north), watched(east)

    enter_deal(north, level="3", strain="N", declarer="E", tricks=8)
    north.wait_for_selector("#deal-2.entered", timeout=15_000)
    assert "3NT by E −1" in " ".join(north.inner_text("#deal-2").split())
    assert north.inner_text("#running") == "Round result (2 of 4 deals in): N–S +520 · E–W −520"
    north.wait_for_selector("#entry h2:has-text('Deal 3')")  # the form moved on, here
    assert north.inner_text("#phone-message") == "Deal 2 saved."
    assert north.evaluate("() => window.notDrawnAgain === document.getElementById('phone')")
    north.wait_for_timeout(6_000)
    assert parts and all(status == 304 and poll for _, status, poll, _ in parts), parts  # nothing drawn again

    # East–West's phone sees deal 2 by its poll, answered with the same patch (JSON), not the part; it
    # accepts the deal: that line goes in place there too.
    east.wait_for_selector("#deal-2 form.accept button", timeout=15_000)
    assert east.evaluate("() => window.notDrawnAgain === document.getElementById('phone')")
    assert [kind for _, status, _, kind in east_parts if status == 200] == ["application/json"], east_parts
    assert east.inner_text("#running") == "Round result (2 of 4 deals in): N–S +520 · E–W −520"
    east_parts.clear()
    parts.clear()
    east.click("#deal-2 form.accept button")
    east.wait_for_selector("#deal-2.accepted", timeout=15_000)
    assert east.inner_text("#phone-message") == "Deal 2 accepted."
    assert east.evaluate("() => window.notDrawnAgain === document.getElementById('phone')")
    east.wait_for_timeout(5_500)
    assert east_parts and all(status == 304 and poll for _, status, poll, _ in east_parts), east_parts
    north.wait_for_selector("#deal-2.accepted", timeout=15_000)  # North–South's poll brings it, as a patch
    assert north.evaluate("() => window.notDrawnAgain === document.getElementById('phone')")
    assert [kind for _, status, _, kind in parts if status == 200] == ["application/json"], parts

"""The Content-Security-Policy in the real browser: a director's pages and a table's phone work under it,
with no violation reported, and what used to be inline script (a confirmation, the club switcher) still
works from static/js/site.js.

Violations are caught two ways: the console's "Refused to …" lines, and the page's own
securitypolicyviolation events (an init script records them; Playwright's init scripts are not subject to
the page's policy). The last step injects an inline script on purpose, to show both would catch one.
"""

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import make_party
from tournaments.models import Club, Membership, TableToken
from tournaments.services import results as result_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (event) {
  window.__violations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
});
"""
ROUND = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 9), ("PASS", "", 0)]


def watched(context):
    page = context.new_page()
    page.console_lines = []
    page.on("console", lambda message: page.console_lines.append(message.text))
    page.on("pageerror", lambda error: page.console_lines.append(str(error)))
    return page


def violations(page) -> list[str]:
    said = [line for line in page.console_lines if "Content Security Policy" in line or "Refused to" in line]
    return said + page.evaluate("window.__violations")


def test_the_director_and_a_phone_work_under_the_policy_with_no_violation(browser, live_server):
    director = get_user_model().objects.create_user("dora", password="a long party password")
    home_club = Club.objects.create(name="Dora's club")
    Membership.objects.create(club=home_club, user=director, role="owner")
    Membership.objects.create(club=Club.objects.create(name="Second club"), user=director, role="director")
    party = make_party(tables=3, user=director)
    first = party.rounds.get(number=1)
    for table in (1, 2):
        result_services.result_record(round_=first, table=table, deals=ROUND, by_user=director)
    token = TableToken.objects.get(party=party, table=3, revoked_at__isnull=True).token

    context = browser.new_context()
    context.add_init_script(RECORD_VIOLATIONS)
    try:
        room = watched(context)
        response = room.goto(f"{live_server.url}/accounts/login/?next=/parties/{party.id}/rounds/1/")
        assert "script-src 'self'" in response.headers["content-security-policy"]
        room.fill("#id_username", "dora")
        room.fill("#id_password", "a long party password")
        room.click("button[type=submit]")
        room.wait_for_selector("#table-3")
        assert violations(room) == []

        phone = watched(context)
        phone.goto(f"{live_server.url}/t/{token}/")
        phone.wait_for_selector("#entry h2:has-text('Deal 1')")
        phone.click('.levels label[data-value="3"]')
        phone.click('.strains label[data-value="N"]')
        phone.click('.declarers label[data-value="S"]')
        phone.click('.tricks label[data-value="9"]')
        phone.click("button[name=save]")
        for deal in (2, 3, 4):
            phone.wait_for_selector(f"#entry h2:has-text('Deal {deal}')")
            phone.click("button[name=deal-level][value=P]")
        phone.wait_for_selector("#deal-4.entered")
        for deal in (1, 2, 3, 4):  # the other side accepts each deal on the phone passed across
            phone.click(f"#deal-{deal} form.accept button")
            phone.wait_for_selector(f"#deal-{deal}.accepted")
        assert violations(phone) == []

        # Every table in: the round's "Next round" asks first (data-confirm); "Cancel" closes nothing.
        room.reload()
        room.wait_for_selector("button:has-text('Next round')")
        room.once("dialog", lambda dialog: dialog.dismiss())
        room.click("button:has-text('Next round')")
        room.wait_for_timeout(300)
        first.refresh_from_db()
        assert not first.is_closed
        room.once("dialog", lambda dialog: dialog.accept())
        room.click("button:has-text('Next round')")
        room.wait_for_selector("text=Round 1 closed. Round 2: here is where everyone goes.")
        first.refresh_from_db()
        assert first.is_closed

        # The header's club switcher sends itself when a club is chosen (data-submit-on-change).
        second = Club.objects.get(name="Second club")
        room.select_option("#club-switch", str(second.id))
        room.wait_for_selector("text=Now working in Second club.")
        assert violations(room) == []

        # The watch works: an inline script injected now is refused and reported.
        room.evaluate(
            "() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1';"
            " document.body.appendChild(s); }"
        )
        room.wait_for_timeout(200)
        assert room.evaluate("window.ran") is None
        assert any("script-src" in line for line in violations(room))
    finally:
        context.close()

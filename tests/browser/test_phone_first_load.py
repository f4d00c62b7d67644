"""The table's phone on the party's Wi-Fi (an insecure origin, party.test) opens in two requests: its page
and its one script (tournaments/presentation/page_assets.py); the manifest, which the browser asks for on
its own, aside. Before, it took seven: four scripts, a style sheet and the icon twice."""

import pytest

from tests.browser.test_phone_offline import PHONE, any_host, party_browser, wait_for_deal_form  # noqa: F401
from tests.conftest import make_party
from tournaments.models import TableToken

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_phones_first_load_is_its_page_and_one_script(party_browser, any_host, live_server):  # noqa: F811
    party = make_party(tables=1)
    token = TableToken.objects.get(party=party, table=1)
    origin = f"http://party.test:{live_server.url.rsplit(':', 1)[1]}"
    context = party_browser.new_context(**PHONE)
    try:
        page = context.new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(f"{origin}/t/{token.token}/")
        wait_for_deal_form(page, 1)  # the script ran: the deal's form is drawn
        page.wait_for_timeout(500)  # anything asked for late (an icon, a font) is asked for by now
        loaded = [url for url in asked if not url.endswith("/manifest.webmanifest") and not url.startswith("data:")]
        # The phone's own polls after the first load are not part of it.
        loaded = [url for url in loaded if "part=" not in url and "state=" not in url]
        assert loaded == [f"{origin}/t/{token.token}/", f"{origin}/static/phone/app.js"]
        # The styles in the page apply (the site's accent on the header), the icon drawn from the page.
        assert page.evaluate("getComputedStyle(document.querySelector('header.site')).display") != "inline"
        assert page.evaluate("document.querySelector('header.site .brand img').naturalWidth") == 32
    finally:
        context.close()

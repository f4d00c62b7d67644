"""The table's phone on the party's real Wi-Fi (issue 23): plain http:// to the laptop's address, which
is no secure context (no service worker, no crypto.randomUUID), and the laptop itself (localhost),
where the service worker runs. Nothing entered is lost through a Wi-Fi drop, a reload and a closed
tab; every heading carries its own deal's dealer and vulnerability; every message means what it says.

The insecure origin is made as a guest's phone meets it: chromium resolves party.test to 127.0.0.1
(--host-resolver-rules), so http://party.test:PORT/ is an ordinary LAN address, not localhost.
"""

import pytest
from django.http import HttpResponse

from tests.conftest import chromium, make_party
from tournaments.models import Party, PhoneSend, TableResult, TableToken
from tournaments.views import table as table_views

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

# The rules (docs/rules/four-aces-party.md, "A round"): deal 1 dealer North, nobody vulnerable; 2 East,
# East-West; 3 South, North-South; 4 West, both.
RULES = {1: ("N", "neither side"), 2: ("E", "East–West"), 3: ("S", "North–South"), 4: ("W", "both sides")}


@pytest.fixture
def party_browser():
    """Chromium resolving party.test to this machine: an insecure origin, as the party's Wi-Fi is."""
    yield from chromium("--host-resolver-rules=MAP party.test 127.0.0.1")


@pytest.fixture
def any_host(settings, live_server):
    settings.ALLOWED_HOSTS = ["*"]  # the live server answers party.test (as the laptop answers its LAN address)
    # The links' address is the site's own, never the request's Host (site_url): here, party.test's.
    settings.SITE_URL = f"http://party.test:{live_server.url.rsplit(':', 1)[1]}"


def tap(page, group: str, value: str) -> None:
    page.click(f'.{group} label[data-value="{value}"]')


def enter_deal(page, *, level: str, strain: str, declarer: str, tricks: int) -> None:
    tap(page, "levels", level)
    tap(page, "strains", strain)
    tap(page, "declarers", declarer)
    tap(page, "tricks", str(tricks))
    page.click("#entry button[name=save]")


def heading_of(number: int) -> str:
    dealer, vulnerable = RULES[number]
    return f"Deal {number} · dealer {dealer} · vulnerable: {vulnerable}"


def wait_for_deal_form(page, number: int) -> None:
    """The form asks for this deal, with its own dealer, vulnerability and button."""
    page.wait_for_function(
        "([heading, button]) => { const h = document.querySelector('#entry h2');"
        " const b = document.querySelector('#entry .save-deal');"
        " return h && b && !document.getElementById('entry').hidden"
        " && h.textContent.replace(/\\s+/g, ' ').trim() === heading && b.textContent.trim() === button; }",
        arg=[heading_of(number), f"Save deal {number}"],
        timeout=15_000,
    )
    assert " ".join(page.inner_text("#entry h2").split()) == heading_of(number)
    assert page.inner_text("#entry .save-deal").strip() == f"Save deal {number}"


def pending(page) -> list[str]:
    return [" ".join(text.split()) for text in page.locator("#outbox li.pending").all_inner_texts()]


def stored(party) -> list[tuple]:
    result = TableResult.objects.filter(round__party=party, table=1).first()
    return (
        list(result.deals.order_by("number").values_list("number", "contract", "declarer", "tricks")) if result else []
    )


# Deal 1: 4S by North making 10; deal 2: 3NT by East making 9; deal 3: 2H by South making 8.
ONE, TWO, THREE = ("4", "S", "N", 10), ("3", "N", "E", 9), ("2", "H", "S", 8)
STORED = [(1, "4S", "N", 10), (2, "3N", "E", 9), (3, "2H", "S", 8)]


def enter(page, deal) -> None:
    level, strain, declarer, tricks = deal
    enter_deal(page, level=level, strain=strain, declarer=declarer, tricks=tricks)


def test_plain_http_loses_nothing_through_a_wifi_drop_and_a_closed_tab(party_browser, any_host, live_server):
    party = make_party(tables=1)
    token = TableToken.objects.get(party=party, table=1)
    url = f"http://party.test:{live_server.url.rsplit(':', 1)[1]}/t/{token.token}/"
    context = party_browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(url)
        assert page.evaluate("window.isSecureContext") is False
        assert page.evaluate("'serviceWorker' in navigator") is False
        assert page.evaluate("!!(window.crypto && crypto.randomUUID)") is False
        assert page.locator("#keep-open").is_visible()
        assert page.inner_text("#keep-open") == (
            "Keep this page open while the Wi-Fi is down: what you enter waits on this phone "
            "and is sent when the Wi-Fi is back."
        )
        wait_for_deal_form(page, 1)
        enter(page, ONE)
        page.wait_for_selector("#deal-1.entered", timeout=15_000)
        wait_for_deal_form(page, 2)

        context.set_offline(True)
        enter(page, TWO)
        wait_for_deal_form(page, 3)  # deal 3's own heading and button, never deal 2's
        assert pending(page) == ["Deal 2: saved on this phone, not sent yet"]
        enter(page, THREE)
        wait_for_deal_form(page, 4)
        assert pending(page) == [
            "Deal 2: saved on this phone, not sent yet",
            "Deal 3: saved on this phone, not sent yet",
        ]
        ids = page.evaluate(
            "Object.keys(localStorage).filter(k => k.startsWith('cd-outbox-'))"
            ".flatMap(k => JSON.parse(localStorage[k]).map(item => item.fields.client_id))"
        )
        assert len(ids) == 2 and len(set(ids)) == 2 and all(len(i) <= 64 for i in ids)
        assert stored(party) == [(1, "4S", "N", 10)]
        page.close()  # the tab closed while the Wi-Fi is down

        context.set_offline(False)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("#deal-3.entered", timeout=15_000)
        wait_for_deal_form(page, 4)
        assert pending(page) == []
        assert stored(party) == STORED  # every deal stored once
        assert PhoneSend.objects.filter(token=token).count() == 3
        assert "Nothing was saved." not in page.inner_text("body")
    finally:
        context.close()


def test_plain_http_reloaded_with_deals_waiting_asks_for_the_next_deal(party_browser, any_host, live_server):
    """The laptop answers the page but not the saves (a flaky Wi-Fi): the page reloaded asks for the
    deal after those waiting, never again for one that waits; once the saves go through, each is stored once."""
    party = make_party(tables=1)
    token = TableToken.objects.get(party=party, table=1)
    url = f"http://party.test:{live_server.url.rsplit(':', 1)[1]}/t/{token.token}/"
    context = party_browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(url)
        enter(page, ONE)
        page.wait_for_selector("#deal-1.entered", timeout=15_000)

        def no_saves(route):
            return route.abort() if route.request.method == "POST" else route.continue_()

        context.route("**/t/**", no_saves)
        enter(page, TWO)
        wait_for_deal_form(page, 3)
        page.reload()
        assert not page.locator("#deal-2.entered").count()  # the laptop has only deal 1
        wait_for_deal_form(page, 3)  # the page asks for deal 3, not for deal 2 again
        assert pending(page) == ["Deal 2: saved on this phone, not sent yet"]
        enter(page, THREE)
        wait_for_deal_form(page, 4)

        context.unroute("**/t/**")
        page.evaluate("window.dispatchEvent(new Event('online'))")
        page.wait_for_selector("#deal-3.entered", timeout=15_000)
        wait_for_deal_form(page, 4)
        assert stored(party) == STORED
        assert PhoneSend.objects.filter(token=token).count() == 3
    finally:
        context.close()


def test_a_send_id_reused_for_another_deal_shows_the_servers_refusal(party_browser, any_host, live_server):
    party = make_party(tables=1)
    token = TableToken.objects.get(party=party, table=1)
    url = f"http://party.test:{live_server.url.rsplit(':', 1)[1]}/t/{token.token}/"
    context = party_browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(url)
        enter(page, ONE)
        page.wait_for_selector("#deal-1.entered", timeout=15_000)
        first_id = PhoneSend.objects.get(token=token).client_id
        assert page.inner_text("#phone-message") == "Deal 1 saved."  # the laptop's answer, shown once
        # A phone whose id maker repeats itself: deal 2 goes out under deal 1's id.
        page.evaluate(
            """id => {
              const key = 'cd-outbox-' + document.getElementById('phone').dataset.token;
              const form = document.getElementById('entry');
              const fields = Object.fromEntries(new FormData(form));
              Object.assign(fields, {'deal-level': 'P', client_id: id, number: '2'});
              localStorage.setItem(key, JSON.stringify([{url: location.pathname, fields: fields, label: 'Deal 2'}]));
              window.dispatchEvent(new Event('online'));
            }""",
            first_id,
        )
        page.wait_for_selector("#phone-message:has-text('not saved')", timeout=15_000)
        assert page.inner_text("#phone-message") == (
            "Deal 2 was not saved: This phone sent that id for another deal: nothing was saved."
        )
        assert stored(party) == [(1, "4S", "N", 10)]
        assert pending(page) == []
    finally:
        context.close()


def test_localhost_keeps_the_page_so_an_offline_reload_works_after_one_visit(browser, live_server, monkeypatch):
    party = make_party(tables=1)
    token = TableToken.objects.get(party=party, table=1)
    url = f"{live_server.url}/t/{token.token}/"
    context = browser.new_context(**PHONE)

    def wifi(up: bool) -> None:
        """Chromium's offline emulation does not always hold for requests around a service worker (a
        worker started afresh may reach the network for a moment): while the Wi-Fi is "down" the
        laptop answers the phone's saves 503 as well, as a busy laptop would, so no save goes in."""
        context.set_offline(not up)
        if up:
            monkeypatch.undo()
        else:
            monkeypatch.setattr(table_views, "_post_one", lambda *args: HttpResponse("down", status=503))

    try:
        page = context.new_page()
        page.goto(url)  # the one visit
        assert page.evaluate("window.isSecureContext") is True
        assert not page.locator("#keep-open").is_visible()  # here the page is kept: no such request
        for _attempt in range(100):
            if page.evaluate("async () => !!(await caches.match(location.pathname))"):
                break
            page.wait_for_timeout(100)
        else:
            pytest.fail("the service worker never kept the page")

        wifi(False)
        Party.objects.filter(pk=party.pk).update(name="Renamed since")  # the laptop's page would say so
        page.reload()
        assert "Table 1, round 1" in page.inner_text("h1")
        assert "Spring party" in page.title()  # the copy kept on the phone, not the laptop's page
        wait_for_deal_form(page, 1)

        wifi(True)
        enter(page, ONE)
        page.wait_for_selector("#deal-1.entered", timeout=15_000)
        assert "Renamed since" in page.title()
        wait_for_deal_form(page, 2)

        wifi(False)
        enter(page, TWO)
        wait_for_deal_form(page, 3)
        page.reload()  # offline: the kept page, its form moved past the deal waiting
        page.wait_for_selector("#outbox li.pending")
        assert pending(page) == ["Deal 2: saved on this phone, not sent yet"]
        wait_for_deal_form(page, 3)
        enter(page, THREE)
        wait_for_deal_form(page, 4)
        assert stored(party) == [(1, "4S", "N", 10)]
        page.close()

        wifi(True)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("#deal-3.entered", timeout=15_000)
        wait_for_deal_form(page, 4)
        assert stored(party) == STORED
        assert PhoneSend.objects.filter(token=token).count() == 3
    finally:
        context.close()


def test_messages_mean_what_they_say_a_locked_accept_and_a_correction(party_browser, any_host, live_server):
    from django.contrib.auth import get_user_model

    from tournaments.models import Club, Membership
    from tournaments.services import results as result_services

    director = get_user_model().objects.create_user("dora")
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    party = make_party(tables=1, user=director)
    token = TableToken.objects.get(party=party, table=1)
    url = f"http://party.test:{live_server.url.rsplit(':', 1)[1]}/t/{token.token}/"
    context = party_browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(url)
        enter(page, ONE)
        page.wait_for_selector("#deal-1.entered", timeout=15_000)
        enter(page, TWO)
        page.wait_for_selector("#deal-2.entered", timeout=15_000)
        wait_for_deal_form(page, 3)

        # A correction of deal 1, sent at once: the phone then asks for deal 3, not deal 1 again.
        page.click("#deal-1 a.correct")
        page.wait_for_selector("#entry h2:has-text('Correct deal 1')")
        enter(page, ("4", "S", "N", 9))
        page.wait_for_function("() => !location.search", timeout=15_000)
        wait_for_deal_form(page, 3)
        assert page.inner_text("#phone-message") == (
            "Deal 1 saved. Deal 1 is corrected: East–West must accept it again before the round counts."
        )
        assert stored(party) == [(1, "4S", "N", 9), (2, "3N", "E", 9)]

        # The same offline: the correction waits, and the form moves on to the next deal.
        context.set_offline(True)
        page.click("#deal-2 a.correct")
        page.wait_for_selector("#entry h2:has-text('Correct deal 2')")
        enter(page, ("3", "N", "E", 10))
        wait_for_deal_form(page, 3)
        assert pending(page) == ["Deal 2: saved on this phone, not sent yet"]
        context.set_offline(False)
        page.wait_for_function("() => !document.querySelector('#outbox li.pending')", timeout=15_000)
        page.wait_for_selector("#deal-2.entered", timeout=15_000)
        wait_for_deal_form(page, 3)
        assert stored(party) == [(1, "4S", "N", 9), (2, "3N", "E", 10)]

        # The director locks the table; East-West's acceptance is refused, and says so plainly.
        result_services.result_lock(round_=party.rounds.get(number=1), table=1, locked=True, by_user=director)
        page.reload()
        page.click("#deal-1 form.accept button")
        page.wait_for_selector("#phone-message:has-text('not accepted')", timeout=15_000)
        message = page.inner_text("#phone-message")
        assert message == (
            "Deal 1 was not accepted: The director has locked this table: ask the director to change it."
        )
        assert not message.startswith("Deal 1 accepted")
        assert not TableResult.objects.get(round__party=party, table=1).deals.filter(accepted=True).exists()
        page.reload()  # no stale refusal on the next page
        assert "Nothing was saved." not in page.inner_text("body")
        assert "was not accepted" not in page.inner_text("body")
    finally:
        context.close()


def test_the_screen_unlocked_sends_what_waits_without_waiting_for_the_timer(party_browser, any_host, live_server):
    """A locked screen stops the page's timers; unlocked, the page is shown again (visibilitychange)
    and sends at once. The 4-second timer is switched off here, so only the page shown again can send."""
    party = make_party(tables=1)
    token = TableToken.objects.get(party=party, table=1)
    url = f"http://party.test:{live_server.url.rsplit(':', 1)[1]}/t/{token.token}/"
    context = party_browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.add_init_script(
            "(() => { const every = window.setInterval;"
            " window.setInterval = (f, ms, ...rest) => ms === 4000 ? 0 : every(f, ms, ...rest); })()"
        )
        page.goto(url)

        def no_saves(route):
            return route.abort() if route.request.method == "POST" else route.continue_()

        context.route("**/t/**", no_saves)
        enter(page, ONE)
        wait_for_deal_form(page, 2)
        assert pending(page) == ["Deal 1: saved on this phone, not sent yet"]
        context.unroute("**/t/**")
        page.wait_for_timeout(5000)  # no timer, no "online": it waits
        assert pending(page) == ["Deal 1: saved on this phone, not sent yet"] and stored(party) == []
        page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")  # the screen unlocked
        page.wait_for_selector("#deal-1.entered", timeout=5_000)
        assert stored(party) == [(1, "4S", "N", 10)]
        assert PhoneSend.objects.filter(token=token).count() == 1
    finally:
        context.close()

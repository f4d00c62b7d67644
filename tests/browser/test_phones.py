"""Five phones enter a full round at once while the director watches the round page fill in.

Playwright drives Debian's chromium (never a downloaded browser). Without chromium the test is
skipped, except where REQUIRE_BROWSER is set (CI), where it fails instead.
"""

import os
import shutil

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import make_party
from tournaments.models import TableResult, TableToken

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def browser():
    if not CHROMIUM:
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail("chromium is not installed: apt-get install chromium")
        pytest.skip("chromium is not installed")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls here are still synchronous.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


def enter_round(page, table: int) -> None:
    """Deal 1: 4 spades by North making 10 - table tricks; the other three passed out."""
    page.select_option("select[name=d1-level]", "4")
    page.select_option("select[name=d1-strain]", "S")
    page.select_option("select[name=d1-declarer]", "N")
    page.select_option("select[name=d1-tricks]", str(11 - table))
    for deal in (2, 3, 4):
        page.select_option(f"select[name=d{deal}-level]", "P")


@pytest.fixture
def contexts(browser, live_server):
    """Browser contexts closed before the live server stops, so no page is still polling it."""
    opened = []

    def new(**options):
        context = browser.new_context(**options)
        opened.append(context)
        return context

    yield new
    for context in opened:
        context.close()


def test_five_phones_enter_a_round_and_the_director_sees_it_live(contexts, live_server):
    director = get_user_model().objects.create_user("dora", password="a long party password")
    party = make_party(tables=5, mixed=True, user=director)
    links = {t.table: f"{live_server.url}/t/{t.token}/" for t in TableToken.objects.filter(party=party)}

    room = contexts().new_page()
    room.goto(f"{live_server.url}/accounts/login/?next=/parties/{party.id}/rounds/1/")
    room.fill("#id_username", "dora")
    room.fill("#id_password", "a long party password")
    room.click("button[type=submit]")
    room.wait_for_selector("#table-5")
    assert "not started" in room.inner_text("#table-3")

    phones = {}
    for table, url in links.items():
        context = contexts(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        page = context.new_page()
        page.goto(url)
        assert f"Table {table}, round 1" in page.inner_text("h1")
        enter_round(page, table)
        phones[table] = page
    # The live preview scores each deal as it is chosen (table 1: 4S making exactly, 420).
    phones[1].wait_for_selector("#preview .big")
    assert "+420" in phones[1].inner_text("#preview")

    for page in phones.values():  # all five save, one straight after another
        page.click("button[name=save]")
    for page in phones.values():
        page.wait_for_selector("button[name=agree][value=NS]")
        page.click("button[name=agree][value=NS]")
        page.wait_for_selector("button[name=agree][value=EW]:not([disabled])")
        page.click("button[name=agree][value=EW]")
        page.wait_for_selector("text=This result counts")

    # The director's page fills in by itself (htmx polling): no reload.
    for table in links:
        room.wait_for_selector(f"#table-{table} .status.agreed", timeout=15_000)
    assert "Next round" in room.inner_text("#room")

    results = {r.table: r for r in TableResult.objects.filter(round__party=party)}
    assert sorted(results) == [1, 2, 3, 4, 5]
    # By hand, deal 1 (nobody vulnerable): table 1 makes 4S exactly, 420; table 2 one down, 50 to E-W;
    # table 3 two down, 100; table 4 three down, 150; table 5 four down, 200.
    expected = {1: (420, -420), 2: (-50, 50), 3: (-100, 100), 4: (-150, 150), 5: (-200, 200)}
    assert {t: (r.ns, r.ew) for t, r in results.items()} == expected
    assert all(r.status == "agreed" and r.changes.count() == 3 for r in results.values())

"""Five phones enter a full round at once while the director watches the round page fill in.

Playwright drives Debian's chromium (never a downloaded browser). Without chromium the test is
skipped, except where REQUIRE_BROWSER is set (CI), where it fails instead.
"""

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import make_party
from tournaments.models import Club, Membership, PhoneSend, TableResult, TableToken

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap(page, group: str, value: str) -> None:
    page.click(f'.{group} label[data-value="{value}"]')


def enter_deal(page, *, level: str, strain: str, declarer: str, tricks: int) -> None:
    tap(page, "levels", level)
    tap(page, "strains", strain)
    tap(page, "declarers", declarer)
    tap(page, "tricks", str(tricks))
    page.click("button[name=save]")


def pass_out(page) -> None:
    page.click("button[name=deal-level][value=P]")


def enter_round(page, table: int) -> None:
    """Deal 1: 4 spades by North making 10 - table tricks; the other three passed out. One deal at a
    time, as played, each saved before the next comes up."""
    enter_deal(page, level="4", strain="S", declarer="N", tricks=11 - table)
    for deal in (2, 3, 4):
        page.wait_for_selector(f"#entry h2:has-text('Deal {deal}')")
        pass_out(page)
    page.wait_for_selector("#deal-4.entered")


def accept_every_deal(page) -> None:
    """East-West (the side that did not enter) accept each deal, on the same phone passed across."""
    for deal in (1, 2, 3, 4):
        page.click(f"#deal-{deal} form.accept button")
        page.wait_for_selector(f"#deal-{deal}.accepted")


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
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
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
        phones[table] = page
    for table, page in phones.items():
        enter_round(page, table)
    # The running result shows as the deals go in (table 1: 4S making exactly, 420).
    assert "N–S +420" in phones[1].inner_text("#running")
    for page in phones.values():
        accept_every_deal(page)
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
    # Four deals entered and four accepted: a history row each.
    assert all(r.status == "agreed" and r.changes.count() == 8 for r in results.values())
    assert all(r.deals.filter(accepted=True).count() == 4 for r in results.values())


def test_a_wifi_drop_loses_nothing_and_doubles_nothing(contexts, live_server):
    party = make_party(tables=1)
    token = TableToken.objects.get(party=party, table=1)
    context = contexts(viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{token.token}/")

    context.set_offline(True)
    enter_deal(page, level="3", strain="N", declarer="S", tricks=9)  # 3NT making: 400 to N-S
    page.wait_for_selector("#outbox li.pending")
    assert "saved on this phone, not sent yet" in page.inner_text("#outbox")
    page.wait_for_selector("#entry h2:has-text('Deal 2')")
    pass_out(page)
    page.wait_for_selector("#entry h2:has-text('Deal 3')")
    enter_deal(page, level="4", strain="H", declarer="E", tricks=9)  # 4H one down, E-W not vulnerable
    assert page.locator("#outbox li.pending").count() == 3
    assert not TableResult.objects.filter(round__party=party).exists()

    context.set_offline(False)
    page.wait_for_selector("#deal-3.entered", timeout=15_000)
    assert page.locator("#outbox li.pending").count() == 0
    result = TableResult.objects.get(round__party=party, table=1)
    deals = list(result.deals.order_by("number").values_list("number", "contract", "declarer", "tricks"))
    assert deals == [(1, "3N", "S", 9), (2, "PASS", "", 0), (3, "4H", "E", 9)]
    # By hand: deal 1 (nobody vulnerable) 3NT made, 400 to N-S; deal 3 4H by E one down, E-W not
    # vulnerable on deal 3: 50 to N-S. N-S +450, E-W -450; three sends, each stored once.
    assert (result.ns, result.ew, result.status) == (450, -450, "in_progress")
    assert PhoneSend.objects.filter(token=token).count() == 3


def test_a_page_left_open_across_a_round_change_says_where_to_go(contexts, live_server):
    from tournaments.services import results as result_services
    from tournaments.services import rounds as round_services

    director = get_user_model().objects.create_user("dora")
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    party = make_party(tables=2, rounds=3, user=director)
    token = TableToken.objects.get(party=party, table=1)
    page = contexts(viewport={"width": 375, "height": 812}, is_mobile=True).new_page()
    page.goto(f"{live_server.url}/t/{token.token}/")
    first = party.rounds.get(number=1)
    for table in (1, 2):
        result_services.result_record(round_=first, table=table, net=(400, -400), by_user=director)
    round_services.round_close(round_=first)
    page.wait_for_selector("#moves", timeout=15_000)
    assert "Round 1 is closed." in page.inner_text("#moves")
    assert "Table 1, round 2" in page.inner_text("h1")
    assert page.locator("h1").count() == 1 and page.locator("#phone").count() == 1


def test_the_round_clock_runs_on_the_big_screen(contexts, live_server):
    director = get_user_model().objects.create_user("dora", password="a long party password")
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    party = make_party(tables=3, user=director)
    from tournaments.services import rounds as round_services

    round_services.round_start(round_=party.rounds.get(number=1))  # seated, the clock waits for the start
    screen = contexts(viewport={"width": 1280, "height": 900}).new_page()
    screen.goto(f"{live_server.url}/accounts/login/?next=/parties/{party.id}/rounds/1/%3Fprojector%3D1")
    screen.fill("#id_username", "dora")
    screen.fill("#id_password", "a long party password")
    screen.click("button[type=submit]")
    screen.wait_for_selector(".clock .clock-time")
    first = screen.inner_text(".clock .clock-time")
    screen.wait_for_function(
        # A function, not an expression: Playwright polls an expression with eval, which the CSP refuses.
        f"() => document.querySelector('.clock .clock-time').textContent !== '{first}'",
        timeout=5000,
    )
    assert not screen.locator("header.site").is_visible()  # the big screen: no navigation
    assert screen.locator(".tile").count() == 3 and "0/4" in screen.inner_text("#table-1")


def test_a_phone_without_its_script_enters_the_whole_round_and_both_sides_agree(contexts, live_server):
    """The whole-round form (?all=1) as a phone without JavaScript posts it: the four deals at once, then each
    side's agreement, each answered with the page again (services/results/whole_round.py's path)."""
    party = make_party(tables=2)
    token = TableToken.objects.get(party=party, table=1)
    page = contexts(java_script_enabled=False, viewport={"width": 375, "height": 812}).new_page()
    page.goto(f"{live_server.url}/t/{token.token}/?all=1")
    for field, value in (("level", "4"), ("strain", "S"), ("declarer", "N"), ("tricks", "10")):
        page.select_option(f"select[name=d1-{field}]", value)
    for deal in (2, 3, 4):
        page.select_option(f"select[name=d{deal}-level]", "P")
    page.click("button[name=save]")
    shown = page.inner_text("body")
    # Deal 1: 4♠ just made by North, nobody vulnerable: 120 for the tricks and 300 for the game.
    assert "Saved. Now both sides agree the result below." in shown and "+420" in shown
    page.click("button[name=agree][value=NS]")
    assert "Thank you: agreed." in page.inner_text("body")
    page.click("button[name=agree][value=EW]")
    assert "This result counts" in page.inner_text("body")
    result = TableResult.objects.get(round__party=party, table=1)
    assert (result.status, result.ns, result.ew, result.winner) == ("agreed", 420, -420, "NS")
    assert list(result.changes.order_by("id").values_list("action", flat=True)) == [
        "entered at the table",
        "NS agreed",
        "EW agreed",
    ]

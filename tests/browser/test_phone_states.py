"""The phone's states (issue 41): every server answer leaves it where the server is, on the party's
plain-HTTP Wi-Fi (party.test, an insecure origin, in Debian's chromium). A phone never freezes on a round
gone, two phones accepting at once both hear it succeeded, a refusal stays until seen (and outlives a part
arriving late), Save is never dead, an error is where the guest is, and the keyboard alone will do. axe-core
finds nothing wrong in any state."""

import pytest
from playwright.sync_api import Route

from tests.browser.axe import violations
from tests.browser.test_phone_offline import (  # noqa: F401 (fixtures)
    PHONE,
    any_host,
    enter,
    party_browser,
    pending,
    stored,
    wait_for_deal_form,
)
from tests.conftest import make_party
from tournaments.models import Party, TableResult, TableToken
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ONE, TWO, THREE, FOUR = ("4", "S", "N", 10), ("3", "N", "E", 9), ("2", "H", "S", 8), ("1", "C", "W", 7)


@pytest.fixture
def at_party(settings, live_server, any_host):  # noqa: F811
    """The party.test origin, as SITE_URL too (the laptop's own address on the Wi-Fi)."""
    origin = f"http://party.test:{live_server.url.rsplit(':', 1)[1]}"
    settings.SITE_URL = origin
    return origin


def phone_url(origin: str, party, table: int = 1) -> str:
    return f"{origin}/t/{TableToken.objects.get(party=party, table=table, revoked_at=None).token}/"


def state(page) -> str:
    return page.evaluate("document.documentElement.dataset.phone")


def no_violations(page) -> None:
    assert violations(page) == []


def message(page) -> str:
    return " ".join(page.inner_text("#phone-message").split())


def test_a_deal_saved_offline_after_the_round_closed_shows_where_everyone_goes(party_browser, at_party, director):  # noqa: F811
    """The freeze: deal 4 saved offline; meanwhile the director typed the table's net figures and closed
    the round. Back online the phone says so, and shows round 2 with where everyone goes, not round 1."""
    party = make_party(tables=2, user=director)
    first = party.rounds.get(number=1)
    context = party_browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(phone_url(at_party, party))
    for deal in (ONE, TWO, THREE):
        enter(page, deal)
    page.wait_for_selector("#deal-3.entered", timeout=15_000)
    wait_for_deal_form(page, 4)
    no_violations(page)  # ready, the form asking for deal 4

    context.set_offline(True)
    enter(page, FOUR)
    page.wait_for_function("() => document.documentElement.dataset.phone === 'waiting'", timeout=10_000)
    assert pending(page) == ["Deal 4: saved on this phone, not sent yet"]
    no_violations(page)  # waiting

    for table in (1, 2):
        result_services.result_record(round_=first, table=table, net=(300, -300), by_user=director)
    round_services.round_close(round_=first)
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_selector("#moves", timeout=6_000)  # within one poll's time, no reload
    assert page.inner_text("#phone h1") == "Table 1, round 2"
    assert message(page) == (
        "Deal 4 was not saved: Round 1 is closed: results can no longer be entered for it. "
        "The round has moved on: see below where everyone from this table goes now."
    )
    moves = page.locator("#moves li").all_inner_texts()
    assert len(moves) == 4 and all(": table " in line and ", seat " in line for line in moves), moves
    wait_for_deal_form(page, 1)  # round 2's form, shown
    assert pending(page) == [] and state(page) == "ready"
    assert stored(party) == []  # table 1's round 1 is the director's net figures now
    assert TableResult.objects.get(round=first, table=1).entry == "net"
    page.wait_for_timeout(6_000)  # a poll later: the refusal is still there
    assert "Round 1 is closed" in message(page)
    no_violations(page)  # the round moved on, the refusal kept
    context.close()


def test_two_phones_accepting_the_last_deal_at_once_both_hear_it_succeeded(party_browser, at_party, director):  # noqa: F811
    party = make_party(tables=2, user=director)
    first = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=1, revoked_at=None)
    for number, deal in enumerate([("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 8), ("PASS", "", 0)], start=1):
        result_services.deal_record(round_=first, table=1, number=number, deal=deal, by_token=token)
    for number in (1, 2, 3):
        result_services.deal_accept(round_=first, table=1, number=number, side="EW", by_token=token)
    east, west = (party_browser.new_context(**PHONE).new_page() for _ in range(2))

    def no_polls(route):  # each phone still shows deal 4 to accept when the other has accepted it
        polled = "part=1" in route.request.url and route.request.headers.get("if-none-match")
        return route.abort() if polled else route.continue_()

    for page in (east, west):
        page.route("**/t/**", no_polls)
        page.goto(phone_url(at_party, party))
        page.wait_for_selector("#deal-4 form.accept button")
    no_violations(east)  # the accept buttons
    east.click("#deal-4 form.accept button")
    west.click("#deal-4 form.accept button")
    for page in (east, west):
        page.wait_for_selector("#phone-message", timeout=15_000)
        assert message(page) == "Deal 4 accepted."
        assert not page.locator("#phone-say.refused").count()
    result = TableResult.objects.get(round=first, table=1)
    assert result.status == "agreed" and list(result.deals.values_list("accepted", flat=True)) == [True] * 4
    east.wait_for_selector("text=This result counts", timeout=15_000)
    no_violations(east)  # the round accepted


def test_a_refusal_stays_until_seen_through_polls_and_redraws(party_browser, at_party, director):  # noqa: F811
    party = make_party(tables=2, user=director)
    first = party.rounds.get(number=1)
    page = party_browser.new_context(**PHONE).new_page()
    page.goto(phone_url(at_party, party))
    wait_for_deal_form(page, 1)
    result_services.deal_record(round_=first, table=1, number=1, deal=("PASS", "", 0))  # the other phone
    result_services.result_lock(round_=first, table=1, locked=True, by_user=director)
    enter(page, ONE)
    page.wait_for_selector("#phone-say.refused", timeout=15_000)
    expected = "Deal 1 was not saved: The director has locked this table: ask the director to change it."
    assert message(page) == expected
    page.wait_for_selector("#deal-1.entered")  # drawn as the server has it: its page had changed
    assert page.evaluate("document.activeElement.id") == "phone-message"
    Party.objects.filter(pk=party.pk).update(name="Renamed since")
    page.wait_for_function("() => document.title.includes('Renamed since')", timeout=12_000)  # a poll drew the part
    page.wait_for_timeout(5_500)
    assert message(page) == expected  # kept through two polls and a redraw
    no_violations(page)  # a refusal kept
    page.click("#phone-say .dismiss")
    assert not page.locator("#phone-say").count()
    page.wait_for_timeout(5_500)
    assert not page.locator("#phone-say").count()
    assert stored(party) == [(1, "PASS", "", 0)]


def test_a_part_arriving_after_a_refusal_is_not_drawn_over_it(party_browser, at_party):  # noqa: F811
    party = make_party(tables=2)
    page = party_browser.new_context(**PHONE).new_page()
    held: list[Route] = []

    def hold_polls(route: Route) -> None:
        if "part=1" in route.request.url and route.request.headers.get("if-none-match") and not held:
            held.append(route)  # answered later, after the refusal
        else:
            route.continue_()

    page.route("**/t/**", hold_polls)
    page.goto(phone_url(at_party, party))
    wait_for_deal_form(page, 1)
    Party.objects.filter(pk=party.pk).update(name="Renamed since")  # the held poll brings a new part
    page.wait_for_function("() => true")
    for _ in range(80):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "no poll was made"
    page.click('.levels label[data-value="4"]')
    page.click('.strains label[data-value="S"]')
    page.click('.declarers label[data-value="N"]')
    page.click("#entry button[name=save]")  # no tricks: refused
    page.wait_for_selector("#phone-say.refused", timeout=15_000)
    assert message(page) == "Deal 1 was not saved: Give the tricks."
    held[0].continue_()  # the part drawn before the refusal arrives now
    page.wait_for_timeout(1_000)
    assert message(page) == "Deal 1 was not saved: Give the tricks."
    assert page.evaluate("[...document.querySelectorAll('#entry input:checked')].map(i => i.value)") == [
        "4", "S", "", "N"
    ]  # fmt: skip
    page.wait_for_function("() => document.title.includes('Renamed since')", timeout=12_000)  # the next poll's part
    assert message(page) == "Deal 1 was not saved: Give the tricks."
    assert page.evaluate("[...document.querySelectorAll('#entry input:checked')].map(i => i.value)") == [
        "4", "S", "", "N"
    ]  # fmt: skip
    wait_for_deal_form(page, 1)
    assert stored(party) == []


def test_two_deals_saved_within_a_second(party_browser, at_party):  # noqa: F811
    party = make_party(tables=2)
    page = party_browser.new_context(**PHONE).new_page()
    page.goto(phone_url(at_party, party))
    wait_for_deal_form(page, 1)
    started = page.evaluate("performance.now()")
    enter(page, ONE)
    wait_for_deal_form(page, 2)
    assert page.is_enabled("#entry .save-deal")  # never held by the site-wide double-post guard
    enter(page, TWO)
    took = page.evaluate("performance.now()") - started
    assert took < 1_000, took
    page.wait_for_selector("#deal-2.entered", timeout=15_000)
    wait_for_deal_form(page, 3)
    assert stored(party) == [(1, "4S", "N", 10), (2, "3N", "E", 9)]
    assert page.evaluate("[...document.querySelectorAll('#phone button')].filter(b => b.disabled).length") == 0


def test_a_save_refused_for_a_missing_field_is_in_view_and_focused(party_browser, at_party):  # noqa: F811
    party = make_party(tables=2)
    page = party_browser.new_context(**PHONE).new_page()
    page.goto(phone_url(at_party, party))
    wait_for_deal_form(page, 1)
    page.click('.levels label[data-value="4"]')
    page.click('.strains label[data-value="S"]')
    page.click('.tricks label[data-value="10"]')
    page.click("#entry button[name=save]")  # no declarer
    page.wait_for_selector("#phone-say.refused", timeout=15_000)
    assert message(page) == "Deal 1 was not saved: Give the declarer."
    assert page.evaluate("document.activeElement.id") == "phone-message"
    box = page.locator("#phone-message").bounding_box()
    screen = page.viewport_size
    assert box and screen and box["y"] >= 0 and box["y"] + box["height"] <= screen["height"]  # in view
    assert page.evaluate("!!document.querySelector('#entry #phone-message')")  # by the Save button
    invalid = page.evaluate("[...new Set([...document.querySelectorAll('[aria-invalid=true]')].map(i => i.name))]")
    assert invalid == ["deal-declarer"]
    wait_for_deal_form(page, 1)
    no_violations(page)  # a deal refused, its field marked
    page.click('.declarers label[data-value="N"]')
    assert page.evaluate("document.querySelectorAll('[aria-invalid]').length") == 0
    page.click("#entry button[name=save]")
    page.wait_for_selector("#deal-1.entered", timeout=15_000)
    assert not page.locator("#phone-say.refused").count()  # acted on
    assert stored(party) == [(1, "4S", "N", 10)]


def choose(page, name: str, value: str, *, tab: bool = True) -> None:
    """Tab into a choice group, then the arrow keys (or Space on the first) to the value wanted."""
    if tab:
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == name
    for _ in range(15):
        if page.evaluate(f"document.querySelector('input[name=\"{name}\"]:checked')?.value") == value:
            return
        if page.evaluate("document.activeElement.value") == value:
            page.keyboard.press("Space")
        else:
            page.keyboard.press("ArrowRight")
    pytest.fail(f"{name} never reached {value}")


def test_a_deal_saved_by_keyboard_alone_and_the_next_reached_in_one_tab(party_browser, at_party):  # noqa: F811
    party = make_party(tables=2)
    page = party_browser.new_context(**PHONE).new_page()
    page.goto(phone_url(at_party, party))
    wait_for_deal_form(page, 1)
    for _ in range(30):  # from the page's top, by Tab only, to the form's first group
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "deal-level":
            break
    choose(page, "deal-level", "4", tab=False)
    choose(page, "deal-strain", "S")
    page.keyboard.press("Tab")  # "Not doubled", already chosen
    assert page.evaluate("document.activeElement.name") == "deal-doubled"
    choose(page, "deal-declarer", "N")
    choose(page, "deal-tricks", "10")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "save-deal"
    page.keyboard.press("Enter")
    page.wait_for_selector("#deal-1.entered", timeout=15_000)
    wait_for_deal_form(page, 2)
    assert page.evaluate("document.activeElement.name") == "deal-level"  # the next deal's first choice
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "deal-strain"
    outline = page.evaluate("getComputedStyle(document.activeElement.nextElementSibling).outlineStyle")
    assert outline == "solid"  # the focus ring shows on the chip
    assert stored(party) == [(1, "4S", "N", 10)]
    no_violations(page)


CONTRAST = """sel => {
  const rgb = c => c.match(/\\d+/g).slice(0, 3).map(Number);
  const linear = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = c => { const [r, g, b] = rgb(c).map(linear); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const edge = getComputedStyle(document.querySelector(sel)).borderTopColor;
  return (1.05) / (lum(edge) + 0.05);
}"""


def test_chips_have_edges_seen_focus_rings_and_stay_chosen_in_forced_colours(party_browser, at_party):  # noqa: F811
    party = make_party(tables=2)
    page = party_browser.new_context(**PHONE).new_page()
    page.goto(phone_url(at_party, party))
    wait_for_deal_form(page, 1)
    for chip in (".holder label", ".choice-buttons.levels label"):
        assert page.evaluate(CONTRAST, chip) >= 3, chip  # against the white page
    page.focus("#holder-E")
    page.keyboard.press("ArrowRight")  # chosen by the keyboard: the focus shows on the chip
    assert page.evaluate("getComputedStyle(document.querySelector('#holder-S + label')).outlineStyle") == "solid"
    described = page.evaluate("document.querySelector('.choice-buttons.levels').getAttribute('aria-describedby')")
    assert page.inner_text(f"#{described}").startswith("Tap your choice. With a keyboard: Tab goes")
    page.emulate_media(forced_colors="active")
    colours = page.evaluate(
        "[...document.querySelectorAll('.holder label')].map(l => getComputedStyle(l).backgroundColor)"
    )
    chosen = colours[2]  # South
    assert all(colour != chosen for i, colour in enumerate(colours) if i != 2), colours
    # The root size is a share of the browser's text size (106.25% on a narrow screen): 17px at its
    # usual 16px, 34px when the guest asks for 32px.
    page.emulate_media(forced_colors="none")
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "17px"
    page.context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": 32}})
    page.reload()
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "34px"

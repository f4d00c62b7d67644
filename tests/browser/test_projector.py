"""Every big-screen view (?projector=1) fits a projector's screen whole, with names whole and large.

At 1280×720, 1366×768 and 1920×1080, with a full evening's data and long but ordinary names: nothing
overflows the viewport (the page does not scroll), no name is split mid-word (each word of a name is
one line box), every name is at least MIN_NAME_PX tall at 1280×720 (and in proportion on a bigger
screen), no status badge leaves its tile, and
the bracket's winners' boxes are on screen. A screenshot of each goes to the test's tmp_path.

Playwright drives Debian's chromium (tests.conftest.chromium).
"""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.knockout.long_names import GENTLEMEN, LADIES, LONGEST, finished_knockout, long_knockout, names
from tournaments.models import Club, Membership, Round
from tournaments.services import party as party_services
from tournaments.services import public as public_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services import seasons as season_services
from tournaments.services import seating as seating_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = [(1280, 720), (1366, 768), (1920, 1080)]
# The smallest name, in px at 1280×720 and in proportion to the screen's height (docs/user-guide.md, "The big screen"):
# the sizes the fullest view of each kind reaches (twenty tables, eighty players, fourteen pairs).
# The bracket's in parts where whole its names would be under 24 px (static/js/projector.js): fourteen pairs after
# round 1 and played to the end (every box full, totals and the winners' boxes) reach 24 px.
MIN_NAME_PX = {"round": 14, "standings": 13, "season": 13, "board": 13, "bracket": 24, "won": 24}


def long_party(user):
    """Twenty tables, mixed, round 1 played and closed, round 2 half in: some agreed, some mid-way, some not started."""
    party = party_services.party_create(
        name="Winter party night at the Four Aces",
        date=datetime.date(2026, 12, 12),
        tables=20,
        mixed=True,
        keep_partners=False,
        rounds_planned=3,
        user=user,
        club=None,
    )
    ladies = [LONGEST, *names(LADIES, 39)]
    gentlemen = names(GENTLEMEN, 40)
    party_services.guests_add(
        party=party, entries=[(n, "lady") for n in ladies] + [(n, "gentleman") for n in gentlemen]
    )
    seating_services.seats_draw(party=party, seed=7)
    first = party.rounds.get(number=1)
    for table in range(1, 21):
        deals = [("4S", "N", 6 + table % 6), ("3N", "E", 9 - table % 3), ("PASS", "", 0), ("2H", "S", 8)]
        result_services.result_record(round_=first, table=table, deals=deals, by_user=user)
    round_services.round_close(round_=first)
    second = party.rounds.get(number=2)
    for table in range(1, 9):
        result_services.result_record(round_=second, table=table, net=(10 * table - 40, 40 - 10 * table), by_user=user)
    for table in range(9, 15):
        deals = [("4H", "W", 10), ("1N", "N", 6)]
        result_services.result_record(round_=second, table=table, deals=deals, complete=False, by_user=user)
    return party


# Measured in the page: one function (the CSP refuses Playwright's evaluated expressions, not functions).
MEASURE = """(selectors) => {
  const vw = window.innerWidth, vh = window.innerHeight, out = {};
  const el = document.scrollingElement;
  out.scroll = [el.scrollWidth, el.scrollHeight, vw, vh];
  const inside = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= vw + 0.5 && r.bottom <= vh + 0.5;
  out.names = 0; out.split = []; out.outside = []; out.overflowing = []; out.smallest = 1e9;
  for (const node of document.querySelectorAll(selectors.names)) {
    if (!node.getClientRects().length) continue;
    out.names += 1;
    const box = node.getBoundingClientRect();
    if (!inside(box)) out.outside.push(node.textContent.trim());
    const blocky = getComputedStyle(node).display !== "inline";
    if (blocky && node.scrollWidth > node.clientWidth + 1) out.overflowing.push(node.textContent.trim());
    // The rendered size: the computed size times any scale the view is drawn at.
    const scale = node.offsetWidth ? box.width / node.offsetWidth : 1;
    out.smallest = Math.min(out.smallest, parseFloat(getComputedStyle(node).fontSize) * scale);
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const re = /[^\\s\\u2010-\\u2015-]+/g;
      let m;
      while ((m = re.exec(text.data))) {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) out.split.push(m[0]);
      }
    }
  }
  out.badges = [];
  for (const badge of document.querySelectorAll(selectors.badges || "none")) {
    const r = badge.getBoundingClientRect(), t = badge.closest(".tile").getBoundingClientRect();
    if (r.left < t.left - 0.5 || r.right > t.right + 0.5 || !inside(r)) out.badges.push(badge.textContent);
  }
  out.boxes = {};
  for (const id of selectors.boxes || []) {
    const node = document.getElementById(id);
    out.boxes[id] = node ? inside(node.getBoundingClientRect()) : null;
  }
  return out;
}"""

NAMES = {
    "round": ".square .n, .square .e, .square .s, .square .w",
    "standings": "table td:nth-child(2), .tiles td:nth-child(2)",
    "bracket": ".bracket .name, .bracket .champion, #free td:nth-child(2)",
    "won": ".bracket .name, .bracket .champion, #free td:nth-child(2)",
    "season": "table td:nth-child(2), .tiles p",
    "board": "table td:nth-child(2)",
}


@pytest.fixture
def evening(live_server):
    director = get_user_model().objects.create_user("dora", password="a long party password")
    club = Club.objects.create(name="Club de Bridge d'Élancourt")
    Membership.objects.create(club=club, user=director, role="owner")
    party = long_party(director)
    knockout = long_knockout(director)
    finished = finished_knockout(director)
    series = season_services.series_save(club=club, name="Winter season 2026–27", parties=[party])
    board = public_services.publish(event=party).token
    client = Client()
    client.force_login(director)
    return {
        "cookie": client.cookies["sessionid"].value,
        "round": f"/parties/{party.id}/rounds/2/?projector=1",
        "standings": f"/parties/{party.id}/standings/?projector=1",
        "bracket": f"/knockouts/{knockout.id}/bracket/?projector=1",
        "won": f"/knockouts/{finished.id}/bracket/?projector=1",
        "season": f"/seasons/{series.id}/?projector=1",
        "board": f"/r/{board}/?projector=1",
    }


@pytest.fixture
def screen(browser, live_server, evening):
    opened = []

    def open_view(view: str, width: int, height: int, reduced: bool = False):
        context = browser.new_context(viewport={"width": width, "height": height})
        opened.append(context)
        context.add_cookies([{"name": "sessionid", "value": evening["cookie"], "url": live_server.url}])
        page = context.new_page()
        if reduced:  # chromium's own emulation (DevTools protocol), before the page opens
            reduced_motion(page)
        page.goto(live_server.url + evening[view])
        page.wait_for_selector("html.fitted")  # static/js/projector.js has measured and sized the view
        return page

    yield open_view
    for context in opened:
        context.close()


@pytest.mark.parametrize(("width", "height"), SCREENS)
@pytest.mark.parametrize("view", ["round", "standings", "season", "board"])
def test_every_big_screen_view_fits_the_screen_with_names_whole_and_large(screen, tmp_path, view, width, height):
    page = screen(view, width, height)
    page.screenshot(path=str(tmp_path / f"{view}-{width}x{height}.png"))
    selectors = {
        "names": NAMES[view],
        "badges": ".tile .status" if view == "round" else "",
        "boxes": ["main-winner", "consolation-winner", "consolation"] if view == "bracket" else [],
    }
    seen = page.evaluate(MEASURE, selectors)
    scroll_width, scroll_height, vw, vh = seen["scroll"]
    assert scroll_width <= vw and scroll_height <= vh, seen["scroll"]
    expected_names = {"round": 80, "standings": 80, "bracket": 14 * 2, "season": 80, "board": 80}[view]
    assert seen["names"] >= expected_names
    assert seen["split"] == [] and seen["outside"] == [] and seen["overflowing"] == []
    assert seen["badges"] == []
    assert all(seen["boxes"].values()), seen["boxes"]
    assert seen["smallest"] >= MIN_NAME_PX[view] * height / 720 - 0.25, seen["smallest"]
    assert LONGEST in page.inner_text("body")


def test_the_room_is_sized_again_when_results_come_in_and_when_the_screen_changes(screen, evening):
    page = screen("round", 1366, 768)
    before = page.evaluate("() => parseFloat(document.documentElement.style.fontSize)")
    party_id = int(evening["round"].split("/")[2])
    second = Round.objects.get(party_id=party_id, number=2)
    for table in range(15, 21):  # the last six tables' results: six more score lines in the room
        result_services.result_record(round_=second, table=table, net=(620, -620), by_user=None)
    page.wait_for_function(
        "() => document.querySelector('#table-20').textContent.includes('won by NS')", timeout=15_000
    )
    page.wait_for_timeout(300)
    seen = page.evaluate(MEASURE, {"names": NAMES["round"], "badges": ".tile .status"})
    assert seen["scroll"][1] <= 768 and seen["scroll"][0] <= 1366, seen["scroll"]
    assert seen["split"] == [] and seen["outside"] == [] and seen["badges"] == []
    assert seen["smallest"] >= MIN_NAME_PX["round"] * 768 / 720 - 0.25

    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_function(f"() => parseFloat(document.documentElement.style.fontSize) > {before} * 1.2")
    seen = page.evaluate(MEASURE, {"names": NAMES["round"], "badges": ".tile .status"})
    assert seen["scroll"][1] <= 1080 and seen["split"] == [] and seen["badges"] == []


SCREEN_AT = "() => document.documentElement.dataset.screen"
# The screen shown: its element's id and its part ("" whole; "top", "bottom", "final" for a side shown in parts).
SHOWN = """() => { const on = [...document.querySelectorAll('.bracket-side, .bracket-free')].filter((n) =>
  n.getClientRects().length); return on.map((n) => [n.id, n.dataset.part || '']); }"""


def every_screen(page):
    """Each screen in turn (a presenter's Page Down shows the next at once) until the first comes back: yields the
    element shown and its part. A side too large for names large enough is shown in parts (static/js/projector.js)."""
    for _ in range(12):
        at = page.evaluate(SCREEN_AT)
        shown = page.evaluate(SHOWN)
        assert len(shown) == 1, shown
        yield shown[0][0], shown[0][1]
        page.keyboard.press("PageDown")
        page.wait_for_function("(at) => document.documentElement.dataset.screen !== at", arg=at)
        if page.evaluate(SCREEN_AT) == "0":
            return
    raise AssertionError("the screens never came back to the first")


@pytest.mark.parametrize(("width", "height"), SCREENS)
@pytest.mark.parametrize("view", ["bracket", "won"])
def test_the_bracket_shows_its_screens_in_turn_each_whole_with_names_large(screen, tmp_path, view, width, height):
    """Fourteen pairs after round 1 ("bracket") and played to the end ("won"): the main bracket, the consolation
    and the free tables each a screen of their own (a bracket in parts where whole its names would be small), in
    turn, a presenter's Page Down showing the next at once."""
    page = screen(view, width, height)
    names, sizes, seen, players = 0, [], [], set()
    for at, (side, part) in enumerate(every_screen(page)):
        seen.append((side, part))
        page.screenshot(path=str(tmp_path / f"{view}-{width}x{height}-{at}.png"))
        boxes = [] if part in ("top", "bottom") else [f"{side}-winner"] if side != "free-tables" else ["free-tables"]
        seen_here = page.evaluate(MEASURE, {"names": NAMES[view], "boxes": boxes})
        scroll_width, scroll_height, vw, vh = seen_here["scroll"]
        assert scroll_width <= vw and scroll_height <= vh, seen_here["scroll"]
        assert all(seen_here["boxes"].values()), seen_here["boxes"]
        assert seen_here["split"] == [] and seen_here["outside"] == [] and seen_here["overflowing"] == []
        assert seen_here["smallest"] >= MIN_NAME_PX[view] * height / 720 - 0.25, (side, part, seen_here["smallest"])
        for other in {"main", "consolation", "free-tables"} - {side}:
            assert not page.is_visible(f".bracket-page #{other}")
        if view == "won" and side != "free-tables" and part in ("", "final"):  # the winners' boxes, two names
            assert page.inner_text(f"#{side}-winner").startswith("Winner: ")
            assert "runner-up: " in page.inner_text(f"#{side}-winner")
        names += seen_here["names"]
        sizes.append(seen_here["smallest"])
        players |= {p.replace("\u00a0", " ") for p in page.locator(".bracket .player").all_inner_texts()}
    # The main bracket first (whole or in parts), then the consolation, then the free tables once the main is won.
    sides = [side for side, _ in seen]
    assert sides[0] == "main" and sorted(set(sides)) == sorted(
        {"main", "consolation"} | ({"free-tables"} if view == "won" else set())
    )
    assert sides == sorted(sides, key=["main", "consolation", "free-tables"].index)
    # The big screen's names: initials, then the surname, a player a line.
    assert "M. T. W. von Hohe" in players
    assert names >= 14 * 2
    print(view, width, height, seen, sizes)


@pytest.mark.parametrize(("view", "width", "height"), [("standings", 640, 360), ("won", 480, 270), ("won", 1280, 720)])
def test_a_refresh_keeps_the_size_chosen_in_every_mode(screen, view, width, height):
    """Paging through the standings, a bracket drawn smaller or shown in turn: a refresh (every 5 s) lays the page
    out at the size chosen before (one layout, a few more if it no longer fits), not the whole search again."""
    page = screen(view, width, height)
    # Every poll counts, drawn or not: an unchanged standings' or bracket's poll is answered 304 and draws nothing
    # at all (static/js/live.js).
    page.evaluate(
        "() => { window.settled = 0; document.body.addEventListener('htmx:afterRequest', () => window.settled++); }"
    )
    first = int(page.evaluate("() => document.documentElement.dataset.firstLayouts"))
    # The first search, kept short (paging through the standings: the two widths tried on one screen first).
    assert 1 <= first <= FIRST_PASSES["bracket" if view == "won" else view] + 2, first
    before = int(page.evaluate("() => document.documentElement.dataset.layouts"))
    page.wait_for_function("() => window.settled >= 2", timeout=40_000)
    after = int(page.evaluate("() => document.documentElement.dataset.layouts"))
    settled = page.evaluate("() => window.settled")
    assert after - before <= 3 * settled + 2, (before, after, settled)


# The layouts (static/js/projector.js's data-layouts) before the first draw: seven for each of two column widths,
# then the size chosen (the search it replaced took 700 on the bracket).
FIRST_PASSES = {"bracket": 16, "round": 15, "standings": 15, "season": 15, "board": 15}

# Each name's box in lines: its height over its line height (a name on one line is one).
LINES = """(selector) => [...document.querySelectorAll(selector)].filter((n) => n.getClientRects().length).map((n) => {
  const style = getComputedStyle(n), line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.15;
  return [n.textContent.trim(), n.getBoundingClientRect().height / line, n.scrollWidth <= n.clientWidth + 1];
})"""


@pytest.mark.parametrize("view", ["bracket", "round", "standings"])
def test_the_first_draw_takes_a_few_layouts_and_comes_at_once(screen, view):
    """Hundreds of layouts (seconds of a blank screen on the knockout) became a handful: counted by the page."""
    page = screen(view, 1280, 720)
    first = int(page.evaluate("() => document.documentElement.dataset.firstLayouts"))
    assert 1 <= first <= FIRST_PASSES[view], first
    # Then the fonts' arrival measures again: the size kept (one layout), no new search.
    page.wait_for_timeout(500)
    passes = page.evaluate("() => window.projectorPasses")
    assert passes == int(page.evaluate("() => document.documentElement.dataset.layouts"))
    assert first <= passes <= first + 2, (first, passes)
    # From the page's arrival to its first draw: generous for a shared test machine (the bench times it closely).
    first_draw = int(page.evaluate("() => document.documentElement.dataset.firstDraw"))
    assert 0 <= first_draw < 1500, first_draw


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1920, 1080)])
@pytest.mark.parametrize("view", ["bracket", "won"])
def test_no_pair_name_on_the_bracket_wraps_or_is_clipped(screen, view, width, height):
    """A pair is two lines, a player each (laid out so, the same in every round): no player's line wraps, no name
    runs out of its box."""
    page = screen(view, width, height)
    first_round = 0
    for side, part in every_screen(page):
        # The free tables' screen (the last when the main bracket is won): two pairs a line, wrapped between them.
        free = side == "free-tables"
        lines = page.evaluate(LINES, "#free td" if free else ".bracket .player")
        if side == "main" and part in ("", "top", "bottom"):
            first_round += len(lines)
        wrapped = [name for name, count, whole in lines if count > 1.5 and not free]
        boxes = page.evaluate(LINES, "#free td" if free else ".bracket .name, .bracket .champion")
        clipped = [name for name, count, whole in boxes if not whole]
        assert wrapped == [] and clipped == [], (side, part, wrapped, clipped)
    assert first_round >= 2 * 2 * 7  # round 1's fourteen pairs, a player a line


def reduced_motion(page) -> None:
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})


def test_reduced_motion_turns_slowly_and_the_hold_button_stops_the_turning(screen):
    page = screen("bracket", 1280, 720, reduced=True)
    assert page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    hold = page.locator("#projector-hold")
    assert hold.inner_text() == "Hold" and hold.get_attribute("aria-pressed") == "false"
    # Keyboard-reachable: Tab reaches it (the page's regions first), Enter holds.
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.id") == "projector-hold":
            break
    assert page.evaluate("() => document.activeElement.id") == "projector-hold"
    page.keyboard.press("Enter")
    assert hold.get_attribute("aria-pressed") == "true" and hold.inner_text() == "Go on"
    assert page.evaluate("() => document.documentElement.classList.contains('held')")
    # Held: a presenter's Page Down still turns at once; nothing turns by itself.
    page.keyboard.press("PageDown")
    assert page.evaluate(SCREEN_AT) == "1"
    page.wait_for_timeout(16_000)  # longer than a screen's TURN
    assert page.evaluate(SCREEN_AT) == "1"
    page.keyboard.press("h")
    assert hold.get_attribute("aria-pressed") == "false"


def test_reduced_motion_pages_the_standings_without_smooth_scrolling(screen):
    page = screen("standings", 640, 360, reduced=True)
    page.wait_for_function("() => document.documentElement.classList.contains('paged')")
    assert page.evaluate("() => getComputedStyle(document.documentElement).scrollBehavior") == "auto"
    # Paging waits twenty seconds when motion is reduced: after ten the page has not moved.
    page.wait_for_timeout(10_000)
    assert page.evaluate("() => window.scrollY") == 0

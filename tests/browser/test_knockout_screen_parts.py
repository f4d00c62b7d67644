"""The knockout's big screen in parts: sixteen pairs with the longest names the tests use are too many for one
screen with names large enough (their whole bracket fitted at once drew them 15.4 px tall at 1280×720), so the
bracket is shown in turn as its top half, its bottom half (each from round 1 up to the round before the
semi-finals) and its final
(static/js/projector.js, static/css/projector.css, templatetags/bracket_tags.py).

At 1280×720, 1366×768 and 1920×1080: every name at least 24 px tall,
no player's line wrapped, no name clipped, nothing off the screen, every pair in some part, each part saying which
it is, and the round being played on screen. A screenshot of each part at 1280×720 goes to /tmp.

Playwright drives Debian's chromium (tests.conftest.chromium).
"""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.knockout.long_names import kept_seeds, long_names_knockout
from tournaments.models import Club, Membership
from tournaments.presentation.names import Where
from tournaments.selectors import knockout as selectors

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = [(1280, 720), (1366, 768), (1920, 1080)]
LEGIBLE = 24  # px at 720 px tall (static/js/projector.js)


def sixteen_pairs(user, *, first_round_closed: bool):
    """Sixteen pairs, the first lady's name the longest the tests use (forty characters)."""
    with kept_seeds():
        return long_names_knockout(user, pairs=16, first_round_closed=first_round_closed)


@pytest.fixture
def sixteen(live_server):
    director = get_user_model().objects.create_user("dora", password="a long knockout password")
    club = Club.objects.create(name="Club de Bridge d'Élancourt")
    Membership.objects.create(club=club, user=director, role="owner")
    knockouts = {
        "round 1": sixteen_pairs(director, first_round_closed=False),
        "round 2": sixteen_pairs(director, first_round_closed=True),
    }
    client = Client()
    client.force_login(director)
    shown = {}
    for state, knockout in knockouts.items():
        counted = selectors.knockout_get(knockout.id, user=director)
        bracket = selectors.bracket_view(counted, Where.KNOCKOUT_BRACKET_BIG_SCREEN)
        pairs = [pair.name for column in bracket.sides[0].columns[:1] for m in column.matches for pair in (m.ns, m.ew)]
        shown[state] = {
            "url": f"/knockouts/{knockout.id}/bracket/?projector=1",
            "pairs": {bracket.short_names.get(name, name).replace("\u00a0", " ") for name in pairs},
        }
    return {"cookie": client.cookies["sessionid"].value, **shown}


# Measured in the page (a function: the CSP refuses Playwright's evaluated expressions).
MEASURE = """() => {
  const vw = window.innerWidth, vh = window.innerHeight, el = document.scrollingElement;
  const shown = (n) => n.getClientRects().length > 0;
  const out = {scroll: [el.scrollWidth, el.scrollHeight, vw, vh], sizes: [], wrapped: [], clipped: [], outside: []};
  const inside = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= vw + 0.5 && r.bottom <= vh + 0.5;
  for (const name of [...document.querySelectorAll(".bracket .name")].filter(shown)) {
    out.sizes.push(parseFloat(getComputedStyle(name).fontSize));
    if (name.scrollWidth > name.clientWidth + 1) out.clipped.push(name.textContent.trim());
    if (!inside(name.getBoundingClientRect())) out.outside.push(name.textContent.trim());
  }
  for (const player of [...document.querySelectorAll(".bracket .player")].filter(shown)) {
    const style = getComputedStyle(player), line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.15;
    if (player.getBoundingClientRect().height > line * 1.5) out.wrapped.push(player.textContent.trim());
  }
  out.pairs = [...document.querySelectorAll(".bracket .box.match .name")].filter(shown)
    .map((n) => n.textContent.replace(/\\u00a0/g, " ").replace(/\\s+/g, " ").trim());
  // The matches on screen by round (a round's column: grid-column 1, 3, 5, ...).
  out.rounds = {};
  for (const box of [...document.querySelectorAll(".bracket .box.match")].filter(shown)) {
    const round = (parseInt(box.style.gridColumnStart, 10) + 1) / 2;
    out.rounds[round] = (out.rounds[round] || 0) + 1;
  }
  const side = [...document.querySelectorAll(".bracket-side")].find(shown);
  out.heading = side ? side.querySelector("h2").innerText.trim() : "";
  out.part = side ? side.dataset.part || "" : "";
  out.side = side ? side.id : "";
  out.champion = !!document.querySelector(".bracket .champion") && shown(document.querySelector(".bracket .champion"));
  return out;
}"""


def open_screen(browser, live_server, sixteen, state, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_cookies([{"name": "sessionid", "value": sixteen["cookie"], "url": live_server.url}])
    page = context.new_page()
    page.goto(live_server.url + sixteen[state]["url"])
    page.wait_for_selector("html.fitted")
    return context, page


def every_part(page, path_prefix: str | None = None) -> list[dict]:
    """Each screen in turn (a presenter's Page Down), measured, until the first comes back."""
    seen: list[dict] = []
    for _ in range(10):
        at = page.evaluate("() => document.documentElement.dataset.screen")
        if seen and at == "0":
            break
        measured = page.evaluate(MEASURE)
        seen.append(measured)
        if path_prefix:
            page.screenshot(path=f"{path_prefix}-{len(seen) - 1}-{measured['part'] or 'whole'}.png")
        page.keyboard.press("PageDown")
        page.wait_for_function("(at) => document.documentElement.dataset.screen !== at", arg=at)
    return seen


@pytest.mark.parametrize(("width", "height"), SCREENS)
@pytest.mark.parametrize("state", ["round 1", "round 2"])
def test_sixteen_pairs_are_shown_in_parts_with_names_large_and_whole(
    browser, live_server, sixteen, state, width, height
):
    context, page = open_screen(browser, live_server, sixteen, state, width, height)
    try:
        prefix = f"/tmp/knockout-parts-{state.replace(' ', '')}-{width}x{height}"
        screens = every_part(page, prefix if (width, height) == (1280, 720) else None)
        # The main bracket in three parts, in this order, each saying which it is; then the consolation, whole.
        assert [(p["side"], p["part"]) for p in screens] == [
            ("main", "top"),
            ("main", "bottom"),
            ("main", "final"),
            ("consolation", ""),
        ]
        parts = screens[:3]
        assert [p["heading"].split(" · ")[-1] for p in parts] == ["Top half", "Bottom half", "Final"]
        assert " · " not in screens[3]["heading"]
        for p in screens:
            scroll_width, scroll_height, vw, vh = p["scroll"]
            assert scroll_width <= vw and scroll_height <= vh, (p["part"], p["scroll"])
            assert min(p["sizes"]) >= LEGIBLE, (p["part"], min(p["sizes"]))
            assert p["wrapped"] == [] and p["clipped"] == [] and p["outside"] == [], p
        top, bottom, final = parts
        # Round 1's eight matches, four in each half; the final's part has the final and the winner's box.
        assert top["rounds"]["1"] == 4 and bottom["rounds"]["1"] == 4 and "1" not in final["rounds"]
        assert final["champion"] and not top["champion"] and not bottom["champion"]
        if state == "round 2":  # the round being played (the quarter-finals): two matches in each half
            assert top["rounds"]["2"] == 2 and bottom["rounds"]["2"] == 2
        # Every pair in some part, the longest name among them.
        on_screen = {name for p in parts for name in p["pairs"]}
        assert sixteen[state]["pairs"] <= on_screen, sixteen[state]["pairs"] - on_screen
        assert len(sixteen[state]["pairs"]) == 16
        assert any("von Hohe" in name for name in on_screen)
        # Deciding on parts cost a layout or two: the first draw stays within the bracket's budget.
        first = int(page.evaluate("() => document.documentElement.dataset.firstLayouts"))
        assert 1 <= first <= 16, first
        print(state, width, height, [min(p["sizes"]) for p in parts], first)
    finally:
        context.close()

"""Names break only between words, at every width from a phone's 375 pixels to a 1920-pixel screen.

The seat tiles of the Seats, Round and Table pages and the standings (with their badges) are opened in Debian's
chromium at 375, 768, 1280 and 1920 pixels. Each name's box (presentation/name_box.py) is measured against its
words: a Range over each word gives one box (a word split across two lines gives two). A word may end a line
after its own hyphen ("Montgomery-" / "Smythe"); a Chinese, Japanese or Korean name may break between any two
characters. A name never sticks out of its box, unless it is cut with an ellipsis (static/js/names.js): then
it is shrunk no smaller than 12 pixels, and a tap or the keyboard opens it whole.
"""

import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tests.browser.axe import violations
from tests.conftest import make_party, play_two_rounds
from tournaments.models import Club, Guest, Membership
from tournaments.services import public

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Set SCREENSHOTS=/some/folder to keep every page's picture and look at it.
SCREENSHOTS = os.environ.get("SCREENSHOTS")
WIDTHS = (375, 768, 1280, 1920)
LONG_WORD = "Wolfeschlegelsteinhausenbergerdorff"
LADIES = [
    "Maximiliane Montgomery-Smythe",
    "Carol Ode",
    "王秀英",
    LONG_WORD,
    "Anne-Sophie de la Tour d'Auvergne",
    "김민지",
]
GENTLEMEN = [
    "Maximilian Montgomery-Smythe",
    "Bob Carter",
    "山田太郎",
    "Χαράλαμπος Παπαδόπουλος",
    "Bartholomew Fitzgerald-Worthington",
    "Jean-Baptiste Delacroix",
]

# For each visible name: its text, its words that take more than one box, whether it sticks out of its box,
# whether it is cut (and reachable: a focusable button titled with the whole name), its font size, its lines.
MEASURE = r"""() => {
  const HAN = '\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff';
  const CJK = new RegExp(`[${HAN}]`, 'u');
  // A unit: one CJK character, else a word with its own hyphen (a line may end after "Montgomery-").
  const UNITS = new RegExp(`[${HAN}]|[^\\s\\-${HAN}]+-?`, 'gu');
  return [...document.querySelectorAll('.person')].filter(e => e.getClientRects().length).map(e => {
    const node = e.firstChild;
    const text = e.textContent;
    const split = [];
    for (const m of text.matchAll(UNITS)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      // One box a word; a word cut by the ellipsis may be drawn in pieces, all on one line.
      const rects = [...range.getClientRects()];
      const lines = new Set(rects.map(r => Math.round(r.top))).size;
      if (e.classList.contains('cut') ? lines !== 1 : rects.length !== 1) split.push(m[0]);
    }
    const whole = document.createRange();
    whole.selectNodeContents(e);
    const tops = new Set([...whole.getClientRects()].map(r => Math.round(r.top)));
    return {
      text, split, nodes: e.childNodes.length, cjk: e.classList.contains('cjk') === CJK.test(text),
      sticks: e.scrollWidth > e.clientWidth + 1,
      cut: e.classList.contains('cut') && e.tabIndex === 0 && e.getAttribute('role') === 'button'
        && e.getAttribute('title') === text,
      size: parseFloat(getComputedStyle(e).fontSize), lines: tops.size,
      // A name in a wide table's scrolling box is reached by scrolling that box; any other stays in the window.
      outside: !e.closest('.scroll') && e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
    };
  });
}"""

BADGES = """() => [...document.querySelectorAll('.badge')].filter(e => e.getClientRects().length).map(e => {
  const range = document.createRange();
  range.selectNodeContents(e);
  return [e.textContent, new Set([...range.getClientRects()].map(r => Math.round(r.top))).size];
})"""


def named_party(director):
    party = make_party(tables=3, mixed=True, user=director)
    for kind, names in (("lady", LADIES), ("gentleman", GENTLEMEN)):
        guests = Guest.objects.filter(party=party, kind=kind).order_by("name")
        for guest, name in zip(guests, names, strict=True):
            guest.name = name
            guest.save(update_fields=["name"])
    play_two_rounds(party, director)
    return party


@pytest.fixture
def signed_in(browser, live_server):
    """A director's party with the names above, two rounds played, and her browser signed in."""
    from django.test import Client

    director = get_user_model().objects.create_user("dora", password="a long party password")
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    party = named_party(director)
    client = Client()
    client.force_login(director)
    contexts = []

    def opened(width: int):
        context = browser.new_context(viewport={"width": width, "height": 900})
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
        contexts.append(context)
        return context.new_page()

    yield party, opened
    for context in contexts:
        context.close()


def pages(party) -> list[str]:
    """The director's Seats, Round, Table and standings pages, and the guests' published results."""
    base = f"/parties/{party.id}/"
    published = f"/r/{public.publish(event=party).token}/"
    return [
        f"{base}seats/",
        f"{base}rounds/1/",
        f"{base}rounds/3/",
        f"{base}rounds/1/tables/1/",
        f"{base}standings/",
        published,
    ]


def measured(page, url: str) -> list[dict]:
    page.goto(url)
    page.wait_for_load_state("load")
    page.wait_for_timeout(50)  # names.js runs on load
    if SCREENSHOTS:
        shot = f"{url.strip('/').split('/', 3)[-1].replace('/', '_')}-{page.viewport_size['width']}.png"
        page.screenshot(path=Path(SCREENSHOTS) / shot, full_page=True)
    return page.evaluate(MEASURE)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_name_breaks_only_between_words(signed_in, live_server, width):
    party, opened = signed_in
    page = opened(width)
    every = set()
    for url in pages(party):
        names = measured(page, live_server.url + url)
        assert len(names) >= (4 if "/tables/" in url else 12), (url, names)
        every |= {n["text"] for n in names}
        for n in names:
            assert n["nodes"] == 1 and n["cjk"], (url, n)
            assert n["split"] == [], f"{url} at {width}px: {n['text']!r} breaks inside {n['split']}"
            assert not n["sticks"] or n["cut"], f"{url} at {width}px: {n['text']!r} sticks out, not cut"
            assert n["size"] >= 12, (url, n)
            assert not n["outside"], (url, n)
            if n["text"] in ("Carol Ode", "Bob Carter", "王秀英"):
                assert n["lines"] == 1, f"{url} at {width}px: {n['text']!r} on {n['lines']} lines"
        assert page.evaluate("document.documentElement.scrollWidth") <= width, url
        if url.endswith("standings/") or url.startswith("/r/"):
            badges = page.evaluate(BADGES)
            assert url.startswith("/r/") or any("booby" in text for text, _ in badges), badges
            assert all(lines == 1 for _, lines in badges), badges
    assert every >= set(LADIES) | set(GENTLEMEN)


def test_a_cut_name_opens_whole_at_a_tap_or_a_key(signed_in, live_server):
    """At 375 pixels a word of 60 letters does not fit its tile even at 12 pixels: cut, it opens whole."""
    party, opened = signed_in
    longer = LONG_WORD + "voralternwarengewissenhaftschafers"
    Guest.objects.filter(party=party, name=LONG_WORD).update(name=longer)
    page = opened(375)
    names = measured(page, f"{live_server.url}/parties/{party.id}/seats/")
    cut = [n for n in names if n["sticks"]]
    assert [n["text"] for n in cut] == [longer] and cut[0]["cut"] and cut[0]["split"] == [], names
    assert 12 <= cut[0]["size"] < 12.5  # shrunk as far as it goes (three quarters of 16 px) before it is cut
    assert violations(page) == []  # the cut name is a named button, its colours readable
    box = page.locator(".person.cut")
    page.keyboard.press("Tab")
    for _ in range(40):  # Tab reaches it, as every other control on the page
        if page.evaluate("document.activeElement.classList.contains('cut')"):
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == longer
    page.keyboard.press("Enter")
    assert box.get_attribute("aria-expanded") == "true"
    opened_whole = "(e => e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().right <= innerWidth)"
    assert page.evaluate(f"{opened_whole}(document.querySelector('.person.cut'))")
    box.click()  # a tap closes it again
    assert box.get_attribute("aria-expanded") == "false"
    assert not page.evaluate(f"{opened_whole}(document.querySelector('.person.cut'))")


def test_a_name_is_measured_again_after_the_round_page_polls(signed_in, live_server):
    """The Round page redraws its tiles every 4 seconds: the new tiles' long name is shrunk and cut again."""
    party, opened = signed_in
    longer = LONG_WORD + "voralternwarengewissenhaftschafers"
    Guest.objects.filter(party=party, name=LONG_WORD).update(name=longer)
    page = opened(375)
    measured(page, f"{live_server.url}/parties/{party.id}/rounds/3/")
    page.evaluate("document.querySelector('.person.cut').dataset.marker = 'before the poll'")
    with page.expect_response(lambda r: bool(r.request.headers.get("hx-request")), timeout=10_000):
        pass
    page.wait_for_timeout(300)  # the swap settles, then names.js measures
    assert page.evaluate("document.querySelectorAll('[data-marker]').length") == 0  # new tiles came
    assert page.evaluate("[...document.querySelectorAll('.person.cut')].map(e => e.textContent)") == [longer]

"""A guest's pages on a 375-pixel phone at 200 % zoom: 188 CSS pixels across.

The Towie table's phone (its score sheet, four players) and the published results of a party and of a knockout.
The page never scrolls sideways; every column of every table is on screen, or inside a box that scrolls on its
own, that the keyboard reaches (tabindex 0, role region, a label in the page's language) and that says, above
it, that it scrolls.
"""

import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tests.browser.axe import violations
from tests.conftest import make_party, play_two_rounds
from tests.mail.test_knockout_mail import played_knockout
from tests.towie.conftest import make_table
from tournaments.models import Club, Membership
from tournaments.services import public
from tournaments.services import towie as towie_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ZOOMED = 188  # 375 pixels at 200 %
SCREENSHOTS = os.environ.get("SCREENSHOTS")  # a folder, to keep each page's picture

# Each table cell off screen, and whether the box it scrolls in is reachable and says it scrolls.
CELLS = """() => [...document.querySelectorAll('th, td')].filter(c => c.getClientRects().length).map(c => {
  const r = c.getBoundingClientRect();
  const box = c.closest('.scroll');
  const hint = box && box.previousElementSibling;
  return {
    text: c.textContent.trim().slice(0, 30),
    on_screen: r.left >= -0.5 && r.right <= innerWidth + 0.5,
    region: !!box && box.tabIndex === 0 && box.getAttribute('role') === 'region'
      && (box.getAttribute('aria-label') || '').length > 3,
    scrolls: !!box && box.scrollWidth > box.clientWidth,
    hint: !!hint && hint.classList.contains('scroll-hint') && !hint.hidden && hint.getClientRects().length > 0
      ? hint.textContent.trim() : '',
  };
})"""


@pytest.fixture
def director(db):
    user = get_user_model().objects.create_user("dora", password="a long party password")
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=user, role="owner")
    return user


def towie_phone(director) -> str:
    table = make_table(("Annabelle", "Bartholomew", "Cornelius", "Dorothea"), user=director)
    for declarer, contract, tricks in (("Bartholomew", "3N", 9), ("Dorothea", "4S", 11), ("Annabelle", "5D", 11)):
        towie_services.towie_deal_record(
            table=table, kind="played", declarer=declarer, contract=contract, tricks=tricks
        )
    return f"/towie/p/{table.token}/"


def party_board(director) -> str:
    party = make_party(tables=3, user=director)
    play_two_rounds(party, director)
    return f"/r/{public.publish(event=party).token}/"


def knockout_board(director) -> str:
    return f"/r/{public.publish(event=played_knockout(director)).token}/"


@pytest.fixture
def zoomed(browser):
    context = browser.new_context(viewport={"width": ZOOMED, "height": 406}, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize(
    ("made", "scrolls"),
    [(towie_phone, True), (party_board, False), (knockout_board, True)],
    ids=["towie", "party", "knockout"],
)
def test_a_guest_page_fits_a_phone_at_200_percent(zoomed, live_server, director, made, scrolls):
    """The party's results (place, name, total) fit whole; the Towie sheet (five columns) and the knockout's
    matches (seven) scroll in their box."""
    url = made(director)
    zoomed.goto(live_server.url + url)
    zoomed.wait_for_selector("table")
    zoomed.wait_for_timeout(100)  # names.js shows the hint once it has measured the table
    if SCREENSHOTS:
        zoomed.screenshot(path=Path(SCREENSHOTS) / f"zoomed-{made.__name__}.png", full_page=True)
    width = zoomed.evaluate("document.documentElement.scrollWidth")
    assert width <= ZOOMED, f"{url}: the page is {width} px wide"
    cells = zoomed.evaluate(CELLS)
    assert len(cells) > 8, cells
    hidden = [c for c in cells if not c["on_screen"] and not (c["region"] and c["scrolls"])]
    assert not hidden, hidden
    # axe-core finds nothing wrong: a scrolling box is focusable and named (scrollable-region-focusable, …).
    assert violations(zoomed) == []
    off = [c for c in cells if not c["on_screen"]]
    assert bool(off) == scrolls, off
    if not off:  # the whole table fits: no hint that it scrolls
        assert zoomed.evaluate("[...document.querySelectorAll('.scroll-hint')].every(h => h.hidden)")
        return
    assert all(c["hint"].startswith("Wider than the screen") for c in off), off
    # The keyboard reaches the box and scrolls it: Tab to it, then the right arrow.
    for _ in range(30):
        zoomed.keyboard.press("Tab")
        if zoomed.evaluate("document.activeElement.matches('.scroll[role=region]')"):
            break
    assert zoomed.evaluate("document.activeElement.matches('.scroll[role=region]')")
    zoomed.keyboard.press("ArrowRight")
    zoomed.keyboard.press("ArrowRight")
    zoomed.wait_for_timeout(300)
    assert zoomed.evaluate("document.activeElement.scrollLeft") > 0

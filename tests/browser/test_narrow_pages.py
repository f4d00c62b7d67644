"""Every page at a phone's 375 pixels: the page itself never scrolls sideways.

The pages are the persona walk's (tests/project/test_personas.py): every pattern of the URLconf, filled with a
played party night, a knockout, a Towie and a Boston table, a season, members, a card evening. The
director's pages are opened logged in; the pages open to anyone (the published results of a party, a
knockout and a season, the entry form and an entrant's own page, the Towie table's phone, the unsubscribe
page, a director's one-time link) as a guest's phone opens them. A wide table may scroll inside its own
wrapper (`.scroll`, overflow-x: auto); the document may not.
"""

import os
from pathlib import Path

import pytest
from django.test import Client

from tests.project.test_personas import build, is_open, w, walk  # noqa: F401  (w: the persona fixture, used by name)
from tournaments.services import public

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 375
# Set SCREENSHOTS=/some/folder to keep every page's picture and look at it.
SCREENSHOTS = os.environ.get("SCREENSHOTS")

# The outermost elements that stick out past the window's right edge (the failure's message names them).
CULPRITS = """() => [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5
        && !(e.parentElement && e.parentElement.getBoundingClientRect().right > window.innerWidth + 0.5))
    .slice(0, 4)
    .map(e => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ').join('.') : '')
        + ' ' + Math.round(e.getBoundingClientRect().right))"""


def director_pages(w) -> list[str]:  # noqa: F811
    """The URLs of every director page that answers a GET with HTML."""
    client = Client()
    client.force_login(w.alice)
    urls = []
    for route, name, _ in walk():
        if is_open(name):
            continue
        url = build(w, route, name)
        response = client.get(url)
        if response.status_code == 200 and response["Content-Type"].startswith("text/html"):
            urls.append(url)
    return urls


# Names as long as people type them, one word longer than a phone is wide among them.
LONG = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessen"


def lengthen_names(w) -> None:  # noqa: F811
    """The walk's club, events, guests, pairs and members renamed with long names that must wrap."""
    w.club_a.name = f"The Royal Borough of Kensington and Chelsea Contract Bridge Club {LONG}"[:80]
    w.club_a.save(update_fields=["name"])
    for event in (w.party, w.knockout, w.towie, w.boston, w.evening, w.series):
        event.name = f"{LONG} {event.name}"[:80]
        event.save(update_fields=["name"])
    w.guest.name = LONG[:80]
    w.guest.save(update_fields=["name"])
    w.member.name = LONG[:80]
    w.member.save(update_fields=["name"])


def open_pages(w) -> list[str]:  # noqa: F811
    """The URLs of every page open to anyone that answers a GET with HTML, a knockout's and a season's
    published results among them (the walk's own public link is the party's)."""
    client = Client()
    urls = []
    for route, name, _ in walk():
        if not is_open(name):
            continue
        url = build(w, route, name)
        response = client.get(url)
        if response.status_code == 200 and response["Content-Type"].startswith("text/html"):
            urls.append(url)
    for event in (w.knockout, w.series):
        urls.append(f"/r/{public.publish(event=event).token}/")
    return urls


def wide_pages(browser, live_server, urls: list[str], session: str | None) -> dict:
    """{url: (its width, what sticks out)} for each page wider than the phone."""
    context = browser.new_context(viewport={"width": WIDTH, "height": 812})
    if session:
        context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    wide = {}
    try:
        page = context.new_page()
        for url in urls:
            page.goto(live_server.url + url)
            page.wait_for_load_state("load")
            if SCREENSHOTS:
                shot = url.strip("/").replace("/", "_") or "home"
                page.screenshot(path=Path(SCREENSHOTS) / f"{shot}.png", full_page=True)
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > WIDTH:
                wide[url] = (width, page.evaluate(CULPRITS))
    finally:
        context.close()
    return wide


@pytest.mark.parametrize("long_names", [False, True], ids=["names", "long-names"])
def test_no_director_page_scrolls_sideways_at_375_pixels(browser, live_server, w, long_names):  # noqa: F811
    if long_names:
        lengthen_names(w)
    urls = director_pages(w)
    assert len(urls) > 40 and "/members/" in urls, urls
    client = Client()
    client.force_login(w.alice)
    wide = wide_pages(browser, live_server, urls, client.cookies["sessionid"].value)
    assert not wide, "\n".join(f"{url} {width}px: {culprits}" for url, (width, culprits) in wide.items())


@pytest.mark.parametrize("long_names", [False, True], ids=["names", "long-names"])
def test_no_open_page_scrolls_sideways_at_375_pixels(browser, live_server, w, long_names):  # noqa: F811
    if long_names:
        lengthen_names(w)
    urls = open_pages(w)
    published = [url for url in urls if url.startswith("/r/")]
    assert len(published) == 3 and any(url.startswith("/enter/") for url in urls), urls
    wide = wide_pages(browser, live_server, urls, None)
    assert not wide, "\n".join(f"{url} {width}px: {culprits}" for url, (width, culprits) in wide.items())

"""An automated check of what a screen reader needs, on the pages people use most: every
aria-describedby names an element that exists, no table header is empty, headings never skip a
level, every page has one h1 and a skip link to the main content."""

from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import TableToken

pytestmark = pytest.mark.django_db


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.described, self.headings, self.headers = set(), [], [], []
        self._th = None
        self.skip = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if attrs.get("aria-describedby"):
            self.described += attrs["aria-describedby"].split()
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.headings.append(int(tag[1]))
        if tag == "th":
            self._th = ""
        if tag == "a" and attrs.get("href") == "#main":
            self.skip = True

    def handle_data(self, data):
        if self._th is not None:
            self._th += data

    def handle_endtag(self, tag):
        if tag == "th" and self._th is not None:
            self.headers.append(self._th.strip())
            self._th = None


def problems(html: str) -> list[str]:
    page = Page()
    page.feed(html)
    found = [f"aria-describedby names no element: {i}" for i in page.described if i not in page.ids]
    found += ["an empty table header" for header in page.headers if not header]
    if page.headings.count(1) != 1:
        found.append(f"{page.headings.count(1)} h1 headings")
    found += [
        f"heading h{b} after h{a} skips a level"
        for a, b in zip(page.headings, page.headings[1:], strict=False)
        if b > a + 1
    ]
    if not page.skip:
        found.append("no skip link")
    return found


def test_the_directors_pages_and_the_phone_pass_the_check(client_in, party_factory, director):
    party = party_factory(tables=2)
    urls = [
        reverse("home"),
        reverse("party_create"),
        reverse("party_edit", args=[party.id]),
        reverse("party_dashboard", args=[party.id]),
        reverse("party_guests", args=[party.id]),
        reverse("round_detail", args=[party.id, 1]),
        reverse("table_enter", args=[party.id, 1, 1]),
        reverse("party_standings", args=[party.id]),
        reverse("party_print", args=[party.id]),
        reverse("club_page"),
    ]
    found = {url: problems(client_in.get(url).content.decode()) for url in urls}
    token = TableToken.objects.get(party=party, table=1, revoked_at=None)
    found["phone"] = problems(Client().get(reverse("table_page", args=[token.token])).content.decode())
    found["login"] = problems(Client().get(reverse("login")).content.decode())
    assert {url: issues for url, issues in found.items() if issues} == {}


def test_help_texts_are_announced(client_in):
    page = client_in.get(reverse("party_create")).content.decode()
    assert 'aria-describedby="id_tables_helptext"' in page
    assert 'id="id_tables_helptext"' in page

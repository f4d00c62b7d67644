"""A name's bidi override characters cannot reverse the text around it, on any page (tournaments/http/bidi.py).

A guest named "\u202eevil" (RIGHT-TO-LEFT OVERRIDE, then "evil") turned everything after it on its line
backwards: "evil: round 1" read "1 dnuor :live". Two defences, both checked here: every page's bidi controls
sit in an isolate of their own (FSI ... PDI), where they change nothing; and the elements names print in
are isolating (static/css/site.css, as <bdi> is), so even a control that got through would end there.
"""

import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from tests.paths import ROOT
from tournaments.http import bidi
from tournaments.models import Guest, TableToken
from tournaments.services import public

RLO, FSI, PDI = "\u202e", "\u2068", "\u2069"
EVIL = RLO + "evil"
SITE_CSS = ROOT / "static" / "css" / "site.css"


def isolating_selectors() -> set[str]:
    """The selectors site.css gives `unicode-bidi: isolate`."""
    css = re.sub(r"/\*.*?\*/", "", SITE_CSS.read_text(), flags=re.S)
    rules = re.findall(r"([^{}]+)\{\s*unicode-bidi:\s*isolate;\s*\}", css)
    return {s.strip() for rule in rules for s in rule.split(",")}


class NameHolders(HTMLParser):
    """For every piece of text holding `needle`, the innermost element around it (tag and classes)."""

    VOID = {"br", "img", "input", "meta", "link", "hr", "source", "wbr"}

    def __init__(self, needle: str):
        super().__init__()
        self.needle = needle
        self.stack: list[tuple[str, set[str]]] = []  # the open elements: tag and classes
        self.holders: list[list[tuple[str, set[str]]]] = []  # the stack where the needle was found

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append((tag, set((dict(attrs).get("class") or "").split())))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if self.needle in data and self.stack:
            self.holders.append(list(self.stack))


def matches(simple: str, element) -> bool:
    tag, classes = element
    return simple == tag or (simple.startswith(".") and simple[1:] in classes)


def isolated(stack, selectors: set[str]) -> bool:
    """The innermost element matches one of the selectors ("td", ".name", or ".square .n": an ancestor's)."""
    for selector in selectors:
        *ancestors, last = selector.split()
        if matches(last, stack[-1]) and all(any(matches(a, e) for e in stack[:-1]) for a in ancestors):
            return True
    return False


def bare_controls(html: str) -> list[str]:
    """Each RLO not shut in its own isolate, with a little of what follows it."""
    return [
        html[m.start() - 1 : m.start() + 20]
        for m in re.finditer(RLO, html)
        if html[m.start() - 1 : m.end() + 1] != FSI + RLO + PDI
    ]


@pytest.fixture
def evil_party(party_factory, client_in):
    party = party_factory(tables=2)
    guest = Guest.objects.filter(party=party).order_by("pk").first()
    assert guest is not None  # the party has its guests
    Guest.objects.filter(pk=guest.pk).update(name=EVIL)
    return party


def pages(party, client_in):
    first = TableToken.objects.filter(party=party, revoked_at__isnull=True).order_by("table").first()
    assert first is not None  # the party's tables have their links
    token = first.token
    link = public.publish(event=party).token
    director = [
        reverse("party_guests", args=[party.id]),
        reverse("party_seats", args=[party.id]),
        reverse("round_detail", args=[party.id, 1]),
        reverse("round_movement", args=[party.id, 1]),
        reverse("party_standings", args=[party.id]),
        reverse("party_print", args=[party.id]),
    ]
    for url in director:
        yield url, client_in.get(url)
    for url in (reverse("table_page", args=[token]), reverse("table_page", args=[token]) + "?all=1"):
        yield url, Client().get(url)
    yield "public", Client().get(reverse("public_page", args=[link]))


@pytest.mark.django_db
def test_a_names_override_is_shut_in_an_isolate_on_every_page(evil_party, client_in):
    seen, bare = 0, []
    for url, response in pages(evil_party, client_in):
        assert response.status_code == 200, url
        html = response.content.decode()
        seen += html.count(RLO)
        bare += [f"{url}: {where!r}" for where in bare_controls(html)]
    assert seen > 5  # the name is printed, on most of these pages more than once
    assert bare == []


@pytest.mark.django_db
def test_the_name_prints_inside_an_isolating_element(evil_party, client_in):
    selectors = isolating_selectors()
    not_isolated = []
    for url, response in pages(evil_party, client_in):
        parser = NameHolders("evil")
        parser.feed(response.content.decode())
        not_isolated += [
            f"{url}: <{stack[-1][0]} class={sorted(stack[-1][1])}>"
            for stack in parser.holders
            if not isolated(stack, selectors)
        ]
    assert not_isolated == []


def test_site_css_isolates_the_elements_names_print_in():
    assert {"bdi", "td", "th", "li", "option", "h1", "a", "strong", ".name"} <= isolating_selectors()


def test_each_kind_of_control_is_made_inert():
    assert bidi.inert(EVIL + ": round 1") == FSI + RLO + PDI + "evil: round 1"
    assert bidi.inert("a\u2067b") == "a\u2067" + PDI + "b"  # an isolate opened is closed at once
    assert bidi.inert("a\u202ab\u202cc") == f"a{FSI}\u202a{PDI}b{FSI}\u202c{PDI}c"
    assert bidi.inert("Ann Lee, عائشة") == "Ann Lee, عائشة"  # right-to-left letters need no controls
    text = "x\u202dy\u2069z"
    assert bidi.inert_bytes(text.encode()) == bidi.inert(text).encode()


@pytest.mark.django_db
def test_a_page_without_controls_is_left_as_it_is(client_in, party_factory):
    party = party_factory(tables=1)
    response = client_in.get(reverse("party_guests", args=[party.id]))
    assert FSI not in response.content.decode()


@pytest.mark.django_db
def test_a_name_posted_back_from_its_page_loses_its_controls_and_never_grows(evil_party, client_in):
    # The page shows the override made inert (FSI RLO PDI); a form posted back from it carried those
    # isolates into the name, which grew at every save. What is typed now loses every bidi control.
    guest = Guest.objects.get(party=evil_party, name=EVIL)
    url = reverse("guest_edit", args=[evil_party.id, guest.id])
    for _save in range(3):
        page = client_in.get(url).content.decode()
        shown = re.search(r'name="name"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="name"', page)
        assert shown, "the name box is not on the page"
        typed = next(value for value in shown.groups() if value is not None)
        assert typed == FSI + RLO + PDI + "evil"
        answer = client_in.post(url, {"name": typed, "kind": guest.kind})
        assert answer.status_code == 302
        guest.refresh_from_db()
        assert guest.name == "evil"
        Guest.objects.filter(pk=guest.pk).update(name=EVIL)  # typed again by a prankster

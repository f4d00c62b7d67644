"""The headers every answer carries: a Content-Security-Policy allowing no inline script (and no page
holding one), `Cache-Control: no-store` on the director's pages, and the phone's link refusing PUT,
DELETE and PATCH.

The pages are walked from the URLconf (tests/project/test_personas.py's world: a party with a closed round, a
knockout, a Towie and a Boston table, a member, a season), so a template added tomorrow is checked too.
"""

from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from tests.project import test_personas
from tests.project.test_personas import build, client_of, is_open, walk
from tournaments.models import Membership, TableResult

pytestmark = pytest.mark.django_db
w = test_personas.w  # the world, as a fixture of this module too

POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}


def policy(response) -> dict[str, list[str]] | None:
    """The Content-Security-Policy header as {directive: sources} (django-csp writes them in any order)."""
    header = response.get("Content-Security-Policy")
    if header is None:
        return None
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


class Scripts(HTMLParser):
    """Every script that would run inline: a <script> with neither src nor a JSON type, an on…= handler,
    a javascript: address."""

    def __init__(self):
        super().__init__()
        self.inline: list[str] = []

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "script" and not values.get("src") and values.get("type") != "application/json":
            self.inline.append(f"<script {attrs}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.inline.append(f"<{tag} {name}={value!r}>")
            if name in ("href", "src", "action", "formaction") and (value or "").strip().lower().startswith(
                "javascript:"
            ):
                self.inline.append(f"<{tag} {name}={value!r}>")


def inline_scripts(html: str) -> list[str]:
    parser = Scripts()
    parser.feed(html)
    return parser.inline


def test_the_finder_finds_what_it_must():
    page = (
        '<script src="/static/js/site.js"></script><script type="application/json" id="x">{}</script>'
        '<script>alert(1)</script><select onchange="go()"></select><a href="javascript:void(0)">x</a>'
    )
    assert inline_scripts(page) == [
        "<script []>",
        "<select onchange='go()'>",
        "<a href='javascript:void(0)'>",
    ]


def rendered_pages(w):
    """(url, response) for every page's GET: the director's as Alice (in two clubs, so the header's club
    switcher is there), the open ones anonymously."""
    Membership.objects.create(club=w.club_b, user=w.alice, role="director")
    alice, anonymous = client_of(w.alice), Client()
    for route, name, _ in walk():
        url = build(w, route, name)
        client = anonymous if is_open(name) else alice
        yield url, client.get(url)
    yield "/accounts/login/", anonymous.get("/accounts/login/")


def test_no_page_holds_an_inline_script_and_every_page_has_the_policy(w):
    found, html_pages, missing = [], 0, []
    for url, response in rendered_pages(w):
        if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
            continue
        html_pages += 1
        found += [f"{url}: {script}" for script in inline_scripts(response.content.decode())]
        if policy(response) != POLICY:
            missing.append(url)
    assert html_pages > 40
    assert found == []
    assert missing == []


def test_the_club_switcher_and_the_confirmations_are_data_for_site_js(w):
    Membership.objects.create(club=w.club_b, user=w.alice, role="director")
    page = client_of(w.alice).get("/").content.decode()
    assert '<select id="club-switch" name="club" data-submit-on-change>' in page
    deal = client_of(w.alice).get(reverse("boston_deal_edit", args=[w.boston.id, w.boston_deal.number]))
    assert 'data-confirm="Remove deal 1 from the sheet?"' in deal.content.decode()


@pytest.mark.parametrize("page", ["director", "phone", "public", "login"])
def test_the_policy_is_on_a_director_page_a_phone_page_a_public_page_and_the_login(w, page):
    urls = {
        "director": reverse("party_dashboard", args=[w.party.id]),
        "phone": reverse("table_page", args=[w.party_token]),
        "public": reverse("public_page", args=[w.public_token]),
        "login": reverse("login"),
    }
    client = client_of(w.alice) if page == "director" else Client()
    response = client.get(urls[page])
    assert response.status_code == 200
    assert policy(response) == POLICY


def test_a_directors_page_is_never_stored_but_the_phones_and_the_public_page_keep_their_own(w):
    director = client_of(w.alice).get(reverse("round_detail", args=[w.party.id, 2]))
    assert director.status_code == 200
    assert director["Cache-Control"] == "no-store"
    pdf = client_of(w.alice).get(reverse("tallies_pdf", args=[w.party.id]))
    assert pdf.status_code == 200 and "no-store" in pdf["Cache-Control"]
    for url in (
        reverse("table_page", args=[w.party_token]),
        reverse("public_page", args=[w.public_token]),
    ):
        assert "no-store" not in Client().get(url).get("Cache-Control", ""), url


@pytest.mark.parametrize("method", ["put", "delete", "patch"])
def test_the_phone_link_answers_405_to_put_delete_and_patch(w, method):
    url = reverse("table_page", args=[w.party_token])
    before = list(TableResult.objects.order_by("pk").values())
    response = getattr(Client(), method)(url, "action=deal", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD, POST"
    assert list(TableResult.objects.order_by("pk").values()) == before
    assert Client().head(url).status_code == 200


def test_static_files_keep_their_own_caching(w, settings):
    """WhiteNoise answers before any view, so a static file is never marked no-store (even for a director)."""
    settings.WHITENOISE_USE_FINDERS = True  # no collectstatic in the tests: WhiteNoise reads static/ itself
    settings.WHITENOISE_AUTOREFRESH = True
    response = client_of(w.alice).get("/static/css/site.css")  # a new client: the middleware made afresh
    assert response.status_code == 200
    assert response["Cache-Control"] == "max-age=60, public"

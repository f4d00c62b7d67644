"""The Boston sheet keeps itself up to date (htmx polls): the running sheet and settlement only, never the deal form.

A poll (header HX-Request) gets the fragment; a browser the whole page; both vary on HX-Request.
"""

import pytest
from django.urls import reverse

from tests.boston.conftest import create_table, play, post_deal
from tournaments.models import BostonDeal

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def varies_on_htmx(response) -> bool:
    return "HX-Request" in [part.strip() for part in response.get("Vary", "").split(",")]


@pytest.fixture
def english(client_in):
    table = create_table(client_in, "english", pool_feed=10, pool_limit=100)
    play(client_in, table, "Bob", "8", 7, suit="H")
    return table


def test_a_poll_gets_the_running_sheet_and_a_browser_the_whole_page(client_in, english):
    url = reverse("boston_table", args=[english.id])
    page = client_in.get(url)
    assert page.status_code == 200 and varies_on_htmx(page)
    html = page.content.decode()
    assert "<html" in html and 'class="boston-deal"' in html and "Save deal 2" in html
    assert f'<div id="boston-live" hx-get="{url}?shown=' in html and 'hx-trigger="every 5s"' in html
    assert 'hx-swap="outerHTML"' in html

    fragment = client_in.get(url, headers=HTMX)
    assert fragment.status_code == 200 and varies_on_htmx(fragment)
    html = fragment.content.decode()
    assert html.startswith('<div id="boston-live"')
    assert "<html" not in html and "<nav" not in html
    assert 'class="boston-deal"' not in html and 'name="caller"' not in html  # the deal form is left alone
    assert "The running sheet" in html and "Bob pays Ann, Cat and Dan 23 each" in html and "Standing so far" in html
    assert "The sheet has changed" not in html


def test_a_poll_says_when_the_deal_form_on_the_page_is_out_of_date(client, client_in, english):
    url = reverse("boston_table", args=[english.id])
    shown = client_in.get(url).context["shown"]
    assert "The sheet has changed" not in client_in.get(url, {"shown": shown}, headers=HTMX).content.decode()
    play(client_in, english, "Cat", "9", 10, suit="S")  # entered elsewhere meanwhile
    html = client_in.get(url, {"shown": shown}, headers=HTMX).content.decode()
    assert 'id="boston-stale" role="status" hx-swap-oob="true"' in html
    assert "The sheet has changed since this page was opened" in html and f'href="{url}">Reload the page' in html
    assert f"?shown={shown}" in html and "Cat: 9 tricks in spades" in html


def test_a_refused_deal_still_gets_the_whole_page_with_its_form(client_in, english):
    response = post_deal(client_in, english, None, "8", 8, suit="H", kind="bid")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and 'class="boston-deal"' in html and "Choose the caller" in html
    assert BostonDeal.objects.filter(table=english).count() == 1


def test_the_printed_sheet_and_settings_are_not_live(client_in, english):
    html = client_in.get(reverse("boston_edit", args=[english.id])).content.decode()
    assert "hx-trigger" not in html

"""The Towie sheet keeps itself up to date (htmx polls), and the director's page shows the phone link's QR code.

A poll (header HX-Request) gets the sheet and totals only, never the entry form; a browser gets the whole
page. Both answers vary on HX-Request, so the Back button never shows a bare fragment.
"""

import io
from typing import Any

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.towie.conftest import deal_fields, post_deal
from tournaments.models import TowieDeal
from tournaments.services import towie as towie_services

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def varies_on_htmx(response) -> bool:
    return "HX-Request" in [part.strip() for part in response.get("Vary", "").split(",")]


def sheet_urls(table) -> dict[str, str]:
    return {
        "director": reverse("towie_sheet", args=[table.pk]),
        "phone": reverse("towie_phone_sheet", args=[table.token]),
    }


@pytest.mark.parametrize("way", ["director", "phone"])
def test_a_poll_gets_the_sheet_and_totals_and_a_browser_the_whole_page(client, director, towie_factory, way):
    table = towie_factory(["Ann", "Bob", "Cid"])
    towie_services.towie_deal_record(table=table, kind="played", declarer="Bob", contract="4S", tricks=10)
    if way == "director":
        client.force_login(director)
    url = sheet_urls(table)[way]

    page = client.get(url)
    assert page.status_code == 200 and varies_on_htmx(page)
    html = page.content.decode()
    assert "<html" in html and "Enter deal 2" in html and 'class="towie-deal"' in html
    assert f'id="towie-live" hx-get="{url}?shown=' in html and 'hx-trigger="every 5s"' in html
    assert 'hx-swap="outerHTML"' in html

    fragment = client.get(url, headers=HTMX)
    assert fragment.status_code == 200 and varies_on_htmx(fragment)
    html = fragment.content.decode()
    assert html.startswith('<div id="towie-live"')
    assert "<html" not in html and "<nav" not in html
    assert 'class="towie-deal"' not in html and 'name="kind"' not in html  # the form being typed into stays
    assert "Who pays whom" in html and "Bob: 4 spades, 10 tricks, made exactly" in html
    assert "The sheet has changed" not in html


def test_a_poll_says_when_the_form_on_the_page_is_out_of_date(client, towie_factory):
    table = towie_factory(["Ann", "Bob", "Cid"])
    url = reverse("towie_phone_sheet", args=[table.token])
    shown = client.get(url).context["shown"]
    fresh = client.get(url, {"shown": shown}, headers=HTMX).content.decode()
    assert "The sheet has changed" not in fresh and f"?shown={shown}" in fresh

    towie_services.towie_deal_record(table=table, kind="played", declarer="Bob", contract="4S", tricks=10)
    stale = client.get(url, {"shown": shown}, headers=HTMX).content.decode()
    assert 'id="towie-stale" role="status" hx-swap-oob="true"' in stale
    assert "The sheet has changed since this page was opened" in stale and f'href="{url}">Reload the page' in stale
    assert f"?shown={shown}" in stale  # the poll keeps the mark of the page it refreshes
    assert "Bob: 4 spades" in stale


def test_a_deal_refused_still_shows_the_whole_page_with_its_form(client_in, towie_factory):
    table = towie_factory(["Ann", "Bob", "Cid"])
    response = post_deal(client_in, table, "Bob", "4S", 14)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and 'class="towie-deal"' in html and "Nothing was saved" in html
    assert not TowieDeal.objects.filter(table=table).exists()


def test_a_poll_with_a_renewed_link_or_logged_out_stops_with_a_word(client, director, towie_factory):
    table = towie_factory(["Ann", "Bob", "Cid"])
    old = reverse("towie_phone_sheet", args=[table.token])
    towie_services.towie_link_renew(table=table)
    response = client.get(old, headers=HTMX)
    assert response.status_code == 286  # htmx stops polling
    assert "This link no longer opens the table" in response.content.decode()
    assert client.get(old).status_code == 404  # a browser still gets the plain 404

    response = client.get(reverse("towie_sheet", args=[table.pk]), headers=HTMX)
    assert response.status_code == 286 and "You are logged out" in response.content.decode()


# --- the phone link's QR code and card ----------------------------------------------------------


def test_the_directors_sheet_shows_the_phone_link_with_its_qr_code(client_in, towie_factory, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    table = towie_factory(["Ann", "Bob", "Cid"])
    link = f"http://192.168.1.20:8000/towie/p/{table.token}/"
    for name in ("towie_sheet", "towie_edit"):
        html = client_in.get(reverse(name, args=[table.pk])).content.decode()
        assert f'<a href="{link}">{link}</a>' in html, name
        assert '<svg xmlns="http://www.w3.org/2000/svg"' in html and 'class="qr"' in html, name
        assert 'aria-label="QR code of the phone link for Towie night"' in html
        assert reverse("towie_card_pdf", args=[table.pk]) in html
        assert "Phones cannot reach this address" not in html
    # the phone's own page has no QR code, and the poll does not draw it again
    assert 'class="qr"' not in client_in.get(reverse("towie_phone_sheet", args=[table.token])).content.decode()
    assert 'class="qr"' not in client_in.get(reverse("towie_sheet", args=[table.pk]), headers=HTMX).content.decode()


def test_a_link_phones_cannot_reach_is_said_plainly(client_in, towie_factory, settings):
    settings.SITE_URL = "http://127.0.0.1:8000"
    table = towie_factory(["Ann", "Bob", "Cid"])
    html = client_in.get(reverse("towie_sheet", args=[table.pk])).content.decode()
    assert "Phones cannot reach this address." in html
    notice = html[html.index('<div class="notice"><p><strong>Phones cannot reach') :]
    notice = notice[: notice.index("</div>")]
    before, folded = notice.split("<details>")
    assert "Ask whoever installed Club Director to start it for the Wi-Fi" in before and "make run" not in before
    assert "<summary>For whoever runs Club Director</summary>" in folded and "<code>make run</code>" in folded


def test_the_qr_code_is_the_link_drawn_by_the_table_cards_encoder():
    from reportlab.graphics.barcode.qr import QrCodeWidget

    from tournaments.printing.towie import QR_BORDER, qr_svg

    link = "http://192.168.1.20:8000/towie/p/abc/"
    svg = qr_svg(link, label="Ann & Bob")
    widget: Any = QrCodeWidget(link, barBorder=QR_BORDER)  # its .qr: made by reportlab, left out of its stubs
    widget.qr.make()
    side = widget.qr.getModuleCount() + 2 * QR_BORDER
    assert f'viewBox="0 0 {side} {side}"' in svg
    dark = sum(bool(module) for row in widget.qr.modules for module in row)
    drawn = 0
    for run in svg.split('d="', 1)[1].split('"', 1)[0].split("z")[:-1]:
        drawn += int(run.split("h", 1)[1].split("v", 1)[0])
    assert drawn == dark
    assert 'aria-label="Ann &amp; Bob"' in svg and "<title>Ann &amp; Bob</title>" in svg


def test_the_table_card_prints_the_name_players_and_link(client_in, towie_factory, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    table = towie_factory(["Ann", "Bob", "Cid"])
    response = client_in.get(reverse("towie_card_pdf", args=[table.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="towie-night-towie-card.pdf"'
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    for words in ("TOWIE", "Towie night", "Ann, Bob, Cid", "Scan to keep this table's score sheet on a phone"):
        assert words in text, words
    assert f"/towie/p/{table.token}/" in text.replace("\n", "")
    letter = client_in.get(reverse("towie_card_pdf", args=[table.pk]), {"paper": "letter"})
    assert PdfReader(io.BytesIO(letter.content)).pages[0].mediabox.width == 612


def test_the_card_is_a_directors_page(client, towie_factory):
    table = towie_factory(["Ann", "Bob", "Cid"])
    response = client.get(reverse("towie_card_pdf", args=[table.pk]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_a_deal_entered_on_the_phone_reaches_the_directors_poll(client, client_in, towie_factory):
    table = towie_factory(["Ann", "Bob", "Cid"])
    client.post(reverse("towie_phone_sheet", args=[table.token]), deal_fields("Bob", "4S", 10))
    html = client_in.get(reverse("towie_sheet", args=[table.pk]), headers=HTMX).content.decode()
    assert "Bob: 4 spades, 10 tricks, made exactly" in html

"""The table's page drawn in Python (presentation/phone_page.py): its frame is base.html's, drawn once per
language and per signed-in state, and filled per table; its part is the part `?part=1` answers."""

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments.models import TableToken
from tournaments.services import party as party_services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()


def link(party, table=1) -> str:
    token = TableToken.objects.get(party=party, table=table, revoked_at__isnull=True)
    return reverse("table_page", args=[token.token])


def test_the_frame_is_base_html_in_the_phone_s_language(party_factory):
    party = party_factory(tables=2, name="Fête <des> & rois")
    french = Client(HTTP_ACCEPT_LANGUAGE="fr")
    page = french.get(link(party, 2)).content.decode()
    assert '<html lang="fr">' in page
    assert '<a class="skip" href="#main">Aller au contenu</a>' in page
    assert '<span id="phone-party">Fête &lt;des&gt; &amp; rois</span>' in page
    token = TableToken.objects.get(party=party, table=2, revoked_at__isnull=True).token
    assert f'<link rel="manifest" href="/t/{token}/manifest.webmanifest">' in page
    assert re.search(r"<title>Table 2 · Fête &lt;des&gt; &amp; rois</title>", page)
    csrf = re.search(r'hx-headers=\'\{"X-CSRFToken": "([A-Za-z0-9]+)"\}\'', page)
    assert csrf and len(csrf.group(1)) == 64  # each visitor's own token, not the frame's mark
    assert "\ue000" not in page
    english = Client().get(link(party, 2)).content.decode()
    assert '<html lang="en-gb">' in english and '<a class="skip" href="#main">Skip to the page</a>' in english


def test_the_part_in_the_page_is_the_part_the_poll_draws(party_factory):
    party = party_factory(tables=2)
    client = Client()
    url = link(party)
    client.post(url, {"round": 1, "version": 0, "d1-level": "P"})
    client.get(url)  # the message after the save, shown and gone
    page = client.get(url).content.decode()
    part = client.get(url + "?part=1").content.decode()
    csrf = re.compile(r'(csrfmiddlewaretoken" value=")[A-Za-z0-9]+')
    part = csrf.sub(r"\1T", part)
    assert part.startswith('\n\n<div id="phone"') and part.endswith("\n</div>\n")
    assert part in csrf.sub(r"\1T", page)
    assert '<form method="post"' in part and "Deal 1" in page


def test_a_message_is_shown_once_in_the_frame(party_factory):
    party = party_factory(tables=1)
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    url = link(party)
    page = client.post(url, {"round": 1, "version": 0, "d1-level": "P"}, follow=True).content.decode()
    assert page.count('<ul class="messages"><li class="success">Enregistré.</li></ul>') == 1
    again = client.get(url).content.decode()
    assert "Enregistré." not in again and '<ul class="messages">' not in again


def test_a_signed_in_director_s_frame_is_not_a_guest_s(party_factory, director):
    party = party_factory(tables=1)
    url = link(party)
    guest = Client().get(url).content.decode()
    signed_in = Client()
    signed_in.force_login(director)
    theirs = signed_in.get(url).content.decode()
    again = Client().get(url).content.decode()
    assert '<header class="site signed-in">' in theirs
    assert '<header class="site">' in guest and '<header class="site">' in again
    # The phone's header is the party's name alone, for a director too: no club menu on a table's page.
    assert "Log out" not in theirs


def test_a_renamed_party_shows_at_once(party_factory):
    party = party_factory(tables=1, name="Friday")
    client = Client()
    url = link(party)
    assert '<span id="phone-party">Friday</span>' in client.get(url).content.decode()
    party_services.party_update(party=party, name="Saturday")
    page = client.get(url).content.decode()
    assert '<span id="phone-party">Saturday</span>' in page and "Friday" not in page

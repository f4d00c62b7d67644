"""Absolute links never come from a request's Host (issue 41, item 6): on the laptop ALLOWED_HOSTS is '*'
and SITE_URL unset, so a public entry posted with `Host: evil.test` once queued a genuine club mail whose
cancel and unsubscribe links led to evil.test. They lead to the address the server finds itself."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import make_party
from tournaments.http import site_url as site_url_module
from tournaments.models import OutgoingMail
from tournaments.services import entries as services

pytestmark = pytest.mark.django_db
LAN = "http://192.168.1.20:8000"


@pytest.fixture
def laptop(settings, monkeypatch):
    """`make run` on the laptop: no SITE_URL, any Host answered, serving on 0.0.0.0:8000."""
    settings.SITE_URL, settings.ALLOWED_HOSTS = "", ["*"]
    settings.LISTEN_HOST, settings.LISTEN_PORT = "0.0.0.0", "8000"
    monkeypatch.setattr(site_url_module, "_lan_address", lambda: "192.168.1.20")


def test_an_entry_posted_with_a_foreign_host_queues_mail_linking_to_the_laptop(
    laptop, director, django_capture_on_commit_callbacks
):
    party = make_party(tables=1, mixed=True, user=director, draw=False, name="Winter party")
    party.guests.all().delete()
    entry_list = services.entry_list_save(event=party, open=True)
    data = {"name": "Ann Smith", "kind": "lady", "email": "ann@example.org"}
    with django_capture_on_commit_callbacks(execute=True):
        answer = Client(HTTP_HOST="evil.test").post(reverse("entry_page", args=[entry_list.token]), data)
    assert answer.status_code == 302
    [mail] = OutgoingMail.objects.all()
    whole = mail.text + mail.html + json.dumps(mail.headers)
    assert "evil.test" not in whole
    assert f"{LAN}/" in mail.text and f"{LAN}/" in mail.html


def test_every_page_link_is_the_laptops_whatever_host_the_request_names(laptop):
    from django.test import RequestFactory

    for host in ("evil.test", "evil.test:666", "127.0.0.1:8000", "club.local:8000"):
        assert site_url_module.site_url(RequestFactory().get("/", HTTP_HOST=host)) == LAN

"""Who is asking (tournaments.http.client_address): the first run's set-up only on the laptop itself, and the
proxies' headers believed only from a trusted proxy.

A web page on any site can make its own name resolve to 127.0.0.1 (DNS rebinding) and post to the laptop
from the director's browser: the request comes from the loopback but carries that site's Host. With
ALLOWED_HOSTS='*' (the party laptop) Django itself lets it through, so set-up checks the Host too.
"""

import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.test import RequestFactory
from django.urls import reverse

from tournaments.http import middleware as first_run_middleware
from tournaments.http.client_address import client_address, loopback_host, on_this_machine
from tournaments.models import Club

STRONG = "a long enough secret 1938"
SETUP = {"club_name": "Bridge at the Vicarage", "username": "hostess", "password1": STRONG, "password2": STRONG}
REFUSED = "Club Director is set up from the computer it runs on, not from a phone or another computer on the network."


def page_text(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


@pytest.fixture
def fresh(db):
    first_run_middleware.forget_set_up()


@pytest.mark.parametrize("host", ["attacker.example", "attacker.example:8000", "127.0.0.1.nip.io", "192.168.1.5:8000"])
def test_setup_for_another_host_name_is_refused_and_makes_no_club(client, fresh, host):
    for method in (client.get, client.post):
        response = method(reverse("club_setup"), SETUP, REMOTE_ADDR="127.0.0.1", HTTP_HOST=host)
        assert response.status_code == 403
        assert REFUSED in page_text(response)
    assert not Club.objects.exists()
    assert not get_user_model().objects.exists()


@pytest.mark.parametrize(
    ("host", "address"),
    [
        ("localhost:8000", "127.0.0.1"),
        ("localhost", "127.0.0.1"),
        ("127.0.0.1:8000", "127.0.0.1"),
        ("[::1]:8000", "::1"),
    ],
)
def test_setup_on_the_laptop_by_a_loopback_name_works(client, fresh, host, address):
    response = client.post(reverse("club_setup"), SETUP, REMOTE_ADDR=address, HTTP_HOST=host)
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert Club.objects.get().name == "Bridge at the Vicarage"


@pytest.mark.parametrize(
    "header", [{"HTTP_X_REAL_IP": "192.168.1.23"}, {"HTTP_X_FORWARDED_FOR": "192.168.1.23"}, {"HTTP_FORWARDED": "x"}]
)
def test_a_proxied_setup_request_is_refused(client, fresh, settings, header):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    response = client.post(reverse("club_setup"), SETUP, REMOTE_ADDR="127.0.0.1", HTTP_HOST="localhost", **header)
    assert response.status_code == 403
    assert REFUSED in page_text(response)
    assert not Club.objects.exists()


def test_the_loopback_names():
    assert [loopback_host(h) for h in ("localhost", "LOCALHOST:80", "127.0.0.1", "[::1]", "[::1]:8000")] == [True] * 5
    refused = ("", "attacker.example", "localhost.attacker.example", "localhost:x", "::1", "10.0.0.1", "[::2]")
    assert [loopback_host(h) for h in refused] == [False] * len(refused)


def request_from(remote: str, **meta):
    return RequestFactory().get("/", REMOTE_ADDR=remote, HTTP_HOST="localhost", **meta)


def test_x_real_ip_from_an_untrusted_peer_is_ignored(settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    assert client_address(request_from("192.0.2.5", HTTP_X_REAL_IP="203.0.113.7")) == "192.0.2.5"
    settings.TRUSTED_PROXIES = []
    assert client_address(request_from("127.0.0.1", HTTP_X_REAL_IP="203.0.113.7")) == "127.0.0.1"


def test_x_real_ip_from_a_trusted_proxy_is_believed_as_x_forwarded_for_is(settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    assert client_address(request_from("127.0.0.1", HTTP_X_REAL_IP="203.0.113.7")) == "203.0.113.7"
    assert client_address(request_from("127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7")) == "203.0.113.7"
    # Both: the proxy's appended X-Forwarded-For names the client; an X-Real-IP the client wrote is not reached.
    both = request_from("127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7", HTTP_X_REAL_IP="198.51.100.1")
    assert client_address(both) == "203.0.113.7"


def test_x_real_ip_counts_for_the_wrong_link_limit(client, settings, db):
    """The limit counts the address a trusted proxy names in X-Real-IP: another address is not held back."""
    from django.core.cache import cache

    cache.clear()
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    via = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_REAL_IP": "203.0.113.7"}
    statuses = [client.get("/t/no-such-link/", **via).status_code for _ in range(11)]
    assert statuses == [404] * 10 + [429]
    assert client.get("/t/no-such-link/", REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="203.0.113.8").status_code == 404
    cache.clear()


def test_on_this_machine_needs_the_loopback_peer_and_name():
    assert on_this_machine(request_from("127.0.0.1"))
    assert not on_this_machine(request_from("192.168.1.5"))
    assert not on_this_machine(RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_HOST="attacker.example"))
    assert not on_this_machine(request_from("127.0.0.1", HTTP_X_REAL_IP="127.0.0.1"))

"""The address printed on table cards: phones must reach it, so never 127.0.0.1 when better is known.
It is the server's own (its LAN address, the port it listens on), never a request's Host."""

from django.test import RequestFactory, override_settings

from tournaments.http import site_url as module


def request(host: str):
    return RequestFactory().get("/", HTTP_HOST=host)


def test_site_url_setting_wins():
    with override_settings(SITE_URL="https://bridge.example.org/"):
        assert module.site_url(request("127.0.0.1:8000")) == "https://bridge.example.org"


def test_a_loopback_address_is_replaced_by_the_lan_address(monkeypatch):
    monkeypatch.setattr(module, "_lan_address", lambda: "192.168.1.20")
    with override_settings(SITE_URL="", ALLOWED_HOSTS=["*"], LISTEN_PORT="8000"):
        assert module.site_url(request("127.0.0.1:8000")) == "http://192.168.1.20:8000"
        assert module.site_url(request("localhost:8000")) == "http://192.168.1.20:8000"
        # Another name for the laptop is a Host like any other: the links keep the address it found.
        assert module.site_url(request("club.local:8000")) == "http://192.168.1.20:8000"


def test_without_listen_port_the_port_is_the_one_the_request_came_in_on(monkeypatch):
    monkeypatch.setattr(module, "_lan_address", lambda: "192.168.1.20")
    with override_settings(SITE_URL="", ALLOWED_HOSTS=["*"], LISTEN_PORT=""):
        found = module.site_url(RequestFactory().get("/", HTTP_HOST="evil.test", SERVER_PORT="8080"))
        assert found == "http://192.168.1.20:8080"
        assert module.site_url(None) == ""  # no page, no server: no address (the mail asks for SITE_URL)


def test_without_a_lan_address_the_loopback_stays_and_is_flagged(monkeypatch):
    monkeypatch.setattr(module, "_lan_address", lambda: None)
    with override_settings(SITE_URL="", ALLOWED_HOSTS=["*"], LISTEN_PORT="8000"):
        url = module.site_url(request("127.0.0.1:8000"))
    assert url == "http://127.0.0.1:8000" and module.is_loopback_url(url)
    assert not module.is_loopback_url("http://192.168.1.20:8000")


def test_a_server_listening_on_the_loopback_only_never_prints_the_lan_address(monkeypatch):
    # `make run HOST=127.0.0.1`: a QR code with the LAN address would give phones "connection refused".
    monkeypatch.setattr(module, "_lan_address", lambda: "192.168.1.20")
    with override_settings(SITE_URL="", ALLOWED_HOSTS=["*"], LISTEN_HOST="127.0.0.1", LISTEN_PORT="8000"):
        url = module.site_url(request("127.0.0.1:8000"))
    assert url == "http://127.0.0.1:8000" and module.is_loopback_url(url)
    with override_settings(SITE_URL="", ALLOWED_HOSTS=["*"], LISTEN_HOST="0.0.0.0", LISTEN_PORT="8000"):
        assert module.site_url(request("127.0.0.1:8000")) == "http://192.168.1.20:8000"


def test_the_print_page_says_plainly_that_phones_cannot_reach_a_private_server(client_in, party_factory, settings):
    from django.urls import reverse

    settings.LISTEN_HOST, settings.SITE_URL, settings.LISTEN_PORT = "127.0.0.1", "", "8000"
    party = party_factory()
    page = client_in.get(reverse("party_print", args=[party.id]), HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "Phones cannot reach http://127.0.0.1:8000." in page
    # the hostess reads what she sees and whom to ask; the command is only in the folded note for whoever runs it
    assert "The site answers this computer only" in page and "Ask whoever installed Club Director" in page
    notice = page[page.index('<div class="notice">') :]
    notice = notice[: notice.index("</div>")]
    before, folded = notice.split("<details>")
    assert "make run" not in before and "SITE_URL" not in before
    assert "<summary>For whoever runs Club Director</summary>" in folded and "<code>make run</code>" in folded

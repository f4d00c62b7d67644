"""The address printed on table cards: phones must reach it, so never 127.0.0.1 when better is known."""

from django.test import RequestFactory, override_settings

from tournaments import site_url as module


def request(host: str):
    return RequestFactory().get("/", HTTP_HOST=host)


def test_site_url_setting_wins():
    with override_settings(SITE_URL="https://bridge.example.org/"):
        assert module.site_url(request("127.0.0.1:8000")) == "https://bridge.example.org"


def test_a_loopback_address_is_replaced_by_the_lan_address(monkeypatch):
    monkeypatch.setattr(module, "_lan_address", lambda: "192.168.1.20")
    with override_settings(SITE_URL="", ALLOWED_HOSTS=["*"]):
        assert module.site_url(request("127.0.0.1:8000")) == "http://192.168.1.20:8000"
        assert module.site_url(request("localhost:8000")) == "http://192.168.1.20:8000"
        assert module.site_url(request("club.local:8000")) == "http://club.local:8000"


def test_without_a_lan_address_the_loopback_stays_and_is_flagged(monkeypatch):
    monkeypatch.setattr(module, "_lan_address", lambda: None)
    with override_settings(SITE_URL="", ALLOWED_HOSTS=["*"]):
        url = module.site_url(request("127.0.0.1:8000"))
    assert url == "http://127.0.0.1:8000" and module.is_loopback_url(url)
    assert not module.is_loopback_url("http://192.168.1.20:8000")

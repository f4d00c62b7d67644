"""The wrong-phone-link limit: a valid link always works; only wrong links count, per client address.

The last test runs the real thing: gunicorn with two workers against the test database, to show
the count is shared by the workers (it lives in the database cache), not kept per worker.
"""

import http.client
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from django.core.cache import cache
from django.db import connection
from django.urls import reverse

from tests.paths import ROOT
from tests.towie.conftest import make_table
from tournaments.http import link_limit
from tournaments.models import TableToken

WRONG = "/t/not-a-real-token/"
WRONG_TOWIE = "/towie/p/not-a-real-token/"


@pytest.fixture
def one_minute(director, monkeypatch):
    """A club set up (the director's), a clean count, and the clock held inside one minute."""
    cache.clear()
    monkeypatch.setattr(link_limit, "_window", lambda: 1)
    yield
    cache.clear()


def party_link(party, table=1):
    token = TableToken.objects.get(party=party, table=table, revoked_at__isnull=True)
    return reverse("table_page", args=[token.token])


def towie_link(table):
    return reverse("towie_phone_sheet", args=[table.token])


def wrong_links(client, count, path=WRONG, **extra):
    return [client.get(path, **extra).status_code for _ in range(count)]


def assert_refused(response):
    assert response.status_code == 429
    assert response["Retry-After"] == "60"
    assert response.content.decode() == "Too many wrong table links: wait a minute and scan the QR code again."


def test_a_valid_link_always_opens_its_table_however_many_wrong_links(client, party_factory, director, one_minute):
    party = party_factory(tables=1)
    towie = make_table(user=director)
    assert wrong_links(client, 11) == [404] * 10 + [429]
    assert client.get(party_link(party)).status_code == 200
    assert client.get(towie_link(towie)).status_code == 200
    assert_refused(client.get(WRONG))
    assert_refused(client.get(WRONG_TOWIE))
    assert client.get(party_link(party)).status_code == 200


def test_wrong_towie_links_count_too(client, one_minute):
    assert wrong_links(client, 10, WRONG_TOWIE) == [404] * 10
    assert_refused(client.get(WRONG_TOWIE))
    assert_refused(client.get(WRONG))


def test_another_address_is_not_affected(client, one_minute):
    assert wrong_links(client, 12, REMOTE_ADDR="192.0.2.1")[-1] == 429
    assert client.get(WRONG, REMOTE_ADDR="192.0.2.2").status_code == 404
    assert_refused(client.get(WRONG, REMOTE_ADDR="192.0.2.1"))


def test_the_count_starts_again_the_next_minute(client, monkeypatch, one_minute):
    assert wrong_links(client, 11)[-1] == 429
    monkeypatch.setattr(link_limit, "_window", lambda: 2)
    assert client.get(WRONG).status_code == 404


def test_every_wrong_link_is_logged_with_its_address(client, caplog, one_minute):
    with caplog.at_level(logging.WARNING, logger="tournaments.table"):
        wrong_links(client, 2, REMOTE_ADDR="192.0.2.9")
    lines = [record.getMessage() for record in caplog.records if record.name == "tournaments.table"]
    assert len(lines) == 2 and all("wrong table link from 192.0.2.9" in line for line in lines)


def test_behind_a_trusted_proxy_the_forwarded_client_is_counted(client, party_factory, settings, one_minute):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    party = party_factory(tables=1)
    via_proxy = {"REMOTE_ADDR": "127.0.0.1"}
    statuses = wrong_links(client, 11, HTTP_X_FORWARDED_FOR="203.0.113.7", **via_proxy)
    assert statuses == [404] * 10 + [429]
    # Another phone behind the same proxy, and the first phone's valid link, both still get through.
    assert client.get(WRONG, HTTP_X_FORWARDED_FOR="203.0.113.8", **via_proxy).status_code == 404
    assert client.get(party_link(party), HTTP_X_FORWARDED_FOR="203.0.113.7", **via_proxy).status_code == 200
    # A client's own forged hop in front of the proxy's does not make it someone else.
    forged = "198.51.100.1, 203.0.113.7"
    assert_refused(client.get(WRONG, HTTP_X_FORWARDED_FOR=forged, **via_proxy))


def test_without_trusted_proxies_a_forwarded_header_dodges_nothing(client, settings, one_minute):
    settings.TRUSTED_PROXIES = []
    statuses = [
        client.get(WRONG, REMOTE_ADDR="192.0.2.5", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}").status_code for n in range(11)
    ]
    assert statuses == [404] * 10 + [429]
    assert client.get(WRONG, REMOTE_ADDR="192.0.2.6", HTTP_X_FORWARDED_FOR="203.0.113.0").status_code == 404


def test_a_count_gone_between_add_and_incr_starts_again(monkeypatch, one_minute):
    monkeypatch.setattr(cache, "add", lambda *args, **kwargs: False)
    assert link_limit._count_wrong("192.0.2.3") == 1  # incr finds nothing: the count is set afresh
    assert link_limit._count_wrong("192.0.2.3") == 2


# --- two gunicorn workers -------------------------------------------------------------------------------------

ACCESS_LINE = re.compile(r"^<(\d+)> (\d{3}) (\S+)$")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _database_env() -> dict:
    """The test database, the way the app's settings read it from the environment."""
    name = str(connection.settings_dict["NAME"])
    if connection.vendor == "sqlite":
        return {"SQLITE_PATH": name}
    url = urlsplit(os.environ["DATABASE_URL"])
    return {"DATABASE_URL": url._replace(path="/" + quote(name)).geturl()}


def _start_gunicorn(tmp_path: Path, port: int) -> subprocess.Popen:
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "SQLITE_PATH")}
    env |= _database_env() | {
        "DJANGO_SETTINGS_MODULE": "tests.served_settings",
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]),
        "DEBUG": "false",
        "HTTPS": "false",
        "SECRET_KEY": "link-limit-test-only-" + "k" * 50,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "TRUSTED_PROXIES": "127.0.0.1",
        "CONN_MAX_AGE": "0",
    }
    command = [str(Path(sys.executable).parent / "gunicorn"), "clubdirector.wsgi", "-w", "2"]
    command += ["-b", f"127.0.0.1:{port}", "--timeout", "30", "--control-socket", str(tmp_path / "gunicorn.ctl")]
    command += ["--access-logfile", str(tmp_path / "access.log"), "--access-logformat", "%(p)s %(s)s %(U)s"]
    log = (tmp_path / "gunicorn.log").open("wb")
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    log.close()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            time.sleep(0.1)
    _stop(server)
    raise AssertionError("gunicorn did not start:\n" + _tail(tmp_path))


def _stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)  # its own session: the arbiter and its two workers
            server.wait(timeout=10)


def _tail(tmp_path: Path) -> str:
    path = tmp_path / "gunicorn.log"
    return path.read_text(errors="replace")[-3000:] if path.exists() else ""


def _request_line(path: str, address: str) -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: {address}\r\nConnection: close\r\n".encode()


def _get(port: int, path: str, address: str) -> int:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(_request_line(path, address) + b"\r\n")
        return _status(sock)


def _status(sock: socket.socket) -> int:
    response = http.client.HTTPResponse(sock)
    response.begin()
    response.read()
    return response.status


def _on_both_workers(port: int, path: str, address: str) -> list[int]:
    """The same request answered by each worker: one is kept busy with a half-sent request meanwhile.

    A sync worker serves one connection at a time, so while one waits for the rest of the first
    request, the second request can only be taken by the other worker.
    """
    with socket.create_connection(("127.0.0.1", port), timeout=10) as held:
        held.sendall(_request_line(path, address))  # no blank line yet: its worker waits for more
        other = _get(port, path, address)
        held.sendall(b"\r\n")
        return [other, _status(held)]


def _minute() -> int:
    return int(time.time() // 60)


def _play(port: int, address: str, links: list[str]) -> dict:
    """Wrong links from one address, on both workers, until refused; then the refusal and valid links."""
    statuses = _on_both_workers(port, WRONG, address)
    while statuses[-1] != 429 and len(statuses) < 25:
        statuses.append(_get(port, WRONG, address))
    return {
        "wrong": statuses,
        "refused": _on_both_workers(port, WRONG, address),
        "valid": _on_both_workers(port, links[0], address) + [_get(port, link, address) for link in links[1:]],
    }


def test_two_gunicorn_workers_share_one_count(transactional_db, party_factory, director, tmp_path):
    party = party_factory(tables=1)
    links = [party_link(party), towie_link(make_table(user=director))]
    cache.clear()
    port = _free_port()
    connection.close()  # the workers open their own
    server = _start_gunicorn(tmp_path, port)
    try:
        for attempt in range(3):
            started = _minute()
            # A fresh client each time (through the proxy the server trusts), in case a minute ended.
            seen = _play(port, f"198.51.100.{attempt + 1}", links)
            if _minute() == started:
                break
        else:
            pytest.fail("three attempts each crossed the end of a minute")
    finally:
        _stop(server)
        cache.clear()
    output = _tail(tmp_path)
    assert seen["wrong"] == [404] * 10 + [429], output
    assert seen["refused"] == [429, 429], output
    assert seen["valid"] == [200, 200, 200], output
    served = [ACCESS_LINE.match(line) for line in (tmp_path / "access.log").read_text().splitlines()]
    wrong_by = {match.group(1) for match in served if match and match.group(3) == WRONG}
    assert len(wrong_by) == 2, "both workers answered wrong links"

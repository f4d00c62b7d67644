"""Phones beside a slow-header attack: what `make bench`'s step and tests/clubdirector/test_slow_clients.py both run.

One Wi-Fi client (127.0.0.2) holds `count` connections open, each sending its request's headers a line
at a time and never finishing them; when the server closes one, it opens another. Meanwhile each phone,
from an address of its own (127.0.0.3, 127.0.0.4, …), opens its table's page and saves one deal, as
static/phone/phone.js does (JSON, the page's CSRF token and cookie). Plain sockets and threads, no Django:
the figures are the phones' own clocks.
"""

import contextlib
import http.client
import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlencode

ATTACKER = "127.0.0.2"
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
# How often the attacker sends one more header line on each connection, and waits before reopening one.
TRICKLE_S = 1.0
REOPEN_S = 0.5


def phone_address(number: int) -> str:
    """The nth phone's own loopback address (0 → 127.0.0.3): never the attacker's."""
    if not 0 <= number < 250:
        raise ValueError("at most 250 phones, one loopback address each")
    return f"127.0.0.{number + 3}"


class SlowHeaders:
    """`count` connections from ATTACKER to 127.0.0.1:`port`, trickling headers until stopped."""

    def __init__(self, port: int, count: int) -> None:
        self.port, self.count = port, count
        self.stop = threading.Event()
        self.opened = 0  # connections made in all, the reopened ones included
        self.thread = threading.Thread(target=self._hold, daemon=True)

    def _open(self) -> socket.socket | None:
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=2, source_address=(ATTACKER, 0))
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        except OSError:
            return None
        self.opened += 1
        return sock

    def _hold(self) -> None:
        socks: list[socket.socket | None] = [self._open() for _ in range(self.count)]
        line = 0
        while not self.stop.wait(TRICKLE_S):
            line += 1
            for index, sock in enumerate(socks):
                try:
                    if sock is None:
                        raise OSError
                    sock.sendall(b"X-Slow-%d: 1\r\n" % line)
                except OSError:
                    if sock is not None:
                        sock.close()
                    socks[index] = None if self.stop.wait(REOPEN_S / self.count) else self._open()
        for sock in socks:
            if sock is not None:
                sock.close()

    def __enter__(self) -> "SlowHeaders":
        self.thread.start()
        time.sleep(TRICKLE_S)  # every connection open before the first phone
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(timeout=30)


@dataclass
class Visit:
    """One phone: its table's page opened, one deal saved; seconds for each, or what went wrong."""

    source: str
    token: str = ""
    open_s: float | None = None
    save_s: float | None = None
    error: str = ""

    @property
    def saved(self) -> bool:
        return self.save_s is not None and not self.error


def _request(port: int, source: str, method: str, path: str, body: dict | None, headers: dict, limit_s: float):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=limit_s, source_address=(source, 0))
    try:
        connection.request(method, path, body=urlencode(body) if body else None, headers=headers)
        response = connection.getresponse()
        return response.status, response.getheader("Set-Cookie") or "", response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def visit(port: int, source: str, token: str, deal: int, limit_s: float) -> Visit:
    """The phone at `token`'s table opens its page, then saves deal `deal` (3NT by South, 9 tricks)."""
    done = Visit(source, token)
    path = f"/t/{token}/"
    try:
        start = time.perf_counter()
        status, cookie, page = _request(port, source, "GET", path, None, {}, limit_s)
        done.open_s = time.perf_counter() - start
        token_found = CSRF.search(page)
        if status != 200 or token_found is None:
            done.error = f"page: {status}"
            return done
        csrf = token_found.group(1)
        form = {"csrfmiddlewaretoken": csrf, "action": "deal", "round": "1", "number": str(deal), "side": "NS"}
        form |= {"client_id": f"slow-{token}-{deal}", "deal-level": "3", "deal-strain": "N", "deal-doubled": ""}
        form |= {"deal-declarer": "S", "deal-tricks": "9"}
        headers = {"Accept": "application/json", "Cookie": cookie.split(";", 1)[0], "X-CSRFToken": csrf}
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        status, _, answer = _request(port, source, "POST", path, form, headers, limit_s)
        done.save_s = time.perf_counter() - start
        if status != 200 or not json.loads(answer).get("ok"):
            done.error = f"save: {status} {answer[:200]}"
    except (OSError, ValueError) as error:
        done.error = f"{type(error).__name__}: {error}"
    return done


def phones(port: int, seats: list[tuple[str, int]], limit_s: float) -> list[Visit]:
    """Every phone at once, one thread each: `seats` lists each phone's (table token, deal number)."""
    visits: list[Visit] = [Visit(phone_address(n)) for n in range(len(seats))]

    def one(number: int, token: str, deal: int) -> None:
        visits[number] = visit(port, phone_address(number), token, deal, limit_s)

    threads = [threading.Thread(target=one, args=(n, *seat)) for n, seat in enumerate(seats)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=limit_s * 3)
    return visits


def p95(visits: list[Visit]) -> float | None:
    """The 95th percentile of every request's seconds (opens and saves), in ms; None if none answered."""
    times = sorted(t for v in visits for t in (v.open_s, v.save_s) if t is not None)
    return round(1000 * times[int(0.95 * (len(times) - 1))], 1) if times else None


def figures(visits: list[Visit]) -> dict:
    return {
        "phones": len(visits),
        "opened": sum(v.open_s is not None and not v.error.startswith("page") for v in visits),
        "saved": sum(v.saved for v in visits),
        "errors": [v.error for v in visits if v.error][:5],
        "p95_ms": p95(visits),
    }


@contextlib.contextmanager
def attack(port: int, count: int) -> Iterator[SlowHeaders]:
    with SlowHeaders(port, count) as held:
        yield held

"""64 phones at once against a real gunicorn server on 127.0.0.1: each table submits a full round.

Bounded: one round per table, socket timeouts, and the whole test stops after LIMIT_S seconds.
"""

import gc
import http.client
import os
import random
import re
import socket
import statistics
import subprocess
import threading
import time

from django.db import connection

from bench.build import deals, party
from bench.servers import free_port, gunicorn_command, serve_shape
from tournaments.models import TableResult, TableToken
from tournaments.rules import party as party_rules

CLIENTS = 64
# `make run`'s server (manage.py serve's workers x threads) unless BENCH_WORKERS or BENCH_THREADS say otherwise.
WORKERS = int(os.environ.get("BENCH_WORKERS") or serve_shape()[0])
THREADS = int(os.environ.get("BENCH_THREADS") or serve_shape()[1])
LIMIT_S = 120
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def _start(port: int) -> subprocess.Popen:
    # The gunicorn `make run` starts (manage.py serve's command), with its settings.
    command = gunicorn_command(port, workers=WORKERS, threads=THREADS, control_socket=None)
    env = {**os.environ, "LISTEN_HOST": "127.0.0.1", "LISTEN_PORT": str(port), "DEBUG": "false"}
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("gunicorn did not start: " + (server.stderr.read().decode()[-2000:] if server.stderr else ""))


def _warm(port: int, tokens: dict) -> None:
    """A party's server has been up for a while: let every worker load its code before the burst."""
    for table in list(tokens)[: 4 * WORKERS]:
        connection_ = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection_.request("GET", f"/t/{tokens[table]}/")
        connection_.getresponse().read()
        connection_.close()


class Phone:
    def __init__(self, port: int, token: str, table: int, round_deals, timings: list, errors: list):
        self.port, self.path, self.table = port, f"/t/{token}/", table
        self.deals, self.timings, self.errors = round_deals, timings, errors
        self.cookie = ""

    def request(self, method: str, body: dict | None = None, *, timed: bool = True) -> tuple[int, str]:
        connection_ = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Cookie": self.cookie}
        payload = None
        if body is not None:
            from urllib.parse import urlencode

            payload = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        try:
            connection_.request(method, self.path, body=payload, headers=headers)
            response = connection_.getresponse()
            text = response.read().decode("utf-8", "replace")
        except OSError as error:
            self.errors.append(f"table {self.table}: {error}")
            return 0, ""
        finally:
            connection_.close()
        if timed:
            self.timings.append((time.perf_counter() - start) * 1000)
        for header, value in response.getheaders():
            if header.lower() == "set-cookie" and value.startswith("csrftoken="):
                self.cookie = value.split(";", 1)[0]
        if not 200 <= response.status < 400:
            self.errors.append(f"table {self.table}: {method} answered {response.status}")
        return response.status, text

    def open(self) -> str | None:
        """The phone opens its page (before the burst, not timed) and keeps its CSRF token."""
        _, page = self.request("GET", timed=False)
        match = CSRF.search(page)
        if not match:
            self.errors.append(f"table {self.table}: no form on the page")
            return None
        return match.group(1)

    def play(self, start: threading.Barrier) -> None:
        csrf = self.open()
        if csrf is None:
            return
        form = {"csrfmiddlewaretoken": csrf, "round": "1", "version": "0", "save": "1"}
        for number, (contract, declarer, tricks) in enumerate(self.deals, start=1):
            if contract == "PASS":
                form[f"d{number}-level"] = "P"
                continue
            level, strain, doubled = contract[0], contract[1], contract[2:]
            form |= {f"d{number}-level": level, f"d{number}-strain": strain, f"d{number}-doubled": doubled}
            form |= {f"d{number}-declarer": declarer, f"d{number}-tricks": str(tricks)}
        start.wait(timeout=LIMIT_S)
        self.request("POST", form)
        # Agreements do not change the version (it guards the deals): both sides agree on version 1.
        for side in ("NS", "EW"):
            self.request("POST", {"csrfmiddlewaretoken": csrf, "round": "1", "version": "1", "agree": side})

    def play_deals(self, start: threading.Barrier) -> None:
        """Deal by deal, as played: each deal saved (with the phone's own id), then East-West accept it."""
        csrf = self.open()
        if csrf is None:
            return
        start.wait(timeout=LIMIT_S)
        for number, (contract, declarer, tricks) in enumerate(self.deals, start=1):
            form = {"csrfmiddlewaretoken": csrf, "action": "deal", "round": "1", "number": str(number), "side": "NS"}
            form["client_id"] = f"bench-{self.table}-{number}"
            if contract == "PASS":
                form["deal-level"] = "P"
            else:
                form |= {"deal-level": contract[0], "deal-strain": contract[1], "deal-doubled": contract[2:]}
                form |= {"deal-declarer": declarer, "deal-tricks": str(tricks), "save": "1"}
            self.request("POST", form)
            accept = {"csrfmiddlewaretoken": csrf, "action": "accept", "round": "1", "number": str(number)}
            self.request("POST", accept | {"side": "EW", "client_id": f"bench-{self.table}-{number}-ok"}, timed=False)


def run(director) -> dict:
    """The whole-round burst, then the deal-by-deal burst (each deal saved and accepted)."""
    figures = _burst(director, "Load test party", Phone.play)
    figures["deal_by_deal"] = run_deals(director)
    return figures


def run_deals(director) -> dict:
    """The deal-by-deal burst alone (`python -m bench.run --deals-only`)."""
    return _burst(director, "Load test party, deal by deal", Phone.play_deals)


ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def _phone_page_kb(port: int, token: str) -> float:
    """What a phone downloads to show its page, as sent (compressed where the server compresses)."""
    total = 0
    connection_ = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    paths = [f"/t/{token}/"]
    seen: set[str] = set()
    while paths:
        path = paths.pop(0)
        if path in seen:
            continue
        seen.add(path)
        connection_.request("GET", path, headers={"Accept-Encoding": "gzip, br"})
        response = connection_.getresponse()
        body = response.read()
        total += len(body)
        if path.startswith("/t/"):
            paths += ASSET.findall(body.decode("utf-8", "replace"))
    connection_.close()
    return round(total / 1024, 1)


def _burst(director, name: str, play) -> dict:
    rng = random.Random(64)
    created = party(CLIENTS, director, name=name, rounds=1)
    tokens = dict(TableToken.objects.filter(party=created, revoked_at__isnull=True).values_list("table", "token"))
    planned = {table: deals(rng) for table in range(1, CLIENTS + 1)}
    port = free_port()
    if connection.vendor == "sqlite":
        # Building the parties left a long write-ahead log; a running server checkpoints as it goes.
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()  # the server's workers open their own
    server = _start(port)
    _warm(port, tokens)
    timings: list[float] = []
    errors: list[str] = []
    barrier = threading.Barrier(CLIENTS)
    phones = [Phone(port, tokens[t], t, planned[t], timings, errors) for t in range(1, CLIENTS + 1)]
    threads = [threading.Thread(target=play, args=(p, barrier), daemon=True) for p in phones]
    # The bench process holds the big parties built before: keep its garbage collector from pausing
    # the 64 client threads mid-burst, which would be timed as the server's latency.
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + LIMIT_S
        for thread in threads:
            thread.join(timeout=max(0.1, deadline - time.monotonic()))
        page_kb = _phone_page_kb(port, tokens[1])
    finally:
        gc.enable()
        gc.unfreeze()
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    stored = {r.table: r for r in TableResult.objects.filter(round__party=created).prefetch_related("deals")}
    lost = 0
    for table, round_deals in planned.items():
        expected = party_rules.round_result(round_deals, "modern")
        result = stored.get(table)
        # Missing, different, not counted, or a deal stored twice from a repeated send.
        wrong = result is None or (result.ns, result.ew) != expected or result.status != "agreed"
        if result is None or wrong or len(result.deals.all()) != len(round_deals):
            lost += 1
    timings.sort()
    return {
        "clients": CLIENTS,
        "submissions": CLIENTS,
        "requests_timed": len(timings),
        "errors": len(errors),
        "lost": lost,
        "p50_ms": round(statistics.median(timings), 1) if timings else None,
        "p95_ms": round(timings[int(0.95 * (len(timings) - 1))], 1) if timings else None,
        "server": f"gunicorn (manage.py serve's: {WORKERS} workers x {THREADS} threads) on 127.0.0.1",
        "database": connection.vendor,
        "phone_page_kb": page_kb,
        "error_samples": errors[:5],
    }

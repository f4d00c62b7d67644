"""kill -9 the serving gunicorn mid-burst: what a phone was told is saved is saved, whole, and nothing is half-done.

gunicorn runs as `serve` runs it (2 workers, 4 threads each, DEBUG off) on a file database holding the
demo party. A phone for each side of every table saves its round and agrees it; the director closes
each round once its tables are in (the next round is seated in the same transaction). Three times the
whole server, master and workers, is SIGKILLed in the middle of that and started again on the crashed
database. Then the database must pass its integrity check; every save and agreement a phone saw
acknowledged must be there exactly as sent; every result must match its last history entry (no
half-written result); no round is half-closed and no next round exists without all its seats.

A phone's post is always answered with a redirect, refusals too (the message says what happened,
in Django's signed messages cookie): a post counts as acknowledged when the redirect carries the
success message ("Saved.", "Thank you: agreed."), as the phone's next page would show it.
"""

import contextlib
import dataclasses
import functools
import http.client
import json
import os
import random
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.contrib.messages import constants as message_levels
from django.contrib.messages.storage.cookie import CookieStorage, MessageSerializer
from django.core import signing
from django.db import connection
from django.test import override_settings
from django.urls import reverse

from tests.paths import ROOT

KEY = "crash-test-only-" + "k" * 50
PASSWORD = "crash-Test-pa55word-2718"
CLUB = "Crash club"
CYCLES = 3
PHONE_STEPS = 300  # bounds: each client stops after this many steps whatever happens
DIRECTOR_STEPS = 150
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
ROUND = re.compile(r'name="round" value="(\d+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
NO_ANSWER = (OSError, http.client.HTTPException)

pytestmark = pytest.mark.skipif(connection.vendor != "sqlite", reason="kills a server on an SQLite file")


@dataclasses.dataclass
class Post:
    kind: str  # "save", "agree" or "close"
    table: int
    round: int
    version: int
    sent: object  # the deals, the side agreeing, or nothing
    status: int | None = None
    location: str = ""
    cookie: str = ""
    error: str = ""

    def told(self) -> list[tuple[int, str]]:
        if not self.cookie:
            return []
        # django-stubs give MessageSerializer no dumps() (Django's has one), so it does not pass as a Serializer.
        messages = _messages_signer().unsign_object(self.cookie, serializer=MessageSerializer)  # type: ignore[arg-type]
        return [(m.level, m.message) for m in messages]

    @property
    def acknowledged(self) -> bool:
        if self.status != 302:
            return False
        if self.kind == "close":
            return "/movement/" in self.location or "/standings/" in self.location
        told = self.told()
        return bool(told) and all(level == message_levels.SUCCESS for level, _ in told)


@functools.cache
def _messages_signer() -> signing.Signer:
    """What the server signs its messages cookie with (made once, in the test's thread, before the clients start)."""
    with override_settings(SECRET_KEY=KEY):
        return signing.get_cookie_signer(salt=CookieStorage.key_salt)  # type: ignore[attr-defined]  # not in the stubs


def _request(port: int, method: str, path: str, cookies: dict, body: dict | None = None):
    """(status, Location, the cookies set, the page); raises when the server gives no whole answer."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Connection": "close", "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
    payload = None
    if body is not None:
        payload = urlencode(body)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        conn.request(method, path, body=payload, headers=headers)
        response = conn.getresponse()
        page = response.read().decode("utf-8", "replace")
    finally:
        conn.close()
    jar = SimpleCookie()
    for header in response.msg.get_all("Set-Cookie") or []:
        jar.load(header)
    return response.status, response.getheader("Location", ""), {k: m.value for k, m in jar.items()}, page


def _deals(rng: random.Random) -> list[tuple[str, str, int]]:
    count = 4 if rng.random() < 0.8 else rng.randint(1, 3)  # now and then a round saved as it goes
    deals = []
    for _ in range(count):
        if rng.random() < 0.15:
            deals.append(("PASS", "", 0))
        else:
            contract = f"{rng.randint(1, 7)}{rng.choice('CDHSN')}{rng.choice(['', '', 'X', 'XX'])}"
            deals.append((contract, rng.choice("NESW"), rng.randint(0, 13)))
    return deals


def _deal_fields(deals) -> dict:
    fields = {}
    for number, (contract, declarer, tricks) in enumerate(deals, start=1):
        if contract == "PASS":
            fields[f"d{number}-level"] = "P"
        else:
            fields |= {f"d{number}-level": contract[0], f"d{number}-strain": contract[1]}
            fields |= {f"d{number}-doubled": contract[2:], f"d{number}-declarer": declarer}
            fields[f"d{number}-tricks"] = str(tricks)
    return fields


class Phone(threading.Thread):
    """One side's phone at a table: opens the page, then saves the round or agrees it, again and again."""

    def __init__(self, port, token, table, side, seed, posts, stop):
        super().__init__(daemon=True)
        self.port, self.path, self.table, self.side = port, reverse("table_page", args=[token]), table, side
        self.page = self.path + "?all=1"  # the whole round's form (the phone's deal-by-deal page aside)
        self.rng, self.posts, self.stop = random.Random(seed), posts, stop
        self.failure = ""

    def run(self):
        cookies: dict = {}
        for _ in range(PHONE_STEPS):
            if self.stop.is_set():
                return
            try:
                status, _, set_, page = _request(self.port, "GET", self.page, cookies)
            except NO_ANSWER:
                return  # the server is gone
            if status != 200:
                self.failure = f"table {self.table}'s page answered {status}"
                return
            cookies |= {k: v for k, v in set_.items() if k == "csrftoken"}
            post, body = self._choose(page)
            if post is None:
                self.stop.wait(0.25)  # nothing to do at this table now: look again in a moment
                continue
            self.posts.append(post)
            try:
                post.status, post.location, set_, _ = _request(self.port, "POST", self.path, cookies, body)
            except NO_ANSWER as error:
                post.error = repr(error)
                return
            post.cookie = set_.get("messages", "")

    def _choose(self, page: str):
        csrf, round_, version = CSRF.search(page), ROUND.search(page), VERSION.search(page)
        if not (csrf and round_ and version):
            return None, None  # no round open for entry
        number, at = int(round_.group(1)), int(version.group(1))
        body = {"csrfmiddlewaretoken": csrf.group(1), "round": str(number), "version": str(at)}
        agree = re.search(rf'name="agree" value="{self.side}" (disabled)?>', page)
        can_save = 'name="save" value="1"' in page
        if agree and agree.group(1) is None and self.rng.random() < 0.7:
            return Post("agree", self.table, number, at, self.side), body | {"agree": self.side}
        if can_save and (agree is None or self.rng.random() < 0.15):  # once agreed, a correction now and then
            deals = _deals(self.rng)
            return Post("save", self.table, number, at, deals), body | {"save": "1", **_deal_fields(deals)}
        return None, None


class Director(threading.Thread):
    """Logged in on the laptop: closes the open round whenever it can (refused while tables still play)."""

    def __init__(self, port, party_id, posts, stop):
        super().__init__(daemon=True)
        self.port, self.party_id, self.posts, self.stop = port, party_id, posts, stop
        self.failure = ""

    def run(self):
        cookies: dict = {}
        try:
            status, _, set_, page = _request(self.port, "GET", reverse("login"), cookies)
            token = CSRF.search(page)
            if token is None:
                self.failure = f"the login page ({status}) has no form: {page[:300]}"
                return
            cookies |= set_
            body = {"username": "dora", "password": PASSWORD, "csrfmiddlewaretoken": token.group(1)}
            status, _, set_, _ = _request(self.port, "POST", reverse("login"), cookies, body)
        except NO_ANSWER:
            return
        if status != 302 or "sessionid" not in set_:
            self.failure = f"the director could not log in: {status}"
            return
        cookies |= set_
        number = 1
        for _ in range(DIRECTOR_STEPS):
            if self.stop.wait(0.2):
                return
            post = Post("close", 0, number, 0, None)
            self.posts.append(post)
            path = reverse("round_close", args=[self.party_id, number])
            try:
                post.status, post.location, set_, _ = _request(
                    self.port, "POST", path, cookies, {"csrfmiddlewaretoken": cookies["csrftoken"]}
                )
            except NO_ANSWER as error:
                post.error = repr(error)
                return
            post.cookie = set_.get("messages", "")
            if "/standings/" in post.location:
                return  # the last round is closed
            if post.acknowledged or any("is already closed" in text for _, text in post.told()):
                number += 1


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _env(tmp_path: Path, database: Path) -> dict:
    drop = ("DATABASE_URL", "SQLITE_PATH", "GUNICORN_CMD_ARGS", "DJANGO_SETTINGS_MODULE")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    return env | {
        "DJANGO_SETTINGS_MODULE": "tests.served_settings",
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]),
        "DEBUG": "false",
        "SECRET_KEY": KEY,
        "ALLOWED_HOSTS": "*",
        "HTTPS": "false",
        "SQLITE_PATH": str(database),
        "DIRECTOR_PASSWORD": PASSWORD,
    }


PREPARE = f"""
import django
django.setup()
from django.core.management import call_command
call_command("migrate", interactive=False, verbosity=0)
# The director first, so the demo's first three tables are the director's entries (counted at once).
call_command("director_add", "dora", club={CLUB!r})
call_command("demo")
"""


def _prepare(tmp_path: Path) -> tuple[Path, dict]:
    database = tmp_path / "db.sqlite3"
    env = _env(tmp_path, database)
    done = subprocess.run([sys.executable, "-c", PREPARE], cwd=ROOT, env=env, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return database, env


def _start(tmp_path: Path, env: dict, port: int, cycle: int) -> subprocess.Popen:
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    command = [gunicorn, "clubdirector.wsgi", "-w", "2", "--threads", "4", "-b", f"127.0.0.1:{port}"]
    command += ["--timeout", "30", "--control-socket", str(tmp_path / f"gunicorn-{cycle}.ctl")]
    log = (tmp_path / f"gunicorn-{cycle}.log").open("wb")
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    log.close()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and server.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server
        except OSError:
            time.sleep(0.1)
    _kill(server)
    raise AssertionError("gunicorn did not start:\n" + (tmp_path / f"gunicorn-{cycle}.log").read_text()[-3000:])


def _kill(server: subprocess.Popen) -> None:
    """SIGKILL to the server's whole process group (its own session): the master and every worker at once."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGKILL)
    server.wait(timeout=10)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.killpg(server.pid, 0)  # a worker still exiting
        except ProcessLookupError:
            return
        time.sleep(0.02)


def _burst(posts: list[Post], since: int, rng: random.Random, *, until_a_close: bool) -> None:
    """Let the burst run until the server has acknowledged a few posts in this run (and, the first time,
    closed a round), then a random moment longer: the kill then lands while the clients are posting."""
    deadline = time.monotonic() + 10  # bounded whatever the machine's speed

    def enough() -> bool:
        these = posts[since:]
        if until_a_close and not any(p.kind == "close" and p.acknowledged for p in these):
            return False
        return sum(p.kind != "close" and p.acknowledged for p in these) >= 3

    while time.monotonic() < deadline and not enough():
        time.sleep(0.05)
    time.sleep(rng.uniform(0.3, 1.2))


def _warm(port: int, path: str) -> None:
    """A server that has been up a while: every worker has loaded the code before the burst."""

    def open_page():
        with contextlib.suppress(*NO_ANSWER):
            _request(port, "GET", path, {})

    threads = [threading.Thread(target=open_page, daemon=True) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)


def test_kill_9_mid_burst_loses_no_acknowledged_save_and_leaves_nothing_half_done(tmp_path):
    database, env = _prepare(tmp_path)
    db = sqlite3.connect(database)
    party_id, tables = db.execute("SELECT id, tables FROM tournaments_party WHERE name = 'Demo party'").fetchone()
    tokens = dict(
        db.execute(
            'SELECT "table", token FROM tournaments_tabletoken WHERE party_id = ? AND revoked_at IS NULL', (party_id,)
        ).fetchall()
    )
    db.close()
    _messages_signer()
    posts: list[Post] = []
    rng = random.Random(1938)
    server = None
    clients: list[Phone | Director] = []
    stop = threading.Event()
    try:
        for cycle in range(CYCLES):
            port = _free_port()
            server = _start(tmp_path, env, port, cycle)
            _warm(port, reverse("table_page", args=[tokens[1]]) + "?all=1")
            stop = threading.Event()
            clients = [
                Phone(port, tokens[table], table, side, f"{cycle}-{table}-{side}", posts, stop)
                for table in range(1, tables + 1)
                for side in ("NS", "EW")
            ] + [Director(port, party_id, posts, stop)]
            since = len(posts)
            for client in clients:
                client.start()
            _burst(posts, since, rng, until_a_close=cycle == 0)
            _kill(server)  # mid-burst: the phones and the director are posting as it dies
            stop.set()
            for client in clients:
                client.join(timeout=15)
            assert not any(client.is_alive() for client in clients)
            failures = [client.failure for client in clients if client.failure]
            assert not failures, f"{failures[0]}; see {tmp_path / f'gunicorn-{cycle}.log'}"
    finally:
        stop.set()
        if server is not None and server.poll() is None:
            _kill(server)
    _check(database, party_id, posts)


def _check(database: Path, party_id: int, posts: list[Post]) -> None:
    db = sqlite3.connect(database)  # opening it replays the log the killed server left, as a restart would
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
        results, changes = _results(db, party_id)
        _check_posts(posts, results, changes)
        _check_results(results, changes)
        _check_rounds(db, party_id, posts)
    finally:
        db.close()


def _results(db, party_id):
    rows = db.execute(
        'SELECT r.id, rd.number, r."table", r.entry, r.status, r.ns, r.ew, r.winner, r.cut, r.locked, r.version '
        "FROM tournaments_tableresult r JOIN tournaments_round rd ON rd.id = r.round_id WHERE rd.party_id = ?",
        (party_id,),
    ).fetchall()
    results = {}
    for id_, number, table, entry, status, ns, ew, winner, cut, locked, version in rows:
        deals = db.execute(
            "SELECT number, contract, declarer, tricks FROM tournaments_dealentry WHERE result_id = ? ORDER BY number",
            (id_,),
        ).fetchall()
        results[(number, table)] = {
            "id": id_,
            "entry": entry,
            "status": status,
            "ns": ns,
            "ew": ew,
            "winner": winner,
            "cut": bool(cut),
            "locked": bool(locked),
            "deals": [list(d) for d in deals],
            "version": version,
        }
    changes: dict[int, list] = {}
    for result_id, action, before, after in db.execute(
        "SELECT result_id, action, before, after FROM tournaments_resultchange ORDER BY id"
    ):
        changes.setdefault(result_id, []).append((action, json.loads(before), json.loads(after)))
    return results, changes


def _check_posts(posts: list[Post], results: dict, changes: dict) -> None:
    answered = [p for p in posts if p.status is not None]
    assert all(p.status == 302 for p in answered), sorted({p.status for p in answered if p.status is not None})
    assert all(p.told() for p in answered if p.kind != "close"), "a phone's answer said nothing"
    acknowledged = [p for p in posts if p.kind != "close" and p.acknowledged]
    cut_off = [p for p in posts if p.error]
    assert len(acknowledged) >= 6, f"too few posts reached the server to tell anything: {len(acknowledged)}"
    assert cut_off, "no post was in flight when the server was killed"
    for post in acknowledged:
        result = results.get((post.round, post.table))
        assert result is not None, f"lost: {post}"
        # The form carried the version it was opened on, and the service takes a post only at that version.
        made = [
            after
            for action, before, after in changes[result["id"]]
            if action == ("entered at the table" if post.kind == "save" else f"{post.sent} agreed")
            and before.get("version", 0) == post.version
        ]
        assert made, f"lost: {post}"
        if post.kind == "save":
            assert isinstance(post.sent, list)  # a save carries its deals
            sent = [[number, *deal] for number, deal in enumerate(post.sent, start=1)]
            assert any([d[:4] for d in after["deals"]] == sent for after in made), f"not as sent: {post}"


FIELDS = ("entry", "status", "ns", "ew", "winner", "cut", "locked", "version")


def _check_results(results: dict, changes: dict) -> None:
    """Each result is exactly what its last history entry says it became: nothing half-written."""
    for key, result in results.items():
        latest = changes[result["id"]][-1][2]
        assert {k: result[k] for k in FIELDS if k in latest} == {k: latest[k] for k in FIELDS if k in latest}, key
        assert result["deals"] == [d[:4] for d in latest["deals"]], key


def _check_rounds(db, party_id: int, posts: list[Post]) -> None:
    tables, planned = db.execute(
        "SELECT tables, rounds_planned FROM tournaments_party WHERE id = ?", (party_id,)
    ).fetchone()
    rounds = db.execute(
        "SELECT id, number, status, closed_at FROM tournaments_round WHERE party_id = ? ORDER BY number", (party_id,)
    ).fetchall()
    assert [number for _, number, _, _ in rounds] == list(range(1, len(rounds) + 1))
    for index, (round_id, number, status, closed_at) in enumerate(rounds):
        assert status in ("playing", "closed") and (status == "closed") == (closed_at is not None), number
        # A round exists only fully seated, and only once the one before it is closed.
        seats = db.execute(
            "SELECT count(*), count(DISTINCT guest_id) FROM tournaments_seat WHERE round_id = ?", (round_id,)
        )
        assert seats.fetchone() == (4 * tables, 4 * tables), number
        if index:
            assert rounds[index - 1][2] == "closed", number
        if status == "closed":
            complete = db.execute(
                "SELECT count(*) FROM tournaments_tableresult "
                "WHERE round_id = ? AND status = 'agreed' AND winner != ''",
                (round_id,),
            ).fetchone()[0]
            assert complete == tables, number
            assert index + 1 < len(rounds) or number >= planned, f"round {number} closed but the next is not seated"
    closed = {number for _, number, status, _ in rounds if status == "closed"}
    for post in posts:
        if post.kind == "close" and post.acknowledged:
            assert post.round in closed, post
    assert any(p.kind == "close" and p.acknowledged for p in posts), "the director never closed a round"

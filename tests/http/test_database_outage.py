"""PostgreSQL stopped under a running `manage.py serve`, then started again: every page and every phone's post
answers 503 with Retry-After meanwhile, never a 500, and no save the phone was told of is lost (issue 41,
item 7; tournaments/http/outage.py).

The test runs a PostgreSQL cluster of its own (initdb in a temporary folder, its own port, as the postgres
user when run as root), never the one the rest of the suite may run on; it is marked own_cluster, which
.ci/run's PostgreSQL pass leaves out (it ran in the SQLite pass already).
"""

import contextlib
import glob
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.clubdirector.test_crash import _kill as kill_server
from tests.management.test_restore import _free_port
from tests.paths import ROOT

pytestmark = pytest.mark.own_cluster
BINARIES = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
DOWN_S = 4  # how long PostgreSQL stays stopped
PARTY = "from bench.build import director, party; party(12, director(), name='Outage', rounds=1)"
TOKENS = (
    'SELECT t."table", t.token FROM tournaments_tabletoken t '
    "JOIN tournaments_party p ON p.id = t.party_id WHERE p.name = 'Outage'"
)
STORED = (
    'SELECT r."table", d.number FROM tournaments_dealentry d JOIN tournaments_tableresult r ON r.id = d.result_id '
    "JOIN tournaments_round rd ON rd.id = r.round_id JOIN tournaments_party p ON p.id = rd.party_id "
    "WHERE p.name = 'Outage'"
)
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Cluster:
    """A throwaway PostgreSQL cluster: initdb, pg_ctl start and stop, psql, as postgres when we are root."""

    def __init__(self) -> None:
        self.bin = Path(BINARIES[-1]).parent
        self.folder = Path(tempfile.mkdtemp(prefix="cd-outage-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")

    def run(self, program: str, *args: str) -> str:
        command = [str(self.bin / program), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, cwd="/", capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"), "-w", "-o", options, "start")

    def stop(self) -> None:
        self.run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def sql(self, query: str) -> list[list[str]]:
        out = self.run(
            "psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-d", "outage", "-At", "-c", query
        )
        return [line.split("|") for line in out.splitlines() if line]

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/outage"


@pytest.fixture
def cluster():
    if not BINARIES:
        pytest.skip("PostgreSQL's binaries are not installed (apt-get install postgresql): no cluster to stop")
    made = Cluster()
    made.run("initdb", "-D", str(made.data), "-A", "trust", "-U", "postgres")
    made.start()
    try:
        made.run("createdb", "-h", "127.0.0.1", "-p", str(made.port), "-U", "postgres", "outage")
        yield made
    finally:
        with contextlib.suppress(AssertionError, subprocess.SubprocessError):
            made.stop()
        shutil.rmtree(made.folder, ignore_errors=True)


def _env(cluster: Cluster, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("SQLITE_PATH", "GUNICORN_CMD_ARGS", "XDG_RUNTIME_DIR")}
    env |= {"DJANGO_SETTINGS_MODULE": "tests.served_settings", "DATABASE_URL": cluster.url}
    return env | {"SECRET_KEY": "outage-test-only-" + "k" * 50, "ALLOWED_HOSTS": "*", "HTTPS": "false"} | extra


def _manage(cluster: Cluster, *args: str) -> None:
    command = [sys.executable, str(ROOT / "manage.py"), *args]
    done = subprocess.run(
        command, cwd=ROOT, env=_env(cluster, DEBUG="true"), capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stderr[-3000:]


def _http(port: int, method: str, path: str, body: dict | None = None, headers: dict | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        connection.request(method, path, body=urlencode(body) if body else None, headers=headers or {})
        response = connection.getresponse()
        answer = response.read()
        return response.status, response.getheader("Retry-After"), response.getheader("Set-Cookie"), answer
    finally:
        connection.close()


class Phones:
    """The phones of a party, as static/phone/phone.js: each deal sent until the server says it is saved,
    sent again with the same id after a 503's Retry-After (shortened here), the pages read between saves."""

    def __init__(self, port: int, tokens: dict[int, str]) -> None:
        self.port, self.tokens = port, tokens
        self.statuses: list[tuple[str, int, str | None]] = []
        self.acknowledged: set[tuple[int, int]] = set()
        self.stop = threading.Event()
        self.forms: dict[int, tuple[str, str]] = {}

    def _open(self, table: int) -> None:
        status, _retry, cookie, page = _http(self.port, "GET", f"/t/{self.tokens[table]}/")
        self.statuses.append(("page", status, _retry))
        found = CSRF.search(page.decode())
        if status == 200 and found and cookie:
            self.forms[table] = (found.group(1), cookie.split(";", 1)[0])

    def _save(self, table: int, deal: int) -> bool:
        csrf, cookie = self.forms[table]
        form = {"csrfmiddlewaretoken": csrf, "action": "deal", "round": "1", "number": str(deal), "side": "NS"}
        form |= {"client_id": f"outage-{table}-{deal}", "deal-level": "3", "deal-strain": "N"}
        form |= {"deal-doubled": "", "deal-declarer": "S", "deal-tricks": "9"}
        headers = {"Accept": "application/json", "Cookie": cookie, "X-CSRFToken": csrf}
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        status, retry, _, answer = _http(self.port, "POST", f"/t/{self.tokens[table]}/", form, headers)
        self.statuses.append(("save", status, retry))
        if status == 200 and json.loads(answer)["ok"]:
            self.acknowledged.add((table, deal))
            return True
        assert status == 503, answer[:300]
        return False

    def play(self) -> None:
        for table in self.tokens:
            self._open(table)
        for deal in (1, 2, 3):
            for table in self.tokens:
                while not self.stop.is_set():
                    self._open(table)  # a page read under the outage too
                    if table in self.forms and self._save(table, deal):
                        break
                    time.sleep(0.2)  # Retry-After, shortened: the test waits for no phone
                time.sleep(0.05)


@pytest.fixture
def served(cluster, tmp_path):
    _manage(cluster, "migrate", "--noinput", "-v", "0")
    _manage(cluster, "shell", "-c", PARTY)
    port = _free_port()
    home = Path(tempfile.mkdtemp(prefix="cd-home-"))
    env = _env(cluster, DEBUG="false", HOST="127.0.0.1", PORT=str(port), HOME=str(home))
    log = (tmp_path / "serve.log").open("wb")
    command = [sys.executable, str(ROOT / "manage.py"), "serve"]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    log.close()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            if _http(port, "GET", "/health/")[0] == 200:
                break
        time.sleep(0.1)
    try:
        yield port
    finally:
        kill_server(server)


def test_postgresql_stopped_and_started_gives_503s_and_loses_no_save(cluster, served):
    tokens = {int(table): token for table, token in cluster.sql(TOKENS)}
    assert len(tokens) == 12
    phones = Phones(served, tokens)
    playing = threading.Thread(target=phones.play)
    playing.start()
    try:
        time.sleep(1.5)
        cluster.stop()
        time.sleep(DOWN_S)
        during = len(phones.statuses)
        cluster.start()
        playing.join(timeout=60)
    finally:
        phones.stop.set()
        playing.join(timeout=30)
    assert not playing.is_alive()
    statuses = [status for _, status, _ in phones.statuses]
    assert 500 not in statuses and set(statuses) <= {200, 503}
    # The outage was met, on pages and saves alike, each 503 with its Retry-After.
    assert {kind for kind, status, _ in phones.statuses if status == 503} == {"page", "save"}
    assert {retry for _, status, retry in phones.statuses if status == 503} == {"5"}
    assert during > 0 and len(phones.acknowledged) == 36
    stored = {(int(table), int(deal)) for table, deal in cluster.sql(STORED)}
    assert stored == phones.acknowledged

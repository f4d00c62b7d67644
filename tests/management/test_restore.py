"""restore_db puts a backup back safely, even over a database whose writer was killed (a stale -wal);
backup_db --keep keeps the newest backups. Everything runs as the commands would: in subprocesses,
on a database file of the test's own (SQLITE_PATH), never the project's db.sqlite3 or backups/."""

import hashlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.db import connection

from tests.clubdirector.test_crash import _kill as kill_server
from tests.paths import ROOT
from tournaments.management.commands.backup_db import backup_sqlite
from tournaments.management.commands.serve import take_serving_lock

sqlite_only = pytest.mark.skipif(connection.vendor != "sqlite", reason="restore_db restores SQLite files")

# A writer in the middle of the evening: its committed changes sit in the -wal (no checkpoint), and it
# is killed with SIGKILL while it holds a further transaction open.
CRASHING_WRITER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA journal_mode=WAL")
db.execute("PRAGMA wal_autocheckpoint=0")
for n in range(30):
    db.execute("BEGIN IMMEDIATE")
    db.execute("UPDATE tournaments_party SET name = ?", (f"Crashed {n}",))
    db.execute("UPDATE tournaments_guest SET name = name || '!'")
    db.execute("COMMIT")
db.execute("BEGIN IMMEDIATE")
db.execute("DELETE FROM tournaments_dealentry")
db.execute("COMMIT")
db.execute("BEGIN IMMEDIATE")
db.execute("DELETE FROM tournaments_resultchange")
print("holding", flush=True)
time.sleep(60)
"""
LOCK_HOLDER = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(60)
"""


def _env(database: Path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH", "GUNICORN_CMD_ARGS")}
    return (
        env | {"DJANGO_SETTINGS_MODULE": "clubdirector.settings", "DEBUG": "true", "SQLITE_PATH": str(database)} | extra
    )


def manage(database: Path, *args: str) -> subprocess.CompletedProcess:
    command = [sys.executable, str(ROOT / "manage.py"), *args]
    return subprocess.run(command, cwd=ROOT, env=_env(database), capture_output=True, text=True, timeout=120)


def ok(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_only(path: Path) -> sqlite3.Connection:
    """The file alone, as it is on disk: no -wal is read or made beside it."""
    return sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)


def dump(db: sqlite3.Connection) -> list[str]:
    try:
        return list(db.iterdump())
    finally:
        db.close()


def integrity(path: Path) -> list[str]:
    db = sqlite3.connect(path)
    try:
        return [row[0] for row in db.execute("PRAGMA integrity_check")]
    finally:
        db.close()


def listing(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): sha(p) if p.is_file() else "dir" for p in sorted(folder.rglob("*"))}


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A migrated database with the demo party, made once: each test copies it."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    path = tmp_path_factory.mktemp("template") / "db.sqlite3"
    ok(manage(path, "migrate", "--noinput", "-v", "0"))
    ok(manage(path, "demo", "--club", "Restore club"))
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return path


@pytest.fixture
def database(template, tmp_path) -> Path:
    path = tmp_path / "club" / "db.sqlite3"
    path.parent.mkdir()
    shutil.copyfile(template, path)
    return path


@sqlite_only
def test_restore_after_a_killed_writer_gives_exactly_the_backup(database, tmp_path):
    backup = tmp_path / "saved.sqlite3"
    ok(manage(database, "backup_db", str(backup)))
    saved, expected = sha(backup), dump(read_only(backup))
    ok(manage(database, "demo", "--club", "Second club"))  # the evening goes on after the backup
    writer = subprocess.Popen([sys.executable, "-c", CRASHING_WRITER, str(database)], stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None  # piped
    try:
        assert writer.stdout.readline().strip() == "holding"
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=10)
        writer.stdout.close()
    wal = Path(f"{database}-wal")
    assert wal.stat().st_size > 0  # the crash left the log behind

    # What the README used to say (copy the backup back as db.sqlite3): SQLite replays the stale log onto it.
    naive = tmp_path / "naive"
    naive.mkdir()
    for suffix in ("-wal", "-shm"):
        shutil.copyfile(f"{database}{suffix}", naive / f"db.sqlite3{suffix}")
    shutil.copyfile(backup, naive / "db.sqlite3")
    naive_db = sqlite3.connect(naive / "db.sqlite3")
    try:
        naive_dump = list(naive_db.iterdump())
    except sqlite3.DatabaseError:
        naive_dump = ["damaged"]
    finally:
        naive_db.close()
    assert naive_dump != expected  # here: the crashed names over the backup's rows, and index errors

    out = ok(manage(database, "restore_db", str(backup)))

    assert dump(sqlite3.connect(database)) == expected
    assert integrity(database) == ["ok"]
    assert sha(backup) == saved and sorted(p.name for p in tmp_path.glob("saved.sqlite3*")) == ["saved.sqlite3"]
    [aside] = (database.parent / "backups").glob("replaced-*")
    assert {"db.sqlite3", "db.sqlite3-wal", "db.sqlite3-shm"} <= {p.name for p in aside.iterdir()}
    assert not wal.exists() or wal.stat().st_size == 0
    # The old files moved together, so the old database is whole there, the writer's last commits included.
    old = sqlite3.connect(aside / "db.sqlite3")
    assert old.execute("SELECT DISTINCT name FROM tournaments_party").fetchall() == [("Crashed 29",)]
    assert old.execute("SELECT count(*) FROM tournaments_dealentry").fetchone() == (0,)
    assert old.execute("SELECT count(*) FROM tournaments_resultchange").fetchone() != (0,)  # never committed
    old.close()
    assert f"db.sqlite3, db.sqlite3-wal, db.sqlite3-shm → {aside}/" in out
    assert f"Put a copy of {backup} in place as {database}" in out
    assert "ok. It holds 1 party, 0 knockouts, 0 Towie tables, 0 Boston tables." in out
    assert "migrate" not in out  # a backup of this version: nothing to apply


def _corrupt(backup: Path) -> None:
    data = bytearray(backup.read_bytes())
    page = 4096
    data[3 * page : 9 * page] = os.urandom(6 * page)
    backup.write_bytes(bytes(data))


@sqlite_only
@pytest.mark.parametrize(
    ("make", "message"),
    [
        ("random bytes", "SQLite cannot read it: it is damaged, or not a database at all (file is not a database)"),
        ("damaged", "damaged"),
        ("another program's database", "not a Club Director one (it has no tournaments_party table)"),
    ],
)
def test_restore_refuses_a_bad_backup_and_changes_nothing(database, tmp_path, make, message):
    backup = tmp_path / "bad.sqlite3"
    if make == "random bytes":
        backup.write_bytes(os.urandom(20_000))
    elif make == "damaged":
        backup_sqlite(database, backup)
        _corrupt(backup)
    else:
        other = sqlite3.connect(backup)
        other.execute("CREATE TABLE notes (text)")
        other.commit()
        other.close()
    before, backup_before = listing(database.parent), sha(backup)
    result = manage(database, "restore_db", str(backup))
    assert result.returncode != 0
    assert "The backup" in result.stderr and message in result.stderr and "Nothing was changed." in result.stderr
    assert "Traceback" not in result.stderr
    assert listing(database.parent) == before and sha(backup) == backup_before


@sqlite_only
def test_restore_refuses_a_live_database_with_its_log_beside_it(database, tmp_path):
    live = tmp_path / "live.sqlite3"
    shutil.copyfile(database, live)
    Path(f"{live}-wal").write_bytes(b"x" * 100)
    before = listing(database.parent)
    result = manage(database, "restore_db", str(live))
    assert result.returncode != 0 and "live.sqlite3-wal lies beside it" in result.stderr
    assert listing(database.parent) == before


STOP_IT = (
    "Stop it first: Ctrl+C in the terminal that runs `make run`, or `sudo systemctl stop clubdirector` where it "
    "runs as a service; then run restore_db again. --force does not change this: a backup is never put in place "
    "under a running server. Nothing was changed."
)


@sqlite_only
def test_restore_and_force_alike_are_refused_while_the_serving_lock_is_held(database, tmp_path):
    backup = tmp_path / "saved.sqlite3"
    backup_sqlite(database, backup)
    with sqlite3.connect(database) as db:
        db.execute("UPDATE tournaments_party SET name = 'Changed since'")
    db.close()
    lock = Path(f"{database}.serving.lock")
    holder = subprocess.Popen([sys.executable, "-c", LOCK_HOLDER, str(lock)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None  # piped
    try:
        assert holder.stdout.readline().strip() == "locked"
        before = listing(database.parent)
        refusals = [manage(database, "restore_db", str(backup), *force) for force in ([], ["--force"])]
        # A holder that wrote nothing in the file (not a serve of this version): the lock alone says it.
        said = f"A server is serving this database ({lock} is locked by a running process). {STOP_IT}"
        for result in refusals:
            assert result.returncode != 0 and result.stdout == ""
            assert result.stderr.strip() == f"CommandError: {said}"
        assert listing(database.parent) == before
    finally:
        holder.kill()
        holder.wait(timeout=10)
        holder.stdout.close()
    ok(manage(database, "restore_db", str(backup), "--force"))  # nothing serves: --force restores as ever
    assert dump(sqlite3.connect(database)) == dump(read_only(backup))


@sqlite_only
def test_a_second_restore_meanwhile_is_told_to_wait(database, tmp_path):
    backup = tmp_path / "saved.sqlite3"
    backup_sqlite(database, backup)
    lock = Path(f"{database}.serving.lock")
    fd = take_serving_lock(lock, {"command": "restore_db", "pid": 4321})
    assert fd is not None
    try:
        before = listing(database.parent)
        result = manage(database, "restore_db", str(backup))
        said = "Another restore_db (process 4321) is at work on this database: wait for it to end. Nothing was changed."
        assert result.returncode != 0 and result.stderr.strip() == f"CommandError: {said}"
        assert listing(database.parent) == before
    finally:
        os.close(fd)


@sqlite_only
def test_a_backup_older_than_the_code_says_how_many_migrations_to_apply(database, tmp_path):
    backup = tmp_path / "old.sqlite3"
    backup_sqlite(database, backup)
    db = sqlite3.connect(backup)
    applied = db.execute("SELECT count(*) FROM django_migrations").fetchone()[0]
    # As if the backup were made before the last two migrations of tournaments and one of auth.
    for app, last in (("tournaments", 2), ("auth", 1)):
        db.execute(
            "DELETE FROM django_migrations WHERE id IN "
            "(SELECT id FROM django_migrations WHERE app = ? ORDER BY name DESC LIMIT ?)",
            (app, last),
        )
    db.commit()
    db.execute("PRAGMA journal_mode=DELETE")
    db.close()
    expected = dump(read_only(backup))
    out = ok(manage(database, "restore_db", str(backup)))
    assert "(3 migrations to apply): run `python manage.py migrate` before serving." in out
    assert dump(sqlite3.connect(database)) == expected  # the check read the restored file, wrote nothing
    assert applied > 3


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@sqlite_only
def test_serve_holds_the_lock_as_long_as_the_server_lives(database, tmp_path):
    backup = tmp_path / "saved.sqlite3"
    backup_sqlite(database, backup)
    port = _free_port()
    env = _env(database) | {
        "DEBUG": "false",
        "SECRET_KEY": "restore-test-only-" + "k" * 50,
        "ALLOWED_HOSTS": "*",
        "HTTPS": "false",
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "GUNICORN_CMD_ARGS": f"--control-socket {tmp_path / 'gunicorn.ctl'}",
    }
    log = (tmp_path / "serve.log").open("wb")
    command = [sys.executable, str(ROOT / "manage.py"), "serve"]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    log.close()
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and server.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        assert server.poll() is None, (tmp_path / "serve.log").read_text()
        # gunicorn (the serve command exec'd it) and its workers hold the lock taken before the exec.
        result = manage(database, "restore_db", str(backup))
        # serve's pid is gunicorn's master's (serve exec'd it), the address the one it was given.
        said = f"A server is serving this database: process {server.pid}, listening on 127.0.0.1:{port}"
        assert result.returncode != 0 and said in result.stderr and "Ctrl+C" in result.stderr
        second = manage(database, "serve")
        assert second.returncode != 0 and "is locked" in second.stderr
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)  # its own session: gunicorn and its workers
        server.wait(timeout=10)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the workers die with the master's group
        try:
            os.killpg(server.pid, 0)
            time.sleep(0.05)
        except ProcessLookupError:
            break
    # Killed with -9, the server leaves no stale lock behind: the kernel dropped it.
    ok(manage(database, "restore_db", str(backup)))


@sqlite_only
def test_backup_keep_leaves_the_newest_backups(database):
    folder = database.parent / "backups"
    folder.mkdir()
    old = [folder / f"club-2024010{n}-200000.sqlite3" for n in range(1, 5)]
    for age, path in enumerate(reversed(old), start=1):
        path.write_bytes(b"an old backup")
        stamp = time.time() - age * 86_400
        os.utime(path, (stamp, stamp))
    notes = folder / "notes.txt"
    notes.write_text("not a backup")
    out = ok(manage(database, "backup_db", "--keep", "2"))
    kept = sorted(p.name for p in folder.glob("club-*.sqlite3"))
    assert len(kept) == 2 and kept[0] == old[-1].name and kept[1] > old[-1].name
    assert read_only(folder / kept[1]).execute("SELECT count(*) FROM tournaments_party").fetchone() == (1,)
    assert "Removed 3 older backups" in out and all(p.name in out for p in old[:3])
    assert notes.exists()

    result = manage(database, "backup_db", "--keep", "0")
    assert result.returncode != 0 and "1 or more" in result.stderr and "Traceback" not in result.stderr
    assert sorted(p.name for p in folder.glob("club-*.sqlite3")) == kept


def test_restore_on_postgresql_touches_nothing_and_fails(tmp_path):
    if connection.vendor == "sqlite":
        pytest.skip("the refusal is for PostgreSQL")
    result = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "restore_db", str(tmp_path / "x.sqlite3")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0 and "pg_restore" in result.stderr
    assert not list(tmp_path.iterdir())


def _serve(database: Path, tmp_path: Path, home: Path, port: int) -> subprocess.Popen:
    """`manage.py serve` (gunicorn, DEBUG off) on the test's database; waits until it answers."""
    env = {k: v for k, v in _env(database).items() if k != "XDG_RUNTIME_DIR"} | {
        "DJANGO_SETTINGS_MODULE": "tests.served_settings",
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]),
        "DEBUG": "false",
        "SECRET_KEY": "restore-test-only-" + "k" * 50,
        "ALLOWED_HOSTS": "*",
        "HTTPS": "false",
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "HOME": str(home),  # gunicorn's control socket goes in ~/.gunicorn/: the test's own
    }
    log = (tmp_path / f"serve-{port}.log").open("wb")
    command = [sys.executable, str(ROOT / "manage.py"), "serve"]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    log.close()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and server.poll() is None:
        try:
            if _http(port, "GET", "/health/")[0] == 200:
                return server
        except OSError:
            pass
        time.sleep(0.1)
    kill_server(server)
    raise AssertionError("serve did not start:\n" + (tmp_path / f"serve-{port}.log").read_text()[-3000:])


def _http(port: int, method: str, path: str, body: dict | None = None, headers: dict | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.request(method, path, body=urlencode(body) if body is not None else None, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read().decode("utf-8", "replace")
    finally:
        conn.close()


class PhoneAtTable:
    """A table's phone as static/phone/phone.js posts: one deal at a time, asking for JSON."""

    def __init__(self, port: int, token: str):
        self.port, self.path = port, f"/t/{token}/"
        status, headers, page = _http(port, "GET", self.path)
        assert status == 200, page[:500]
        self.cookie = headers["Set-Cookie"].split(";", 1)[0]
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert found, "the phone's page carries no CSRF token"
        self.csrf = found.group(1)

    def post_deal(self, number: int, contract: str, declarer: str, tricks: int, client_id: str):
        body = {"csrfmiddlewaretoken": self.csrf, "action": "deal", "round": "1", "number": str(number)}
        body |= {"side": "NS", "client_id": client_id, "deal-level": contract[0], "deal-strain": contract[1]}
        body |= {"deal-doubled": "", "deal-declarer": declarer, "deal-tricks": str(tricks)}
        headers = {"Accept": "application/json", "Cookie": self.cookie, "X-CSRFToken": self.csrf}
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        status, _, text = _http(self.port, "POST", self.path, body, headers)
        return status, json.loads(text)


def _deals_at(path: Path, table: int) -> list[tuple]:
    """Round 1's deals stored for the table, read from the file with sqlite3 (its -wal included)."""
    db = sqlite3.connect(path)
    try:
        return db.execute(
            "SELECT d.number, d.contract, d.declarer, d.tricks FROM tournaments_dealentry d "
            "JOIN tournaments_tableresult r ON r.id = d.result_id JOIN tournaments_round rd ON rd.id = r.round_id "
            'WHERE rd.number = 1 AND r."table" = ? ORDER BY d.number',
            (table,),
        ).fetchall()
    finally:
        db.close()


def _stop(server: subprocess.Popen) -> None:
    """Ctrl+C in the terminal that runs `make run`: SIGINT to the server's whole process group."""
    os.killpg(server.pid, signal.SIGINT)
    try:
        server.wait(timeout=30)
    finally:
        kill_server(server)  # whatever did not stop (nothing, normally), and waits for the workers to end


def _party_on_the_phone(port: int, path: str) -> str:
    status, _, page = _http(port, "GET", path)
    assert status == 200, page[:500]
    found = re.search(r'data-party="([^"]*)"', page)
    assert found, "the page names no party"
    return found.group(1)


@sqlite_only
def test_restore_is_refused_while_serve_runs_and_restores_exactly_once_it_is_stopped(database, tmp_path):
    """serve, back up, the evening goes on (a rename, a phone's deal); restore_db and restore_db --force are
    refused, naming the server, and change no byte. Stopped (Ctrl+C), the restore gives exactly the
    backup, and a server started again serves it: the old name, no deal, and the phone's deal taken again."""
    db = sqlite3.connect(database)
    db.execute("UPDATE tournaments_party SET name = 'Spring evening'")
    db.commit()
    token = db.execute('SELECT token FROM tournaments_tabletoken WHERE "table" = 4').fetchone()[0]
    db.close()
    backup = tmp_path / "saved.sqlite3"
    home = Path(tempfile.mkdtemp(prefix="cd-home-"))  # short: a socket's path must stay under ~100 characters
    port = _free_port()
    server = _serve(database, tmp_path, home, port)
    try:
        # Item 15: this server's own control socket, never gunicorn's shared ~/.gunicorn/gunicorn.ctl.
        [control] = (home / ".gunicorn").glob(f"clubdirector-{port}-*.ctl")
        assert stat.S_ISSOCK(control.stat().st_mode) and not (home / ".gunicorn" / "gunicorn.ctl").exists()

        ok(manage(database, "backup_db", str(backup)))
        expected = dump(read_only(backup))
        db = sqlite3.connect(database)
        db.execute("UPDATE tournaments_party SET name = 'Changed since'")
        db.commit()
        db.close()
        phone = PhoneAtTable(port, token)
        status, answer = phone.post_deal(1, "3N", "S", 9, "restore-test-1")
        assert (status, answer["ok"], answer["message"]) == (200, True, "Deal 1 saved.")
        assert _party_on_the_phone(port, phone.path) == "Changed since"

        before = listing(database.parent)
        said = (
            f"CommandError: A server is serving this database: process {server.pid}, listening on "
            f"127.0.0.1:{port} (it holds {database}.serving.lock). {STOP_IT}"
        )
        for force in ([], ["--force"]):
            result = manage(database, "restore_db", str(backup), *force)
            assert result.returncode != 0 and result.stdout == "" and result.stderr.strip() == said
        assert listing(database.parent) == before  # every file byte for byte: nothing moved, nothing written
        assert not (database.parent / "backups").exists()
        assert _deals_at(database, 4) == [(1, "3N", "S", 9)]
    finally:
        _stop(server)

    out = ok(manage(database, "restore_db", str(backup)))
    assert "ok. It holds 1 party, 0 knockouts, 0 Towie tables, 0 Boston tables." in out
    assert dump(sqlite3.connect(database)) == expected and integrity(database) == ["ok"]
    [aside] = (database.parent / "backups").glob("replaced-*")
    assert _deals_at(aside / "db.sqlite3", 4) == [(1, "3N", "S", 9)]  # the evening's last deal, kept aside

    port = _free_port()
    server = _serve(database, tmp_path, home, port)
    try:
        phone = PhoneAtTable(port, token)
        assert _party_on_the_phone(port, phone.path) == "Spring evening"
        assert _deals_at(database, 4) == []
        status, answer = phone.post_deal(1, "3N", "S", 9, "restore-test-1-again")
        assert (status, answer["ok"], answer["message"]) == (200, True, "Deal 1 saved.")
    finally:
        _stop(server)
        shutil.rmtree(home, ignore_errors=True)
    assert _deals_at(database, 4) == [(1, "3N", "S", 9)] and integrity(database) == ["ok"]

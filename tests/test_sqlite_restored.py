"""A database file replaced under a running server (restore_db --force): the SQLite backend
(clubdirector/sqlite/base.py) refuses every write that begins after the swap, whatever file its
connection has open, and the site answers 503 "The database was restored: restart the server." until
it is restarted (tournaments.http.middleware.RestoredDatabaseMiddleware)."""

import shutil
import sqlite3
import threading
import time

import pytest
from django.core.management.base import CommandError
from django.db import connection as test_connection
from django.test import RequestFactory

from clubdirector.sqlite.base import SERVED_ENV, DatabaseReplaced, replaced, served_value, writers_lock
from tests.test_sqlite_queue import connection_to
from tournaments.http.middleware import BusyDatabaseMiddleware, RestoredDatabaseMiddleware
from tournaments.management.commands import restore_db
from tournaments.management.commands.restore_db import Command as RestoreCommand

RESTORED = "The database was restored: restart the server."
REFUSAL = "the database file was replaced (restore_db): restart the server"


@pytest.fixture(autouse=True)
def own_databases(django_db_blocker, monkeypatch):
    # These tests open their own database files (never the test database), as a server process would.
    monkeypatch.delenv(SERVED_ENV, raising=False)
    with django_db_blocker.unblock():
        yield


def write_one(connection, value: int) -> None:
    connection.ensure_connection()  # as transaction.atomic() does before it begins
    connection._start_transaction_under_autocommit()
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO t (v) VALUES (%s)", [value])


def values_in(path) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT v FROM t ORDER BY v").fetchall()
    finally:
        db.close()


@pytest.fixture
def served(tmp_path):
    """A database of one table t (v), as a server has it open: one value committed."""
    path = tmp_path / "club" / "db.sqlite3"
    path.parent.mkdir()
    connection = connection_to(path)
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("CREATE TABLE t (v integer)")
    write_one(connection, 1)
    connection.commit()
    yield path, connection
    connection.close()


def restore(path, value: int, *, hold=None) -> None:
    """What restore_db does to the files: a database holding `value` put in place, the old one aside,
    under the writers' lock (`hold`: seconds to keep it after the swap)."""
    backup = path.parent / "backup.sqlite3"
    with sqlite3.connect(path) as source, sqlite3.connect(backup) as db:
        source.backup(db)  # as backup_db copies it: the -wal's commits included
    source.close()
    db.execute("DELETE FROM t")
    db.execute("INSERT INTO t VALUES (?)", (value,))
    db.commit()
    db.close()
    incoming = path.parent / ".db.sqlite3.restoring"
    shutil.copyfile(backup, incoming)
    with writers_lock(str(path), 5) as got:
        assert got
        RestoreCommand()._swap(incoming, path, path.parent / "aside")
        if hold:
            time.sleep(hold)


def test_a_write_transaction_after_the_swap_is_refused_and_lands_in_neither_file(served):
    path, connection = served
    restore(path, 100)
    with pytest.raises(DatabaseReplaced, match=r"^the database file was replaced \(restore_db\): restart the server$"):
        write_one(connection, 2)
    assert connection._holding is False and not connection.in_atomic_block
    assert values_in(path) == [(100,)] and values_in(path.parent / "aside" / "db.sqlite3") == [(1,)]
    assert replaced(str(path))


def test_a_writer_waiting_while_the_restore_swaps_is_refused_when_it_gets_in(served):
    path, connection = served
    outcome: list[object] = []

    def writer():
        time.sleep(0.1)  # the restore holds the lock by now: this save waits for it
        try:
            write_one(connection, 2)
            connection.commit()
            outcome.append("written")
        except DatabaseReplaced as error:
            outcome.append(str(error))

    thread = threading.Thread(target=writer)
    thread.start()
    restore(path, 100, hold=0.4)
    thread.join(5)
    assert outcome == [REFUSAL]
    assert values_in(path) == [(100,)] and values_in(path.parent / "aside" / "db.sqlite3") == [(1,)]


def test_a_single_write_outside_a_transaction_is_refused_too(served):
    path, connection = served
    restore(path, 100)
    with pytest.raises(DatabaseReplaced), connection.cursor() as cursor:
        cursor.execute("INSERT INTO t (v) VALUES (%s)", [3])
    assert connection._holding is False
    with connection.cursor() as cursor:  # a read goes on (the middleware refuses the request before it)
        cursor.execute("SELECT count(*) FROM t")
        assert cursor.fetchone() == (1,)
    assert values_in(path) == [(100,)] and values_in(path.parent / "aside" / "db.sqlite3") == [(1,)]


def test_before_the_swap_writes_go_on_as_ever(served):
    path, connection = served
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO t (v) VALUES (%s)", [2])  # outside a transaction: queued, checked, freed
    assert connection._holding is False
    write_one(connection, 3)
    connection.commit()
    assert values_in(path) == [(1,), (2,), (3,)] and not replaced(str(path))


def test_a_connection_the_server_opens_after_the_swap_writes_nothing_either(served):
    path, connection = served
    restore(path, 100)
    connection.close()  # the worker's connection ends (its age, a new thread): the next opens the new file
    later = connection_to(path)
    with pytest.raises(DatabaseReplaced):
        write_one(later, 2)
    later.close()
    assert values_in(path) == [(100,)]


def test_the_workers_of_serve_refuse_a_file_other_than_the_one_serve_started_on(tmp_path, monkeypatch):
    path = tmp_path / "db.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (v integer)")
    db.close()
    monkeypatch.setenv(SERVED_ENV, served_value(str(path)))  # as serve passes it to gunicorn's workers
    restore(path, 100)  # before this worker opened anything
    worker = connection_to(path)
    with pytest.raises(DatabaseReplaced):
        write_one(worker, 2)
    worker.close()
    assert values_in(path) == [(100,)]
    # A process that serve did not start serves whatever it opened first.
    monkeypatch.delenv(SERVED_ENV)
    other = tmp_path / "other" / "db.sqlite3"
    other.parent.mkdir()
    shutil.copyfile(path, other)
    fresh = connection_to(other)
    write_one(fresh, 2)
    fresh.commit()
    fresh.close()
    assert values_in(other) == [(2,), (100,)]


sqlite_only = pytest.mark.skipif(test_connection.vendor != "sqlite", reason="a restore replaces an SQLite file")


@sqlite_only
@pytest.mark.django_db
def test_every_request_answers_503_restart_the_server_once_the_file_is_replaced(client, monkeypatch):
    path = test_connection.settings_dict["NAME"]
    assert client.get("/health/").status_code == 200
    monkeypatch.setenv(SERVED_ENV, f"0:0:{path}")  # the server started on another file than the one there now
    client.handler._middleware_chain = None  # a new server process: the middleware is made again
    response = client.get("/health/")
    assert response.status_code == 503 and response["Retry-After"] == "30"
    assert f"<h1>{RESTORED}</h1>" in response.content.decode()
    response = client.post("/t/some-token/", {"action": "deal"}, headers={"accept": "application/json"})
    assert response.status_code == 503
    assert response.json() == {"ok": False, "message": RESTORED, "restored": True}


def test_a_write_refused_during_a_request_answers_503_not_busy():
    request = RequestFactory().post("/t/some-token/", {"action": "deal"}, headers={"accept": "application/json"})
    error = DatabaseReplaced(REFUSAL)
    assert BusyDatabaseMiddleware(lambda r: None).process_exception(request, error) is None
    response = RestoredDatabaseMiddleware(lambda r: None).process_exception(request, error)
    assert response.status_code == 503 and b'"restored": true' in response.content
    assert RestoredDatabaseMiddleware(lambda r: None).process_exception(request, ValueError()) is None


def test_a_restore_waits_for_a_write_under_way_which_stays_in_the_old_file(served):
    path, connection = served
    write_one(connection, 2)  # a save in the middle of its transaction as the restore begins
    done = threading.Event()
    threading.Thread(target=lambda: (restore(path, 100), done.set()), daemon=True).start()
    time.sleep(0.3)
    assert not done.is_set() and values_in(path) == [(1,)]  # the restore waits for the commit
    connection.commit()  # acknowledged before the swap: it belongs to the old file
    assert done.wait(5)
    assert values_in(path) == [(100,)] and values_in(path.parent / "aside" / "db.sqlite3") == [(1,), (2,)]


def test_restore_gives_up_plainly_when_a_write_holds_the_lock_too_long(tmp_path, monkeypatch):
    database, backup = tmp_path / "db.sqlite3", tmp_path / "backup.sqlite3"
    for path, name in ((database, "live"), (backup, "saved")):
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE tournaments_party (name text)")
        db.execute("INSERT INTO tournaments_party VALUES (?)", (name,))
        db.commit()
        db.close()
    monkeypatch.setattr(restore_db, "SWAP_WAIT_S", 0.3)
    before = sorted(p.name for p in tmp_path.iterdir())
    with writers_lock(str(database), 1) as got:  # a server's write that does not end
        assert got
        with pytest.raises(CommandError) as refused:
            restore_db.Command()._restore(backup, database)
    said = "A write to the database was still going on after 0.3 s: try again. Nothing was changed."
    assert str(refused.value) == said
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*before, "db.sqlite3.writers"])
    db = sqlite3.connect(database)
    assert db.execute("SELECT name FROM tournaments_party").fetchall() == [("live",)]
    db.close()

"""The SQLite writers' queue (clubdirector/sqlite/base.py): a waiting writer goes in as soon as the last one
commits, not after SQLite's busy back-off; past the timeout it gets SQLite's own "database is locked"."""

import threading
import time
from typing import Any

import pytest
from django.db.utils import ConnectionHandler, OperationalError


@pytest.fixture(autouse=True)
def own_databases(django_db_blocker):
    # These tests open their own database files, never the test database.
    with django_db_blocker.unblock():
        yield


def connection_to(path, timeout: float = 5):
    handler = ConnectionHandler(
        {"default": {"ENGINE": "clubdirector.sqlite", "NAME": str(path),
                     "OPTIONS": {"timeout": timeout, "transaction_mode": "IMMEDIATE"}}}
    )  # fmt: skip
    return handler["default"]


def with_table(path, timeout: float = 5):
    """A connection to a fresh database of one table, t (v)."""
    connection = connection_to(path, timeout)
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE t (v integer)")
    return connection


def values_in(connection) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT v FROM t ORDER BY v")
        return cursor.fetchall()


def write_one(connection, value: int) -> None:
    connection.ensure_connection()  # as transaction.atomic() does before it begins
    connection._start_transaction_under_autocommit()
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO t (v) VALUES (%s)", [value])


def test_a_waiting_writer_goes_in_right_after_the_commit(tmp_path):
    first = with_table(tmp_path / "db.sqlite3")
    write_one(first, 1)
    entered: list[float] = []

    def second_writer():
        second = connection_to(tmp_path / "db.sqlite3")
        write_one(second, 2)
        entered.append(time.monotonic())
        second.commit()
        second.close()

    waiting = threading.Thread(target=second_writer)
    waiting.start()
    # Long enough for SQLite's own back-off to sleep 100 ms a try (tries at 328, 428, 528 ms…): the stock
    # backend's writer would go in some 80 ms after this commit.
    time.sleep(0.45)
    assert not entered, "the second writer went in while the first held the lock"
    committed = time.monotonic()
    first.commit()
    waiting.join(5)
    assert entered and entered[0] - committed < 0.04
    assert values_in(first) == [(1,), (2,)]
    first.close()


def test_past_the_timeout_the_writer_is_refused_and_holds_nothing(tmp_path):
    first = with_table(tmp_path / "db.sqlite3")
    write_one(first, 1)
    outcome: list[Any] = []  # the error and the time it took, then whether the connection still holds

    def impatient():
        second = connection_to(tmp_path / "db.sqlite3", timeout=0.2)
        start = time.monotonic()
        try:
            write_one(second, 2)
        except OperationalError as error:
            outcome.append((str(error), time.monotonic() - start))
        outcome.append(second._holding)
        second.close()

    thread = threading.Thread(target=impatient)
    thread.start()
    thread.join(5)
    (message, waited), holding = outcome
    assert message == "database is locked" and 0.2 <= waited < 1 and holding is False
    first.commit()
    write_one(first, 3)  # the refused writer left the queue free
    first.commit()
    assert values_in(first) == [(1,), (3,)]
    first.close()


@pytest.mark.parametrize("name", [":memory:", "file:memorydb_default?mode=memory&cache=shared"])
def test_an_in_memory_database_has_no_queue(name):
    assert connection_to(name)._writers_path() is None


def test_a_rolled_back_or_failed_transaction_frees_the_queue(tmp_path):
    first = with_table(tmp_path / "db.sqlite3", timeout=0.2)
    write_one(first, 1)
    first.rollback()
    assert first._holding is False
    second = connection_to(tmp_path / "db.sqlite3", timeout=0.2)
    write_one(second, 2)  # goes in at once: nothing is left holding the queue
    second.close()  # closed mid-transaction: the queue is freed with it
    write_one(first, 3)
    first.commit()
    assert values_in(first) == [(3,)]
    first.close()


def test_without_a_writable_folder_writers_fall_back_on_sqlites_own_wait(tmp_path):
    connection = connection_to(tmp_path / "db.sqlite3")
    connection._writers_path = lambda: str(tmp_path / "no-such-folder" / "db.sqlite3.writers")
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE t (v integer)")
    write_one(connection, 1)
    connection.commit()
    assert connection._holding is False
    connection.close()

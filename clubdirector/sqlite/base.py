"""Django's SQLite backend, with its writers queued on a lock file beside the database.

SQLite lets one writer at a time in. A second writer that finds the write lock taken waits in
SQLite's busy handler, which sleeps 1, 2, 5, 10 … up to 100 ms a try and does not wake when the lock
frees: under a burst of phone saves most of a save's time went in those sleeps while the lock stood
free. Here each write transaction first takes an exclusive flock(2) on `<database>.writers`, polled
every 0.2 to 2 ms, so a waiting writer goes in within a couple of milliseconds of the last one's
commit; BEGIN IMMEDIATE then finds the lock free. The flock is released at commit, rollback or close
(and by the kernel if a worker dies). A single write statement outside a transaction (autocommit)
takes the same lock for the statement. Every writer keeps SQLite's own busy timeout when the lock
file cannot be made. An in-memory database has no file and needs no queue.
"""

import contextlib
import fcntl
import functools
import os
import time
from collections.abc import Iterator

from django.db.backends.sqlite3 import base
from django.db.utils import OperationalError

FIRST_PAUSE_S, LONGEST_PAUSE_S = 0.0002, 0.002
# The statements that write, for a statement run outside a transaction (WITH may start an INSERT).
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "WITH")


def database_file(name) -> str | None:
    """The absolute path of an SQLite database file, or None for an in-memory database."""
    name = str(name or "")
    if not name or name == ":memory:" or name.startswith("file:") or "mode=memory" in name:
        return None
    return os.path.abspath(name)


def _take(fd: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    pause = FIRST_PAUSE_S
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() > deadline:
                return False
            time.sleep(pause)
            pause = min(2 * pause, LONGEST_PAUSE_S)


def _writes(query: str) -> bool:
    return query.lstrip()[:7].upper().startswith(WRITES)


@functools.lru_cache(maxsize=1024)
def _qmark(query: str) -> str:
    """Django's "format" placeholders as sqlite3's "qmark" ones, as the backend converts them: once a query
    text, not on every run (the phone's statements are a handful of fixed texts, run on every save)."""
    return base.FORMAT_QMARK_REGEX.sub("?", query).replace("%%", "%")


class GuardedCursor(base.SQLiteCursorWrapper):
    """A write statement run outside a transaction takes the writers' lock too; a query's placeholders are
    converted once a text."""

    wrapper: "DatabaseWrapper"

    def convert_query(self, query, *, param_names=None):
        if param_names is None:
            return _qmark(query)
        return super().convert_query(query, param_names=param_names)  # type: ignore[misc]  # not in the stubs

    def execute(self, query, params=None):
        if self.connection.in_transaction or not _writes(query):
            return super().execute(query, params)
        with self.wrapper._alone():
            return super().execute(query, params)

    def executemany(self, query, param_list):
        if self.connection.in_transaction or not _writes(query):
            return super().executemany(query, param_list)
        with self.wrapper._alone():
            return super().executemany(query, param_list)


class DatabaseWrapper(base.DatabaseWrapper):
    _writers_fd: int | None = None
    _holding = False

    def _database_file(self) -> str | None:
        return database_file(self.settings_dict["NAME"])

    def _writers_path(self) -> str | None:
        path = self._database_file()
        return None if path is None else f"{path}.writers"

    def create_cursor(self, name=None):
        cursor = self.connection.cursor(factory=GuardedCursor)
        cursor.wrapper = self
        return cursor

    def _queue(self) -> None:
        path = self._writers_path()
        if path is None:
            return
        if self._writers_fd is None:
            try:
                self._writers_fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:
                return  # a folder we may not write in: SQLite's own busy timeout still keeps writers apart
        if not _take(self._writers_fd, float(self.settings_dict["OPTIONS"].get("timeout", 5))):
            raise OperationalError("database is locked")
        self._holding = True

    def _leave(self) -> None:
        if self._holding and self._writers_fd is not None:
            fcntl.flock(self._writers_fd, fcntl.LOCK_UN)
        self._holding = False

    @contextlib.contextmanager
    def _alone(self) -> Iterator[None]:
        """One write statement outside a transaction, queued like a transaction."""
        if self._holding:
            yield
            return
        self._queue()
        try:
            yield
        finally:
            # With autocommit off, sqlite3 began a transaction itself: the lock is kept until its end.
            if self.connection is None or not self.connection.in_transaction:
                self._leave()

    def _start_transaction_under_autocommit(self):
        self._queue()
        try:
            super()._start_transaction_under_autocommit()  # type: ignore[misc]  # the backend's own hook, not in the stubs
        except BaseException:
            self._leave()
            raise

    def _commit(self):
        try:
            return super()._commit()  # type: ignore[misc]  # the backend's own hook, not in the stubs
        finally:
            self._leave()

    def _rollback(self):
        try:
            return super()._rollback()  # type: ignore[misc]  # the backend's own hook, not in the stubs
        finally:
            self._leave()

    def _close(self):
        try:
            return super()._close()  # type: ignore[misc]  # the backend's own hook, not in the stubs
        finally:
            self._leave()
            if self._writers_fd is not None:
                os.close(self._writers_fd)
                self._writers_fd = None

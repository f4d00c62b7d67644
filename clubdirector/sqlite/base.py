"""Django's SQLite backend, with its writers queued on a lock file beside the database, and every write
refused once the database file has been replaced under the running server (restore_db).

SQLite lets one writer at a time in. A second writer that finds the write lock taken waits in
SQLite's busy handler, which sleeps 1, 2, 5, 10 … up to 100 ms a try and does not wake when the lock
frees: under a burst of phone saves most of a save's time went in those sleeps while the lock stood
free. Here each write transaction first takes an exclusive flock(2) on `<database>.writers`, polled
every 0.2 to 2 ms, so a waiting writer goes in within a couple of milliseconds of the last one's
commit; BEGIN IMMEDIATE then finds the lock free. The flock is released at commit, rollback or close
(and by the kernel if a worker dies). A single write statement outside a transaction (autocommit)
takes the same lock for the statement. Every writer keeps SQLite's own busy timeout when the lock
file cannot be made. An in-memory database has no file and needs no queue.

A restore while serving (`restore_db --force`) moves the database file aside and puts another in its
place, holding that same lock while it swaps them. A connection keeps writing into the file it opened,
wherever it now lies: every save would be acknowledged and then be missing from the live database.
So a connection records the file it opened (device and inode, seen at the path before and after
opening it), and once it holds the lock, before every write, checks that the path still names that
file, and that file is the one this server started on (`serve` passes it to its workers, see
SERVED_ENV; otherwise the first one this process opened). If not, DatabaseReplaced is raised and
nothing is written; tournaments.http.middleware.RestoredDatabaseMiddleware answers it, and every request
that follows, with 503 "The database was restored: restart the server".
"""

import contextlib
import fcntl
import os
import time
from collections.abc import Iterator

from django.db.backends.sqlite3 import base
from django.db.utils import OperationalError

FIRST_PAUSE_S, LONGEST_PAUSE_S = 0.0002, 0.002
# "<device>:<inode>:<absolute path>" of the database `serve` started on, for every worker it forks.
SERVED_ENV = "CLUBDIRECTOR_SERVED_DATABASE"
# The statements that write, for a statement run outside a transaction (WITH may start an INSERT).
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "WITH")

Identity = tuple[int, int]
# The first database file this process opened at each path: the one it serves, unless `serve` said.
_first_opened: dict[str, Identity] = {}


class DatabaseReplaced(OperationalError):
    """The database file this server opened is no longer the one at its path: a restore replaced it."""


def database_file(name) -> str | None:
    """The absolute path of an SQLite database file, or None for an in-memory database."""
    name = str(name or "")
    if not name or name == ":memory:" or name.startswith("file:") or "mode=memory" in name:
        return None
    return os.path.abspath(name)


def default_database_file() -> str | None:
    """The default database's file when this backend serves it, else None (PostgreSQL, in memory)."""
    from django.db import connections

    settings_dict = connections["default"].settings_dict
    if settings_dict["ENGINE"] != "clubdirector.sqlite":
        return None
    return database_file(settings_dict["NAME"])


def identity(path: str) -> Identity | None:
    """Which file is at the path now (device, inode), or None when there is none."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino


def served_value(path: str) -> str | None:
    """What `serve` puts in SERVED_ENV for its workers: the file now at the path."""
    found = identity(path)
    return None if found is None else f"{found[0]}:{found[1]}:{path}"


def served_identity(path: str) -> Identity | None:
    """The file this server serves at the path: the one `serve` started on, else the first one opened here."""
    device, _, rest = os.environ.get(SERVED_ENV, "").partition(":")
    inode, _, served_path = rest.partition(":")
    if served_path == path and device.isdigit() and inode.isdigit():
        return int(device), int(inode)
    return _first_opened.get(path)


def replaced(path: str | None) -> bool:
    """The file at the path is not the one this server serves (a restore swapped it, or it is gone)."""
    if path is None:
        return False
    served = served_identity(path)
    return served is not None and identity(path) != served


@contextlib.contextmanager
def writers_lock(path: str, timeout: float) -> Iterator[bool]:
    """Hold the writers' lock of the database at `path` (as a writer does); yields False if not got in time."""
    fd = os.open(f"{path}.writers", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if not _take(fd, timeout):
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


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


class GuardedCursor(base.SQLiteCursorWrapper):
    """A write statement run outside a transaction takes the writers' lock and the file check too."""

    wrapper: "DatabaseWrapper"

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
    _opened: Identity | None = None  # the file this connection opened; None when unknown

    def _database_file(self) -> str | None:
        return database_file(self.settings_dict["NAME"])

    def _writers_path(self) -> str | None:
        path = self._database_file()
        return None if path is None else f"{path}.writers"

    def get_new_connection(self, conn_params):
        path = self._database_file()
        before = None if path is None else identity(path)
        conn = super().get_new_connection(conn_params)
        if path is not None:
            after = identity(path)
            # Seen the same before and after opening, it is the file opened. A database made by opening
            # it had no file before. Anything else (a restore swapping files meanwhile) is unknown: no writes.
            self._opened = after if before in (None, after) else None
            if self._opened is not None:
                _first_opened.setdefault(path, self._opened)
        return conn

    def create_cursor(self, name=None):
        cursor = self.connection.cursor(factory=GuardedCursor)
        cursor.wrapper = self
        return cursor

    def file_replaced(self) -> bool:
        """This connection's file is not (or no longer) the one at the path that this server serves."""
        path = self._database_file()
        if path is None:
            return False
        now = identity(path)
        return self._opened is None or now != self._opened or now != (served_identity(path) or now)

    def _check_file(self) -> None:
        if self.connection is not None and self.file_replaced():
            raise DatabaseReplaced("the database file was replaced (restore_db): restart the server")

    def _queue(self) -> None:
        path = self._writers_path()
        if path is None:
            return
        if self._writers_fd is None:
            try:
                self._writers_fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:
                self._check_file()  # without the lock, at least refuse a file already replaced
                return  # a folder we may not write in: SQLite's own busy timeout still keeps writers apart
        if not _take(self._writers_fd, float(self.settings_dict["OPTIONS"].get("timeout", 5))):
            raise OperationalError("database is locked")
        self._holding = True
        try:
            # Under the lock a restore cannot swap the files: what is checked now holds until commit.
            self._check_file()
        except BaseException:
            self._leave()
            raise

    def _leave(self) -> None:
        if self._holding and self._writers_fd is not None:
            fcntl.flock(self._writers_fd, fcntl.LOCK_UN)
        self._holding = False

    @contextlib.contextmanager
    def _alone(self) -> Iterator[None]:
        """One write statement outside a transaction, queued and checked like a transaction."""
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

    def close_if_unusable_or_obsolete(self):
        # Between requests, a connection to a file a restore moved aside is closed at once, rather
        # than when the server stops, after something may have begun writing the restored file.
        if self.connection is not None and not self.in_atomic_block and self.file_replaced():
            self.close()
            return
        super().close_if_unusable_or_obsolete()

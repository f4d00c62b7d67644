"""Django's SQLite backend, with its writers queued on a lock file beside the database.

SQLite lets one writer at a time in. A second writer that finds the write lock taken waits in
SQLite's busy handler, which sleeps 1, 2, 5, 10 … up to 100 ms a try and does not wake when the lock
frees: under a burst of phone saves most of a save's time went in those sleeps while the lock stood
free. Here each write transaction first takes an exclusive flock(2) on `<database>.writers`, polled
every 0.2 to 2 ms, so a waiting writer goes in within a couple of milliseconds of the last one's
commit; BEGIN IMMEDIATE then finds the lock free. The flock is released at commit, rollback or close
(and by the kernel if a worker dies). A writer outside a transaction (autocommit) keeps SQLite's own
busy timeout, as does every writer when the lock file cannot be made. An in-memory database has no file
and needs no queue.
"""

import fcntl
import os
import time

from django.db.backends.sqlite3 import base
from django.db.utils import OperationalError

FIRST_PAUSE_S, LONGEST_PAUSE_S = 0.0002, 0.002


class DatabaseWrapper(base.DatabaseWrapper):
    _writers_fd: int | None = None
    _holding = False

    def _writers_path(self) -> str | None:
        name = str(self.settings_dict["NAME"] or "")
        if not name or name == ":memory:" or name.startswith("file:") or "mode=memory" in name:
            return None
        return f"{name}.writers"

    def _queue(self) -> None:
        path = self._writers_path()
        if path is None:
            return
        if self._writers_fd is None:
            try:
                self._writers_fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:
                return  # a folder we may not write in: SQLite's own busy timeout still keeps writers apart
        deadline = time.monotonic() + float(self.settings_dict["OPTIONS"].get("timeout", 5))
        pause = FIRST_PAUSE_S
        while True:
            try:
                fcntl.flock(self._writers_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise OperationalError("database is locked") from None
                time.sleep(pause)
                pause = min(2 * pause, LONGEST_PAUSE_S)
            else:
                self._holding = True
                return

    def _leave(self) -> None:
        if self._holding and self._writers_fd is not None:
            fcntl.flock(self._writers_fd, fcntl.LOCK_UN)
        self._holding = False

    def _start_transaction_under_autocommit(self):
        self._queue()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._leave()
            raise

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._leave()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._leave()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._leave()
            if self._writers_fd is not None:
                os.close(self._writers_fd)
                self._writers_fd = None

"""`restore_db BACKUP [--force]`: put a backup back as the SQLite database, safely.

Copying a backup over db.sqlite3 by hand is not safe after a crash: a writer killed mid-evening leaves
db.sqlite3-wal behind, and SQLite replays that log onto whatever file is now called db.sqlite3 (the
backup), mixing the old database's pages into it. So the old database is moved aside together with
its -wal/-shm/-journal files (they stay a consistent set there), and a checked copy of the backup
is put in their place.
"""

import datetime
import fcntl
import os
import shutil
import sqlite3
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from tournaments.management.commands.backup_db import backups_folder
from tournaments.management.commands.serve import serving_lock_path

# The files SQLite keeps beside a database; each would be replayed onto a new file of the same name.
COMPANIONS = ("-wal", "-shm", "-journal")
COUNTS = (
    ("party", "parties", "tournaments_party"),
    ("knockout", "knockouts", "tournaments_knockout"),
    ("Towie table", "Towie tables", "tournaments_towietable"),
    ("Boston table", "Boston tables", "tournaments_bostontable"),
)
UNCHANGED = "Nothing was changed."


def _open(path: Path, mode: str) -> sqlite3.Connection:
    # immutable=1 reads the file alone: no -wal or -shm is read or made beside the user's backup.
    params = "mode=ro&immutable=1" if mode == "read" else "mode=rw"
    return sqlite3.connect(f"{path.absolute().as_uri()}?{params}", uri=True)


def database_problem(path: Path, mode: str = "read") -> str | None:
    """What makes the file no sound Club Director database, or None when it is one."""
    try:
        db = _open(path, mode)
    except sqlite3.Error as error:
        return f"it cannot be opened ({error})"
    try:
        rows = [row[0] for row in db.execute("PRAGMA integrity_check").fetchall()]
        if rows != ["ok"]:
            return f"it is damaged: SQLite's integrity check found {len(rows)} problem(s), first: {rows[0]}"
        if not db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tournaments_party'").fetchone():
            return "it is an SQLite database, but not a Club Director one (it has no tournaments_party table)"
    except sqlite3.DatabaseError as error:
        return f"SQLite cannot read it: it is damaged, or not a database at all ({error})"
    finally:
        db.close()
    return None


def _counts(db: sqlite3.Connection) -> str:
    parts = []
    for one, many, table in COUNTS:
        try:
            count = db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        except sqlite3.OperationalError:
            parts.append(f"no {table} table")
            continue
        parts.append(f"{count} {one if count == 1 else many}")
    return ", ".join(parts)


def _unapplied_migrations(db: sqlite3.Connection) -> int:
    try:
        applied = set(db.execute("SELECT app, name FROM django_migrations").fetchall())
    except sqlite3.OperationalError:
        applied = set()
    return len(set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations) - applied)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _aside_folder(database: Path) -> Path:
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    folder, n = backups_folder(database) / f"replaced-{stamp}", 1
    while folder.exists():
        n += 1
        folder = backups_folder(database) / f"replaced-{stamp}-{n}"
    return folder


class Command(BaseCommand):
    help = "Put a backup back as the SQLite database: the old one (and its -wal/-shm) is moved aside into backups/."

    def add_arguments(self, parser):
        parser.add_argument("backup", help="The backup file, e.g. backups/club-20250101-200000.sqlite3.")
        parser.add_argument(
            "--force", action="store_true", help="Go ahead even though the site is serving (then restart it at once)."
        )

    def handle(self, *args, backup, force=False, **options):
        if connection.vendor != "sqlite":
            raise CommandError(
                "The database is PostgreSQL: restore it with pg_restore (or psql for a plain SQL dump), "
                f"see the README. {UNCHANGED}"
            )
        database = Path(settings.DATABASES["default"]["NAME"]).absolute()
        source = Path(backup).absolute()
        self._check_backup(source, database)
        lock = self._serving_lock(database, force)
        try:
            connection.close()  # Django's own connection must not hold the old file open
            self._restore(source, database)
        finally:
            if lock is not None:
                os.close(lock)

    def _check_backup(self, source: Path, database: Path) -> None:
        if not source.is_file():
            raise CommandError(f"There is no backup file at {source}. {UNCHANGED}")
        if not database.parent.is_dir():
            raise CommandError(f"The database's folder {database.parent} does not exist. {UNCHANGED}")
        if database.exists() and source.samefile(database):
            raise CommandError(f"{source} is the database itself, not a backup. {UNCHANGED}")
        for suffix in ("-wal", "-journal"):
            beside = Path(f"{source}{suffix}")
            if beside.exists() and beside.stat().st_size:
                raise CommandError(
                    f"The backup is refused: {beside.name} lies beside it, so it is a live database (or a copy taken "
                    f"with its log), not a backup made by backup_db, and that log may hold part of its data. "
                    f"Restore a backup made by backup_db. {UNCHANGED}"
                )
        problem = database_problem(source)
        if problem:
            raise CommandError(f"The backup {source} is refused: {problem}. {UNCHANGED}")

    def _serving_lock(self, database: Path, force: bool) -> int | None:
        """Hold the serving lock (so the site cannot start meanwhile); refuse when a server holds it."""
        path = serving_lock_path(database)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if not force:
                raise CommandError(
                    f"The site is serving ({path} is locked by the running server): stop it first, or use --force. "
                    f"{UNCHANGED}"
                ) from None
            self.stdout.write(
                "The site is serving: going ahead because of --force. Restart the server straight after: "
                "its workers still have the old database open."
            )
            return None
        return fd

    def _restore(self, source: Path, database: Path) -> None:
        # The copy is made and checked beside the database first: nothing is moved unless it is sound.
        incoming = database.with_name(f".{database.name}.restoring")
        for path in [incoming, *(Path(f"{incoming}{s}") for s in COMPANIONS)]:
            path.unlink(missing_ok=True)
        try:
            shutil.copyfile(source, incoming)
            _fsync(incoming)
            problem = database_problem(incoming)
            if problem:
                raise CommandError(f"The copy of the backup at {incoming} is refused: {problem}. {UNCHANGED}")
        except BaseException:
            incoming.unlink(missing_ok=True)
            raise
        present = [p for p in (database, *(Path(f"{database}{s}") for s in COMPANIONS)) if p.exists()]
        aside = _aside_folder(database)
        if present:
            aside.mkdir(parents=True)
            for path in present:
                shutil.move(path, aside / path.name)
            _fsync(aside)
        os.replace(incoming, database)
        _fsync(database.parent)
        if present:
            names = ", ".join(p.name for p in present)
            self.stdout.write(f"Moved the old database aside: {names} → {aside}/ (kept together, as they were).")
        else:
            self.stdout.write(f"There was no database at {database}: nothing to move aside.")
        self.stdout.write(f"Put a copy of {source} in place as {database} (the backup file itself is untouched).")
        problem = database_problem(database, mode="write")
        if problem:
            raise CommandError(
                f"The restored database fails its check: {problem}. The old files are in {aside}/: "
                "move them back to put things as they were."
            )
        db = _open(database, "write")
        try:
            counts, unapplied = _counts(db), _unapplied_migrations(db)
        finally:
            db.close()
        self.stdout.write(f"Integrity check of the restored database: ok. It holds {counts}.")
        if unapplied:
            self.stdout.write(
                f"The backup predates this version of Club Director ({unapplied} migration(s) to apply): "
                "run `python manage.py migrate` before serving."
            )

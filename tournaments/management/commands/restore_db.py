"""`restore_db BACKUP [--force]`: put a backup back as the SQLite database, safely.

Copying a backup over db.sqlite3 by hand is not safe after a crash: a writer killed mid-evening leaves
db.sqlite3-wal behind, and SQLite replays that log onto whatever file is now called db.sqlite3 (the
backup), mixing the old database's pages into it. So the old database is moved aside together with
its -wal/-shm/-journal files (they stay a consistent set there), and a checked copy of the backup
is put in their place.

A server still running on the old file (`--force`) would go on writing into it where it now lies, and
tell the phones "saved". So the files are swapped while holding the writers' lock every write
transaction of the server takes first (clubdirector/sqlite/base.py): a write that begins after the
swap finds another file at the database's path and is refused, and the server answers every request
with 503 "The database was restored: restart the server" until it is started again.
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
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from clubdirector.sqlite.base import writers_lock
from tournaments.management.commands.backup_db import backups_folder
from tournaments.management.commands.serve import serving_lock_path

# The files SQLite keeps beside a database; each would be replayed onto a new file of the same name.
COMPANIONS = ("-wal", "-shm", "-journal")
COUNTS = (
    (ngettext_lazy("%(count)s party", "%(count)s parties", "count"), "tournaments_party"),
    (ngettext_lazy("%(count)s knockout", "%(count)s knockouts", "count"), "tournaments_knockout"),
    (ngettext_lazy("%(count)s Towie table", "%(count)s Towie tables", "count"), "tournaments_towietable"),
    (ngettext_lazy("%(count)s Boston table", "%(count)s Boston tables", "count"), "tournaments_bostontable"),
)
UNCHANGED = gettext_lazy("Nothing was changed.")
# How long to wait for a write under way to end before swapping the files (the server's own timeout).
SWAP_WAIT_S = 20


def _open(path: Path, mode: str) -> sqlite3.Connection:
    # immutable=1 reads the file alone: no -wal or -shm is read or made beside the user's backup.
    params = "mode=ro&immutable=1" if mode == "read" else "mode=rw"
    return sqlite3.connect(f"{path.absolute().as_uri()}?{params}", uri=True)


def database_problem(path: Path, mode: str = "read") -> str | None:
    """What makes the file no sound Club Director database, or None when it is one."""
    try:
        db = _open(path, mode)
    except sqlite3.Error as error:
        return _("it cannot be opened (%(error)s)") % {"error": error}
    try:
        rows = [row[0] for row in db.execute("PRAGMA integrity_check").fetchall()]
        if rows != ["ok"]:
            said = ngettext(
                "it is damaged: SQLite's integrity check found %(count)s problem, first: %(first)s",
                "it is damaged: SQLite's integrity check found %(count)s problems, first: %(first)s",
                len(rows),
            )
            return said % {"count": len(rows), "first": rows[0]}
        if not db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tournaments_party'").fetchone():
            return _("it is an SQLite database, but not a Club Director one (it has no tournaments_party table)")
    except sqlite3.DatabaseError as error:
        return _("SQLite cannot read it: it is damaged, or not a database at all (%(error)s)") % {"error": error}
    finally:
        db.close()
    return None


def _counts(db: sqlite3.Connection) -> str:
    parts = []
    for words, table in COUNTS:
        try:
            count = db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        except sqlite3.OperationalError:
            parts.append(_("no %(table)s table") % {"table": table})
            continue
        parts.append(words % {"count": count})
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
            said = _(
                "The database is PostgreSQL: restore it with pg_restore (or psql for a plain SQL dump), "
                "see docs/user-guide.md."
            )
            raise CommandError(f"{said} {UNCHANGED}")
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
        if lock is None:
            self.stdout.write(
                _(
                    "The running server must be restarted now: until it is, it refuses every page and every "
                    'save (503, "The database was restored: restart the server.") and writes nothing. Stop it '
                    "and start it again before anything else (migrate included)."
                )
            )

    def _check_backup(self, source: Path, database: Path) -> None:
        if not source.is_file():
            raise CommandError(_("There is no backup file at %(path)s.") % {"path": source} + f" {UNCHANGED}")
        if not database.parent.is_dir():
            said = _("The database's folder %(folder)s does not exist.") % {"folder": database.parent}
            raise CommandError(f"{said} {UNCHANGED}")
        if database.exists() and source.samefile(database):
            said = _("%(path)s is the database itself, not a backup.") % {"path": source}
            raise CommandError(f"{said} {UNCHANGED}")
        for suffix in ("-wal", "-journal"):
            beside = Path(f"{source}{suffix}")
            if beside.exists() and beside.stat().st_size:
                said = _(
                    "The backup is refused: %(log)s lies beside it, so it is a live database (or a copy taken "
                    "with its log), not a backup made by backup_db, and that log may hold part of its data. "
                    "Restore a backup made by backup_db."
                ) % {"log": beside.name}
                raise CommandError(f"{said} {UNCHANGED}")
        problem = database_problem(source)
        if problem:
            said = _("The backup %(path)s is refused: %(problem)s.") % {"path": source, "problem": problem}
            raise CommandError(f"{said} {UNCHANGED}")

    def _serving_lock(self, database: Path, force: bool) -> int | None:
        """Hold the serving lock (so the site cannot start meanwhile); refuse when a server holds it."""
        path = serving_lock_path(database)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if not force:
                said = _(
                    "The site is serving (%(path)s is locked by the running server): stop it first, or use --force."
                ) % {"path": path}
                raise CommandError(f"{said} {UNCHANGED}") from None
            self.stdout.write(
                _(
                    "The site is serving: going ahead because of --force. Restart the server straight after: "
                    "its workers still have the old database open."
                )
            )
            return None
        return fd

    def _swap(self, incoming: Path, database: Path, aside: Path) -> list[Path]:
        """Move the old files aside and put the new one in place; returns the old files' paths.

        The old database is linked into the folder aside, not moved, so something is at the database's
        path at every moment: a server's connection opened meanwhile finds a file, never makes an empty one.
        """
        present = [p for p in (database, *(Path(f"{database}{s}") for s in COMPANIONS)) if p.exists()]
        if not present:
            os.replace(incoming, database)
            _fsync(database.parent)
            return present
        aside.mkdir(parents=True)
        for path in present:
            if path == database:
                try:
                    os.link(path, aside / path.name)
                except OSError:  # a file system without hard links: moved, as the others
                    shutil.move(path, aside / path.name)
            else:
                shutil.move(path, aside / path.name)
        _fsync(aside)
        os.replace(incoming, database)
        _fsync(database.parent)
        return present

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
                said = _("The copy of the backup at %(path)s is refused: %(problem)s.") % {
                    "path": incoming,
                    "problem": problem,
                }
                raise CommandError(f"{said} {UNCHANGED}")
        except BaseException:
            incoming.unlink(missing_ok=True)
            raise
        aside = _aside_folder(database)
        with writers_lock(str(database), SWAP_WAIT_S) as got:
            if not got:
                incoming.unlink(missing_ok=True)
                said = _("A write to the database was still going on after %(seconds)s s: try again.") % {
                    "seconds": SWAP_WAIT_S
                }
                raise CommandError(f"{said} {UNCHANGED}")
            present = self._swap(incoming, database, aside)
        if present:
            names = ", ".join(p.name for p in present)
            said = _("Moved the old database aside: %(names)s → %(folder)s/ (kept together, as they were).")
            self.stdout.write(said % {"names": names, "folder": aside})
        else:
            self.stdout.write(_("There was no database at %(path)s: nothing to move aside.") % {"path": database})
        said = _("Put a copy of %(source)s in place as %(path)s (the backup file itself is untouched).")
        self.stdout.write(said % {"source": source, "path": database})
        problem = database_problem(database, mode="write")
        if problem:
            said = _(
                "The restored database fails its check: %(problem)s. The old files are in %(folder)s/: "
                "move them back to put things as they were."
            )
            raise CommandError(said % {"problem": problem, "folder": aside})
        db = _open(database, "write")
        try:
            counts, unapplied = _counts(db), _unapplied_migrations(db)
        finally:
            db.close()
        self.stdout.write(_("Integrity check of the restored database: ok. It holds %(counts)s.") % {"counts": counts})
        if unapplied:
            said = ngettext(
                "The backup predates this version of Club Director (%(count)s migration to apply): "
                "run `python manage.py migrate` before serving.",
                "The backup predates this version of Club Director (%(count)s migrations to apply): "
                "run `python manage.py migrate` before serving.",
                unapplied,
            )
            self.stdout.write(said % {"count": unapplied})

"""`restore_db BACKUP [--force]`: put a backup back as the SQLite database, safely, while nothing serves it.

Copying a backup over db.sqlite3 by hand is not safe after a crash: a writer killed mid-evening leaves
db.sqlite3-wal behind, and SQLite replays that log onto whatever file is now called db.sqlite3 (the
backup), mixing the old database's pages into it. So the old database is moved aside together with
its -wal/-shm/-journal files (they stay a consistent set there), and a checked copy of the backup
is put in their place.

A server still running on the old file would go on reading and writing it where it now lies, and
tell the phones "saved". So restore_db refuses while a server holds the database's serving lock
(`serve`, which `make run` and the clubdirector service run, takes it and writes its pid and address
in it), saying which server and how to stop it, and holds that lock itself while it works, so no
server starts meanwhile. `--force` is kept for the scripts that pass it: it never overrides that.
"""

import datetime
import os
import shutil
import sqlite3
from io import StringIO
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from tournaments.management.commands.backup_db import backups_folder
from tournaments.management.commands.serve import serving_lock_holder, serving_lock_path, take_serving_lock

# The files SQLite keeps beside a database; each would be replayed onto a new file of the same name.
COMPANIONS = ("-wal", "-shm", "-journal")
COUNTS = (
    (ngettext_lazy("%(count)s party", "%(count)s parties", "count"), "tournaments_party"),
    (ngettext_lazy("%(count)s knockout", "%(count)s knockouts", "count"), "tournaments_knockout"),
    (ngettext_lazy("%(count)s Towie table", "%(count)s Towie tables", "count"), "tournaments_towietable"),
    (ngettext_lazy("%(count)s Boston table", "%(count)s Boston tables", "count"), "tournaments_bostontable"),
)
UNCHANGED = gettext_lazy("Nothing was changed.")
HOW_TO_STOP = gettext_lazy(
    "Stop it first: Ctrl+C in the terminal that runs `make run`, or `sudo systemctl stop clubdirector` "
    "where it runs as a service; then run restore_db again. --force does not change this: a backup is "
    "never put in place under a running server."
)


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


def _unapplied_migrations() -> int:
    """How many of this version's migrations the database Django has open has not applied.

    showmigrations (documented: an applied migration is marked [X], one to apply [ ]) reads the
    django_migrations table of the restored file, now at the database's path, against the migration
    files of every installed app.
    """
    listing = StringIO()
    call_command("showmigrations", stdout=listing, no_color=True)
    return sum(1 for line in listing.getvalue().splitlines() if line.strip().startswith("[ ]"))


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


def _server_refusal(lock: Path) -> str:
    """Who holds the serving lock, as it wrote it there (serve.take_serving_lock), and what to do."""
    holder = serving_lock_holder(lock)
    if holder.get("command") == "restore_db":
        said = _("Another restore_db (process %(pid)s) is at work on this database: wait for it to end.")
        return said % {"pid": holder.get("pid", "?")}
    if holder.get("command") == "serve":
        said = _(
            "A server is serving this database: process %(pid)s, listening on %(host)s:%(port)s (it holds %(lock)s)."
        ) % {
            "pid": holder.get("pid", "?"),
            "host": holder.get("host", "?"),
            "port": holder.get("port", "?"),
            "lock": lock,
        }
    else:
        said = _("A server is serving this database (%(lock)s is locked by a running process).") % {"lock": lock}
    return f"{said} {HOW_TO_STOP}"


class Command(BaseCommand):
    help = (
        "Put a backup back as the SQLite database: the old one (and its -wal/-shm) is moved aside into backups/. "
        "Refused while a server serves the database."
    )

    def add_arguments(self, parser):
        parser.add_argument("backup", help="The backup file, e.g. backups/club-20250101-200000.sqlite3.")
        parser.add_argument(
            "--force",
            action="store_true",
            help="Kept for the scripts that pass it: the restore is still refused while a server runs.",
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
        lock = serving_lock_path(database)
        fd = take_serving_lock(lock, {"command": "restore_db", "pid": os.getpid()})
        if fd is None:  # with --force too: nothing else than a server's lock ever stopped a restore
            raise CommandError(f"{_server_refusal(lock)} {UNCHANGED}")
        try:
            connection.close()  # Django's own connection must not hold the old file open
            self._restore(source, database)
        finally:
            os.close(fd)

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

    def _swap(self, incoming: Path, database: Path, aside: Path) -> list[Path]:
        """Move the old files aside together and put the new one in place; returns the old files' paths."""
        present = [p for p in (database, *(Path(f"{database}{s}") for s in COMPANIONS)) if p.exists()]
        if present:
            aside.mkdir(parents=True)
            for path in present:
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
            counts = _counts(db)
        finally:
            db.close()
        unapplied = _unapplied_migrations()
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

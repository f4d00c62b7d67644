"""A consistent copy of the SQLite database, safe while the server runs (SQLite's online backup API)."""

import datetime
import sqlite3
from contextlib import closing
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def backup_sqlite(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    # closing(): `with connect()` only commits, and an unclosed connection lives on until Python's cycle
    # collector frees it, holding the database open meanwhile (its -wal is then never cleaned up).
    with closing(sqlite3.connect(source, timeout=30)) as src, closing(sqlite3.connect(target)) as dst:
        # The backup API copies pages under SQLite's own locking: writers may go on meanwhile.
        src.backup(dst, pages=256)
    check = sqlite3.connect(target)
    try:
        if check.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise CommandError(_("The copy at %(path)s failed its integrity check.") % {"path": target})
    finally:
        check.close()


def backups_folder(database) -> Path:
    """backups/ beside the database: the project folder's for the default db.sqlite3."""
    return Path(database).absolute().parent / "backups"


def backups_prune(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest `keep` club-*.sqlite3 backups in the folder; returns those deleted."""
    found = [path for path in folder.glob("club-*.sqlite3") if path.is_file()]
    found.sort(key=lambda path: (path.stat().st_mtime, path.name), reverse=True)
    for path in found[keep:]:
        path.unlink()
    return found[keep:]


class Command(BaseCommand):
    help = "Back up the SQLite database while the site runs (default: backups/club-YYYYmmdd-HHMMSS.sqlite3)."

    def add_arguments(self, parser):
        parser.add_argument("target", nargs="?")
        parser.add_argument(
            "--keep", type=int, metavar="N", help="Then keep only the newest N club-*.sqlite3 backups in backups/."
        )

    def handle(self, *args, target=None, keep=None, **options):
        if connection.vendor != "sqlite":
            raise CommandError(_("The database is PostgreSQL: back it up with pg_dump (see docs/user-guide.md)."))
        if keep is not None and keep < 1:
            raise CommandError(
                _("--keep %(keep)s: say how many backups to keep, 1 or more. Nothing was backed up.") % {"keep": keep}
            )
        source = Path(settings.DATABASES["default"]["NAME"])
        if not source.exists():
            raise CommandError(_("There is no database at %(path)s.") % {"path": source})
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        folder = backups_folder(source)
        path = Path(target) if target else folder / f"club-{stamp}.sqlite3"
        backup_sqlite(source, path)
        self.stdout.write(_("Backed up %(source)s to %(path)s.") % {"source": source, "path": path})
        if keep is not None:
            removed = backups_prune(folder, keep) if folder.is_dir() else []
            if removed:
                names = ", ".join(p.name for p in removed)
                said = ngettext(
                    "Removed %(count)s older backup from %(folder)s, keeping the newest %(keep)s: %(names)s.",
                    "Removed %(count)s older backups from %(folder)s, keeping the newest %(keep)s: %(names)s.",
                    len(removed),
                )
                self.stdout.write(said % {"count": len(removed), "folder": folder, "keep": keep, "names": names})
            else:
                said = _("No older backups to remove from %(folder)s (keeping the newest %(keep)s).")
                self.stdout.write(said % {"folder": folder, "keep": keep})

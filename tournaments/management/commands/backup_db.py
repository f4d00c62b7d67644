"""A consistent copy of the SQLite database, safe while the server runs (SQLite's online backup API)."""

import datetime
import sqlite3
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection


def backup_sqlite(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(source, timeout=30) as src, sqlite3.connect(target) as dst:
        # The backup API copies pages under SQLite's own locking: writers may go on meanwhile.
        src.backup(dst, pages=256)
    check = sqlite3.connect(target)
    try:
        if check.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise CommandError(f"The copy at {target} failed its integrity check.")
    finally:
        check.close()


class Command(BaseCommand):
    help = "Back up the SQLite database while the site runs (default: backups/club-YYYYmmdd-HHMMSS.sqlite3)."

    def add_arguments(self, parser):
        parser.add_argument("target", nargs="?")

    def handle(self, *args, target=None, **options):
        if connection.vendor != "sqlite":
            raise CommandError("The database is PostgreSQL: back it up with pg_dump (see the README).")
        source = Path(settings.DATABASES["default"]["NAME"])
        if not source.exists():
            raise CommandError(f"There is no database at {source}.")
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        path = Path(target) if target else settings.BASE_DIR / "backups" / f"club-{stamp}.sqlite3"
        backup_sqlite(source, path)
        self.stdout.write(f"Backed up {source} to {path}.")

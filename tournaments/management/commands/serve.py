"""Serve the site for a party night and say which address the phones should use."""

import fcntl
import os
import shutil
import sys
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils.translation import gettext as _

from tournaments.selectors.clubs import setup_needed
from tournaments.site_url import _lan_address

# gunicorn's bounds on what comes before the body (its own defaults but for fewer headers: a browser sends
# about 15); the body's own cap is the app's (tournaments.request_limits).
GUNICORN_LIMITS = ["--limit-request-line", "4094", "--limit-request-fields", "50", "--limit-request-field_size", "8190"]


def serving_lock_path(database) -> Path:
    """The file a serving process keeps locked (flock) as long as it serves this SQLite database."""
    return Path(f"{Path(database).absolute()}.serving.lock")


def _hold_serving_lock() -> int | None:
    """Lock the serving lock file; the descriptor survives the exec, so the lock lives as long as the server.

    restore_db tries the same lock and refuses while it is held. The kernel drops the lock when the
    server's last process ends, however it ends (kill -9 included): no stale lock file to clean up.
    """
    if connection.vendor != "sqlite":
        return None
    path = serving_lock_path(settings.DATABASES["default"]["NAME"])
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise CommandError(
            _("Another server, or a restore, is using this database (%(path)s is locked): stop it first.")
            % {"path": path}
        ) from None
    os.set_inheritable(fd, True)
    return fd


class Command(BaseCommand):
    help = "Serve Club Director on HOST:PORT (defaults 0.0.0.0:8000, the local network) and print the addresses."

    def handle(self, *args, **options):
        self.serving_lock = _hold_serving_lock()  # kept open: runserver here, or gunicorn after the exec
        host = os.environ.get("HOST", "0.0.0.0")
        # The QR codes must carry an address the server listens on: tell the app which it is.
        os.environ["LISTEN_HOST"] = host
        port = os.environ.get("PORT", "8000")
        self.stdout.write(_("Club Director: open http://127.0.0.1:%(port)s/ on this computer.") % {"port": port})
        if setup_needed():
            self.stdout.write(
                _(
                    "First run: that page sets up your club and your login. Only this computer can do it, "
                    "not a phone or another computer on the network."
                )
            )
        if host in ("0.0.0.0", "::"):
            lan = _lan_address()
            if lan:
                said = _(
                    "Phones on the same Wi-Fi use http://%(address)s:%(port)s/ (the table cards' QR codes say so)."
                )
                self.stdout.write(said % {"address": lan, "port": port})
            else:
                self.stdout.write(_("No network address found: phones cannot reach this computer yet (is Wi-Fi on?)."))
        else:
            said = _(
                "Listening on %(host)s only: phones cannot reach it. "
                "For score entry at the tables run plain `make run`."
            )
            self.stdout.write(said % {"host": host})
        if settings.DEBUG:
            call_command("runserver", f"{host}:{port}", use_reloader=False)
            return
        gunicorn = Path(sys.executable).parent / "gunicorn"
        binary = str(gunicorn) if gunicorn.exists() else shutil.which("gunicorn") or "gunicorn"
        # A few threads per worker keep every table's phone and the director's live page answered.
        os.execv(
            binary, [binary, "clubdirector.wsgi", "-b", f"{host}:{port}", "-w", "2", "--threads", "4", *GUNICORN_LIMITS]
        )

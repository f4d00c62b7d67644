"""Serve the site for a party night and say which address the phones should use."""

import fcntl
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils.translation import gettext as _

from clubdirector.mail_url import CONSOLE
from clubdirector.sqlite.base import database_file
from tournaments.http.site_url import _lan_address
from tournaments.selectors.clubs import setup_needed

# gunicorn's bounds on what comes before the body (its own defaults but for fewer headers: a browser sends
# about 15); the body's own cap is the app's (tournaments.http.request_limits).
GUNICORN_LIMITS = ["--limit-request-line", "4094", "--limit-request-fields", "50", "--limit-request-field_size", "8190"]
# Nothing stands in front of the laptop's server to buffer a slow client: gunicorn's event loop reads each
# request whole (headers within 10 s, each piece of a body within --timeout, all of it within 60 s), then a
# thread runs Django (clubdirector.front). Keep-alive 5 s: a phone's next poll reuses its connection.
FRONT = ["-k", "clubdirector.front.worker.ClubWorker", "--timeout", "30", "--keep-alive", "5", "--asgi-lifespan", "off"]


def serving_lock_path(database) -> Path:
    """The file a serving process keeps locked (flock) as long as it serves this SQLite database."""
    return Path(f"{Path(database).absolute()}.serving.lock")


def take_serving_lock(path: Path, holder: dict[str, str | int]) -> int | None:
    """Lock the file and write in it who holds it (read by serving_lock_holder); None if another holds it.

    The kernel drops the lock when the holder's last process ends, however it ends (kill -9 included):
    a lock file left behind holds no lock, and what it says is read only while it is locked.
    """
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    os.ftruncate(fd, 0)
    os.pwrite(fd, json.dumps(holder).encode(), 0)
    return fd


def serving_lock_holder(path: Path) -> dict[str, str | int]:
    """Who holds the serving lock, as it wrote it in the file; empty when the file says nothing readable."""
    try:
        holder = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return holder if isinstance(holder, dict) else {}


def _hold_serving_lock(host: str, port: str) -> int | None:
    """Lock the serving lock file; the descriptor survives the exec, so the lock lives as long as the server.

    restore_db tries the same lock and refuses while it is held, naming this process and its address
    (the pid stays gunicorn's own after the exec).
    """
    if connection.vendor != "sqlite":
        return None
    path = serving_lock_path(settings.DATABASES["default"]["NAME"])
    fd = take_serving_lock(path, {"command": "serve", "pid": os.getpid(), "host": host, "port": port})
    if fd is None:
        raise CommandError(
            _("Another server, or a restore, is using this database (%(path)s is locked): stop it first.")
            % {"path": path}
        )
    os.set_inheritable(fd, True)
    return fd


def control_socket_path(host: str, port: str, database: str) -> Path:
    """gunicorn's control socket for this server alone, in gunicorn's own folder for them.

    gunicorn's default, $XDG_RUNTIME_DIR/gunicorn.ctl or ~/.gunicorn/gunicorn.ctl, is one path for every
    gunicorn of the user: a second server on the machine (another port, another club's database)
    would take it over from the first. The name says the port and is made unique by the address and
    the database (a short digest: a socket's path must stay under about 100 characters).
    """
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    folder = Path(runtime) if runtime and os.path.isdir(runtime) else Path.home() / ".gunicorn"
    digest = hashlib.sha256(f"{host}|{port}|{database}".encode()).hexdigest()[:12]
    return folder / f"clubdirector-{port}-{digest}.ctl"


def _database() -> str:
    """Which database this server serves: the SQLite file, or PostgreSQL's server and database."""
    db = settings.DATABASES["default"]
    if connection.vendor == "sqlite":
        return str(database_file(db["NAME"]))
    return f"{connection.vendor}://{db.get('HOST') or ''}:{db.get('PORT') or ''}/{db['NAME']}"


def gunicorn_argv(binary: str, host: str, port: str, database: str) -> list[str]:
    """The command `serve` runs: a few threads per worker keep every table's phone and the director's
    live page answered, behind the worker's event loop that reads slow clients' requests (FRONT). A control
    socket named in GUNICORN_CMD_ARGS is the operator's choice and stays."""
    argv = [binary, "clubdirector.wsgi", "-b", f"{host}:{port}", "-w", "2", "--threads", "4", *GUNICORN_LIMITS, *FRONT]
    if "control-socket" not in os.environ.get("GUNICORN_CMD_ARGS", ""):
        argv += ["--control-socket", str(control_socket_path(host, port, database))]
    return argv


def _start_mail_sender(serving_lock: int | None) -> int:
    """`send_mail --every 60` in a process of its own beside the server: the queue is sent each minute, and
    the loop ends when the server does (its parent gone). The child lets go of the serving lock at once."""
    server = os.getpid()  # gunicorn's master after the exec, the same process
    pid = os.fork()
    if pid == 0:  # the child
        try:
            if serving_lock is not None:
                os.close(serving_lock)
            manage = Path(settings.BASE_DIR) / "manage.py"
            loop = ["send_mail", "--every", "60", "--parent", str(server)]
            os.execv(sys.executable, [sys.executable, str(manage), *loop])
        finally:
            os._exit(1)
    return pid


def _say_mail(stdout) -> None:
    if settings.EMAIL_BACKEND == CONSOLE:
        stdout.write(_("No EMAIL_URL: e-mail is written to this window, not sent (see docs/mail.md)."))
    else:
        stdout.write(_("E-mail goes out through %(host)s every minute.") % {"host": settings.EMAIL_HOST})


class Command(BaseCommand):
    help = "Serve Club Director on HOST:PORT (defaults 0.0.0.0:8000, the local network) and print the addresses."

    def handle(self, *args, **options):
        host = os.environ.get("HOST", "0.0.0.0")
        port = os.environ.get("PORT", "8000")
        self.serving_lock = _hold_serving_lock(host, port)  # kept open: runserver here, or gunicorn after the exec
        # The QR codes must carry an address the server listens on: tell the app which it is.
        os.environ["LISTEN_HOST"] = host
        os.environ["LISTEN_PORT"] = port  # every absolute link's port, never a request's Host (site_url)
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
        _say_mail(self.stdout)
        connection.close()  # the first run's check opened it; the server opens its own
        _start_mail_sender(self.serving_lock)
        if settings.DEBUG:
            call_command("runserver", f"{host}:{port}", use_reloader=False)
            return
        gunicorn = Path(sys.executable).parent / "gunicorn"
        binary = str(gunicorn) if gunicorn.exists() else shutil.which("gunicorn") or "gunicorn"
        os.execv(binary, gunicorn_argv(binary, host, port, _database()))

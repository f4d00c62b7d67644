"""`make run` sends the queue every minute itself: `serve` starts `send_mail --every 60` beside the server, and
that loop ends when the server does (tournaments/management/commands/serve.py)."""

import io
import os
import subprocess
import sys
import time
from pathlib import Path

from tournaments.management.commands import serve

ROOT = Path(__file__).resolve().parents[2]


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in state  # a zombie has ended


def test_the_sending_loop_ends_with_the_process_that_started_it(tmp_path):
    env = {**os.environ, "SQLITE_PATH": str(tmp_path / "db.sqlite3"), "DEBUG": "true"}
    env.pop("DATABASE_URL", None)
    # The parent (standing in for the server) starts the loop, lives three seconds, and ends.
    script = (
        f'"{sys.executable}" manage.py send_mail --every 1 --parent $$ >"{tmp_path}/loop.log" 2>&1 & echo $!; sleep 3'
    )
    parent = subprocess.run(["sh", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
    loop = int(parent.stdout.split()[0])
    deadline = time.monotonic() + 10
    while alive(loop) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not alive(loop), (tmp_path / "loop.log").read_text()


def test_serve_says_once_whether_mail_is_sent(settings):
    out = io.StringIO()
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    serve._say_mail(out)
    assert out.getvalue() == "No EMAIL_URL: e-mail is written to this window, not sent (see docs/mail.md)."
    out = io.StringIO()
    settings.EMAIL_BACKEND, settings.EMAIL_HOST = "django.core.mail.backends.smtp.EmailBackend", "mail.example.org"
    serve._say_mail(out)
    assert out.getvalue() == "E-mail goes out through mail.example.org every minute."

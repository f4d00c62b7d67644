"""Settings come from the environment and fail loudly when production needs something missing."""

import os
import subprocess
import sys

from tests.paths import ROOT


def run_django(code: str, **env):
    full = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL")}
    full.update(env, DJANGO_SETTINGS_MODULE="clubdirector.settings")
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=full, capture_output=True, text=True)


def test_production_without_a_secret_key_refuses_to_start():
    result = run_django("import django; django.setup()", DEBUG="false", ALLOWED_HOSTS="club.example")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_production_without_allowed_hosts_refuses_to_start():
    result = run_django("import django; django.setup()", DEBUG="false", SECRET_KEY="k" * 60)
    assert result.returncode != 0
    assert "ALLOWED_HOSTS must be set" in result.stderr


def test_check_deploy_is_clean_with_production_settings():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={
            **os.environ,
            "DEBUG": "false",
            "SECRET_KEY": "Zq7-vP2#kW9mRt4!xL8bN3@cF6hJ1sD5gY0aE$uI_oK2wQ-t8Vb",
            "ALLOWED_HOSTS": "club.example",
        },
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_database_url_selects_postgresql():
    code = (
        "import django; django.setup(); from django.conf import settings as s; print(s.DATABASES['default']['ENGINE'])"
    )
    result = run_django(code, DATABASE_URL="postgres://u:p@127.0.0.1:5432/club")
    assert result.stdout.strip() == "django.db.backends.postgresql"


def test_postgresql_keeps_each_threads_connection_checked_before_reuse():
    """A new PostgreSQL backend for every phone's poll held a server to a quarter of the bare Django's nights."""
    code = (
        "import django; django.setup(); from django.conf import settings as s; d = s.DATABASES['default'];"
        "print(d['CONN_MAX_AGE'], d['CONN_HEALTH_CHECKS'])"
    )
    url = "postgres://u:p@127.0.0.1:5432/club"
    assert run_django(code, DATABASE_URL=url, CONN_MAX_AGE="").stdout.split() == ["60", "True"]
    assert run_django(code, DATABASE_URL=url, CONN_MAX_AGE="0").stdout.split() == ["0", "True"]


def test_sqlite_by_default_with_wal_and_a_busy_timeout():
    code = (
        "import django; django.setup(); from django.db import connection; c = connection.cursor();"
        "print(c.execute('PRAGMA journal_mode').fetchone()[0], connection.settings_dict['OPTIONS']['timeout'])"
    )
    result = run_django(code, SQLITE_PATH="/tmp/clubdirector-settings-test.sqlite3")
    assert result.stdout.split() == ["wal", "20"], result.stderr

"""`serve` gives gunicorn a control socket of its own (tournaments/management/commands/serve.py): two
servers on one machine never share gunicorn's default ~/.gunicorn/gunicorn.ctl. It holds the database's
serving lock, saying who holds it, which restore_db reads. The running server's socket and lock are
checked in tests/management/test_restore.py."""

import os
from pathlib import Path

import pytest

from tests.paths import ROOT
from tournaments.management.commands.serve import (
    FRONT,
    GUNICORN_LIMITS,
    gunicorn_argv,
    serving_lock_holder,
    serving_lock_path,
    take_serving_lock,
)


def socket_of(argv: list[str]) -> Path:
    assert argv.count("--control-socket") == 1
    return Path(argv[argv.index("--control-socket") + 1])


@pytest.fixture
def runtime(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    monkeypatch.delenv("GUNICORN_CMD_ARGS", raising=False)
    return tmp_path


def test_serve_runs_gunicorn_with_a_control_socket_of_its_own(runtime):
    argv = gunicorn_argv("/venv/bin/gunicorn", "0.0.0.0", "8000", "/club/db.sqlite3")
    assert argv[:8] == ["/venv/bin/gunicorn", "clubdirector.wsgi", "-b", "0.0.0.0:8000", "-w", "2", "--threads", "4"]
    assert argv[8 : 8 + len(GUNICORN_LIMITS)] == GUNICORN_LIMITS
    assert argv[8 + len(GUNICORN_LIMITS) : 8 + len(GUNICORN_LIMITS) + len(FRONT)] == FRONT
    path = socket_of(argv)
    assert path.parent == runtime and path.name.startswith("clubdirector-8000-") and path.suffix == ".ctl"
    assert path.name != "gunicorn.ctl" and len(str(path)) < 100
    # The same server started again finds its own socket again.
    assert socket_of(gunicorn_argv("/venv/bin/gunicorn", "0.0.0.0", "8000", "/club/db.sqlite3")) == path


def test_two_servers_on_one_machine_never_share_a_control_socket(runtime):
    sockets = {
        socket_of(gunicorn_argv("gunicorn", host, port, database))
        for host, port, database in [
            ("0.0.0.0", "8000", "/club/db.sqlite3"),
            ("0.0.0.0", "8001", "/club/db.sqlite3"),  # another port
            ("0.0.0.0", "8000", "/other-club/db.sqlite3"),  # another database
            ("127.0.0.1", "8000", "/club/db.sqlite3"),  # another address
            ("0.0.0.0", "8000", "postgresql://db.example:5432/club"),
        ]
    }
    assert len(sockets) == 5


def test_without_a_runtime_folder_the_socket_goes_in_gunicorns_folder_in_home(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.delenv("GUNICORN_CMD_ARGS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    path = socket_of(gunicorn_argv("gunicorn", "0.0.0.0", "8000", "/club/db.sqlite3"))
    assert path.parent == tmp_path / ".gunicorn" and path.name.startswith("clubdirector-8000-")


def test_a_control_socket_named_in_gunicorn_cmd_args_is_left_to_gunicorn(runtime, monkeypatch):
    monkeypatch.setenv("GUNICORN_CMD_ARGS", "--control-socket /run/club/gunicorn.ctl")
    argv = gunicorn_argv("gunicorn", "0.0.0.0", "8000", "/club/db.sqlite3")
    assert "--control-socket" not in argv and argv[-len(GUNICORN_LIMITS) - len(FRONT) :] == GUNICORN_LIMITS + FRONT


def test_the_shipped_systemd_unit_gives_gunicorn_the_same_request_limits_as_serve():
    unit = (ROOT / "docs" / "deploy" / "clubdirector@.service").read_text()
    command = " ".join(line.strip().rstrip("\\") for line in unit.split("ExecStart=", 1)[1].splitlines()[:4])
    limits = GUNICORN_LIMITS
    for flag, value in zip(limits[::2], limits[1::2], strict=True):
        assert f"{flag} {value}" in command


def test_the_serving_lock_lets_one_holder_in_and_says_who_it_is(tmp_path):
    path = serving_lock_path(tmp_path / "db.sqlite3")
    assert path == tmp_path / "db.sqlite3.serving.lock"
    path.write_text('{"command": "serve", "pid": 1, "host": "0.0.0.0", "port": "8000", "left": "by a kill -9"}')
    server: dict[str, str | int] = {"command": "serve", "pid": 1234, "host": "127.0.0.1", "port": "8001"}
    held = take_serving_lock(path, server)
    assert held is not None
    try:
        assert serving_lock_holder(path) == server  # the stale record wholly replaced
        assert take_serving_lock(path, {"command": "restore_db", "pid": 99}) is None
        assert serving_lock_holder(path) == server  # a refused taker writes nothing
    finally:
        os.close(held)
    restore = take_serving_lock(path, {"command": "restore_db", "pid": 99})  # the holder gone, the lock is free
    assert restore is not None
    os.close(restore)
    assert serving_lock_holder(path) == {"command": "restore_db", "pid": 99}
    path.write_text("not JSON")
    assert serving_lock_holder(path) == {} and serving_lock_holder(tmp_path / "none") == {}

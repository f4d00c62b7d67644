"""`manage.py serve` (the real command, as `make run` starts it) keeps the phones answered while one Wi-Fi
client holds 200 connections trickling their headers (issue 41, item 5): gunicorn's event loop holds the slow
ones (clubdirector.front), and a request's headers not in after 10 s close its connection."""

import socket
import sqlite3
import tempfile
import time
from pathlib import Path

from bench.slowclients import attack, figures, phones
from tests.management.test_restore import _free_port, _serve, database, kill_server, manage, ok, sqlite_only, template

__all__ = ["database", "template"]  # the fixtures, from tests/management/test_restore.py
HEADER_SECONDS = 10  # clubdirector.front.worker.HEADER_SECONDS


PARTY = "from bench.build import director, party; party(20, director(), name='Slow clients', rounds=1)"
TOKENS = (
    "SELECT t.token FROM tournaments_tabletoken t JOIN tournaments_party p ON p.id = t.party_id "
    "WHERE p.name = 'Slow clients' ORDER BY t.\"table\""
)
DEALS = (
    'SELECT r."table", d.number, d.contract, d.declarer, d.tricks FROM tournaments_dealentry d '
    "JOIN tournaments_tableresult r ON r.id = d.result_id JOIN tournaments_round rd ON rd.id = r.round_id "
    "JOIN tournaments_party p ON p.id = rd.party_id WHERE p.name = 'Slow clients' ORDER BY r.\"table\""
)


def _read(path: Path, query: str) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute(query).fetchall()
    finally:
        db.close()


@sqlite_only
def test_twenty_phones_open_and_save_beside_200_slow_header_connections(database, tmp_path):
    ok(manage(database, "shell", "-c", PARTY))  # a party of 20 tables: a phone at each saves deal 1
    seats = [(token, 1) for (token,) in _read(database, TOKENS)]
    assert len(seats) == 20
    home = Path(tempfile.mkdtemp(prefix="cd-home-"))
    port = _free_port()
    server = _serve(database, tmp_path, home, port)
    try:
        # One more slow client, elsewhere: its connection is closed once its headers are 10 s late.
        lone = socket.create_connection(
            ("127.0.0.1", port), timeout=HEADER_SECONDS + 5, source_address=("127.0.0.250", 0)
        )
        lone.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        opened_at = time.monotonic()
        with attack(port, 200) as held:
            start = time.monotonic()
            visits = phones(port, seats, limit_s=10)
            took = time.monotonic() - start
        assert held.opened >= 200
        answer = figures(visits)
        assert (answer["opened"], answer["saved"], answer["errors"]) == (20, 20, []), answer
        assert took < 10
        try:
            closed = lone.recv(1024) == b""
        except ConnectionResetError:
            closed = True
        assert closed and HEADER_SECONDS - 1 < time.monotonic() - opened_at < HEADER_SECONDS + 4
        lone.close()
    finally:
        kill_server(server)
    # Nothing lost: every save the phones were told of is in the file.
    assert _read(database, DEALS) == [(table, 1, "3N", "S", 9) for table in range(1, 21)]

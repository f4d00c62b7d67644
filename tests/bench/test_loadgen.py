"""The bench's own machinery, cheaply: the load generator against a tiny server, and the nginx and gunicorn
command lines the two-server run writes. No timing is asserted (the bench itself never runs here)."""

import asyncio
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from bench import loadgen, servers

PAGE = b'<form method="post"><input type="hidden" name="csrfmiddlewaretoken" value="tok123"></form>'


class _Phone(BaseHTTPRequestHandler):
    posts: list[bytes] = []

    def log_message(self, *args):  # quiet
        pass

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Length", str(len(PAGE)))
        self.send_header("Set-Cookie", "csrftoken=abc; Path=/")
        self.end_headers()
        self.wfile.write(PAGE)

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        _Phone.posts.append(body + b"|" + (self.headers.get("Cookie") or "").encode())
        self.send_response(302)
        self.send_header("Location", self.path)
        self.send_header("Content-Length", "0")
        self.end_headers()


def test_loadgen_opens_posts_and_follows_redirects():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Phone)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        steps = [{"form": {"number": "1"}, "timed": True}, {"form": {"number": "2"}, "timed": False}]
        plan = {"port": server.server_address[1], "phones": [{"path": f"/p/{i}/", "steps": steps} for i in range(3)]}
        out = asyncio.run(loadgen._run(plan))
    finally:
        server.shutdown()
        server.server_close()
    assert out["errors"] == []
    assert len(out["timings_ms"]) == 3  # the timed step of each phone
    assert out["posts"] == 6 and out["redirects"] == 6
    assert all(b"csrfmiddlewaretoken=tok123" in post and b"csrftoken=abc" in post for post in _Phone.posts)


def test_nginx_config_keeps_everything_in_its_folder():
    config = servers.nginx_config("/tmp/bench-x", 8100, [8101, 8102])
    assert "server 127.0.0.1:8101" in config and "server 127.0.0.1:8102" in config
    assert "listen 127.0.0.1:8100" in config
    assert "pid /tmp/bench-x/nginx.pid;" in config and "error_log /tmp/bench-x/error.log" in config
    for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        assert f"{kind}_temp_path /tmp/bench-x/{kind}_temp;" in config
    assert config.count("{") == config.count("}")


def test_each_gunicorn_has_its_own_control_socket():
    first = servers.gunicorn_command(8101, workers=4, threads=1, control_socket="/tmp/x/gunicorn-0.ctl")
    second = servers.gunicorn_command(8102, workers=4, threads=1, control_socket="/tmp/x/gunicorn-1.ctl")
    assert first[first.index("--control-socket") + 1] != second[second.index("--control-socket") + 1]
    assert "--no-control-socket" in servers.gunicorn_command(8103, workers=1, threads=1, control_socket=None)


def test_the_fair_load_sends_what_the_old_phones_send():
    """bench/loadtest.py's plans are bench/load.py's Phone.play and Phone.play_deals, request for request."""
    from bench import load, loadtest

    class Recording(load.Phone):
        """A phone whose requests are written down, not sent."""

        sent: list[tuple[dict | None, bool]]

        def open(self) -> str | None:
            return "csrf"

        def request(self, method: str, body: dict | None = None, *, timed: bool = True) -> tuple[int, str]:
            self.sent.append((body, timed))
            return 302, ""

    round_deals = [("4S", "N", 10), ("PASS", "", 0), ("3NX", "E", 8), ("2H", "W", 9)]
    for play, steps in (
        (load.Phone.play_deals, loadtest.deal_steps(7, round_deals)),
        (load.Phone.play, loadtest.round_steps(round_deals)),
    ):
        phone = Recording(0, "tok", 7, round_deals, [], [])
        phone.sent = []
        play(phone, threading.Barrier(1))  # one party: never waits
        sent = phone.sent
        expected = [({"csrfmiddlewaretoken": "csrf", **step["form"]}, step["timed"]) for step in steps]
        assert sent == expected


def test_the_bench_takes_its_ports_from_bench_ports_in_turn(monkeypatch):
    # Which ports are free is faked: a real neighbour of a held port may be taken by any other process on a
    # busy machine (CI's once was), which would fail the test for nothing it checks.
    monkeypatch.setenv("BENCH_PORTS", "8500-8502")
    monkeypatch.setattr(servers, "_handed_out", set())
    monkeypatch.setattr(servers, "port_is_free", lambda port: port != 8500)  # the first in the range already taken
    first, second = servers.free_port(), servers.free_port()
    assert (first, second) == (8501, 8502)  # each handed out once, in order
    with pytest.raises(SystemExit, match=r"BENCH_PORTS=8500-8502: no free port left in the range"):
        servers.free_port()


def test_a_port_something_listens_on_is_not_free():
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        assert not servers.port_is_free(held.getsockname()[1])


@pytest.mark.parametrize("setting", ["8500", "8549-8500", "80-90", "eighty-ninety", "8500-70000"])
def test_a_bench_ports_setting_that_is_no_range_is_refused_plainly(monkeypatch, setting):
    monkeypatch.setenv("BENCH_PORTS", setting)
    with pytest.raises(SystemExit, match=r"give a range of ports such as 8500-8549"):
        servers.free_port()


def test_without_bench_ports_the_system_picks(monkeypatch):
    monkeypatch.delenv("BENCH_PORTS", raising=False)
    assert 1024 <= servers.free_port() <= 65535


def test_the_bench_starts_the_server_make_run_starts():
    """manage.py serve's gunicorn (its worker class, workers x threads, limits), not 4 sync workers."""
    from tournaments.management.commands.serve import gunicorn_argv

    command = servers.gunicorn_command(8104, control_socket="/tmp/x/gunicorn-0.ctl")
    served = gunicorn_argv(servers.gunicorn_path(), "127.0.0.1", "8104", "bench")
    at = served.index("--control-socket")
    assert command == [*served[:at], *served[at + 2 :], "--control-socket", "/tmp/x/gunicorn-0.ctl"]
    assert "clubdirector.front.worker.ClubWorker" in command
    assert servers.serve_shape() == (2, 4)
    # Asked for one worker (the memory step), only -w changes.
    one = servers.gunicorn_command(8104, workers=1, control_socket=None)
    assert one[one.index("-w") + 1] == "1" and one[one.index("--threads") + 1] == "4"


def test_a_request_on_a_connection_the_server_closed_idle_is_sent_again_on_a_fresh_one():
    """The server's keep-alive (5 s) runs out as a phone's next poll (every 5 s) goes: a browser sends it again
    on a new connection; the load generator does too, and counts no error."""
    import asyncio

    from bench.loadgen import Connection

    async def scenario() -> tuple[list[int], int]:
        opened = 0

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            nonlocal opened
            opened += 1
            await reader.readuntil(b"\r\n\r\n")
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
            await writer.drain()
            if opened == 1:  # the first connection: closed once answered, as an idle keep-alive ends
                await reader.read(100)  # the second request comes in and is dropped unanswered
            writer.close()

        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        connection = Connection(port)
        statuses = [(await connection.request("GET", "/a/")).status]
        statuses.append((await connection.request("GET", "/b/")).status)
        await connection.close()
        server.close()
        await server.wait_closed()
        return statuses, opened

    assert asyncio.run(scenario()) == ([200, 200], 2)

"""The hosted load's generator against a tiny server: phones poll their part with the validator their
page showed (304 while nothing changes, the part itself after a change), save and accept, draw their
part again after a save; the room's polls carry htmx's header and the director's cookie. No timing is
asserted."""

import asyncio
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from bench import hostedgen

PAGE = b'<form><input type="hidden" name="csrfmiddlewaretoken" value="tok"></form><div data-live="abc123"></div>'
PART = b'<div id="phone" data-live="def456"><li class="deal-line entered" id="deal-1"></li></div>'


class _Server(BaseHTTPRequestHandler):
    seen: list[tuple[str, str, str]] = []
    live = "abc123"

    def log_message(self, *args):
        pass

    def _answer(self, status: int, body: bytes = b"", etag: str = "") -> None:
        self.send_response(status)
        if etag:
            self.send_header("ETag", etag)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        _Server.seen.append(("GET", self.path, f"{self.headers.get('If-None-Match')}|{self.headers.get('HX-Request')}"))
        tag = f'"{_Server.live}"'
        if self.path.endswith("?part=1") or self.path.startswith("/room"):
            if self.headers.get("If-None-Match") == tag:
                return self._answer(304, etag=tag)
            return self._answer(200, PART if self.path.endswith("?part=1") else b"<div>room</div>", tag)
        return self._answer(200, PAGE)

    def do_POST(self):
        self.rfile.read(int(self.headers["Content-Length"]))
        _Server.seen.append(("POST", self.path, ""))
        _Server.live = "def456"
        return self._answer(200, json.dumps({"ok": True, "state": {"live": _Server.live}}).encode())


def _generated(handler, room: list[str]) -> dict:
    """One night of one table against `handler` for 1.5 s: the generator's output."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    table = {
        "path": "/t/x/", "state": "/t/x/?state=1", "part": "/t/x/?part=1",
        "deals": [{"action": "deal", "number": "1"}], "accepts": [{"action": "accept", "number": "1"}],
    }  # fmt: skip
    night = {"room": room, "cookie": "sessionid=s1", "tables": [table]}
    plan = {
        "port": server.server_address[1], "duration_s": 1.5, "state_every_s": 0.3, "room_every_s": 0.3,
        "deal_every_s": 0.5, "nights": [night],
    }  # fmt: skip
    try:
        return asyncio.run(hostedgen._run(plan))
    finally:
        server.shutdown()
        server.server_close()


def test_the_hosted_generator_polls_with_the_pages_validator_and_saves():
    out = _generated(_Server, ["/room/"])
    assert out["errors"] == []
    posts = [path for method, path, _ in _Server.seen if method == "POST"]
    assert posts == ["/t/x/", "/t/x/"]  # the deal, then its acceptance once seen
    polls = [
        headers for method, path, headers in _Server.seen if path.endswith("?part=1") and not headers.startswith("None")
    ]
    # Every poll sends a validator, the first ones the page's own (never an empty one).
    assert polls and all(h.split("|")[0] in ('"abc123"', '"def456"') for h in polls)
    # East–West accepted the deal their polled part showed entered.
    assert '"abc123"|None' in polls and '"def456"|None' in polls
    rooms = [headers for method, path, headers in _Server.seen if path == "/room/"]
    assert rooms and all(h.endswith("|true") for h in rooms)
    redraws = [path for _, path, headers in _Server.seen if path == "/t/x/?part=1" and headers.startswith("None")]
    assert len(redraws) == 2  # drawn again after each save, with no validator
    assert len(out["saves_ms"]) == 2 and out["polls_ms"]


class _Patching(_Server):
    """A save answered with a patch (the deal's line put in place): nothing to draw again."""

    bodies: list[str] = []

    def do_POST(self):
        _Patching.bodies.append(self.rfile.read(int(self.headers["Content-Length"])).decode())
        _Server.seen.append(("POST", self.path, ""))
        _Server.live = "def456"
        said = {"ok": True, "state": {"live": "def456", "deals": 1}, "patch": {"live": "def456", "number": 1}}
        return self._answer(200, json.dumps(said).encode())


def test_a_save_answered_with_a_patch_draws_nothing_again_and_sends_the_pages_validator():
    _Server.seen, _Server.live = [], "abc123"
    out = _generated(_Patching, [])
    assert out["errors"] == []
    assert "live=abc123" in _Patching.bodies[0]  # North–South's page as drawn when it saved
    redraws = [path for _, path, headers in _Server.seen if path == "/t/x/?part=1" and headers.startswith("None")]
    assert redraws == []
    assert len(_Patching.bodies) == 2  # East–West saw the deal (the patch's count) and accepted it

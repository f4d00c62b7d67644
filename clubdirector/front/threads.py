"""Django's WSGI application behind an event loop: the request read whole in the loop, then run on a thread.

A fixed pool of threads per worker (gunicorn's --threads): each keeps its database connection across
requests (CONN_MAX_AGE, PostgreSQL's prepared statements, the SQLite writers' queue on its connection) as
under gunicorn's thread worker. Django's own ASGI handler would start a thread, and so a connection, for
every request instead.
"""

import asyncio
import ctypes
import sys
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from tempfile import SpooledTemporaryFile
from typing import IO, Any

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

# The whole body must have arrived within this many seconds of its headers (gunicorn's --timeout bounds
# each wait for the next piece): a slow upload is dropped rather than held forever.
BODY_SECONDS = 60
# Bodies up to this size stay in memory; a larger one (a spreadsheet upload) goes to a temporary file.
IN_MEMORY_BYTES = 256 * 1024
# After an answer this big (a 500-table standings page, any printout), the thread that made it gives the C
# allocator's free memory back to the system (glibc's malloc_trim). Each thread allocates from an arena of
# its own, and an arena keeps what a big page freed: a worker serving every 500-table page and printout
# held 156 MB after, 133 MB with this. About half a millisecond after such an answer; none after the
# phones' small ones.
TRIM_AFTER_BYTES = 128 * 1024


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim; None where the C library has none (macOS, musl): nothing is given back there."""
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


MALLOC_TRIM = _malloc_trim()


@dataclass
class Answer:
    """What the WSGI application answered, gathered in its thread: the loop only sends it."""

    status: int = 500
    headers: list[tuple[bytes, bytes]] = field(default_factory=list)
    chunks: list[bytes] = field(default_factory=list)

    def start_response(self, status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        self.status = int(status.split(" ", 1)[0])
        # Names as Django spells them (Set-Cookie): gunicorn writes them so, as its thread worker did.
        self.headers = [(name.encode("latin1"), value.encode("latin1")) for name, value in headers]


def environ_for(scope: Scope, body: IO[bytes]) -> dict[str, Any]:
    """PEP 3333's environ for an ASGI HTTP scope; repeated headers joined by commas (cookies by '; ')."""
    root = scope.get("root_path", "")
    path = scope["path"]
    if root and path.startswith(root):
        path = path[len(root) :]
    server = scope.get("server") or ("localhost", 80)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root.encode("utf8").decode("latin1"),
        "PATH_INFO": path.encode("utf8").decode("latin1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1] or 80),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "REMOTE_ADDR": (scope.get("client") or ("", 0))[0],
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": body,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for raw_name, raw_value in scope.get("headers", []):
        name = raw_name.decode("latin1").upper().replace("-", "_")
        key = name if name in ("CONTENT_LENGTH", "CONTENT_TYPE") else f"HTTP_{name}"
        value = raw_value.decode("latin1")
        if key in environ:
            value = environ[key] + ("; " if key == "HTTP_COOKIE" else ",") + value
        environ[key] = value
    return environ


def declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class ThreadedWsgi:
    """An ASGI application running `app` on `threads` threads once the loop has read the request."""

    def __init__(self, app: WsgiApp, threads: int, max_body: int) -> None:
        self.app = app
        self.max_body = max_body
        self.pool = ThreadPoolExecutor(max_workers=max(1, threads), thread_name_prefix="django")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return  # no websockets here: the connection is closed unanswered
        with SpooledTemporaryFile(max_size=IN_MEMORY_BYTES) as body:
            if not await self._read_body(scope, receive, body):
                return  # the client went away, or took too long: nobody to answer
            body.seek(0)
            loop = asyncio.get_running_loop()
            answer = await loop.run_in_executor(self.pool, self._run, environ_for(scope, body))
        await send({"type": "http.response.start", "status": answer.status, "headers": answer.headers})
        for chunk in answer.chunks:
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
        await send({"type": "http.response.body", "body": b""})

    async def _read_body(self, scope: Scope, receive: Receive, body: IO[bytes]) -> bool:
        """Read the body into `body`; False when the client left or ran out of time.

        A body declared over the largest cap is not read: the application refuses it (413) from its
        Content-Length alone (tournaments.http.request_limits), and gunicorn closes the connection after.
        """
        length = declared_length(scope)
        if length is not None and length > self.max_body:
            return True
        try:
            async with asyncio.timeout(BODY_SECONDS):
                while True:
                    message = await receive()
                    if message["type"] != "http.request":
                        return False
                    body.write(message.get("body", b""))
                    # One sent in chunks, of no declared length, is refused (411) unread past the cap.
                    if not message.get("more_body") or body.tell() > self.max_body:
                        return True
        except TimeoutError:
            return False

    def _run(self, environ: dict[str, Any]) -> Answer:
        """The application's whole answer, its iterable closed here (Django's request_finished)."""
        answer = Answer()
        result = self.app(environ, answer.start_response)
        try:
            answer.chunks = [chunk for chunk in result if chunk]
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        if MALLOC_TRIM is not None and sum(map(len, answer.chunks)) >= TRIM_AFTER_BYTES:
            MALLOC_TRIM(0)
        return answer

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self.pool.shutdown(wait=False)
                await send({"type": "lifespan.shutdown.complete"})
                return

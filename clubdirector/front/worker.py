"""gunicorn's ASGI worker, with a deadline for a request's headers and a cap on one address's connections.

`manage.py serve` runs it (-k clubdirector.front.worker.ClubWorker) over clubdirector.wsgi: the loop reads
each request whole, then one of --threads threads runs Django (clubdirector.front.threads). gunicorn's ASGI
protocol bounds the body's pieces (--timeout) and the idle time between requests (--keep-alive) but not
the first request's headers: a client that trickles them would hold its connection for ever, so here it
is closed after HEADER_SECONDS.
"""

from django.conf import settings
from gunicorn.asgi.protocol import ASGIProtocol  # type: ignore[import-untyped]  # gunicorn ships no types
from gunicorn.workers import gasgi  # type: ignore[import-untyped]  # gunicorn ships no types

from clubdirector.front.threads import ThreadedWsgi

# A phone's browser sends its headers at once; 10 s leaves room for very weak Wi-Fi.
HEADER_SECONDS = 10.0
# A browser opens at most 6 connections to one site: 32 from one address (in each worker) is no phone. The
# laptop itself, and a balancer in front of a hosted server (both 127.0.0.1), are never capped.
PER_ADDRESS = 32
UNCAPPED = frozenset({"127.0.0.1", "::1"})


class ClubProtocol(ASGIProtocol):
    """One connection: closed if its first request's headers are not in after HEADER_SECONDS, or if its
    address already holds PER_ADDRESS connections to this worker."""

    def connection_made(self, transport) -> None:
        self._address = address_of(transport.get_extra_info("peername"))
        self._header_deadline = None
        counts = self.worker.per_address
        counts[self._address] = counts.get(self._address, 0) + 1
        super().connection_made(transport)
        if self._address not in UNCAPPED and counts[self._address] > PER_ADDRESS:
            transport.abort()
            return
        self._header_deadline = self.worker.loop.call_later(HEADER_SECONDS, self._headers_too_slow)

    def _on_headers_complete(self):
        self._stop_header_deadline()
        return super()._on_headers_complete()

    def _headers_too_slow(self) -> None:
        self._header_deadline = None
        if self._current_request is None:
            self.transport.abort()

    def _stop_header_deadline(self) -> None:
        if self._header_deadline is not None:
            self._header_deadline.cancel()
            self._header_deadline = None

    def connection_lost(self, exc) -> None:
        if not self._conn_lost_handled:
            self._stop_header_deadline()
            counts = self.worker.per_address
            counts[self._address] -= 1
            if not counts[self._address]:
                del counts[self._address]
        super().connection_lost(exc)


def address_of(peername) -> str:
    return str(peername[0]) if isinstance(peername, tuple) and peername else ""


class ClubWorker(gasgi.ASGIWorker):
    """gunicorn's ASGI worker serving the WSGI application on --threads threads, with ClubProtocol."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.per_address: dict[str, int] = {}

    @classmethod
    def check_config(cls, cfg, log) -> None:
        """--threads sizes the pool here: gunicorn's warning that the ASGI worker ignores it is not ours."""

    def load_wsgi(self) -> None:
        django = self.app.wsgi()  # sets Django up: settings are read after
        biggest = max(settings.REQUEST_MAX_BYTES, settings.UPLOAD_REQUEST_MAX_BYTES)
        self.asgi = ThreadedWsgi(django, self.cfg.threads, biggest)


# gasgi's serving loop makes its connections with the class it imported; this process runs only ClubWorker.
gasgi.ASGIProtocol = ClubProtocol

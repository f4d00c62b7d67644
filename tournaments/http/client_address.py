"""Who is asking: the client's own address, for the phone-link limit, the login lock-out and setup.

Behind a reverse proxy every request comes from the proxy's address, so the proxy's
X-Forwarded-For (else its X-Real-IP) is read, but only when the connection comes from an address named in
settings.TRUSTED_PROXIES: anyone else could write those headers themselves. X-Forwarded-For comes first: a
proxy that appends to it ($proxy_add_x_forwarded_for, as the shipped nginx config does) always names the
client there, so an X-Real-IP the client wrote itself is never reached.

The first run's set-up is answered only on the laptop itself: a loopback peer, no proxy's header, and a
loopback Host. The Host matters because a web page on any site can point its own name at 127.0.0.1 (DNS
rebinding) and post to the laptop from the director's own browser: its requests come from the loopback,
but carry that site's name.
"""

from django.conf import settings
from django.http import HttpRequest
from django.http.request import split_domain_port

LOOPBACK = {"127.0.0.1", "::1"}
LOOPBACK_HOSTS = {"localhost", "127.0.0.1", "[::1]"}
PROXY_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP")


def client_address(request: HttpRequest) -> str:
    """The client's address: the connection's, or what a trusted proxy names (X-Forwarded-For, else X-Real-IP)."""
    remote = request.META.get("REMOTE_ADDR", "") or "unknown"
    trusted = set(settings.TRUSTED_PROXIES)
    if remote not in trusted:
        return remote
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    # The right-most hops were added by our own proxies; the first one that is not ours is the client.
    for hop in reversed(hops):
        if hop not in trusted:
            return hop
    real = request.META.get("HTTP_X_REAL_IP", "").strip()
    return real or remote


def loopback_host(host: str) -> bool:
    """The Host header names the laptop itself (localhost, 127.0.0.1 or [::1], with any port)."""
    name, port = split_domain_port(host)
    return name in LOOPBACK_HOSTS and (not port or port.isdecimal())


def on_this_machine(request: HttpRequest) -> bool:
    """A request typed on the laptop itself: from the loopback, to a loopback name, not relayed by any proxy."""
    if any(header in request.META for header in PROXY_HEADERS):
        return False
    return request.META.get("REMOTE_ADDR", "") in LOOPBACK and loopback_host(request.META.get("HTTP_HOST", ""))


def address_for_lockout(request: HttpRequest) -> str | None:
    """The address django-axes records (None when a request has none, as for a login made in code)."""
    if not request.META.get("REMOTE_ADDR"):
        return None
    return client_address(request)

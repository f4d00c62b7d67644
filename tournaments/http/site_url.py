"""The site's own address, for every absolute link: the table cards' QR codes, mail, invites, feeds.

SITE_URL wins when set. Otherwise the address the server finds itself: the laptop's LAN address and
the port it listens on (LISTEN_PORT, which `serve` sets; else the port the request came in on), or
127.0.0.1 when it listens on the loopback only (LISTEN_HOST) or has no LAN address. Never the
request's Host: on the laptop ALLOWED_HOSTS is '*', and a request sent with `Host: evil.test` would
otherwise queue a genuine club mail whose links lead to evil.test.
"""

import contextlib
import ipaddress
import socket
import subprocess

from django.conf import settings
from django.http import HttpRequest


def _lan_address() -> str | None:
    """This computer's address on the local network, found without sending anything anywhere."""
    candidates: list[str] = []
    with contextlib.suppress(OSError):
        # An AF_INET address is (host, port): the host is a string.
        candidates += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    # Debian maps the host name to 127.0.1.1; `hostname -I` lists the real interfaces' addresses.
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        listed = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2, check=False)
        candidates += listed.stdout.split()
    for address in candidates:
        try:
            parsed = ipaddress.ip_address(address)
        except ValueError:
            continue
        if parsed.version == 4 and not parsed.is_loopback and not parsed.is_link_local:
            return address
    return None


def _is_loopback(host: str) -> bool:
    name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    if name in ("localhost", "[::1]"):
        return True
    try:
        return ipaddress.ip_address(name.strip("[]")).is_loopback
    except ValueError:
        return False


def is_loopback_url(url: str) -> bool:
    host = url.split("://", 1)[-1].split("/", 1)[0]
    return _is_loopback(host)


def _listening_on_loopback_only() -> bool:
    listen = settings.LISTEN_HOST
    if not listen:
        return False
    return _is_loopback(listen)


def _port(request: HttpRequest | None) -> str:
    if settings.LISTEN_PORT:
        return str(settings.LISTEN_PORT)
    return str(request.META.get("SERVER_PORT", "")) if request is not None else ""


def site_url(request: HttpRequest | None = None) -> str:
    if settings.SITE_URL:
        return settings.SITE_URL.rstrip("/")
    if request is None and not settings.LISTEN_PORT:
        return ""  # a command or a service with no page and no server: no address to give
    lan = None if _listening_on_loopback_only() else _lan_address()
    port = _port(request)
    scheme = "https" if request is not None and request.is_secure() else "http"
    default = {"http": "80", "https": "443"}[scheme]
    host = lan or "127.0.0.1"
    return f"{scheme}://{host}:{port}" if port and port != default else f"{scheme}://{host}"

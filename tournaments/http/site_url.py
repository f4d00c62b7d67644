"""The address phones use to reach this site: printed on the table cards as QR codes.

SITE_URL wins when set. Otherwise the request's own address, except that a loopback address
(the laptop's browser on 127.0.0.1) is useless to a phone: then the laptop's LAN address is used,
unless the server listens on the loopback only (LISTEN_HOST), when no phone can reach it at all.
"""

import contextlib
import ipaddress
import socket
import subprocess

from django.conf import settings


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


def site_url(request=None) -> str:
    if settings.SITE_URL:
        return settings.SITE_URL.rstrip("/")
    if request is None:
        return ""
    host = request.get_host()
    if _is_loopback(host) and not _listening_on_loopback_only():
        lan = _lan_address()
        if lan:
            port = host.rsplit(":", 1)[1] if ":" in host.split("]")[-1] else ""
            host = f"{lan}:{port}" if port else lan
    return f"{request.scheme}://{host}"

"""Who is asking: the client's own address, for the phone-link limit, the login lock-out and setup.

Behind a reverse proxy every request comes from the proxy's address, so the proxy's
X-Forwarded-For is read, but only when the connection comes from an address named in
settings.TRUSTED_PROXIES: anyone else could write that header themselves.
"""

from django.conf import settings

LOOPBACK = {"127.0.0.1", "::1"}


def client_address(request) -> str:
    """The address of the client: the connection's, or the first untrusted hop a trusted proxy names."""
    remote = request.META.get("REMOTE_ADDR", "") or "unknown"
    trusted = set(settings.TRUSTED_PROXIES)
    if remote not in trusted:
        return remote
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    # The right-most hops were added by our own proxies; the first one that is not ours is the client.
    for hop in reversed(hops):
        if hop not in trusted:
            return hop
    return remote


def on_this_machine(request) -> bool:
    """A request typed on the laptop itself: from the loopback, and not relayed by any proxy."""
    if "HTTP_X_FORWARDED_FOR" in request.META or "HTTP_FORWARDED" in request.META:
        return False
    return request.META.get("REMOTE_ADDR", "") in LOOPBACK


def address_for_lockout(request) -> str | None:
    """The address django-axes records (None when a request has none, as for a login made in code)."""
    if not request.META.get("REMOTE_ADDR"):
        return None
    return client_address(request)

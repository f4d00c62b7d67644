"""The limit on entries sent from one address: a script filling an event's list is stopped.

Every entry form sent counts, taken or refused, per client address (tournaments.http.client_address) and
clock hour, in Django's cache (a database table, shared by every worker), as the wrong phone links are
counted (tournaments/http/link_limit.py). Past LIMIT in the hour the address is told to wait, and nothing
is written. The limit is generous: a whole club entering from its clubhouse Wi-Fi shares one address.
"""

import hashlib
import time

from django.core.cache import cache

from tournaments.http.client_address import client_address

LIMIT = 30  # entry forms sent per address per hour
WINDOW_S = 60 * 60


def address_hash(request) -> str:
    """The client's address, hashed: what an entry keeps of where it came from."""
    return hashlib.blake2b(client_address(request).encode(), digest_size=16).hexdigest()


def _key(digest: str) -> str:
    return f"entry-form:{int(time.time() // WINDOW_S)}:{digest}"


def allowed(request) -> bool:
    """Count one more entry form from the request's address this hour; False once past the limit."""
    key = _key(address_hash(request))
    if cache.add(key, 1, WINDOW_S * 2):
        return True
    try:
        count = cache.incr(key)
    except ValueError:  # expired (or culled) between add and incr
        cache.set(key, 1, WINDOW_S * 2)
        count = 1
    return count <= LIMIT

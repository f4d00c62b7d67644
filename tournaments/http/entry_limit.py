"""The limit on entries sent from one address: a script filling an event's list is stopped.

Every entry form sent counts, taken or refused, per client address (tournaments.http.client_address) and
clock hour, by the one rate counter (tournaments/http/rate.py), as the wrong phone links are counted.
Past LIMIT in the hour the address is told to wait, and nothing is written.
The limit is generous: a whole club entering from its clubhouse Wi-Fi shares one address.
"""

import hashlib

from django.http import HttpRequest

from tournaments.http import rate
from tournaments.http.client_address import client_address

LIMIT = 30  # entry forms sent per address per hour
WINDOW_S = 60 * 60


def address_hash(request: HttpRequest) -> str:
    """The client's address, hashed: what an entry keeps of where it came from."""
    return hashlib.blake2b(client_address(request).encode(), digest_size=16).hexdigest()


def allowed(request: HttpRequest) -> bool:
    """Count one more entry form from the request's address this hour; False once past the limit."""
    return rate.hit(f"entry-form:{address_hash(request)}", LIMIT, WINDOW_S).allowed

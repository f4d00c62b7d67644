"""The limit on wrong phone links (table cards' QR codes, Towie tables): guessing a link is slowed down.

The link is looked up first, so a valid link always opens its table, however many wrong links
came from the same address (behind a proxy a whole room may share one). Only a wrong link counts,
per client address (tournaments.http.client_address): more than LIMIT in one minute and that address's
further wrong links are answered 429 instead of 404 until the minute is over.

The counts live in Django's cache, a database table, so every worker and a restart see the same
count. The window is a fixed clock minute, named in the key, so it ends on time whatever the cache
backend does with the timeout on `incr`.
"""

import hashlib
import logging
import time
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.utils.translation import gettext_lazy as _

from tournaments.http.client_address import client_address

log = logging.getLogger("tournaments.table")

LIMIT = 10  # wrong links per address per minute answered with a plain 404
WINDOW_S = 60
MESSAGE = _("Too many wrong table links: wait a minute and scan the QR code again.")  # in the phone's language

Found = TypeVar("Found")


def check(request, find: Callable[[str], Found], token: str) -> tuple[Found | None, HttpResponse | None]:
    """(what `find` returns for the token, None); or, for a wrong link, Http404 or (None, a 429 answer).

    `find` is the view's own lookup, raising Http404 for a wrong or revoked link.
    """
    try:
        return find(token), None
    except Http404:
        address = client_address(request)
        count = _count_wrong(address)
        log.warning("wrong table link from %s (%d this minute)", address, count)
        if count > LIMIT:
            return None, too_many()
        raise


def too_many() -> HttpResponse:
    response = HttpResponse(str(MESSAGE), status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(WINDOW_S)
    return response


def _window() -> int:
    """The current minute's number: the counts start again at every minute."""
    return int(time.time() // WINDOW_S)


def _key(address: str) -> str:
    # Hashed: the address may come from a proxy's header, and a cache key must be short and plain.
    digest = hashlib.blake2b(address.encode(), digest_size=16).hexdigest()
    return f"wrong-link:{_window()}:{digest}"


def _count_wrong(address: str) -> int:
    """Count one more wrong link from the address this minute; the count so far, this one included."""
    key = _key(address)
    if cache.add(key, 1, WINDOW_S * 2):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # expired (or culled) between add and incr
        cache.set(key, 1, WINDOW_S * 2)
        return 1

"""The limit on wrong phone links (table cards' QR codes, Towie tables): guessing a link is slowed down.

The link is looked up first, so a valid link always opens its table, however many wrong links
came from the same address (behind a proxy a whole room may share one). Only a wrong link counts,
per client address (tournaments.http.client_address): more than LIMIT in one minute and that address's
further wrong links are answered 429 instead of 404 until the minute is over.

The counts are tournaments.http.rate's: Django's cache, a fixed clock minute.
"""

import hashlib
import logging
import time
from collections.abc import Callable
from typing import TypeVar

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from tournaments.http import rate
from tournaments.http.client_address import client_address

log = logging.getLogger("tournaments.table")

LIMIT = 10  # wrong links per address per minute answered with a plain 404
WINDOW_S = 60
MESSAGE = _("Too many wrong table links: wait a minute and scan the QR code again.")  # in the phone's language

Found = TypeVar("Found")


def check(request: HttpRequest, find: Callable[[str], Found], token: str) -> tuple[Found | None, HttpResponse | None]:
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


def _name(address: str) -> str:
    # Hashed: the address may come from a proxy's header, and a cache key must be short and plain.
    return "wrong-link:" + hashlib.blake2b(address.encode(), digest_size=16).hexdigest()


def _count_wrong(address: str) -> int:
    """Count one more wrong link from the address this minute; the count so far, this one included."""
    return rate.hit(_name(address), LIMIT, WINDOW_S, now=_window() * WINDOW_S).count

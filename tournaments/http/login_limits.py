"""Password guessing: three limits on failed logins, and the one lock a director can still meet.

django-axes counts the failures, one row per (user name, address), in the database; this handler
(settings.AXES_HANDLER) reads them three ways, each over the cool-off (15 minutes since the last
failure counted):

- 5 for one user name from one address lock that name from that address (axes' own limit);
- 20 from one address, whatever the names (one password tried over many names), lock that address;
- 20 for one user name, from whatever addresses (one name tried from many), lock that name.

The two wide locks spare a user name at an address it has logged in from in the last 30 days: a
guesser behind the director's own NAT address, or one trying the director's name from elsewhere,
does not lock the director out. The only lock left for the director is the one that needs name and
address both (5 failures); whoever runs the server lifts any lock at once with
`manage.py unlock_login` (tournaments/management/commands/unlock_login.py).
"""

import datetime
import logging
from dataclasses import dataclass
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_failure_limit
from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.db.models import QuerySet, Sum
from django.http import HttpRequest
from django.utils import timezone

log = logging.getLogger("tournaments.login")


@dataclass(frozen=True)
class Lock:
    """Which limit refused the login: "pair" (name and address), "address" or "name"; its figure,
    and the failures counted against it."""

    kind: str
    limit: int
    failures: int

    @property
    def minutes(self) -> int:
        return int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)


class AxesRequest(HttpRequest):
    """A login's request as django-axes hands it over: its middleware and handler mark these on it."""

    axes_ip_address: str | None
    axes_attempt_time: datetime.datetime
    login_lock: Lock | None


def _failures(attempts: QuerySet[Any]) -> int:
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


def known_address(username: str | None, address: str | None, *, now: datetime.datetime | None = None) -> bool:
    """The name has logged in from this address within settings.LOGIN_KNOWN_ADDRESS_DAYS."""
    if not username or not address:
        return False
    since = (now or timezone.now()) - datetime.timedelta(days=settings.LOGIN_KNOWN_ADDRESS_DAYS)
    return AccessLog.objects.filter(username=username, ip_address=address, attempt_time__gte=since).exists()


def login_lock(request: AxesRequest, credentials: dict[str, Any] | None = None) -> Lock | None:
    """The lock that refuses this login now, if any (the narrowest first)."""
    username = get_client_username(request, credentials)
    address = request.axes_ip_address
    recent = AccessAttempt.objects.filter(attempt_time__gte=get_cool_off_threshold(request))
    pair_limit = get_failure_limit(request, credentials)
    pair = _failures(recent.filter(username=username, ip_address=address))
    if pair >= pair_limit:
        return Lock("pair", pair_limit, pair)
    wide = [("address", {"ip_address": address}, settings.LOGIN_FAILURES_PER_ADDRESS)]
    wide.append(("name", {"username": username}, settings.LOGIN_FAILURES_PER_NAME))
    for kind, where, limit in wide:
        failures = 0 if None in where.values() else _failures(recent.filter(**where))
        if failures < limit:
            continue
        if known_address(username, address, now=request.axes_attempt_time):
            return None
        return Lock(kind, limit, failures)
    return None


class LoginLimitsHandler(AxesDatabaseHandler):
    """axes' database handler, locking on any of the three limits (the module's docstring)."""

    def get_failures(self, request: AxesRequest, credentials: dict[str, Any] | None = None) -> int:
        # axes compares this figure with AXES_FAILURE_LIMIT: a wide lock answers as that limit
        # reached. The lock is kept on the request for the locked-out page's wording.
        lock = login_lock(request, credentials)
        request.login_lock = lock
        if lock is None:
            return super().get_failures(request, credentials)
        return max(lock.failures if lock.kind == "pair" else 0, get_failure_limit(request, credentials))

    def user_login_failed(
        self, sender: object, credentials: dict[str, Any], request: AxesRequest | None = None, **kwargs: Any
    ) -> None:
        super().user_login_failed(sender, credentials, request=request, **kwargs)
        lock = getattr(request, "login_lock", None)
        username = get_client_username(request, credentials)
        if request is None or lock is None:  # a login made in code has no request, and so no lock
            return
        if lock.kind == "address":
            log.warning(
                "login locked for address %s: %d failed logins from it within %d minutes, any user names "
                "(the limit %d; this one %r)",
                request.axes_ip_address, lock.failures, lock.minutes, lock.limit, username,
            )  # fmt: skip
        elif lock.kind == "name":
            log.warning(
                "login locked for user name %r: %d failed logins for it within %d minutes, any addresses "
                "(the limit %d; this one %s)",
                username, lock.failures, lock.minutes, lock.limit, request.axes_ip_address,
            )  # fmt: skip

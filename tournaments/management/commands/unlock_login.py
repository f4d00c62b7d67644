"""`unlock_login [USERNAME ...] [--address ADDRESS ...]`: lift the password-guessing locks at once.

A user name clears every failed login counted for it, from any address (its name-and-address locks
and its name lock); an address clears every failed login counted from it, for any name (its address
lock). With neither, the failed logins counted now are listed, and nothing changes. The limits are
in tournaments/http/login_limits.py.
"""

from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def _failed(count: int) -> str:
    return ngettext("%(count)d failed login", "%(count)d failed logins", count) % {"count": count}


class Command(BaseCommand):
    help = "Lift the login locks on user names or addresses (with neither: list the failed logins counted now)."

    def add_arguments(self, parser):
        parser.add_argument("usernames", nargs="*", metavar="USERNAME")
        parser.add_argument(
            "--address", action="append", default=[], help="An address whose locks to lift (may be given again)."
        )

    def handle(self, *args, usernames, address, **options):
        if not usernames and not address:
            self._list()
            return
        accounts = set(get_user_model().objects.filter(username__in=usernames).values_list("username", flat=True))
        for username in usernames:
            cleared = self._failures(username=username)
            reset(username=username)
            if username not in accounts:
                said = _("No account is named “%(name)s”; %(failed)s for that name cleared.")
            elif cleared:
                said = _("“%(name)s” can log in again from any address: %(failed)s cleared.")
            else:
                said = _("“%(name)s” was not locked out: no failed logins were counted for it.")
            self.stdout.write(said % {"name": username, "failed": _failed(cleared)})
        for ip in address:
            cleared = self._failures(ip_address=ip)
            reset(ip=ip)
            if cleared:
                said = _("Logging in from %(address)s is open again: %(failed)s cleared.")
            else:
                said = _("%(address)s was not locked out: no failed logins were counted from it.")
            self.stdout.write(said % {"address": ip, "failed": _failed(cleared)})

    @staticmethod
    def _failures(**where) -> int:
        return AccessAttempt.objects.filter(**where).aggregate(total=Sum("failures_since_start"))["total"] or 0

    def _list(self) -> None:
        since = timezone.now() - settings.AXES_COOLOFF_TIME
        rows = (
            AccessAttempt.objects.filter(attempt_time__gte=since)
            .values("username", "ip_address")
            .annotate(failed=Sum("failures_since_start"))
            .order_by("username", "ip_address")
        )
        if not rows:
            self.stdout.write(_("No failed logins are counted now: nobody is locked out."))
            return
        by_address: dict[str, int] = {}
        by_name: dict[str, int] = {}
        for row in rows:
            name, address, failed = row["username"] or "", row["ip_address"] or "", row["failed"]
            by_address[address] = by_address.get(address, 0) + failed
            by_name[name] = by_name.get(name, 0) + failed
            if failed >= settings.AXES_FAILURE_LIMIT:
                said = _("“%(name)s” from %(address)s: %(failed)s: locked.")
            else:
                said = _("“%(name)s” from %(address)s: %(failed)s.")
            self.stdout.write(said % {"name": name, "address": address, "failed": _failed(failed)})
        for address, failed in by_address.items():
            if failed >= settings.LOGIN_FAILURES_PER_ADDRESS:
                said = _("From %(address)s, any user names: %(failed)s: locked, but for names that logged in from it.")
                self.stdout.write(said % {"address": address, "failed": _failed(failed)})
        for name, failed in by_name.items():
            if failed >= settings.LOGIN_FAILURES_PER_NAME:
                said = _("“%(name)s”, from any addresses: %(failed)s: locked, but from addresses it logged in from.")
                self.stdout.write(said % {"name": name, "failed": _failed(failed)})
        self.stdout.write(_("Lift a lock with: unlock_login USERNAME, or unlock_login --address ADDRESS."))

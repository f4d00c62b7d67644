"""The day before: a reminder for every confirmed entry of an event taking place tomorrow (the site's time
zone, settings.TIME_ZONE), queued once per entry whatever runs at the same time. `manage.py send_mail` runs
it before it sends, so the reminders go out with the first run of the day before."""

from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from tournaments.models import Entry
from tournaments.services import entry_notices


def entry_reminders_queue(*, now: datetime | None = None) -> int:
    """Queue the reminders due (confirmed entries of tomorrow's parties, knockouts and card evenings, not yet
    reminded); the
    number of entries reminded. Each entry is claimed first (a conditional update), so two runs at once never
    remind it twice; cancelled and waiting entries get none."""
    now = now or timezone.now()
    tomorrow = timezone.localdate(now) + timedelta(days=1)
    due = Entry.objects.filter(
        Q(entry_list__party__date=tomorrow)
        | Q(entry_list__knockout__date=tomorrow)
        | Q(entry_list__evening__date=tomorrow),
        state=Entry.State.CONFIRMED,
        reminded_at__isnull=True,
    ).order_by("pk")
    reminded = 0
    for entry in due:
        if Entry.objects.filter(pk=entry.pk, reminded_at__isnull=True, state=Entry.State.CONFIRMED).update(
            reminded_at=now
        ):
            entry_notices.entry_reminder(entry)  # no address, declined: claimed all the same, never tried again
            reminded += 1
    return reminded

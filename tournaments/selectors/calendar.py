"""The club's coming events for its calendar feed: five queries (one per kind of event)."""

import datetime

from django.shortcuts import get_object_or_404
from django.utils import timezone

from tournaments.models import BostonTable, CardEvening, Club, Knockout, Party, TowieTable

# The feed keeps the last month's events too: a night just played stays in the phone's calendar.
PAST_DAYS = 30


def club_by_calendar(token: str) -> Club:
    """The club whose calendar link this is; any other link is a 404."""
    return get_object_or_404(Club, calendar_token=token) if token else get_object_or_404(Club, pk=None)


def coming_events(club: Club, today: datetime.date | None = None) -> list:
    """Parties, knockouts, card evenings, Towie and Boston tables from PAST_DAYS ago on, by start; the demo's
    left out. A card evening is one event: the tables made for it are its own, not events of their own (its
    entrants' mail carries the evening's UID, which the feed must hold)."""
    since = (today or timezone.localdate()) - datetime.timedelta(days=PAST_DAYS)
    events: list = []
    for model in (Party, Knockout):
        events += model.objects.filter(club=club, date__gte=since, demo=False).select_related("club").order_by()
    for table_model in (TowieTable, BostonTable):
        tables = table_model.objects.filter(club=club, date__gte=since, demo=False, evening__isnull=True)
        events += tables.select_related("club").order_by()
    events += CardEvening.objects.filter(club=club, date__gte=since).select_related("club").order_by()
    return sorted(events, key=lambda event: (event.date, event.start_time, type(event).__name__, event.pk))

"""When an event is: its start and end on the club's clock, in the club's style (l10n.clock, l10n.hours)."""

import datetime

from django import template

from tournaments import l10n
from tournaments.models.timing import Timed

register = template.Library()


@register.filter
def clock(value: datetime.time | datetime.datetime | None) -> str:
    """A time of day in the club's style: "19:30", "7:30 p.m."."""
    return l10n.clock(value)


@register.filter
def hours(event: Timed | None) -> str:
    """An event's start and end in its club's zone: "19:30–22:30"."""
    return l10n.hours(event) if event is not None else ""


@register.filter
def day_and_hours(event: Timed) -> str:
    """The event's day and hours: "12 December 2026, 19:30–22:30"."""
    return f"{l10n.day(event.starts_at.date(), long=True)}, {l10n.hours(event)}"

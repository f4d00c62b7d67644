"""iCalendar (RFC 5545) files, built with the icalendar library: the club's feed of coming events that a phone
subscribes to, and one event's .ics that an entry's confirmation carries (presentation.calendar.event_ics).
Plain data in, bytes out."""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from icalendar import Calendar, Event

PRODID = "-//Club Director//Club events//EN"


@dataclass(frozen=True)
class CalendarEvent:
    uid: str  # stable across rebuilds: a phone updates the event instead of adding it again
    day: datetime.date
    title: str
    description: str = ""
    url: str = ""


def _calendar(name: str) -> "Calendar":
    # Imported here, as a calendar is asked for: few requests do, and every worker would keep it.
    from icalendar import Calendar

    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    if name:
        calendar.add("x-wr-calname", name)
        calendar.add("name", name)
    return calendar


def _event(item: CalendarEvent, stamp: datetime.datetime) -> "Event":
    from icalendar import Event

    event = Event()
    event.add("uid", item.uid)
    event.add("dtstamp", stamp)
    # The events have a day, no hour: all-day events (DTEND the next day, as RFC 5545 counts it).
    event.add("dtstart", item.day)
    event.add("dtend", item.day + datetime.timedelta(days=1))
    event.add("summary", item.title)
    event.add("transp", "TRANSPARENT")
    if item.description:
        event.add("description", item.description)
    if item.url:
        event.add("url", item.url)
    return event


def calendar_ics(name: str, events: Iterable[CalendarEvent], *, refresh_hours: int = 6) -> bytes:
    """A calendar of the events; a subscribing phone is asked to look again every `refresh_hours`."""
    calendar = _calendar(name)
    calendar.add("refresh-interval", datetime.timedelta(hours=refresh_hours), parameters={"VALUE": "DURATION"})
    calendar.add("x-published-ttl", f"PT{refresh_hours}H")
    stamp = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    for item in events:
        calendar.add_component(_event(item, stamp))
    return calendar.to_ical()

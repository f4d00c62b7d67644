"""iCalendar (RFC 5545) files, built with the icalendar library: the club's feed of coming events that a phone
subscribes to, and one event's .ics that an entry's confirmation carries (presentation.calendar.event_ics).
Plain data in, bytes out. Each event is timed and busy, in
its club's zone, with the zone's VTIMEZONE (files/time_zones.py)."""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from icalendar import Calendar, Event

from tournaments.files.time_zones import vtimezone

PRODID = "-//Club Director//Club events//EN"


@dataclass(frozen=True)
class CalendarEvent:
    uid: str  # stable across rebuilds: a phone updates the event instead of adding it again
    start: datetime.datetime  # aware, in the club's zone (a ZoneInfo): written with its TZID and VTIMEZONE
    end: datetime.datetime
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
    # A timed event in the club's zone (DTSTART;TZID=Europe/London:…), and busy: the evening is taken.
    event.add("dtstart", item.start)
    event.add("dtend", item.end)
    event.add("summary", item.title)
    event.add("transp", "OPAQUE")
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
    items = list(events)
    _add_time_zones(calendar, items)
    for item in items:
        calendar.add_component(_event(item, stamp))
    return calendar.to_ical()


def _add_time_zones(calendar: "Calendar", items: list[CalendarEvent]) -> None:
    """One VTIMEZONE for each zone the events use, covering their years (RFC 5545 wants it before any TZID)."""
    by_zone: dict[str, list[datetime.date]] = {}
    for item in items:
        by_zone.setdefault(str(item.start.tzinfo), []).append(item.start.date())
    for name, days in sorted(by_zone.items()):
        calendar.add_component(vtimezone(name, min(days), max(days)))

"""A VTIMEZONE (RFC 5545 §3.6.5) for an IANA zone, worked out from the tz database (zoneinfo): one STANDARD or
DAYLIGHT component per kind of change, each with its first change as DTSTART and the others as RDATEs.

Every onset is written in the local time *before* the change (TZOFFSETFROM), as the RFC reads it: London's
clocks go forward at 01:00 GMT (DTSTART 01:00, not 02:00) and back at 02:00 BST. Plain Python in, icalendar
components out; only the years asked for are written, so a feed stays short.
"""

import datetime
import zoneinfo
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from icalendar import Timezone

DAY = datetime.timedelta(days=1)


class Change(NamedTuple):
    at: datetime.datetime  # the UTC instant of the change
    offset_from: datetime.timedelta
    offset_to: datetime.timedelta
    name: str
    daylight: bool


def _state(zone: zoneinfo.ZoneInfo, instant: datetime.datetime) -> tuple[datetime.timedelta, str, bool]:
    local = instant.astimezone(zone)
    return local.utcoffset() or datetime.timedelta(0), local.tzname() or "", bool(local.dst())


def _first_after(zone: zoneinfo.ZoneInfo, low: datetime.datetime, high: datetime.datetime) -> datetime.datetime:
    """The first UTC minute in (low, high] whose offset differs from low's (a change lies in the interval)."""
    before = _state(zone, low)
    while high - low > datetime.timedelta(minutes=1):
        middle = low + (high - low) / 2
        middle = middle.replace(second=0, microsecond=0)
        if _state(zone, middle) == before:
            low = middle
        else:
            high = middle
    return high


def changes(zone: zoneinfo.ZoneInfo, start: datetime.datetime, end: datetime.datetime) -> list[Change]:
    """The zone's changes of offset from `start` to `end` (UTC), day by day then to the minute."""
    found: list[Change] = []
    day = start
    while day < end:
        if _state(zone, day) != _state(zone, day + DAY):
            at = _first_after(zone, day, day + DAY)
            offset_from, *_ = _state(zone, day)
            offset_to, name, daylight = _state(zone, at)
            found.append(Change(at, offset_from, offset_to, name, daylight))
        day += DAY
    return found


def vtimezone(name: str, first: datetime.date, last: datetime.date) -> "Timezone":
    """The zone `name` as a VTIMEZONE good for events from `first` to `last` (whole years around them)."""
    from icalendar import Timezone, TimezoneDaylight, TimezoneStandard

    zone = zoneinfo.ZoneInfo(name)
    start = datetime.datetime(first.year - 1, 1, 1, tzinfo=datetime.UTC)
    end = datetime.datetime(last.year + 2, 1, 1, tzinfo=datetime.UTC)
    offset, zone_name, daylight = _state(zone, start)
    kinds: dict[tuple, list[Change]] = {}
    # The zone as it stands when the window opens, then each kind of change with its dates.
    kinds[(daylight, offset, offset, zone_name)] = [Change(start, offset, offset, zone_name, daylight)]
    for change in changes(zone, start, end):
        kinds.setdefault((change.daylight, change.offset_from, change.offset_to, change.name), []).append(change)
    timezone = Timezone()
    timezone.add("tzid", name)
    for (is_daylight, offset_from, offset_to, tzname), dates in kinds.items():
        part = TimezoneDaylight() if is_daylight else TimezoneStandard()
        onsets = [(change.at + change.offset_from).replace(tzinfo=None) for change in dates]
        part.add("dtstart", onsets[0])
        if onsets[1:]:
            part.add("rdate", onsets[1:])
        part.add("tzoffsetfrom", offset_from)
        part.add("tzoffsetto", offset_to)
        if tzname:
            part.add("tzname", tzname)
        timezone.add_component(part)
    return timezone

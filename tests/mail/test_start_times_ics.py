"""The .ics read back by two parsers that are not the one we write with (icalendar): vobject, which reads the
times through our own VTIMEZONE, and ical. Each start and end is worked out by hand as a UTC instant."""

import datetime

import pytest
import vobject
from django.urls import reverse
from ical.calendar_stream import IcsCalendarStream

from tests.conftest import make_party
from tournaments.models import Club, Party
from tournaments.presentation.calendar import event_ics

pytestmark = pytest.mark.django_db
UTC = datetime.UTC

# (zone, day, start, minutes, UTC start, UTC end), each worked out by hand:
CASES = [
    # London's clocks go forward at 01:00 UTC on Sunday 28 March 2027: 19:30 BST (+01:00) is 18:30 UTC.
    (
        "Europe/London",
        datetime.date(2027, 3, 28),
        datetime.time(19, 30),
        180,
        datetime.datetime(2027, 3, 28, 18, 30, tzinfo=UTC),
        datetime.datetime(2027, 3, 28, 21, 30, tzinfo=UTC),
    ),
    # Paris goes back at 01:00 UTC on Sunday 31 October 2027: 20:00 CET (+01:00) is 19:00 UTC; 2h30 later 21:30.
    (
        "Europe/Paris",
        datetime.date(2027, 10, 31),
        datetime.time(20, 0),
        150,
        datetime.datetime(2027, 10, 31, 19, 0, tzinfo=UTC),
        datetime.datetime(2027, 10, 31, 21, 30, tzinfo=UTC),
    ),
    # New York goes forward on the second Sunday of March 2027, the 14th: 19:00 EDT (−04:00) is 23:00 UTC,
    # four hours later 03:00 UTC the next day.
    (
        "America/New_York",
        datetime.date(2027, 3, 14),
        datetime.time(19, 0),
        240,
        datetime.datetime(2027, 3, 14, 23, 0, tzinfo=UTC),
        datetime.datetime(2027, 3, 15, 3, 0, tzinfo=UTC),
    ),
    # Tokyo keeps +09:00 all year: 18:00 JST on 1 July 2027 is 09:00 UTC.
    (
        "Asia/Tokyo",
        datetime.date(2027, 7, 1),
        datetime.time(18, 0),
        180,
        datetime.datetime(2027, 7, 1, 9, 0, tzinfo=UTC),
        datetime.datetime(2027, 7, 1, 12, 0, tzinfo=UTC),
    ),
    # Across London's change back (02:00 BST = 01:00 UTC on 31 October 2027): 23:30 BST on the 30th is 22:30 UTC,
    # four hours on is 02:30 UTC, 02:30 GMT on the wall: three hours on the clock, four in the room.
    (
        "Europe/London",
        datetime.date(2027, 10, 30),
        datetime.time(23, 30),
        240,
        datetime.datetime(2027, 10, 30, 22, 30, tzinfo=UTC),
        datetime.datetime(2027, 10, 31, 2, 30, tzinfo=UTC),
    ),
    # London in winter is GMT: 19:30 is 19:30 UTC.
    (
        "Europe/London",
        datetime.date(2027, 1, 10),
        datetime.time(19, 30),
        180,
        datetime.datetime(2027, 1, 10, 19, 30, tzinfo=UTC),
        datetime.datetime(2027, 1, 10, 22, 30, tzinfo=UTC),
    ),
]


def _party(director, zone: str, day: datetime.date, start: datetime.time, minutes: int) -> Party:
    party = make_party(tables=1, user=director, name=f"Night in {zone}", draw=False)
    Club.objects.filter(pk=party.club_id).update(time_zone=zone)
    Party.objects.filter(pk=party.pk).update(date=day, start_time=start, length_minutes=minutes)
    return Party.objects.select_related("club").get(pk=party.pk)


def _vobject(ics: bytes):
    (event,) = vobject.readOne(ics.decode()).vevent_list
    return event


@pytest.mark.parametrize(("zone", "day", "start", "minutes", "utc_start", "utc_end"), CASES)
def test_both_parsers_read_the_instant_worked_out_by_hand(director, zone, day, start, minutes, utc_start, utc_end):
    ics = event_ics(_party(director, zone, day, start, minutes), host="club.example")
    event = _vobject(ics)
    assert event.dtstart.value.tzinfo is not None and event.dtstart.value.astimezone(UTC) == utc_start
    assert event.dtend.value.astimezone(UTC) == utc_end and event.transp.value == "OPAQUE"
    (other,) = IcsCalendarStream.calendar_from_ics(ics.decode()).events
    assert isinstance(other.dtstart, datetime.datetime) and isinstance(other.dtend, datetime.datetime)  # timed
    assert other.dtstart.astimezone(UTC) == utc_start and other.dtend.astimezone(UTC) == utc_end
    assert other.transparency == "OPAQUE"


def test_the_vtimezone_has_londons_changes_with_their_offsets(director):
    ics = event_ics(_party(director, *CASES[0][:4]), host="club.example").decode()
    (zone,) = vobject.readOne(ics).vtimezone_list
    zone_info = zone.gettzinfo()
    # Read through the VTIMEZONE alone: an hour either side of each change of 2027 (28 March, 31 October,
    # both at 01:00 UTC), the offset before and after.
    for local, offset in [
        (datetime.datetime(2027, 3, 28, 0, 30), 0), (datetime.datetime(2027, 3, 28, 2, 30), 1),
        (datetime.datetime(2027, 10, 31, 0, 30), 1), (datetime.datetime(2027, 10, 31, 2, 30), 0),
    ]:  # fmt: skip
        assert local.replace(tzinfo=zone_info).utcoffset() == datetime.timedelta(hours=offset), local
    assert "BEGIN:DAYLIGHT" in ics and "BEGIN:STANDARD" in ics and "DTSTART:20260329T010000" in ics


def test_tokyo_has_one_standard_part_and_no_daylight(director):
    ics = event_ics(_party(director, *CASES[3][:4]), host="club.example").decode()
    assert (
        "BEGIN:DAYLIGHT" not in ics and "TZOFFSETTO:+0900" in ics and "DTSTART;TZID=Asia/Tokyo:20270701T180000" in ics
    )


def test_the_feed_and_the_mail_give_each_event_one_uid(client, director, settings):
    """The feed asked at club.example and an entrant's mail from a page at http://club.example: one UID."""
    settings.SITE_URL = ""
    party = _party(director, *CASES[0][:4])
    other = _party(director, *CASES[1][:4])  # same club: the club's zone is now Paris for both
    feed = client.get(reverse("calendar_feed", args=[party.club.calendar_token]), HTTP_HOST="club.example")
    uids = {str(e.summary.value): e.uid.value for e in vobject.readOne(feed.content.decode()).vevent_list}
    assert uids == {party.name: f"party-{party.pk}@club.example", other.name: f"party-{other.pk}@club.example"}
    from tournaments.presentation.calendar import uid_host

    assert _vobject(event_ics(party, host=uid_host("http://club.example"))).uid.value == uids[party.name]
    settings.SITE_URL = "https://bridge.example"  # then SITE_URL names the site, whatever the address asked
    feed = client.get(reverse("calendar_feed", args=[party.club.calendar_token]), HTTP_HOST="club.example")
    assert f"UID:party-{party.pk}@bridge.example" in feed.content.decode()
    assert (
        _vobject(event_ics(party, host=uid_host("http://club.example"))).uid.value == f"party-{party.pk}@bridge.example"
    )


def test_bad_times_are_refused_with_a_clear_message_and_nothing_changes(director):
    from django.core.exceptions import ValidationError

    party = _party(director, *CASES[0][:4])
    for minutes in (0, 1441):
        party.length_minutes = minutes
        with pytest.raises(ValidationError, match="1 minute to 24 hours"):
            party.full_clean()
    party.start_time = "25:00"
    with pytest.raises(ValidationError, match="start_time"):
        party.full_clean()
    club = party.club
    club.time_zone = "Europe/Atlantis"
    with pytest.raises(ValidationError, match="not a time zone we know"):
        club.full_clean()
    stored = Party.objects.select_related("club").get(pk=party.pk)
    assert (stored.start_time, stored.length_minutes, stored.club.time_zone) == (
        datetime.time(19, 30), 180, "Europe/London",
    )  # fmt: skip

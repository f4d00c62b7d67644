"""When an event starts and how long it lasts: a time of day and a length, read in its club's time zone.

Every kind of event (a party, a knockout, a Towie or Boston table, a card evening) has them; the club holds
its zone and its usual start (models/club.py). A wall-clock time and a zone, not an instant, are stored: an
evening at 19:30 stays at 19:30 when the clocks change or the club's zone is corrected.
"""

import datetime
import zoneinfo
from functools import cache
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext, gettext_lazy

if TYPE_CHECKING:
    from tournaments.models.club import Club

USUAL_START = datetime.time(19, 30)
DEFAULT_LENGTH_MINUTES = 180  # three hours: an evening's bridge
MAX_LENGTH_MINUTES = 24 * 60  # an event of more than a day is two events

LENGTH_RANGE = gettext_lazy("An event lasts from 1 minute to 24 hours (1 to 1440 minutes).")


@cache
def known_time_zones() -> frozenset[str]:
    """The IANA zones this machine's tz database knows (tzdata), read once."""
    return frozenset(zoneinfo.available_timezones())


def validate_time_zone(value: str) -> None:
    if value not in known_time_zones():
        raise ValidationError(
            gettext("“%(zone)s” is not a time zone we know: pick one from the list, like Europe/London.")
            % {"zone": value},
            code="unknown_zone",
        )


class Timed(models.Model):
    """The start time and length every event shares."""

    start_time = models.TimeField(gettext_lazy("start time"), default=USUAL_START)
    length_minutes = models.PositiveSmallIntegerField(
        gettext_lazy("length (minutes)"),
        default=DEFAULT_LENGTH_MINUTES,
        validators=[
            MinValueValidator(1, message=LENGTH_RANGE),
            MaxValueValidator(MAX_LENGTH_MINUTES, message=LENGTH_RANGE),
        ],
    )

    # Each kind of event declares its own date and club (their related names differ); named here for the
    # type checker, which reads the properties below on the abstract class.
    date: datetime.date
    club: "Club"

    class Meta:
        abstract = True

    @property
    def length(self) -> datetime.timedelta:
        return datetime.timedelta(minutes=self.length_minutes)

    @property
    def starts_at(self) -> datetime.datetime:
        """The start as an aware datetime in the club's zone (fold 0: the first of a doubled hour)."""
        return datetime.datetime.combine(self.date, self.start_time, tzinfo=self.club.zone)

    @property
    def ends_at(self) -> datetime.datetime:
        """The end, in the club's zone: the length is elapsed time, so a night the clocks change is an hour
        longer or shorter on the wall clock, never in the room."""
        end = self.starts_at.astimezone(datetime.UTC) + self.length
        return end.astimezone(self.club.zone)

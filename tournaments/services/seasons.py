"""Writes to a club's seasons: a series of its own events, scored by a rule the club chooses."""

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import l10n
from tournaments.models import Club, Knockout, Party, Series
from tournaments.models.memory import DEFAULT_PLACE_POINTS
from tournaments.rules import season as season_rules
from tournaments.rules.errors import RuleError


def _check(
    club: Club,
    scoring: str,
    place_points: list[int],
    best_of: int | None,
    parties: list[Party],
    knockouts: list[Knockout],
) -> None:
    events: list[Party | Knockout] = [*parties, *knockouts]
    strangers = [e.name for e in events if e.club_id != club.pk]
    if strangers:
        raise ValidationError(
            _("A season holds one club's events only: %(events)s belong to another club.")
            % {"events": ", ".join(strangers)}
        )
    try:
        season_rules.season_standings([], scoring=scoring, table=place_points, best_of=best_of)
    except RuleError as error:
        raise ValidationError(l10n.say(error)) from error


def parse_points(text: str) -> list[int]:
    """ "10-8-6-5-4-3-2-1" (or with commas or spaces) -> [10, 8, ...]."""
    parts = [p for p in text.replace(",", " ").replace("-", " ").split() if p]
    if not parts or not all(p.isdecimal() for p in parts):
        raise ValidationError(_("Write the points by place as whole numbers, such as 10-8-6-5-4-3-2-1."))
    return [int(p) for p in parts]


@transaction.atomic
def series_save(
    *,
    club: Club,
    name: str,
    scoring: str = season_rules.TOTALS,
    place_points: list[int] | None = None,
    best_of: int | None = None,
    parties: Sequence[Party] = (),
    knockouts: Sequence[Knockout] = (),
    series: Series | None = None,
) -> Series:
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError({"name": _("Give the season a name.")})
    points = list(place_points or DEFAULT_PLACE_POINTS)
    _check(club, scoring, points, best_of, list(parties), list(knockouts))
    if series is None:
        series = Series(club=club)
    series.name, series.scoring, series.place_points, series.best_of = name, scoring, points, best_of
    series.save()
    series.parties.set(parties)
    series.knockouts.set(knockouts)
    return series


@transaction.atomic
def series_delete(*, series: Series) -> None:
    series.delete()

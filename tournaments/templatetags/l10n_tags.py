"""Dates and season points in the page's language and the club's style (tournaments.l10n)."""

import datetime
from decimal import Decimal
from fractions import Fraction

from django import template

from tournaments import l10n
from tournaments.selectors.seasons import Row, SeasonTable

register = template.Library()


@register.filter
def day_long(value: datetime.date | None) -> str:
    """31 December 2026 / 31 décembre 2026 / 31. Dezember 2026."""
    return l10n.day(value, long=True)


@register.filter
def day_short(value: datetime.date | None) -> str:
    return l10n.day(value)


def points(value: int | Fraction | None) -> str:
    """A season's points: 22, or 7.5 / 7,5 when a tie shared them (two decimals at most)."""
    if value is None:
        return ""
    if isinstance(value, Fraction) and value.denominator != 1:
        shown = Decimal(round(value.numerator / value.denominator, 2)).quantize(Decimal("0.01")).normalize()
        return l10n.number(shown)
    return l10n.number(int(value))


@register.filter
def points_or_signed(value: int | Fraction | None, season: bool = False) -> str:
    """Season points as they are (never negative by place); a night's total with its sign."""
    return points(value) if season else l10n.signed(value)


register.filter("points", points)


@register.filter
def best_of_kind(table: SeasonTable, kind: str) -> list[Row]:
    """A season's best lady (or gentleman): `table.best(kind)` for a template."""
    return table.best(kind)

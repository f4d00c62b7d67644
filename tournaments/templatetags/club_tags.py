"""Dates on the club pages, in the club's style and the reader's language (tournaments.l10n.day)."""

import datetime

from django import template
from django.utils import timezone

from tournaments import l10n

register = template.Library()


@register.filter
def day(value: datetime.date | datetime.datetime | None, long: bool = True) -> str:
    """A date or a moment (shown as the local day): "28 Nov 2026", "28 nov. 2026", "28. Nov. 2026"."""
    if isinstance(value, datetime.datetime):
        value = timezone.localtime(value).date() if timezone.is_aware(value) else value.date()
    return l10n.day(value, long=bool(long))

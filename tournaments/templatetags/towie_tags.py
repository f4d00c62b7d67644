"""Template helpers for the Towie pages: links that work for a director and for the phone link, the party's offer."""

import datetime
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any, TypeVar

from django import template
from django.template import Context

from tournaments import l10n
from tournaments.models import Guest, Party
from tournaments.selectors import towie as towie_selectors

K = TypeVar("K")
V = TypeVar("V")

register = template.Library()

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@register.simple_tag(takes_context=True)
def towie_url(context: Context, name: str, *args: Any) -> str:
    """The link to a table's page, by the way this page was reached (director or phone link)."""
    return context["access"].url(name, *args)


@register.simple_tag
def towie_offer(party: Party, guests: Iterable[Guest]) -> towie_selectors.PartyOffer:
    """What the party's guest page says about a Towie table, from the guests it already read (no query)."""
    return towie_selectors.party_offer(party, guests)


@register.filter
def points(value: int | str | None) -> str:
    """2640 -> "2,640"; blank for None."""
    return l10n.number(None if value is None or value == "" else int(value))


@register.filter
def money(value: Decimal | str | None) -> str:
    """An amount of money with two decimals and a sign: "+3.90", "−1.80", "0.00"."""
    return "" if value in (None, "") else l10n.money(value)


@register.filter
def day(value: datetime.date | None) -> str:
    """A table's date, written out in the reader's language and the club's order."""
    return l10n.day(value, long=True)


@register.filter
def amount(value: Decimal | int | str | None) -> str:
    """An amount of money with two decimals, no sign: "0.60", "1 234,50"; blank for None."""
    return "" if value in (None, "") else l10n.number(value, 2)


@register.filter
def card(value: str) -> str:
    """ "10H" -> "10♥"."""
    if not value:
        return ""
    return value[:-1] + SUIT_SYMBOLS.get(value[-1], value[-1])


@register.filter
def lookup(mapping: Mapping[K, V] | None, key: K) -> V | None:
    return mapping.get(key) if mapping else None

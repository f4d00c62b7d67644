"""Reads for card evenings: a club's list, one evening by id (of the director's clubs only), its tables."""

from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404

from tournaments.directors import Director
from tournaments.models import BostonTable, CardEvening, Club, TowieTable
from tournaments.selectors.clubs import of_my_clubs


def evening_list(club: Club) -> QuerySet[CardEvening]:
    """The club's evenings, newest first, each with its number of confirmed entrants (one query)."""
    return (
        CardEvening.objects.filter(club=club)
        .annotate(entry_count=Count("entry_list__entries", filter=Q(entry_list__entries__state="confirmed")))
        .order_by("-date", "-id")
    )


def evening_get(evening_id: int, *, user: Director) -> CardEvening:
    return get_object_or_404(of_my_clubs(CardEvening.objects.select_related("club"), user), pk=evening_id)


def evening_tables(evening: CardEvening) -> list:
    """The tables made for the evening, in table order (one query)."""
    if evening.is_boston:
        return list(BostonTable.objects.filter(evening=evening).order_by("pk"))
    return list(TowieTable.objects.filter(evening=evening).prefetch_related("players").order_by("pk"))

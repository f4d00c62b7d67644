"""The demo events a new club starts with: a small mixed party, one round partly played.

Made for a club, marked as demo events (deleted together from the home page), safe to add again.
"""

import datetime

from django.contrib.auth.models import User
from django.db import transaction

from tournaments.models import Club, Membership, Party
from tournaments.services import party as party_services
from tournaments.services import results as result_services
from tournaments.services import seating as seating_services

DEMO_NAME = "Demo party"
LADIES = [
    "Ada Lovelace",
    "Beatrice Webb",
    "Clara Schumann",
    "Dorothy Sayers",
    "Edith Wharton",
    "Florence Nightingale",
    "Grace Hopper",
    "Hedy Lamarr",
    "Iris Murdoch",
    "Jane Austen",
]
GENTLEMEN = [
    "Albert Morehead",
    "Boris Koytchou",
    "Charles Goren",
    "David Burnstine",
    "Ely Culbertson",
    "Fred Karpin",
    "George Beynon",
    "Howard Schenken",
    "Ivan Erdos",
    "Michael Gottlieb",
]
# Round 1 results for tables 1-3 (deal by deal); tables 4 and 5 are left for the visitor to enter.
ROUND_ONE = {
    1: [("4S", "N", 10), ("3N", "E", 8), ("2H", "S", 9), ("PASS", "", 0)],
    2: [("1N", "W", 7), ("4HX", "N", 9), ("6D", "E", 12), ("3C", "S", 9)],
    3: [("3N", "S", 10), ("2S", "E", 8), ("4S", "N", 9), ("5DX", "W", 9)],
}


def _director_of(club: Club) -> User | None:
    membership = Membership.objects.filter(club=club).order_by("-role", "id").select_related("user").first()
    return membership.user if membership else None


@transaction.atomic
def demo_add(*, club: Club, user: User | None = None) -> list[str]:
    """Add the demo events the club lacks; returns the names of those added (none when all are there)."""
    if Party.objects.filter(club=club, demo=True, name=DEMO_NAME).exists():
        return []
    user = user or _director_of(club)
    party = party_services.party_create(
        name=DEMO_NAME,
        date=datetime.date.today(),
        tables=5,
        mixed=True,
        rounds_planned=4,
        user=user,
        club=club,
        demo=True,
    )
    party_services.guests_add(
        party=party, entries=[(n, "lady") for n in LADIES] + [(n, "gentleman") for n in GENTLEMEN]
    )
    first = seating_services.seats_draw(party=party, seed=1938)
    for table, deals in ROUND_ONE.items():
        result_services.result_record(round_=first, table=table, deals=deals, by_user=user)
    return [DEMO_NAME]

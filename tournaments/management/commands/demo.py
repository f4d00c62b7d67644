"""Set up the demo: a director account and a small demo party (idempotent)."""

import datetime

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from tournaments.models import Party
from tournaments.services import party as party_services
from tournaments.services import results as result_services
from tournaments.services import seating as seating_services

USERNAME = "director"
PASSWORD = "bridge-1938"
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


class Command(BaseCommand):
    help = "Create the demo director account and a small demo party (safe to run again)."

    @transaction.atomic
    def handle(self, *args, **options):
        user = get_user_model().objects.filter(username=USERNAME).first()
        if user is None:
            user = get_user_model().objects.create_superuser(USERNAME, "", PASSWORD)
        if not Party.objects.filter(name=DEMO_NAME).exists():
            party = party_services.party_create(
                name=DEMO_NAME, date=datetime.date.today(), tables=5, mixed=True, rounds_planned=4, user=user
            )
            party_services.guests_add(
                party=party, entries=[(n, "lady") for n in LADIES] + [(n, "gentleman") for n in GENTLEMEN]
            )
            first = seating_services.seats_draw(party=party, seed=1938)
            for table, deals in ROUND_ONE.items():
                result_services.result_record(round_=first, table=table, deals=deals, by_user=user)
        self.stdout.write(f"Demo director login: user name “{USERNAME}”, password “{PASSWORD}”.")

"""Build the benchmark's data through the app's own services."""

import datetime
import random

from django.contrib.auth import get_user_model

from tournaments.models import Club, Membership
from tournaments.services import party as party_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services import seating as seating_services

ROUNDS = 8
CONTRACTS = ["1N", "2S", "3N", "4H", "4S", "5D", "3C", "2H", "6S", "4SX", "PASS"]


def director():
    """The bench's director, owner of the bench's club (every event belongs to a club)."""
    user = get_user_model().objects.filter(username="bench").first()
    user = user or get_user_model().objects.create_user("bench", password="bench-password-1938")
    club, _ = Club.objects.get_or_create(name="Bench club")
    Membership.objects.get_or_create(club=club, user=user, defaults={"role": "owner"})
    return user


def party(size: int, user, *, name: str, rounds: int = ROUNDS):
    created = party_services.party_create(
        name=name, date=datetime.date.today(), tables=size, mixed=True, rounds_planned=rounds, user=user
    )
    entries = [(f"Lady {i:03d}", "lady") for i in range(2 * size)]
    entries += [(f"Gentleman {i:03d}", "gentleman") for i in range(2 * size)]
    party_services.guests_add(party=created, entries=entries)
    seating_services.seats_draw(party=created, seed=size)
    return created


def deals(rng: random.Random) -> list[tuple[str, str, int]]:
    chosen = []
    for _ in range(4):
        contract = rng.choice(CONTRACTS)
        if contract == "PASS":
            chosen.append(("PASS", "", 0))
        else:
            needed = 6 + int(contract[0])
            chosen.append((contract, rng.choice("NESW"), max(0, min(13, needed + rng.randint(-3, 2)))))
    return chosen


def played_party(size: int, user):
    """A mixed party of `size` tables, 8 rounds played deal by deal; the last left open."""
    rng = random.Random(size)
    created = party(size, user, name=f"Bench party of {size} tables", rounds=ROUNDS + 1)
    for number in range(1, ROUNDS + 1):
        round_ = created.rounds.get(number=number)
        for table in range(1, size + 1):
            result_services.result_record(round_=round_, table=table, deals=deals(rng), by_user=user)
        round_services.round_close(round_=round_)
    return created


def knockout_events(user) -> dict:
    """A 16-pair knockout played to the end, when the knockout feature is present."""
    try:
        from bench import knockout_build
    except ImportError:
        return {}
    return knockout_build.events(user)

"""Build the benchmark's data through the app's own services."""

import datetime
import random

from django.contrib.auth import get_user_model

from tournaments.models import Club, Member, Membership
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


LADIES = [
    "Alice",
    "Anna",
    "Beatrice",
    "Carla",
    "Clara",
    "Diane",
    "Elena",
    "Emma",
    "Fiona",
    "Grace",
    "Hanna",
    "Helen",
    "Irene",
    "Julia",
    "Karen",
    "Laura",
    "Lena",
    "Maria",
    "Marta",
    "Nora",
    "Olivia",
    "Paula",
    "Rosa",
    "Sarah",
    "Tessa",
]
GENTLEMEN = [
    "Adam",
    "Anton",
    "Bruno",
    "Carl",
    "David",
    "Edward",
    "Felix",
    "Frank",
    "George",
    "Henry",
    "Hugo",
    "Ivan",
    "Jacob",
    "Jonas",
    "Karl",
    "Leo",
    "Louis",
    "Mark",
    "Martin",
    "Oscar",
    "Paul",
    "Peter",
    "Robert",
    "Simon",
    "Tom",
]
FAMILIES = [
    f"{stem}{ending}"
    for stem in ("Smith", "Brown", "Martin", "Garcia", "Muller", "Jansen", "Dubois", "Rossi", "Novak", "Larsen")
    for ending in ("", "son", "ell", "ini", "er", "ova", "sen", "ard", "ley", "ton")
]


def members(user, count: int = 5000) -> list[str]:
    """`count` members of the bench's club, ladies and gentlemen taking turns, each with a member number;
    returns their names. Written in one bulk insert: the members' import (services.members.members_import)
    checks every row against all the rows before it with a case-blind name match no index serves, so 5,000
    rows take minutes there (a hot spot of the import, not of the search)."""
    club = Club.objects.get(memberships__user=user)
    people = [(first, "lady") for first in LADIES] + [(first, "gentleman") for first in GENTLEMEN]
    made, names = [], []
    for i in range(count):
        first, kind = people[(i % 2) * len(LADIES) + (i // 2) % len(LADIES)]
        name = f"{first} {FAMILIES[(i // (2 * len(LADIES))) % len(FAMILIES)]}"
        made.append(Member(club=club, name=name, kind=kind, number=f"B{i:05d}"))
        names.append(name)
    Member.objects.bulk_create(made, batch_size=500)
    return names


def season(user, names: list[str], *, nights: int = 40, tables: int = 25, rounds: int = 1):
    """A season of `nights` parties of `tables` tables, the same 4 x `tables` members every night, each night
    `rounds` rounds played deal by deal and closed; the season made through series_save."""
    from tournaments.services import seasons as season_services

    rng = random.Random(nights)
    ladies, gentlemen = names[0 : 4 * tables : 2], names[1 : 4 * tables : 2]
    played = []
    for night in range(nights):
        created = party_services.party_create(
            name=f"Bench season night {night + 1}",
            date=datetime.date.today() - datetime.timedelta(days=7 * (nights - night)),
            tables=tables,
            mixed=True,
            rounds_planned=rounds,
            user=user,
        )
        party_services.guests_add(
            party=created, entries=[(n, "lady") for n in ladies] + [(n, "gentleman") for n in gentlemen]
        )
        seating_services.seats_draw(party=created, seed=night)
        for number in range(1, rounds + 1):
            round_ = created.rounds.get(number=number)
            for table in range(1, tables + 1):
                result_services.result_record(round_=round_, table=table, deals=deals(rng), by_user=user)
            round_services.round_close(round_=round_)
        played.append(created)
    club = Club.objects.get(memberships__user=user)
    return season_services.series_save(club=club, name=f"Bench season of {nights} nights", parties=played)

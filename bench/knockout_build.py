"""Knockouts for the benchmark: 10 and 16 pairs, every match played deal by deal to both finals."""

import datetime
import random

from tournaments.models import KnockoutRound
from tournaments.services import knockout as knockout_services

DEALS = [("4S", "N", 10), ("3N", "E", 9), ("2H", "S", 8), ("4HX", "W", 9), ("1N", "N", 8), ("5D", "E", 10)]


def _play_match(match, rng: random.Random) -> None:
    for number in range(1, 9):
        contract, declarer, tricks = rng.choice(DEALS)
        declarer = rng.choice("NESW")
        knockout_services.match_deal_record(
            match=match, number=number, contract=contract, declarer=declarer, tricks=tricks + rng.randint(-1, 1)
        )
    match.refresh_from_db()
    if match.ns_total == match.ew_total:
        knockout_services.match_decide(match=match, how="cut", seed=rng.randint(0, 10**6))


def event(pairs: int, user):
    rng = random.Random(pairs)
    names = [(f"North {i:02d}", f"South {i:02d}") for i in range(pairs)]
    created = knockout_services.knockout_create(
        name=f"Bench knockout of {pairs} pairs", date=datetime.date.today(), pairs=names, user=user
    )
    knockout_services.knockout_draw(knockout=created, seed=pairs)
    while True:
        open_rounds = list(KnockoutRound.objects.filter(knockout=created, status="playing").order_by("number"))
        if not open_rounds:
            return created
        for round_ in open_rounds:
            for match in round_.matches.all():
                _play_match(match, rng)
            knockout_services.round_close(round_=round_)


def events(user) -> dict:
    return {10: event(10, user), 16: event(16, user)}

"""Shared set-up for the knockout tests: events made through the services, rounds read back from the database."""

import datetime

from tests.conftest import club_of
from tournaments.models import KnockoutMatch, KnockoutRound
from tournaments.services import knockout as services

DATE = datetime.date(2026, 12, 5)


def pair_names(count: int) -> list[tuple[str, str]]:
    return [(f"North {i:02d}", f"South {i:02d}") for i in range(1, count + 1)]


def pair_text(count: int) -> str:
    return "\n".join(f"{a} & {b}" for a, b in pair_names(count))


def make_knockout(*, pairs: int = 14, user=None, name: str = "Four Aces night", draw: bool = True, seed: int = 11):
    knockout = services.knockout_create(
        name=name, date=DATE, pairs=[list(p) for p in pair_names(pairs)], user=user, club=club_of(user)
    )
    if draw:
        services.knockout_draw(knockout=knockout, seed=seed)
    return knockout


def get_round(knockout, bracket: str = "main", number: int = 1) -> KnockoutRound:
    return KnockoutRound.objects.select_related("knockout").get(knockout=knockout, bracket=bracket, number=number)


def matches(round_: KnockoutRound) -> list[KnockoutMatch]:
    return list(round_.matches.select_related("ns", "ew", "winner").order_by("table"))


def pairs_of(round_: KnockoutRound) -> set[str]:
    return {pair.name for m in matches(round_) for pair in (m.ns, m.ew)}

"""Playing matches through the pages with the test client: reproducible random totals and deals."""

import random

from django.urls import reverse

from tournaments.models import KnockoutMatch

STRAINS = "CDHSN"


def match_url(match: KnockoutMatch) -> str:
    r = match.round
    return reverse("knockout_match", args=[r.knockout_id, r.bracket, r.number, match.table])


def round_url(round_) -> str:
    return reverse("knockout_round", args=[round_.knockout_id, round_.bracket, round_.number])


def post_totals(client, match: KnockoutMatch, ns: int, ew: int):
    return client.post(match_url(match), {"action": "totals", "ns": ns, "ew": ew})


def deal_form(number: int, deal: tuple) -> dict:
    """(contract, declarer, tricks, honours) as the pad's form posts it."""
    contract, declarer, tricks, honours = deal
    if contract == "PASS":
        return {"action": "deal", "number": number, "level": "P"}
    doubled = contract[2:]
    return {
        "action": "deal",
        "number": number,
        "level": contract[0],
        "strain": contract[1],
        "doubled": doubled,
        "declarer": declarer,
        "tricks": tricks,
        "honours": honours,
    }


def post_deal(client, match: KnockoutMatch, number: int, deal: tuple):
    return client.post(match_url(match), deal_form(number, deal))


def random_deal(rng: random.Random) -> tuple:
    if rng.random() < 0.08:
        return ("PASS", "", 0, "")
    level, strain = rng.randint(1, 7), rng.choice(STRAINS)
    doubled = rng.choice(["", "", "", "", "X", "XX"])
    needed = 6 + level
    tricks = max(0, min(13, needed + rng.randint(-3, 2)))
    honours = ""
    if rng.random() < 0.15:
        honours = rng.choice(["NS", "EW"]) + ("150" if strain == "N" else rng.choice(["100", "150"]))
    return (f"{level}{strain}{doubled}", rng.choice("NESW"), tricks, honours)


def random_totals(rng: random.Random, margin: int) -> tuple[int, int]:
    """A match won by `margin`: the winning side at random."""
    loser = 10 * rng.randrange(20, 150)
    return (loser + margin, loser) if rng.random() < 0.5 else (loser, loser + margin)

"""Fourteen pairs with long but ordinary names (one of forty characters): the fullest knockout the big screen and
the wall chart are tested with, after round 1 and played to the end."""

import contextlib
import datetime
import itertools
import random
from unittest import mock

from tests.knockout.helpers import get_round, matches
from tests.knockout.test_query_budgets import play_open_rounds
from tournaments.models import KnockoutRound
from tournaments.services import knockout as knockout_services

LONGEST = "Maximiliana Theodora Wilhelmina von Hohe"  # 40 characters
assert len(LONGEST) == 40

LADIES = ["Kathleen", "Elizabeth", "Margaret", "Josephine", "Rosalind", "Gwendolyn", "Philippa", "Henrietta"]
GENTLEMEN = ["Theodore", "Christopher", "Bartholomew", "Frederick", "Alexander", "Sebastian", "Nathaniel", "Reginald"]
SURNAMES = ["Wolstenholme", "Featherstonehaugh", "Montgomery", "Fitzwilliam", "Cholmondeley", "Worthington"]


def names(first: list[str], count: int) -> list[str]:
    return [f"{first[i % len(first)]} {SURNAMES[(i // len(first)) % len(SURNAMES)]}" for i in range(count)]


@contextlib.contextmanager
def kept_seeds(start: int = 1):
    """Every later round's draw and cut from a known seed: which long names share a box decides how the wall
    chart and the big screen lay out, so the tests' layouts must not change from one run to the next."""
    with mock.patch("tournaments.services.knockout._new_seed", side_effect=itertools.count(start).__next__):
        yield


def long_knockout(user, club=None):
    """Fourteen pairs with long names, main round 1 closed: round 2 drawn, the consolation bracket drawn."""
    with kept_seeds():
        return long_names_knockout(user, club)


def long_names_knockout(user, club=None, *, pairs: int = 14, first_round_closed: bool = True):
    """`pairs` pairs, the first lady's name the longest the tests use; its first round won by North-South at
    every table (table 2 narrowly) and closed, unless `first_round_closed` is False. Seeds as the caller keeps them."""
    ladies, gentlemen = [LONGEST, *names(LADIES, pairs - 1)], names(GENTLEMEN, pairs)
    knockout = knockout_services.knockout_create(
        name="Four Aces knockout",
        date=datetime.date(2026, 12, 12),
        pairs=[[a, b] for a, b in zip(ladies, gentlemen, strict=True)],
        user=user,
        club=club,
    )
    knockout_services.knockout_draw(knockout=knockout, seed=11)
    if first_round_closed:
        for m in matches(get_round(knockout)):
            knockout_services.match_totals_record(match=m, ns=1000 + (10 if m.table == 2 else 100 * m.table), ew=1000)
        knockout_services.round_close(round_=get_round(knockout))
    return knockout


def finished_knockout(user, club=None):
    """The same fourteen pairs played to the end: both brackets won (the winners' boxes hold two long names)."""
    with kept_seeds():
        knockout = long_names_knockout(user, club)
        rng = random.Random(5)
        while KnockoutRound.objects.filter(knockout=knockout, status="playing").exists():
            play_open_rounds(knockout, rng)
    return knockout

"""The knockout services for any size of event (property-based): every pair plays once a round, the
consolation is the first-round losers who did not go up, and each bracket ends with one winner."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.knockout.helpers import make_knockout
from tournaments.models import KnockoutMatch, KnockoutRound
from tournaments.rules import knockout as knockout_rules
from tournaments.services import knockout as services

pytestmark = pytest.mark.django_db


def play_round(round_: KnockoutRound, rng: random.Random) -> None:
    for m in round_.matches.all():
        ns, ew = 10 * rng.randrange(0, 30), 10 * rng.randrange(0, 30)  # ties, and ties for best loser, happen
        services.match_totals_record(match=m, ns=ns, ew=ew)
        if ns == ew:
            services.match_decide(match=m, how=rng.choice(["cut", "deal"]), seed=rng.randrange(100))
            m.refresh_from_db()
            if m.winner_id is None:  # one more deal: the totals after it
                services.match_totals_record(match=m, ns=ns + 10, ew=ew)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tables=st.integers(min_value=1, max_value=16), seed=st.integers(min_value=0, max_value=10**6))
def test_any_event_plays_to_one_winner_a_bracket(db, tables, seed):
    rng = random.Random(seed)
    knockout = make_knockout(pairs=2 * tables, seed=seed, name=f"Event {seed}")
    plan = knockout_rules.plan(tables)
    while open_rounds := list(KnockoutRound.objects.filter(knockout=knockout, status="playing")):
        for round_ in open_rounds:
            seated = [p for m in round_.matches.all() for p in (m.ns_id, m.ew_id)]
            assert len(seated) == len(set(seated)) == 2 * round_.tables == 2 * plan[round_.bracket][round_.number - 1]
            play_round(round_, rng)
            services.round_close(round_=round_)
    rounds = KnockoutRound.objects.filter(knockout=knockout)
    assert sorted(r.tables for r in rounds.filter(bracket="main")) == sorted(plan["main"])
    assert sorted(r.tables for r in rounds.filter(bracket="consolation")) == sorted(plan["consolation"])
    first = rounds.get(bracket="main", number=1)
    first_losers = {
        m.loser.pk if m.loser else None for m in KnockoutMatch.objects.filter(round=first) if not m.best_loser
    }
    if plan["consolation"]:
        consolation = rounds.get(bracket="consolation", number=1)
        assert {p for m in consolation.matches.all() for p in (m.ns_id, m.ew_id)} == first_losers
    for bracket in ("main", "consolation"):
        finals = [r for r in rounds.filter(bracket=bracket) if r.tables == 1]
        assert len(finals) == (1 if plan[bracket] else 0)
        for final in finals:
            assert final.matches.count() == 1 and final.matches.get().winner_id is not None

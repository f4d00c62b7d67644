"""The knockout pages read a fixed number of queries: the same at 5 and at 8 tables, and after one round
or all of them. Each budget names its queries, so a new query is a decision.
The session and user lookups of the logged-in client count as two queries on every page."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.knockout.helpers import make_knockout
from tournaments.models import KnockoutRound
from tournaments.services import knockout as services

pytestmark = pytest.mark.django_db

PAGES = {
    # session, user, clubs (the header), knockout (with its pair count), rounds, every match with its pairs and winner
    "knockout_bracket": (lambda k: reverse("knockout_bracket", args=[k.id]), 6),
    # session, user, clubs (the header), knockout, rounds (for the next step and the tabs), pairs, its public link,
    # its e-mails counted
    "knockout_detail": (lambda k: reverse("knockout_detail", args=[k.id]), 8),
    # session, user, clubs (the header), knockout, the round, its matches with their pairs, rounds (the tabs)
    "knockout_round": (lambda k: reverse("knockout_round", args=[k.id, "main", 1]), 7),
    # session, user, clubs (the header), knockout, the round, the match with its pairs, its deals, rounds (the tabs)
    "knockout_match": (lambda k: reverse("knockout_match", args=[k.id, "main", 1, 1]), 8),
    # session, user, clubs (the header), knockout list (annotated)
    "knockout_list": (lambda k: reverse("knockout_list"), 4),
    # session, user, clubs (the page's language), knockout, rounds, every match with its pairs and winner, the
    # pairs whose players asked for initials (the wall is public: docs/names.md)
    "knockout_bracket_wall_pdf": (lambda k: reverse("knockout_bracket_wall_pdf", args=[k.id]), 7),
}
# The live pages' polls (htmx asks for the fragment only: no header; the page's language and number style come
# from the session, kept there at login and by each whole page: no clubs query). A poll that finds something changed
# reads the validator first (selectors/live_knockout.py); one that finds nothing changed stops there (304: see
# tests/views/test_live_polls_knockout.py).
POLLS = {
    # session, user, the validator, knockout, rounds, every match with its pairs and winner
    "knockout_bracket": (lambda k: reverse("knockout_bracket", args=[k.id]), 6),
    # the same, on the big screen, and the pairs whose players asked for initials (docs/names.md)
    "knockout_bracket_projector": (lambda k: reverse("knockout_bracket", args=[k.id]) + "?projector=1", 7),
    # session, user, the validator, knockout, the round, its matches with their pairs, rounds (read for the tabs
    # all the same)
    "knockout_round": (lambda k: reverse("knockout_round", args=[k.id, "main", 1]), 7),
}


def play_open_rounds(knockout, rng: random.Random) -> None:
    """Every open round played (table 1 deal by deal, the rest by totals) and closed."""
    for round_ in KnockoutRound.objects.filter(knockout=knockout, status="playing"):
        for m in round_.matches.all():
            if m.table == 1:
                for number in range(1, 9):
                    services.match_deal_record(match=m, number=number, contract="2S", declarer="NE"[number % 2],
                                               tricks=8 + number % 3)  # fmt: skip
                m.refresh_from_db()
                if m.winner_id is None:
                    services.match_decide(match=m, how="cut", seed=1)
            else:
                margin = 10 * rng.randrange(1, 500)
                services.match_totals_record(match=m, ns=1000 + margin, ew=1000)
        services.round_close(round_=round_)


def counts(client, knockout, pages=PAGES, headers=None) -> dict[str, int]:
    out = {}
    for name, (url_of, _) in pages.items():
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url_of(knockout), headers=headers or {})
        assert response.status_code == 200, name
        out[name] = len(queries)
    return out


def test_the_live_pages_polls_keep_their_budget_at_5_and_8_tables(client_in, director):
    rng = random.Random(10)
    budgets = {name: budget for name, (_, budget) in POLLS.items()}
    for tables in (5, 8):
        knockout = make_knockout(pairs=2 * tables, user=director, name=f"{tables} tables")
        for _ in range(3):
            assert counts(client_in, knockout, POLLS, {"HX-Request": "true"}) == budgets
            play_open_rounds(knockout, rng)


def test_every_knockout_page_keeps_its_budget_at_5_and_8_tables_and_as_rounds_are_played(client_in, director):
    rng = random.Random(8)
    events = {tables: make_knockout(pairs=2 * tables, user=director, name=f"{tables} tables") for tables in (5, 8)}
    measured = {}
    for tables, knockout in events.items():
        measured[(tables, "drawn")] = counts(client_in, knockout)
        play_open_rounds(knockout, rng)  # round 1 closed: main round 2 and the consolation open
        measured[(tables, "one round")] = counts(client_in, knockout)
        while KnockoutRound.objects.filter(knockout=knockout, status="playing").exists():
            play_open_rounds(knockout, rng)
        assert KnockoutRound.objects.filter(knockout=knockout).count() == (6 if tables == 5 else 7)
        measured[(tables, "all rounds")] = counts(client_in, knockout)
    budgets = {name: budget for name, (_, budget) in PAGES.items()}
    wrong = {key: value for key, value in measured.items() if value != budgets}
    assert not wrong, wrong


def test_the_bracket_pdf_and_workbook_read_a_fixed_number_of_queries(client_in, director):
    rng = random.Random(9)
    seen = set()
    for tables in (5, 8):
        knockout = make_knockout(pairs=2 * tables, user=director, name=f"{tables} tables")
        while KnockoutRound.objects.filter(knockout=knockout, status="playing").exists():
            play_open_rounds(knockout, rng)
        for url in (
            reverse("knockout_bracket_pdf", args=[knockout.id]),
            reverse("knockout_results_xlsx", args=[knockout.id]),
        ):
            with CaptureQueriesContext(connection) as queries:
                assert client_in.get(url).status_code == 200
            # session, user, clubs (the printout's language), knockout, rounds, matches, deals, and the pairs whose
            # players asked for initials (both are published: docs/names.md)
            seen.add(len(queries))
    assert seen == {8}

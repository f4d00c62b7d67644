"""Every director page reads a fixed number of queries, the same at 10 and at 100 tables.

Each budget is written down with the queries it is made of, so a new query is a decision.
The session and user lookups of the logged-in client count as two queries on every page, and the
director's clubs (shown in the header) as a third.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import make_party
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db

ROUNDS_PLAYED = 2


def played_party(tables: int, director):
    party = make_party(tables=tables, mixed=True, rounds=4, user=director, name=f"Party of {tables}")
    for number in range(1, ROUNDS_PLAYED + 1):
        round_ = party.rounds.get(number=number)
        for table in range(1, tables + 1):
            swing = 100 * ((table + number) % 5 + 1)
            net = (swing, -swing) if table % 2 else (-swing, swing)
            result_services.result_record(round_=round_, table=table, net=net, by_user=director)
        round_services.round_close(round_=round_)
    return party


PAGES = {
    # session, user, clubs (the header), party list (annotated)
    "home": (lambda p: reverse("home"), 4),
    # session, user, clubs (the header), party, guests, rounds with results counted
    "party_dashboard": (lambda p: reverse("party_dashboard", args=[p.id]), 7),  # its public link: one query
    # session, user, clubs (the header), party, guests, rounds exist? (the "draw the seats" step once the numbers fit),
    # the club's members' names (the members to pick from; one more when some guest has any)
    "party_guests": (lambda p: reverse("party_guests", args=[p.id]), 7),
    # session, user, clubs, party, round 1, seats, results, guests (count); round 1 closed: no "started?" query
    "party_seats": (lambda p: reverse("party_seats", args=[p.id]), 8),
    # session, user, clubs (the header), the party and its round (one statement), seats, results, the party's
    # rounds (the round buttons)
    "round_detail": (lambda p: reverse("round_detail", args=[p.id, ROUNDS_PLAYED + 1]), 7),
    # session, user, clubs (the header), party, round, seats, results, previous round's seats, this round's seats
    "round_movement": (lambda p: reverse("round_movement", args=[p.id, ROUNDS_PLAYED]), 8),
    # session, user, clubs (the header), party, guests, seats, results (the guests apart: a name and kind
    # joined to each of a big party's 16,000 seats cost more than their own query), the guests who joined
    # late or went home (none here: their rounds are not read)
    "party_standings": (lambda p: reverse("party_standings", args=[p.id]), 8),
    # session, user, clubs (the header), party, the last two rounds, the next round started? (its results),
    # guests, the last round's seats, the changes made
    "plan_changes": (lambda p: reverse("plan_changes", args=[p.id]), 9),
    # session, user, clubs (the header), party, rounds, guests, table links, the guests' names (a name no
    # printed font draws is named before she prints)
    "party_print": (lambda p: reverse("party_print", args=[p.id]), 8),
    # session, user, clubs (the header), party, round, the table's seats, its result, its deals, its history
    "table_enter": (lambda p: reverse("table_enter", args=[p.id, 1, 1]), 9),
}


@pytest.fixture
def parties(director):
    return {10: played_party(10, director), 100: played_party(100, director)}


def test_every_page_keeps_its_query_budget_at_10_and_100_tables(client, director, parties):
    client.force_login(director)
    counts = {}
    for name, (url_of, _) in PAGES.items():
        for size, party in parties.items():
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url_of(party))
            assert response.status_code == 200, (name, size)
            counts[(name, size)] = len(queries)
    wrong = {
        n: (counts[(n, 10)], counts[(n, 100)], b)
        for n, (_, b) in PAGES.items()
        if counts[(n, 10)] != b or counts[(n, 100)] != b
    }
    assert not wrong, wrong


def test_an_unchanged_poll_reads_one_small_query_past_the_login(client, director, parties):
    """The round page's poll that finds nothing changed: the session, the user and the validator
    (selectors/live.py); the club's words come from the session the whole page filled, and nothing
    is drawn. The same at 10 and 100 tables."""
    client.force_login(director)
    for party in parties.values():
        url = reverse("round_detail", args=[party.id, ROUNDS_PLAYED + 1])
        assert client.get(url).status_code == 200  # the whole page: keeps the club's words
        tag = client.get(url, headers={"HX-Request": "true"})["ETag"]
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url, headers={"HX-Request": "true", "If-None-Match": tag})
        assert (response.status_code, len(queries)) == (304, 3), [q["sql"][:80] for q in queries]


def test_an_unchanged_phone_poll_is_one_query(client, director, parties):
    from tournaments.models import TableToken

    for party in parties.values():
        token = TableToken.objects.get(party=party, table=1, revoked_at=None)
        url = reverse("table_page", args=[token.token]) + "?state=1"
        tag = client.get(url)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url, headers={"If-None-Match": tag})
        assert (response.status_code, len(queries)) == (304, 1), [q["sql"][:80] for q in queries]


def test_the_phones_page_and_its_redrawn_part_read_two_statements(client, director, parties):
    """Both phones of a table draw its part again on every change there (static/phone/phone.js): the link
    with its party, rounds and players in one statement, the result and its deals in another."""
    from tournaments.models import TableToken

    for party in parties.values():
        round_ = party.rounds.get(number=ROUNDS_PLAYED + 1)
        result_services.deal_record(round_=round_, table=1, number=1, deal=("4S", "N", 10))
        result_services.deal_record(round_=round_, table=1, number=2, deal=("PASS", "", 0))
        result_services.deal_accept(round_=round_, table=1, number=1, side="EW")
        token = TableToken.objects.get(party=party, table=1, revoked_at=None)
        for url in (reverse("table_page", args=[token.token]), reverse("table_page", args=[token.token]) + "?part=1"):
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            assert (response.status_code, len(queries)) == (200, 2), [q["sql"][:80] for q in queries]
            page = response.content.decode()
            assert page.count('class="deal-line entered accepted"') == 1  # deal 1, accepted
            assert page.count('class="deal-line entered"') == 1  # deal 2, passed out, waiting
            assert 'id="deal-3"' in page and "Save deal 3" in page


def test_the_treasurers_page_reads_the_same_queries_at_few_and_many_nights(client, director):
    """session, user, clubs (the header and the treasurer's check), then the period's parties, their rows, the
    parties' own fees, their free places, what each guest paid, the guests: nine, at 2 nights and at 12."""
    import datetime

    from tournaments.models import Club, Party
    from tournaments.services import ledger

    club = Club.objects.get(memberships__user=director)
    client.force_login(director)
    counts = []
    for nights in (2, 12):
        start = datetime.date(2026 + nights, 11, 1)  # a year of its own for each size
        for day in range(1, nights + 1):
            party = make_party(tables=1, user=director, draw=False, name=f"Night {day}")
            Party.objects.filter(pk=party.pk).update(date=start.replace(day=day))
            guest = party.guests.first()
            ledger.fee_paid(club=club, guest=guest, amount=500, method="cash", by=director)
            ledger.free_place_set(guest=party.guests.last(), free=True, by=director)
        period = {"start": f"{start:%Y-%m-%d}", "end": f"{start:%Y}-11-30"}
        with CaptureQueriesContext(connection) as queries:
            response = client.get(reverse("treasury"), period)
        assert response.status_code == 200
        assert response.content.decode().count("Night ") >= nights
        counts.append(len(queries))
    assert counts == [9, 9], counts

"""The Towie pages read a fixed number of queries, the same after 5 deals as after 25.

The sheet is worked out again from the stored deals in Python: players and deals are one query each,
whatever the number of deals. The session and user lookups of the logged-in client are two queries.
"""

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.towie.conftest import make_table
from tournaments.models import TowieDeal
from tournaments.services import towie as towie_services

pytestmark = pytest.mark.django_db

HANDS: list[dict[str, Any]] = [  # towie_deal_record's keyword arguments
    {"kind": "played", "declarer": "Ann", "contract": "4S", "tricks": 10},
    {"kind": "played", "declarer": "Bob", "contract": "3N", "tricks": 8, "honours_holder": "Cid", "honours": 150},
    {"kind": "goulash", "contract": "3H"},
    {"kind": "exposure"},
    {"kind": "played", "declarer": "Cid", "contract": "5DX", "tricks": 11},
]


def played_table(deals: int, director, players=("Ann", "Bob", "Cid")):
    table = make_table(players, user=director, stake="0.10", name=f"{deals} deals")
    for number in range(deals):
        towie_services.towie_deal_record(table=table, **HANDS[number % len(HANDS)])
    assert TowieDeal.objects.filter(table=table).count() == deals
    return table


PAGES = {
    # session, user, clubs (the header), table (with its party), players, deals
    "towie_sheet": (lambda t, d: reverse("towie_sheet", args=[t.pk]), 6),
    # session, user, clubs (the header), table, players, deals
    "towie_settlement": (lambda t, d: reverse("towie_settlement", args=[t.pk]), 6),
    # session, user, clubs (the header), table, players, deals
    "towie_seats": (lambda t, d: reverse("towie_seats", args=[t.pk]), 6),
    # session, user, table, players, deals
    "towie_pdf": (lambda t, d: reverse("towie_pdf", args=[t.pk]), 5),
    # session, user, clubs (the header), table, the deal, players, deals
    "towie_deal_edit": (lambda t, d: reverse("towie_deal_edit", args=[t.pk, d.pk]), 7),
    # session, user, clubs (the header), tables with their party and players counted
    "towie_list": (lambda t, d: reverse("towie_list"), 4),
}


def test_every_towie_page_keeps_its_query_budget_at_5_and_25_deals(client, director):
    client.force_login(director)
    tables = {5: played_table(5, director), 25: played_table(25, director)}
    counts = {}
    for name, (url_of, _) in PAGES.items():
        for size, table in tables.items():
            deal = TowieDeal.objects.filter(table=table).order_by("position").last()
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url_of(table, deal))
            assert response.status_code == 200, (name, size)
            counts[(name, size)] = len(queries)
    wrong = {
        n: (counts[(n, 5)], counts[(n, 25)], b)
        for n, (_, b) in PAGES.items()
        if counts[(n, 5)] != b or counts[(n, 25)] != b
    }
    assert not wrong, wrong


def test_the_phone_link_sheet_keeps_the_budget_too(client, director):
    table = played_table(25, director)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("towie_phone_sheet", args=[table.token]))
    assert response.status_code == 200
    # table by its token (with its party), players, deals: no session or user for an anonymous phone
    assert len(queries) == 3, [q["sql"] for q in queries]


def poll_count(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "<html" not in response.content.decode()
    return len(queries)


def test_the_live_sheets_poll_keeps_a_budget_too(client, director):
    """An htmx poll renders the sheet and totals only: no header, so no clubs query; no QR code either."""
    tables = {5: played_table(5, director), 25: played_table(25, director)}
    # the validator (selectors/live_cards.py: a poll that finds nothing new stops there), table by its
    # token (with its party), players, deals
    assert {size: poll_count(client, reverse("towie_phone_sheet", args=[t.token])) for size, t in tables.items()} == {
        5: 4,
        25: 4,
    }
    client.force_login(director)
    # session, user, the validator, table (with its party), players, deals
    assert {size: poll_count(client, reverse("towie_sheet", args=[t.pk])) for size, t in tables.items()} == {
        5: 6,
        25: 6,
    }

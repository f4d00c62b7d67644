"""The Boston pages read a fixed number of queries, the same with 3 deals as with 12.

The session and user lookups of the logged-in client count as two queries on every page.
"""

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.boston.conftest import create_table, play

pytestmark = pytest.mark.django_db

DEALS: list[tuple[tuple[object, ...], dict[str, Any]]] = [  # play()'s arguments
    (("Bob", "8", 7), {"suit": "H"}),
    (("Cat", "9", 10), {"suit": "S"}),
    ((), {"partout": {"Ann": 6, "Bob": 2, "Cat": 5, "Dan": 0}}),
    (("Dan", "5", None), {"suit": "C", "i_pay": True}),
]

PAGES = {
    # session, user, clubs (the header), the table with its party, its deals
    "boston_table": 5,
    # session, user, clubs (the page's language), the table with its party, its deals
    "boston_pdf": 5,
}


def table_with(client, deals: int, name: str):
    table = create_table(client, "english", pool_feed=10, pool_limit=100, name=name)
    for number in range(deals):
        args, kw = DEALS[number % len(DEALS)]
        play(client, table, *args, **kw)
    return table


def count(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def test_the_sheet_and_the_printed_sheet_keep_their_budget_at_3_and_12_deals(client_in, party_factory):
    tables = {3: table_with(client_in, 3, "Three deals"), 12: table_with(client_in, 12, "Twelve deals")}
    party = party_factory()
    tables[12].party = party
    tables[12].save()
    counts = {
        (name, size): count(client_in, reverse(name, args=[t.id])) for name in PAGES for size, t in tables.items()
    }
    assert counts == {(name, size): budget for name, budget in PAGES.items() for size in tables}


def test_the_live_sheets_poll_keeps_its_budget_at_3_and_12_deals(client_in):
    """An htmx poll renders the running sheet and settlement only: no header, and no clubs query (the page's
    language and number style come from the session, kept there at login and by each whole page)."""
    tables = {3: table_with(client_in, 3, "Three deals"), 12: table_with(client_in, 12, "Twelve deals")}
    counts = {}
    for size, table in tables.items():
        with CaptureQueriesContext(connection) as queries:
            response = client_in.get(reverse("boston_table", args=[table.id]), headers={"HX-Request": "true"})
        assert response.status_code == 200 and "<html" not in response.content.decode()
        counts[size] = len(queries)
    # session, user, the validator (selectors/live_cards.py: a poll that finds nothing new stops there),
    # the table with its party, its deals
    assert counts == {3: 5, 12: 5}


def test_the_list_of_tables_keeps_its_budget(client_in, party_factory):
    party = party_factory()
    # session, user, clubs (the header), the tables with their parties and deal counts
    table_with(client_in, 1, "One")
    assert count(client_in, reverse("boston_list")) == 4
    for number in range(4):
        table = table_with(client_in, number, f"Table {number}")
        table.party = party
        table.save()
    assert count(client_in, reverse("boston_list")) == 4
    assert count(client_in, reverse("boston_list") + f"?party={party.id}") == 4

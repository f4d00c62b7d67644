"""Helpers for the Boston pages: set up a table through its form, enter deals as the players say them."""

import pytest
from django.urls import reverse

from tournaments.models import BostonTable

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]  # clockwise; Ann deals first


def table_data(game: str, **extra) -> dict:
    data = {
        "name": f"{game} table",
        "date": "2026-11-28",
        "variant": game,
        "money_per": "white",
        **{f"player_{seat}": name for seat, name in enumerate(PLAYERS, start=1)},
    }
    data.update({key: value for key, value in extra.items() if value is not None})
    return data


def create_table(client, variant: str, **extra) -> BostonTable:
    response = client.post(reverse("boston_create"), table_data(variant, **extra))
    assert response.status_code == 302, response.context["form"].errors
    return BostonTable.objects.latest("id")


def seat(name: str | None) -> str:
    return "" if name is None else str(PLAYERS.index(name) + 1)


def deal_data(
    caller=None,
    bid="",
    tricks=None,
    *,
    suit="",
    partner=None,
    honours=0,
    i_pay=False,
    turned="",
    partout=None,
    kind=None,
) -> dict:
    """A deal as the form takes it; players by name, `partout` as {name: tricks}."""
    if kind is None:
        kind = "partout" if partout else ("passed" if caller is None else "bid")
    data = {
        "kind": kind,
        "caller": seat(caller),
        "bid": bid,
        "suit": suit,
        "tricks": "" if tricks is None else str(tricks),
        "honours": str(honours),
        "partner": seat(partner),
        "turned": turned,
    }
    if i_pay:
        data["i_pay"] = "on"
    for name, taken in (partout or {}).items():
        data[f"tricks_{seat(name)}"] = str(taken)
    return data


def post_deal(client, table: BostonTable, *args, **kwargs):
    return client.post(reverse("boston_table", args=[table.id]), deal_data(*args, **kwargs))


def play(client, table: BostonTable, *args, **kwargs):
    """Enter a deal that must be accepted; the sheet's row for it."""
    response = post_deal(client, table, *args, **kwargs)
    assert response.status_code == 302, _errors(response)
    return sheet(client, table).rows[-1]


def _errors(response) -> str:
    form = response.context["form"]
    return str(form.errors)


def sheet(client, table: BostonTable):
    response = client.get(reverse("boston_table", args=[table.id]))
    assert response.status_code == 200
    return response.context["sheet"]


def nets(row) -> dict[str, int]:
    return {cell.player: cell.net for cell in row.cells}


@pytest.fixture
def players():
    return list(PLAYERS)

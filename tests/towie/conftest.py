import datetime

import pytest
from django.urls import reverse

from tests.conftest import club_of
from tournaments.models import TowieTable
from tournaments.services import towie as towie_services

# Cards that seat the players in the order given: the first deals, the fourth and fifth wait.
CARDS = ["AS", "KS", "QS", "JS", "10S"]


def make_table(players=("A", "B", "C"), *, draw=True, stake=None, party=None, user=None, name="Towie night"):
    table = towie_services.towie_table_create(
        name=name,
        date=datetime.date(2026, 11, 28),
        players=list(players),
        stake=stake,
        party=party,
        user=user,
        club=None if party else club_of(user),
    )
    if draw:
        towie_services.towie_seats_draw(table=table, cards=dict(zip(players, CARDS, strict=False)))
    return TowieTable.objects.get(pk=table.pk)


@pytest.fixture
def towie_factory(db, director):
    def factory(players=("A", "B", "C"), **kwargs):
        kwargs.setdefault("user", director)
        return make_table(players, **kwargs)

    return factory


def deal_fields(declarer="", contract="", tricks="", honours=None, kind="played", dealer=""):
    """The deal form's fields for a contract written like "4SX"."""
    level, strain, doubled = "", "", ""
    if contract and contract.upper() != "PASS":
        level, strain, doubled = contract[0], contract[1], contract[2:]
    holder, worth = honours or ("", "")
    return {
        "kind": kind,
        "declarer": declarer,
        "level": level,
        "strain": strain,
        "doubled": doubled,
        "tricks": "" if tricks in ("", None) else str(tricks),
        "honours_holder": holder,
        "honours": str(worth),
        "dealer": dealer,
    }


def post_deal(client, table, *args, **kwargs):
    return client.post(reverse("towie_sheet", args=[table.pk]), deal_fields(*args, **kwargs))


def sheet(client, table):
    response = client.get(reverse("towie_sheet", args=[table.pk]))
    assert response.status_code == 200
    return response.context["page"]

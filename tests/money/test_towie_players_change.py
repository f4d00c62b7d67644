"""A Towie table's players change before its first deal (two join, one leaves): who stays keeps their row,
so what they paid stays theirs and they owe nothing again (before, every player was made anew, and both
payers showed as "paid, no longer playing" while owing again)."""

import datetime

import pytest

from tests.towie.conftest import make_table
from tournaments.models import MoneyRow
from tournaments.selectors.event_players import money_event
from tournaments.selectors.table_money import night_of
from tournaments.services import ledger
from tournaments.services import towie as towie_services

pytestmark = pytest.mark.django_db


def test_players_who_stay_keep_what_they_paid(director):
    table = make_table(("Ann", "Bob", "Cat", "Dan"), draw=False, user=director)
    event = money_event("towie", table.pk, user=director)
    ledger.event_fee_save(event=event, member_rate=None, visitor_rate=300)
    ids = {p.name: p.pk for p in table.players.all()}
    ledger.pay_owed(event=event, player_id=ids["Ann"], method="cash", by=director)
    ledger.pay_owed(event=event, player_id=ids["Dan"], method="card", by=director)
    towie_services.towie_table_update(
        table=table, name="Towie night", date=datetime.date(2026, 11, 28), players=["Dan", "Ann", "Eve", "Bob", "Fay"]
    )
    players = list(table.players.order_by("order").values_list("name", "order", "pk"))
    assert [(name, order) for name, order, _pk in players] == [
        ("Dan", 1),
        ("Ann", 2),
        ("Eve", 3),
        ("Bob", 4),
        ("Fay", 5),
    ]
    now = {name: pk for name, _order, pk in players}
    assert now["Ann"] == ids["Ann"] and now["Dan"] == ids["Dan"] and now["Bob"] == ids["Bob"]
    night = {row.guest.name: (row.owed, row.settled) for row in night_of(money_event("towie", table.pk, user=director))}
    # Ann and Dan paid 3.00 and owe nothing; Bob, Eve and Fay owe 3.00; Cat has left (she paid nothing: not listed).
    assert night == {"Dan": (0, True), "Ann": (0, True), "Eve": (300, False), "Bob": (300, False), "Fay": (300, False)}
    assert MoneyRow.objects.count() == 2

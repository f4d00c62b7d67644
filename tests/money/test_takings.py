"""The treasurer's figures: three nights' table money by method, and the period's sum, worked out by hand."""

import datetime

import pytest

from tests.conftest import make_party
from tournaments.models import MoneyRow, Party
from tournaments.selectors.ledger import takings
from tournaments.services import ledger

pytestmark = pytest.mark.django_db


def test_three_nights_by_method_and_their_sum(club, member, director):
    nights = [make_party(tables=1, user=director, draw=False, name=f"Night {n}") for n in (5, 12, 19)]
    for night, day in zip(nights, (5, 12, 19), strict=True):
        Party.objects.filter(pk=night.pk).update(date=datetime.date(2026, 11, day))
        night.refresh_from_db()
    ledger.top_up(club=club, member=member, amount=5000, method="transfer", by=director)  # not a night's takings
    first, second, third = ([g for g in night.guests.order_by("name")] for night in nights)
    first[0].member = member
    first[0].save()
    # Night 5: 3.00 from balance, 5.00 cash twice, 5.00 card.
    ledger.fee_paid(club=club, guest=first[0], amount=300, method="balance", by=director)
    for guest in first[1:3]:
        ledger.fee_paid(club=club, guest=guest, amount=500, method="cash", by=director)
    ledger.fee_paid(club=club, guest=first[3], amount=500, method="card", by=director)
    # Night 12: 5.00 cash four times, one of them corrected (taken twice by mistake).
    paid = [ledger.fee_paid(club=club, guest=g, amount=500, method="cash", by=director) for g in second]
    ledger.correct(row=paid[3], reason="taken twice", by=director)
    # Night 19: 2.50 by transfer, the rest unpaid.
    ledger.fee_paid(club=club, guest=third[0], amount=250, method="transfer", by=director)
    found = takings(club)
    assert [(t.event, t.by_method, t.total) for t in found] == [
        ("Night 5 2026-11-05", {"balance": 300, "cash": 1000, "card": 500}, 1800),
        ("Night 12 2026-11-12", {"cash": 1500}, 1500),
        ("Night 19 2026-11-19", {"transfer": 250}, 250),
        ("", {"balance": 300, "cash": 2500, "card": 500, "transfer": 250}, 3550),
    ]
    assert MoneyRow.objects.count() == 11  # the top-up, 4 + 5 (a correction) + 1 night rows

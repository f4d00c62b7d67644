"""A played event can be deleted whole (the admin's delete, a director's clean-up): nothing blocks it."""

import pytest

from bench.knockout_build import event as played_knockout
from tests.towie.conftest import make_table, post_deal
from tournaments.models import Knockout, KnockoutMatch, Party, Seat, TowieDeal, TowieTable

pytestmark = pytest.mark.django_db


def test_a_played_knockout_deletes_with_its_matches(director):
    knockout = played_knockout(10, director)
    assert KnockoutMatch.objects.filter(round__knockout=knockout).exists()
    knockout.delete()
    assert not Knockout.objects.exists() and not KnockoutMatch.objects.exists()


def test_a_played_towie_table_deletes_with_its_deals(client_in, director):
    table = make_table(("A", "B", "C"), user=director)
    post_deal(client_in, table, declarer="A", contract="4S", tricks=10)
    assert TowieDeal.objects.filter(table=table).exists()
    table.delete()
    assert not TowieTable.objects.exists() and not TowieDeal.objects.exists()


def test_a_played_party_deletes_with_its_seats(party_factory):
    party = party_factory(tables=2)
    party.delete()
    assert not Party.objects.exists() and not Seat.objects.exists()

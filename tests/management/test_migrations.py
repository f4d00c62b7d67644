"""The clubs migration: data from before clubs existed moves into one club owned by every account."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0001_initial")]
AFTER = [("tournaments", "0002_clubs")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_existing_events_move_into_one_club_owned_by_the_existing_accounts():
    old = migrate(BEFORE)
    User = old.get_model("auth", "User")
    alice = User.objects.create(username="alice")
    User.objects.create(username="bob")
    party = old.get_model("tournaments", "Party").objects.create(
        name="Old party", date="2026-11-01", tables=2, created_by=alice
    )
    towie = old.get_model("tournaments", "TowieTable").objects.create(name="Old towie", date="2026-11-01")
    try:
        new = migrate(AFTER)
        club = new.get_model("tournaments", "Club").objects.get()
        assert club.name == "Our club"
        members = new.get_model("tournaments", "Membership").objects.filter(club=club)
        assert sorted(members.values_list("user__username", "role")) == [("alice", "owner"), ("bob", "owner")]
        assert new.get_model("tournaments", "Party").objects.get(pk=party.pk).club_id == club.pk
        assert new.get_model("tournaments", "TowieTable").objects.get(pk=towie.pk).club_id == club.pk
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_a_fresh_database_gets_no_club():
    migrate(BEFORE)
    try:
        new = migrate(AFTER)
        assert not new.get_model("tournaments", "Club").objects.exists()
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

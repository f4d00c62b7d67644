"""Export a whole party as JSON and import it into a fresh database: the same standings, seating, history."""

import gc
import json
import sqlite3
import threading

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from tests.conftest import default_club, play_two_rounds
from tournaments.files.transfer import party_export, party_import
from tournaments.management.commands.backup_db import backup_sqlite
from tournaments.models import Party, ResultChange, Seat
from tournaments.selectors.standings import party_standings
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db


def played(party_factory, director):
    party = party_factory(tables=3, mixed=True, rounds=3)
    play_two_rounds(party, director)
    result_services.result_record(round_=party.rounds.get(number=3), table=2, net=(300, -300), by_user=director)
    return party


def picture(party: Party):
    standings = party_standings(party)
    seats = sorted(
        (s.round.number, s.table, s.seat, s.guest.name)
        for s in Seat.objects.filter(round__party=party).select_related("round", "guest")
    )
    history = [
        (c.result.round.number, c.result.table, c.action, c.at, c.before, c.after, c.by)
        for c in ResultChange.objects.filter(result__round__party=party)
        .select_related("result__round", "by_user")
        .order_by("at", "id")
    ]
    return [(p.label, p.name, p.total) for p in standings.players], seats, history


def test_a_party_survives_the_round_trip_through_json(party_factory, director):
    party = played(party_factory, director)
    before = picture(party)
    text = json.dumps(party_export(party))
    # A fresh database: everything of the party goes, then comes back from the JSON alone.
    party.delete()
    assert not Party.objects.exists()
    again = party_import(json.loads(text), club=default_club())
    assert picture(again) == before
    assert again.rounds.get(number=3).results.get(table=2).ns == 300
    assert again.tokens.count() == 3


def test_a_damaged_export_is_refused_and_creates_nothing(party_factory, director):
    party = played(party_factory, director)
    data = party_export(party)
    data["seats"][5][3] = "Somebody unknown"
    count = Party.objects.count()
    with pytest.raises(ValidationError) as refused:
        party_import(data, club=default_club())
    assert refused.value.messages == [
        "The export is damaged: seat 6 has guest “Somebody unknown”, who is not a guest of the file."
    ]
    with pytest.raises(ValidationError, match="not a Club Director party export"):
        party_import({"format": "something else"})
    assert Party.objects.count() == count


def test_export_and_import_commands(party_factory, director, tmp_path, capsys):
    party = played(party_factory, director)
    path = tmp_path / "party.json"
    call_command("export_party", str(party.id), output=str(path))
    call_command("import_event", str(path))
    assert "Imported Spring party" in capsys.readouterr().out
    assert Party.objects.filter(name="Spring party").count() == 2


def test_the_director_downloads_the_export(client_in, party_factory, director):
    party = played(party_factory, director)
    response = client_in.get(reverse("party_export", args=[party.id]))
    assert response["Content-Disposition"].startswith("attachment")
    assert json.loads(response.content)["party"]["name"] == "Spring party"


def test_backup_is_consistent_while_a_writer_holds_a_transaction(tmp_path):
    source = tmp_path / "live.sqlite3"
    with sqlite3.connect(source) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("create table t (n integer)")
        db.executemany("insert into t values (?)", [(n,) for n in range(5000)])
    db.close()
    writer = sqlite3.connect(source, isolation_level=None, check_same_thread=False)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("insert into t values (-1)")  # not committed while the backup runs
    done = threading.Event()

    def back_up():
        backup_sqlite(source, tmp_path / "copy.sqlite3")
        done.set()

    thread = threading.Thread(target=back_up)
    thread.start()
    thread.join(timeout=20)
    writer.execute("COMMIT")
    writer.close()
    assert done.is_set()
    copy = sqlite3.connect(tmp_path / "copy.sqlite3")
    assert copy.execute("select count(*) from t").fetchone()[0] == 5000
    copy.close()


def test_backup_leaves_the_database_closed_behind_it(tmp_path):
    """The copy's connections are closed when it returns, not when Python's cycle collector gets to them:
    until then the database stays open, and the next writer's -wal outlives its close (restore_db's
    refusal test once found the file checkpointed under it, by a collection in the middle of the test)."""
    source = tmp_path / "live.sqlite3"
    db = sqlite3.connect(source)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("create table t (n integer)")
    db.commit()
    db.close()
    gc.disable()
    try:
        backup_sqlite(source, tmp_path / "copy.sqlite3")
        writer = sqlite3.connect(source)
        writer.execute("insert into t values (1)")
        writer.commit()
        writer.close()  # the last connection: SQLite checkpoints and removes the -wal
        assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.sqlite3", "live.sqlite3"]
    finally:
        gc.enable()


def test_backup_command_refuses_other_databases_plainly(tmp_path):
    if connection.vendor == "sqlite":
        pytest.skip("the refusal is for PostgreSQL")
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="pg_dump"):
        call_command("backup_db", str(tmp_path / "x.sqlite3"))


def knockout_picture(knockout):
    from tournaments.models import KnockoutDeal, KnockoutMatch

    rounds = sorted((r.bracket, r.number, r.status, r.tables, r.cut) for r in knockout.rounds.all())
    matches = sorted(
        (
            m.round.bracket,
            m.round.number,
            m.table,
            m.ns.name,
            m.ew.name,
            m.ns_total,
            m.ew_total,
            m.winner.name if m.winner else "",
            m.best_loser,
            m.decision,
        )  # fmt: skip
        for m in KnockoutMatch.objects.filter(round__knockout=knockout).select_related("round", "ns", "ew", "winner")
    )
    deals = sorted(
        (d.match.round.bracket, d.match.round.number, d.match.table, d.number, d.contract, d.declarer, d.tricks)
        for d in KnockoutDeal.objects.filter(match__round__knockout=knockout).select_related("match__round")
    )
    return rounds, matches, deals


def test_a_knockout_survives_the_round_trip_through_json(director):
    from django.core.serializers.json import DjangoJSONEncoder

    from bench.knockout_build import event
    from tournaments.files.transfer import knockout_export, knockout_import
    from tournaments.models import Knockout

    knockout = event(10, director)
    before = knockout_picture(knockout)
    assert len(before[2]) > 50
    text = json.dumps(knockout_export(knockout), cls=DjangoJSONEncoder)
    knockout.delete()
    assert not Knockout.objects.exists()
    again = knockout_import(json.loads(text), club=default_club())
    assert knockout_picture(again) == before
    with pytest.raises(ValidationError, match="not a Club Director knockout export"):
        knockout_import({"format": "clubdirector.party/1"})


def test_the_director_downloads_a_knockout_export_and_imports_it_by_command(client_in, director, tmp_path, capsys):
    from bench.knockout_build import event
    from tournaments.models import Knockout

    knockout = event(10, director)
    response = client_in.get(reverse("knockout_export", args=[knockout.id]))
    assert response["Content-Disposition"].startswith("attachment")
    path = tmp_path / "ko.json"
    path.write_bytes(response.content)
    call_command("import_event", str(path))
    assert "Imported Bench knockout of 10 pairs" in capsys.readouterr().out
    assert Knockout.objects.count() == 2

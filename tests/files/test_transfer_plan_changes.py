"""A night where a change of plan made a table leave or join (issue 46) goes through its export and back:
each round is checked against the tables it had, not the party's tables now, and the standings come back
the same. A file whose seats or results name a table the round did not have is refused whole."""

import json

import pytest
from django.core.exceptions import ValidationError

from tests.conftest import default_club
from tournaments.files.transfer import party_export, party_import
from tournaments.models import Guest, Party, ResultChange, Seat, TableResult, TableToken
from tournaments.selectors import plan_changes as plan_selectors
from tournaments.selectors.standings import party_standings
from tournaments.services import party as party_services
from tournaments.services import plan_changes as plan_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db

# North-South +400, -50, +620, -90 (deal 3 North-South vulnerable, deal 4 both): 880 to North-South.
DEALS = [("3NT", "N", 9), ("2H", "N", 7), ("4S", "N", 10), ("1NT", "E", 7)]
NEW = ["New 1", "New 2", "New 3", "New 4"]
DAMAGED = "The export is damaged: "


def play(party: Party, number: int, director, *, phone_at: int | None = None) -> None:
    """Every table of the round plays the four deals (table `phone_at` enters the first two from its phone, the
    director the rest); closed."""
    round_ = party.rounds.get(number=number)
    for table in sorted(set(round_.seats.values_list("table", flat=True))):
        if table == phone_at:
            phone = party.tokens.get(table=table)
            result_services.result_record(round_=round_, table=table, deals=DEALS[:2], complete=False, by_token=phone)
        result_services.result_record(round_=round_, table=table, deals=DEALS, by_user=director)
    round_services.round_close(round_=round_)


def left(party_factory, director) -> Party:
    """Two tables; table 2 goes home after round 1 (its round entered from its phone); round 2 at one table;
    round 3 under way, two deals in."""
    party = party_factory(tables=2, rounds=3)
    play(party, 1, director, phone_at=2)
    leaving = plan_selectors.table_guests(plan_selectors.break_get(party), 2)
    plan_services.plan_apply(party=party, leaving=leaving, by_user=director)
    play(party, 2, director)
    third = party.rounds.get(number=3)
    result_services.result_record(round_=third, table=1, deals=DEALS[:2], complete=False, by_user=director)
    party.refresh_from_db()
    return party


def joined(party_factory, director) -> Party:
    """One table; four reserves make table 2 after round 1; round 2 under way, only table 1's entered."""
    party = party_factory(tables=1, rounds=3)
    play(party, 1, director)
    party_services.guests_add(party=party, entries=[(n, "") for n in NEW])
    plan_services.plan_apply(party=party, joining=list(Guest.objects.filter(name__in=NEW)), by_user=director)
    result_services.result_record(round_=party.rounds.get(number=2), table=1, deals=DEALS, by_user=director)
    party.refresh_from_db()
    return party


def totals(party: Party) -> dict[str, int]:
    return {line.name: line.total for line in party_standings(party).players}


def by_hand(party: Party) -> dict[str, int]:
    """Each guest's total worked out from where she sat: every agreed result's figure for her side (a round
    still playing counts for nobody yet), and 0 for a guest who has played no finished round."""
    figures = {(r, t): (ns, ew) for r, t, status, ns, ew, _w in results(party) if status == "agreed"}
    worked = dict.fromkeys(party.guests.values_list("name", flat=True), 0)
    for round_, table, seat, name in seats(party):
        if (round_, table) in figures:
            worked[name] += figures[(round_, table)][0 if seat in "NS" else 1]
    return worked


def seats(party: Party) -> list[tuple]:
    return list(Seat.objects.filter(round__party=party).values_list("round__number", "table", "seat", "guest__name"))


def tables_by_round(party: Party) -> dict[int, int]:
    return {
        r.number: len(set(r.seats.values_list("table", flat=True))) for r in party.rounds.order_by("number")
    }  # fmt: skip


def gone(party: Party) -> list[tuple]:
    return sorted(party.guests.values_list("name", "reserve", "left_after"))


def results(party: Party) -> list[tuple]:
    rows = TableResult.objects.filter(round__party=party).order_by("round__number", "table")
    return list(rows.values_list("round__number", "table", "status", "ns", "ew", "winner"))


def round_trip(party: Party, **export) -> Party:
    before = totals(party), seats(party), gone(party), results(party), party.tables
    text = json.dumps(party_export(party, **export))
    party.delete()
    again = party_import(json.loads(text), club=default_club())
    assert (totals(again), seats(again), gone(again), results(again), again.tables) == before
    return again


def test_a_night_a_table_left_imports(party_factory, director):
    party = left(party_factory, director)
    assert (party.tables, tables_by_round(party)) == (1, {1: 2, 2: 1, 3: 1})
    leavers = {name for _r, t, _s, name in seats(party) if t == 2}
    # Round 1 North-South +880 at both tables, round 2 +880 at its one table; round 3 is still playing.
    before = totals(party)
    assert before == by_hand(party)
    assert sorted(before[name] for name in leavers) == [-880, -880, 880, 880]

    again = round_trip(party, with_links=True)
    assert totals(again) == by_hand(again)

    assert tables_by_round(again) == {1: 2, 2: 1, 3: 1}
    assert set(again.guests.filter(left_after=1).values_list("name", flat=True)) == leavers
    # The table that left keeps its link, so its phone's entry is still named by it.
    phoned = ResultChange.objects.get(result__round__party=again, by_token__isnull=False)
    assert phoned.by_token is not None
    assert (phoned.result.round.number, phoned.result.table, phoned.by_token.table) == (1, 2, 2)
    assert sorted(again.tokens.values_list("table", flat=True)) == [1, 2]
    # The night goes on: round 3 closes at its one table.
    third = again.rounds.get(number=3)
    result_services.result_record(round_=third, table=1, deals=DEALS, by_user=director)
    assert round_services.round_close(round_=third) is None


def test_a_night_a_table_joined_imports(party_factory, director):
    party = joined(party_factory, director)
    assert (party.tables, tables_by_round(party)) == (2, {1: 1, 2: 2})
    before = totals(party)
    # Round 1: +880 North-South; round 2 so far only table 1's: the newcomers at table 2 have nothing yet.
    assert before == by_hand(party)
    assert {before[name] for r, t, _s, name in seats(party) if (r, t) == (2, 2) and name in NEW} == {0}

    again = round_trip(party)

    assert tables_by_round(again) == {1: 1, 2: 2}
    assert not again.guests.filter(reserve=True).exists()
    result_services.result_record(round_=again.rounds.get(number=2), table=2, deals=DEALS, by_user=director)
    round_services.round_close(round_=again.rounds.get(number=2))
    assert again.rounds.get(number=3).seats.count() == 8


def test_the_file_carries_no_new_field(party_factory, director):
    """The seats say each round's tables: a night of changes exports as any other (format 2)."""
    data = party_export(joined(party_factory, director))
    assert data["format"] == "clubdirector.party/2" and data["party"]["tables"] == 2
    assert set(data["rounds"][0]) == set(data["rounds"][1])


def _counts() -> list[int]:
    return [model.objects.count() for model in (Party, Guest, Seat, TableResult, TableToken)]


def _refused(data: dict, message: str) -> None:
    before = _counts()
    with pytest.raises(ValidationError) as refused:
        party_import(data, club=default_club())
    assert refused.value.messages == [f"{DAMAGED}{message}."]
    assert _counts() == before


def _index(rows: list, round_: int, table: int) -> int:
    return next(n for n, row in enumerate(rows) if row[0] == round_ and row[1] == table)


def test_a_seat_at_a_table_the_round_had_not_is_refused(party_factory, director):
    data = party_export(joined(party_factory, director))
    where = _index(data["seats"], 1, 1)
    data["seats"][where][1] = 2
    _refused(
        data,
        f"seat {where + 1} has table 2 (a whole number from 1 to 1 expected: round number 1 has 1 table)",
    )


def test_a_result_at_a_table_the_round_had_not_is_refused(party_factory, director):
    data = party_export(joined(party_factory, director))
    data["results"][0]["table"] = 2
    _refused(data, "result 1 has table 2 (a whole number from 1 to 1 expected: round number 1 has 1 table)")


def test_an_override_at_a_table_the_round_had_not_is_refused(party_factory, director):
    data = party_export(left(party_factory, director))
    first = next(s for s in data["seats"] if s[0] == 1)
    at = "2026-11-28T20:15:00+00:00"
    data["overrides"] = [{"round": 1, "table": 3, "seat": "N", "old": first[3], "new": first[3], "by": "", "at": at}]
    _refused(data, "override 1 has table 3 (a whole number from 1 to 2 expected: round number 1 has 2 tables)")


def test_a_seat_missing_at_a_table_that_left_is_refused(party_factory, director):
    data = party_export(left(party_factory, director))
    del data["seats"][_index(data["seats"], 1, 2)]
    _refused(data, "round number 1 has 7 seats (8 expected: four at each of the 2 tables)")


def test_a_result_missing_at_a_table_that_left_is_refused(party_factory, director):
    data = party_export(left(party_factory, director))
    data["results"] = [r for r in data["results"] if (r["round"], r["table"]) != (1, 2)]
    data["deals"] = [d for d in data["deals"] if d[:2] != [1, 2]]
    data["history"] = [h for h in data["history"] if (h["round"], h["table"]) != (1, 2)]
    _refused(data, "round number 1 is closed, but table 2 has no result")


def test_the_last_round_has_the_partys_tables(party_factory, director):
    """The party's tables are its last round's (frozen once the seats are drawn): a file saying otherwise is
    refused at the first seat beyond them."""
    data = party_export(joined(party_factory, director))
    data["party"]["tables"] = 1
    where = _index(data["seats"], 2, 2)
    _refused(data, f"seat {where + 1} has table 2 (a whole number from 1 to 1 expected)")


def test_the_refusal_speaks_the_readers_language(party_factory, director):
    from django.utils import translation

    data = party_export(joined(party_factory, director))
    data["results"][0]["table"] = 2
    with translation.override("fr"), pytest.raises(ValidationError) as refused:
        party_import(data, club=default_club())
    assert refused.value.messages == [
        "L’export est endommagé\u202f: result 1\u202f: table vaut 2 (attendu\u202f: un nombre entier de 1 à 1, le "
        "tour numéro 1 ayant 1 table)."
    ]

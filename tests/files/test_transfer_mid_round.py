"""A party where a reserve took a seat during a round (issue 46) goes through its export and back: the
`mid_round` section keeps who played which deal, so each guest's total is the same after the import."""

import copy
import json

import pytest
from django.core.exceptions import ValidationError

from tests.conftest import default_club
from tournaments.files.transfer import party_export, party_import
from tournaments.files.transfer.limits import PARTY_LIMITS
from tournaments.models import Guest, MidRoundSeat, Party, Seat, SeatOverride, TableResult
from tournaments.selectors.standings import party_standings
from tournaments.services import midround as midround_services
from tournaments.services import party as party_services
from tournaments.services import results as result_services
from tournaments.services import seating as seating_services

pytestmark = pytest.mark.django_db

# Table 1's four deals (deal 3 North-South vulnerable, deal 4 both): +400, -50, +620, -90 for North-South.
DEALS = [("3NT", "N", 9), ("2H", "N", 7), ("4S", "N", 10), ("1NT", "E", 7)]


def replaced(party_factory, director) -> Party:
    """North goes home after deal 2 of round 1; Rita plays deals 3 and 4 in her seat."""
    party = party_factory(tables=1, rounds=2)
    rita = party_services.guests_add(party=party, entries=[("Rita", "")])[0]
    round_ = party.rounds.get(number=1)
    result_services.result_record(round_=round_, table=1, deals=DEALS[:2], complete=False, by_user=director)
    midround_services.seat_replace_mid_round(round_=round_, table=1, seat="N", guest=rita, user=director)
    result_services.result_record(round_=round_, table=1, deals=DEALS, by_user=director)
    party.refresh_from_db()  # the replacement set its replaced_mid_round
    return party


def rows(party: Party) -> list[tuple]:
    return [
        (m.round.number, m.table, m.seat, m.from_deal, m.left.name, m.came.name, m.by, m.at)
        for m in MidRoundSeat.objects.filter(round__party=party).select_related("round", "left", "came", "by")
    ]


def totals(party: Party) -> dict[str, int]:
    return {line.name: line.total for line in party_standings(party).players}


def test_a_mid_round_replacement_survives_the_round_trip(party_factory, director):
    party = replaced(party_factory, director)
    north = MidRoundSeat.objects.get().left.name
    before_totals, before_rows = totals(party), rows(party)
    # North played deals 1-2: 400 - 50 = 350; Rita deals 3-4: 620 - 90 = 530; the seat made 880.
    assert before_totals[north] == 350 and before_totals["Rita"] == 530
    text = json.dumps(party_export(party))
    assert json.loads(text)["mid_round"] == [
        {
            "round": 1,
            "table": 1,
            "seat": "N",
            "from_deal": 3,
            "left": north,
            "came": "Rita",
            "by": "alice",
            "at": before_rows[0][7].isoformat(),
        }  # fmt: skip
    ]
    party.delete()
    assert not MidRoundSeat.objects.exists()

    again = party_import(json.loads(text), club=default_club())

    assert again.replaced_mid_round
    again.refresh_from_db()
    assert again.replaced_mid_round
    assert totals(again) == before_totals
    assert totals(again)[north] == 350 and totals(again)["Rita"] == 530
    assert rows(again) == before_rows


def test_an_old_file_without_the_section_still_imports(party_factory, director):
    party = party_factory(tables=1, rounds=2)
    result_services.result_record(round_=party.rounds.get(number=1), table=1, deals=DEALS, by_user=director)
    data = party_export(party)
    assert data["mid_round"] == []
    del data["mid_round"]
    again = party_import(data, club=default_club())
    assert not again.replaced_mid_round
    assert not MidRoundSeat.objects.filter(round__party=again).exists()
    assert totals(again) == totals(party)


def _first(data) -> dict:
    return data["mid_round"][0]


def _set(**values):
    def tamper(data):
        _first(data).update(values)

    return tamper


def _drop(key):
    def tamper(data):
        del _first(data)[key]

    return tamper


def _seated_guest(data) -> str:
    """A guest the seats put somewhere in round 1 other than table 1 N."""
    return next(s[3] for s in data["seats"] if s[0] == 1 and s[2] != "N")


def _second_row(data, **values):
    row = copy.deepcopy(_first(data)) | values
    data["mid_round"].append(row)


def _too_many(data):
    data["mid_round"] = [_first(data)] * (PARTY_LIMITS["mid_round"] + 1)


TAMPERINGS = {
    "not a list": (
        lambda data: data.update(mid_round={"round": 1}),
        "The export is damaged: “mid_round” is an object (a list expected).",
    ),
    "a row not an object": (
        lambda data: data.update(mid_round=[[1, 1, "N", 3]]),
        "The export is damaged: mid_round 1 is a list of 4 (an object expected).",
    ),
    "unknown field": (
        _set(deal=3),
        "The export is damaged: mid_round 1 has an unknown field “deal”.",
    ),
    "missing field": (
        _drop("from_deal"),
        "The export is damaged: mid_round 1 has no “from_deal”.",
    ),
    "deal 5": (
        _set(from_deal=5),
        "The export is damaged: mid_round 1 has from_deal 5 (a whole number from 1 to 4 expected).",
    ),
    "no such round": (
        _set(round=9),
        "The export is damaged: mid_round 1 has round 9 (one of the file's round numbers expected).",
    ),
    "no such table": (
        _set(table=2),
        "The export is damaged: mid_round 1 has table 2 (a whole number from 1 to 1 expected).",
    ),
    "no such seat": (
        _set(seat="X"),
        "The export is damaged: mid_round 1 has seat “X” (N, E, S or W expected).",
    ),
    "unknown guest": (
        _set(came="Somebody unknown"),
        "The export is damaged: mid_round 1 has came “Somebody unknown”, who is not a guest of the file.",
    ),
    "the same guest twice": (
        _set(left="Rita"),
        "The export is damaged: mid_round 1 has “Rita” both leaving the seat and taking it.",
    ),
    "the reserve not in the seat": (
        _set(seat="S"),
        "The export is damaged: mid_round 1 has came “Rita”, who does not hold table 1 S in the seats.",
    ),
    "the leaver seated all the same": (
        lambda data: _first(data).update(left=_seated_guest(data)),
        None,  # worked out below: names the guest the seats hold
    ),
    "the same deal twice": (
        lambda data: _second_row(data, came="Zoe"),
        "The export is damaged: mid_round 1 and mid_round 2 both seat a reserve at table 1 N from deal 3 "
        "in round number 1.",
    ),
    "a reserve twice": (
        lambda data: _second_row(data, from_deal=4),
        "The export is damaged: mid_round 1 and mid_round 2 both seat “Rita” as a reserve.",
    ),
    "a chain that breaks": (
        lambda data: _second_row(data, from_deal=4, came="Zoe"),
        "The export is damaged: mid_round 2 has left “{north}”, but “Rita” took the seat before her.",
    ),
    "too many rows": (
        _too_many,
        f"The export is damaged: “mid_round” has {PARTY_LIMITS['mid_round'] + 1} rows "
        f"(at most {PARTY_LIMITS['mid_round']} expected).",
    ),
}


def _counts() -> list[int]:
    return [model.objects.count() for model in (Party, Guest, Seat, TableResult, MidRoundSeat)]


@pytest.mark.parametrize("tamper, message", TAMPERINGS.values(), ids=TAMPERINGS.keys())
def test_a_damaged_mid_round_section_is_refused_whole(party_factory, director, tamper, message):
    party = replaced(party_factory, director)
    party_services.guests_add(party=party, entries=[("Zoe", "")])
    data = party_export(party)
    north = _first(data)["left"]
    tamper(data)
    if message is None:
        leaver = _first(data)["left"]
        message = (
            f"The export is damaged: mid_round 1 has left “{leaver}”, who is seated in round number 1 all the same."
        )
    before = _counts()
    with pytest.raises(ValidationError) as refused:
        party_import(data, club=default_club())
    assert refused.value.messages == [message.format(north=north)]
    assert _counts() == before


def test_the_refusal_speaks_the_readers_language(party_factory, director):
    from django.utils import translation

    data = party_export(replaced(party_factory, director))
    _first(data)["left"] = "Rita"
    with translation.override("fr"), pytest.raises(ValidationError) as refused:
        party_import(data, club=default_club())
    assert refused.value.messages == [
        "L’export est endommagé\u202f: mid_round 1\u202f: “Rita” quitte la place et la prend à la fois."
    ]


# What an earlier version of the app let a director do to a seat after a reserve took it during the round (a
# swap, or the ordinary replacement, before the table's first deal): the app refuses it now
# (services/seating.py), but the export of such a night still imports, and its standings share each seat by
# the seats as they stand (selectors/midround.py).


@pytest.fixture
def older_app(monkeypatch):
    """The seat changes as a version before the refusal made them."""
    monkeypatch.setattr(seating_services, "_check_not_replaced_mid_round", lambda round_, spots: None)


def seat_of(round_, table: int, seat: str) -> Guest:
    return Seat.objects.select_related("guest").get(round=round_, table=table, seat=seat).guest


def seating(party: Party) -> list[tuple]:
    return list(Seat.objects.filter(round__party=party).values_list("round__number", "table", "seat", "guest__name"))


def changes(party: Party) -> list[tuple]:
    return list(
        SeatOverride.objects.filter(round__party=party)
        .order_by("id")
        .values_list("round__number", "table", "seat", "old_guest__name", "new_guest__name", "at")
    )


def guests(party: Party) -> list[tuple]:
    """Who is a reserve, and who went home after which round."""
    return sorted(party.guests.values_list("name", "reserve", "left_after"))


def round_trip(party: Party) -> Party:
    """The party through its export, deleted, and imported back: the seats, the changes of seats, the
    replacements and the guests come back as they were."""
    party.refresh_from_db()
    before = seating(party), changes(party), rows(party), guests(party)
    text = json.dumps(party_export(party))
    party.delete()
    again = party_import(json.loads(text), club=default_club())
    assert again.replaced_mid_round
    assert (seating(again), changes(again), rows(again), guests(again)) == before
    return again


def test_two_reserves_in_one_seat_a_deal_apart(party_factory, director):
    party = party_factory(tables=1, rounds=2)
    rita, zoe = party_services.guests_add(party=party, entries=[("Rita", ""), ("Zoe", "")])
    round_ = party.rounds.get(number=1)
    north = seat_of(round_, 1, "N").name
    result_services.result_record(round_=round_, table=1, deals=DEALS[:2], complete=False, by_user=director)
    midround_services.seat_replace_mid_round(round_=round_, table=1, seat="N", guest=rita, user=director)
    result_services.result_record(round_=round_, table=1, deals=DEALS[:3], complete=False, by_user=director)
    midround_services.seat_replace_mid_round(round_=round_, table=1, seat="N", guest=zoe, user=director)
    result_services.result_record(round_=round_, table=1, deals=DEALS, by_user=director)

    again = round_trip(party)

    # North played deals 1-2: 400 - 50; Rita deal 3: +620; Zoe deal 4: -90.
    assert [(r[3], r[4], r[5]) for r in rows(again)] == [(3, north, "Rita"), (4, "Rita", "Zoe")]
    assert {name: totals(again)[name] for name in (north, "Rita", "Zoe")} == {north: 350, "Rita": 620, "Zoe": -90}


def test_a_reserve_who_goes_home_before_her_first_deal(party_factory, director):
    """Rita takes North's seat from deal 3 and goes home before it is played: Zoe takes it from deal 3 too."""
    party = party_factory(tables=1, rounds=2)
    rita, zoe = party_services.guests_add(party=party, entries=[("Rita", ""), ("Zoe", "")])
    round_ = party.rounds.get(number=1)
    north = seat_of(round_, 1, "N").name
    result_services.result_record(round_=round_, table=1, deals=DEALS[:2], complete=False, by_user=director)
    midround_services.seat_replace_mid_round(round_=round_, table=1, seat="N", guest=rita, user=director)
    midround_services.seat_replace_mid_round(round_=round_, table=1, seat="N", guest=zoe, user=director)
    result_services.result_record(round_=round_, table=1, deals=DEALS, by_user=director)
    party.refresh_from_db()
    before = totals(party)
    # North deals 1-2: 400 - 50; Rita none; Zoe deals 3-4: 620 - 90.
    assert {name: before[name] for name in (north, "Rita", "Zoe")} == {north: 350, "Rita": 0, "Zoe": 530}

    again = round_trip(party)

    assert [(r[3], r[4], r[5]) for r in rows(again)] == [(3, north, "Rita"), (3, "Rita", "Zoe")]
    assert totals(again) == before


def _two_tables_before_play(party_factory, director):
    """Before table 1 enters a deal, North goes home: Rita takes her seat from deal 1."""
    party = party_factory(tables=2, rounds=2)
    rita, zoe = party_services.guests_add(party=party, entries=[("Rita", ""), ("Zoe", "")])
    round_ = party.rounds.get(number=1)
    north = seat_of(round_, 1, "N")
    row = midround_services.seat_replace_mid_round(round_=round_, table=1, seat="N", guest=rita, user=director)
    assert row.from_deal == 1
    return party, round_, north, rita, zoe


def _play(party, round_, director) -> None:
    for table in (1, 2):  # both tables: North-South +880, East-West -880
        result_services.result_record(round_=round_, table=table, deals=DEALS, by_user=director)
    party.refresh_from_db()  # the replacement set its replaced_mid_round


def test_a_swap_after_a_reserve_took_the_seat(party_factory, director, older_app):
    party, round_, north, _rita, _zoe = _two_tables_before_play(party_factory, director)
    east = seat_of(round_, 2, "E")
    seating_services.seat_swap(round_=round_, table=1, seat="N", other_table=2, other_seat="E", user=director)
    _play(party, round_, director)
    before = totals(party)
    # East of table 2 plays table 1's North (+880), Rita table 2's East (-880); North went home before deal 1.
    assert (before[east.name], before["Rita"], before[north.name]) == (880, -880, 0)

    again = round_trip(party)

    assert totals(again) == before


def test_another_reserve_after_the_seat_changed_hands_twice(party_factory, director, older_app):
    """Rita takes North's seat, swaps with table 2's East, then Zoe takes the seat from table 2's East."""
    party, round_, north, _rita, zoe = _two_tables_before_play(party_factory, director)
    east = seat_of(round_, 2, "E")
    seating_services.seat_swap(round_=round_, table=1, seat="N", other_table=2, other_seat="E", user=director)
    midround_services.seat_replace_mid_round(round_=round_, table=1, seat="N", guest=zoe, user=director)
    _play(party, round_, director)
    before = totals(party)
    # Zoe plays table 1's North (+880), Rita table 2's East (-880); North and East went home before deal 1.
    assert (before["Zoe"], before["Rita"], before[north.name], before[east.name]) == (880, -880, 0, 0)

    again = round_trip(party)

    assert totals(again) == before


@pytest.mark.parametrize("who", ["another reserve", "the player who left"])
def test_a_replacement_after_a_reserve_took_the_seat(party_factory, director, older_app, who):
    """The ordinary replacement (before the table's first deal) puts Zoe, or North again, in Rita's seat."""
    party, round_, north, _rita, zoe = _two_tables_before_play(party_factory, director)
    guest = zoe if who == "another reserve" else north
    seating_services.seat_replace(round_=round_, table=1, seat="N", guest=guest, user=director)
    _play(party, round_, director)

    before = totals(party)
    # The guest in the seat played the four deals (+880); Rita, and North when she did not come back, none.
    if who == "another reserve":
        assert (before["Zoe"], before["Rita"], before[north.name]) == (880, 0, 0)
    else:
        assert (before["Rita"], before[north.name]) == (0, 880)

    again = round_trip(party)

    assert totals(again) == before


def test_a_reserve_set_aside_takes_a_seat_again(party_factory, director, older_app):
    """Rita takes North's seat before deal 1, Zoe replaces her there (Rita is a reserve again), and Rita
    takes table 2's East seat during the round."""
    party, round_, north, rita, zoe = _two_tables_before_play(party_factory, director)
    seating_services.seat_replace(round_=round_, table=1, seat="N", guest=zoe, user=director)
    result_services.result_record(round_=round_, table=2, deals=DEALS[:2], complete=False, by_user=director)
    midround_services.seat_replace_mid_round(round_=round_, table=2, seat="E", guest=rita, user=director)
    _play(party, round_, director)

    again = round_trip(party)

    assert [(r[1], r[2], r[5]) for r in rows(again)] == [(1, "N", "Rita"), (2, "E", "Rita")]
    # Zoe played table 1's North (+880); Rita table 2's East from deal 3 (620 - 90 = 530 of North-South's,
    # so -530 for East-West), after East's deals 1-2 (-350).
    assert {name: totals(again)[name] for name in ("Zoe", "Rita")} == {"Zoe": 880, "Rita": -530}


def cells(party: Party) -> dict[str, list[tuple]]:
    """Each player's rounds on the results sheet: (round, table, seat, result)."""
    return {line.name: [(p[0], p[1], p[2], p[4]) for p in line.played] for line in party_standings(party).players}


def test_the_results_sheet_of_an_imported_swap(party_factory, director, older_app):
    """Each player's cell is the seat she played: Rita's table 2's East, East's table 1's North, and North's
    (who went home before deal 1) the seat she left, with nothing."""
    party, round_, north, _rita, _zoe = _two_tables_before_play(party_factory, director)
    east = seat_of(round_, 2, "E")
    seating_services.seat_swap(round_=round_, table=1, seat="N", other_table=2, other_seat="E", user=director)
    _play(party, round_, director)

    sheet = cells(round_trip(party))

    assert sheet["Rita"] == [(1, 2, "E", -880)]
    assert sheet[east.name] == [(1, 1, "N", 880)]
    assert sheet[north.name] == [(1, 1, "N", 0)]


@pytest.mark.parametrize("change", ["swap", "replace"])
def test_a_seat_a_reserve_took_changes_no_more_in_the_round(party_factory, director, change):
    """The sequences above are refused now: the director gives the seat back first (the undo)."""
    party, round_, north, _rita, zoe = _two_tables_before_play(party_factory, director)
    before = seating(party), changes(party), rows(party), guests(party)
    with pytest.raises(ValidationError) as refused:
        if change == "swap":
            seating_services.seat_swap(round_=round_, table=2, seat="E", other_table=1, other_seat="N", user=director)
        else:
            seating_services.seat_replace(round_=round_, table=1, seat="N", guest=zoe, user=director)
    assert refused.value.messages == [
        f"Rita took {north.name}'s seat during round 1 (table 1 N): that seat changes no more in this round. "
        f"To change it, first give it back with “Undo: {north.name} stays” on the round's seats page."
    ]
    assert (seating(party), changes(party), rows(party), guests(party)) == before
    _play(party, round_, director)
    assert (totals(party)["Rita"], totals(party)[north.name]) == (880, 0)


# A guest's `left_after` (she went home during that round, or a change of plan sent her home after it) goes
# through the file: after the import she does not count as present again.


def test_who_went_home_survives_the_round_trip(party_factory, director):
    """North goes home during round 1, after deal 2 (Rita plays on): she is not present in round 2."""
    from tournaments.selectors import plan_changes as plan_selectors

    party = replaced(party_factory, director)
    north = MidRoundSeat.objects.get().left.name
    assert dict(party.guests.filter(left_after__isnull=False).values_list("name", "left_after")) == {north: 1}
    present = [(a.name, a.left_after) for a in plan_selectors.attendance(party)]
    assert (north, 1) in present
    data = party_export(party)
    assert [(g["name"], g["left_after"]) for g in data["guests"] if g["left_after"] is not None] == [(north, 1)]

    again = round_trip(party)

    assert dict(again.guests.filter(left_after__isnull=False).values_list("name", "left_after")) == {north: 1}
    assert [(a.name, a.left_after) for a in plan_selectors.attendance(again)] == present


def test_a_file_without_left_after_still_imports(party_factory, director):
    data = party_export(replaced(party_factory, director))
    for guest in data["guests"]:
        del guest["left_after"]
    again = party_import(data, club=default_club())
    assert not again.guests.filter(left_after__isnull=False).exists()


@pytest.mark.parametrize(
    "value, shown",
    [(9, "9"), (0, "0"), ("1", "“1”"), (True, "true"), (1.5, "1.5")],
    ids=["no such round", "round 0", "text", "true", "a fraction"],
)
def test_a_bad_left_after_is_refused_whole(party_factory, director, value, shown):
    party = replaced(party_factory, director)
    data = party_export(party)
    where = next(n for n, g in enumerate(data["guests"], start=1) if g["left_after"] is not None)
    data["guests"][where - 1]["left_after"] = value
    before = _counts()
    with pytest.raises(ValidationError) as refused:
        party_import(data, club=default_club())
    assert refused.value.messages == [
        f"The export is damaged: guest {where} has left_after {shown} (one of the file's round numbers or null "
        "expected)."
    ]
    assert _counts() == before

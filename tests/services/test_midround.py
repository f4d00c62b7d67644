"""A player goes home during a round and a reserve takes the seat (issue 46, item 3): the deals already
played stay with the player who played them; figures worked out by hand."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import Guest, MidRoundSeat, Seat
from tournaments.selectors.standings import party_standings
from tournaments.services import midround as services
from tournaments.services import party as party_services
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db

# The round's four deals at table 1 (the party's vulnerability: deal 3 North-South vulnerable, deal 4 both):
# 1: 3NT by North made, 40 + 30 + 30 + 300 = +400 North-South
# 2: 2H by North one down, not vulnerable: -50
# 3: 4S by North made, vulnerable: 120 + 500 = +620
# 4: 1NT by East made, vulnerable: 40 + 50 = +90 East-West, so -90 North-South
DEALS = [("3NT", "N", 9), ("2H", "N", 7), ("4S", "N", 10), ("1NT", "E", 7)]


def seat_of(round_, table, seat):
    return Seat.objects.select_related("guest").get(round=round_, table=table, seat=seat).guest


def test_north_goes_home_after_deal_2_and_keeps_her_deals(party_factory, director):
    party = party_factory(tables=1, rounds=2)
    rita = party_services.guests_add(party=party, entries=[("Rita", "")])[0]
    round_ = party.rounds.get(number=1)
    north, south, east = seat_of(round_, 1, "N"), seat_of(round_, 1, "S"), seat_of(round_, 1, "E")
    result_services.result_record(round_=round_, table=1, deals=DEALS[:2], complete=False, by_user=director)

    row = services.seat_replace_mid_round(round_=round_, table=1, seat="N", guest=rita, user=director)

    assert (row.from_deal, row.left, row.came) == (3, north, rita)
    assert seat_of(round_, 1, "N") == rita
    north.refresh_from_db()
    rita.refresh_from_db()
    assert (north.left_after, rita.reserve) == (1, False)
    party.refresh_from_db()
    assert party.replaced_mid_round
    result, _notices = result_services.result_record(round_=round_, table=1, deals=DEALS, by_user=director)
    assert (result.ns, result.ew) == (880, -880)  # 400 - 50 + 620 - 90

    totals = {line.name: line.total for line in party_standings(party).players}
    # North played deals 1-2: 400 - 50 = 350; Rita deals 3-4: 620 - 90 = 530; together the seat's 880.
    assert totals[north.name] == 350
    assert totals["Rita"] == 530
    assert totals[south.name] == 880 and totals[east.name] == -880
    lines = {line.name: line for line in party_standings(party).players}
    assert lines["Rita"].running_totals() == [530]
    assert lines[north.name].running_totals() == [350]
    # The results sheet: each with her own part of the round, at the same seat with the same partner.
    assert lines[north.name].played == [(1, 1, "N", south.name, 350)]
    assert lines["Rita"].played == [(1, 1, "N", south.name, 530)]
    assert lines[south.name].played == [(1, 1, "S", "Rita", 880)]


def test_the_standings_read_no_replacement_when_there_is_none(party_factory, director):
    party = party_factory(tables=1, rounds=2)
    round_ = party.rounds.get(number=1)
    result_services.result_record(round_=round_, table=1, deals=DEALS, by_user=director)
    with CaptureQueriesContext(connection) as queries:
        party_standings(party)
    assert not any("midroundseat" in q["sql"].lower() for q in queries.captured_queries)


def refused(party, round_, message, **kwargs):
    before = list(Seat.objects.filter(round=round_).values_list("table", "seat", "guest_id"))
    with pytest.raises(ValidationError) as error:
        services.seat_replace_mid_round(round_=round_, **kwargs)
    assert error.value.messages == [message]
    assert list(Seat.objects.filter(round=round_).values_list("table", "seat", "guest_id")) == before
    assert not MidRoundSeat.objects.exists()
    party.refresh_from_db()
    assert not party.replaced_mid_round


def test_no_reserve_is_refused(party_factory, director):
    party = party_factory(tables=1, rounds=2)
    round_ = party.rounds.get(number=1)
    refused(party, round_, "Choose the reserve who takes the seat.", table=1, seat="N", guest=None)
    seated = seat_of(round_, 1, "E")
    refused(
        party,
        round_,
        f"{seated.name} is not a reserve: only a reserve takes a seat during a round.",
        table=1,
        seat="N",
        guest=seated,
    )


def test_a_table_that_finished_its_round_is_refused(party_factory, director):
    party = party_factory(tables=1, rounds=2)
    rita = party_services.guests_add(party=party, entries=[("Rita", "")])[0]
    round_ = party.rounds.get(number=1)
    result_services.result_record(round_=round_, table=1, deals=DEALS, by_user=director)
    refused(
        party,
        round_,
        "Table 1 has finished round 1: seat the reserve for the next round instead.",
        table=1,
        seat="N",
        guest=rita,
    )


def test_a_reserve_of_the_wrong_kind_at_a_mixed_party_is_refused(party_factory, director):
    party = party_factory(tables=1, rounds=2, mixed=True)
    gent = party_services.guests_add(party=party, entries=[("Gent Late", "gentleman")])[0]
    round_ = party.rounds.get(number=1)
    lady = next(s for s in "NESW" if seat_of(round_, 1, s).kind == "lady")
    name = seat_of(round_, 1, lady).name
    refused(
        party,
        round_,
        f"At a mixed party Gent Late cannot take {name}'s seat: a lady takes a lady's seat, a gentleman a gentleman's.",
        table=1,
        seat=lady,
        guest=gent,
    )
    assert Guest.objects.get(pk=gent.pk).reserve


def replaced(party_factory, director):
    """Table 1's North goes home after deals 1-2 and Rita takes her seat from deal 3."""
    party = party_factory(tables=1, rounds=2)
    rita = party_services.guests_add(party=party, entries=[("Rita", "")])[0]
    round_ = party.rounds.get(number=1)
    north = seat_of(round_, 1, "N")
    result_services.result_record(round_=round_, table=1, deals=DEALS[:2], complete=False, by_user=director)
    services.seat_replace_mid_round(round_=round_, table=1, seat="N", guest=rita, user=director)
    return party, round_, north, rita


def test_undo_before_the_reserves_first_deal_gives_the_seat_back(party_factory, director):
    party, round_, north, rita = replaced(party_factory, director)

    row = services.seat_replace_mid_round_undo(round_=round_, table=1, seat="N")

    assert (row.left, row.came) == (north, rita)
    assert seat_of(round_, 1, "N") == north
    north.refresh_from_db()
    rita.refresh_from_db()
    assert (north.left_after, rita.reserve) == (None, True)
    assert not MidRoundSeat.objects.exists()
    party.refresh_from_db()
    assert not party.replaced_mid_round
    result_services.result_record(round_=round_, table=1, deals=DEALS, by_user=director)
    totals = {line.name: line.total for line in party_standings(party).players}
    assert totals[north.name] == 880 and "Rita" not in totals  # North played all four deals after all


def undo_refused(party, round_, message, seat="N"):
    before = list(Seat.objects.filter(round=round_).values_list("table", "seat", "guest_id"))
    rows = list(MidRoundSeat.objects.values_list("pk", flat=True))
    with pytest.raises(ValidationError) as error:
        services.seat_replace_mid_round_undo(round_=round_, table=1, seat=seat)
    assert error.value.messages == [message]
    assert list(Seat.objects.filter(round=round_).values_list("table", "seat", "guest_id")) == before
    assert list(MidRoundSeat.objects.values_list("pk", flat=True)) == rows
    party.refresh_from_db()
    assert party.replaced_mid_round == bool(rows)


def test_undo_after_the_reserves_first_deal_is_refused(party_factory, director):
    party, round_, north, rita = replaced(party_factory, director)
    result_services.result_record(round_=round_, table=1, deals=DEALS[:3], complete=False, by_user=director)
    undo_refused(
        party,
        round_,
        f"Rita has played deal 3 in {north.name}'s seat: the change can no longer be undone.",
    )
    assert Guest.objects.get(pk=north.pk).left_after == 1 and not Guest.objects.get(pk=rita.pk).reserve


def test_undo_of_a_seat_nobody_replaced_is_refused(party_factory, director):
    party, round_, _north, _rita = replaced(party_factory, director)
    undo_refused(party, round_, "No reserve took seat E at table 1 during round 1.", seat="E")

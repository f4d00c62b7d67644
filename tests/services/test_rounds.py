"""Recording results and closing rounds, checked against figures worked out by hand."""

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import DealEntry, ResultChange, TableResult
from tournaments.selectors.standings import party_standings
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services import seating as seating_services

pytestmark = pytest.mark.django_db

PINS = [[1, "N", "Player 001"], [1, "E", "Player 002"], [1, "S", "Player 003"], [1, "W", "Player 004"]]
ROUND_ONE = [("4S", "N", 10), ("3NX", "E", 7), ("PASS", "", 0), ("6H", "S", 12)]
# By hand: 420 to N-S; 3NX two down, E-W vulnerable on deal 2: 200 + 300 = 500 to N-S; a pass;
# 6H made on deal 4, both vulnerable: 180 + 500 + 750 = 1,430 (a slam: no cap). N-S +2,350, E-W -2,350.
ROUND_TWO = [("7NXX", "N", 13), ("1C", "E", 7), ("4SX", "W", 6), ("5DX", "N", 6)]
# By hand: 7NXX made, not vulnerable: 880 + 300 + 1,000 + 100 = 2,280 (slam: no cap) to N-S;
# 1C made by E-W (vulnerable): 20 + 50 = 70; 4SX four down, E-W not vulnerable on deal 3:
# 100 + 200 + 200 + 300 = 800 to N-S; 5DX five down, both vulnerable: 200 + 4 x 300 = 1,400,
# E-W credited 1,000 (the cap), N-S charged 1,400.
# N-S: 2,280 - 70 + 800 - 1,400 = 1,610. E-W: -2,280 + 70 - 800 + 1,000 = -2,010.


@pytest.fixture
def one_table(party_factory, director):
    party = party_factory(tables=1, rounds=2, draw=False)
    seating_services.seats_draw(party=party, pins=PINS)
    return party


def seats(round_):
    return {s.seat: s.guest.name for s in round_.seats.select_related("guest")}


def test_a_one_table_party_played_deal_by_deal(one_table, director):
    first = one_table.rounds.get(number=1)
    result, notices = result_services.result_record(round_=first, table=1, deals=ROUND_ONE, by_user=director)
    assert (result.ns, result.ew, result.winner, notices) == (2350, -2350, "NS", [])
    assert [d.ns for d in result.deals.all()] == [420, 500, 0, 1430]

    second = round_services.round_close(round_=first)
    assert second is not None  # round 2 follows
    sat = seats(second)
    # The winners stay: North keeps his seat, South shifts one seat clockwise to West; the losers split.
    assert sat["N"] == "Player 001" and sat["W"] == "Player 003"
    assert {sat["E"], sat["S"]} == {"Player 002", "Player 004"}

    result, _ = result_services.result_record(round_=second, table=1, deals=ROUND_TWO, by_user=director)
    assert (result.ns, result.ew) == (1610, -2010)
    assert round_services.round_close(round_=second) is None

    standings = party_standings(one_table)
    totals = {p.name: p.total for p in standings.players}
    assert totals["Player 001"] == 2350 + 1610
    assert totals["Player 003"] == 2350 - 2010
    assert totals[sat["S"]] == -2350 + 1610
    assert totals[sat["E"]] == -2350 - 2010
    assert [p.name for p in standings.players] == ["Player 001", "Player 003", sat["S"], sat["E"]]
    assert standings.booby == [sat["E"]]


@pytest.mark.parametrize(
    ("deals", "message"),
    [
        ([("7S", "N", 14)] + [("PASS", "", 0)] * 3, "Tricks must be between 0 and 13"),
        ([("4S", "Z", 10)] + [("PASS", "", 0)] * 3, "Declarer must be a seat N, E, S or W"),
        ([("4Q", "N", 10)] + [("PASS", "", 0)] * 3, "Unknown strain 'Q'"),
        ([("PASS", "", 0)] * 5, "A round has four deals, not 5"),
        ([("PASS", "", 0)] * 3, "A round has four deals: 3 entered"),
    ],
)
def test_bad_entries_say_what_is_wrong_and_save_nothing(one_table, director, deals, message):
    first = one_table.rounds.get(number=1)
    with pytest.raises(ValidationError) as error:
        result_services.result_record(round_=first, table=1, deals=deals, by_user=director)
    assert message in " ".join(error.value.messages)
    assert not TableResult.objects.exists() and not DealEntry.objects.exists() and not ResultChange.objects.exists()


def test_a_table_that_does_not_exist_is_refused(one_table, director):
    with pytest.raises(ValidationError, match="There is no table 2"):
        result_services.result_record(round_=one_table.rounds.get(number=1), table=2, net=(0, 0), by_user=director)


def test_net_figures_must_be_bridge_scores(one_table, director):
    first = one_table.rounds.get(number=1)
    with pytest.raises(ValidationError, match="not a bridge score"):
        result_services.result_record(round_=first, table=1, net=(415, -400), by_user=director)
    result, _ = result_services.result_record(round_=first, table=1, net=(400, -400), by_user=director)
    assert (result.entry, result.winner) == ("net", "NS")


def test_a_tie_is_cut_and_the_director_can_override_the_cut(one_table, director):
    first = one_table.rounds.get(number=1)
    result, notices = result_services.result_record(
        round_=first, table=1, deals=[("PASS", "", 0)] * 4, by_user=director
    )
    assert result.cut and result.winner in ("NS", "EW")
    assert "tied at 0: the cut went to" in notices[0]
    other = "EW" if result.winner == "NS" else "NS"
    result = result_services.result_cut_override(result=result, winner=other, by_user=director)
    assert (result.winner, result.cut_overridden) == (other, True)
    assert result.changes.count() == 2


def test_a_round_does_not_close_while_tables_are_playing(party_factory, director):
    party = party_factory(tables=3)
    first = party.rounds.get(number=1)
    result_services.result_record(round_=first, table=2, net=(100, -100), by_user=director)
    with pytest.raises(ValidationError, match=r"2 tables still playing \(1, 3\)"):
        round_services.round_close(round_=first)
    assert not first.is_closed and party.rounds.count() == 1


def test_a_stale_version_is_refused_and_nothing_is_lost(one_table, director):
    first = one_table.rounds.get(number=1)
    result, _ = result_services.result_record(
        round_=first, table=1, net=(400, -400), expected_version=0, by_user=director
    )
    with pytest.raises(result_services.StaleResult, match="Someone else at this table saved"):
        result_services.result_record(round_=first, table=1, net=(100, -100), expected_version=0, by_user=director)
    result.refresh_from_db()
    assert (result.ns, result.version) == (400, 1)


def test_correcting_a_closed_round_updates_totals_and_says_the_seating_stays(one_table, director):
    first = one_table.rounds.get(number=1)
    result_services.result_record(round_=first, table=1, net=(400, -400), by_user=director)
    second = round_services.round_close(round_=first)
    seated = seats(second)
    _, notices = result_services.result_record(round_=first, table=1, net=(-200, 200), by_user=director)
    assert "winner is now East–West, not North–South" in notices[0]
    assert "the seating stays as actually played" in notices[0]
    assert seats(second) == seated
    totals = {p.name: p.total for p in party_standings(one_table).players}
    assert totals["Player 001"] == -200


def test_actual_points_mode_credits_each_side_its_own_points(party_factory, director):
    party = party_factory(tables=1, draw=False, tally_mode="actual")
    seating_services.seats_draw(party=party, pins=PINS)
    result, _ = result_services.result_record(
        round_=party.rounds.get(number=1),
        table=1,
        deals=[("4S", "N", 10), ("3N", "E", 9), ("PASS", "", 0), ("PASS", "", 0)],
    )
    # N-S made 420 (deal 1, not vulnerable); E-W made 600 (deal 2, vulnerable): each keeps its own points.
    assert (result.ns, result.ew, result.winner) == (420, 600, "EW")


def test_a_keep_partners_party_stands_by_pair(party_factory, director):
    party = party_factory(tables=2, keep_partners=True, rounds=2)
    first = party.rounds.get(number=1)
    result_services.result_record(round_=first, table=1, net=(300, -300), by_user=director)
    result_services.result_record(round_=first, table=2, net=(-500, 500), by_user=director)
    second = round_services.round_close(round_=first)
    assert second is not None  # round 2 follows
    pairs_before = {
        frozenset((s.guest.name, o.guest.name))
        for s in first.seats.all()
        for o in first.seats.all()
        if s.table == o.table and {s.seat, o.seat} in ({"N", "S"}, {"E", "W"}) and s.pk < o.pk
    }
    pairs_after = {
        frozenset((s.guest.name, o.guest.name))
        for s in second.seats.all()
        for o in second.seats.all()
        if s.table == o.table and {s.seat, o.seat} in ({"N", "S"}, {"E", "W"}) and s.pk < o.pk
    }
    assert pairs_after == pairs_before
    standings = party_standings(party)
    # Table 2's E-W won 500, table 1's N-S 300, table 1's E-W lost 300, table 2's N-S lost 500.
    assert [(p.label, p.total) for p in standings.pairs] == [("1", 500), ("2", 300), ("3", -300), ("4", -500)]
    names = {frozenset(p.name.split(" & ")) for p in standings.pairs}
    assert names == pairs_before


def test_net_figures_that_cannot_both_be_right_are_refused(one_table, director):
    first = one_table.rounds.get(number=1)
    with pytest.raises(ValidationError, match="cannot both be right"):
        result_services.result_record(round_=first, table=1, net=(500, 500), by_user=director)
    # With the cap the two need not be opposite: E-W charged 1,100, N-S credited 1,000.
    result, _ = result_services.result_record(round_=first, table=1, net=(1000, -1100), by_user=director)
    assert result.winner == "NS"
    assert not TableResult.objects.filter(ns=500).exists()


def test_one_more_round_after_the_last_was_closed(party_factory, director, client_in):
    from django.urls import reverse

    party = party_factory(tables=2, rounds=1)
    first = party.rounds.get(number=1)
    with pytest.raises(ValidationError, match="still playing"):
        round_services.round_extend(party=party)
    result_services.result_record(round_=first, table=1, net=(100, -100), by_user=director)
    result_services.result_record(round_=first, table=2, net=(-100, 100), by_user=director)
    assert round_services.round_close(round_=first) is None
    page = client_in.get(reverse("party_dashboard", args=[party.id])).content.decode()
    assert "Play one more round" in page
    response = client_in.post(reverse("round_extend", args=[party.id]))
    assert response["Location"] == reverse("round_movement", args=[party.id, 2])
    party.refresh_from_db()
    assert party.rounds_planned == 2 and party.rounds.get(number=2).seats.count() == 8
    # Table 1's winners (N-S) stay at table 1.
    assert first.seats.get(table=1, seat="N").guest == party.rounds.get(number=2).seats.get(table=1, seat="N").guest


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "A round has four deals: 3 entered. Enter a passed-out deal as “Pass”."),
        ("fr", "Un tour a quatre donnes\u202f: 3 saisies. Saisissez une donne passée comme «\u202fPasse\u202f»."),
        ("de", "Eine Runde hat vier Spiele: 3 eingetragen. Tragen Sie ein ausgepasstes Spiel als „Passe“ ein."),
        ("nl", "Een ronde heeft vier spellen: 3 ingevoerd. Voer een gepast spel in als “Pas”."),
    ],
)
def test_a_missing_deal_is_asked_for_in_the_menus_word_for_a_pass(one_table, director, language, said):
    """The deal form's Contract menu says "Pass" (Passe, Pas): the message names that word, not the data's "PASS"."""
    from django.utils import translation

    from tournaments.forms.rounds import LEVELS

    with translation.override(language), pytest.raises(ValidationError) as error:
        result_services.result_record(
            round_=one_table.rounds.get(number=1), table=1, deals=[("PASS", "", 0)] * 3, by_user=director
        )
    with translation.override(language):
        menu_word = str(dict(LEVELS)["P"])
    assert error.value.messages == [said] and menu_word in said and "PASS" not in said
    assert not TableResult.objects.exists()

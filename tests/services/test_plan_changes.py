"""Changes of plan between two rounds (issue 46) through the services: a 5-table party, a table added
after round 1 and one leaving after round 3, the standings checked against figures worked out by hand."""

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import Guest, PlanChange, Seat
from tournaments.selectors import plan_changes as plan_selectors
from tournaments.selectors.standings import party_standings
from tournaments.services import party as party_services
from tournaments.services import plan_changes as plan_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db

NEW = ["New 1", "New 2", "New 3", "New 4"]


def play(party, number, director):
    """Every table's round by net figures: North-South +100 and East-West -100 at every table (a table's
    figure never depends on who sat there, so each player's total is 100 a round North-South, -100 East-West)."""
    round_ = party.rounds.get(number=number)
    for table in sorted(set(round_.seats.values_list("table", flat=True))):
        result_services.result_record(round_=round_, table=table, net=(100, -100), by_user=director)
    return round_services.round_close(round_=round_)


def seated(round_):
    return {s.guest.name: (s.table, s.seat) for s in Seat.objects.filter(round=round_).select_related("guest")}


def side(seat):
    return 100 if seat in "NS" else -100


def test_a_guest_added_after_the_draw_is_a_reserve_at_once(party_factory):
    party = party_factory(tables=5, rounds=4)
    added = party_services.guests_add(party=party, entries=[(n, "") for n in NEW])
    assert [g.reserve for g in added] == [True] * 4
    before = party_factory(tables=1, rounds=1, draw=False, name="Undrawn")
    assert party_services.guests_add(party=before, entries=[("Early", "")])[0].reserve is False


def test_a_table_joins_after_round_1_and_one_leaves_after_round_3(party_factory, director, monkeypatch):
    # Every round's movement from one seed, so that the seats, and the figures below, are the same each run.
    monkeypatch.setattr(round_services.secrets, "randbits", lambda bits: 11)
    party = party_factory(tables=5, rounds=4)
    second = play(party, 1, director)
    party_services.guests_add(party=party, entries=[(n, "") for n in NEW])
    joining = list(Guest.objects.filter(name__in=NEW).order_by("pk"))

    shown = plan_selectors.preview(party, joining=joining)
    assert shown.tables == 6 and not PlanChange.objects.exists()  # the preview writes nothing
    change = plan_services.plan_apply(party=party, joining=joining, by_user=director)
    party.refresh_from_db()
    assert party.tables == 6 and change.action == "table joins"
    two = seated(second)
    # The new table is the foot (table 6): its North-South pair stays there to meet table 1's losers, its
    # East-West pair moves up to table 5, as a winning pair would.
    assert {two["New 1"][0], two["New 2"][0]} == {6} and {two["New 3"][0], two["New 4"][0]} == {5}
    assert len(two) == 24 and {t for t, _s in two.values()} == {1, 2, 3, 4, 5, 6}

    third = play(party, 2, director)
    three = seated(third)
    fourth = play(party, 3, director)
    leaving_table = 2
    leavers = plan_selectors.table_guests(plan_selectors.break_get(party), leaving_table)
    assert len(leavers) == 4
    plan_services.plan_apply(party=party, leaving=leavers, by_user=director)
    party.refresh_from_db()
    assert party.tables == 5
    four = seated(fourth)
    assert len(four) == 20 and not set(four) & {g.name for g in leavers}
    play(party, 4, director)

    one = seated(party.rounds.get(number=1))
    rounds = {1: one, 2: two, 3: three, 4: four}
    expected = {
        name: sum(side(rounds[n][name][1]) for n in rounds if name in rounds[n]) for name in set(one) | set(two)
    }
    standings = party_standings(party)
    totals = {p.name: p.total for p in standings.players}
    assert totals == expected
    # By hand, from where they sat: New 1 round 2 at 6 N (+100), round 3 at 5 S (+100), round 4 at 3 S (+100);
    # New 4 at 5 W (-100), 5 N (+100), 3 W (-100); nothing for round 1. Player 007 East at table 2 in
    # rounds 1-3 (-300), gone home after round 3; Player 014 South three times (+300).
    assert (two["New 1"], three["New 1"], four["New 1"]) == ((6, "N"), (5, "S"), (3, "S"))
    assert (totals["New 1"], totals["New 4"], totals["Player 007"], totals["Player 014"]) == (300, -100, -300, 300)
    lines = {p.name: p for p in standings.players}
    assert [r for r, _t, _s, _p, _x in lines["New 1"].played] == [2, 3, 4]
    assert [r for r, _t, _s, _p, _x in lines["Player 007"].played] == [1, 2, 3]
    for leaver in leavers:  # three rounds played, the scores kept
        assert leaver.name in totals and leaver.name not in four
        leaver.refresh_from_db()
        assert leaver.left_after == 3


def test_an_undo_puts_the_seats_and_the_reserves_back(party_factory, director):
    party = party_factory(tables=2, rounds=3)
    second = play(party, 1, director)
    before = seated(second)
    party_services.guests_add(party=party, entries=[(n, "") for n in NEW])
    joining = list(Guest.objects.filter(name__in=NEW).order_by("pk"))
    change = plan_services.plan_apply(party=party, joining=joining, by_user=director)
    plan_services.plan_undo(change=change, by_user=director)
    party.refresh_from_db()
    assert party.tables == 2 and seated(second) == before
    assert list(Guest.objects.filter(name__in=NEW).values_list("reserve", flat=True)) == [True] * 4
    with pytest.raises(ValidationError, match="already undone"):
        plan_services.plan_undo(change=change, by_user=director)


def test_no_undo_once_the_round_has_started(party_factory, director):
    party = party_factory(tables=2, rounds=3)
    second = play(party, 1, director)
    party_services.guests_add(party=party, entries=[(n, "") for n in NEW])
    change = plan_services.plan_apply(party=party, joining=list(Guest.objects.filter(name__in=NEW)))
    round_services.round_start(round_=second)
    with pytest.raises(ValidationError, match="Round 2 has started: the change can no longer be undone."):
        plan_services.plan_undo(change=change)
    party.refresh_from_db()
    assert party.tables == 3


def test_three_reserves_are_no_table_and_nothing_changes(party_factory, director):
    party = party_factory(tables=2, rounds=3)
    second = play(party, 1, director)
    before = seated(second)
    party_services.guests_add(party=party, entries=[(n, "") for n in NEW[:3]])
    with pytest.raises(ValidationError, match="A new table is four guests: choose four reserves."):
        plan_services.plan_apply(party=party, joining=list(Guest.objects.filter(name__in=NEW)))
    assert seated(second) == before and not PlanChange.objects.exists()


def test_the_odd_players_left_over_sit_out_and_come_back_first(party_factory, director):
    party = party_factory(tables=2, rounds=3)
    second = play(party, 1, director)
    home = Guest.objects.get(name="Player 001")
    shown = plan_selectors.preview(party, leaving=[home])
    # Seven left: one table of four, three sit out (the rule is shown on the preview page).
    assert shown.tables == 1 and len(shown.plan.sitting_out) == 3
    plan_services.plan_apply(party=party, leaving=[home])
    sat_out = set(shown.plan.sitting_out)
    assert set(seated(second)).isdisjoint(sat_out | {"Player 001"}) and len(seated(second)) == 4
    third = play(party, 2, director)
    # Those who sat out round 2 have sat out most: all three play round 3, with one of round 2's four.
    assert third is not None and sat_out <= set(seated(third)) and len(seated(third)) == 4
    party.refresh_from_db()
    assert party.tables == 1


def test_at_a_mixed_party_a_lady_and_a_gentleman_twice_join_and_every_pair_stays_mixed(party_factory, director):
    party = party_factory(tables=2, mixed=True, rounds=3)
    second = play(party, 1, director)
    added = party_services.guests_add(
        party=party,
        entries=[
            ("New Lady 1", "lady"),
            ("New Gent 1", "gentleman"),
            ("New Lady 2", "lady"),
            ("New Gent 2", "gentleman"),
        ],
    )
    plan_services.plan_apply(party=party, joining=added, by_user=director)
    kinds = dict(Guest.objects.filter(party=party).values_list("name", "kind"))
    two = seated(second)
    assert len(two) == 12
    # Ladies sit North and East, gentlemen South and West: every partnership (N-S, E-W) a lady and a gentleman.
    assert all(kinds[name] == ("lady" if seat in "NE" else "gentleman") for name, (_t, seat) in two.items())


def test_at_a_mixed_party_three_ladies_and_a_gentleman_are_no_table(party_factory, director):
    party = party_factory(tables=2, mixed=True, rounds=3)
    second = play(party, 1, director)
    before = seated(second)
    added = party_services.guests_add(
        party=party, entries=[("L1", "lady"), ("L2", "lady"), ("L3", "lady"), ("G1", "gentleman")]
    )
    with pytest.raises(ValidationError, match="At a mixed party a new table is two ladies and two gentlemen."):
        plan_services.plan_apply(party=party, joining=added)
    assert seated(second) == before and not PlanChange.objects.exists()


def test_at_a_keep_partners_party_a_table_that_joined_late_is_in_the_standings_by_pair(party_factory, director):
    party = party_factory(tables=2, rounds=2, keep_partners=True)
    first = party.rounds.get(number=1)
    one = {s.seat: s.guest.name for s in Seat.objects.filter(round=first, table=1)}
    for table, ns in ((1, 100), (2, 200)):
        result_services.result_record(round_=first, table=table, net=(ns, -ns), by_user=director)
    round_services.round_close(round_=first)
    party_services.guests_add(party=party, entries=[(n, "") for n in NEW])
    plan_services.plan_apply(party=party, joining=list(Guest.objects.filter(name__in=NEW).order_by("pk")))
    # Round 2 at three tables: the new table's first pair (New 1, New 2) stays at table 3, North-South, and
    # meets table 1's losers; New 3 and New 4 move up to table 2, North-South.
    second = party.rounds.get(number=2)
    for table, ns in ((1, 50), (2, 30), (3, 10)):
        result_services.result_record(round_=second, table=table, net=(ns, -ns), by_user=director)
    round_services.round_close(round_=second)
    pairs = {frozenset(p.name.split(" & ")): p.total for p in party_standings(party).pairs}
    # By hand: New 1 & New 2 +10 (round 1 counts 0), New 3 & New 4 +30; table 1's East-West -100, then -10
    # at table 3 against the newcomers: -110. Six pairs in all, the late two among them.
    assert pairs[frozenset({"New 1", "New 2"})] == 10
    assert pairs[frozenset({"New 3", "New 4"})] == 30
    assert pairs[frozenset({one["E"], one["W"]})] == -110
    assert len(pairs) == 6

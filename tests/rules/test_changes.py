"""Changes of plan during the night: tables and players join, leave and sit out between rounds.

Rules: docs/rules/four-aces-party.md, "Changes of plan during the night"; the choices are in
docs/rules/decisions.md and the docstring of tournaments/rules/changes.py.
"""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules.helpers import refused
from tests.rules.test_movement import check_movement, ladies_and_gentlemen, parties, partners, party, winners_for
from tournaments.rules.changes import (
    GOES_HOME,
    JOINS,
    MOVES,
    RETURNS,
    SITS_OUT,
    STAYS,
    TAKES_SEAT,
    Move,
    plan_change,
    sitting_out,
    table_count,
)
from tournaments.rules.movement import OTHER, SEATS, SIDE_SEATS, check_seating, next_seating

NEW_TABLE = ["6n", "6s", "6e", "6w"]  # two pairs: 6n & 6s, 6e & 6w


def seats(n, e, s, w):
    return {"N": n, "E": e, "S": s, "W": w}


# --- hand-worked: a five-table party, a table joins after round 1 and one leaves after round 3 --


def test_a_table_joins_after_round_one_and_another_leaves_after_round_three():
    # Keep partners; round 1 as drawn: table n seats 1n, 1e, 1s, 1w …
    round_1 = party(5)
    winners_1 = {1: "NS", 2: "EW", 3: "NS", 4: "EW", 5: "NS"}
    change = plan_change(round_1, winners_1, keep_partners=True, joining=NEW_TABLE)
    round_2 = {
        # Table 1: its winners 1n-1s stay; table 2's winners 2e-2w move up.
        1: seats("1n", "2e", "1s", "2w"),
        2: seats("2n", "3n", "2s", "3s"),
        3: seats("4e", "3e", "4w", "3w"),
        4: seats("4n", "5n", "4s", "5s"),
        # Table 5's losers stay; the new table's second pair moves up to meet them.
        5: seats("6e", "5e", "6w", "5w"),
        # The new table 6, the foot: its first pair stays for table 1's losers.
        6: seats("6n", "1e", "6s", "1w"),
    }
    assert change.seating == round_2
    assert change.sitting_out == [] and change.substitutes == {}
    assert change.renumbered == {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}
    assert Move("6e", None, (5, "N"), JOINS) in change.moves
    assert Move("1e", (1, "E"), (6, "E"), MOVES) in change.moves
    assert Move("1n", (1, "N"), (1, "N"), STAYS) in change.moves

    # Round 2 to 3: six tables, no change (the ordinary movement).
    winners_2 = {1: "EW", 2: "NS", 3: "NS", 4: "EW", 5: "NS", 6: "EW"}
    round_3 = plan_change(round_2, winners_2, keep_partners=True).seating
    assert round_3 == {
        1: seats("2n", "2e", "2s", "2w"),
        2: seats("4e", "3n", "4w", "3s"),
        3: seats("5n", "3e", "5s", "3w"),
        4: seats("4n", "6e", "4s", "6w"),
        5: seats("1e", "5e", "1w", "5w"),
        6: seats("6n", "1n", "6s", "1s"),
    }

    # After round 3 table 4 goes home. Tables 5 and 6 become 4 and 5; old table 5's winners move
    # up past the gap to table 3, and table 1's losers go to the new foot, table 5.
    winners_3 = {1: "NS", 2: "EW", 3: "EW", 4: "NS", 5: "EW", 6: "NS"}
    change = plan_change(round_3, winners_3, keep_partners=True, leaving=["4n", "6e", "4s", "6w"])
    assert change.seating == {
        1: seats("2n", "3n", "2s", "3s"),
        2: seats("4e", "3e", "4w", "3w"),
        3: seats("5n", "5e", "5s", "5w"),
        4: seats("1e", "6n", "1w", "6s"),
        5: seats("2e", "1n", "2w", "1s"),
    }
    assert change.renumbered == {1: 1, 2: 2, 3: 3, 5: 4, 6: 5}
    assert Move("6e", (4, "E"), None, GOES_HOME) in change.moves
    assert Move("5e", (5, "E"), (3, "E"), MOVES) in change.moves
    assert Move("1e", (5, "N"), (4, "N"), STAYS) in change.moves  # renumbered, not moved


def test_one_guest_goes_home_and_three_sit_out_in_turn():
    # Three tables, keep partners; 2e goes home after round 1: 11 players fill two tables.
    winners_1 = {1: "NS", 2: "EW", 3: "NS"}
    assert sitting_out(party(3), leaving=["2e"]) == ["3n", "3s", "3e"]  # from the foot, pair by pair
    change = plan_change(party(3), winners_1, keep_partners=True, leaving=["2e"])
    assert change.sitting_out == ["3n", "3s", "3e"]
    # Table 3 closes; 3w takes 2e's seat and moves up with 2w as table 2's winners.
    assert change.substitutes == {"3w": "2e"}
    assert change.seating == {1: seats("1n", "3w", "1s", "2w"), 2: seats("2n", "1e", "2s", "1w")}
    assert Move("3w", (3, "W"), (1, "E"), TAKES_SEAT) in change.moves
    assert Move("3n", (3, "N"), None, SITS_OUT) in change.moves

    # Round 3: the three who sat out come back; the foot's pair and one more sit out instead.
    waiting, sat_out = change.sitting_out, dict.fromkeys(change.sitting_out, 1)
    winners_2 = {1: "EW", 2: "NS"}
    assert sitting_out(change.seating, waiting=waiting, sat_out=sat_out) == ["2n", "2s", "1e"]
    again = plan_change(change.seating, winners_2, keep_partners=True, waiting=waiting, sat_out=sat_out)
    assert again.sitting_out == ["2n", "2s", "1e"]
    assert again.seating == {1: seats("3n", "3w", "3s", "2w"), 2: seats("1n", "3e", "1s", "1w")}
    assert Move("3e", None, (2, "E"), RETURNS) in again.moves


def test_a_mixed_party_keeps_every_partnership_a_lady_and_a_gentleman():
    # Ladies North and East. Change partners. A lady goes home: 5 ladies, 6 gentlemen: two tables,
    # one lady and two gentlemen sit out; then two newcomers, a lady and a gentleman, join.
    seating = party(3)
    kinds = ladies_and_gentlemen(seating)
    change = plan_change(seating, {1: "NS", 2: "NS", 3: "EW"}, keep_partners=False, kinds=kinds, leaving=["1e"])
    assert change.sitting_out == ["3n", "3s", "3w"]
    assert change.substitutes == {"3e": "1e"}
    # Table 1: 1n, 1s stay (1s to W); table 2's winners 2n (lady) and 2s arrive.
    assert change.seating == {1: seats("1n", "2n", "2s", "1s"), 2: seats("3e", "2e", "2w", "1w")}
    check_seating(change.seating, kinds)

    kinds = {**kinds, "Ann": "lady", "Bob": "gentleman"}
    later = plan_change(
        change.seating,
        {1: "EW", 2: "EW"},
        keep_partners=False,
        kinds=kinds,
        joining=["Ann", "Bob"],
        waiting=change.sitting_out,
        sat_out=dict.fromkeys(change.sitting_out, 1),
    )
    # 6 ladies and 7 gentlemen: three tables; a gentleman sits out: the foot's South, 2w.
    assert later.sitting_out == ["2w"]
    assert len(later.seating) == 3
    check_seating(later.seating, kinds)


def test_no_change_is_the_ordinary_movement():
    seating, winners = party(4), {1: "NS", 2: "EW", 3: "EW", 4: "NS"}
    for keep in (True, False):
        change = plan_change(seating, winners, keep_partners=keep, seed=5)
        assert change.seating == next_seating(seating, winners, keep_partners=keep, seed=5)
        assert {m.reason for m in change.moves} == {STAYS, MOVES}


def test_table_one_leaving_makes_table_two_the_head():
    change = plan_change(party(3), {1: "NS", 2: "EW", 3: "NS"}, keep_partners=True, leaving=["1n", "1e", "1s", "1w"])
    # Old table 2 is the head: its winners 2e-2w stay, its losers 2n-2s go to the foot, where
    # old table 3's losers 3e-3w keep their seats.
    assert change.seating == {1: seats("3n", "2e", "3s", "2w"), 2: seats("2n", "3e", "2s", "3w")}


def test_table_count():
    assert table_count(["a"] * 11) == 2
    assert (
        table_count(
            ["a", "b", "c", "d", "e"], {"a": "lady", "b": "lady", "c": "lady", "d": "gentleman", "e": "gentleman"}
        )
        == 1
    )


# --- bad input: a clear message and nothing changed ------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "mentions"),
    [
        ({"leaving": ["Zed"]}, ["zed is not at the party"]),
        ({"joining": ["1n"]}, ["1n is already at the party"]),
        ({"waiting": ["2e"]}, ["2e played the last round"]),
        ({"leaving": "1n"}, ["leaving must be a list"]),
        ({"joining": ["Ann", "Ann"]}, ["names a player twice"]),
        ({"sat_out": {"1n": -1}}, ["1n has sat out -1 rounds"]),
        ({"leaving": [f"{t}{s}" for t in (1, 2) for s in "nesw"]}, ["too few players"]),
    ],
)
def test_bad_changes_are_refused(kwargs, mentions):
    seating = party(2)
    before = {t: dict(s) for t, s in seating.items()}
    refused(plan_change, seating, {1: "NS", 2: "EW"}, keep_partners=True, mentions=mentions, **kwargs)
    assert seating == before


def test_a_mixed_newcomer_must_say_lady_or_gentleman():
    seating = party(1)
    kinds = ladies_and_gentlemen(seating)
    refused(
        plan_change, seating, {1: "NS"}, keep_partners=True, kinds=kinds, joining=["Ann"], mentions=["ann is neither"]
    )


def test_winners_must_cover_every_table():
    refused(plan_change, party(2), {1: "NS"}, keep_partners=True, leaving=["1n"], mentions=["table 2 has no winner"])


# --- properties: random parties, random changes between random rounds -----------------------------


@st.composite
def changes(draw, seating, kinds, waiting, newcomer_number):
    seated = [p for seats in seating.values() for p in seats.values()]
    present = seated + list(waiting)
    leaving = draw(st.lists(st.sampled_from(present), unique=True, max_size=min(8, len(present))))
    count = draw(st.integers(0, 6))
    joining = [f"new{newcomer_number}-{i}" for i in range(count)]
    new_kinds = None
    if kinds is not None:
        new_kinds = {**kinds, **{p: draw(st.sampled_from(["lady", "gentleman"])) for p in joining}}
    return leaving, joining, new_kinds


def check_change(seating, winners, change, *, kinds, leaving, joining, waiting, sat_out):
    present = [p for s in seating.values() for p in s.values() if p not in leaving]
    present += [p for p in waiting if p not in leaving] + joining
    tables = table_count(present, kinds)
    assert sorted(change.seating) == list(range(1, tables + 1))
    check_seating(change.seating, kinds)  # mixed partnerships where the party is mixed
    # Everyone still here is seated exactly once or sits out, never both; nobody gone is seated.
    seated = Counter(p for s in change.seating.values() for p in s.values())
    assert set(seated.values()) <= {1}
    assert sorted([*seated, *change.sitting_out]) == sorted(present)
    assert not set(leaving) & set(seated)
    # Fewer sit out than a table takes; those who sat out least sit out first.
    kind = (lambda p: kinds[p]) if kinds else (lambda p: "player")
    for k in {kind(p) for p in present}:
        out = [sat_out.get(p, 0) for p in change.sitting_out if kind(p) == k]
        playing = [sat_out.get(p, 0) for p in seated if kind(p) == k]
        if out and playing:
            assert max(out) <= min(playing)
    if kinds is None:
        assert len(change.sitting_out) < 4
    # The progression: every seat kept moves by the Four Aces' rule, substitutes with the seat.
    before = {p: (t, s) for t, ss in seating.items() for s, p in ss.items()}
    after = {p: (t, s) for t, ss in change.seating.items() for s, p in ss.items()}
    seat_of = {**before, **{sub: before[gone] for sub, gone in change.substitutes.items()}}
    for move in change.moves:
        assert move.after == after.get(move.player)
        if move.player not in seat_of or move.after is None or seat_of[move.player][0] not in change.renumbered:
            continue
        old_table, seat = seat_of[move.player]
        new_table = change.renumbered[old_table]
        side = next(side for side, pair in SIDE_SEATS.items() if seat in pair)
        staying = winners[old_table] if new_table == 1 else OTHER[winners[old_table]]
        expected = new_table if side == staying else (new_table - 1 if new_table > 1 else tables)
        assert move.after[0] == expected, move


@settings(max_examples=60, deadline=None)
@given(data=st.data(), keep_partners=st.booleans(), seed=st.integers(0, 2**32))
def test_random_changes_between_random_rounds(data, keep_partners, seed):
    seating, kinds = data.draw(parties(max_tables=20))
    waiting: list[str] = []
    sat_out: dict[str, int] = {}
    for number in range(data.draw(st.integers(1, 5))):
        winners = data.draw(winners_for(len(seating)))
        leaving, joining, kinds_now = data.draw(changes(seating, kinds, waiting, number))
        if not data.draw(st.booleans()):
            leaving, joining, kinds_now = [], [], kinds
        present = [p for s in seating.values() for p in s.values() if p not in leaving]
        present += [p for p in waiting if p not in leaving] + joining
        args = dict(kinds=kinds_now, leaving=leaving, joining=joining, waiting=waiting, sat_out=sat_out)
        if table_count(present, kinds_now) == 0:
            refused(plan_change, seating, winners, keep_partners=keep_partners, mentions=["too few"], **args)
            return
        change = plan_change(seating, winners, keep_partners=keep_partners, seed=seed + number, **args)
        check_change(seating, winners, change, **args)
        if not leaving and not joining and not waiting:
            check_movement(seating, winners, change.seating, keep_partners=keep_partners, kinds=kinds_now)
        assert change.sitting_out == sitting_out(seating, **args)
        for player in change.sitting_out:
            sat_out[player] = sat_out.get(player, 0) + 1
        seating, kinds, waiting = change.seating, kinds_now, change.sitting_out


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_a_joining_table_keeps_partners_and_goes_to_the_foot(data):
    seating, kinds = data.draw(parties(max_tables=20))
    winners = data.draw(winners_for(len(seating)))
    tables = len(seating)
    joining = ["Ann", "Bob", "Cat", "Dan"]  # Ann & Bob, Cat & Dan
    if kinds is not None:
        kinds = {**kinds, "Ann": "lady", "Bob": "gentleman", "Cat": "lady", "Dan": "gentleman"}
    change = plan_change(seating, winners, keep_partners=True, kinds=kinds, joining=joining)
    assert len(change.seating) == tables + 1
    new_partners = partners(change.seating)
    assert new_partners == {**partners(seating), "Ann": "Bob", "Bob": "Ann", "Cat": "Dan", "Dan": "Cat"}
    # Table 1's losers go to the new foot, where the first new pair stays for them.
    losers = [seating[1][s] for s in SIDE_SEATS[OTHER[winners[1]]]]
    assert {change.seating[tables + 1][s] for s in SEATS} == {*losers, "Ann", "Bob"}

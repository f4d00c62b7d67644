"""The Four Aces movement: "winners move up, losers stay".

Rules: docs/rules/four-aces-party.md, "Moving after each round"; the seat conventions where the
rules are silent are those stated in the docstring of tournaments/rules/movement.py.
"""

import copy
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rules.movement import (
    OTHER,
    SEATS,
    SIDE_SEATS,
    Cut,
    next_seating,
    plan_movement,
    player_positions,
)

CLOCKWISE = {seat: SEATS[(i + 1) % 4] for i, seat in enumerate(SEATS)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def table(n):
    """Table n's players, named by table and first-round seat: 1n, 1e, 1s, 1w."""
    return {seat: f"{n}{seat.lower()}" for seat in SEATS}


def party(tables):
    return {n: table(n) for n in range(1, tables + 1)}


def ladies_and_gentlemen(seating):
    """Kinds for the mixed pattern: ladies North and East, gentlemen South and West."""
    kinds = {}
    for seats in seating.values():
        kinds.update({seats["N"]: "lady", seats["E"]: "lady", seats["S"]: "gentleman", seats["W"]: "gentleman"})
    return kinds


def partners(seating):
    return {
        seats[a]: seats[b] for seats in seating.values() for a, b in (("N", "S"), ("S", "N"), ("E", "W"), ("W", "E"))
    }


def pair(seats, side):
    return [seats[seat] for seat in SIDE_SEATS[side]]


# --- hand-worked examples ------------------------------------------------------------------------


def test_three_tables_keep_partners():
    # Table 1: NS win and stay, EW go to table 3. Table 2: EW win and move to table 1, NS stay.
    # Table 3: NS win and move to table 2, EW stay. The stayers keep their seats, the arrivers
    # take the vacated ones.
    new = next_seating(party(3), {1: "NS", 2: "EW", 3: "NS"}, keep_partners=True)
    assert new == {
        1: {"N": "1n", "E": "2e", "S": "1s", "W": "2w"},
        2: {"N": "2n", "E": "3n", "S": "2s", "W": "3s"},
        3: {"N": "1e", "E": "3e", "S": "1w", "W": "3w"},
    }


def test_three_tables_change_partners_with_a_fixed_seed():
    seating = party(3)
    winners = {1: "NS", 2: "EW", 3: "NS"}
    movement = plan_movement(seating, winners, keep_partners=False, seed=7)
    new = movement.seating

    # Who stays: the North (or East) stayer keeps the seat, the other stayer moves one seat
    # clockwise, so the two stayers now play against each other.
    assert (new[1]["N"], new[1]["W"]) == ("1n", "1s")  # table 1's winners NS stay
    assert (new[2]["N"], new[2]["W"]) == ("2n", "2s")  # table 2's losers NS stay
    assert (new[3]["E"], new[3]["N"]) == ("3e", "3w")  # table 3's losers EW stay

    # Who moves where: the arrivers split over the two seats left, as the cut decides.
    assert {new[1]["S"], new[1]["E"]} == {"2e", "2w"}  # table 2's winners moved up
    assert {new[2]["S"], new[2]["E"]} == {"3n", "3s"}  # table 3's winners moved up
    assert {new[3]["W"], new[3]["S"]} == {"1e", "1w"}  # table 1's losers went to the last table

    # The cut drawn with seed 7.
    assert new == {
        1: {"N": "1n", "E": "2w", "S": "2e", "W": "1s"},
        2: {"N": "2n", "E": "3n", "S": "3s", "W": "2s"},
        3: {"N": "3w", "E": "3e", "S": "1w", "W": "1e"},
    }
    assert movement.cuts == [
        Cut(1, (("1n", "2e"), ("1s", "2w"))),
        Cut(2, (("2n", "3s"), ("2s", "3n"))),
        Cut(3, (("3e", "1e"), ("3w", "1w"))),
    ]

    # Reproducible: the same seed gives the same cut; the input is left untouched.
    again = plan_movement(seating, winners, keep_partners=False, seed=7)
    assert again.seating == new and again.cuts == movement.cuts
    assert seating == party(3)


def test_the_cut_depends_on_the_seed():
    seating, winners = party(3), {1: "NS", 2: "EW", 3: "NS"}
    drawn = {str(next_seating(seating, winners, keep_partners=False, seed=seed)) for seed in range(20)}
    assert len(drawn) > 1


def test_three_tables_mixed_change_partners():
    # Ladies North and East, gentlemen South and West.
    seating = party(3)
    kinds = ladies_and_gentlemen(seating)
    new = next_seating(seating, {1: "NS", 2: "EW", 3: "NS"}, keep_partners=False, kinds=kinds, seed=7)
    assert new == {
        # Table 1: lady 1n and gentleman 1s stay; lady 2e and gentleman 2w arrive from table 2.
        # 1s moves to the other gentleman's seat (W); 2e sits opposite him, 2w opposite 1n.
        1: {"N": "1n", "E": "2e", "S": "2w", "W": "1s"},
        # Table 2: 2n and 2s stay (losers); 3n and 3s arrive from table 3.
        2: {"N": "2n", "E": "3n", "S": "3s", "W": "2s"},
        # Table 3: lady 3e and gentleman 3w stay (losers); 1e and 1w arrive from table 1.
        # 3w moves to the other gentleman's seat (S); 1e sits opposite him (N), 1w opposite 3e (W).
        3: {"N": "1e", "E": "3e", "S": "3w", "W": "1w"},
    }


def test_mixed_keep_partners_keeps_the_pattern():
    seating = party(3)
    kinds = ladies_and_gentlemen(seating)
    new = next_seating(seating, {1: "EW", 2: "NS", 3: "EW"}, keep_partners=True, kinds=kinds)
    assert new == {
        1: {"N": "2n", "E": "1e", "S": "2s", "W": "1w"},
        2: {"N": "3e", "E": "2e", "S": "3w", "W": "2w"},
        3: {"N": "3n", "E": "1n", "S": "3s", "W": "1s"},
    }


def test_mixed_seating_off_the_pattern_is_put_back_on_it():
    # A director's override left a gentleman North: the partnership is still mixed, and the
    # movement restores the pattern ladies North and East (the convention in movement.py).
    seating = party(1)
    kinds = {"1n": "gentleman", "1e": "lady", "1s": "lady", "1w": "gentleman"}
    new = next_seating(seating, {1: "NS"}, keep_partners=True, kinds=kinds)
    assert new == {1: {"N": "1s", "E": "1e", "S": "1n", "W": "1w"}}


def test_one_table_keep_partners_nobody_moves():
    for winner in ("NS", "EW"):
        assert next_seating(party(1), {1: winner}, keep_partners=True) == party(1)


def test_one_table_change_partners():
    # Nobody changes table; the winners stay and the losers are treated as the arriving pair.
    new = next_seating(party(1), {1: "NS"}, keep_partners=False, seed=7)
    assert (new[1]["N"], new[1]["W"]) == ("1n", "1s")
    assert {new[1]["E"], new[1]["S"]} == {"1e", "1w"}
    new = next_seating(party(1), {1: "EW"}, keep_partners=False, seed=7)
    assert (new[1]["E"], new[1]["N"]) == ("1e", "1w")
    assert {new[1]["S"], new[1]["W"]} == {"1n", "1s"}


def test_one_table_mixed_change_partners():
    seating = party(1)
    new = next_seating(seating, {1: "EW"}, keep_partners=False, kinds=ladies_and_gentlemen(seating))
    # 1e and 1w stay; 1w moves to the other gentleman's seat (S); 1n sits opposite him, 1s opposite 1e.
    assert new == {1: {"N": "1n", "E": "1e", "S": "1w", "W": "1s"}}


def test_two_tables_keep_partners():
    # Table 1: EW win and stay, NS go to table 2. Table 2: NS win and move to table 1, EW stay.
    new = next_seating(party(2), {1: "EW", 2: "NS"}, keep_partners=True)
    assert new == {
        1: {"N": "2n", "E": "1e", "S": "2s", "W": "1w"},
        2: {"N": "1n", "E": "2e", "S": "1s", "W": "2w"},
    }


def test_two_tables_change_partners():
    new = next_seating(party(2), {1: "NS", 2: "NS"}, keep_partners=False, seed=3)
    # Table 1: 1n stays North, 1s moves to West; table 2's winners 2n and 2s take E and S.
    assert (new[1]["N"], new[1]["W"]) == ("1n", "1s")
    assert {new[1]["E"], new[1]["S"]} == {"2n", "2s"}
    # Table 2: its losers stay, 2e East and 2w moves to North; table 1's losers take S and W.
    assert (new[2]["E"], new[2]["N"]) == ("2e", "2w")
    assert {new[2]["S"], new[2]["W"]} == {"1e", "1w"}


@pytest.mark.parametrize(
    ("winner", "stay", "leave"),
    [("NS", {"1n", "1s"}, {"1e", "1w"}), ("EW", {"1e", "1w"}, {"1n", "1s"})],
)
def test_table_one_winners_stay_whichever_side_won(winner, stay, leave):
    winners = {1: winner, 2: "NS", 3: "EW"}
    for keep_partners in (True, False):
        positions = player_positions(next_seating(party(3), winners, keep_partners=keep_partners, seed=1))
        assert {p for p in stay | leave if positions[p][0] == 1} == stay
        assert {p for p in stay | leave if positions[p][0] == 3} == leave


# --- properties ----------------------------------------------------------------------------------


@st.composite
def parties(draw, max_tables=100):
    """A first-round seating of 1 to max_tables tables, mixed or not, with the round's winners."""
    tables = draw(st.integers(1, max_tables))
    seating = party(tables)
    kinds = None
    if draw(st.booleans()):
        # Mixed: every partnership is one lady and one gentleman, the lady in either seat.
        ladies_first = draw(st.lists(st.booleans(), min_size=2 * tables, max_size=2 * tables))
        kinds = {}
        for n, seats in seating.items():
            for i, (a, b) in enumerate((("N", "S"), ("E", "W"))):
                lady, gentleman = (a, b) if ladies_first[2 * (n - 1) + i] else (b, a)
                kinds[seats[lady]] = "lady"
                kinds[seats[gentleman]] = "gentleman"
    return seating, kinds


def winners_for(tables):
    return st.lists(st.sampled_from(["NS", "EW"]), min_size=tables, max_size=tables).map(
        lambda sides: dict(enumerate(sides, start=1))
    )


def check_movement(old, winners, new, *, keep_partners, kinds):
    """Every invariant of one round's movement, from the rules and the movement.py docstring."""
    tables = len(old)
    assert sorted(new) == list(range(1, tables + 1))
    assert all(list(seats) == list(SEATS) for seats in new.values())

    # Every player is seated exactly once, and nobody appears or vanishes.
    seated = Counter(player for seats in new.values() for player in seats.values())
    assert set(seated.values()) == {1}
    assert set(seated) == {player for seats in old.values() for player in seats.values()}

    before, after = player_positions(old), player_positions(new)
    old_partners, new_partners = partners(old), partners(new)
    for t in range(1, tables + 1):
        staying_side = winners[t] if t == 1 else OTHER[winners[t]]
        stayers, movers = pair(old[t], staying_side), pair(old[t], OTHER[staying_side])
        # Table 1's winners stay, its losers go to table T; elsewhere losers stay, winners move up.
        destination = tables if t == 1 else t - 1
        assert [after[p][0] for p in stayers] == [t, t]
        assert [after[p][0] for p in movers] == [destination, destination]

        # Each table receives exactly one pair (with one table nobody moves).
        arrivers = [p for p in new[t].values() if before[p][0] != t]
        if tables == 1:
            assert arrivers == []
        else:
            assert len(arrivers) == 2 and old_partners[arrivers[0]] == arrivers[1]

        if keep_partners:
            assert new_partners[stayers[0]] == stayers[1]
        else:
            # The two stayers now play against each other.
            assert after[stayers[1]][1] not in (after[stayers[0]][1], OPPOSITE[after[stayers[0]][1]])
        if kinds is None and keep_partners:
            # The pair that stays keeps its seats.
            assert [after[p] for p in stayers] == [before[p] for p in stayers]
        if kinds is None and not keep_partners:
            # The North (or East) stayer keeps the seat, the other moves one seat clockwise.
            first, second = stayers
            assert after[first] == before[first]
            assert after[second] == (t, CLOCKWISE[before[second][1]])

    if keep_partners:
        assert new_partners == old_partners
    else:
        assert all(new_partners[p] != old_partners[p] for p in new_partners)

    if kinds is not None:
        for seats in new.values():
            # Every partnership is one lady and one gentleman, in the pattern: ladies N and E.
            assert [kinds[seats[s]] for s in SEATS] == ["lady", "lady", "gentleman", "gentleman"]


@settings(max_examples=40, deadline=None)
@given(data=st.data(), keep_partners=st.booleans(), seed=st.integers(0, 2**32))
def test_one_round_keeps_every_invariant(data, keep_partners, seed):
    seating, kinds = data.draw(parties())
    winners = data.draw(winners_for(len(seating)))
    original = copy.deepcopy(seating)
    movement = plan_movement(seating, winners, keep_partners=keep_partners, kinds=kinds, seed=seed)
    assert seating == original  # the input is not modified
    check_movement(seating, winners, movement.seating, keep_partners=keep_partners, kinds=kinds)

    # The cuts are drawn only when partners change in a party that is not mixed, one per table,
    # and each pairs a stayer with an arriver who are now partners.
    if keep_partners or kinds is not None:
        assert movement.cuts == []
    else:
        assert [cut.table for cut in movement.cuts] == list(range(1, len(seating) + 1))
        new_partners = partners(movement.seating)
        for cut in movement.cuts:
            for stayer, arriver in cut.partners:
                assert new_partners[stayer] == arriver

    # The same seed gives the same seating.
    assert next_seating(seating, winners, keep_partners=keep_partners, kinds=kinds, seed=seed) == movement.seating


@settings(max_examples=25, deadline=None)
@given(data=st.data(), keep_partners=st.booleans(), seed=st.integers(0, 2**32))
def test_several_rounds_keep_every_invariant(data, keep_partners, seed):
    seating, kinds = data.draw(parties(max_tables=30))
    first_partners = partners(seating)
    rounds = data.draw(st.integers(2, 6))
    for number in range(rounds):
        winners = data.draw(winners_for(len(seating)))
        new = next_seating(seating, winners, keep_partners=keep_partners, kinds=kinds, seed=seed + number)
        check_movement(seating, winners, new, keep_partners=keep_partners, kinds=kinds)
        seating = new
    if keep_partners:
        assert partners(seating) == first_partners


# --- errors --------------------------------------------------------------------------------------


def without(seats, seat):
    return {s: p for s, p in seats.items() if s != seat}


@pytest.mark.parametrize(
    ("seating", "winners", "message"),
    [
        ({}, {}, "at least one table"),
        ([table(1)], {1: "NS"}, "at least one table"),
        ({1: table(1), 3: table(3)}, {1: "NS", 3: "NS"}, "numbered 1 to 2 with none missing"),
        ({2: table(2)}, {2: "NS"}, "numbered 1 to 1 with none missing"),
        ({1: table(1), 2: without(table(2), "W")}, {1: "NS", 2: "NS"}, "table 2 must have exactly the seats N, E, S"),
        ({1: {**table(1), "X": "1x"}}, {1: "NS"}, "table 1 must have exactly the seats N, E, S and W"),
        ({1: {**table(1), "S": ""}}, {1: "NS"}, "table 1 seat S has no player"),
        ({1: {**table(1), "E": None}}, {1: "NS"}, "table 1 seat E has no player"),
        ({1: table(1), 2: {**table(2), "S": "1e"}}, {1: "NS", 2: "NS"}, "1e is seated twice"),
        ({1: {**table(1), "W": "1n"}}, {1: "NS"}, "1n is seated twice"),
        (party(2), {1: "NS"}, "table 2 has no winner: give 'NS' or 'EW'"),
        (party(2), {1: "NS", 2: None}, "table 2 has no winner"),
        (party(2), {1: "N", 2: "EW"}, "table 1 has no winner: give 'NS' or 'EW'"),
        (party(2), {1: "ns", 2: "EW"}, "table 1 has no winner"),
        (party(2), {1: "NS", 2: "EW", 3: "NS"}, r"winners given for tables that do not exist: \[3\]"),
        (party(2), ["NS", "EW"], "winners must give 'NS' or 'EW' for every table"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(seating, winners, message):
    for keep_partners in (True, False):
        with pytest.raises(ValueError, match=message):
            next_seating(seating, winners, keep_partners=keep_partners, seed=1)


def test_a_mixed_partnership_of_two_ladies_is_refused():
    seating = party(2)
    kinds = ladies_and_gentlemen(seating)
    kinds["2s"] = "lady"  # 2n and 2s are both ladies
    for keep_partners in (True, False):
        with pytest.raises(ValueError, match=r"table 2: 2n and 2s \(NS\) are not a lady and a gentleman"):
            next_seating(seating, {1: "NS", 2: "EW"}, keep_partners=keep_partners, kinds=kinds)


def test_a_mixed_party_must_say_every_player_kind():
    seating = party(1)
    kinds = ladies_and_gentlemen(seating)
    del kinds["1w"]
    with pytest.raises(ValueError, match=r"1e and 1w \(EW\) are not a lady and a gentleman"):
        next_seating(seating, {1: "NS"}, keep_partners=False, kinds=kinds)
    with pytest.raises(ValueError, match="kinds must map each player"):
        next_seating(seating, {1: "NS"}, keep_partners=False, kinds=["lady"] * 4)  # type: ignore[arg-type]  # on purpose

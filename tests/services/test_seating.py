"""The first-round draw and the director's seat overrides."""

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import SeatOverride
from tournaments.services import seating as seating_services

pytestmark = pytest.mark.django_db


def seating_of(round_):
    return {(s.table, s.seat): s.guest.name for s in round_.seats.select_related("guest")}


def test_the_draw_is_reproducible_from_its_kept_seed(party_factory):
    party = party_factory(tables=3, seed=42)
    first = seating_of(party.rounds.get(number=1))
    party.refresh_from_db()
    assert party.draw_seed == 42
    seating_services.seats_draw(party=party, seed=party.draw_seed)
    assert seating_of(party.rounds.get(number=1)) == first
    seating_services.seats_draw(party=party, seed=43)
    assert seating_of(party.rounds.get(number=1)) != first


def test_a_mixed_draw_seats_ladies_north_and_east(party_factory):
    party = party_factory(tables=4, mixed=True)
    for seat in party.rounds.get(number=1).seats.select_related("guest"):
        assert seat.guest.kind == ("lady" if seat.seat in "NE" else "gentleman")


def test_fixed_seats_are_kept_and_the_draw_fills_the_rest(party_factory):
    party = party_factory(tables=2, draw=False)
    pins = seating_services.pins_parse("2 south Player 003\n1 N player 008", party=party)
    assert pins == [[2, "S", "Player 003"], [1, "N", "Player 008"]]
    seating = seating_of(seating_services.seats_draw(party=party, pins=pins, seed=1))
    assert seating[(2, "S")] == "Player 003" and seating[(1, "N")] == "Player 008"
    assert len(set(seating.values())) == 8


def test_bad_pins_are_named_line_by_line(party_factory):
    party = party_factory(tables=2, draw=False)
    with pytest.raises(ValidationError) as error:
        seating_services.pins_parse("9 N Player 001\n1 X Player 002\n1 N Nobody", party=party)
    assert error.value.messages == [
        "Line 1: there is no table 9 (the party has 2).",
        "Line 2: write the table, the seat and the name, like “3 N Mary Smith”.",
        "Line 3: Nobody is not a playing guest.",
    ]


def test_a_lady_pinned_to_a_gentleman_seat_is_refused(party_factory):
    party = party_factory(tables=1, mixed=True, draw=False)
    with pytest.raises(ValidationError, match="plays as a lady: at a mixed party they sit North or East"):
        seating_services.seats_draw(party=party, pins=[[1, "S", "Lady 001"]])
    assert not party.rounds.exists()


def test_the_draw_refuses_numbers_that_do_not_fit(party_factory, director):
    party = party_factory(tables=1, draw=False)
    party.guests.first().delete()
    with pytest.raises(ValidationError, match="1 more player needed"):
        seating_services.seats_draw(party=party)


def test_a_swap_is_recorded_and_keeps_everyone_seated_once(party_factory, director):
    party = party_factory(tables=2)
    round_ = party.rounds.get(number=1)
    before = seating_of(round_)
    seating_services.seat_swap(round_=round_, table=1, seat="N", other_table=2, other_seat="E", user=director)
    after = seating_of(round_)
    assert after[(1, "N")] == before[(2, "E")] and after[(2, "E")] == before[(1, "N")]
    assert len(set(after.values())) == 8
    assert SeatOverride.objects.filter(round=round_).count() == 2


def test_a_swap_that_breaks_a_mixed_partnership_is_refused(party_factory, director):
    party = party_factory(tables=2, mixed=True)
    round_ = party.rounds.get(number=1)
    before = seating_of(round_)
    with pytest.raises(ValidationError, match="every partnership is a lady and a gentleman"):
        seating_services.seat_swap(round_=round_, table=1, seat="N", other_table=1, other_seat="W", user=director)
    assert seating_of(round_) == before
    assert not SeatOverride.objects.exists()


def test_a_reserve_takes_a_seat_and_the_player_leaving_becomes_a_reserve(party_factory, director):
    from tournaments.services import party as party_services

    party = party_factory(tables=1)
    late = party_services.guests_add(party=party, entries=[("Late Comer", "")])[0]
    round_ = party.rounds.get(number=1)
    leaving = round_.seats.get(table=1, seat="E").guest
    seating_services.seat_replace(round_=round_, table=1, seat="E", guest=late, user=director)
    assert round_.seats.get(table=1, seat="E").guest == late
    leaving.refresh_from_db()
    assert leaving.reserve


def test_every_problem_with_the_fixed_seats_is_named_at_once(director):
    from tests.conftest import make_party

    party = make_party(tables=2, mixed=True, user=director, draw=False)
    pins = [
        [1, "N", "Lady 001"],
        [1, "N", "Lady 002"],
        [2, "E", "Lady 001"],
        [2, "S", "Lady 003"],
        [1, "E", "Gent 001"],
    ]
    with pytest.raises(ValidationError) as refused:
        seating_services.seats_draw(party=party, pins=pins, seed=1)
    assert refused.value.messages == [
        "Table 1 N is fixed twice.",
        "Lady 001 is fixed twice (table 1 N and table 2 E).",
        "Lady 003 plays as a lady: at a mixed party they sit North or East, not S at table 2.",
        "Gent 001 plays as a gentleman: at a mixed party they sit South or West, not E at table 1.",
    ]
    assert not party.rounds.exists()


# A seat a reserve took during the round (services/midround.py) changes hands no more but through the undo of
# that replacement: the standings share the seat's result by who sat in it (selectors/midround.py).


def _reserve_in_north(party_factory, director, tables: int = 2):
    from tournaments.services import midround as midround_services
    from tournaments.services import party as party_services

    party = party_factory(tables=tables, rounds=2)
    rita, zoe = party_services.guests_add(party=party, entries=[("Rita", ""), ("Zoe", "")])
    round_ = party.rounds.get(number=1)
    north = round_.seats.get(table=1, seat="N").guest
    midround_services.seat_replace_mid_round(round_=round_, table=1, seat="N", guest=rita, user=director)
    return round_, north, zoe


def _refusal(north) -> str:
    return (
        f"Rita took {north.name}'s seat during round 1 (table 1 N): that seat changes no more in this round. "
        f"To change it, first give it back with “Undo: {north.name} stays” on the round's seats page."
    )


@pytest.mark.parametrize("first", [True, False], ids=["the first seat", "the other seat"])
def test_a_swap_of_a_seat_a_reserve_took_mid_round_is_refused(party_factory, director, first):
    round_, north, _zoe = _reserve_in_north(party_factory, director)
    before = seating_of(round_)
    (table, seat), (other_table, other_seat) = ((1, "N"), (2, "E")) if first else ((2, "E"), (1, "N"))
    with pytest.raises(ValidationError) as refused:
        seating_services.seat_swap(
            round_=round_, table=table, seat=seat, other_table=other_table, other_seat=other_seat, user=director
        )
    assert refused.value.messages == [_refusal(north)]
    assert seating_of(round_) == before
    assert not SeatOverride.objects.exists()


def test_a_replacement_of_a_seat_a_reserve_took_mid_round_is_refused(party_factory, director):
    round_, north, zoe = _reserve_in_north(party_factory, director)
    before = seating_of(round_)
    for guest in (zoe, north):  # another reserve, or the player who was to go home
        with pytest.raises(ValidationError) as refused:
            seating_services.seat_replace(round_=round_, table=1, seat="N", guest=guest, user=director)
        assert refused.value.messages == [_refusal(north)]
    assert seating_of(round_) == before
    assert not SeatOverride.objects.exists()
    zoe.refresh_from_db()
    assert zoe.reserve


def test_the_other_seats_still_change_and_the_undo_frees_the_seat(party_factory, director):
    from tournaments.services import midround as midround_services

    round_, north, zoe = _reserve_in_north(party_factory, director)
    seating_services.seat_swap(round_=round_, table=1, seat="E", other_table=2, other_seat="N", user=director)
    seating_services.seat_replace(round_=round_, table=2, seat="W", guest=zoe, user=director)
    assert SeatOverride.objects.count() == 3

    midround_services.seat_replace_mid_round_undo(round_=round_, table=1, seat="N")
    seating_services.seat_swap(round_=round_, table=1, seat="N", other_table=2, other_seat="E", user=director)
    assert seating_of(round_)[(2, "E")] == north.name


def test_the_refusal_keeps_to_its_round(party_factory, director):
    """A replacement in round 1 leaves round 2's seat free to change."""
    from tournaments.models import MidRoundSeat, Round

    round_, _north, _zoe = _reserve_in_north(party_factory, director, tables=2)
    following = Round.objects.create(party=round_.party, number=2)
    for seat in round_.seats.all():
        following.seats.create(table=seat.table, seat=seat.seat, guest=seat.guest)
    seating_services.seat_swap(round_=following, table=1, seat="N", other_table=2, other_seat="E", user=director)
    assert MidRoundSeat.objects.get().round == round_


def test_the_refusal_speaks_french(party_factory, director):
    from django.utils import translation

    round_, north, _zoe = _reserve_in_north(party_factory, director)
    with translation.override("fr"), pytest.raises(ValidationError) as refused:
        seating_services.seat_swap(round_=round_, table=1, seat="N", other_table=2, other_seat="E", user=director)
    assert refused.value.messages == [
        f"Rita a pris la place de {north.name} pendant le tour 1 (table 1 N)\u202f: cette place ne change plus "
        f"dans ce tour. Pour la changer, rendez-la d’abord avec « Annuler\u202f: {north.name} reste » sur la page "
        "des places du tour."
    ]


def test_a_player_who_went_home_takes_no_seat_in_a_later_round(party_factory, director):
    """The page offers reserves only; a crafted POST naming a player who went home is refused, nothing moves."""
    from tournaments.models import Round

    round_, north, zoe = _reserve_in_north(party_factory, director)
    north.refresh_from_db()
    assert north.left_after == 1
    following = Round.objects.create(party=round_.party, number=2)
    for seat in round_.seats.select_related("guest"):
        following.seats.create(table=seat.table, seat=seat.seat, guest=zoe if seat.guest == north else seat.guest)
    before = seating_of(following)
    with pytest.raises(ValidationError) as refused:
        seating_services.seat_replace(round_=following, table=2, seat="W", guest=north, user=director)
    assert refused.value.messages == [
        f"{north.name} went home after round 1: only a guest still at the party takes a seat."
    ]
    assert seating_of(following) == before
    assert not SeatOverride.objects.exists()
    north.refresh_from_db()
    assert (north.left_after, north.reserve) == (1, False)

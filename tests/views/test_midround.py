"""A reserve takes a seat during a round from the round's seats page (issue 46, item 3); the table's
phone shows her name at its next poll."""

import pytest
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments.models import MidRoundSeat, Seat, TableToken
from tournaments.services import party as party_services
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db

DEALS = [("3NT", "N", 9), ("2H", "N", 7)]


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()


def said(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def phone(party):
    token = TableToken.objects.get(party=party, table=1, revoked_at__isnull=True)
    return Client().get(reverse("table_page", args=[token.token]) + "?part=1").content.decode()


def test_the_seats_page_seats_a_reserve_mid_round_and_the_phone_shows_her(client_in, party_factory, director):
    party = party_factory(tables=1, rounds=2)
    rita = party_services.guests_add(party=party, entries=[("Rita Late", "")])[0]
    round_ = party.rounds.get(number=1)
    result_services.result_record(round_=round_, table=1, deals=DEALS, complete=False, by_user=director)
    north = Seat.objects.get(round=round_, table=1, seat="N").guest
    page = client_in.get(reverse("round_movement", args=[party.pk, 1])).content.decode()
    assert "A player goes home during the round" in page
    assert "Rita Late" not in phone(party)

    url = reverse("seat_replace_mid_round", args=[party.pk, 1])
    response = client_in.post(url, {"guest": rita.pk, "table": "1", "seat": "N"})

    assert response.status_code == 302
    assert said(response) == [
        f"Rita Late plays from deal 3 in {north.name}'s seat; the deals before stay with {north.name}."
    ]
    assert Seat.objects.get(round=round_, table=1, seat="N").guest == rita
    assert "Rita Late" in phone(party)


def test_a_refusal_is_said_and_changes_nothing(client_in, party_factory):
    party = party_factory(tables=1, rounds=2)
    url = reverse("seat_replace_mid_round", args=[party.pk, 1])
    response = client_in.post(url, {"guest": "", "table": "1", "seat": "N"})
    assert said(response) == ["Choose the reserve who takes the seat."]
    assert not MidRoundSeat.objects.exists()


def test_the_standings_show_each_player_with_her_part(client_in, party_factory, director):
    party = party_factory(tables=1, rounds=2)
    rita = party_services.guests_add(party=party, entries=[("Rita Late", "")])[0]
    round_ = party.rounds.get(number=1)
    result_services.result_record(round_=round_, table=1, deals=DEALS, complete=False, by_user=director)
    north = Seat.objects.get(round=round_, table=1, seat="N").guest
    client_in.post(reverse("seat_replace_mid_round", args=[party.pk, 1]), {"guest": rita.pk, "table": "1", "seat": "N"})
    # 3NT made +400 and 2H one down -50 for North; then 4S by North made vulnerable +620, 1NT by East -90
    result_services.result_record(
        round_=round_, table=1, deals=[*DEALS, ("4S", "N", 10), ("1NT", "E", 7)], by_user=director
    )
    page = client_in.get(reverse("party_standings", args=[party.pk])).content.decode()
    # North kept deals 1-2 (400 - 50 = 350), Rita deals 3-4 (620 - 90 = 530): the totals and the round's cells
    for name, part in ((north.name, "+350"), ("Rita Late", "+530")):
        row = page[page.index(f'<bdi class="person">{name}</bdi></td>') :].split("</tr>")[0]
        assert f'<td class="num">{part}</td>' in row
        assert f'<span class="score">{part}</span>' in row


def test_the_undo_button_gives_the_seat_back_until_the_reserve_plays(client_in, party_factory, director):
    party = party_factory(tables=1, rounds=2)
    rita = party_services.guests_add(party=party, entries=[("Rita Late", "")])[0]
    round_ = party.rounds.get(number=1)
    result_services.result_record(round_=round_, table=1, deals=DEALS, complete=False, by_user=director)
    north = Seat.objects.get(round=round_, table=1, seat="N").guest
    client_in.post(reverse("seat_replace_mid_round", args=[party.pk, 1]), {"guest": rita.pk, "table": "1", "seat": "N"})
    page = client_in.get(reverse("round_movement", args=[party.pk, 1])).content.decode()
    assert 'id="undo-mid-round-1-N"' in page

    response = client_in.post(reverse("seat_replace_mid_round_undo", args=[party.pk, 1]), {"table": "1", "seat": "N"})

    assert said(response) == [f"{north.name} is back in her seat; Rita Late is a reserve again."]
    assert Seat.objects.get(round=round_, table=1, seat="N").guest == north
    assert not MidRoundSeat.objects.exists()
    page = client_in.get(reverse("round_movement", args=[party.pk, 1])).content.decode()
    assert "undo-mid-round" not in page


def test_the_undo_button_is_gone_once_the_reserve_has_played(client_in, party_factory, director):
    party = party_factory(tables=1, rounds=2)
    rita = party_services.guests_add(party=party, entries=[("Rita Late", "")])[0]
    round_ = party.rounds.get(number=1)
    result_services.result_record(round_=round_, table=1, deals=DEALS, complete=False, by_user=director)
    north = Seat.objects.get(round=round_, table=1, seat="N").guest
    client_in.post(reverse("seat_replace_mid_round", args=[party.pk, 1]), {"guest": rita.pk, "table": "1", "seat": "N"})
    result_services.result_record(
        round_=round_, table=1, deals=[*DEALS, ("4S", "N", 10)], complete=False, by_user=director
    )
    page = client_in.get(reverse("round_movement", args=[party.pk, 1])).content.decode()
    assert "undo-mid-round" not in page

    response = client_in.post(reverse("seat_replace_mid_round_undo", args=[party.pk, 1]), {"table": "1", "seat": "N"})

    refusal = f"Rita Late has played deal 3 in {north.name}'s seat: the change can no longer be undone."
    assert said(response) == [refusal]
    assert Seat.objects.get(round=round_, table=1, seat="N").guest == rita
    assert MidRoundSeat.objects.count() == 1


def test_a_seat_a_reserve_took_is_swapped_only_after_the_undo(client_in, party_factory):
    party = party_factory(tables=2, rounds=2)
    rita = party_services.guests_add(party=party, entries=[("Rita Late", "")])[0]
    round_ = party.rounds.get(number=1)
    north = Seat.objects.get(round=round_, table=1, seat="N").guest
    client_in.post(reverse("seat_replace_mid_round", args=[party.pk, 1]), {"guest": rita.pk, "table": "1", "seat": "N"})
    swap = {"table": "2", "seat": "E", "other_table": "1", "other_seat": "N"}

    response = client_in.post(reverse("seat_swap", args=[party.pk, 1]), swap)

    assert said(response)[-1:] == [
        f"Rita Late took {north.name}'s seat during round 1 (table 1 N): that seat changes no more in this round. "
        f"To change it, first give it back with “Undo: {north.name} stays” on the round's seats page."
    ]
    assert Seat.objects.get(round=round_, table=1, seat="N").guest == rita
    page = client_in.get(reverse("round_movement", args=[party.pk, 1])).content.decode()
    assert f"Undo: {north.name} stays" in page
    client_in.post(reverse("seat_replace_mid_round_undo", args=[party.pk, 1]), {"table": "1", "seat": "N"})
    response = client_in.post(reverse("seat_swap", args=[party.pk, 1]), swap)
    assert Seat.objects.get(round=round_, table=2, seat="E").guest == north

"""The round clock starts when the round starts: the director's "Start round N", or else the round's first
deal saved; never at the draw. Until then every clock (round page, big screen, phone) says "not started"."""

import datetime
import json

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tests.conftest import default_club, make_party
from tournaments.clock import round_clock
from tournaments.files.transfer import party_export, party_import
from tournaments.models import Round, TableToken
from tournaments.selectors import table as table_selectors
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services import seating as seating_services

pytestmark = pytest.mark.django_db

FOUR = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 8), ("PASS", "", 0)]


@pytest.fixture
def party(director):
    return make_party(tables=2, user=director)


def first_round(party) -> Round:
    return party.rounds.get(number=1)


def page_of(client, party, number=1, projector=False) -> str:
    url = reverse("round_detail", args=[party.id, number]) + ("?projector=1" if projector else "")
    return client.get(url).content.decode()


def test_the_draw_leaves_the_clock_not_started(party):
    round_ = first_round(party)
    assert round_.clock_started_at is None
    clock = round_clock(round_, 30, timezone.now() + datetime.timedelta(hours=2))
    assert (clock.started, clock.running, clock.shown, clock.deals_due, clock.ends_at) == (
        False,
        False,
        "30:00",
        0,
        None,
    )


def test_the_round_page_says_not_started_and_offers_to_start_the_round(client_in, party):
    page = page_of(client_in, party)
    assert "(not started)" in page and "Start round 1" in page and "30:00" in page
    assert 'data-paused="1"' in page  # the page's clock stands still
    assert "Pause the clock" not in page and "Start the clock again" not in page
    assert "(not started)" in page_of(client_in, party, projector=True)
    assert "Start round 1" not in page_of(client_in, party, projector=True)


def test_start_round_starts_the_clock_now(client_in, party):
    before = timezone.now()
    response = client_in.post(reverse("round_start", args=[party.id, 1]), follow=True)
    started = first_round(party).clock_started_at
    assert started is not None and before <= started <= timezone.now()
    page = response.content.decode()
    assert "Round 1 has started: the clock runs." in page
    assert "(not started)" not in page and "Pause the clock" in page and "Start round 1" not in page


def test_starting_a_round_twice_is_refused_and_keeps_the_first_start(client_in, party):
    round_ = first_round(party)
    round_.clock_started_at = timezone.now() - datetime.timedelta(minutes=5)
    round_.save()
    response = client_in.post(reverse("round_start", args=[party.id, 1]), follow=True)
    assert "Round 1 has already started: its clock is running." in response.content.decode()
    assert first_round(party).clock_started_at == round_.clock_started_at


def test_a_closed_round_cannot_be_started(party, director):
    round_ = first_round(party)
    for table in (1, 2):
        result_services.result_record(round_=round_, table=table, net=(100, -100), by_user=director)
    round_services.round_close(round_=round_)
    with pytest.raises(ValidationError, match="Round 1 is closed"):
        round_services.round_start(round_=round_)


@pytest.mark.parametrize("action", ["pause", "resume", "extend", "restart"])
def test_the_clock_buttons_refuse_a_round_not_started_and_change_nothing(client_in, party, action):
    response = client_in.post(reverse("round_clock", args=[party.id, 1]), {"clock": action}, follow=True)
    assert "Round 1 has not started: start it first, and its clock runs." in response.content.decode()
    round_ = first_round(party)
    assert (round_.clock_started_at, round_.clock_paused_at, round_.clock_extra_minutes) == (None, None, 0)


def test_no_table_is_behind_the_clock_before_the_round_starts(client_in, party, director):
    token = TableToken.objects.get(party=party, table=1, revoked_at=None)
    result_services.deal_record(round_=first_round(party), table=1, number=1, deal=FOUR[0], by_token=token)
    round_ = first_round(party)
    assert round_.clock_started_at is not None  # table 1's first deal started it: taken back, to see before
    Round.objects.filter(pk=round_.pk).update(clock_started_at=None)
    assert "behind the clock" not in page_of(client_in, party)
    # Started 16 minutes ago, two deals of four are due: table 1 has one in, table 2 none.
    Round.objects.filter(pk=round_.pk).update(clock_started_at=timezone.now() - datetime.timedelta(minutes=16))
    assert "behind the clock: 1, 2" in page_of(client_in, party)


def test_the_first_deal_from_a_phone_starts_the_clock_and_the_next_does_not_move_it(party):
    token = TableToken.objects.get(party=party, table=1, revoked_at=None)
    before = timezone.now()
    result_services.deal_record(round_=first_round(party), table=1, number=1, deal=FOUR[0], by_token=token)
    started = first_round(party).clock_started_at
    assert started is not None and before <= started <= timezone.now()
    other = TableToken.objects.get(party=party, table=2, revoked_at=None)
    result_services.deal_record(round_=first_round(party), table=1, number=2, deal=FOUR[1], by_token=token)
    result_services.deal_record(round_=first_round(party), table=2, number=1, deal=FOUR[0], by_token=other)
    assert first_round(party).clock_started_at == started


def test_the_directors_first_result_starts_the_clock_but_a_refused_one_does_not(party, director):
    with pytest.raises(ValidationError):
        result_services.result_record(round_=first_round(party), table=1, net=(105, -105), by_user=director)
    assert first_round(party).clock_started_at is None
    result_services.result_record(round_=first_round(party), table=1, net=(100, -100), by_user=director)
    assert first_round(party).clock_started_at is not None


def test_a_started_clock_is_not_moved_by_the_first_deal(party):
    round_ = first_round(party)
    start = timezone.now() - datetime.timedelta(minutes=3)
    Round.objects.filter(pk=round_.pk).update(clock_started_at=start)
    token = TableToken.objects.get(party=party, table=1, revoked_at=None)
    result_services.deal_record(round_=first_round(party), table=1, number=1, deal=FOUR[0], by_token=token)
    assert first_round(party).clock_started_at == start


def test_the_phone_says_not_started_and_its_poll_says_when_it_starts(client, party):
    token = TableToken.objects.get(party=party, table=1, revoked_at=None)
    page = client.get(reverse("table_page", args=[token.token])).content.decode()
    assert '<span class="clock-idle">(not started)</span>' in page and 'data-idle="1"' in page
    assert table_selectors.table_state(token)["started"] is False
    round_services.round_start(round_=first_round(party))
    assert table_selectors.table_state(token)["started"] is True
    page = client.get(reverse("table_page", args=[token.token])).content.decode()
    assert "(not started)" not in page and 'data-idle="1"' not in page


def test_a_round_not_started_survives_export_and_import(party, director):
    first = first_round(party)
    result_services.result_record(round_=first, table=1, net=(100, -100), by_user=director)
    result_services.result_record(round_=first, table=2, net=(100, -100), by_user=director)
    round_services.round_close(round_=first)  # round 2 seated, not started
    data = json.loads(json.dumps(party_export(party)))
    assert [r["clock_started_at"] is None for r in data["rounds"]] == [False, True]
    again = party_import(data, club=default_club())
    assert again.rounds.get(number=2).clock_started_at is None
    assert again.rounds.get(number=1).clock_started_at == first_round(party).clock_started_at
    assert party_export(again)["rounds"] == data["rounds"]


def test_once_round_one_has_started_the_seats_are_not_drawn_again(client_in, party):
    round_services.round_start(round_=first_round(party))
    seats = sorted(first_round(party).seats.values_list("table", "seat", "guest__name"))
    with pytest.raises(ValidationError, match="Round 1 has started: the seats can no longer be drawn again."):
        seating_services.seats_draw(party=party, seed=99)
    page = client_in.get(reverse("party_seats", args=[party.id])).content.decode()
    assert "Round 1 has started: the draw can no longer change." in page and 'id="id_pins"' not in page
    assert sorted(first_round(party).seats.values_list("table", "seat", "guest__name")) == seats

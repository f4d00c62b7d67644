"""The live pages' polls: an unchanged poll is answered 304 without drawing anything, and every write
that changes what the page shows changes its validator (selectors/live.py)."""

import datetime
import re
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.conftest import make_party
from tournaments.models import Guest, ResultChange, TableResult, TableToken
from tournaments.services import members as member_services
from tournaments.services import party as party_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services import seating as seating_services

pytestmark = pytest.mark.django_db

FOUR = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 8), ("PASS", "", 0)]


@pytest.fixture
def night(director):
    party = make_party(tables=2, user=director)
    return party, party.rounds.get(number=1)


def started(round_):
    """The round started (its clock running) a minute ago, as a director's Start round N leaves it."""
    if round_.clock_started_at is None:
        round_services.round_start(round_=round_)
        a_minute_ago = timezone.now() - datetime.timedelta(minutes=1)
        type(round_).objects.filter(pk=round_.pk).update(clock_started_at=a_minute_ago)
        round_.refresh_from_db()
    return round_


def on_started(action):
    """A clock button's write, on a round started before the page is read (the start is no part of it)."""

    def build(round_):
        round_ = started(round_)
        return lambda: action(round_=round_)

    return build


def token_of(party, table=1):
    return TableToken.objects.get(party=party, table=table, revoked_at=None)


def record(round_, number, deal=("4S", "N", 10), correcting=False):
    return result_services.deal_record(
        round_=round_, table=1, number=number, deal=deal, side="NS", by_token=token_of(round_.party),
        correcting=correcting,
    )  # fmt: skip


def accept(round_, number):
    token = token_of(round_.party)
    return result_services.deal_accept(round_=round_, table=1, number=number, side="EW", by_token=token)


def tiles_poll(client, party, number=1, tag=None, projector=False):
    url = reverse("round_detail", args=[party.id, number]) + ("?projector=1" if projector else "")
    headers = {"HX-Request": "true", **({"If-None-Match": tag} if tag else {})}
    return client.get(url, headers=headers)


def state_poll(client, party, tag=None):
    url = reverse("table_page", args=[token_of(party).token]) + "?state=1"
    return client.get(url, headers={"Accept": "application/json", **({"If-None-Match": tag} if tag else {})})


def part_poll(client, party, tag, token=None):
    """The phone's poll (static/phone/phone.js): its part, sent with the validator of what it shows."""
    url = reverse("table_page", args=[(token or token_of(party)).token]) + "?part=1"
    return client.get(url, headers={"Accept": "text/html", "If-None-Match": tag})


def drawn_live(response) -> str:
    found = re.search(r'data-live="([0-9a-f]+)"', response.content.decode())
    assert found, "the page carries no data-live"
    return '"' + found.group(1) + '"'


def tags(client, party):
    return tiles_poll(client, party)["ETag"], state_poll(client, party)["ETag"]


def test_an_unchanged_poll_is_answered_304_with_nothing_drawn(client_in, night):
    party, _ = night
    first = tiles_poll(client_in, party)
    assert first.status_code == 200 and first["ETag"] and b"tiles" in first.content
    again = tiles_poll(client_in, party, tag=first["ETag"])
    assert (again.status_code, again.content, again["ETag"]) == (304, b"", first["ETag"])
    # The big screen is another fragment: its own validator.
    assert tiles_poll(client_in, party, projector=True)["ETag"] != first["ETag"]
    state = state_poll(client_in, party)
    assert state.status_code == 200 and state.json()["round"] == 1
    assert state["ETag"] == f'"{state.json()["live"]}"'
    again = state_poll(client_in, party, tag=state["ETag"])
    assert (again.status_code, again.content) == (304, b"")


def test_the_phones_part_poll_is_304_when_current_and_the_part_when_not(client, night):
    party, round_ = night
    token = token_of(party)
    page = client.get(reverse("table_page", args=[token.token]))
    shown = drawn_live(page)
    with CaptureQueriesContext(connection) as queries:
        again = part_poll(client, party, shown, token)
    assert (again.status_code, again.content, again["ETag"], len(queries)) == (304, b"", shown, 1), [
        q["sql"][:90] for q in queries
    ]
    record(round_, 1)
    drawn = part_poll(client, party, shown)
    assert drawn.status_code == 200 and drawn_live(drawn) != shown
    assert 'id="deal-1"' in drawn.content.decode() and "<html" not in drawn.content.decode()  # the part only
    assert drawn_live(drawn) == state_poll(client, party)["ETag"]
    # A taken-back link: 404, never a 304.
    token.revoked_at = timezone.now()
    token.save()
    url = reverse("table_page", args=[token.token]) + "?part=1"
    assert client.get(url, headers={"If-None-Match": drawn_live(drawn)}).status_code == 404


def test_a_poll_with_an_old_validator_gets_the_fragment(client_in, night):
    party, round_ = night
    before = tiles_poll(client_in, party)["ETag"]
    record(round_, 1)
    after = tiles_poll(client_in, party, tag=before)
    assert after.status_code == 200 and after["ETag"] != before and b"tiles" in after.content


def test_a_full_page_load_is_never_answered_304(client_in, night):
    party, _ = night
    tag = tiles_poll(client_in, party)["ETag"]
    page = client_in.get(reverse("round_detail", args=[party.id, 1]), headers={"If-None-Match": tag})
    assert page.status_code == 200 and "ETag" not in page


def _writes(director):  # noqa: C901  (one small maker per write)
    """(what, the write): every write a round page or a phone shows."""

    def corrected(round_):
        record(round_, 1)
        return lambda: record(round_, 1, ("3N", "N", 9), correcting=True)

    def locked(round_):
        record(round_, 1)
        return lambda: result_services.result_lock(round_=round_, table=1, locked=True, by_user=director)

    def undone(round_):
        record(round_, 1)
        change = ResultChange.objects.filter(result__round=round_).latest("id")
        return lambda: result_services.result_undo(change=change, by_user=director)

    def closed(round_):
        for table in (1, 2):
            result_services.result_record(round_=round_, table=table, deals=FOUR, by_user=director)
        return lambda: round_services.round_close(round_=round_)

    def accepted(round_):
        record(round_, 1)
        return lambda: accept(round_, 1)

    def agreed(round_):
        for number, deal in enumerate(FOUR, start=1):
            record(round_, number, deal)
        return lambda: result_services.result_agree(
            round_=round_, table=1, side="NS", by_token=token_of(round_.party),
            expected_version=TableResult.objects.get(round=round_, table=1).version,
        )  # fmt: skip

    def renamed(round_):
        guest = Guest.objects.filter(seats__round=round_, seats__table=1).first()
        assert guest is not None  # table 1 is seated
        return lambda: party_services.guest_update(
            guest=guest, name="Renamed Guest", kind=guest.kind, plays_as=guest.plays_as, reserve=False
        )

    def swapped(round_):
        return lambda: seating_services.seat_swap(round_=round_, table=1, seat="N", other_table=2, other_seat="E")

    def member_linked(round_):
        guest = Guest.objects.filter(seats__round=round_, seats__table=1).first()
        assert guest is not None  # table 1 is seated
        return lambda: member_services.guest_make_member(guest=guest)

    def party_edited(round_):
        return lambda: party_services.party_update(party=round_.party, name="Autumn party")

    return {
        "a deal saved": lambda round_: lambda: record(round_, 1),
        "a deal accepted": accepted,
        "a deal corrected": corrected,
        "a table locked": locked,
        "a change undone": undone,
        "a whole round entered": lambda round_: (
            lambda: result_services.result_record(round_=round_, table=1, deals=FOUR, by_user=director)
        ),
        "a result agreed": agreed,
        "the round closed": closed,
        "the round started": lambda round_: lambda: round_services.round_start(round_=round_),
        # The clock's buttons act on a started round only: the round is started before the page is read.
        "the clock paused": on_started(round_services.clock_pause),
        "the clock extended": on_started(round_services.clock_extend),
        "the clock started again": on_started(round_services.clock_restart),
        "a guest renamed": renamed,
        "two seats swapped": swapped,
        "a guest linked to a member": member_linked,
        "the party renamed": party_edited,
    }


@pytest.mark.parametrize("what", list(_writes(None)))
def test_every_write_changes_both_validators(client_in, director, night, what):
    party, round_ = night
    write = _writes(director)[what](round_)
    round_.refresh_from_db()
    before = tags(client_in, party)
    write()
    after = tags(client_in, party)
    assert after[0] != before[0], f"the round page's validator missed {what}"
    assert after[1] != before[1], f"the phone's validator missed {what}"
    # And a poll with the old validator is drawn again.
    assert tiles_poll(client_in, party, tag=before[0]).status_code == 200
    # The phone's poll of its part brings the part as it now is, at once; with the new validator, nothing.
    drawn = part_poll(client_in, party, before[1])
    assert drawn.status_code == 200 and drawn_live(drawn) == after[1], f"the phone's part missed {what}"
    assert part_poll(client_in, party, after[1]).status_code == 304


def test_the_clock_running_on_changes_the_validator_when_a_deal_falls_due(client_in, night):
    """Nothing written, but a table falls behind the clock: the page must show it."""
    party, round_ = night
    started(round_)
    now = timezone.now()
    with mock.patch("tournaments.selectors.live.timezone.now", return_value=now):
        first = tiles_poll(client_in, party)["ETag"]
    with mock.patch("tournaments.selectors.live.timezone.now", return_value=now + datetime.timedelta(seconds=5)):
        assert tiles_poll(client_in, party, tag=first).status_code == 304
    later = now + datetime.timedelta(minutes=party.round_minutes // 4 + 1)
    with mock.patch("tournaments.selectors.live.timezone.now", return_value=later):
        assert tiles_poll(client_in, party, tag=first).status_code == 200


def test_the_state_a_save_answers_with_is_the_state_a_poll_reads(client, night):
    """The phone compares its page's validator with its polls': one made from a save's own values
    and one read must agree, or every phone would redraw after every save."""
    party, round_ = night
    url = reverse("table_page", args=[token_of(party).token])
    answer = client.post(
        url,
        {"action": "deal", "round": 1, "number": 1, "client_id": "a" * 32, "side": "NS",
         "deal-level": "4", "deal-strain": "S", "deal-declarer": "N", "deal-tricks": "10", "save": "1"},
        headers={"Accept": "application/json"},
    )  # fmt: skip
    assert answer.json()["ok"] is True
    polled = state_poll(client, party).json()
    assert answer.json()["state"] == polled
    page = client.get(url).content.decode()
    assert f'data-live="{polled["live"]}"' in page


def test_another_clubs_director_gets_no_validator(client, night, django_user_model):
    from tournaments.models import Club, Membership

    party, _ = night
    other = django_user_model.objects.create_user("bob", password="x")
    Membership.objects.create(club=Club.objects.create(name="Bob's club"), user=other, role="owner")
    client.force_login(other)
    answer = tiles_poll(client, party, tag='"anything"')
    assert answer.status_code == 404 and "ETag" not in answer


def test_a_director_removed_from_the_club_loses_the_poll_at_once(client_in, director, night):
    """The club's words are kept in the session for the polls; the events never are."""
    from tournaments.models import Membership

    party, _ = night
    tag = tiles_poll(client_in, party)["ETag"]
    assert tiles_poll(client_in, party, tag=tag).status_code == 304
    Membership.objects.filter(user=director).delete()
    answer = tiles_poll(client_in, party, tag=tag)
    assert answer.status_code == 404 and "ETag" not in answer


def test_a_poll_speaks_the_club_language_the_last_whole_page_read(client_in, director, night):
    from tournaments.models import Club

    party, _ = night
    Club.objects.filter(memberships__user=director).update(language="fr")
    assert client_in.get(reverse("home"))["Content-Language"] == "fr"  # the whole page reads it, keeps it
    poll = tiles_poll(client_in, party)
    assert poll["Content-Language"] == "fr" and b"donnes saisies" in poll.content


def standings_poll(client, party, tag=None):
    url = reverse("party_standings", args=[party.id]) + "?projector=1"
    return client.get(url, headers={"HX-Request": "true", **({"If-None-Match": tag} if tag else {})})


@pytest.mark.parametrize("what", [w for w in _writes(None) if not w.startswith(("the clock", "the round started"))])
def test_every_write_the_standings_show_changes_their_validator(client_in, director, night, what):
    """The standings on the big screen (polled every 10 s): the whole party's validator. The clock is
    not on them, so a clock's change leaves them be."""
    party, round_ = night
    write = _writes(director)[what](round_)
    before = standings_poll(client_in, party)["ETag"]
    assert standings_poll(client_in, party, tag=before).status_code == 304
    write()
    assert standings_poll(client_in, party, tag=before).status_code == 200, f"the standings missed {what}"


def test_a_round_of_another_party_leaves_the_standings_be(client_in, director, night):
    party, _ = night
    other = make_party(tables=2, user=director, name="Another party")
    before = standings_poll(client_in, party)["ETag"]
    record(other.rounds.get(number=1), 1)
    assert standings_poll(client_in, party, tag=before).status_code == 304

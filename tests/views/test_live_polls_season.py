"""The season's standings and the entries board: an unchanged poll is answered 304 without drawing anything,
and every write the page shows changes its validator (selectors/live_season.py)."""

import datetime
from unittest import mock

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.conftest import make_party
from tests.knockout.helpers import get_round, make_knockout, matches
from tests.views.live_helpers import assert_changed_and_drawn, outsider
from tournaments.models import Club, Entry, Guest, Member, Membership
from tournaments.services import entries as entry_services
from tournaments.services import knockout as knockout_services
from tournaments.services import members as member_services
from tournaments.services import party as party_services
from tournaments.services import results as result_services
from tournaments.services import seasons as season_services

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
FOUR = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 8), ("PASS", "", 0)]


def club_of(user) -> Club:
    return Membership.objects.get(user=user).club


def poll(client, url, tag=None):
    return client.get(url, headers={**HTMX, **({"If-None-Match": tag} if tag else {})})


# --- the season ----------------------------------------------------------------------------------------------


def played(party, tables=(1, 2), director=None):
    round_ = party.rounds.get(number=1)
    for table in tables:
        result_services.result_record(round_=round_, table=table, deals=FOUR, by_user=director)
    return party


@pytest.fixture
def season(director):
    return make_season(director)


def make_season(director):
    """A season of a party night (one table's result in) and a knockout."""
    club = club_of(director)
    party = played(make_party(tables=2, user=director), (1,), director)
    knockout = make_knockout(pairs=4, user=director)
    series = season_services.series_save(club=club, name="Winter season", parties=[party], knockouts=[knockout])
    return series, party, knockout


def season_url(series, projector=False):
    return reverse("series_detail", args=[series.id]) + ("?projector=1" if projector else "")


def test_an_unchanged_season_poll_is_304_and_a_whole_page_never(client_in, season):
    series, party, _ = season
    url = season_url(series)
    first = poll(client_in, url)
    assert first.status_code == 200 and first["ETag"] and "standings" in first.content.decode()
    again = poll(client_in, url, tag=first["ETag"])
    assert (again.status_code, again.content, again["ETag"]) == (304, b"", first["ETag"])
    big = poll(client_in, season_url(series, projector=True), tag=first["ETag"])
    assert big.status_code == 200 and big["ETag"] != first["ETag"]  # the big screen draws its own fragment
    assert poll(client_in, season_url(series, projector=True), tag=big["ETag"]).status_code == 304
    page = client_in.get(url, headers={"If-None-Match": first["ETag"]})
    assert page.status_code == 200 and "ETag" not in page and "<html" in page.content.decode()


def _season_writes(director):  # noqa: C901  (one small maker per write)
    """(what, a maker): the maker lays the write's ground and returns the write, which returns a text the
    redrawn standings show (or None)."""

    def guest(party):
        return Guest.objects.filter(party=party, seats__round__number=1, seats__table=1).first()

    def renamed(series, party, knockout):
        g = guest(party)
        return lambda: (
            party_services.guest_update(guest=g, name="Zelda Renamed", kind=g.kind, plays_as=g.plays_as, reserve=False)
            and "Zelda Renamed"
        )

    def member_linked(series, party, knockout):
        g = guest(party)
        member = Member.objects.create(club=series.club, name="Zoe Member")
        return lambda: (
            party_services.guest_update(guest=g, name="Zoe Member", kind=g.kind, plays_as=g.plays_as, reserve=False)
            and member_services.guest_pick_member(guest=Guest.objects.get(pk=g.pk), member_id=member.pk)
            and "Zoe"
        )

    def member_renamed(series, party, knockout):
        member = member_services.guest_make_member(guest=guest(party))
        return lambda: member_services.member_update(member=member, name="Yvonne Member") and "Yvonne Member"

    def initials_only(series, party, knockout):
        member = member_services.guest_make_member(guest=guest(party))
        return lambda: member_services.member_update(member=member, initials_only=True) and None

    def night_added(series, party, knockout):
        other = played(make_party(tables=2, user=director, name="Second night"), (1,), director)
        return lambda: (
            season_services.series_save(
                club=series.club, name=series.name, parties=[party, other], knockouts=[knockout], series=series
            )
            and "Second night"
        )

    def night_removed(series, party, knockout):
        return lambda: (
            season_services.series_save(
                club=series.club, name=series.name, parties=[party], knockouts=[], series=series
            )
            and None
        )

    def knockout_total(series, party, knockout):
        match = matches(get_round(knockout))[0]
        return lambda: knockout_services.match_totals_record(match=match, ns=700, ew=300) and None

    def pair_member(series, party, knockout):
        pair = knockout.pairs.order_by("id").first()
        return lambda: member_services.pair_make_member(pair=pair, which="a") and None

    def edited(**fields):
        def maker(series, party, knockout):
            return lambda: season_services.series_save(
                club=series.club, **({"name": series.name} | fields), parties=[party], knockouts=[knockout],
                series=series,
            ) and None  # fmt: skip

        return maker

    return {
        "a result entered": lambda s, p, k: lambda: played(p, (2,), director) and None,
        "a guest renamed": renamed,
        "a guest linked to a member": member_linked,
        "a member renamed": member_renamed,
        "a member's initials-only choice": initials_only,
        "a night added to the season": night_added,
        "a knockout taken out of the season": night_removed,
        "a knockout's totals entered": knockout_total,
        "a knockout player made a member": pair_member,
        "the party renamed": lambda s, p, k: (
            lambda: party_services.party_update(party=p, name="Renamed night") and "Renamed night"
        ),
        "the season renamed": edited(name="Spring season"),
        "the season's best of": edited(best_of=1),
        "the season's scoring": edited(scoring="places"),
    }


@pytest.mark.parametrize("what", list(_season_writes(None)))
def test_every_season_write_changes_the_validator(client_in, director, season, what):
    series, party, knockout = season
    write = _season_writes(director)[what](series, party, knockout)
    url = season_url(series)
    before = poll(client_in, url)["ETag"]
    text = write()
    assert_changed_and_drawn(poll, client_in, url, before, what, text if isinstance(text, str) else None)


def test_another_club_s_season_poll_is_404(client_in, season):
    series, _, _ = season
    tag = poll(client_in, season_url(series))["ETag"]
    assert poll(outsider(), season_url(series), tag=tag).status_code == 404
    logged_out = poll(Client(), season_url(series), tag=tag)  # htmx is told to reload: the login page
    assert (logged_out.status_code, logged_out["HX-Refresh"]) == (200, "true")


@pytest.mark.parametrize("nights", [1, 6])
def test_an_unchanged_season_poll_is_the_session_the_user_and_the_validator(client, director, nights):
    club = club_of(director)
    parties = [played(make_party(tables=2, user=director, name=f"Night {n}"), (1,), director) for n in range(nights)]
    knockouts = [make_knockout(pairs=4, user=director, name=f"Knockout {n}") for n in range(nights)]
    series = season_services.series_save(club=club, name="Season", parties=parties, knockouts=knockouts)
    client.force_login(director)
    tag = poll(client, season_url(series))["ETag"]
    with CaptureQueriesContext(connection) as queries:
        response = poll(client, season_url(series), tag=tag)
    assert (response.status_code, len(queries)) == (304, 3), [q["sql"][:80] for q in queries]


def test_a_member_s_every_save_counts(director):
    member = Member.objects.create(club=club_of(director), name="Ann")
    assert member.changes == 0
    member.save()
    member.save(update_fields=["name"])
    member.refresh_from_db()
    assert member.changes == 2


# --- the entries ---------------------------------------------------------------------------------------------


@pytest.fixture
def opened(director):
    party = make_party(tables=1, user=director, draw=False, name="Winter party")
    party.guests.all().delete()
    entry_list = entry_services.entry_list_save(event=party, open=True)
    for number in range(5):  # four places at one table: the fifth waits
        entry_services.entry_add(entry_list=entry_list, name=f"Player {number}", email=f"p{number}@example.org")
    return entry_list


def entries_url(entry_list):
    return reverse("party_entries", args=[entry_list.party_id])


def test_an_unchanged_entries_poll_is_304_and_a_whole_page_never(client_in, opened):
    url = entries_url(opened)
    first = poll(client_in, url)
    assert first.status_code == 200 and first["ETag"] and "entries-board" in first.content.decode()
    again = poll(client_in, url, tag=first["ETag"])
    assert (again.status_code, again.content, again["ETag"]) == (304, b"", first["ETag"])
    page = client_in.get(url, headers={"If-None-Match": first["ETag"]})
    assert page.status_code == 200 and "ETag" not in page and "<html" in page.content.decode()


def _entries_writes():
    def one(entry_list, state):
        return Entry.objects.filter(entry_list=entry_list, state=state).order_by("id").first()

    def reopened(entry_list):
        entry_services.entry_list_save(event=entry_list.party, open=False)
        return lambda: entry_services.entry_list_save(event=entry_list.party, open=True) and "Entries are open."

    return {
        "an entry made": lambda el: (
            lambda: entry_services.entry_add(entry_list=el, name="Newcomer", email="new@example.org") and "Newcomer"
        ),
        "an entry cancelled": lambda el: (
            lambda: entry_services.entry_cancel(entry=one(el, Entry.State.CONFIRMED), by_hostess=True) and "Cancelled"
        ),
        "an entry moved up": lambda el: (
            lambda: entry_services.entry_move_up(entry=one(el, Entry.State.WAITING)) and None
        ),
        "the entries closed": lambda el: (
            lambda: entry_services.entry_list_save(event=el.party, open=False) and "Entries are closed."
        ),
        "the entries reopened": reopened,
        "the entries put on the guest list": lambda el: (
            lambda: entry_services.guests_from_entries(entry_list=el) and "on the guest list"
        ),
        "more tables": lambda el: lambda: entry_services.entry_list_save(event=el.party, open=True, tables=2) and None,
    }


@pytest.mark.parametrize("what", list(_entries_writes()))
def test_every_entries_write_changes_the_validator(client_in, opened, what):
    write = _entries_writes()[what](opened)
    url = entries_url(opened)
    before = poll(client_in, url)["ETag"]
    text = write()
    assert_changed_and_drawn(poll, client_in, url, before, what, text if isinstance(text, str) else None)


def test_the_closing_time_passing_changes_the_validator(client_in, opened):
    closes = timezone.now() + datetime.timedelta(hours=1)
    entry_services.entry_list_save(event=opened.party, open=True, closes_at=closes)
    url = entries_url(opened)
    before = poll(client_in, url)
    assert "Entries are open." in before.content.decode()
    with mock.patch("django.utils.timezone.now", return_value=closes + datetime.timedelta(seconds=1)):
        after = poll(client_in, url, tag=before["ETag"])
    assert after.status_code == 200 and "Entries are closed." in after.content.decode()


def test_another_club_s_entries_poll_is_404(client_in, opened):
    tag = poll(client_in, entries_url(opened))["ETag"]
    assert poll(outsider(), entries_url(opened), tag=tag).status_code == 404


@pytest.mark.parametrize("entries", [5, 60])
def test_an_unchanged_entries_poll_is_the_session_the_user_and_the_validator(client, director, entries):
    party = make_party(tables=1, user=director, draw=False, name="Big party")
    entry_list = entry_services.entry_list_save(event=party, open=True, tables=10)
    for number in range(entries):
        entry_services.entry_add(entry_list=entry_list, name=f"P{number}", email=f"p{number}@example.org")
    client.force_login(director)
    tag = poll(client, entries_url(entry_list))["ETag"]
    with CaptureQueriesContext(connection) as queries:
        response = poll(client, entries_url(entry_list), tag=tag)
    assert (response.status_code, len(queries)) == (304, 3), [q["sql"][:80] for q in queries]

"""A card evening's pages: the director's list and form, the entries from the public link (the same pages
and guards as a party's), the hostess's live list, the tables made in one step and linked from its page."""

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.http import entry_limit
from tournaments.models import BostonTable, CardEvening, Entry, TowieTable
from tournaments.services import entries, evening

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 12, 4)


@pytest.fixture
def night(director):
    club = director.memberships.get().club
    made = evening.evening_save(club=club, name="Towie night", date=DAY, game="towie", tables=1)
    entries.entry_list_save(event=made, open=True)
    return made


def send(client, night, **data):
    token = night.entry_list.token
    return client.post(reverse("entry_page", args=[token]), {"name": "Ann Smith", "email": "ann@example.org"} | data)


def test_a_director_makes_a_boston_evening_and_is_asked_for_the_pool(client_in):
    form = {"name": "Boston night", "date": "2026-12-04", "game": "boston", "tables": "3", "variant": "english"}
    page = client_in.post(reverse("evening_create"), form).content.decode()
    assert "The tables&#x27; settings are incomplete: The book gives no figure for the limit of Boston" in page
    assert not CardEvening.objects.exists()
    made = client_in.post(reverse("evening_create"), form | {"pool_feed": "10", "pool_limit": "100"})
    night = CardEvening.objects.get()
    assert made["Location"] == reverse("evening_entries", args=[night.pk])
    assert (night.game, night.tables, night.pool_feed, night.pool_limit) == ("boston", 3, 10, 100)
    listed = client_in.get(reverse("evening_list")).content.decode()
    assert "Boston night" in listed and reverse("evening_detail", args=[night.pk]) in listed
    for tables in ("towie_list", "boston_list"):  # beside the tables (the header has no room at 1280 px)
        assert reverse("evening_list") in client_in.get(reverse(tables)).content.decode()


def test_entrants_enter_from_the_link_a_fifth_waits_and_a_cancel_moves_her_up(night):
    form = Client().get(reverse("entry_page", args=[night.entry_list.token]))
    shown = form.content.decode()
    assert form.status_code == 200 and form["X-Robots-Tag"] == "noindex, nofollow" and "Towie night" in shown
    assert "Your name" in shown and "Your partner" not in shown and "You play as" not in shown  # one player
    for i in range(1, 6):
        answer = send(Client(REMOTE_ADDR=f"192.0.2.{i}"), night, name=f"Player {i}", email=f"p{i}@example.org")
        assert answer.status_code == 302
    fifth = Entry.objects.get(name="Player 5")
    page = Client().get(reverse("entry_status", args=[fifth.cancel_token])).content.decode()
    assert "you are on the waiting list at place 1." in page and "Towie night" in page
    first = Entry.objects.get(name="Player 1")
    Client().post(reverse("entry_status", args=[first.cancel_token]))
    fifth.refresh_from_db()
    assert fifth.state == "confirmed"


def test_bad_input_and_abuse_are_refused_plainly_and_nothing_is_written(night, monkeypatch):
    assert "Give your name." in send(Client(), night, name="").content.decode()
    assert "Your entry could not be taken." in send(Client(), night, website="http://spam.example").content.decode()
    assert not Entry.objects.exists()
    send(Client(), night)
    again = send(Client(), night, name="ann smith", email="other@example.org").content.decode()
    assert "ann smith is already on the list." in again
    monkeypatch.setattr(entry_limit, "LIMIT", 3)  # the three posts above counted
    flood = send(Client(), night, name="Bea Jones", email="bea@example.org")
    assert flood.status_code == 429 and Entry.objects.count() == 1
    entries.entry_list_save(event=night, open=False)
    closed = send(Client(REMOTE_ADDR="192.0.2.9"), night, name="Cy Brown", email="cy@example.org")
    assert "Entries are closed." in closed.content.decode() and Entry.objects.count() == 1


def test_the_hostess_gives_a_place_removes_an_entry_and_makes_the_tables(client_in, night):
    for i in range(1, 7):
        entries.entry_add(entry_list=night.entry_list, name=f"Player {i}", email=f"p{i}@example.org")
    board = client_in.get(reverse("evening_entries", args=[night.pk])).content.decode()
    assert "4 of 4 players" in board and "2 waiting" in board
    assert "Make the tables from the 4 confirmed entrants" in board
    sixth = Entry.objects.get(name="Player 6")
    client_in.post(reverse("evening_entry_move_up", args=[night.pk, sixth.pk]))
    second = Entry.objects.get(name="Player 2")
    client_in.post(reverse("evening_entry_remove", args=[night.pk, second.pk]))
    states = dict(Entry.objects.values_list("name", "state"))
    # Player 6 took a place past the table, so Player 2's freed place leaves Player 5 waiting (4 of 4).
    assert states == {
        "Player 1": "confirmed", "Player 2": "cancelled", "Player 3": "confirmed", "Player 4": "confirmed",
        "Player 5": "waiting", "Player 6": "confirmed",
    }  # fmt: skip
    fifth = Entry.objects.get(name="Player 5")
    client_in.post(reverse("evening_entry_move_up", args=[night.pk, fifth.pk]))
    made = client_in.post(reverse("evening_tables_make", args=[night.pk]), follow=True).content.decode()
    assert "1 table made." in made
    table = TowieTable.objects.get(evening=night)
    assert [p.name for p in table.players.order_by("order")] == [f"Player {i}" for i in (1, 3, 4, 5, 6)]
    assert reverse("towie_sheet", args=[table.pk]) in made and "Towie night, table 1" in made
    again = client_in.post(reverse("evening_tables_make", args=[night.pk]), follow=True).content.decode()
    assert "The tables are made already: see them below." in again.replace("&#x27;", "'")
    assert TowieTable.objects.count() == 1


def test_a_boston_evening_names_who_is_left_over(client_in, director):
    club = director.memberships.get().club
    night = evening.evening_save(
        club=club, name="Boston night", date=DAY, game="boston", tables=1, variant="french",
    )  # fmt: skip
    entry_list = entries.entry_list_save(event=night, open=True)
    for i in range(1, 6):
        entries.entry_add(entry_list=entry_list, name=f"Player {i}", email=f"p{i}@example.org")
    entries.entry_move_up(entry=Entry.objects.get(name="Player 5"))
    page = client_in.post(reverse("evening_tables_make", args=[night.pk]), follow=True).content.decode()
    assert "Left over, no table for them: Player 5." in page
    table = BostonTable.objects.get(evening=night)
    assert reverse("boston_table", args=[table.pk]) in page and table.variant == "french"


def test_the_evening_list_reads_as_many_queries_for_two_evenings_as_for_nine(client_in, director):
    club = director.memberships.get().club

    def queries(count: int) -> int:
        CardEvening.objects.all().delete()
        for i in range(count):
            made = evening.evening_save(club=club, name=f"Night {i}", date=DAY, game="towie", tables=2)
            entries.entry_add(entry_list=entries.entry_list_save(event=made, open=True), name="A", email="a@b.org")
        with CaptureQueriesContext(connection) as captured:
            assert client_in.get(reverse("evening_list")).status_code == 200
        return len(captured)

    assert queries(2) == queries(9)


def test_the_entries_and_the_evening_pages_read_as_many_queries_for_eight_entrants_as_for_thirty_six(
    client_in, director
):
    club = director.memberships.get().club

    def queries(entrants: int) -> tuple[int, int]:
        night = evening.evening_save(club=club, name=f"Night {entrants}", date=DAY, game="towie", tables=10)
        entry_list = entries.entry_list_save(event=night, open=True)
        for i in range(entrants):
            entries.entry_add(entry_list=entry_list, name=f"P{i}", email=f"p{i}@example.org")
        for entry in Entry.objects.filter(entry_list=entry_list)[:3]:
            entries.entry_cancel(entry=entry)
        evening.evening_tables_make(evening=night)
        counts = []
        for name in ("evening_entries", "evening_detail"):
            with CaptureQueriesContext(connection) as captured:
                assert client_in.get(reverse(name, args=[night.pk])).status_code == 200
            counts.append(len(captured))
        return counts[0], counts[1]

    # Entries: session, user, clubs (the header), the evening, its entry list, the entries with their members.
    # The evening's page: session, user, clubs, the evening, its entry list, its confirmed count, its tables
    # and their players.
    assert queries(8) == queries(36) == (6, 8)

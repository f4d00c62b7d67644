"""A card evening's writes: its settings, the entries it takes, and its tables made once from the entries."""

import datetime

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import BostonTable, CardEvening, Club, Entry, TowieTable
from tournaments.services import entries, evening

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 12, 4)


@pytest.fixture
def club(db):
    return Club.objects.create(name="Ashdown")


def towie_evening(club, tables=3):
    return evening.evening_save(club=club, name="Towie night", date=DAY, game="towie", tables=tables)


def boston_evening(club, tables=3):
    return evening.evening_save(
        club=club, name="Boston night", date=DAY, game="boston", tables=tables, variant="english",
        pool_feed=10, pool_limit=100,
    )  # fmt: skip


def enter(entry_list, count, start=1):
    return [
        entries.entry_add(entry_list=entry_list, name=f"Player {i}", email=f"p{i}@example.org")
        for i in range(start, start + count)
    ]


def test_boston_without_its_pool_limit_is_refused_and_nothing_is_saved(club):
    with pytest.raises(ValidationError) as error:
        evening.evening_save(club=club, name="Boston night", date=DAY, game="boston", tables=2, variant="english")
    assert "limit of Boston's pool" in " ".join(error.value.messages)
    with pytest.raises(ValidationError) as error:
        evening.evening_save(club=club, name="Boston night", date=DAY, game="boston", tables=2)
    assert error.value.messages == ["Choose the rules the Boston tables play."]
    with pytest.raises(ValidationError) as error:
        evening.evening_save(club=club, name="  ", date=DAY, game="towie", tables=2)
    assert error.value.messages == ["Give the evening a name."]
    assert not CardEvening.objects.exists()


def test_three_tables_take_twelve_and_the_next_twelve_wait_then_the_list_is_full(club):
    night = boston_evening(club)
    entry_list = entries.entry_list_save(event=night, open=True)
    assert entry_list.tables == 3  # the evening's own
    made = enter(entry_list, 14)
    assert [e.state for e in made].count("confirmed") == 12
    assert (made[12].state, made[13].state) == ("waiting", "waiting")  # the 13th and the 14th wait
    enter(entry_list, 10, start=15)  # 12 waiting now: as many again as the places
    with pytest.raises(ValidationError) as error:
        enter(entry_list, 1, start=25)
    assert error.value.messages == ["The list is full, and so is its waiting list."]
    assert Entry.objects.count() == 24


def test_a_cancel_moves_the_first_waiting_up(club):
    entry_list = entries.entry_list_save(event=towie_evening(club, tables=1), open=True)
    first, *_rest, fifth, sixth = enter(entry_list, 6)
    entries.entry_cancel(entry=first)
    fifth.refresh_from_db()
    sixth.refresh_from_db()
    assert (fifth.state, sixth.state) == ("confirmed", "waiting")


def test_eleven_at_a_towie_evening_make_tables_of_four_four_and_three(club):
    night = towie_evening(club)
    entry_list = entries.entry_list_save(event=night, open=True)
    enter(entry_list, 11)
    assert evening.evening_tables_make(evening=night) == (3, [])
    tables = list(TowieTable.objects.filter(evening=night).order_by("pk"))
    players = [[p.name for p in t.players.order_by("order")] for t in tables]
    assert players == [
        ["Player 1", "Player 2", "Player 3", "Player 4"],
        ["Player 5", "Player 6", "Player 7", "Player 8"],
        ["Player 9", "Player 10", "Player 11"],
    ]
    assert [t.name for t in tables] == ["Towie night, table 1", "Towie night, table 2", "Towie night, table 3"]
    assert {t.club_id for t in tables} == {club.pk} and {t.date for t in tables} == {DAY}
    entry_list.refresh_from_db()
    assert entry_list.open is False  # the entries close with the tables made


def test_thirteen_at_a_boston_evening_seat_twelve_and_name_the_thirteenth(club):
    night = boston_evening(club)
    entry_list = entries.entry_list_save(event=night, open=True)
    waiting = enter(entry_list, 13)[-1]
    entries.entry_move_up(entry=waiting)  # the hostess gives the 13th a place past the tables
    assert evening.evening_tables_make(evening=night) == (3, ["Player 13"])
    tables = list(BostonTable.objects.filter(evening=night).order_by("pk"))
    assert [t.players for t in tables] == [[f"Player {i}" for i in range(n, n + 4)] for n in (1, 5, 9)]
    assert {(t.variant, t.pool_feed, t.pool_limit) for t in tables} == {("english", 10, 100)}
    night.refresh_from_db()
    assert night.left_over == ["Player 13"] and night.tables_made


def test_the_tables_are_made_once_only(club):
    night = towie_evening(club)
    enter(entries.entry_list_save(event=night, open=True), 4)
    evening.evening_tables_make(evening=night)
    with pytest.raises(ValidationError) as error:
        evening.evening_tables_make(evening=night)
    assert error.value.messages == ["The tables are made already: see them below."]
    assert TowieTable.objects.count() == 1


def test_too_few_entrants_make_no_table_and_nothing_is_made(club):
    night = boston_evening(club)
    enter(entries.entry_list_save(event=night, open=True), 3)
    with pytest.raises(ValidationError) as error:
        evening.evening_tables_make(evening=night)
    assert error.value.messages == ["3 confirmed entrants make no table: a table needs at least 4."]
    night.refresh_from_db()
    assert not night.tables_made and not BostonTable.objects.exists()


def test_a_member_entrant_is_linked_at_the_table(club):
    from tournaments.services import members

    ann = members.member_create(club=club, name="Ann Smith", number="A1")
    night = towie_evening(club, tables=1)
    entry_list = entries.entry_list_save(event=night, open=True)
    entries.entry_add(entry_list=entry_list, name="Ann Smith", email="ann@example.org", member_number="A1")
    enter(entry_list, 2)
    evening.evening_tables_make(evening=night)
    assert TowieTable.objects.get().players.get(name="Ann Smith").member_id == ann.pk


def test_after_the_tables_are_made_an_entrant_cannot_cancel_by_link(club):
    night = towie_evening(club, tables=1)
    first = enter(entries.entry_list_save(event=night, open=True), 3)[0]
    evening.evening_tables_make(evening=night)
    with pytest.raises(ValidationError) as error:
        entries.entry_cancel(entry=first)
    assert error.value.messages == [
        "The tables are made: only the hostess can take you off now. Tell her you cannot come."
    ]
    first.refresh_from_db()
    assert first.state == "confirmed"


def test_a_boston_entrant_has_a_seat_sized_name_and_is_not_called_pool(club):
    entry_list = entries.entry_list_save(event=boston_evening(club), open=True)
    with pytest.raises(ValidationError) as error:
        entries.entry_add(entry_list=entry_list, name="x" * 41, email="x@example.org")
    assert error.value.messages == ["A name has at most 40 characters."]
    with pytest.raises(ValidationError) as error:
        entries.entry_add(entry_list=entry_list, name="Pool", email="x@example.org")
    assert error.value.messages == ["“Pool” is kept for the pool on the sheet: give this player another name."]
    assert not Entry.objects.exists()


def test_the_game_no_longer_changes_once_the_tables_are_made(club):
    night = towie_evening(club, tables=1)
    enter(entries.entry_list_save(event=night, open=True), 4)
    evening.evening_tables_make(evening=night)
    with pytest.raises(ValidationError) as error:
        evening.evening_save(club=club, evening=night, game="boston", variant="french")
    assert error.value.messages == ["The tables are made: the game can no longer change."]
    night.refresh_from_db()
    assert night.game == "towie"


def test_the_evening_and_its_entries_share_one_number_of_tables(club):
    night = towie_evening(club, tables=1)
    entry_list = entries.entry_list_save(event=night, open=True)
    waiting = enter(entry_list, 6)[4:]
    evening.evening_save(club=club, evening=night, tables=2)  # a second table takes the two waiting in
    entry_list.refresh_from_db()
    assert entry_list.tables == 2
    assert [Entry.objects.get(pk=e.pk).state for e in waiting] == ["confirmed", "confirmed"]
    entries.entry_list_save(event=night, open=True, tables=3)  # and the entries' page changes the evening's
    night.refresh_from_db()
    assert night.tables == 3

"""Every kind of event's hours set through its own form (a start time and a length), and the club's time zone and
usual start through the Club page: each read back, and bad input refused with its message, nothing changed."""

import datetime
from html import unescape
from typing import Protocol

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.html_forms import post_forms
from tournaments.models import BostonTable, CardEvening, Club, Knockout, Party, TowieTable
from tournaments.services import entries, evening

pytestmark = pytest.mark.django_db
EVENING_START = datetime.time(20, 15)
BAD_TIME = "Give the start as hours and minutes, like 19:30."
BAD_LENGTH = "An event lasts from 1 minute to 24 hours (1 to 1440 minutes)."


def the_form(client: Client, url: str) -> dict[str, list[str]]:
    """The page's own form as the browser would send it, its boxes filled as shown."""
    return next(f for f in post_forms(client.get(url).content.decode(), url) if f.action == url).defaults()


def filled(client: Client, url: str, **changes: str) -> dict[str, list[str]]:
    return the_form(client, url) | {name: [value] for name, value in changes.items()}


class Answered(Protocol):
    content: bytes


def text(response: Answered) -> str:
    return unescape(response.content.decode())


def club_of(director: User) -> Club:
    return director.memberships.get().club


HOURS = {"start_time": "20:15", "length_minutes": "150"}


def test_a_party_made_through_its_form_keeps_its_start_and_length(client_in: Client) -> None:
    data = filled(client_in, reverse("party_create"), name="Winter party", **HOURS)
    assert client_in.post(reverse("party_create"), data).status_code == 302
    party = Party.objects.get()
    assert (party.start_time, party.length_minutes) == (EVENING_START, 150)
    # The settings page shows them back, and changes them.
    url = reverse("party_edit", args=[party.pk])
    shown = the_form(client_in, url)
    assert (shown["start_time"], shown["length_minutes"]) == (["20:15"], ["150"])
    assert client_in.post(url, shown | {"start_time": ["18:00"]}).status_code == 302
    party.refresh_from_db()
    assert party.start_time == datetime.time(18, 0)


def test_a_knockout_made_through_its_form_keeps_its_start_and_length(client_in: Client) -> None:
    data = filled(client_in, reverse("knockout_create"), name="Spring knockout", **HOURS)
    assert client_in.post(reverse("knockout_create"), data).status_code == 302
    knockout = Knockout.objects.get()
    assert (knockout.start_time, knockout.length_minutes) == (EVENING_START, 150)
    url = reverse("knockout_edit", args=[knockout.pk])
    assert client_in.post(url, the_form(client_in, url) | {"length_minutes": ["240"]}).status_code == 302
    knockout.refresh_from_db()
    assert (knockout.start_time, knockout.length_minutes) == (EVENING_START, 240)


def test_a_towie_table_made_through_its_form_keeps_its_start_and_length(client_in: Client) -> None:
    players = {"player_1": "Ann", "player_2": "Bob", "player_3": "Cat"}
    data = filled(client_in, reverse("towie_create"), **players, **HOURS)
    assert client_in.post(reverse("towie_create"), data).status_code == 302
    table = TowieTable.objects.get()
    assert (table.start_time, table.length_minutes) == (EVENING_START, 150)
    url = reverse("towie_edit", args=[table.pk])
    assert client_in.post(url, the_form(client_in, url) | {"start_time": ["21:00"]}).status_code == 302
    table.refresh_from_db()
    assert (table.start_time, table.length_minutes) == (datetime.time(21, 0), 150)


def test_a_boston_table_made_through_its_form_keeps_its_start_and_length(client_in: Client) -> None:
    players = {"player_1": "Ann", "player_2": "Bob", "player_3": "Cat", "player_4": "Dan"}
    data = filled(client_in, reverse("boston_create"), **players, **HOURS, pool_feed="10", pool_limit="100")
    response = client_in.post(reverse("boston_create"), data)
    assert response.status_code == 302, text(response)
    table = BostonTable.objects.get()
    assert (table.start_time, table.length_minutes) == (EVENING_START, 150)
    url = reverse("boston_edit", args=[table.pk])
    shown = the_form(client_in, url)
    assert (shown["start_time"], shown["length_minutes"]) == (["20:15"], ["150"])


def test_a_card_evening_keeps_its_hours_and_its_tables_copy_them(client_in: Client) -> None:
    data = filled(client_in, reverse("evening_create"), name="Towie night", game="towie", tables="1", **HOURS)
    assert client_in.post(reverse("evening_create"), data).status_code == 302
    night = CardEvening.objects.get()
    assert (night.start_time, night.length_minutes) == (EVENING_START, 150)
    entry_list = entries.entry_list_save(event=night, open=True)
    for i in (1, 2, 3, 4):
        entries.entry_add(entry_list=entry_list, name=f"Player {i}", email=f"p{i}@example.org")
    assert evening.evening_tables_make(evening=night) == (1, [])
    table = TowieTable.objects.get(evening=night)
    assert (table.start_time, table.length_minutes) == (EVENING_START, 150)


def test_a_boston_evening_s_tables_copy_its_hours(director: User) -> None:
    night = evening.evening_save(
        club=club_of(director), name="Boston night", date=datetime.date(2026, 12, 4), game="boston", tables=1,
        variant="english", pool_feed=10, pool_limit=100, start_time=datetime.time(19, 0), length_minutes=200,
    )  # fmt: skip
    entry_list = entries.entry_list_save(event=night, open=True)
    for i in (1, 2, 3, 4):
        entries.entry_add(entry_list=entry_list, name=f"Player {i}", email=f"p{i}@example.org")
    evening.evening_tables_make(evening=night)
    table = BostonTable.objects.get(evening=night)
    assert (table.start_time, table.length_minutes) == (datetime.time(19, 0), 200)


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"start_time": "25:00"}, BAD_TIME),
        ({"length_minutes": "0"}, BAD_LENGTH),
        ({"length_minutes": "1441"}, BAD_LENGTH),
    ],
)
def test_bad_hours_through_the_party_form_say_why_and_change_nothing(
    client_in: Client, changes: dict[str, str], said: str
) -> None:
    data = filled(client_in, reverse("party_create"), name="Winter party", **HOURS)
    client_in.post(reverse("party_create"), data)
    party = Party.objects.get()
    url = reverse("party_edit", args=[party.pk])
    response = client_in.post(url, filled(client_in, url, name="Renamed", **changes))
    assert response.status_code == 200 and said in text(response)
    party.refresh_from_db()
    assert (party.name, party.start_time, party.length_minutes) == ("Winter party", EVENING_START, 150)


@pytest.mark.parametrize("url_name", ["knockout_create", "towie_create", "boston_create", "evening_create"])
def test_a_start_at_25_00_makes_no_event(client_in: Client, url_name: str) -> None:
    people = {f"player_{n}": name for n, name in enumerate(("Ann", "Bob", "Cat", "Dan"), start=1)}
    extra = people if url_name in ("towie_create", "boston_create") else {"name": "Night"}
    response = client_in.post(reverse(url_name), filled(client_in, reverse(url_name), **extra, start_time="25:00"))
    assert response.status_code == 200 and BAD_TIME in text(response)
    made = Knockout.objects.count() + TowieTable.objects.count() + BostonTable.objects.count()
    assert made + CardEvening.objects.count() == 0


def test_a_new_partys_form_starts_at_the_clubs_usual_start(client_in: Client, director: User) -> None:
    club = club_of(director)
    club.usual_start = datetime.time(14, 0)
    club.save()
    shown = the_form(client_in, reverse("party_create"))
    assert (shown["start_time"], shown["length_minutes"]) == (["14:00"], ["180"])


def test_the_club_page_saves_the_zone_and_usual_start(client_in: Client, director: User) -> None:
    url = reverse("club_settings")
    data = {"language": "", "paper": "A4", "format_style": "", "time_zone": "America/New_York", "usual_start": "19:00"}
    client_in.post(url, data)
    club = club_of(director)
    assert (club.time_zone, club.usual_start) == ("America/New_York", datetime.time(19, 0))
    page = text(client_in.get(reverse("club_page")))
    assert '<option value="America/New_York" selected>' in page and 'value="19:00"' in page
    refused = client_in.post(url, data | {"time_zone": "Mars/Olympus", "usual_start": "20:00"}, follow=True)
    said = "“Mars/Olympus” is not a time zone we know: pick one from the list, like Europe/London."
    assert said in text(refused)
    club.refresh_from_db()
    assert (club.time_zone, club.usual_start) == ("America/New_York", datetime.time(19, 0))
    refused = client_in.post(url, data | {"usual_start": "25:00"}, follow=True)
    assert BAD_TIME in text(refused)
    club.refresh_from_db()
    assert club.usual_start == datetime.time(19, 0)


def test_a_director_who_is_not_an_owner_reads_the_zone_and_usual_start(client: Client, director: User) -> None:
    club = club_of(director)
    club.time_zone, club.usual_start = "Europe/Paris", datetime.time(20, 0)
    club.save()
    carol = User.objects.create_user("carol")
    club.memberships.create(user=carol, role="director")
    client.force_login(carol)
    page = " ".join(text(client.get(reverse("club_page"))).split())
    assert "Its time zone is Europe/Paris; a new event starts at" in page and "Save the settings" not in page

"""Bounds that say so: a round's minutes, every event's date, a season's points and events, the user guide's
figures. Each bad input gets its exact message and changes nothing."""

import datetime
import re
from html import unescape

import pytest
from django.core import serializers
from django.db.models import Model
from django.urls import reverse

from tests.conftest import make_party
from tests.html_forms import post_forms
from tests.knockout.helpers import make_knockout
from tests.paths import ROOT
from tests.towie.conftest import make_table
from tournaments.models import BostonTable, Knockout, Party, Series, TowieTable
from tournaments.models.party import MAX_ROUNDS, MAX_TABLES
from tournaments.services import boston, seasons

pytestmark = pytest.mark.django_db
USER_GUIDE = ROOT / "docs" / "user-guide.md"
WINDOW = "Give a date in the years 1900 to 2100."


def said(name: str) -> int:
    """How often a form says one refusal: the Boston form sums its errors up at the top as well."""
    return 2 if name.startswith("boston") else 1


MODELS = [Party, Knockout, TowieTable, BostonTable, Series]


def snapshot() -> str:
    return "".join(serializers.serialize("json", model._default_manager.order_by("pk")) for model in MODELS)


def text(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def the_form(client, url: str) -> dict[str, list[str]]:
    return next(f for f in post_forms(client.get(url).content.decode(), url) if f.action == url).defaults()


def party_data(client, **changes) -> dict[str, list[str]]:
    data = the_form(client, reverse("party_create")) | {"name": ["Winter party"]}
    return data | {k: [v] for k, v in changes.items()}


# ---- a round's minutes ----------------------------------------------------------------------------


def test_the_new_party_form_offers_thirty_minutes_a_round(client_in):
    assert party_data(client_in)["round_minutes"] == ["30"]


@pytest.mark.parametrize(
    ("minutes", "message"),
    [("", "Give the minutes per round (4 to 120)."), ("0", "A round lasts 4 to 120 minutes."),
     ("3", "A round lasts 4 to 120 minutes."), ("121", "A round lasts 4 to 120 minutes.")],
)  # fmt: skip
def test_minutes_per_round_left_empty_or_zero_are_refused_not_taken_as_thirty(client_in, minutes, message):
    page = text(client_in.post(reverse("party_create"), party_data(client_in, round_minutes=minutes)))
    assert page.count(message) == 1
    assert not Party.objects.exists()


def test_editing_a_party_with_no_minutes_is_refused_and_keeps_its_minutes(client_in, director):
    party = make_party(tables=1, user=director, round_minutes=45)
    url = reverse("party_edit", args=[party.id])
    before = snapshot()
    page = text(client_in.post(url, the_form(client_in, url) | {"round_minutes": [""]}))
    assert "Give the minutes per round (4 to 120)." in page
    assert snapshot() == before and Party.objects.get().round_minutes == 45


def test_the_bounds_of_a_round_are_accepted(client_in):
    for minutes in ("4", "120"):
        client_in.post(reverse("party_create"), party_data(client_in, round_minutes=minutes, name=minutes))
    assert sorted(Party.objects.values_list("round_minutes", flat=True)) == [4, 120]


# ---- every event's date ---------------------------------------------------------------------------


def _events(director):
    party = make_party(tables=1, user=director)
    bt = boston.boston_table_create(
        name="Boston", date=datetime.date(2026, 11, 28), variant="english", players=["Ann", "Ben", "Cid", "Dan"],
        pool_feed=10, pool_limit=100, user=director,
    )  # fmt: skip
    return {
        "party_edit": party,
        "knockout_edit": make_knockout(pairs=4, user=director, draw=False),
        "towie_edit": make_table(("Ann", "Ben", "Cid"), user=director, draw=False),
        "boston_edit": bt,
    }


# Each kind its own model; the type names what they share, so the manager reads `date` by name.
NEW: dict[str, tuple[dict[str, str], type[Model]]] = {
    "party_create": ({"name": "Winter party"}, Party),
    "knockout_create": ({"name": "Cup"}, Knockout),
    "towie_create": ({"player_1": "Ann", "player_2": "Ben", "player_3": "Cid"}, TowieTable),
    "boston_create": (
        {"player_1": "Ann", "player_2": "Ben", "player_3": "Cid", "player_4": "Dan", "pool_feed": "10",
         "pool_limit": "100"}, BostonTable,
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", NEW)
@pytest.mark.parametrize("date", ["1899-12-31", "2101-01-01", "0001-01-01", "9999-12-31"])
def test_a_new_events_date_outside_1900_to_2100_is_refused(client_in, name, date):
    typed, model = NEW[name]
    url = reverse(name)
    data = the_form(client_in, url) | {k: [v] for k, v in typed.items()} | {"date": [date]}
    page = text(client_in.post(url, data))
    assert page.count(WINDOW) == said(name)
    assert not model._default_manager.exists()


@pytest.mark.parametrize("name", NEW)
def test_a_new_events_date_at_either_end_of_the_window_is_taken(client_in, name):
    typed, model = NEW[name]
    url = reverse(name)
    for date in ("1900-01-01", "2100-12-31"):
        data = the_form(client_in, url) | {k: [v] for k, v in typed.items()} | {"date": [date]}
        assert client_in.post(url, data).status_code == 302, text(client_in.post(url, data))
    assert sorted(str(d) for d in model._default_manager.values_list("date", flat=True)) == ["1900-01-01", "2100-12-31"]


@pytest.mark.parametrize("name", ["party_edit", "knockout_edit", "towie_edit", "boston_edit"])
def test_an_events_date_changed_to_outside_the_window_is_refused_and_kept(client_in, director, name):
    event = _events(director)[name]
    url = reverse(name, args=[event.pk])
    html = client_in.get(url).content.decode()
    assert re.search(r'<input type="date" name="date"[^>]*min="1900-01-01"[^>]*max="2100-12-31"', html), name
    before = snapshot()
    page = text(client_in.post(url, the_form(client_in, url) | {"date": ["1899-12-31"]}))
    assert page.count(WINDOW) == said(name)
    assert snapshot() == before


# ---- a season's points and events -----------------------------------------------------------------


def points_rule(value: str) -> str:
    return "Points by place are whole numbers from 0 to 1,000, such as 10-8-6-5-4-3-2-1: " + value + " is not one."


NOT_WHOLE = "Write the points by place as whole numbers, such as 10-8-6-5-4-3-2-1."


@pytest.mark.parametrize(
    ("points", "message"),
    [("10, -5", points_rule("-5")), ("-3", points_rule("-3")), ("10 −2", points_rule("−2")),
     ("10-1001", points_rule("1001")), ("9" * 10_000, points_rule("9" * 20)), ("10-8.5", NOT_WHOLE),
     ("10-²", NOT_WHOLE), ("10-٣", NOT_WHOLE), ("10-eight", NOT_WHOLE)],
)  # fmt: skip
def test_season_points_are_whole_numbers_from_0_to_1000(client_in, director, points, message):
    data = {"name": "Winter season", "scoring": "places", "place_points": points}
    page = text(client_in.post(reverse("series_create"), data))
    assert page.count(message) == 1, page
    assert not Series.objects.exists()


def test_season_points_at_the_bounds_are_taken(client_in, director):
    data = {"name": "Winter season", "scoring": "places", "place_points": "1000-10-0"}
    assert client_in.post(reverse("series_create"), data).status_code == 302
    assert Series.objects.get().place_points == [1000, 10, 0]


@pytest.mark.parametrize("field", ["parties", "knockouts"])
@pytest.mark.parametrize("value", ["99999999999999999999", "9223372036854775808", "1" * 10_000, "²", "-1", "x"])
def test_a_season_naming_an_event_beyond_any_id_is_a_plain_error_not_a_crash(client_in, director, field, value):
    party = make_party(tables=1, user=director)
    data = {"name": "Winter season", "scoring": "totals", field: [value]}
    page = text(client_in.post(reverse("series_create"), data))
    assert f"Select a valid choice. {value[:20]} is not one of the available choices." in page
    assert not Series.objects.exists()
    series = seasons.series_save(club=party.club, name="Old season", parties=[party])
    before = snapshot()
    page = text(client_in.post(reverse("series_edit", args=[series.pk]), data))
    assert f"Select a valid choice. {value[:20]} is not one of the available choices." in page
    assert snapshot() == before and list(series.parties.all()) == [party]


# ---- what the fuzz found (tests/forms/test_fuzz_forms.py) ----------------------------------------------


@pytest.mark.parametrize("member", ["²", "٣", "9" * 5000])
def test_a_member_id_of_other_digits_or_thousands_of_them_is_no_pick_not_a_crash(client_in, director, member):
    party = make_party(tables=1, user=director, draw=False)
    response = client_in.post(reverse("guest_add", args=[party.id]), {"name": "Zoe", "member": member}, follow=True)
    assert response.status_code == 200 and "1 guest added." in text(response)
    assert party.guests.get(name="Zoe").member is None


@pytest.mark.parametrize("back", ["home", "䫰", "//evil.example/", "https://evil.example/"])
def test_my_language_goes_home_when_the_page_to_go_back_to_is_no_path_of_this_site(client_in, back):
    response = client_in.post(reverse("my_language"), {"language": "fr", "next": back})
    assert (response.status_code, response["Location"]) == (302, reverse("home"))


def test_my_language_goes_back_to_a_page_of_this_site(client_in):
    response = client_in.post(reverse("my_language"), {"language": "fr", "next": "/members/"})
    assert response["Location"] == "/members/"


# ---- the user guide's figures are the code's ----------------------------------------------------------


def test_the_user_guide_gives_the_codes_number_of_tables_and_rounds():
    evening = USER_GUIDE.read_text(encoding="utf-8").split("## An evening with it", 1)[1]
    assert f"tables (1–{MAX_TABLES})" in evening and f"rounds (1–{MAX_ROUNDS})" in evening
    assert "minutes per round (4–120, 30 offered)" in evening and "years 1900 to 2100" in evening

"""The club's calendar: its coming events as an iCalendar feed (parsed back with icalendar) at an unguessable
link shown on the Club page, no login; an event's own .ics for a mail."""

import datetime
from types import SimpleNamespace

import pytest
from django.urls import reverse
from icalendar import Calendar

from tests.conftest import make_party
from tests.knockout.helpers import make_knockout
from tests.towie.conftest import make_table
from tournaments.models import Club, Party
from tournaments.presentation.calendar import event_ics
from tournaments.selectors import calendar as calendar_selectors
from tournaments.selectors.calendar import coming_events
from tournaments.services import boston

pytestmark = pytest.mark.django_db
TODAY = datetime.date(2026, 12, 2)


@pytest.fixture
def events(director):
    """A party, a knockout, a Towie and a Boston table of Alice's club; one past event too old, one demo."""
    party = make_party(tables=2, user=director, name="Christmas party")
    Party.objects.filter(pk=party.pk).update(date=datetime.date(2026, 12, 24))
    make_knockout(user=director, name="Winter knockout", draw=False)  # 5 December
    make_table(("Ann", "Ben", "Cid"), user=director, name="Towie evening", draw=False)  # 28 November: days ago
    boston.boston_table_create(
        name="Boston evening", date=datetime.date(2027, 1, 9), variant="english", players=["Ann", "Ben", "Cid", "Dan"],
        pool_feed=10, pool_limit=100, user=director,
    )  # fmt: skip
    old = make_party(tables=1, user=director, name="Old party", draw=False)
    Party.objects.filter(pk=old.pk).update(date=datetime.date(2026, 10, 1))  # 62 days ago
    demo = make_party(tables=1, user=director, name="Demo party", draw=False)
    Party.objects.filter(pk=demo.pk).update(demo=True)
    make_party(tables=1, club=Club.objects.create(name="Another club"), name="Their party", draw=False)
    return Club.objects.get(name="Alice's club")


def test_the_coming_events_are_the_clubs_own_by_date(events, django_assert_num_queries):
    with django_assert_num_queries(5):
        found = coming_events(events, today=TODAY)
    assert [(e.name, e.date) for e in found] == [
        ("Towie evening", datetime.date(2026, 11, 28)),
        ("Winter knockout", datetime.date(2026, 12, 5)),
        ("Christmas party", datetime.date(2026, 12, 24)),
        ("Boston evening", datetime.date(2027, 1, 9)),
    ]


def test_a_phone_subscribes_to_the_feed_with_no_login(client, events, monkeypatch):
    monkeypatch.setattr(calendar_selectors, "timezone", SimpleNamespace(localdate=lambda: TODAY))
    events.language = "fr"
    events.save()
    response = client.get(reverse("calendar_feed", args=[events.calendar_token]))
    assert response.status_code == 200 and response["Content-Type"] == "text/calendar; charset=utf-8"
    calendar = Calendar.from_ical(response.content)
    assert str(calendar["x-wr-calname"]) == "Alice's club"
    found = {str(e["summary"]): e for e in calendar.walk("VEVENT")}
    assert set(found) >= {"Christmas party", "Boston evening"} and "Old party" not in found
    assert not {"Demo party", "Their party"} & set(found)
    christmas = found["Christmas party"]
    # 19:30 to 22:30 in London, the club's zone (GMT in December: 19:30 UTC to 22:30 UTC).
    assert christmas.decoded("dtstart").astimezone(datetime.UTC) == datetime.datetime(
        2026, 12, 24, 19, 30, tzinfo=datetime.UTC
    )
    assert christmas.decoded("dtend").astimezone(datetime.UTC) == datetime.datetime(
        2026, 12, 24, 22, 30, tzinfo=datetime.UTC
    )
    assert str(christmas["description"]) == "Partie progressive, 2 tables · Alice's club"  # the club's French
    assert str(christmas["uid"]).startswith("party-") and str(found["Boston evening"]["uid"]).startswith("bostontable-")
    assert str(found["Boston evening"]["description"]) == "Boston · Alice's club"


def test_a_wrong_calendar_link_is_a_404(client, events):
    assert client.get(reverse("calendar_feed", args=["not-a-real-token"])).status_code == 404


def test_the_club_page_shows_the_calendar_link(client_in, events, settings):
    settings.SITE_URL = "http://club.example"  # the links' address, never the request's Host (site_url)
    page = client_in.get(reverse("club_page")).content.decode()
    url = f"http://club.example/calendar/{events.calendar_token}.ics"
    assert url in page and f'href="webcal://club.example/calendar/{events.calendar_token}.ics"' in page


def test_each_club_has_a_calendar_link_of_its_own(events):
    tokens = list(Club.objects.values_list("calendar_token", flat=True))
    assert len(tokens) == len(set(tokens)) == 2 and all(len(token) >= 32 for token in tokens)


def test_an_events_ics_is_one_event_in_its_clubs_language(events):
    events.language = "de"
    events.save()
    party = Party.objects.get(name="Christmas party")
    calendar = Calendar.from_ical(event_ics(party, host="club.example"))
    (event,) = calendar.walk("VEVENT")
    assert (str(event["uid"]), str(event["summary"]), event.decoded("dtstart").isoformat()) == (
        f"party-{party.pk}@club.example", "Christmas party", "2026-12-24T19:30:00+00:00",
    )  # fmt: skip
    assert str(event["description"]) == "Progressive Party, 2 Tische · Alice's club"
    assert str(calendar["method"]) == "PUBLISH" and str(calendar["version"]) == "2.0"


def test_a_card_evenings_ics_names_its_game(events):
    """An entry to a card evening attaches its .ics too: the evening's game is its description."""
    from tournaments.services import evening as evening_services

    evening = evening_services.evening_save(
        club=events, name="Towie night", date=datetime.date(2027, 1, 8), game="towie", tables=2
    )
    (event,) = Calendar.from_ical(event_ics(evening, host="club.example")).walk("VEVENT")
    assert (str(event["uid"]), str(event["summary"]), event.decoded("dtstart").isoformat()) == (
        f"cardevening-{evening.pk}@club.example", "Towie night", "2027-01-08T19:30:00+00:00",
    )  # fmt: skip
    assert str(event["description"]) == "Towie · Alice's club"

"""Seasons from real nights: totals and places worked out by hand from the results entered."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.conftest import make_party
from tournaments.models import Club, Seat, Series
from tournaments.selectors import seasons as season_selectors
from tournaments.services import members as member_services
from tournaments.services import results as result_services
from tournaments.services import seasons as season_services

pytestmark = pytest.mark.django_db

# 4♠ by N making 10 (420 to N-S), 3NT by E making 9 (400 to E-W): N-S +20, E-W −20 net.
NS_WINS = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 9), ("PASS", "", 0)]
# 3NT by E making 10 (430 to E-W) and 2♠ by N making 8 (110 to N-S): E-W +320.
EW_WINS = [("2S", "N", 8), ("PASS", "", 0), ("3N", "E", 10), ("PASS", "", 0)]


@pytest.fixture
def club(director):
    return Club.objects.get(memberships__user=director)


def night(director, name, deals, guests):
    """A one-table night; `guests` are the names seated N, E, S, W."""
    party = make_party(tables=1, rounds=1, user=director, name=name, draw=False)
    party.guests.all().delete()
    from tournaments.services import party as party_services
    from tournaments.services import seating as seating_services

    party_services.guests_add(party=party, entries=[(g, "") for g in guests])
    seating_services.seats_draw(party=party, seed=1)
    seats = {s.seat: s.guest.name for s in Seat.objects.filter(round__party=party).select_related("guest")}
    result_services.result_record(round_=party.rounds.get(number=1), table=1, deals=deals, by_user=director)
    return party, seats


def test_sum_of_totals_over_two_nights_with_an_absence(club, director):
    one, seats_one = night(director, "October", NS_WINS, ["Ann", "Bob", "Cid", "Dee"])
    two, seats_two = night(director, "November", EW_WINS, ["Ann", "Bob", "Cid", "Eve"])
    series = season_services.series_save(club=club, name="Winter", parties=[one, two])
    table = season_selectors.series_standings(series)
    expected: dict[str, int] = {}
    for seats, ns, ew in ((seats_one, 20, -20), (seats_two, -320, 320)):
        for seat, name in seats.items():
            expected[name] = expected.get(name, 0) + (ns if seat in "NS" else ew)
    assert {row.name: row.points for row in table.rows} == expected
    assert [row.points for row in table.rows] == sorted(expected.values(), reverse=True)
    dee = next(row for row in table.rows if row.name == "Dee")
    assert dee.nights == 1 and dee.by_night[1] is None


def test_a_member_picked_on_two_nights_is_one_player_even_under_two_spellings(club, director):
    ann = member_services.member_create(club=club, name="Ann Smith", kind="lady")
    one, _ = night(director, "October", NS_WINS, ["Ann Smith", "Bob", "Cid", "Dee"])
    two, _ = night(director, "November", NS_WINS, ["Ann S.", "Bob", "Cid", "Dee"])
    guest = two.guests.get(name="Ann S.")
    guest.member = ann
    guest.save()
    series = season_services.series_save(club=club, name="Winter", parties=[one, two])
    rows = {row.name: row for row in season_selectors.series_standings(series).rows}
    assert rows["Ann Smith"].nights == 2 and "Ann S." not in rows
    assert season_selectors.series_standings(series).best("lady")[0].name == "Ann Smith"


def test_a_season_of_two_clubs_events_is_refused_and_nothing_saved(club, director):
    mine, _ = night(director, "October", NS_WINS, ["Ann", "Bob", "Cid", "Dee"])
    other = Club.objects.create(name="Elsewhere")
    theirs = make_party(tables=1, rounds=1, club=other, name="Their night")
    with pytest.raises(ValidationError, match="Their night belong to another club"):
        season_services.series_save(club=club, name="Mixed up", parties=[mine, theirs])
    assert not Series.objects.exists()


def test_points_that_grow_are_refused_plainly(club):
    with pytest.raises(ValidationError, match="must not grow"):
        season_services.series_save(club=club, name="Odd", scoring="places", place_points=[5, 10])
    with pytest.raises(ValidationError, match="whole numbers"):
        season_services.parse_points("10, eight, 6")
    assert season_services.parse_points("10-8-6 5,4") == [10, 8, 6, 5, 4]
    assert not Series.objects.exists()


def test_a_season_page_reads_a_fixed_number_of_queries(club, director, django_assert_max_num_queries):
    parties = [night(director, f"Night {i}", NS_WINS, ["Ann", "Bob", "Cid", "Dee"])[0] for i in range(3)]
    series = season_services.series_save(club=club, name="Winter", parties=parties)
    with django_assert_max_num_queries(8):
        season_selectors.series_standings(Series.objects.select_related("club").get(pk=series.pk))


def test_a_knockout_pair_picked_from_the_members_counts_for_the_same_player_as_her_nights(club, director):
    from tests.knockout.helpers import make_knockout
    from tournaments.models import KnockoutPair
    from tournaments.services import knockout as knockout_services

    ann = member_services.member_create(club=club, name="Ann Smith", kind="lady")
    one, _ = night(director, "October", NS_WINS, ["Ann Smith", "Bob", "Cid", "Dee"])
    cup = make_knockout(pairs=2, user=director, name="Cup")
    first = KnockoutPair.objects.filter(knockout=cup).order_by("id").first()
    assert first is not None  # the cup has its pairs
    first.player_a, first.member_a = "Ann S.", ann  # picked from the list under a shorter spelling
    first.save()
    match = cup.rounds.get().matches.get()
    # 4♠ by North making ten, then totals follow from the pad: 120 below + 0 above = 120 to N-S.
    knockout_services.match_deal_record(match=match, number=1, contract="4S", declarer="N", tricks=10)
    series = season_services.series_save(club=club, name="Winter", parties=[one], knockouts=[cup])
    rows = {row.name: row for row in season_selectors.series_standings(series).rows}
    assert "Ann S." not in rows and rows["Ann Smith"].nights == 2
    match.refresh_from_db()
    pair_points = match.ns_total if match.ns_id == first.id else match.ew_total
    seat = next(s for s in Seat.objects.filter(round__party=one) if s.guest.name == "Ann Smith")
    assert rows["Ann Smith"].points == (20 if seat.seat in "NS" else -20) + pair_points


@pytest.mark.parametrize(
    ("language", "style", "shown"),
    [
        ("fr", "", "28 novembre 2026"),
        ("de", "", "28. November 2026"),
        ("nl", "", "28 november 2026"),
        ("en", "", "Nov. 28, 2026"),
    ],
)
def test_the_season_form_names_each_night_with_its_date_in_the_clubs_style(
    client, director, club, language, style, shown
):
    """The nights to tick carry their date as the club's pages write it, not as the database keeps it."""
    from tournaments.models import Knockout

    club.language, club.format_style = language, style
    club.save()
    make_party(tables=1, rounds=1, user=director, name="Soirée", draw=False)
    Knockout.objects.create(club=club, name="Coupe", date=datetime.date(2026, 11, 28))
    client.force_login(director)
    page = client.get(reverse("series_create")).content.decode()
    assert f"Soirée ({shown})" in page and f"Coupe ({shown})" in page
    assert "2026-11-28" not in page

"""The members and seasons pages as a director uses them: bad input named and nothing changed,
files opened and read back, the season's PDF and workbook read."""

import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.conftest import make_party
from tournaments.models import Club, Member, PublicLink, Seat, Series
from tournaments.services import members as member_services
from tournaments.services import results as result_services
from tournaments.services import seasons as season_services

pytestmark = pytest.mark.django_db

DEALS = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 9), ("PASS", "", 0)]


@pytest.fixture
def club(director):
    return Club.objects.get(memberships__user=director)


def played(director, name="October night"):
    party = make_party(tables=1, rounds=1, user=director, name=name)
    result_services.result_record(round_=party.rounds.get(number=1), table=1, deals=DEALS, by_user=director)
    return party


def test_a_member_added_then_a_second_one_with_the_same_number_refused(client_in, club):
    response = client_in.post(reverse("member_create"), {"name": "Jane Austen", "kind": "lady", "number": "EBU7"})
    jane = Member.objects.get(name="Jane Austen")
    assert response["Location"] == reverse("member_detail", args=[jane.id])
    response = client_in.post(reverse("member_create"), {"name": "Emma Wood", "kind": "lady", "number": "EBU7"})
    assert "Member number EBU7 is already Jane Austen" in response.content.decode()
    assert list(Member.objects.values_list("name", flat=True)) == ["Jane Austen"]


def test_the_list_finds_by_a_few_letters_and_the_search_answers_json(client_in, club):
    for name in ("Anna Bell", "Bob Stone"):
        member_services.member_create(club=club, name=name)
    page = client_in.get(reverse("member_list"), {"q": "ann"}).content.decode()
    assert "Anna Bell" in page and "Bob Stone" not in page
    found = client_in.get(reverse("member_search"), {"q": "sto"}).json()["members"]
    assert [m["name"] for m in found] == ["Bob Stone"]


def test_an_import_with_a_bad_row_says_which_and_adds_nobody(client_in, club):
    data = b"Name,Lady or gentleman,Member number\nAnn,lady,1\nBob,dragon,2\n"
    upload = io.BytesIO(data)
    upload.name = "members.csv"
    response = client_in.post(reverse("members_import"), {"file": upload}, follow=True)
    assert "Nothing was imported: Row 3: “dragon” is neither lady nor gentleman." in response.content.decode()
    assert not Member.objects.exists()
    upload = io.BytesIO(data.replace(b"dragon", b"gentleman"))
    upload.name = "members.csv"
    response = client_in.post(reverse("members_import"), {"file": upload}, follow=True)
    assert "2 members added, 0 updated." in response.content.decode()
    exported = client_in.get(reverse("members_xlsx"))
    sheet = load_workbook(io.BytesIO(exported.content)).active
    assert sheet is not None  # the file has its one sheet
    assert [row for row in sheet.iter_rows(min_row=2, values_only=True)] == [
        ("Ann", "lady", "1", None, None, "yes", "no"),
        ("Bob", "gentleman", "2", None, None, "yes", "no"),
    ]


def test_a_members_page_shows_their_night_and_a_merge_into_oneself_is_refused(client_in, club, director):
    party = played(director)
    guest = Seat.objects.get(round__party=party, table=1, seat="N").guest
    member = member_services.member_create(club=club, name=guest.name)
    guest.member = member
    guest.save()
    page = client_in.get(reverse("member_detail", args=[member.id])).content.decode()
    assert "October night" in page and "+20" in page
    response = client_in.post(reverse("member_merge", args=[member.id]), {"other": member.id}, follow=True)
    assert "Choose the other record of this member." in response.content.decode()
    assert Member.objects.filter(pk=member.pk).exists()


def test_a_season_made_on_its_page_then_printed_and_published(client_in, club, director):
    one, two = played(director, "October night"), played(director, "November night")
    form = {"name": "Winter season", "scoring": "places", "place_points": "10-8-6-5", "parties": [one.id, two.id]}
    response = client_in.post(reverse("series_create"), form)
    series = Series.objects.get(name="Winter season")
    assert response["Location"] == reverse("series_detail", args=[series.id])
    page = client_in.get(reverse("series_detail", args=[series.id])).content.decode()
    # Two nights, the same seats and results: N and S share first each night, (10 + 8) / 2 = 9, twice.
    assert ">18<" in page and "Points by place (10-8-6-5-4)" not in page and "Points by place (10-8-6-5)" in page
    pdf = PdfReader(io.BytesIO(client_in.get(reverse("series_pdf", args=[series.id])).content))
    text = "".join(p.extract_text() for p in pdf.pages)
    assert "Winter season" in text and "18" in text and "11" in text
    book = load_workbook(io.BytesIO(client_in.get(reverse("series_xlsx", args=[series.id])).content))
    sheet = book.active
    assert sheet is not None  # the file has its one sheet
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert sorted(float(str(row[3])) for row in rows) == [11.0, 11.0, 18.0, 18.0]
    assert sorted(str(row[0]) for row in rows) == ["1", "1", "3", "3"]
    assert [str(row[1] or "") for row in rows] == ["=", "=", "=", "="]  # two pairs of equals
    client_in.post(reverse("publish_toggle", args=["series", series.id]), {"action": "publish"})
    link = PublicLink.objects.get(series=series)
    assert f"/r/{link.token}/" in client_in.get(reverse("series_detail", args=[series.id])).content.decode()
    client_in.post(reverse("publish_toggle", args=["series", series.id]), {"action": "unpublish"})
    assert not PublicLink.objects.exists()


def test_bad_points_are_named_and_no_season_is_made(client_in, club):
    form = {"name": "Odd", "scoring": "places", "place_points": "5-10"}
    response = client_in.post(reverse("series_create"), form)
    assert "must not grow from one place to the next" in response.content.decode()
    response = client_in.post(reverse("series_create"), form | {"place_points": "ten, eight"})
    assert "Write the points by place as whole numbers" in response.content.decode()
    assert not Series.objects.exists()


def test_another_clubs_party_cannot_be_put_in_a_season(client_in, club):
    theirs = make_party(tables=1, rounds=1, club=Club.objects.create(name="Elsewhere"), name="Their night")
    response = client_in.post(reverse("series_create"), {"name": "Sneaky", "scoring": "totals", "parties": [theirs.id]})
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    assert not Series.objects.exists()


def test_a_guest_picked_from_the_members_is_linked_and_a_newcomer_offered_membership(client_in, club, director):
    party = make_party(tables=1, rounds=1, user=director, draw=False, name="Picking night")
    ann = member_services.member_create(club=club, name="Ann Other", kind="lady")
    # Picked from the list (the hidden member field), under a shorter spelling.
    client_in.post(reverse("guest_add", args=[party.id]), {"name": "Ann O.", "member": ann.id})
    assert party.guests.get(name="Ann O.").member == ann
    # Typed in full without the list: the only member of that name.
    bob = member_services.member_create(club=club, name="Bob Builder")
    client_in.post(reverse("guest_add", args=[party.id]), {"name": "bob builder"})
    assert party.guests.get(name="bob builder").member == bob
    # A newcomer: no member, and the list offers membership.
    client_in.post(reverse("guest_add", args=[party.id]), {"name": "Cid New"})
    cid = party.guests.get(name="Cid New")
    assert cid.member is None
    page = client_in.get(reverse("party_guests", args=[party.id])).content.decode()
    assert reverse("guest_membership", args=[party.id, cid.id]) in page
    client_in.post(reverse("guest_membership", args=[party.id, cid.id]))
    cid.refresh_from_db()
    assert cid.member is not None  # just made a member
    assert cid.member.name == "Cid New" and cid.member.club == club


def test_a_member_of_another_club_cannot_be_picked(client_in, club, director):
    party = make_party(tables=1, rounds=1, user=director, draw=False, name="Picking night")
    stranger = member_services.member_create(club=Club.objects.create(name="Elsewhere"), name="Eve Else")
    client_in.post(reverse("guest_add", args=[party.id]), {"name": "Eve Else", "member": stranger.id})
    assert party.guests.get(name="Eve Else").member is None


def test_a_season_page_brackets_the_nights_not_counted_and_reads_a_fixed_number_of_queries(client_in, club, director):
    nights = [played(director, f"Night {i}") for i in range(3)]
    counts = []
    for parties in (nights[:1], nights):
        series = season_services.series_save(
            club=club, name=f"Best of {len(parties)}", scoring="places", place_points=[10, 8, 6, 5],
            best_of=1, parties=parties,
        )  # fmt: skip
        with CaptureQueriesContext(connection) as captured:
            page = client_in.get(reverse("series_detail", args=[series.id])).content.decode()
        counts.append(len(captured))
    # N and S tie first each night: (10 + 8) / 2 = 9; E and W third: (6 + 5) / 2 = 5.5. Best 1 of 3:
    # the first night counts, the two others are shown in brackets.
    assert '<td class="num">9</td><td class="num">(9)</td><td class="num">(9)</td>' in page
    assert '<td class="num">5.5</td><td class="num">(5.5)</td><td class="num">(5.5)</td>' in page
    assert page.count('<td class="num">=1</td>') == 2 and page.count('<td class="num">=3</td>') == 2
    assert counts[0] == counts[1]

"""The Club page's national club number: what the owner saves is what the USEBIO export writes as
CLUB/CLUB_ID_NUMBER; a number too long is refused with a plain message and changes nothing."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournaments.models import Club, Membership
from tournaments.services import clubs as club_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(director) -> Club:
    return Club.objects.get(memberships__user=director)


def test_the_owner_saves_the_number_and_the_page_shows_it(client_in, club):
    response = client_in.post(
        reverse("club_national"), {"national_number": "  4680 ", "federation": "ABF"}, follow=True
    )
    club.refresh_from_db()
    assert (club.national_number, club.federation) == ("4680", "ABF")
    page = response.content.decode()
    assert "The club&#x27;s national number is saved." in page
    assert 'value="4680"' in page and 'value="ABF"' in page
    # Emptied again: no number.
    client_in.post(reverse("club_national"), {"national_number": "", "federation": ""})
    club.refresh_from_db()
    assert (club.national_number, club.federation) == ("", "")


def test_a_number_too_long_says_why_and_changes_nothing(client_in, club):
    club.national_number, club.federation = "2074", "ABF"
    club.save()
    response = client_in.post(reverse("club_national"), {"national_number": "9" * 21, "federation": "X"}, follow=True)
    assert "at most 20 characters" in response.content.decode()
    club.refresh_from_db()
    assert (club.national_number, club.federation) == ("2074", "ABF")


def test_the_service_refuses_a_director_who_is_not_an_owner(club):
    carol = get_user_model().objects.create_user("carol")
    Membership.objects.create(club=club, user=carol, role="director")
    with pytest.raises(Exception, match="Only an owner of the club can do that."):
        club_services.club_national_save(club=club, national_number="1", federation="", by=carol)
    club.refresh_from_db()
    assert club.national_number == ""

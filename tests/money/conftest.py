import pytest

from tests.conftest import make_party
from tournaments.models import Club, Guest, Member
from tournaments.services.members import member_create


@pytest.fixture
def club(director) -> Club:
    return Club.objects.get(memberships__user=director)


@pytest.fixture
def member(club) -> Member:
    return member_create(club=club, name="Jane Smith")


@pytest.fixture
def party(director):
    return make_party(tables=1, user=director, draw=False)


@pytest.fixture
def guest(party, member) -> Guest:
    """Player 001, linked to the member Jane Smith."""
    found = party.guests.get(name="Player 001")
    found.member = member
    found.save()
    return found

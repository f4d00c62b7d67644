"""The events tests/names reads every output of: a party, a knockout, a season, each with a linked member asking
for initials ("Margaret Jane Whitfield") and a linked member who does not ("Bob Carter")."""

import datetime

import pytest
from django.urls import reverse

from tests.conftest import make_party
from tournaments.models import Club, Member, PublicLink, Seat
from tournaments.services import knockout as knockout_services
from tournaments.services import members as member_services
from tournaments.services import results as result_services
from tournaments.services import seasons as season_services

HER, HIM = "Margaret Jane Whitfield", "Bob Carter"
HERS = "M. J. W."
DEALS = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 9), ("PASS", "", 0)]


def publish(client_in, kind: str, event) -> str:
    """The event published; its public page's address."""
    client_in.post(reverse("publish_toggle", args=[kind, event.pk]), {"action": "publish"})
    return reverse("public_page", args=[PublicLink.objects.get(**{kind: event}).token])


@pytest.fixture
def club(director):
    return Club.objects.get(memberships__user=director)


@pytest.fixture
def members(club) -> dict[str, Member]:
    return {
        HER: member_services.member_create(
            club=club, name=HER, kind="lady", email="mjw@example.org", initials_only=True
        ),
        HIM: member_services.member_create(club=club, name=HIM, kind="gentleman", email="bob@example.org"),
    }


@pytest.fixture
def party(director, members):
    """One table, one round played: North is Margaret (initials), South her partner Bob (in full)."""
    party = make_party(tables=1, rounds=1, user=director, name="Names night")
    seats = {s.seat: s.guest for s in Seat.objects.filter(round__party=party).select_related("guest")}
    for seat, name in (("N", HER), ("S", HIM)):
        seats[seat].name, seats[seat].member = name, members[name]
        seats[seat].save()
    result_services.result_record(round_=party.rounds.get(number=1), table=1, deals=DEALS, by_user=director)
    return party


@pytest.fixture
def knockout(director, members):
    """Two pairs, the final drawn, one deal in: Margaret's pair against Bob's."""
    knockout = knockout_services.knockout_create(
        name="Names cup", date=datetime.date(2026, 12, 5), pairs=[[HER, "Ann Lee"], [HIM, "Dan Poe"]], user=director
    )
    for pair in knockout.pairs.all():
        pair.member_a = members[pair.player_a]
        pair.save()
    knockout_services.knockout_draw(knockout=knockout, seed=3)
    match = knockout.rounds.get().matches.get()
    knockout_services.match_deal_record(match=match, number=1, contract="4S", declarer="N", tricks=10)
    return knockout


@pytest.fixture
def series(club, party):
    return season_services.series_save(club=club, name="Names season", parties=[party])

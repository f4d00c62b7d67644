"""A member who changes the choice sees every live page change at its next poll: the big screens and the public
pages answer 304 while nothing changed, and a 200 with the initials once the member asks for them (docs/names.md)."""

from collections.abc import Callable

import pytest
from django.urls import reverse

from tests.names.conftest import HER, HERS, publish
from tournaments.services import members as member_services

pytestmark = pytest.mark.django_db

BIG = "?projector=1"
PAGES: dict[str, Callable] = {
    "standings big screen": lambda r: reverse("party_standings", args=[r("party").pk]) + BIG,
    "round big screen": lambda r: reverse("round_detail", args=[r("party").pk, 1]) + BIG,
    "knockout bracket big screen": lambda r: reverse("knockout_bracket", args=[r("knockout").pk]) + BIG,
    "season big screen": lambda r: reverse("series_detail", args=[r("series").pk]) + BIG,
    "public party page": lambda r: publish(r("client_in"), "party", r("party")),
    "public knockout page": lambda r: publish(r("client_in"), "knockout", r("knockout")),
    "public season page": lambda r: publish(r("client_in"), "series", r("series")),
}


def text(response) -> str:
    return response.content.decode().replace("\u00a0", " ").replace("&nbsp;", " ")


@pytest.mark.parametrize("name", list(PAGES))
def test_a_member_asking_for_initials_turns_the_304_into_a_200_with_initials(name, request, client_in, members):
    her = members[HER]
    member_services.member_update(member=her, initials_only=False)
    url = PAGES[name](request.getfixturevalue)
    poll = {"HX-Request": "true"}
    first = client_in.get(url, headers=poll)
    assert first.status_code == 200 and "Whitfield" in text(first) and HERS not in text(first)
    tag = first["ETag"]
    assert client_in.get(url, headers=poll | {"If-None-Match": tag}).status_code == 304
    member_services.member_update(member=her, initials_only=True)
    after = client_in.get(url, headers=poll | {"If-None-Match": tag})
    assert after.status_code == 200 and after["ETag"] != tag
    assert HERS in text(after) and "Whitfield" not in text(after)

"""Published results: no login, only by their own link, never indexed, initials when asked, gone when taken down."""

import pytest

from tests.conftest import make_party
from tournaments.models import Club, Seat
from tournaments.services import members as member_services
from tournaments.services import public as public_services
from tournaments.services import results as result_services
from tournaments.services import seasons as season_services

pytestmark = pytest.mark.django_db

DEALS = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 9), ("PASS", "", 0)]


@pytest.fixture
def played(director):
    party = make_party(tables=1, rounds=1, user=director, name="Charity night")
    seats = {s.seat: s.guest for s in Seat.objects.filter(round__party=party).select_related("guest")}
    result_services.result_record(round_=party.rounds.get(number=1), table=1, deals=DEALS, by_user=director)
    return party, seats


def test_the_public_page_shows_the_standings_without_a_login(client, played):
    party, seats = played
    link = public_services.publish(event=party)
    response = client.get(f"/r/{link.token}/")
    page = response.content.decode()
    assert response.status_code == 200
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    assert '<meta name="robots" content="noindex, nofollow">' in page
    assert "Charity night" in page and seats["N"].name in page
    assert "+20" in page and "\u221220" in page
    # A poll gets the fragment only.
    assert "<html" not in client.get(f"/r/{link.token}/", HTTP_HX_REQUEST="true").content.decode()


def test_a_wrong_or_taken_down_link_is_a_404(client, played):
    party, _ = played
    link = public_services.publish(event=party)
    assert client.get("/r/not-the-token/").status_code == 404
    public_services.unpublish(event=party)
    assert client.get(f"/r/{link.token}/").status_code == 404
    # Published again: a new link, never the old one.
    assert public_services.publish(event=party).token != link.token


def test_a_member_who_asked_appears_by_initials_only(client, played, director):
    party, seats = played
    club = Club.objects.get(memberships__user=director)
    guest = seats["E"]
    member = member_services.member_create(club=club, name="Mary Jane Watson")
    member_services.member_update(member=member, initials_only=True)
    guest.name = "Mary Jane Watson"
    guest.member = member
    guest.save()
    page = client.get(f"/r/{public_services.publish(event=party).token}/").content.decode()
    assert "M. J. W." in page and "Mary Jane Watson" not in page


def test_a_season_page_in_french_with_shared_points(client, played, director):
    party, seats = played
    club = Club.objects.get(memberships__user=director)
    two = make_party(tables=1, rounds=1, user=director, name="Second night")
    series = season_services.series_save(
        club=club, name="Saison", scoring="places", place_points=[10, 8, 6, 5], parties=[party, two]
    )
    page = client.get(f"/r/{public_services.publish(event=series).token}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    # The second night has no result yet: it counts for nobody. On the first, N and S tied first on
    # 10-8 take (10 + 8) / 2 = 9 each; E and W (6 + 5) / 2 = 5.5, shown 5,5 in French.
    assert "Saison" in page and ">5,5<" in page and ">9<" in page
    assert "Meilleure dame de la saison" not in page  # not a mixed party: no ladies known


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "These results are not online at this link: the club has taken them down"),
        ("fr", "Ces résultats ne sont pas en ligne à ce lien\u202f: le club les a retirés"),
        ("de", "Unter diesem Link sind keine Ergebnisse online: Der Club hat sie entfernt"),
        ("nl", "Deze uitslagen staan niet online op deze link: de club heeft ze offline gehaald"),
    ],
)
def test_a_taken_down_results_link_says_so_in_the_readers_language(client, played, language, words):
    """Not the site's 404 about scanning a table card: a guest followed a results link."""
    party, _ = played
    link = public_services.publish(event=party)
    public_services.unpublish(event=party)
    for token in (link.token, "not-the-token"):
        response = client.get(f"/r/{token}/", HTTP_ACCEPT_LANGUAGE=language)
        page = response.content.decode()
        assert response.status_code == 404 and response["X-Robots-Tag"] == "noindex, nofollow"
        assert words in page and f'lang="{language}' in page
        assert "card" not in page and "carte" not in page and "Karte" not in page and "kaart" not in page

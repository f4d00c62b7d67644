"""Keep-partners standings on the big screen list the pairs once: the pairs' table, no "Everyone" list that
repeats it player by player (the director's page keeps both)."""

import pytest
from django.urls import reverse

from tests.conftest import make_party
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def kept_pairs(director):
    party = make_party(tables=2, keep_partners=True, user=director)
    first = party.rounds.get(number=1)
    for table in (1, 2):
        result_services.result_record(round_=first, table=table, net=(100 * table, -100 * table), by_user=director)
    return party


def test_the_big_screen_lists_kept_partners_once_by_pair(client_in, kept_pairs):
    url = reverse("party_standings", args=[kept_pairs.id])
    big = client_in.get(url, {"projector": "1"}).content.decode()
    assert "By pair" in big and "Everyone" not in big
    # Eight players, each named once in the lists (in their pair's line; the booby prize's line names its pair).
    lists = big.split("Booby prize")[0]
    for number in range(1, 9):
        assert lists.count(f"Player {number:03d}") == 1, number
    assert 'table class="standings"' in big

    page = client_in.get(url).content.decode()
    assert "By pair" in page and "Everyone" in page
    assert page.split("Booby prize")[0].count("Player 001") == 1  # by pair; then everyone, after the booby line
    assert page.count("Player 001") >= 2


@pytest.mark.parametrize(("language", "hold", "go_on"), [("en", "Hold", "Go on"), ("fr", "Pause", "Reprendre")])
def test_the_big_screens_hold_button_speaks_the_pages_language(client_in, kept_pairs, language, hold, go_on):
    url = reverse("party_standings", args=[kept_pairs.id])
    big = client_in.get(url, {"projector": "1"}, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'data-hold="{hold}"' in big and f'data-go-on="{go_on}"' in big
    assert "css/projector.css" in big
    assert "data-hold" not in client_in.get(url).content.decode()  # the director's own page has none

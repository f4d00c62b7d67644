"""Removing a guest from a party, removing a pair from a knockout and drawing a knockout's round again ask first,
as deleting does (tests/views/test_delete_asks.py): with JavaScript the button's form carries the question
(data-confirm, site.js then sends confirm=yes); without it the post is answered by a page asking the same
question, and nothing changes until its button is pressed."""

from html import escape

import pytest
from django.urls import reverse

from tests.knockout.helpers import get_round, make_knockout
from tests.views.test_delete_asks import the_second_step
from tournaments.models import KnockoutPair

pytestmark = pytest.mark.django_db


def draw_of(round_) -> list[tuple[int, int, int]]:
    return list(round_.matches.order_by("table").values_list("table", "ns_id", "ew_id"))


def test_a_guest_is_removed_only_once_the_director_says_yes(client_in, party_factory):
    party = party_factory(tables=1, draw=False)
    guest = party.guests.get(name="Player 003")
    page = client_in.get(reverse("party_guests", args=[party.id])).content.decode()
    url = reverse("guest_remove", args=[party.id, guest.id])
    assert f'action="{url}" data-confirm="Remove Player 003 from the guest list?"' in page
    asked = client_in.post(url)
    shown = asked.content.decode()
    assert asked.status_code == 200 and "<h1>Remove Player 003 from the guest list?</h1>" in shown
    assert the_second_step(shown, url) and f'href="{reverse("party_guests", args=[party.id])}"' in shown
    assert party.guests.count() == 4  # nothing removed yet
    client_in.post(url, {"confirm": "no"})
    assert party.guests.count() == 4
    client_in.post(url, {"confirm": "yes"})
    assert sorted(party.guests.values_list("name", flat=True)) == ["Player 001", "Player 002", "Player 004"]


def test_a_pair_is_removed_only_once_the_director_says_yes(client_in, director):
    knockout = make_knockout(pairs=10, user=director, draw=False)
    pair = knockout.pairs.order_by("id").first()
    page = client_in.get(reverse("knockout_detail", args=[knockout.id])).content.decode()
    url = reverse("knockout_pair_remove", args=[knockout.id, pair.id])
    question = escape(f"Remove the pair {pair.name} from the knockout?")  # "North 01 &amp; South 01"
    assert f'action="{url}" data-confirm="{question}"' in page
    asked = client_in.post(url)
    shown = asked.content.decode()
    assert asked.status_code == 200 and f"<h1>{question}</h1>" in shown
    assert the_second_step(shown, url) and f'href="{reverse("knockout_detail", args=[knockout.id])}"' in shown
    assert knockout.pairs.count() == 10
    client_in.post(url, {"confirm": "yes"})
    assert knockout.pairs.count() == 9 and not KnockoutPair.objects.filter(pk=pair.pk).exists()


def test_a_round_is_drawn_again_only_once_the_director_says_yes(client_in, director):
    knockout = make_knockout(pairs=10, user=director)
    round_ = get_round(knockout)
    before, seed = draw_of(round_), round_.draw_seed
    round_page = reverse("knockout_round", args=[knockout.id, "main", 1])
    page = client_in.get(round_page).content.decode()
    url = reverse("knockout_round_redraw", args=[knockout.id, "main", 1])
    question = "Draw Main round 1 again? The tables drawn now are thrown away."
    assert f'action="{url}" data-confirm="{question}"' in page
    asked = client_in.post(url)
    shown = asked.content.decode()
    assert asked.status_code == 200 and f"<h1>{question}</h1>" in shown
    assert the_second_step(shown, url) and f'href="{round_page}"' in shown
    round_.refresh_from_db()
    assert draw_of(round_) == before and round_.draw_seed == seed  # the draw is kept until the yes
    client_in.post(url, {"confirm": "yes"})
    round_.refresh_from_db()
    assert round_.draw_seed != seed


def test_the_question_speaks_the_clubs_language(client_in, party_factory):
    from tests.i18n.test_party_pages import club_speaking

    club_speaking("fr")
    party = party_factory(tables=1, draw=False)
    guest = party.guests.get(name="Player 003")
    asked = client_in.post(reverse("guest_remove", args=[party.id, guest.id])).content.decode()
    assert "<h1>Retirer Player 003 de la liste des invités\u202f?</h1>" in asked

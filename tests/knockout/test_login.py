"""Every knockout page needs a logged-in director: Charlie, not logged in, is sent to the login page."""

import pytest
from django.urls import reverse

from tests.knockout.helpers import make_knockout
from tournaments.models import Knockout, KnockoutRound

pytestmark = pytest.mark.django_db

K = ["knockout_detail", "knockout_edit", "knockout_pairs_add", "knockout_draw", "knockout_bracket"]
K += ["knockout_bracket_pdf", "knockout_results_xlsx"]
R = ["knockout_round", "knockout_round_redraw", "knockout_round_arrange", "knockout_round_close"]
R += ["knockout_round_reopen", "knockout_round_pdf"]


def urls(knockout) -> list[str]:
    pair = knockout.pairs.first()
    out = [reverse("knockout_list"), reverse("knockout_create")]
    out += [reverse(name, args=[knockout.id]) for name in K]
    out += [reverse(name, args=[knockout.id, "main", 1]) for name in R]
    out += [reverse("knockout_match", args=[knockout.id, "main", 1, 1])]
    out += [reverse("knockout_pair_remove", args=[knockout.id, pair.id])]
    return out


def test_every_page_needs_login(client):
    knockout = make_knockout(pairs=10)
    for url in urls(knockout):
        for method in (client.get, client.post):
            response = method(url)
            assert response.status_code == 302 and response["Location"].startswith("/accounts/login/"), url
    assert Knockout.objects.count() == 1 and KnockoutRound.objects.get().draw_seed == knockout.rounds.get().draw_seed


def test_actions_only_take_posts(client_in):
    knockout = make_knockout(pairs=10)
    for name in ("knockout_draw", "knockout_pairs_add"):
        assert client_in.get(reverse(name, args=[knockout.id])).status_code == 405
    for name in ("knockout_round_redraw", "knockout_round_arrange", "knockout_round_close", "knockout_round_reopen"):
        assert client_in.get(reverse(name, args=[knockout.id, "main", 1])).status_code == 405

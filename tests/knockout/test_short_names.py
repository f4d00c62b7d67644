"""The big screen's shorter names: given names as initials before the surname, its particles kept; a pair whose
short name another pair shares keeps its full name; the bracket page in the room has them, the director's page
and the printed chart the names in full."""

from types import SimpleNamespace

import pytest
from django.urls import reverse

from tests.knockout.helpers import get_round, matches
from tests.knockout.long_names import long_knockout
from tournaments.presentation.knockout import short_names, short_pair, short_player


@pytest.mark.parametrize(
    ("name", "short"),
    [
        ("Maximiliana Theodora Wilhelmina von Hohe", "M. T. W. von Hohe"),
        ("Kathleen Wolstenholme", "K. Wolstenholme"),
        ("Jean-Pierre de la Tour", "J.-P. de la Tour"),
        ("Cher", "Cher"),
        ("  Ada   Brown ", "A. Brown"),
    ],
)
def test_a_players_short_name(name, short):
    assert short_player(name) == short.replace(" ", "\u00a0")  # an initial never parted from its surname


def test_a_pair_whose_short_name_is_shared_keeps_its_full_name():
    pair = SimpleNamespace
    pairs = [
        pair(pk=1, player_a="Ada Brown", player_b="Bob Carter", name="Ada Brown & Bob Carter"),
        pair(pk=2, player_a="Amy Brown", player_b="Ben Carter", name="Amy Brown & Ben Carter"),
        pair(pk=3, player_a="Cora Dale", player_b="", name="Cora Dale"),
    ]
    assert short_pair("Ada Brown", "Bob Carter") == "A.\u00a0Brown & B.\u00a0Carter"
    assert short_names(pairs) == {1: "Ada Brown & Bob Carter", 2: "Amy Brown & Ben Carter", 3: "C.\u00a0Dale"}


@pytest.mark.django_db
def test_only_the_big_screen_shortens_the_names(client_in, director):
    knockout = long_knockout(director)
    pair = matches(get_round(knockout))[0].ns
    url = reverse("knockout_bracket", args=[knockout.id])
    big = client_in.get(url + "?projector=1").content.decode()
    page = client_in.get(url).content.decode()
    short = short_pair(pair.player_a, pair.player_b).replace("&", "&amp;")
    # The big screen: each player in a span of their own (a pair on one line, or a player a line).
    a, b = (short_player(pair.player_a), short_player(pair.player_b))
    assert f'<span class="player">{a}</span> <span class="player">&amp; {b}</span>' in big
    assert pair.name.replace("&", "&amp;") not in big
    assert pair.name.replace("&", "&amp;") in page and short not in page

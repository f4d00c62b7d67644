"""Initials in each script's own way (tournaments/rules/initials.py, docs/names.md): never a Latin full stop
after a letter of a script that does not write one."""

import pytest

from tournaments.presentation.knockout import NBSP, short_player
from tournaments.presentation.names import initials
from tournaments.rules.initials import initial, private_initial, shortened_given


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("Maximiliana", "M."),
        ("Émile", "É."),
        ("Σοφία", "Σ."),  # Greek
        ("Дмитрий", "Д."),  # Cyrillic
        ("מרים", "מ\u05f3"),  # Hebrew: the geresh
        ("سعيد", None),  # Arabic: no initials
        ("明", None),  # Chinese
        ("ゆき", None),  # Japanese
        ("민준", None),  # Korean
        ("", None),
    ],
)
def test_an_initial_is_written_as_its_script_writes_one(word, expected):
    assert initial(word) == expected


def test_the_big_screen_keeps_an_arabic_given_name_whole_and_no_latin_full_stop_follows_an_arabic_letter():
    assert short_player("سعيد أحمد") == f"سعيد{NBSP}أحمد"
    assert short_player("Saïd Ahmed") == f"S.{NBSP}Ahmed"
    assert short_player("Jean-Pierre Roux") == f"J.-P.{NBSP}Roux"
    assert short_player("מרים כהן") == f"מ\u05f3{NBSP}כהן"
    assert short_player("Sofia سعيد أحمد") == f"S.{NBSP}سعيد{NBSP}أحمد"
    assert "س." not in short_player("سعيد أحمد")
    assert shortened_given("سعيد") == "سعيد"


def test_initials_only_hides_an_arabic_name_by_its_letters_alone():
    assert initials("سعيد أحمد") == "س أ"
    assert initials("Jane Mary Austen") == "J. M. A."
    assert initials("Дмитрий Петров") == "Д. П."
    assert initials("王 小明") == "王 小"
    assert private_initial("") == ""

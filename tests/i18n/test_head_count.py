"""The guest count at the head of a party's pages reads as a native writes it, in every language we ship:
one sentence joining the guests, the ladies and the gentlemen, singulars right."""

import re
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.utils import translation

pytestmark = pytest.mark.django_db


def count_line(language: str, *, ladies: int, gentlemen: int, reserves: int = 0, needed: int = 12) -> str:
    count = SimpleNamespace(
        playing=ladies + gentlemen - reserves,
        needed=needed,
        ladies=ladies,
        gentlemen=gentlemen,
        reserves=reserves,
        fits=True,
        problems=[],
    )
    party = SimpleNamespace(mixed=True, tables=needed // 4)
    with translation.override(language):
        html = render_to_string("tournaments/_count.html", {"count": count, "party": party})
    text = re.sub(r"<[^>]+>", "", html).replace("\u202f", " ").replace("\u00a0", " ")
    return " ".join(text.split())


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "12 of 12 guests — 6 ladies, 6 gentlemen. The numbers fit the 3 tables."),
        ("fr", "12 invités sur 12 : 6 dames et 6 messieurs. Le compte est bon pour les 3 tables."),
        ("de", "12 von 12 Gästen: 6 Damen und 6 Herren. Die Zahl passt zu den 3 Tischen."),
        ("nl", "12 van 12 gasten: 6 dames en 6 heren. Het aantal klopt voor de 3 tafels."),
    ],
)
def test_the_count_is_one_sentence_in_each_language(language: str, expected: str) -> None:
    assert count_line(language, ladies=6, gentlemen=6) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", "12 invités sur 12 : 1 dame et 11 messieurs"),
        ("de", "12 von 12 Gästen: 1 Dame und 11 Herren"),
        ("nl", "12 van 12 gasten: 1 dame en 11 heren"),
    ],
)
def test_one_lady_is_singular(language: str, expected: str) -> None:
    assert count_line(language, ladies=1, gentlemen=11).startswith(expected)


def test_the_reserves_follow_in_brackets_in_french() -> None:
    line = count_line("fr", ladies=7, gentlemen=7, reserves=2)
    assert line.startswith("12 invités sur 12 : 7 dames et 7 messieurs (2 remplaçants).")

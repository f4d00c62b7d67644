"""A damaged export is refused in the reader's language: the whole sentence is translated, the file's own parts
(“seat 6”, “guest”, “nickname”) and values are quoted as they are, and nothing is written."""

import copy

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tests.conftest import default_club, play_two_rounds
from tournaments.files.transfer import party_export, party_import
from tournaments.models import Guest, Party, Round, Seat, TableResult

pytestmark = pytest.mark.django_db


def _unknown_guest(data):
    data["seats"][5][3] = "Somebody unknown"


def _unknown_field(data):
    data["guests"][1]["nickname"] = "Bob"


def _tables_out_of_range(data):
    data["party"]["tables"] = "three"


DAMAGES = [_unknown_guest, _unknown_field, _tables_out_of_range]

MESSAGES = {
    "fr": [
        "L’export est endommagé : seat 6 : guest vaut “Somebody unknown”, qui n’est pas un invité du fichier.",
        "L’export est endommagé\u202f: guest 2 contient un champ inconnu “nickname”.",
        "L’export est endommagé : the party : tables vaut “three” (attendu : un nombre entier de 1 à 500).",
    ],
    "de": [
        "Der Export ist beschädigt: seat 6: guest ist “Somebody unknown”, kein Gast der Datei.",
        "Der Export ist beschädigt: guest 2 enthält ein unbekanntes Feld “nickname”.",
        "Der Export ist beschädigt: the party: tables ist “three” (erwartet: eine ganze Zahl von 1 bis 500).",
    ],
}


@pytest.fixture
def export(party_factory, director):
    party = party_factory(tables=3, mixed=True, rounds=3)
    play_two_rounds(party, director)
    return party_export(party)


def _counts():
    return [model.objects.count() for model in (Party, Guest, Round, Seat, TableResult)]


@pytest.mark.parametrize("language", sorted(MESSAGES))
@pytest.mark.parametrize("number", range(len(DAMAGES)))
def test_a_damaged_export_is_refused_in_the_readers_language(export, language, number):
    data = copy.deepcopy(export)
    DAMAGES[number](data)
    before = _counts()
    with translation.override(language), pytest.raises(ValidationError) as refused:
        party_import(data, club=default_club())
    [message] = refused.value.messages
    assert message == MESSAGES[language][number]
    assert "expected" not in message and " has " not in message
    assert _counts() == before


def test_the_same_damage_stays_english_in_english(export):
    data = copy.deepcopy(export)
    _unknown_field(data)
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        party_import(data, club=default_club())
    assert refused.value.messages == ["The export is damaged: guest 2 has an unknown field “nickname”."]

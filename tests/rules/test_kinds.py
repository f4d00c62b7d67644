"""Lady or gentleman as typed in English, French, German or Dutch, whatever the club's language."""

import pytest

from tournaments.rules.kinds import LETTERS, WORDS, kind_from_word

TYPED = {
    "lady": [
        "lady", "Lady", "L", "woman", "Mrs", "Ms.",  # English
        "dame", "Dame", "DAME", "femme", "Mme", "Mme.", "madame", "Mlle", "féminin", "F",  # French
        "Frau", "Fr.", "weiblich", "D", "w",  # German
        "vrouw", "Mevrouw", "mevr.", "V", "vrouwelijk",  # Dutch
    ],
    "gentleman": [
        "gentleman", "G", "gent", "Mr", "male",  # English
        "monsieur", "Monsieur", "homme", "Homme", "M.", "M", "masculin",  # French
        "Herr", "Hr.", "Mann", "männlich", "MÄNNLICH", "H",  # German
        "heer", "Heer", "meneer", "dhr.", "man", "mannelijk",  # Dutch
    ],
}  # fmt: skip


@pytest.mark.parametrize("kind", TYPED)
def test_every_languages_words_and_letters_are_understood(kind):
    assert {word: kind_from_word(word) for word in TYPED[kind]} == dict.fromkeys(TYPED[kind], kind)


def test_nothing_typed_is_no_kind_and_a_word_not_known_is_refused():
    assert [kind_from_word(w) for w in ("", "  ", None)] == ["", "", ""]
    assert [kind_from_word(w) for w in ("dama", "señor", "x", "ladies and gentlemen", "Mary")] == [None] * 5


def test_no_word_or_letter_means_both_kinds():
    ladies, gentlemen = set(WORDS["lady"]), set(WORDS["gentleman"])
    assert not ladies & gentlemen
    assert sorted(k for k, v in LETTERS.items() if v == "lady") == ["d", "f", "l", "v", "w"]
    assert sorted(k for k, v in LETTERS.items() if v == "gentleman") == ["g", "h", "m"]

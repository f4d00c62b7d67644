"""The rules engine's sentences, and the party's services that show them, in French, German and Dutch.

The engine keeps English text and figures apart (RuleError, words, plural_words); `l10n.say` puts
them together in the page's language. English stays exactly what the engine tests expect.
"""

import datetime
import string

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import default_club
from tournaments import l10n
from tournaments.rules import boston, contract, draw, knockout, towie
from tournaments.rules.errors import RuleError, Words, joined, plural_words, words
from tournaments.services import party as party_services
from tournaments.services import rounds as round_services
from tournaments.services import seating as seating_services


def _raised(function, *args, **kwargs) -> RuleError:
    with pytest.raises(ValueError) as caught:
        function(*args, **kwargs)
    assert isinstance(caught.value, RuleError)
    return caught.value


def said_in(language: str, said) -> str:
    with translation.override(language):
        return l10n.say(said)


# ---- a RuleError --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "language, expected",
    [
        ("en", "the level in '9S' must be 1 to 7"),
        ("fr", "le palier dans '9S' doit être de 1 à 7"),
        ("de", "die Stufe in '9S' muss 1 bis 7 sein"),
        ("nl", "het niveau in '9S' moet 1 tot 7 zijn"),
    ],
)
def test_a_rule_error_is_said_in_the_page_language_with_its_figures(language, expected):
    error = _raised(contract.parse_contract, "9S")
    assert str(error) == "the level in '9S' must be 1 to 7"  # the English the engine tests match
    assert said_in(language, error) == expected


@pytest.mark.parametrize(
    "language, expected",
    [
        ("fr", "les levées doivent être un nombre entier entre 0 et 13, pas 'ten'"),
        ("de", "die Stiche müssen eine ganze Zahl zwischen 0 und 13 sein, nicht 'ten'"),
        ("nl", "de slagen moeten een geheel getal tussen 0 en 13 zijn, niet 'ten'"),
    ],
)
def test_a_repr_figure_stays_a_repr_in_every_language(language, expected):
    error = _raised(contract.check_tricks, "ten")
    assert str(error) == "tricks must be a whole number between 0 and 13, not 'ten'"
    assert said_in(language, error) == expected


def test_a_rule_error_is_still_a_value_error_matched_by_its_english():
    with pytest.raises(ValueError, match=r"there is no seat X at table 1"), translation.override("fr"):
        draw.draw_seating([f"p{i}" for i in range(4)], 1, fixed={(1, "X"): "p0"})


# ---- words and plural_words ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "language, expected",
    [
        ("fr", "10 tables, c’est au-delà du conseil des Four Aces"),
        ("de", "10 Tische gehen über den Rat der Four Aces hinaus"),
        ("nl", "10 tafels gaat verder dan het advies van de Four Aces"),
    ],
)
def test_words_are_said_in_the_page_language(language, expected):
    note = knockout.advice_note(10)
    assert isinstance(note, Words)
    assert note.startswith("10 tables goes beyond the Four Aces' advice")
    assert said_in(language, note).startswith(expected)


@pytest.mark.parametrize(
    "language, one, three",
    [
        ("en", "1 more player needed", "3 more players needed"),
        ("fr", "encore 1 joueur nécessaire", "encore 3 joueurs nécessaires"),
        ("de", "noch 1 Spieler nötig", "noch 3 Spieler nötig"),
        ("nl", "nog 1 speler nodig", "nog 3 spelers nodig"),
    ],
)
def test_plural_words_take_the_form_of_their_count(language, one, three):
    [short_one] = draw.numbers_problems(2, players=7, mixed=False)
    [short_three] = draw.numbers_problems(2, players=5, mixed=False)
    assert (short_one, short_three) == ("1 more player needed", "3 more players needed")
    assert (said_in(language, short_one), said_in(language, short_three)) == (one, three)


@pytest.mark.parametrize(
    "language, expected",
    [
        ("en", "1 more lady needed; 3 gentlemen over"),
        ("fr", "encore 1 dame nécessaire\u202f; 3 messieurs en trop"),
        ("de", "noch 1 Dame nötig; 3 Herren zu viel"),
        ("nl", "nog 1 dame nodig; 3 heren te veel"),
    ],
)
def test_sentences_joined_are_each_translated(language, expected):
    problems = draw.numbers_problems(2, ladies=3, gentlemen=7, mixed=True)
    assert said_in(language, joined(problems)) == expected
    assert said_in(language, RuleError.of(joined(problems))) == expected


def test_a_sentence_inside_a_sentence_is_translated_too():
    error = _raised(towie.score_sheet, ["Ann", "Bob", "Cat"], [("Ann", "4S", 10), ("Zoe", "4S", 10)])
    assert str(error) == "hand 2: the declarer must be one of the players (Ann, Bob, Cat), not 'Zoe'"
    assert said_in("fr", error) == "main 2\u202f: le déclarant doit être l’un des joueurs (Ann, Bob, Cat), pas 'Zoe'"
    assert said_in("de", error) == "Hand 2: der Alleinspieler muss einer der Spieler sein (Ann, Bob, Cat), nicht 'Zoe'"
    assert said_in("nl", error) == "hand 2: de leider moet een van de spelers zijn (Ann, Bob, Cat), niet 'Zoe'"


def test_a_missing_house_setting_names_the_figure_in_the_page_language():
    error = _raised(boston.BostonGame, "english", ["A", "B", "C", "D"], house={"pool_feed": 10})
    assert error.message == boston.HOUSE_MISSING
    assert said_in("fr", error) == (
        "le livre ne donne aucun chiffre pour la limite de la poule du Boston\u202f: "
        "c’est une règle de la maison, donnez-la comme house['pool_limit']"
    )
    assert "die Obergrenze des Pots im Boston" in said_in("de", error)


def test_the_knockout_cut_chooses_its_plural_in_other_languages():
    matches = [("A", 500, "B", 600), ("C", 500, "D", 600), ("E", 500, "F", 600)]
    error = _raised(knockout.advance_detail, matches, 4, cut=["A", "C"])
    assert str(error) == "the cut is for 1 place(s) among A, C, E: name exactly 1 of them"
    assert said_in("fr", error) == "le tirage porte sur 1 place parmi A, C, E\u202f: nommez-en exactement 1"
    assert said_in("de", error) == "gezogen wird um 1 Platz unter A, C, E: nennen Sie genau 1 davon"


def test_the_towie_reason_and_entries_are_said_in_the_page_language():
    proposal = towie.who_plays_next(["Ann", "Bob", "Cat"], ["Dan"], "Ann", made=True)
    assert proposal.reason == (
        "Ann made the contract, so Dan, first in the queue, takes the seat; Ann joins the end of the queue."
    )
    assert said_in("de", proposal.reason) == (
        "Ann hat den Kontrakt erfüllt, also nimmt Dan, Erster in der Warteschlange, den Platz; "
        "Ann stellt sich hinten an."
    )
    sheet = towie.TowieSheet(["Ann", "Bob", "Cat"])
    deal = sheet.play("Ann", "4S", 9)
    assert {str(e.label) for e in deal.entries} == {"Ann down 1"}
    assert {said_in("fr", e.label) for e in deal.entries} == {"Ann chute de 1"}


# ---- properties: the English is exactly the message filled with its figures ---------------------

NAMES = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)
FIGURES = st.one_of(st.integers(), st.text(max_size=12), st.floats(allow_nan=False), st.none(), st.booleans())
TEXT = st.text(alphabet=st.characters(blacklist_characters="%"), max_size=20)


@st.composite
def messages(draw_):
    """A message with %(name)s / %(name)r placeholders, and figures for every name (and spare ones)."""
    figures = draw_(st.dictionaries(NAMES, FIGURES, max_size=4))
    parts = [draw_(TEXT)]
    for name in draw_(st.lists(st.sampled_from(sorted(figures)), max_size=4)) if figures else []:
        parts += [f"%({name}){draw_(st.sampled_from('sr'))}", draw_(TEXT)]
    return "".join(parts), figures


@given(messages())
def test_a_rule_error_reads_as_its_message_filled_with_its_figures(message_figures):
    message, figures = message_figures
    assert str(RuleError(message, **figures)) == message % figures
    assert str(words(message, **figures)) == message % figures
    if "\r" not in message:  # (Django's gettext reads a lone "\r" as a line end, "\n")
        assert l10n.say(RuleError(message, **figures)) == message % figures  # no catalogue knows it: English


@given(st.integers(min_value=0, max_value=10_000), TEXT)
def test_plural_words_read_as_the_english_form_of_their_count(count, tail):
    said = plural_words("%(count)s table" + tail, "%(count)s tables" + tail, count)
    assert said == (f"{count} table{tail}" if count == 1 else f"{count} tables{tail}")
    assert l10n.say(said) == said


def test_a_figure_may_be_called_anything():
    assert str(RuleError("%(message)s and %(count)s", message="m", count=2)) == "m and 2"
    assert plural_words("%(count)s of %(plural)s", "%(count)s of %(plural)s", 3, plural="p") == "3 of p"


# ---- the party's services -----------------------------------------------------------------------


def _party(guests: int, tables: int = 2):
    party = party_services.party_create(
        name="Spring party", date=datetime.date(2026, 11, 28), tables=tables, club=default_club()
    )
    names = [f"Guest {letter}" for letter in string.ascii_uppercase[:guests]]
    party_services.guests_add(party=party, entries=[(name, "") for name in names])
    return party


def _messages(error: ValidationError) -> list[str]:
    return [str(m) for m in error.messages]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, expected",
    [
        ("en", "The seats cannot be drawn: 1 more player needed."),
        ("fr", "Les places ne peuvent pas être tirées\u202f: encore 1 joueur nécessaire."),
        ("de", "Die Plätze können nicht ausgelost werden: noch 1 Spieler nötig."),
        ("nl", "De plaatsen kunnen niet geloot worden: nog 1 speler nodig."),
    ],
)
def test_the_draw_says_what_is_missing_in_the_page_language(language, expected):
    party = _party(7)
    with translation.override(language), pytest.raises(ValidationError) as caught:
        seating_services.seats_draw(party=party)
    assert _messages(caught.value) == [expected]


@pytest.mark.django_db
def test_a_batch_of_guests_names_each_bad_line_in_the_page_language():
    party = _party(8)
    with translation.override("nl"), pytest.raises(ValidationError) as caught:
        party_services.guests_add(party=party, entries=[("Guest A", ""), ("", ""), ("Nova", ""), ("nova", "")])
    assert _messages(caught.value) == [
        "Regel 1: Guest A staat al op de gastenlijst.",
        "Regel 2: de naam is leeg.",
        "Regel 4: nova staat er twee keer in.",
    ]
    assert not any("already on the guest list" in m for m in _messages(caught.value))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, expected",
    [
        ("fr", "2 tables jouent encore (1, 2) : le résultat de chaque table doit être saisi avant la clôture du tour."),
        ("de", "2 Tische spielen noch (1, 2): das Ergebnis jedes Tisches muss vorliegen, bevor die Runde schließt."),
        ("nl", "2 tafels spelen nog (1, 2): de uitslag van elke tafel moet binnen zijn voordat de ronde sluit."),
    ],
)
def test_a_round_with_tables_still_playing_cannot_close(language, expected):
    party = _party(8)
    first = seating_services.seats_draw(party=party, seed=1)
    with translation.override(language), pytest.raises(ValidationError) as caught:
        round_services.round_close(round_=first)
    assert _messages(caught.value) == [expected]


@pytest.mark.django_db
def test_fixed_seats_are_read_and_named_with_the_page_letters():
    party = _party(8)
    with translation.override("fr"):
        # "O" is Ouest (West) in French; in German and Dutch it is Ost / Oost (East).
        assert seating_services.pins_parse("1 O Guest A", party=party) == [[1, "W", "Guest A"]]
        with pytest.raises(ValidationError) as caught:
            seating_services.seats_draw(party=party, pins=[[1, "W", "Guest A"], [1, "W", "Guest B"]])
    assert _messages(caught.value) == ["La place O de la table 1 est fixée deux fois."]
    with translation.override("de"):
        assert seating_services.pins_parse("2 O Guest B", party=party) == [[2, "E", "Guest B"]]
    with translation.override("en"):
        assert seating_services.pins_parse("2 east Guest B\n1 W Guest A", party=party) == [
            [2, "E", "Guest B"],
            [1, "W", "Guest A"],
        ]

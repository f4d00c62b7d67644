"""The progressive party's director pages speak the club's language and write numbers in its style."""

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments import l10n
from tournaments.models import Club, Party
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db

# Per language: the words each page must show, and English sentences it must not.
WORDS = {
    "fr": {
        "dashboard": ["Vue d’ensemble", "Invités", "Classement", "Étape suivante", "Tour 1", "partenaires changeant"],
        "guests": ["Ajouter un invité", "La liste (8)", "Modifier", "Retirer Player 001", "8 invités sur 8"],
        "round": ["Table 1", "Chrono du tour 2", "Grand écran", "Feuilles de marque (PDF)"],
        "standings": ["Tout le monde", "Tour par tour", "Total cumulé après chaque tour", "Feuille des résultats"],
        "movement": ["qui s’assoit où", "Partenaire", "Changer une place avant le début du jeu", "échange avec"],
        "seats": ["N", "E", "S", "O"],
    },
    "de": {
        "dashboard": ["Übersicht", "Gäste", "Rangliste", "Nächster Schritt", "Runde 1", "Partner wechseln jede Runde"],
        "guests": ["Gast hinzufügen", "Die Liste (8)", "Ändern", "Player 001 entfernen", "8 von 8 Gästen"],
        "round": ["Tisch 1", "Uhr der Runde 2", "Großbildschirm", "Scorezettel (PDF)"],
        "standings": ["Alle", "Runde für Runde", "Zwischensumme nach jeder Runde", "Ergebnisblatt"],
        "movement": ["wer wo sitzt", "Partner", "Einen Platz vor Spielbeginn ändern", "tauscht mit"],
        "seats": ["N", "O", "S", "W"],
    },
    "nl": {
        "dashboard": ["Overzicht", "Gasten", "Stand", "Volgende stap", "Ronde 1", "partners wisselen elke ronde"],
        "guests": ["Gast toevoegen", "De lijst (8)", "Wijzigen", "Player 001 verwijderen", "8 van 8 gasten"],
        "round": ["Tafel 1", "Klok van ronde 2", "Groot scherm", "Scorekaarten (PDF)"],
        "standings": ["Iedereen", "Ronde voor ronde", "Lopend totaal na elke ronde", "Uitslagenblad"],
        "movement": ["wie waar zit", "Partner", "Een plaats wijzigen voordat het spel begint", "ruilt met"],
        "seats": ["N", "O", "Z", "W"],
    },
}
ENGLISH = {
    "dashboard": ["Overview", "Next step", "Go to the current round", "partners change every round"],
    "guests": ["Add a guest", "Paste a list, or upload a spreadsheet", "The numbers fit the", "No guests yet"],
    "round": ["Start round 2", "not started", "deals in", "Big screen", "still playing"],
    "standings": ["Everyone", "Round by round", "Running total after each round", "Results sheet"],
    "movement": ["where everyone sits", "Change a seat before play starts", "swaps with", "Movement sheet"],
}


def club_speaking(language: str, style: str = "") -> Club:
    club = Club.objects.get(name="Alice's club")
    club.language, club.format_style = language, style
    club.save()
    return club


def pages(client, party: Party) -> dict[str, str]:
    urls = {
        "dashboard": reverse("party_dashboard", args=[party.id]),
        "guests": reverse("party_guests", args=[party.id]),
        "round": reverse("round_detail", args=[party.id, 2]),
        "standings": reverse("party_standings", args=[party.id]),
        "movement": reverse("round_movement", args=[party.id, 2]),
    }
    found = {}
    for name, url in urls.items():
        response = client.get(url)
        assert response.status_code == 200, name
        found[name] = response.content.decode()
    return found


def two_rounds(party: Party, director) -> None:
    """Round 1 played and closed, round 2 under way: every page has something to say."""
    first = party.rounds.get(number=1)
    result_services.result_record(round_=first, table=1, net=(1000, -1000), by_user=director)
    result_services.result_record(round_=first, table=2, net=(-100, 100), by_user=director)
    round_services.round_close(round_=first)


@pytest.mark.parametrize("language", ["fr", "de", "nl"])
def test_the_party_pages_speak_the_clubs_language(client_in, party_factory, director, language):
    club_speaking(language)
    party = party_factory(tables=2)
    two_rounds(party, director)
    found = pages(client_in, party)
    for name, words in WORDS[language].items():
        if name == "seats":
            continue
        for word in words:
            assert word in found[name], (language, name, word)
    for name, sentences in ENGLISH.items():
        for sentence in sentences:
            assert sentence not in found[name], (language, name, sentence)


@pytest.mark.parametrize("language", ["fr", "de", "nl"])
def test_the_seats_are_shown_with_the_languages_letters(client_in, party_factory, director, language):
    club_speaking(language)
    party = party_factory(tables=2)
    two_rounds(party, director)
    page = client_in.get(reverse("round_movement", args=[party.id, 2])).content.decode()
    north, east, south, west = WORDS[language]["seats"]
    # The seat chooser posts N E S W, and shows the language's letters.
    assert f'<option value="E">{east}</option>' in page and f'<option value="W">{west}</option>' in page
    assert f'<option value="S">{south}</option>' in page and f'<option value="N">{north}</option>' in page
    square = client_in.get(reverse("round_detail", args=[party.id, 2])).content.decode()
    assert f"<small>{east}</small>" in square and f"<small>{west}</small>" in square


def test_numbers_follow_the_clubs_style(client_in, party_factory, director):
    club_speaking("fr", style="de")
    party = party_factory(tables=2)
    two_rounds(party, director)
    page = client_in.get(reverse("party_standings", args=[party.id])).content.decode()
    assert "+1.000" in page and "−1.000" in page and "+1,000" not in page
    assert "Tout le monde" in page  # French words, German numbers

    club_speaking("fr")
    page = client_in.get(reverse("party_standings", args=[party.id])).content.decode()
    with translation.override("fr"):
        assert "+" + l10n.number(1000) in page and "+1.000" not in page
    entry = client_in.get(reverse("table_enter", args=[party.id, 2, 1])).content.decode()
    with translation.override("fr"):
        assert f"au plus {l10n.number(1000)} points" in entry


def test_the_party_date_is_in_the_clubs_language(client_in, party_factory):
    club_speaking("de")
    party = party_factory(tables=1)
    page = client_in.get(reverse("party_dashboard", args=[party.id])).content.decode()
    assert "28. November 2026" in page and "1 Tisch" in page and "Nov 2026" not in page
    home = client_in.get(reverse("home")).content.decode()
    assert "28. November 2026" in home and "Turnierabende" in home and "Party nights" not in home


def test_messages_and_form_errors_are_translated(client_in, party_factory):
    club_speaking("fr")
    party = party_factory(tables=1)
    page = client_in.post(reverse("guests_paste", args=[party.id]), {"names": ""}, follow=True).content.decode()
    assert "Collez au moins un nom." in page and "Paste at least one name" not in page
    page = client_in.post(reverse("guests_paste", args=[party.id]), {"names": "Anne\nBernard"}, follow=True)
    assert "2 invités ajoutés." in page.content.decode()
    page = client_in.post(reverse("party_create"), {"name": "", "date": "2026-12-12", "tables": 0}).content.decode()
    assert "Donnez un nom au tournoi." in page and "Un tournoi a de 1 à 500 tables." in page
    assert "Nombre de tables" in page and "Give the party a name" not in page


def test_a_deal_entry_speaks_french(client_in, party_factory):
    club_speaking("fr")
    party = party_factory(tables=1)
    url = reverse("table_enter", args=[party.id, 1, 1])
    data = {"mode": "deals", "version": 0, "d1-level": "P", "d1-declarer": "N", "d1-tricks": "3"}
    page = client_in.post(url, data).content.decode()
    assert "Donne 1\u202f: Une donne passée n’a pas de déclarant ou levées" in page
    assert "Rien n’a été enregistré" in page and "Nothing was saved" not in page
    preview = {"preview": "1", "d1-level": "3", "d1-strain": "N", "d1-declarer": "E", "d1-tricks": "9"}
    page = client_in.post(url, preview).content.decode()
    assert "3SA par E, 9 levées" in page and "Jusqu’ici" in page and "So far" not in page


def test_english_stays_english(client_in, party_factory, director):
    party = party_factory(tables=2)
    two_rounds(party, director)
    found = pages(client_in, party)
    for name, sentences in ENGLISH.items():
        assert any(sentence in found[name] for sentence in sentences), name
    assert "+1,000" in found["standings"]

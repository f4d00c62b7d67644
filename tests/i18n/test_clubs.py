"""The club's pages, the login, the header and the site's own pages in French, German and Dutch.

Also the messages of the club's services, the upload limits and the knockout rounds' titles, which
are read in the language of the page that shows them, and the English that stays as it was.
"""

import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tournaments import l10n
from tournaments.files import uploads as imports
from tournaments.models import Club, DirectorInvite, KnockoutRound, Membership
from tournaments.services import clubs as services

pytestmark = pytest.mark.django_db

LANGUAGES = ["fr", "de", "nl"]


def page_text(response) -> str:
    html = response.content.decode()
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


WORDS = {
    "header": {
        "fr": ["Tournois", "Éliminations directes", "Ma langue", "Déconnecter alice", "Aller au contenu"],
        "de": ["Turniere", "K.-o.-Turniere", "Meine Sprache", "alice abmelden", "Zum Seiteninhalt springen"],
        "nl": ["Drives", "Knock-outs", "Mijn taal", "alice afmelden", "Naar de inhoud"],
    },
    "club": {
        "fr": ["Vous êtes propriétaire de ce club.", "Directeurs de tournoi", "Ajouter un directeur de tournoi",
               "Ou avec un lien à usage unique", "Langue, papier et nombres", "Format du papier",
               "Enregistrer les réglages", "La langue de chaque navigateur", "Lettre US", "Identifiant"],
        "de": ["Sie sind Inhaber dieses Klubs.", "Einen Turnierleiter hinzufügen", "Oder mit einem Einmal-Link",
               "Sprache, Papier und Zahlen", "Papierformat", "Einstellungen speichern",
               "Die Sprache des jeweiligen Browsers", "US-Letter", "Inhaber", "Benutzername"],
        "nl": ["U bent eigenaar van deze club.", "Wedstrijdleiders", "Een wedstrijdleider toevoegen",
               "Of met een eenmalige link", "Taal, papier en getallen", "Papierformaat", "Instellingen opslaan",
               "De taal van elke browser", "Eigenaar", "Gebruikersnaam"],
    },
    "login": {
        "fr": ["Se connecter", "Les directeurs de tournoi et les hôtesses se connectent ici."],
        "de": ["Anmelden", "Turnierleiter und Gastgeberinnen melden sich hier an."],
        "nl": ["Inloggen", "Wedstrijdleiders en gastvrouwen loggen hier in."],
    },
    "my_language": {
        "fr": ["Ma langue", "La langue du club (sinon celle du navigateur)", "Enregistrer"],
        "de": ["Meine Sprache", "Die Sprache des Klubs (sonst die des Browsers)", "Speichern"],
        "nl": ["Mijn taal", "De taal van de club (anders die van de browser)", "Opslaan"],
    },
}  # fmt: skip
ENGLISH = {
    "header": ["Parties", "Knockouts", "My language", "Log out alice", "Skip to the page"],
    "club": ["You are an owner of this club.", "Add a director", "Language, paper and numbers", "Save the settings"],
    "login": ["Log in", "Directors and hostesses log in here."],
    "my_language": ["The club's language (else the browser's)"],
}


@pytest.fixture
def club(director) -> Club:
    return Club.objects.get(memberships__user=director)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_club_page_and_the_header_in_the_clubs_language(client_in, club, language):
    club.language = language
    club.save()
    response = client_in.get(reverse("club_page"))
    text = page_text(response)
    assert f'<html lang="{language}">' in response.content.decode()
    for word in WORDS["header"][language] + WORDS["club"][language]:
        assert word in text, word
    for english in ENGLISH["header"] + ENGLISH["club"]:
        assert english not in text, english


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_login_page_in_the_browsers_language(client, language):
    text = page_text(client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE=language))
    for word in WORDS["login"][language]:
        assert word in text, word
    for english in ENGLISH["login"]:
        assert english not in text, english


@pytest.mark.parametrize("language", LANGUAGES)
def test_my_language_page_in_the_directors_language(client_in, language):
    client_in.post(reverse("my_language"), {"language": language})
    text = page_text(client_in.get(reverse("my_language")))
    for word in WORDS["my_language"][language] + WORDS["header"][language]:
        assert word in text, word
    for english in ENGLISH["my_language"] + ENGLISH["header"]:
        assert english not in text, english


def test_the_english_pages_stay_as_they_were(client_in):
    text = page_text(client_in.get(reverse("club_page")))
    for english in ENGLISH["header"] + ENGLISH["club"]:
        assert english in text, english
    assert "The club has no language" not in text  # the owner sees the form, a director the sentence


def test_a_directors_club_page_says_what_the_club_chose(client, club):
    club.language, club.paper = "nl", "letter"
    club.save()
    carol = get_user_model().objects.create_user("carol")
    Membership.objects.create(club=club, user=carol, role="director")
    client.force_login(carol)
    text = page_text(client.get(reverse("club_page")))
    assert "U bent wedstrijdleider van deze club." in text
    assert "De pagina’s en afdrukken van de club zijn in het Nederlands." in text
    assert "Afgedrukt op US Letter-papier." in text and "Een eigenaar van de club kan dit wijzigen." in text


def test_an_invite_page_in_the_browsers_language(client_in, club, director):
    invite = services.invite_create(club=club, by=director)
    stranger = Client()
    text = page_text(stranger.get(reverse("invite_accept", args=[invite.token]), HTTP_ACCEPT_LANGUAGE="de"))
    assert f"{club.name} beitreten" in text and "Dem Klub beitreten" in text
    assert f"Sie wurden gebeten, Turnierleiter von {club.name} zu werden." in text
    DirectorInvite.objects.update(used_at=invite.created_at)
    gone = stranger.get(reverse("invite_accept", args=[invite.token]), HTTP_ACCEPT_LANGUAGE="fr")
    assert gone.status_code == 410
    assert "Ce lien a déjà servi ou a expiré : demandez-en un nouveau au propriétaire du club." in page_text(gone)


def test_the_not_found_page_in_the_browsers_language(client):
    response = client.get("/t/no-such-table/", HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 404
    assert "Niet gevonden" in page_text(response) and "Not found" not in page_text(response)


def test_the_clubs_messages_in_the_readers_language(client_in, club, director):
    Club.objects.create(name="Other club")
    response = client_in.post(
        reverse("club_rename"), {"club_name": "Other club"}, HTTP_ACCEPT_LANGUAGE="de", follow=True
    )
    assert "Ein anderer Klub heißt „Other club“: Wählen Sie einen anderen Namen." in page_text(response)
    response = client_in.post(
        reverse("director_create"),
        {"new-username": "alice", "new-password1": "x", "new-password2": "y", "new-role": "director"},
        HTTP_ACCEPT_LANGUAGE="fr",
        follow=True,
    )
    assert "Les deux mots de passe diffèrent : tapez deux fois le même." in page_text(response)
    eve = get_user_model().objects.create_user("eve")
    with (
        translation.override("nl"),
        pytest.raises(ValidationError, match="Alleen een eigenaar van de club kan dat doen."),
    ):
        services.club_rename(club=club, name="Other", by=eve)


def test_the_upload_limits_speak_the_readers_language_with_its_numbers():
    with translation.override("fr"):
        assert str(imports.TOO_MANY_ROWS) == (
            f"Ce fichier a plus de {l10n.number(imports.MAX_ROWS)} lignes\u202f: ce n’est pas une liste d’invités."
        )
        assert "Ce fichier n’est pas une liste d’invités" in str(imports.NOT_A_LIST)
    with translation.override("de"):
        assert str(imports.UNPACKED_TOO_LARGE).startswith("Diese Tabelle ist entpackt zu groß (über 20 MB)")
    assert str(imports.TOO_MANY_ROWS) == "This file has more than 1,000 rows: that is no guest list."


@pytest.mark.parametrize(
    ("bracket", "tables", "number", "english", "german"),
    [
        ("main", 1, 3, "Main final", "Finale des Hauptturniers"),
        ("consolation", 2, 2, "Consolation semi-final", "Halbfinale der Trostrunde"),
        ("main", 4, 1, "Main round 1", "Hauptturnier, Runde 1"),
    ],
)
def test_a_knockout_rounds_title_in_the_readers_language(bracket, tables, number, english, german):
    round_ = KnockoutRound(bracket=bracket, tables=tables, number=number)
    assert round_.title == english
    with translation.override("de"):
        assert round_.title == german

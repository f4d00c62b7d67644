"""Who chooses a page's language: the browser, else the club, else the director; a table's phone its own.

A director's page speaks the director's own choice (DirectorSettings, copied into the session at
login), else the club's language, else the browser's (Accept-Language). A table's phone, the login
page and the first run always speak the browser's: the guests at one table may read different
languages, whatever the club chose.
"""

import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.conftest import make_party
from tournaments.models import Club, DirectorSettings, Membership, TableToken
from tournaments.selectors.clubs import LANGUAGE_KEY

pytestmark = pytest.mark.django_db

# The header's "My language" link, in each language: a director page's own words.
MY_LANGUAGE = {"en-gb": "My language", "fr": "Ma langue", "de": "Meine Sprache", "nl": "Mijn taal"}


def page_text(response) -> str:
    html = response.content.decode()
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def speaks(response, language: str) -> bool:
    """The page says it speaks `language` (lang attribute and header) and its header is in it."""
    html = response.content.decode()
    others = [word for code, word in MY_LANGUAGE.items() if code != language]
    return (
        f'<html lang="{language}">' in html
        and response["Content-Language"] == language
        and MY_LANGUAGE[language] in page_text(response)
        and not any(word in page_text(response) for word in others)
    )


@pytest.fixture
def club(director) -> Club:
    return Club.objects.get(memberships__user=director)


def test_with_nothing_chosen_a_director_page_follows_the_browser(client_in):
    assert speaks(client_in.get(reverse("club_page"), HTTP_ACCEPT_LANGUAGE="fr"), "fr")
    assert speaks(client_in.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="nl,en;q=0.5"), "nl")
    assert speaks(client_in.get(reverse("club_page")), "en-gb")


def test_the_clubs_language_overrides_the_browsers(client_in, club):
    club.language = "de"
    club.save()
    response = client_in.get(reverse("club_page"), HTTP_ACCEPT_LANGUAGE="fr")
    assert speaks(response, "de")
    assert "Sprache, Papier und Zahlen" in page_text(response)


def test_the_directors_own_choice_overrides_the_clubs_and_survives_a_new_login(client_in, club, director):
    club.language = "de"
    club.save()
    response = client_in.post(reverse("my_language"), {"language": "nl", "next": reverse("club_page")}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("club_page")
    assert speaks(response, "nl") and "Uw taal is opgeslagen." in page_text(response)
    assert DirectorSettings.objects.get(user=director).language == "nl"
    assert speaks(client_in.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="fr"), "nl")

    # Another browser, a new login: the signal puts the choice into the new session.
    laptop = Client()
    laptop.force_login(director)
    assert laptop.session[LANGUAGE_KEY] == "nl"
    assert speaks(laptop.get(reverse("club_page"), HTTP_ACCEPT_LANGUAGE="fr"), "nl")

    # None chosen: the club's language again, on this browser and at the next login.
    response = laptop.post(reverse("my_language"), {"language": ""}, follow=True)
    assert LANGUAGE_KEY not in laptop.session and speaks(response, "de")
    assert "Ihre Sprache ist gespeichert." in page_text(response)
    again = Client()
    again.force_login(director)
    assert LANGUAGE_KEY not in again.session
    assert speaks(again.get(reverse("club_page"), HTTP_ACCEPT_LANGUAGE="fr"), "de")


def test_my_language_page_shows_the_choice_and_goes_back_only_to_this_site(client_in, director):
    DirectorSettings.objects.create(user=director, language="fr")
    page = client_in.get(reverse("my_language"), {"next": "/club/"})
    assert '<option value="fr" selected>' in page.content.decode()
    assert 'name="next" value="/club/"' in page.content.decode()
    away = client_in.post(reverse("my_language"), {"language": "de", "next": "https://elsewhere.example/"})
    assert away.status_code == 302 and away["Location"] == reverse("home")


def test_a_tables_phone_follows_the_phones_language_whatever_the_club_or_the_director_chose(
    client, client_in, club, director
):
    club.language = "de"
    club.save()
    DirectorSettings.objects.create(user=director, language="nl")
    party = make_party(tables=1, user=director)
    token = TableToken.objects.get(party=party, table=1, revoked_at=None).token
    url = reverse("table_page", args=[token])
    for phone in (client, client_in):  # a guest's phone, and the director's own browser on the phone page
        response = phone.get(url, HTTP_ACCEPT_LANGUAGE="fr")
        assert response.status_code == 200
        html = response.content.decode()
        assert '<html lang="fr">' in html and response["Content-Language"] == "fr"
        assert "Aller au contenu" in page_text(response) and "Skip to the page" not in page_text(response)
    assert '<html lang="en-gb">' in client.get(url).content.decode()


def test_the_login_page_follows_the_browser_even_for_a_club_with_a_language(client, club):
    club.language = "de"
    club.save()
    response = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="nl")
    assert '<html lang="nl">' in response.content.decode() and "Inloggen" in page_text(response)


def test_the_owner_saves_the_clubs_language_paper_and_style(client_in, club):
    data = {"language": "fr", "paper": "letter", "format_style": "de"}
    response = client_in.post(reverse("club_settings"), data, follow=True)
    club.refresh_from_db()
    assert (club.language, club.paper, club.format_style) == ("fr", "letter", "de")
    # The answer already speaks the new language.
    assert speaks(response, "fr")
    assert "La langue, le papier et le style des nombres du club sont enregistrés." in page_text(response)
    assert '<option value="letter" selected>' in response.content.decode()
    # Back to none: each browser's language.
    client_in.post(reverse("club_settings"), {"language": "", "paper": "A4", "format_style": ""})
    club.refresh_from_db()
    assert (club.language, club.paper, club.format_style) == ("", "A4", "")
    assert speaks(client_in.get(reverse("club_page"), HTTP_ACCEPT_LANGUAGE="nl"), "nl")


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"language": "xx", "paper": "A4"}, "Choose one of the list: “xx” is not one of them."),
        ({"language": "fr", "paper": "A5"}, "Choose one of the list: “A5” is not one of them."),
        ({"language": "fr"}, "Choose one of the list."),
        ({"language": "fr", "paper": "A4", "format_style": "klingon"}, "“klingon” is not one of them."),
    ],
)
def test_bad_club_settings_say_why_and_change_nothing(client_in, club, data, said):
    response = client_in.post(reverse("club_settings"), data, follow=True)
    assert said in page_text(response)
    club.refresh_from_db()
    assert (club.language, club.paper, club.format_style) == ("", "A4", "")
    assert speaks(response, "en-gb")


def test_a_director_who_is_not_an_owner_cannot_change_the_clubs_language(client, club):
    carol = get_user_model().objects.create_user("carol")
    Membership.objects.create(club=club, user=carol, role="director")
    client.force_login(carol)
    response = client.post(reverse("club_settings"), {"language": "fr", "paper": "A4"}, follow=True)
    assert "Only an owner of the club can do that." in page_text(response)
    club.refresh_from_db()
    assert club.language == ""
    # Carol sees the club's choice, not the form.
    page = page_text(client.get(reverse("club_page")))
    assert "An owner of the club can change these." in page and "Save the settings" not in page


def test_a_bad_language_of_my_own_says_why_and_changes_nothing(client_in, director):
    client_in.post(reverse("my_language"), {"language": "fr"})
    response = client_in.post(reverse("my_language"), {"language": "tlh"})
    assert response.status_code == 200
    # The page speaks the director's language as it was (French), and names the value refused.
    assert "Choisissez dans la liste : « tlh » n’en fait pas partie." in page_text(response)
    assert DirectorSettings.objects.get(user=director).language == "fr"
    assert client_in.session[LANGUAGE_KEY] == "fr"

"""Lady or gentleman typed in the club's language, or any other the site speaks: in a pasted guest list, an
uploaded one and the members file. And a seat fixed as "2 O" at a French club is shown back as "2 O"."""

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.i18n.test_party_pages import club_speaking
from tournaments.models import Member

pytestmark = pytest.mark.django_db


def kinds(party) -> dict[str, str]:
    return dict(party.guests.values_list("name", "kind"))


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_the_french_help_texts_own_example_adds_a_lady(client_in, party_factory):
    club_speaking("fr")
    party = party_factory(tables=1, mixed=True, draw=False)
    page = client_in.get(reverse("party_guests", args=[party.id])).content.decode()
    assert "« Marie Dupont, dame »" in page  # the example the page gives
    response = client_in.post(reverse("guests_paste", args=[party.id]), {"names": "Marie Dupont, dame"}, follow=True)
    assert "1 invité ajouté." in messages_of(response)
    assert kinds(party)["Marie Dupont"] == "lady"


def test_every_languages_words_are_understood_at_a_french_club(client_in, party_factory):
    club_speaking("fr")
    party = party_factory(tables=1, mixed=True, draw=False)
    pasted = "Anne Roy, Mme\nJean Roy, M.\nUte Graf; Frau\nHans Graf; Herr\nEva Smit\tvrouw\nJan Smit\theer\nAli Ba, H"
    response = client_in.post(reverse("guests_paste", args=[party.id]), {"names": pasted}, follow=True)
    assert "7 invités ajoutés." in messages_of(response)
    added = {n: k for n, k in kinds(party).items() if not n.startswith(("Lady ", "Gent "))}
    assert added == {
        "Anne Roy": "lady", "Jean Roy": "gentleman", "Ute Graf": "lady", "Hans Graf": "gentleman",
        "Eva Smit": "lady", "Jan Smit": "gentleman", "Ali Ba": "gentleman",
    }  # fmt: skip


def test_an_uploaded_guest_list_takes_the_words_of_every_language(client_in, party_factory):
    club_speaking("de")
    party = party_factory(tables=1, mixed=True, draw=False)
    data = b"Name,Art\nClaire Petit,femme\nLuc Petit,Homme\nGreet Bos,dame\nKees Bos,man\n"
    upload = SimpleUploadedFile("gäste.csv", data)
    response = client_in.post(reverse("guests_upload", args=[party.id]), {"file": upload}, follow=True)
    assert "4 Gäste hinzugefügt." in messages_of(response)
    assert {n: k for n, k in kinds(party).items() if " " in n and n.split()[1] in ("Petit", "Bos")} == {
        "Claire Petit": "lady", "Luc Petit": "gentleman", "Greet Bos": "lady", "Kees Bos": "gentleman",
    }  # fmt: skip


def test_a_word_not_known_is_refused_naming_its_line_and_nothing_is_added(client_in, party_factory):
    party = party_factory(tables=1, mixed=True, draw=False)
    upload = SimpleUploadedFile("guests.csv", b"Name,Kind\nClaire Petit,femme\nLuc Petit,dama\n")
    response = client_in.post(reverse("guests_upload", args=[party.id]), {"file": upload}, follow=True)
    assert "Line 3: “dama” is not lady or gentleman (Luc Petit)." in messages_of(response)
    assert party.guests.count() == 4  # the party's own four


def test_the_members_file_takes_the_words_of_every_language(client_in, director):
    club_speaking("nl")
    data = "Naam,Soort\nMarie Dupont,dame\nJean Dupont,monsieur\nUte Graf,Frau\nJan Smit,Heer\nLa Roux,Zzz\n"
    response = client_in.post(reverse("members_import"), {"file": SimpleUploadedFile("leden.csv", data.encode())})
    refused = [str(m) for m in get_messages(response.wsgi_request)]
    assert refused == ["Er is niets geïmporteerd: Rij 6: ‘Zzz’ is geen dame of heer."] and not Member.objects.exists()
    data = data.replace("La Roux,Zzz\n", "")
    client_in.post(reverse("members_import"), {"file": SimpleUploadedFile("leden.csv", data.encode())})
    assert dict(Member.objects.values_list("name", "kind")) == {
        "Marie Dupont": "lady", "Jean Dupont": "gentleman", "Ute Graf": "lady", "Jan Smit": "gentleman",
    }  # fmt: skip


def test_a_seat_fixed_as_2_o_is_shown_back_as_2_o_in_french(client_in, party_factory):
    club_speaking("fr")
    party = party_factory(tables=2, draw=False)
    client_in.post(reverse("party_seats", args=[party.id]), {"pins": "2 O Player 003\n1 E Player 001"})
    party.refresh_from_db()
    assert party.pins == [[2, "W", "Player 003"], [1, "E", "Player 001"]]
    page = client_in.get(reverse("party_seats", args=[party.id])).content.decode()
    assert "2 O Player 003\n1 E Player 001</textarea>" in page
    club_speaking("de")  # the same seats in German letters: West is W, East is O
    page = client_in.get(reverse("party_seats", args=[party.id])).content.decode()
    assert "2 W Player 003\n1 O Player 001</textarea>" in page

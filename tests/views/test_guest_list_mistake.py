"""A pasted guest list with a mistake is not lost: the text stays in the box, the panel stays open, the bad line
is named, and nobody is added until it is corrected."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.i18n.test_party_pages import club_speaking

pytestmark = pytest.mark.django_db

PASTED = "Anne Roy, lady\nJean Roy, gentleman\nMarie Dupont, lady\nPaul Petit"


def box(page: str) -> str:
    found = re.search(r'<textarea name="names"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, "no names box on the page"
    return found[1]


def test_a_mistake_keeps_the_text_and_the_panel_open_and_names_the_line(client_in, party_factory):
    party = party_factory(tables=1, mixed=True, draw=False)
    response = client_in.post(reverse("guests_paste", args=[party.id]), {"names": PASTED})
    assert response.status_code == 200
    page = response.content.decode()
    assert box(page).strip() == PASTED
    assert "<details open>" in page
    said = [str(m) for m in response.context["messages"]]
    assert said == [
        "Line 4: say whether Paul Petit is a lady or a gentleman (a mixed party).",
        "Nothing was added from the pasted list: correct it and try again.",
    ]
    assert party.guests.count() == 4  # the party's own four, nobody from the list
    corrected = client_in.post(reverse("guests_paste", args=[party.id]), {"names": PASTED + ", gentleman"})
    assert corrected.status_code == 302 and party.guests.count() == 8


def test_in_french_the_box_keeps_what_was_typed(client_in, party_factory):
    club_speaking("fr")
    party = party_factory(tables=1, mixed=True, draw=False)
    typed = "Marie Dupont, dame\nJean Martin, monsieur\nLéa Roux, dama"
    page = client_in.post(reverse("guests_paste", args=[party.id]), {"names": typed}).content.decode()
    assert box(page).strip() == typed and "<details open>" in page
    said = [str(m) for m in client_in.get(reverse("party_guests", args=[party.id])).context["messages"]]
    assert said == []  # shown once, on the page that kept the text
    assert "Ligne 3\u202f: « dama » n’est ni dame ni monsieur (Léa Roux)." in page
    assert party.guests.count() == 4


def test_a_refused_upload_leaves_the_panel_open(client_in, party_factory):
    party = party_factory(tables=1, mixed=True, draw=False)
    upload = SimpleUploadedFile("guests.csv", b"Name,Kind\nClaire Petit,lady\nLuc Petit,dragon\n")
    response = client_in.post(reverse("guests_upload", args=[party.id]), {"file": upload})
    page = response.content.decode()
    assert response.status_code == 200 and "<details open>" in page
    assert "Line 3: “dragon” is not lady or gentleman (Luc Petit)." in page and party.guests.count() == 4


def test_the_panel_is_closed_on_the_plain_page(client_in, party_factory):
    party = party_factory(tables=1, mixed=True, draw=False)
    page = client_in.get(reverse("party_guests", args=[party.id])).content.decode()
    assert "<details>" in page and "<details open>" not in page and box(page).strip() == ""


def test_at_a_party_that_is_not_mixed_a_comma_stays_in_the_name(client_in, party_factory):
    party = party_factory(tables=1, draw=False)
    client_in.post(reverse("guests_paste", args=[party.id]), {"names": "Smith, Mary\nRoe, Bob, M."})
    kinds = dict(party.guests.values_list("name", "kind"))
    assert (kinds["Smith, Mary"], kinds["Roe, Bob"]) == ("", "gentleman")


def test_at_a_mixed_party_a_word_that_is_no_kind_is_named(client_in, party_factory):
    party = party_factory(tables=1, mixed=True, draw=False)
    response = client_in.post(reverse("guests_paste", args=[party.id]), {"names": "Ann Lee, lady\nSmith, Mary"})
    assert [str(m) for m in response.context["messages"]][0] == "Line 2: “Mary” is not lady or gentleman (Smith)."

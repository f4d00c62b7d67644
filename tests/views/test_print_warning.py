"""The print page names, before she prints, every guest whose name holds a character no printed font draws, and
says what to do; the printed matter marks exactly those characters with the white square (one rule for both:
printing.common.unprintable)."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.conftest import make_party
from tests.printing.factories import pdf_pages
from tournaments.models import Guest, Party
from tournaments.printing.common import MISSING

pytestmark = pytest.mark.django_db

ONE = (
    "This guest's name has a character the printed matter has no font for: it would print as a white square (□). "
    "Change the name (leave the character out, or write the name in Latin letters) before you print."
)
MANY = (
    "These guests' names have characters the printed matter has no font for: they would print as white squares (□). "
    "Change the names (leave the characters out, or write the names in Latin letters) before you print."
)
# Every script a guest's name may be in: all drawn by the vendored fonts, so none is named.
SCRIPTS = ["Ελένη", "Ольга", "فاطمة", "שרה", "王小明", "山田花子", "さくら", "김민준"]
PARTY_POPPER = "\U0001f389"  # an emoji no vendored font has (DejaVu has 😀, not this one)
HIEROGLYPH = "\U00013000"  # Egyptian: no vendored font has the script


def named(party: Party, names: list[str]) -> list[Guest]:
    """The party's first guests renamed, in order."""
    guests = list(party.guests.order_by("pk")[: len(names)])
    for guest, name in zip(guests, names, strict=True):
        guest.name = name
        guest.save(update_fields=["name"])
    return guests


def print_page(client: Client, party: Party, language: str = "en") -> str:
    return client.get(reverse("party_print", args=[party.id]), HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_names_in_every_script_raise_no_warning(client_in: Client, director: User) -> None:
    party = make_party(tables=2, user=director)
    named(party, SCRIPTS)
    page = print_page(client_in, party)
    assert 'id="unprintable"' not in page and ONE not in page and MANY not in page


def test_the_guests_a_font_cannot_draw_are_named_with_what_to_do(client_in: Client, director: User) -> None:
    party = make_party(tables=2, user=director)
    popper, hieroglyph, _greek = named(party, [f"Zoë {PARTY_POPPER}", f"Ankh {HIEROGLYPH}{HIEROGLYPH}", "Ελένη"])
    page = print_page(client_in, party)
    assert MANY in page and ONE not in page
    # each by name (as the guest list sorts them), with the characters and a link to change the name
    hieroglyph_link = reverse("guest_edit", args=[party.id, hieroglyph.pk])
    popper_link = reverse("guest_edit", args=[party.id, popper.pk])
    ankh = f"Ankh {HIEROGLYPH}{HIEROGLYPH}"
    assert f'<li><a href="{hieroglyph_link}"><bdi>{ankh}</bdi></a> (<bdi>{HIEROGLYPH}</bdi>)</li>' in page
    assert f'<li><a href="{popper_link}"><bdi>Zoë {PARTY_POPPER}</bdi></a> (<bdi>{PARTY_POPPER}</bdi>)</li>' in page
    assert page.index(hieroglyph_link) < page.index(popper_link)
    assert "Ελένη" not in page.split('id="unprintable"')[1].split("</div>")[0]


def test_one_guest_gets_the_singular_sentence_in_each_language(client_in: Client, director: User) -> None:
    party = make_party(tables=2, user=director)
    named(party, [f"Zoë {PARTY_POPPER}"])
    assert ONE in print_page(client_in, party)
    assert (
        "Le nom de cet invité contient un caractère qu’aucune police de l’impression ne possède\u202f: il "
        "s’imprimerait comme un carré blanc (□). Modifiez le nom (sans ce caractère, ou en lettres latines) "
        "avant d’imprimer."
    ) in print_page(client_in, party, "fr")
    assert "Der Name dieses Gastes enthält ein Zeichen" in print_page(client_in, party, "de")
    assert "De naam van deze gast bevat een teken" in print_page(client_in, party, "nl")


def test_the_page_and_the_paper_agree(client_in: Client, director: User) -> None:
    """What the page names is what the tally cards print as white squares (each name on its own card and as a
    partner's): a square for each character named and nowhere else; the names in every other script print whole."""
    party = make_party(tables=3, user=director)
    named(party, [f"Zoë {PARTY_POPPER}", f"Ankh {HIEROGLYPH}{HIEROGLYPH}", *SCRIPTS])
    assert MANY in print_page(client_in, party)
    text = "\n".join(pdf_pages(client_in.get(reverse("tallies_pdf", args=[party.id])).content))
    assert f"Zoë {MISSING}" in text and f"Ankh {MISSING}{MISSING}" in text
    assert MISSING not in text.replace(f"Zoë {MISSING}", "").replace(f"Ankh {MISSING}{MISSING}", "")
    for name in ["Ελένη", "Ольга", "فاطمة", "שרה", "王小明", "山田花子", "さくら", "김민준"]:
        assert name in text

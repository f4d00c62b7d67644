"""A downloaded file is named in the page's language, the event's own name kept with its accents (RFC 6266:
`filename*=UTF-8''…`), beside an ASCII `filename=` every browser takes."""

import re

import pytest
from django.urls import reverse

from tests.conftest import make_party
from tournaments.models import Club
from tournaments.views.common import ascii_filename, content_disposition

pytestmark = pytest.mark.django_db

ASCII_FALLBACK = re.compile(r'filename="([A-Za-z0-9_.-]+)"')


def speaking(director, language: str) -> Club:
    club = Club.objects.get(memberships__user=director)
    club.language = language
    club.save(update_fields=["language"])
    return club


def test_a_french_results_sheet_and_workbook_are_named_in_french(client_in, director):
    speaking(director, "fr")
    party = make_party(tables=2, user=director, name="Soirée d’été")
    pdf = client_in.get(reverse("results_pdf", args=[party.id]))
    xlsx = client_in.get(reverse("results_xlsx", args=[party.id]))
    movement = client_in.get(reverse("movement_pdf", args=[party.id, 1]))
    assert pdf["Content-Disposition"] == (
        'inline; filename="soiree-d-ete-resultats.pdf"; '
        "filename*=UTF-8''soir%C3%A9e-d-%C3%A9t%C3%A9-r%C3%A9sultats.pdf"
    )
    assert xlsx["Content-Disposition"] == (
        'attachment; filename="soiree-d-ete-resultats.xlsx"; '
        "filename*=UTF-8''soir%C3%A9e-d-%C3%A9t%C3%A9-r%C3%A9sultats.xlsx"
    )
    assert movement["Content-Disposition"].startswith('inline; filename="soiree-d-ete-mouvement-tour-1.pdf"; ')


def test_a_german_workbook_and_members_list_are_named_in_german(client_in, director):
    speaking(director, "de")
    party = make_party(tables=2, user=director, name="Frühlingsabend")
    xlsx = client_in.get(reverse("results_xlsx", args=[party.id]))
    tallies = client_in.get(reverse("tallies_pdf", args=[party.id]))
    members = client_in.get(reverse("members_csv"))
    assert xlsx["Content-Disposition"] == (
        "attachment; filename=\"fruhlingsabend-ergebnisse.xlsx\"; filename*=UTF-8''fr%C3%BChlingsabend-ergebnisse.xlsx"
    )
    assert tallies["Content-Disposition"].startswith('inline; filename="fruhlingsabend-laufkarten.pdf"; ')
    # All in ASCII already: the one plain name, as before.
    assert members["Content-Disposition"] == 'attachment; filename="mitglieder.csv"'
    export = client_in.get(reverse("party_export", args=[party.id]))
    assert export["Content-Disposition"] == f'attachment; filename="turnier-{party.id}.json"'


def test_in_english_the_names_are_as_they_were(client_in, director):
    party = make_party(tables=2, user=director, name="Spring Party")
    assert client_in.get(reverse("results_pdf", args=[party.id]))["Content-Disposition"] == (
        'inline; filename="spring-party-results.pdf"'
    )


@pytest.mark.parametrize(
    ("name", "fallback"),
    [
        ("soirée-d-été-résultats.pdf", "soiree-d-ete-resultats.pdf"),
        ("ελληνικά-αποτελέσματα.pdf", "download.pdf"),  # no letter left: a plain word, the ending kept
        ('a"b\\c/d;e.pdf', "a-b-c-d-e.pdf"),  # nothing that could end the quoted name or make a path
        ("\u202eevil\u202c-results.xlsx", "evil-results.xlsx"),  # a name's bidi controls go
    ],
)
def test_the_ascii_fallback_is_plain_and_the_real_name_rides_beside_it(name, fallback):
    header = content_disposition(name)
    assert ascii_filename(name) == fallback
    found = ASCII_FALLBACK.search(header)
    assert header.isascii() and found and found[1] == fallback
    assert header.endswith(
        "filename*=UTF-8''" + "".join(f"%{b:02X}" if chr(b) not in SAFE else chr(b) for b in name.encode())
    )


SAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")

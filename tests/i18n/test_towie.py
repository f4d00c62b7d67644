"""Towie speaks the club’s language on the director’s pages and in print, the browser’s on the phone link.

The printed sheet and table card follow the club’s language and paper (A4 or Letter); numbers are
written in the club’s style (1 740 in French, 1.740 in German and Dutch).
"""

import datetime
import io
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from tests.towie.conftest import make_table, post_deal
from tournaments import l10n
from tournaments.models import Club
from tournaments.printing.towie import PaymentLine, SettlementLine, SheetCell, SheetRow, TowieSheetPrint, towie_pdf
from tournaments.services import towie as towie_services

pytestmark = pytest.mark.django_db

# Per language and page: words the page must show.
WORDS = {
    "fr": {
        "sheet": [
            "La feuille de marque",
            "Feuille de marque",
            "Régler les comptes",
            "Qui paie qui",
            "Saisir la donne 3",
            "Enregistrer la donne",
            "Bob\u202f: 4 piques, 10 levées, juste réussi",
            "Ce qui s’est passé",
            "Déclarant",
            "Imprimer la carte de table (A4)",
            "Le lien du téléphone des joueurs",
        ],
        "seats": ["qui joue la donne 3", "La table s’assoit autrement", "Utiliser ces places", "gauche du donneur"],
        "settlement": ["régler les comptes", "Après 2 donnes.", "Arrondi", "Argent", "Afficher en argent"],
        "settings": ["réglages", "Nom de la table", "Les joueurs", "Supprimer la table", "Joueur 4 (si quatre"],
        "list": ["Tables de Towie", "Nouvelle table de Towie", "Joueurs"],
        "deal": ["corriger la donne 1", "Tel que saisi\u202f:", "Enregistrer la correction", "Retirer la donne 1 de"],
    },
    "de": {
        "sheet": [
            "Der Scorezettel",
            "Abrechnen",
            "Wer zahlt wem",
            "Spiel 3 eintragen",
            "Spiel speichern",
            "Bob: 4 Pik, 10 Stiche, genau erfüllt",
            "Was geschah",
            "Alleinspieler",
            "Tischkarte drucken (A4)",
            "Der Handy-Link der Spieler",
        ],
        "seats": ["Wer spielt Spiel 3", "Der Tisch sitzt anders", "Diese Plätze verwenden", "Links vom Geber"],
        "settlement": ["abrechnen", "Nach 2 Spielen.", "Gerundet", "Geld", "In Geld zeigen"],
        "settings": ["Einstellungen", "Name des Tisches", "Die Spieler", "Den Tisch löschen", "Spieler 4 (wenn vier"],
        "list": ["Towie-Tische", "Neuer Towie-Tisch", "Spieler"],
        "deal": ["Spiel 1 berichtigen", "Wie eingetragen:", "Berichtigung speichern", "Spiel 1 vom Zettel entfernen"],
    },
    "nl": {
        "sheet": [
            "De scorekaart",
            "Afrekenen",
            "Wie betaalt wie",
            "Spel 3 invoeren",
            "Spel opslaan",
            "Bob: 4 schoppen, 10 slagen, precies gemaakt",
            "Wat er gebeurde",
            "Leider",
            "De tafelkaart afdrukken (A4)",
            "De telefoonlink van de spelers",
        ],
        "seats": ["wie speelt spel 3", "De tafel zit anders", "Deze plaatsen gebruiken", "Links van de gever"],
        "settlement": ["afrekenen", "Na 2 spellen.", "Afgerond", "Geld", "In geld tonen"],
        "settings": ["instellingen", "Naam van de tafel", "De spelers", "De tafel verwijderen", "Speler 4 (als"],
        "list": ["Towie-tafels", "Nieuwe Towie-tafel", "Spelers"],
        "deal": ["spel 1 corrigeren", "Zoals ingevoerd:", "Correctie opslaan", "Spel 1 van de kaart verwijderen"],
    },
}
# English sentences each page shows today, and must not show in another language.
ENGLISH = {
    "sheet": ["The score sheet", "Who pays whom", "Enter deal 3", "Save the deal", "made exactly", "What happened"],
    "seats": ["who plays deal", "The table sits otherwise", "Use these seats", "At the dealer's left"],
    "settlement": ["settle up", "After 2 deals", "Rounded", "Show in money"],
    "settings": ["Name of the table", "The players", "Delete the table", "if four or five play"],
    "list": ["Towie tables", "New Towie table", "Towie is bridge for three"],
    "deal": ["correct deal", "As entered", "Save the correction", "from the sheet"],
}


@pytest.fixture
def towie_factory(db, director):
    def factory(players, **kwargs):
        return make_table(players, user=director, **kwargs)

    return factory


def club_speaking(language: str, paper: str = "A4") -> Club:
    club = Club.objects.get(name="Alice's club")
    club.language, club.paper = language, paper
    club.save()
    return club


def played_table(towie_factory):
    """Three players, two made game contracts by Bob: the second wins the rubber (totals past 1,000)."""
    table = towie_factory(["Ann", "Bob", "Cid"], stake=Decimal("0.10"))
    for _ in range(2):
        towie_services.towie_deal_record(table=table, kind="played", declarer="Bob", contract="4S", tricks=10)
    return table


def text_of(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def size_of(content: bytes) -> tuple[int, int]:
    box = PdfReader(io.BytesIO(content)).pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


def director_pages(client, table) -> dict[str, str]:
    deal = table.deals.order_by("position").first()
    urls = {
        "sheet": reverse("towie_sheet", args=[table.pk]),
        "seats": reverse("towie_seats", args=[table.pk]),
        "settlement": reverse("towie_settlement", args=[table.pk]),
        "settings": reverse("towie_edit", args=[table.pk]),
        "list": reverse("towie_list"),
        "deal": reverse("towie_deal_edit", args=[table.pk, deal.pk]),
    }
    pages = {}
    for name, url in urls.items():
        response = client.get(url)
        assert response.status_code == 200, name
        pages[name] = response.content.decode()
    return pages


@pytest.mark.parametrize("language", ["fr", "de", "nl"])
def test_the_directors_towie_pages_speak_the_clubs_language(client_in, towie_factory, language):
    club_speaking(language)
    table = played_table(towie_factory)
    pages = director_pages(client_in, table)
    for name, html in pages.items():
        for word in WORDS[language][name]:
            assert word in html, (language, name, word)
        for sentence in ENGLISH[name]:
            assert sentence not in html, (language, name, sentence)
    with translation.override(language):
        total = l10n.number(1740)  # Bob: 620, then 120 and the rubber's 1,000
    assert total != "1,740" and total in pages["sheet"] and total in pages["settlement"]


def test_a_message_of_the_service_is_in_the_clubs_language(client_in, towie_factory):
    club_speaking("fr")
    table = towie_factory(["Ann", "Bob", "Cid"])
    response = post_deal(client_in, table, "Bob", "4S", "")
    html = response.content.decode()
    assert "Dites combien de levées le déclarant a faites (de 0 à 13)." in html
    assert "Rien n’a été enregistré\u202f: corrigez la donne ci-dessous." in html
    assert "Say how many tricks" not in html


def test_the_phone_link_follows_the_browsers_language_not_the_clubs(client, towie_factory):
    club_speaking("de")
    table = played_table(towie_factory)
    response = client.get(reverse("towie_phone_sheet", args=[table.token]), HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200
    html = response.content.decode()
    for word in ("La feuille de marque", "Saisir la donne 3", "Qui paie qui", "Bob : 4 piques, 10 levées", "Déclarant"):
        assert word in html, word
    for other in ("Der Scorezettel", "Wer zahlt wem", "The score sheet", "Who pays whom", "Enter deal 3"):
        assert other not in html, other
    assert "Réglages" not in html  # the phone sees only its table's own pages
    settle = client.get(reverse("towie_phone_settlement", args=[table.token]), HTTP_ACCEPT_LANGUAGE="fr")
    assert "Après 2 donnes." in settle.content.decode()


def test_the_printed_sheet_speaks_german_with_german_numbers(client_in, towie_factory):
    club_speaking("de")
    table = played_table(towie_factory)
    response = client_in.get(reverse("towie_pdf", args=[table.pk]))
    assert response["Content-Type"] == "application/pdf"
    text = text_of(response.content)
    flat = " ".join(text.split())
    for word in ("Towie-Scorezettel", "Abrechnung", "Wer zahlt wem", "Summe", "Gerundet", "Spieler", "Geber"):
        assert word in text, word
    assert "Bob: 4 Pik, 10 Stiche, genau erfüllt" in flat
    assert "Ann zahlt Bob 1.700 (1,70)" in flat  # rounded 1,700 against 0, at 0.10 a hundred
    assert "in Geld zu 0,10 je hundert Punkte" in flat
    assert "1.740" in text
    for english in ("Settlement", "Who pays whom", "Towie score sheet", "made exactly", "1,740"):
        assert english not in text, english


def test_the_table_card_speaks_the_clubs_language(client_in, towie_factory):
    club_speaking("nl")
    table = towie_factory(["Ann", "Bob", "Cid"])
    text = " ".join(text_of(client_in.get(reverse("towie_card_pdf", args=[table.pk])).content).split())
    assert "Scan om de scorekaart van deze tafel op een telefoon bij te houden" in text
    assert "Inloggen is niet nodig" in text
    assert "Scan to keep" not in text and "No login is needed" not in text


def test_the_builder_in_dutch_and_french():
    cells = (
        SheetCell(0, 0, False, "waiting"),
        SheetCell(1120, 1740, True, "declarer"),
        SheetCell(0, 0, True, "seated"),
    )
    data = TowieSheetPrint(
        name="Towie bij Jansen",
        day=datetime.date(2026, 11, 28),
        party_name="",
        players=("Ann", "Bob", "Cid"),
        rows=(SheetRow(2, "Cid", "Bob", cells, 1, "Bob"),),
        totals=(0, 1740, 0),
        settlement=(SettlementLine("Ann", 0, 0, -1700), SettlementLine("Bob", 1740, 1700, 3400)),
        payments=(PaymentLine("Ann", "Bob", 1700),),
    )
    with translation.override("nl"):
        text = " ".join(text_of(towie_pdf(data)[2]).split())
    assert "Towie bij Jansen – Towie-scorekaart" in text
    assert "Bob wint robber 1: een nieuwe robber begint, niemand kwetsbaar" in text
    assert "Ann betaalt Bob 1.700" in text and "+3.400" in text and "uit" in text
    with translation.override("fr"):
        text = " ".join(text_of(towie_pdf(data)[2]).split())
        hundreds = " ".join(l10n.number(1700).split())  # the language's style: "1 700" (the PDF's space is plain)
    assert "Towie bij Jansen – feuille de marque de Towie" in text
    assert "Règlement" in text and "Qui paie qui" in text
    assert f"Ann paie à Bob {hundreds}" in text and hundreds == "1 700"


def test_letter_paper_when_the_club_chooses_it(client_in, towie_factory):
    club_speaking("fr", paper="letter")
    table = played_table(towie_factory)
    sheet = client_in.get(reverse("towie_pdf", args=[table.pk]))
    card = client_in.get(reverse("towie_card_pdf", args=[table.pk]))
    assert size_of(sheet.content) == (612, 792)
    assert size_of(card.content) == (612, 792)
    # Asked for in the link, the other paper still prints.
    assert size_of(client_in.get(reverse("towie_pdf", args=[table.pk]), {"paper": "A4"}).content) == (595, 842)
    html = client_in.get(reverse("towie_edit", args=[table.pk])).content.decode()
    assert "Imprimer la carte de table (Lettre US)" in html
    assert reverse("towie_card_pdf", args=[table.pk]) + "?paper=A4" in html


def test_a4_paper_by_default(client_in, towie_factory):
    club_speaking("en-gb")
    table = played_table(towie_factory)
    assert size_of(client_in.get(reverse("towie_pdf", args=[table.pk])).content) == (595, 842)
    assert size_of(client_in.get(reverse("towie_pdf", args=[table.pk]), {"paper": "letter"}).content) == (612, 792)
    html = client_in.get(reverse("towie_sheet", args=[table.pk])).content.decode()
    assert "Print the table card (A4)" in html and "?paper=letter" in html

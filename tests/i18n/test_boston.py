"""The Boston tables speak the club's language: the sheet, the settings, the list and the printed sheet.

Money is written in the club's style ("−1 234,50 €" in French, with the true minus sign), the
printed sheet is on the club's paper (A4 or Letter), and the selector returns data only: every
sentence is made in tournaments/presentation/boston.py or in the templates.
"""

import ast
import dataclasses
import datetime
import inspect
import io
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from tests.boston.conftest import PLAYERS, create_table, deal_data, play
from tournaments import l10n
from tournaments.models import Club
from tournaments.presentation import boston as presentation
from tournaments.selectors import boston as selectors
from tournaments.selectors.clubs import LANGUAGE_KEY

pytestmark = pytest.mark.django_db

# Per language: words the sheet of an English Boston table shows after Bob's 8 hearts, 7 made.
SHEET = {
    "fr": [
        "La feuille de marque",
        "Qui paie qui",
        "Donne 2 sur 12\u202f: Bob donne.",
        "Bob\u202f: 8 levées à cœur\u202f; 7 levées\u202f: chute",
        "Bob paie\u202f: Ann, Cat et Dan 23 chacun",
        "Ann met 10 dans la poule (comme donneur)",
        "Règles de la maison",
        "Le donneur alimente la poule",
        "10 jetons à chaque donne",
        "Enregistrer la donne 2",
        "Situation actuelle",
        "Un jeton blanc vaut 1",
    ],
    "de": [
        "Der laufende Scorezettel",
        "Wer zahlt wem",
        "Spiel 2 von 12: Bob gibt.",
        "Bob: 8 Stiche in Herz; 7 Stiche: gefallen",
        "Bob zahlt: Ann, Cat und Dan je 23",
        "Ann legt 10 in den Pot (als Geber)",
        "Hausregeln",
        "Der Geber zahlt in den Pot",
        "10 Spielmarken pro Spiel",
        "Spiel 2 speichern",
        "Zwischenstand",
        "Eine weiße Spielmarke ist 1",
    ],
    "nl": [
        "De lopende scorekaart",
        "Wie betaalt wie",
        "Spel 2 van 12: Bob geeft.",
        "Bob: 8 slagen in harten; 7 slagen: down",
        "Bob betaalt: Ann, Cat en Dan elk 23",
        "Ann legt 10 in de pot (als gever)",
        "Huisregels",
        "De gever vult de pot aan",
        "10 fiches per spel",
        "Spel 2 opslaan",
        "Tussenstand",
        "Een witte fiche is 1",
    ],
}
# English sentences of the same page that must be gone.
SHEET_ENGLISH = ["The running sheet", "Who pays whom", "Deal 2 of 12", "8 tricks in hearts", "House settings"]

SETTINGS = {
    "fr": ["Nom de la table", "Joueur 1 (donne en premier)", "La poule du Boston", "Le livre ne donne aucun chiffre"],
    "de": ["Name des Tisches", "Spieler 1 (gibt zuerst)", "Der Pot im Boston", "Das Buch nennt dafür keine Zahlen"],
    "nl": ["Naam van de tafel", "Speler 1 (geeft eerst)", "De pot in Boston", "Het boek geeft hiervoor geen getallen"],
}
LIST = {
    "fr": ["Tables de Boston", "Nouvelle table de Boston", "1 sur 12"],
    "de": ["Boston-Tische", "Neuer Boston-Tisch", "1 von 12"],
    "nl": ["Bostontafels", "Nieuwe Bostontafel", "1 van 12"],
}


def club_speaks(language: str, **extra) -> Club:
    club = Club.objects.get(name="Alice's club")
    club.language = language
    for name, value in extra.items():
        setattr(club, name, value)
    club.save()
    return club


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode().replace("&#x27;", "'")


def pdf_text(content: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(content)).pages)


@pytest.fixture
def english(client_in):
    table = create_table(client_in, "english", pool_feed=10, pool_limit=100)
    play(client_in, table, "Bob", "8", 7, suit="H")
    return table


@pytest.mark.parametrize("language", ["fr", "de", "nl"])
def test_the_sheet_speaks_the_clubs_language(client_in, english, language):
    club_speaks(language)
    html = page(client_in, reverse("boston_table", args=[english.id]))
    for words in SHEET[language]:
        assert words in html, words
    for words in SHEET_ENGLISH:
        assert words not in html, words


@pytest.mark.parametrize("language", ["fr", "de", "nl"])
def test_the_settings_the_new_table_and_the_list_speak_it_too(client_in, english, language):
    club_speaks(language)
    for url in (reverse("boston_edit", args=[english.id]), reverse("boston_create")):
        html = page(client_in, url)
        for words in SETTINGS[language]:
            assert words in html, (url, words)
        assert "Name of the table" not in html and "Player 1 (deals first)" not in html
    html = page(client_in, reverse("boston_list"))
    for words in LIST[language]:
        assert words in html, words
    assert "New Boston table" not in html


def test_a_deal_saved_and_refused_says_so_in_french(client_in):
    club_speaks("fr")
    table = create_table(client_in, "fontainebleau")
    response = client_in.post(reverse("boston_table", args=[table.id]), deal_data("Bob", "8", 8, suit="H"))
    assert response.status_code == 302
    html = page(client_in, response["Location"])
    assert "Donne 1 enregistrée\u202f: " in html and "Poule après elle\u202f:" in html
    # an engine's refusal (a missing house setting) is said in French, with where the club sets it
    response = client_in.post(reverse("boston_table", args=[table.id]), deal_data("Cat", "7", 7, suit="NT"))
    errors = " ".join(str(e) for e in response.context["form"].non_field_errors())
    assert "Le livre ne donne aucun chiffre pour" in errors and "c’est le choix du club" in errors, errors
    assert "house[" not in errors and "club's choice" not in errors


def test_the_printed_sheet_speaks_dutch(client_in, english):
    club_speaks("nl")
    response = client_in.get(reverse("boston_pdf", args=[english.id]))
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    for words in (
        "Spelers, met de klok mee: Ann, Bob, Cat, Dan",
        "Wie betaalt wie",
        "Bob: 8 slagen in harten; 7 slagen: down",
        "Bob betaalt: Ann, Cat en Dan elk 23",
        "Pot(ten) op tafel",
        "Tussenstand (het spel is niet afgelopen)",
        "Huisregels: de keuze van de club",
        "10 fiches per spel",
        "Twaalf spellen vormen een spel",
        "zaterdag 28 november 2026",
    ):
        assert words in text, words
    assert "Who pays whom" not in text and "Players, clockwise" not in text and "Saturday" not in text


def test_the_printed_sheet_follows_the_clubs_language_not_the_readers(client_in, english):
    """A Dutch club's sheet is printed in Dutch even for a director reading in French."""
    club_speaks("nl")
    session = client_in.session
    session[LANGUAGE_KEY] = "fr"
    session.save()
    text = pdf_text(client_in.get(reverse("boston_pdf", args=[english.id])).content)
    assert "Wie betaalt wie" in text


@pytest.mark.parametrize(
    ("paper", "asked", "points"),
    [("A4", "", (842, 595)), ("letter", "", (792, 612)), ("letter", "?paper=A4", (842, 595))],
)
def test_the_printed_sheet_is_on_the_clubs_paper(client_in, english, paper, asked, points):
    club_speaks("", paper=paper)
    content = client_in.get(reverse("boston_pdf", args=[english.id]) + asked).content
    box = PdfReader(io.BytesIO(content)).pages[0].mediabox
    assert (round(box.width), round(box.height)) == points  # landscape


def test_the_sheet_offers_the_other_paper(client_in, english):
    club_speaks("", paper="letter")
    html = page(client_in, reverse("boston_table", args=[english.id]))
    assert "?paper=A4" in html and "?paper=letter" not in html


def test_money_in_french_style():
    with translation.override("fr"):
        thousands = l10n.number(1000)[1]  # a no-break space (narrow or not, as Django's French formats say)
        assert thousands.isspace()
        assert presentation.money_text(Decimal("-1234.5"), "€") == f"\u22121{thousands}234,50\u00a0€"
        assert presentation.money_text(Decimal("1234.5")) == f"1{thousands}234,50"
        assert presentation.money_text(Decimal("0.125"), "€") == "0,125\u00a0€"  # more decimals when needed
    with translation.override("de"):
        assert presentation.money_text(Decimal("-1234.5"), "€") == "\u22121.234,50\u00a0€"
    with translation.override("nl"):
        assert presentation.money_text(Decimal("-1234.5"), "€") == "€\u00a0\u22121.234,50"
    with translation.override("en-gb"):
        assert presentation.money_text(Decimal("-1234.5"), "£") == "\u2212£1,234.50"


def test_a_french_club_settles_in_french_money(client_in):
    club_speaks("fr")
    table = create_table(client_in, "english", pool_feed=10, pool_limit=100, money_value="25", currency="€")
    play(client_in, table, "Bob", "8", 7, suit="H")
    client_in.post(reverse("boston_finish", args=[table.id]), {"stop_early": "on"})
    response = client_in.get(reverse("boston_table", args=[table.id]))
    html = response.content.decode()
    with translation.override("fr"):
        thousands = l10n.number(1000)[1]
    rows = {row.player: row for row in response.context["sheet"].settlement.rows}
    bob = rows["Bob"]
    assert bob.counters < -40  # he failed: more than 1 000 € at 25 € a white counter
    figure = f"{abs(bob.counters) * 25:,}".replace(",", thousands) + ",00"
    assert bob.money_text == f"\u2212{figure}\u00a0€" and bob.money_text in html
    assert "Règlement final" in html and "Pour régler" in html
    assert "Argent\u202f: 25,00\u00a0€ le jeton blanc, 250,00\u00a0€ le rouge." in html
    assert "£" not in html and "−€" not in html


def test_the_selector_returns_data_and_builds_no_sentences(client_in, english):
    tree = ast.parse(inspect.getsource(selectors))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert imported.isdisjoint({"django.utils.translation", "tournaments.l10n", "tournaments.presentation.boston"})
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert names.isdisjoint({"l10n", "gettext", "gettext_lazy", "ngettext", "pgettext", "_"}), names
    sheet = selectors.table_sheet(selectors.table_get(english.id, user=english.created_by))
    allowed = set(PLAYERS) | {sheet.family, sheet.table.variant, ""}

    def strings(value, skip=("table", "deals", "stored", "result", "error")):
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                if f.name not in skip:
                    yield from strings(getattr(value, f.name))
        elif isinstance(value, list | tuple):
            for item in value:
                yield from strings(item)
        elif isinstance(value, str):
            yield value

    found = set(strings(sheet))
    assert found and found <= allowed, found - allowed
    row = sheet.rows[0]
    assert not hasattr(row, "what") and not hasattr(row, "lines")
    # the words are the presentation's, in English too
    shown = presentation.shown(sheet)
    assert shown.rows[0].what == "Bob: 8 tricks in hearts; 7 tricks: failed"
    assert shown.rows[0].cells == row.cells  # the figures are the selector's own


def test_dates_in_the_print_are_the_languages():
    from tournaments.printing.boston import _long_date

    day = datetime.date(2026, 11, 28)
    with translation.override("en-gb"):
        assert _long_date(day) == "Saturday 28 November 2026"
    with translation.override("fr"):
        assert _long_date(day) == "samedi 28 novembre 2026"
    with translation.override("de"):
        assert _long_date(day) == "Samstag, 28. November 2026"
    with translation.override("nl"):
        assert _long_date(day) == "zaterdag 28 november 2026"

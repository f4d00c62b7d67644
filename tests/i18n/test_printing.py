"""The party's printed matter in the club's language, style of numbers and paper: tally cards, the results sheet
and the workbook in French, German and Dutch; A4 or US Letter."""

import dataclasses
import io

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from tests.printing.factories import make_sheet, make_tally, make_workbook, page_points, pdf_pages
from tournaments import l10n
from tournaments.models import Club
from tournaments.printing.sheets import results_pdf
from tournaments.printing.tallies import tallies_pdf
from tournaments.printing.workbook import results_xlsx

A4, LETTER = (595, 842), (612, 792)

# language -> (words on a tally card, the date, words on the results sheet)
WORDS = {
    "fr": (
        ["Carte de parcours", "Premier tour : table 2, Est", "Tour", "Partenaire", "Cumul", "Total"],
        "samedi 9 avril 1938",
        ["Spring Party – résultats", "Prix", "Premier prix :", "Deuxième prix :", "Lanterne rouge :", "Classement"],
    ),
    "de": (
        ["Laufkarte", "Erste Runde: Tisch 2, Ost", "Runde", "Partner", "Stand", "Summe"],
        "Samstag, 9. April 1938",
        ["Spring Party – Ergebnisse", "Preise", "Erster Preis:", "Zweiter Preis:", "Trostpreis:", "Rangliste"],
    ),
    "nl": (
        ["Loopkaart", "Eerste ronde: tafel 2, Oost", "Ronde", "Partner", "Lopend", "Totaal"],
        "zaterdag 9 april 1938",
        ["Spring Party – uitslagen", "Prijzen", "Eerste prijs:", "Tweede prijs:", "Poedelprijs:", "Stand"],
    ),
}
ENGLISH_TALLY = ["Tally card", "First round", "Running", "Cut along the dashed lines", "Saturday"]
ENGLISH_RESULTS = ["Prizes", "Booby prize", "Standings", "Each round: table and seat", "Saturday"]

SHEETS = {
    "fr": ["Classement", "Places", "Donnes", "Paires"],
    "de": ["Rangliste", "Sitzordnung", "Spiele", "Paare"],
    "nl": ["Stand", "Tafelindeling", "Spellen", "Paren"],
}
HEADINGS = {
    "fr": (
        ["Place", "Ex æquo", "Nom", "Catégorie", "Total", "T1 table", "T1 place", "T1 partenaire", "T1 résultat"],
        "Nord",
    ),
    "de": (["Platz", "Geteilt", "Name", "Art", "Summe", "R1 Tisch", "R1 Platz", "R1 Partner", "R1 Ergebnis"], "Nord"),
    "nl": (
        ["Plaats", "Gedeeld", "Naam", "Soort", "Totaal", "R1 tafel", "R1 plaats", "R1 partner", "R1 uitslag"],
        "Noord",
    ),
}
DEAL_HEADINGS = {
    "fr": ["Tour", "Table", "Donne", "Donneur", "Vulnérable", "Contrat", "Par", "Levées", "Marque", "N–S", "E–O"],
    "de": ["Runde", "Tisch", "Spiel", "Geber", "In Gefahr", "Kontrakt", "Von", "Stiche", "Punkte", "N–S", "O–W"],
    "nl": ["Ronde", "Tafel", "Spel", "Gever", "Kwetsbaar", "Contract", "Door", "Slagen", "Score", "N–Z", "O–W"],
}


def plain(text: str) -> str:
    """Extracted text compares with spaces: the no-break spaces of 1 000 come out of the PDF as plain ones."""
    return text.replace("\xa0", " ").replace("\u202f", " ")


def a_card():
    card = make_tally(5, rounds=4, played=2)  # table 2, East; +100 then −200
    return dataclasses.replace(card, total=-1234)


@pytest.mark.parametrize("language", ["fr", "de", "nl"])
def test_tally_cards_in_the_clubs_language(language):
    words, date, _results = WORDS[language]
    with translation.override(language):
        (text,) = pdf_pages(tallies_pdf([a_card()])[2])
        total = l10n.signed(-1234)
    text = plain(text)
    for word in [*words, date]:
        assert word in text, word
    for english in ENGLISH_TALLY:
        assert english not in text, english
    assert plain(total) in text and "−1,234" not in text  # 1 234 in French, 1.234 in German and Dutch
    assert total.startswith("\u2212")


@pytest.mark.parametrize("language", ["fr", "de", "nl"])
def test_results_sheet_in_the_clubs_language(language):
    _tally, date, words = WORDS[language]
    sheet = make_sheet(8, rounds=3, mixed=True)
    with translation.override(language):
        text = plain("\n".join(pdf_pages(results_pdf(sheet)[2])))
        first = l10n.signed(1000)
    for word in [*words, date]:
        assert word in text, word
    for english in ENGLISH_RESULTS:
        assert english not in text, english
    assert f"({plain(first)})" in text and "+1,000" not in text
    assert {"fr": "Page 1", "de": "Seite 1", "nl": "Pagina 1"}[language] in text  # the footer
    assert {"fr": "T2 E", "de": "T2 O", "nl": "T2 O"}[language] in text  # a seat's letter: East


def test_a_club_prints_in_its_language_with_its_own_style_of_numbers():
    """German words, French numbers: the club chose both (l10n.printed_for, as the views use it)."""
    club = Club(name="Club", language="de", format_style="fr")
    with translation.override("en-gb"), l10n.printed_for(club):
        (text,) = pdf_pages(tallies_pdf([a_card()])[2])
    assert "Laufkarte" in text and "Summe" in text
    assert "−1 234" in plain(text) and "−1.234" not in text


@pytest.mark.parametrize("language", ["fr", "de", "nl"])
def test_the_workbook_in_the_clubs_language(language):
    book = make_workbook(2, rounds=2, mixed=True, keep_partners=True)
    with translation.override(language):
        _name, _type, content = results_xlsx(book)
    wb = load_workbook(io.BytesIO(content))
    assert wb.sheetnames == SHEETS[language]
    headings, north = HEADINGS[language]
    standings = [[c.value for c in row] for row in wb[SHEETS[language][0]].iter_rows()]
    assert standings[0][:9] == headings
    assert standings[1][:5] == [1, None, "Player 000", {"fr": "Monsieur", "de": "Herr", "nl": "Heer"}[language], 1000]
    assert wb[SHEETS[language][1]]["C1"].value == north
    deals = [[c.value for c in row] for row in wb[SHEETS[language][2]].iter_rows()]
    assert deals[0] == DEAL_HEADINGS[language]
    assert deals[1][3:5] == [north, {"fr": "Personne", "de": "Niemand", "nl": "Niemand"}[language]]
    assert deals[1][-3:] == [620, 620, -620]  # numbers stay numbers, whatever the language
    assert (
        load_workbook(io.BytesIO(content)).properties.title
        == {
            "fr": "Spring Party – résultats",
            "de": "Spring Party – Ergebnisse",
            "nl": "Spring Party – uitslagen",
        }[language]
    )


@pytest.mark.parametrize(("paper", "points"), [("A4", A4), ("letter", LETTER)])
def test_a4_or_letter(paper, points):
    with translation.override("fr"):
        assert page_points(tallies_pdf([a_card()], paper)[2]) == points
        assert page_points(results_pdf(make_sheet(4, rounds=3), paper)[2]) == points
        # more than four rounds: the results turn to landscape, on either paper
        assert page_points(results_pdf(make_sheet(4, rounds=6), paper)[2]) == points[::-1]


# --- through the views: the club's language and paper -----------------------------------------------------


@pytest.fixture
def dutch_letter_party(party_factory):
    party = party_factory(tables=2, mixed=True)
    club = party.club
    club.language, club.paper, club.format_style = "nl", "letter", ""
    club.save()
    return party


def test_the_views_print_in_the_clubs_language_on_its_paper(client_in, dutch_letter_party):
    party = dutch_letter_party
    response = client_in.get(reverse("tallies_pdf", args=[party.id]), HTTP_ACCEPT_LANGUAGE="fr")
    content = response.content
    text = "\n".join(pdf_pages(content))
    assert page_points(content) == LETTER
    assert "Loopkaart" in text and "Eerste ronde: tafel" in text and "DAME" in text and "HEER" in text
    assert "Tally card" not in text and "Carte de parcours" not in text

    results = client_in.get(reverse("results_pdf", args=[party.id]))
    assert page_points(results.content) == LETTER
    assert "Stand" in "\n".join(pdf_pages(results.content))

    # the link may ask for the other paper
    a4 = client_in.get(reverse("tallies_pdf", args=[party.id]) + "?paper=A4")
    assert page_points(a4.content) == A4

    book = load_workbook(io.BytesIO(client_in.get(reverse("results_xlsx", args=[party.id])).content))
    assert book.sheetnames[:3] == ["Stand", "Tafelindeling", "Spellen"]


def test_the_print_page_offers_the_clubs_paper_first(client_in, dutch_letter_party):
    party = dutch_letter_party
    page = client_in.get(reverse("party_print", args=[party.id]), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Loopkaarten (US Letter)" in page and "Loopkaarten (A4)" in page
    assert page.index("Loopkaarten (US Letter)") < page.index("Loopkaarten (A4)")
    assert f"{reverse('tallies_pdf', args=[party.id])}?paper=A4" in page
    assert "Tally cards, one per player" not in page and "Table links (for phones)" not in page
    assert "Tafellinks (voor telefoons)" in page

"""The rubber-bridge knockout speaks the club's language: its pages, its PDFs and its workbook.

Numbers follow the club's style (1 040 in French, 1.040 in German and Dutch); the PDFs are printed on the
club's paper (A4, or Letter when the club chose it), the wall chart landscape.
"""

import io

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.knockout.helpers import get_round, make_knockout, matches
from tests.knockout.play import match_url, post_deal, post_totals
from tests.knockout.test_pad import EVENING
from tournaments import l10n
from tournaments.models import Club

pytestmark = pytest.mark.django_db

# Per language and page: words the page must show.
WORDS = {
    "fr": {
        "detail": ["Le plan de la soirée", "Étape suivante", "Qui joue", "les 7 vainqueurs et le meilleur perdant",
                   "élimination directe au bridge de robre", "Nord (ou Est)", "Vue d’ensemble et paires"],
        "bracket": ["Tableau principal", "Consolante", "meilleur perdant : battu de 10 à la table 2",
                    "vainqueur à venir", "Imprimer le tableau, les tirages et les feuilles de marque (PDF)"],
        "match": ["La feuille de marque", "Vulnérable", "Cumul", "robres terminés : 1", "passée",
                  "manche pour Nord–Sud", "E–O robre inachevé : une manche 300", "honneurs 100 pour Est–Ouest"],
    },
    "de": {
        "detail": ["Der Plan für den Abend", "Nächster Schritt", "Wer spielt", "die 7 Sieger und der beste Verlierer",
                   "K.-o.-Turnier im Robberbridge", "Nord (oder Ost)", "Übersicht und Paare"],
        "bracket": ["Hauptturnier", "Trostrunde", "bester Verlierer: mit 10 an Tisch 2 verloren",
                    "Sieger folgt noch", "Turnierbaum, Auslosungen und Scorezettel drucken (PDF)"],
        "match": ["Der Scorezettel", "In Gefahr", "Zwischensumme", "beendete Robber: 1", "ausgepasst",
                  "Vollspiel für Nord–Süd", "O–W unvollendeter Robber: ein Vollspiel 300", "Honneurs 100 für Ost–West"],
    },
    "nl": {
        "detail": ["Het schema voor de avond", "Volgende stap", "Wie speelt", "de 7 winnaars en de beste verliezer",
                   "knock-out in robberbridge", "Noord (of Oost)", "Overzicht en paren"],
        "bracket": ["Hoofdtoernooi", "Troostronde", "beste verliezer: verloor met 10 aan tafel 2",
                    "winnaar volgt nog", "Schema, lotingen en scorekaarten afdrukken (PDF)"],
        "match": ["De scorekaart", "Kwetsbaar", "Lopend totaal", "voltooide robbers: 1", "gepast",
                  "manche voor Noord–Zuid", "O–W onvoltooide robber: een manche 300", "honneurs 100 voor Oost–West"],
    },
}  # fmt: skip

# English sentences of each page that must be gone once the club speaks another language.
ENGLISH = {
    "detail": ["The plan for the evening", "Next step", "Who plays", "the 7 winners and the best loser",
               "rubber bridge knockout", "North (or East)", "Overview and pairs"],
    "bracket": ["Main tournament", "Consolation tournament", "best loser: lost by 10 at table 2", "winner to come",
                "best loser: lost by the smallest margin and went on with the winners"],
    "match": ["The score pad", "Running total", "rubbers finished", "passed out", "game to North–South",
              "unfinished rubber", "honours 100 to East–West"],
}  # fmt: skip


def same_spaces(text: str) -> str:
    """French groups thousands with a no-break space: compare it as a plain space."""
    return text.replace("\xa0", " ").replace("\u202f", " ")


def pdf_text(content: bytes) -> tuple[PdfReader, str]:
    """The reader and the text of every page, its lines joined (a long title wraps)."""
    reader = PdfReader(io.BytesIO(content))
    return reader, " ".join(same_spaces("\n".join(page.extract_text() for page in reader.pages)).split())


def club_speaks(director, language: str = "", paper: str = "A4") -> Club:
    club = Club.objects.get(memberships__user=director)
    club.language, club.paper = language, paper
    club.save()
    return club


@pytest.fixture
def played(client_in, director):
    """Seven tables: main round 1 closed (table 1 deal by deal, 1,040 to 1,420; table 2's loser the best loser,
    by 10), round 2 and the consolation drawn."""
    knockout = make_knockout(pairs=14, user=director, name="Four Aces night")
    for m in matches(get_round(knockout)):
        if m.table == 1:
            for number, deal in enumerate(EVENING, start=1):
                post_deal(client_in, m, number, deal)
        else:
            post_totals(client_in, m, 1000 + (10 if m.table == 2 else 100 * m.table), 1000)
    client_in.post(reverse("knockout_round_close", args=[knockout.id, "main", 1]))
    return knockout


def pages(knockout) -> dict[str, str]:
    table_1 = get_round(knockout).matches.select_related("round").get(table=1)
    return {
        "detail": reverse("knockout_detail", args=[knockout.id]),
        "bracket": reverse("knockout_bracket", args=[knockout.id]),
        "match": match_url(table_1),
    }


@pytest.mark.parametrize("language", ["fr", "de", "nl"])
def test_the_pages_speak_the_clubs_language(client_in, director, played, language):
    club_speaks(director, language)
    for page, url in pages(played).items():
        response = client_in.get(url)
        assert response.status_code == 200
        html = same_spaces(response.content.decode()).replace("&#x27;", "'")
        for words in WORDS[language][page]:
            assert words in html, (language, page, words)
        for sentence in ENGLISH[page]:
            assert sentence not in html, (language, page, sentence)
        if page == "match":  # the totals in the club's style of numbers
            with translation.override(language):
                assert same_spaces(f'<th class="num big">{l10n.number(1040)}</th>') in html
                assert same_spaces(f'<th class="num big">{l10n.number(1420)}</th>') in html


def test_english_stays_as_it_was(client_in, director, played):
    club_speaks(director, "en-gb")
    for page, url in pages(played).items():
        html = client_in.get(url).content.decode()
        for sentence in ENGLISH[page]:
            if sentence != "unfinished rubber":  # the pad's row is "After the last deal: unfinished rubber"
                assert sentence in html, (page, sentence)


@pytest.mark.parametrize("language", ["fr", "de", "nl"])
def test_a_refused_total_is_said_in_the_clubs_language(client_in, director, played, language):
    club_speaks(director, language)
    round_2 = get_round(played, "main", 2).matches.select_related("round").get(table=1)
    response = post_totals(client_in, round_2, 300, 55)
    said = [str(m) for m in response.wsgi_request._messages]
    expected = {
        "fr": "Le total de Est–Ouest, 55, n’est pas un score de bridge",
        "de": "Die Summe von Ost–West, 55, ist kein Bridge-Ergebnis",
        "nl": "Het totaal van Oost–West, 55, is geen bridgescore",
    }[language]
    assert any(expected in message for message in said), said
    assert not any("is not a bridge score" in message for message in said)


def test_the_bracket_pdf_is_printed_in_french_on_a4(client_in, director, played):
    club_speaks(director, "fr")
    response = client_in.get(reverse("knockout_bracket_pdf", args=[played.id]))
    reader, text = pdf_text(response.content)
    assert [float(x) for x in reader.pages[0].mediabox[2:]] == pytest.approx([595.28, 841.89], abs=0.01)
    for words in (
        "Four Aces night – élimination directe",
        "décembre 2026",
        "Tableau principal",
        "les 7 vainqueurs et le meilleur perdant",
        "meilleur perdant : battu par le plus petit écart",
        ": le tirage au sort",
        "feuille de marque de robre",
        "Robre inachevé",
        "Total du match",
        "manche pour Nord–Sud",
        "1 040",
        "1 420",
    ):
        assert words in text, words
    for sentence in ("Main tournament", "rubber score pad", "Unfinished rubber", "Match total", "1,040", "December"):
        assert sentence not in text, sentence


def test_the_pdfs_follow_the_clubs_letter_paper(client_in, director, played):
    club_speaks(director, "fr", paper="letter")
    bracket = client_in.get(reverse("knockout_bracket_pdf", args=[played.id]))
    reader, text = pdf_text(bracket.content)
    assert [float(x) for x in reader.pages[0].mediabox[2:]] == [612, 792]
    assert "feuille de marque de robre" in text
    draw = client_in.get(reverse("knockout_round_pdf", args=[played.id, "main", 2]))
    reader, text = pdf_text(draw.content)
    assert [float(x) for x in reader.pages[0].mediabox[2:]] == [612, 792]
    assert "le tirage au sort" in text and "Le premier joueur nommé de chaque paire" in text
    wall = client_in.get(reverse("knockout_bracket_wall_pdf", args=[played.id]))
    reader, text = pdf_text(wall.content)
    # The main bracket and the consolation a landscape page each (their names at 14 pt: test_wall_chart.py).
    assert len(reader.pages) == 2 and all([float(x) for x in page.mediabox[2:]] == [792, 612] for page in reader.pages)
    assert "Four Aces night – élimination directe : le tableau" in text and "Tableau principal" in text
    # ?paper=A4 prints on A4 this once.
    wall = client_in.get(reverse("knockout_bracket_wall_pdf", args=[played.id]) + "?paper=A4")
    reader, _text = pdf_text(wall.content)
    assert [round(float(x)) for x in reader.pages[0].mediabox[2:]] == [842, 595]


def test_the_bracket_page_offers_the_other_paper(client_in, director, played):
    club_speaks(director, "fr", paper="letter")
    html = client_in.get(reverse("knockout_bracket", args=[played.id])).content.decode()
    assert "?paper=A4" in html and "sur A4" in html and "?paper=letter" not in html


def test_the_workbook_is_in_german(client_in, director, played):
    club_speaks(director, "de")
    response = client_in.get(reverse("knockout_results_xlsx", args=[played.id]))
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Matches", "Spiele", "Plan", "Freie Tische"]
    rows = list(book["Matches"].iter_rows(values_only=True))
    assert rows[0][:9] == ("Turnierbaum", "Runde", "Tisch", "Nord–Süd", "Ost–West", "Summe N–S", "Summe O–W",
                           "Sieger", "Abstand")  # fmt: skip
    assert rows[1][0] == "Hauptturnier" and rows[1][6:9][1:] == (rows[1][4], 380)
    assert "nur Summen" in rows[2]
    deals = list(book["Spiele"].iter_rows(values_only=True))
    assert deals[0][:6] == ("Turnierbaum", "Runde", "Tisch", "Spiel", "In Gefahr", "Kontrakt")
    assert deals[9][3] == "unvollendet"
    # The matches entered as totals only: a line each, in German (tests/knockout/test_slips.py).
    assert str(deals[-1][15]).startswith("nur Summen: das Match wurde mit seinen beiden Summen eingetragen")
    assert deals[3][4] == "N–S"  # before deal 3, North–South vulnerable

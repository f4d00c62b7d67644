"""The results workbook: standings, seating, deals, and pairs at a keep-partners party."""

import dataclasses
import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from tests.printing.factories import make_workbook
from tournaments.printing.data import DealRecordRow
from tournaments.printing.workbook import results_xlsx


def _open(book):
    filename, content_type, content = results_xlsx(book)
    return filename, content_type, load_workbook(io.BytesIO(content))


def _rows(ws):
    return [list(row) for row in ws.iter_rows(values_only=True)]


def test_file_name_type_and_sheets():
    filename, content_type, wb = _open(make_workbook())
    assert filename == "spring-party-results.xlsx"
    assert content_type == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert wb.sheetnames == ["Standings", "Seating", "Deals"]


def test_keep_partners_adds_pairs():
    _, _, wb = _open(make_workbook(keep_partners=True))
    assert wb.sheetnames == ["Standings", "Seating", "Deals", "Pairs"]
    rows = _rows(wb["Pairs"])
    assert rows[0] == ["Place", "Tied", "Pair", "Total"]
    assert rows[1] == [1, None, "Player 000 & Player 001", 500]  # a place is a number; a tie is marked "="
    assert len(rows) == 1 + 4


def test_standings():
    _, _, wb = _open(make_workbook(tables=2, rounds=3))
    ws = wb["Standings"]
    rows = _rows(ws)
    assert rows[0][:4] == ["Place", "Tied", "Name", "Total"]
    assert rows[0][4:8] == ["R1 table", "R1 seat", "R1 partner", "R1 result"]
    assert rows[0][-1] == "R3 result"
    assert len(rows[0]) == 4 + 3 * 4
    assert rows[1][:8] == [1, None, "Player 000", 1000, 2, "East", "Player 001", 100]
    assert rows[8][:4] == [8, None, "Player 007", -50]
    assert len(rows) == 1 + 8


def test_standings_mixed_has_a_kind_column():
    _, _, wb = _open(make_workbook(mixed=True))
    rows = _rows(wb["Standings"])
    assert rows[0][:5] == ["Place", "Tied", "Name", "Kind", "Total"]
    assert rows[1][:5] == [1, None, "Player 000", "Gentleman", 1000]
    assert rows[2][:5] == [2, None, "Player 001", "Lady", 850]
    assert wb["Standings"].freeze_panes == "D2"  # the header row stays in view


def test_seating():
    _, _, wb = _open(make_workbook(tables=2, rounds=3))
    rows = _rows(wb["Seating"])
    assert rows[0] == ["Round", "Table", "North", "East", "South", "West", "N–S", "E–W", "Winner"]
    assert rows[1] == [1, 1, "Player 001", "Player 002", "Player 003", "Player 004", 400, -400, "N–S"]
    assert len(rows) == 1 + 3 * 2


def test_seating_before_results_are_in():
    book = make_workbook(tables=1, rounds=1)
    book = dataclasses.replace(book, seating=[book.seating[0]._replace(ns=None, ew=None, winner="")])
    _, _, wb = _open(book)
    assert _rows(wb["Seating"])[1][6:] == [None, None, None]


def test_deals():
    _, _, wb = _open(make_workbook(tables=2, rounds=3))
    rows = _rows(wb["Deals"])
    assert rows[0] == [
        "Round",
        "Table",
        "Deal",
        "Dealer",
        "Vulnerable",
        "Contract",
        "By",
        "Tricks",
        "Score",
        "N–S",
        "E–W",
    ]
    assert len(rows) == 1 + 3 * 2 * 4
    # The contracts in the pages' words (templatetags/bridge.contract), not as the data keeps them ("4S", "3NX").
    assert rows[1] == [1, 1, 1, "North", "Neither", "4♠", "North", 10, 620, 620, -620]
    assert rows[2] == [1, 1, 2, "East", "E–W", "3NT×", "East", 10, 620, 620, -620]
    assert rows[3][3:5] == ["South", "N–S"]
    assert rows[4][3:5] == ["West", "Both"]


def test_passed_out_deal():
    """A passed-out deal's Contract is the deal form's word for it, its By and Tricks blank (as the pages show it),
    not 0 tricks."""
    book = make_workbook(tables=1, rounds=1)
    book = dataclasses.replace(book, deals=[DealRecordRow(1, 1, 3, "PASS", "", 0, 0, 0, 0)])
    _, _, wb = _open(book)
    assert _rows(wb["Deals"])[1] == [1, 1, 3, "South", "N–S", "Pass", None, None, 0, 0, 0]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["3NT", "4♠×", "6♥××", "Pass"]),
        ("fr", ["3SA", "4♠×", "6♥××", "Passe"]),
        ("de", ["3SA", "4♠×", "6♥××", "Passe"]),
        ("nl", ["3SA", "4♠×", "6♥××", "Pas"]),
    ],
)
def test_the_deals_sheet_speaks_the_clubs_contract_words(language, words):
    """The Contract column in the words the club's pages use: SA, × and ×× as the deal pages show them, and a
    passed-out deal as the deal form's menu names it, with no tricks."""
    book = make_workbook(tables=1, rounds=1)
    deals = [
        DealRecordRow(1, 1, 1, "3N", "N", 9, 400, 400, -400),
        DealRecordRow(1, 1, 2, "4SX", "E", 10, 790, -790, 790),
        DealRecordRow(1, 1, 3, "6HXX", "S", 12, 1580, 1580, -1580),
        DealRecordRow(1, 1, 4, "PASS", "", 0, 0, 0, 0),
    ]
    with translation.override(language):
        _, _, wb = _open(dataclasses.replace(book, deals=deals))
    rows = _rows(wb.worksheets[2])[1:]
    assert [row[5] for row in rows] == words
    assert [row[7] for row in rows] == [9, 10, 12, None]


def test_headers_bold_panes_frozen_columns_sized():
    _, _, wb = _open(make_workbook(keep_partners=True))
    for name in wb.sheetnames:
        ws = wb[name]
        assert all(cell.font.bold for cell in ws[1]), name
        assert ws.freeze_panes is not None, name
        assert ws.column_dimensions["B"].width >= 7, name
    assert wb["Standings"].freeze_panes == "D2"
    assert wb["Standings"].column_dimensions["C"].width >= 12
    assert wb["Seating"].column_dimensions["C"].width >= 12
    assert not wb["Standings"]["C2"].font.bold


def test_accented_names_are_kept_as_they_are():
    book = make_workbook(tables=1, rounds=1)
    lines = [dataclasses.replace(book.sheet.lines[0], name="Zoë Müller\u2212Smith"), *book.sheet.lines[1:]]
    book = dataclasses.replace(book, sheet=dataclasses.replace(book.sheet, lines=lines))
    _, _, wb = _open(book)
    assert wb["Standings"]["C2"].value == "Zoë Müller\u2212Smith"


def test_empty_party():
    book = make_workbook(tables=1, rounds=1)
    book = dataclasses.replace(
        book, sheet=dataclasses.replace(book.sheet, lines=[], rounds=[], booby=[]), seating=[], deals=[]
    )
    _, _, wb = _open(book)
    assert _rows(wb["Standings"]) == [["Place", "Tied", "Name", "Total"]]
    deals = _rows(wb["Deals"])
    # A party entered as net figures has no deals: the sheet says so instead of lying empty.
    assert len(deals) == 2 and deals[1][0].startswith("No deals to list: the results were entered as")


def test_each_workbook_has_its_own_languages_words():
    """The words of a workbook (seats, sides, kinds) are worked out once per workbook: never the last one's."""
    book = make_workbook(tables=1, rounds=1, mixed=True)
    with translation.override("fr"):
        _, _, french = _open(book)
    _, _, english = _open(book)
    assert french.sheetnames[0] == "Classement" and english.sheetnames[0] == "Standings"
    assert _rows(french.worksheets[2])[1][3:7] == ["Nord", "Personne", "4♠", "Nord"]
    assert _rows(french.worksheets[2])[2][5] == "3SA×"
    assert _rows(english["Deals"])[1][3:7] == ["North", "Neither", "4♠", "North"]
    assert _rows(english["Deals"])[2][5] == "3NT×"
    assert _rows(french.worksheets[0])[1][3] == "Monsieur" and _rows(english["Standings"])[1][3] == "Gentleman"
    assert _rows(french.worksheets[1])[0][5:8] == ["Ouest", "N–S", "E–O"]
    assert _rows(english["Seating"])[0][5:8] == ["West", "N–S", "E–W"]


def test_text_that_turns_into_a_formula_once_cleaned_stays_text():
    book = make_workbook(tables=1, rounds=1)
    names = ["\x01=1+1", "#N/A", "=", "Ada"]
    lines = [dataclasses.replace(line, name=names[i]) for i, line in enumerate(book.sheet.lines)]
    _, _, wb = _open(dataclasses.replace(book, sheet=dataclasses.replace(book.sheet, lines=lines)))
    cells = wb["Standings"]["C"][1:]
    assert [cell.value for cell in cells] == ["=1+1", "#N/A", "=", "Ada"]
    assert all(cell.data_type == "s" for cell in cells)


@pytest.mark.django_db
def test_a_french_clubs_workbook_from_its_page(client_in, director):
    """The workbook as the hostess downloads it (the club's language): 3SA, 4♠, « Passe », no tricks when passed."""
    from django.urls import reverse

    from tests.conftest import make_party
    from tournaments.services import results as result_services

    club = director.memberships.get().club
    club.language = "fr"
    club.save()
    party = make_party(tables=1, rounds=1, user=director)
    deals = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 9), ("2HX", "S", 7)]
    result_services.result_record(round_=party.rounds.get(number=1), table=1, deals=deals, by_user=director)
    answer = client_in.get(reverse("results_xlsx", args=[party.id]))
    wb = load_workbook(io.BytesIO(answer.content))
    rows = _rows(wb["Donnes"])
    assert [row[5:8] for row in rows[1:]] == [["4♠", "Nord", 10], ["Passe", None, None], ["3SA", "Est", 9],
                                             ["2♥×", "Sud", 7]]  # fmt: skip

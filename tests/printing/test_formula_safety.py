"""The workbooks the app writes cannot run code: typed-in text is stored as text, never as a formula.

A guest named "=1+1" or '=HYPERLINK(...)', a knockout pair "=1+1 & =2+2", and a shared place "=2" all come back
as the exact text typed; numbers stay numbers; the sheets' XML holds no formula element at all.
"""

import dataclasses
import datetime
import io
import re
import zipfile

import pytest
from openpyxl import load_workbook

from tests.printing.factories import make_workbook
from tournaments.printing import knockout as knockout_printing
from tournaments.printing.data import SeatingRow
from tournaments.printing.workbook import results_xlsx
from tournaments.selectors import knockout as knockout_selectors
from tournaments.selectors import prints as print_selectors
from tournaments.selectors.standings import party_standings
from tournaments.services import knockout as knockout_services
from tournaments.services import party as party_services
from tournaments.services import rounds as round_services
from tournaments.services import seating as seating_services
from tournaments.services.results import result_record

HOSTILE = [
    "=1+1",
    '=HYPERLINK("http://example.invalid","click")',
    "@SUM(A1)",
    "+1",
    "-2+3",
    "#N/A",
    "=cmd|' /C calc'!A0",
    "Ada Brown",
]
FORMULA = re.compile(rb"<(?:\w+:)?f[\s>/]")


def sheet_xml(content: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return {name: archive.read(name) for name in archive.namelist() if name.startswith("xl/worksheets/")}


def text_cells(content: bytes) -> list:
    """Every cell of every sheet holding a str; each must be stored as text."""
    book = load_workbook(io.BytesIO(content))
    return [cell for ws in book.worksheets for row in ws.iter_rows() for cell in row if isinstance(cell.value, str)]


def assert_no_formula(content: bytes) -> None:
    sheets = sheet_xml(content)
    assert sheets
    for name, xml in sheets.items():
        assert not FORMULA.search(xml), name
    cells = text_cells(content)
    assert cells
    assert [c.coordinate for c in cells if c.data_type != "s"] == []


def column(ws, header: str) -> list:
    rows = list(ws.iter_rows(values_only=True))
    index = rows[0].index(header)
    return [row[index] for row in rows[1:]]


@pytest.fixture
def hostile_party(director):
    """One table, two rounds: guests named to look like formulas, and a tie for second place."""
    party = party_services.party_create(
        name="=SUM(1,2) party", date=datetime.date(2026, 11, 28), tables=1, rounds_planned=2, user=director
    )
    party_services.guests_add(party=party, entries=[(name, "") for name in HOSTILE[:4]])
    seating_services.seats_draw(party=party, seed=7)
    first = party.rounds.get(number=1)
    result_record(round_=first, table=1, net=(400, -400), by_user=director)
    round_services.round_close(round_=first)
    result_record(round_=party.rounds.get(number=2), table=1, net=(400, -400), by_user=director)
    return party


@pytest.mark.django_db
def test_the_party_workbook_keeps_every_typed_name_as_text(hostile_party):
    labels = [p.label for p in party_standings(hostile_party).players]
    assert labels == ["1", "=2", "=2", "4"]  # the movement splits the partners: one tie, for second place
    _, _, content = results_xlsx(print_selectors.workbook(hostile_party))
    assert_no_formula(content)
    book = load_workbook(io.BytesIO(content))
    assert column(book["Standings"], "Place") == [1, 2, 2, 4]  # numbers; the tie in a column of its own
    assert column(book["Standings"], "Tied") == [None, "=", "=", None]
    assert sorted(column(book["Standings"], "Name")) == sorted(HOSTILE[:4])
    seated = {name for ws_row in book["Seating"].iter_rows(min_row=2, min_col=3, max_col=6, values_only=True)
              for name in ws_row}  # fmt: skip
    assert seated == set(HOSTILE[:4])
    assert column(book["Standings"], "Total") == [800, 0, 0, -800]  # numbers stay numbers


def test_every_text_cell_is_text_and_every_number_a_number():
    """Plain data, every hostile name in every sheet, a shared place "=2" in the standings and the pairs."""
    book = make_workbook(tables=2, rounds=2, keep_partners=True)
    names = HOSTILE
    lines = [
        dataclasses.replace(line, name=names[i], label=("=2" if i in (1, 2) else str(i + 1)))
        for i, line in enumerate(book.sheet.lines)
    ]
    pairs = [("1", f"{names[0]} & {names[1]}", 500), ("=2", f"{names[2]} & {names[3]}", 400)]
    pairs += [("=2", f"{names[4]} & {names[5]}", 400), ("4", f"{names[6]} & {names[7]}", -450)]
    seating = [
        SeatingRow(1, 1, names[0], names[1], names[2], names[3], 400, -400, "NS"),
        SeatingRow(1, 2, names[4], names[5], names[6], names[7], -450, 450, "EW"),
    ]
    book = dataclasses.replace(book, sheet=dataclasses.replace(book.sheet, lines=lines, pairs=pairs), seating=seating)
    _, _, content = results_xlsx(book)
    assert_no_formula(content)
    wb = load_workbook(io.BytesIO(content))
    assert column(wb["Standings"], "Name") == names
    assert column(wb["Standings"], "Place")[:4] == [1, 2, 2, 4]
    assert column(wb["Standings"], "Tied")[:4] == [None, "=", "=", None]
    written = [row[:4] for row in wb["Pairs"].iter_rows(min_row=2, values_only=True)]
    # A place is always a number; a shared one is marked in the Tied column.
    assert written == [(int(p[0].lstrip("=")), "=" if p[0].startswith("=") else None, p[1], p[2]) for p in pairs]
    rows = list(wb["Seating"].iter_rows(min_row=2, values_only=True))
    assert rows == [(1, 1, *names[:4], 400, -400, "N–S"), (1, 2, *names[4:], -450, 450, "E–W")]
    assert all(isinstance(c.value, str) and c.data_type == "s" for c in wb["Standings"]["C"][1:])


def test_a_character_a_sheet_cannot_hold_is_dropped_not_fatal():
    book = make_workbook(tables=1, rounds=1)
    lines = [dataclasses.replace(book.sheet.lines[0], name="Ada\x01 Brown"), *book.sheet.lines[1:]]
    _, _, content = results_xlsx(dataclasses.replace(book, sheet=dataclasses.replace(book.sheet, lines=lines)))
    assert column(load_workbook(io.BytesIO(content))["Standings"], "Name")[0] == "Ada Brown"


@pytest.mark.django_db
def test_the_knockout_workbook_keeps_a_pair_named_like_formulas_as_text(director):
    pairs = [["=1+1", "=2+2"], ['=HYPERLINK("http://example.invalid","click")', "@SUM(A1)"], ["+1", "-2"]]
    pairs += [["Ada Brown", "Bob Carter"]]
    knockout = knockout_services.knockout_create(
        name="=1+1 night", date=datetime.date(2026, 12, 5), pairs=pairs, user=director
    )
    knockout_services.knockout_draw(knockout=knockout, seed=11)
    knockout = knockout_selectors.knockout_get(knockout.id, user=director)
    _, _, content = knockout_printing.results_xlsx(knockout_selectors.knockout_book(knockout))
    assert_no_formula(content)
    book = load_workbook(io.BytesIO(content))
    shown = set(column(book["Matches"], "North–South")) | set(column(book["Matches"], "East–West"))
    assert shown == {" & ".join(pair) for pair in pairs}
    assert "=1+1 & =2+2" in shown
    assert column(book["Matches"], "Table") == [1, 2]


def test_the_knockout_workbook_notes_and_plan_are_text_too():
    line = knockout_printing.PadLine(
        number=1, contract="4S", declarer="S", tricks=10, honours="", vulnerable="none", ns_above=0, ns_below=120,
        ew_above=0, ew_below=0, ns_running=120, ew_running=0, notes="=cmd|' /C calc'!A0",
    )  # fmt: skip
    match = knockout_printing.MatchSheet(
        round_title="Main round 1", table=1, ns="=1+1 & =2+2", ew="+A & -B", seats={}, deals_allowed=6,
        lines=[line], finish_ns=None, finish_ew=None, ns_total=120, ew_total=0, finished=False, winner="",
        margin=None, decided_by="", best_loser=False, entry="deals",
    )  # fmt: skip
    round_ = knockout_printing.DrawRound(
        title="Main round 1", bracket="main", number=1, closed=False, arranged=False, draw_seed=1, matches=[match]
    )
    plan = [knockout_printing.PlanRow(bracket="main", stage="Round 1", tables=1, who="=1+1 & =2+2, +A & -B")]
    book = knockout_printing.KnockoutBook(
        name="Night", date=datetime.date(2026, 12, 5), plan=plan, plan_note="=2 pairs", rounds=[round_],
        winners={"main": "=1+1 & =2+2"},
    )  # fmt: skip
    _, _, content = knockout_printing.results_xlsx(book)
    assert_no_formula(content)
    wb = load_workbook(io.BytesIO(content))
    assert column(wb["Deals"], "Notes") == ["=cmd|' /C calc'!A0"]
    assert column(wb["Deals"], "N–S below") == [120]
    assert column(wb["Plan"], "Who plays") == ["=1+1 & =2+2, +A & -B", "=2 pairs", "=1+1 & =2+2"]

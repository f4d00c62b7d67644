"""Factories for the printing tests: plain data built by hand (no database), and readers for the output."""

import datetime
import io

from pypdf import PdfReader

from tournaments.printing.data import (
    DealHeading,
    DealRecordRow,
    MovementLine,
    ResultLine,
    ResultsSheet,
    ScoreCard,
    SeatingRow,
    TableCard,
    TallyCard,
    TallyLine,
    Workbook,
)

PARTY = "Spring Party"
DAY = datetime.date(1938, 4, 9)
SEATS = "NESW"
DEALS = [DealHeading(1, "N", "none"), DealHeading(2, "E", "EW"), DealHeading(3, "S", "NS"), DealHeading(4, "W", "both")]


def player_name(i: int) -> str:
    return f"Player {i:03d}"


def make_tally(i: int = 1, *, kind: str = "", rounds: int = 4, played: int = 2, name: str | None = None) -> TallyCard:
    """A card whose first `played` rounds are in (+100 x round, alternating sign), the rest blank."""
    table, seat = i // 4 + 1, SEATS[i % 4]
    lines, running = [], 0
    for r in range(1, rounds + 1):
        if r <= played:
            result = (100 * r) * (1 if r % 2 else -1)
            running += result
            lines.append(
                TallyLine(r, table, seat if r == 1 else SEATS[(i + r) % 4], f"Partner {i}-{r}", result, running)
            )
        else:
            lines.append(TallyLine(r, None, "", "", None, None))
    return TallyCard(
        party_name=PARTY,
        party_date=DAY,
        name=name or player_name(i),
        kind=kind,
        table=table,
        seat=seat,
        lines=lines,
        total=running if played else None,
    )


def make_tallies(count: int, *, mixed: bool = False, rounds: int = 4, played: int = 2) -> list[TallyCard]:
    cards = []
    for i in range(count):
        kind = ("lady" if i % 4 in (0, 1) else "gentleman") if mixed else ""
        cards.append(make_tally(i, kind=kind, rounds=rounds, played=played))
    return cards


def make_score_cards(tables: int, *, round_number: int = 2) -> list[ScoreCard]:
    return [
        ScoreCard(PARTY, round_number, t, {s: f"{s}-player at {t}" for s in SEATS}, list(DEALS))
        for t in range(1, tables + 1)
    ]


def make_table_cards(tables: int, *, link: bool = True) -> list[TableCard]:
    return [TableCard(PARTY, t, f"https://club.example/t/{t:03d}abcdef" if link else "") for t in range(1, tables + 1)]


def make_sheet(players: int = 8, *, rounds: int = 3, mixed: bool = False, keep_partners: bool = False) -> ResultsSheet:
    lines = []
    for i in range(players):
        total = 1000 - 150 * i
        kind = ("lady" if i % 2 else "gentleman") if mixed else ""
        per_round: list[tuple[int, int | None, str, str, int | None]] = [
            (r, (i + r) % 4 + 1, SEATS[(i + r) % 4], player_name((i + r) % players), 100 * r)
            for r in range(1, rounds + 1)
        ]
        lines.append(ResultLine(str(i + 1), player_name(i), kind, total, i == players - 1, per_round))
    totals = {line.name: line.total for line in lines}
    ladies = [(line.name, line.total) for line in lines if line.kind == "lady"]
    gents = [(line.name, line.total) for line in lines if line.kind == "gentleman"]
    pairs = []
    if keep_partners:
        pairs = [
            (str(p + 1), f"{player_name(2 * p)} & {player_name(2 * p + 1)}", 500 - 100 * p) for p in range(players // 2)
        ]
    return ResultsSheet(
        party_name=PARTY,
        party_date=DAY,
        mixed=mixed,
        keep_partners=keep_partners,
        rounds=list(range(1, rounds + 1)),
        lines=lines,
        best_ladies=ladies,
        best_gentlemen=gents,
        pairs=pairs,
        booby=[player_name(players - 1)] if totals else [],
    )


def make_workbook(tables: int = 2, *, rounds: int = 3, mixed: bool = False, keep_partners: bool = False) -> Workbook:
    sheet = make_sheet(4 * tables, rounds=rounds, mixed=mixed, keep_partners=keep_partners)
    seating, deals = [], []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            north, east, south, west = (player_name((4 * (t - 1) + k + r) % (4 * tables)) for k in range(4))
            seating.append(SeatingRow(r, t, north, east, south, west, 400, -400, "NS"))
            for n in range(1, 5):
                deals.append(DealRecordRow(r, t, n, "4S" if n % 2 else "3NX", SEATS[n - 1], 10, 620, 620, -620))
    return Workbook(sheet, seating, deals)


def make_movement() -> list[MovementLine]:
    """Four players sorted by name, two of them with accents."""
    return [
        MovementLine("Ada Brown", "lady", 2, "N", "Bob Carter"),
        MovementLine("Bob Carter", "gentleman", 2, "S", "Ada Brown"),
        MovementLine("Célie Dupont", "lady", 1, "E", "Jürgen Müller"),
        MovementLine("Jürgen Müller", "gentleman", 1, "W", "Célie Dupont"),
    ]


# --- reading the output back ---------------------------------------------------------------------------------


def pdf_pages(content: bytes) -> list[str]:
    """The extracted text of each page."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def pdf_reader(content: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(content))


def page_points(content: bytes, index: int = 0) -> tuple[int, int]:
    box = pdf_reader(content).pages[index].mediabox
    return round(float(box.width)), round(float(box.height))


def page_stream(content: bytes, index: int = 0) -> bytes:
    contents = pdf_reader(content).pages[index].get_contents()
    assert contents is not None, "the page draws nothing"
    return contents.get_data()

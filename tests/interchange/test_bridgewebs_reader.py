"""The BridgeWebs export read as the one public program that reads the format reads it, with a reader written
here from that program's logic (not its code) and from the format's public description:

- Marc Shearer's ImportUsebio (https://github.com/marcshearer/ImportUsebio): "Generic Csv Parser.swift" (the
  bytes as UTF-8, "\\n" dropped, lines split at "\\r", fields at every "," with no unquoting), "BridgeWebs Csv
  Parser.swift" (the sections in its order, the option lines it reads, the ranking by its column names:
  POSITION and PAIR as whole numbers, NAME1 and NAME2 a player each, PERCENT the score) and "Validation.swift"
  (what it then refuses). A parse error is reported at once and reading goes on; `import_usebio` refuses a
  file with any parse error or any validation error, as the program's user sees it.
- BridgeWebs' guide, "22.3 CSV Format" (https://www.bridgewebs.com/guideus/page40.html): the separator taken
  from the first line; option lines "#Name" and a value, case-insensitive (#Version std1, #Date DD/MM/YYYY,
  #Boards the number of boards, #Individual and #Aggregate any value). `guide` reads a file so, for what
  ImportUsebio passes over (#Individual, #Aggregate, the ranking's Score, the travellers).

The evening is tests/interchange/evening.py: two tables, two rounds, sixteen deals played (round 2's table 2
entered as net figures), twelve of them entered deal by deal.
"""

import re
from dataclasses import dataclass, field
from datetime import date, datetime

import pytest
from django.core.management import call_command

from tests.interchange.evening import BOARDS, DUPLICATE, FRENCH, GREEK, PRIVATE, play_evening, shown, totals, where
from tournaments.models import Guest

pytestmark = pytest.mark.django_db

# Each section tag ImportUsebio knows, and the tags that may follow the phase it leaves the reader in.
NEXT = {
    "": {"VERSION"},
    "VERSION": set(),
    "LINE": {"SCORES"},
    "SCORES": set(),
    "SCORESHEADER": set(),
    "SCORE": {"SCORES", "BOARDFORMAT"},
    "BOARDFORMAT": {"TRAVELLERS"},
    "TRAVELLERSHEADER": {"BOARD"},
    "TRAVELLERS": {"BOARD"},
    "BOARD": set(),
    "TRAVELLER": {"BOARD"},
}
WHOLE = re.compile(r"[+-]?\d+")
DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


class Refused(Exception):
    pass


@dataclass
class Participant:
    number: str | None = None
    place: int | None = None
    score: float | None = None
    names: list[str] = field(default_factory=list)
    direction: str = "NS"

    @property
    def description(self) -> str:
        return f"Pair {self.number} " if self.number is not None else "Unknown Pair"


@dataclass
class Event:
    program: str = ""
    title: str = ""
    day: date | None = None
    kind: str | None = None  # "pairs" when a #Pairs line has a value; nothing else sets it
    boards: int | None = None
    rounds: int | None = None
    winners: int = 1
    participants: list[Participant] = field(default_factory=list)


class Parser:
    """One file, line by line, as the Swift parser's phases take it."""

    def __init__(self, data: bytes):
        self.rows = [line.split(",") for line in data.decode("utf-8").replace("\n", "").split("\r")]
        self.event: Event | None = None
        self.errors: list[str] = []
        self.score_columns: list[str] = []
        self.direction = "NS"
        self.phase = ""
        for row in self.rows:
            self.take(row)
        if self.phase != "TRAVELLER":
            self.errors.append("Data does not contain all the required lines")

    def take(self, row: list[str]) -> None:
        tag = row[0][1:].upper() if row[0].startswith("#") else None
        if tag in NEXT:
            if tag in NEXT[self.phase]:
                self.phase = tag
            else:
                self.errors.append(f"Unexpected tag {tag} found")
        if self.phase == "VERSION":
            self.event = Event(program=row[1] if len(row) > 1 else "")
            self.phase = "LINE"
        elif self.phase == "LINE":
            self.option(row)
        elif self.phase in ("SCORES", "TRAVELLERS", "BOARD"):
            self.phase = {"SCORES": "SCORESHEADER", "TRAVELLERS": "TRAVELLERSHEADER", "BOARD": "TRAVELLER"}[self.phase]
        elif self.phase == "SCORESHEADER":
            self.score_columns = [name.upper() for name in row]
            self.phase = "SCORE"
            self.direction = "EW" if self.event and self.event.participants else "NS"
        elif self.phase == "SCORE":
            self.score(row)

    def option(self, row: list[str]) -> None:
        if len(row) < 2 or not row[0].startswith("#") or self.event is None:
            return
        name, value = row[0][1:].upper(), row[1].strip()
        number = int(value) if WHOLE.fullmatch(value) else None
        if name == "DATE":
            try:
                self.event.day = datetime.strptime(value, "%d/%m/%Y").date()
            except ValueError:
                self.event.day = None
        elif name == "TITLE":
            self.event.title = value
        elif name == "WINNERS":
            self.event.winners = number or 1
        elif name == "BOARDS":
            self.event.boards = number or 0
        elif name == "ROUNDS":
            self.event.rounds = number
        elif name == "PAIRS":
            self.event.kind = "pairs"

    def score(self, row: list[str]) -> None:
        if len(row) != len(self.score_columns) or self.event is None:
            self.errors.append("Column headers do not match score data")
            return
        participant = Participant(direction=self.direction)
        self.event.participants.append(participant)
        for heading, cell in zip(self.score_columns, row, strict=True):
            value = cell.strip()
            if heading == "POSITION":
                participant.place = int(value) if WHOLE.fullmatch(value) else None
            elif heading == "PAIR":
                participant.number = value
            elif heading in ("NAME1", "NAME2"):
                participant.names.append(value)
            elif heading == "PERCENT":
                participant.score = float(value) if DECIMAL.fullmatch(value) else None


def validate(event: Event | None) -> list[str]:
    """Validation.swift for a BridgeWebs file: the event first, its participants only if the event passes."""
    if event is None:
        return ["No events found"]
    errors = []
    if event.kind is None:
        errors.append("No event type specified")
    if event.winners == 2 and event.kind != "pairs":
        errors.append("2 winners in incompatible event")
    if errors:
        return errors
    seen: set[str] = set()
    for participant in event.participants:
        if participant.number is None:
            errors.append("Participant found with no number")
        elif participant.number in seen:
            errors.append(f"Duplicate found for Pair '{participant.number}'")
        else:
            seen.add(participant.number)
        place = participant.place or 0
        if place <= 0 or place > (len(event.participants) + 1) // event.winners:
            errors.append(f"Invalid place ({place}) for {participant.description}")
        if participant.score is None:
            errors.append(f"No score for {participant.description}")
        if len(participant.names) != 2:
            errors.append(f"Pair {participant.description} has {len(participant.names)} players")
    return errors


def import_usebio(data: bytes) -> Event:
    """The event as ImportUsebio takes it, or Refused with every message its user would see."""
    parsed = Parser(data)
    errors = parsed.errors + validate(parsed.event)
    if errors:
        raise Refused(errors)
    assert parsed.event is not None
    return parsed.event


def refusals(data: bytes) -> tuple[Event | None, list[str]]:
    parsed = Parser(data)
    return parsed.event, parsed.errors + validate(parsed.event)


def guide(data: bytes) -> dict:
    """The file as the guide describes it: the separator from the first line, option lines case-insensitive,
    then the ranking under its heading line and each #Board's traveller lines under theirs."""
    lines = [line for line in data.decode("utf-8").split("\r\n") if line]
    separator = next(s for s in ("\t", ";", ",") if s in lines[0])
    options: dict[str, str] = {}
    ranking: list[dict[str, str]] = []
    boards: dict[int, list[dict[str, str]]] = {}
    section, headings, board = "options", {}, 0
    for row in (line.split(separator) for line in lines):
        tag = row[0][1:].lower() if row[0].startswith("#") else None
        if tag in ("scores", "travellers", "board", "boardformat"):
            section = tag
            if tag == "board":
                board = int(row[1])
                boards[board] = []
        elif tag is not None and section == "options":
            options[tag] = row[1]
        elif section in ("scores", "travellers") and section not in headings:
            headings[section] = row
        elif section == "scores":
            ranking.append(dict(zip(headings["scores"], row, strict=True)))
        elif section == "board":
            boards[board].append(dict(zip(headings["travellers"], row, strict=True)))
    return {"options": options, "ranking": ranking, "boards": boards}


def export(party, tmp_path) -> bytes:
    out = tmp_path / "evening.csv"
    call_command("export_results", str(party.pk), "--format", "bridgewebs", "-o", str(out))
    return out.read_bytes()


MATCHPOINT_PAIRS = (
    b"#Version,std1\r\n#Source,Scorer\r\n#Title,Tuesday pairs\r\n#Date,01/12/2026\r\n#Pairs,1\r\n#Boards,24\r\n"
    b"#Winners,1\r\n#Scores\r\nPosition,Pair,Name1,Name2,Percent\r\n1,3,Ann Lee,Bob Ray,61.5\r\n"
    b"2,1,Cy Dunn,Di Fox,50\r\n2,2,Ed Gray,Flo Hart,50\r\n4,4,Gus Ives,Hal Jay,38.5\r\n"
    b"#BoardFormat,Board\r\n#Travellers\r\nNS,EW,NSScore,EWScore\r\n#Board,1\r\n1,3,420,\r\n"
)


def test_the_reader_takes_a_matchpoint_pairs_file_and_refuses_what_the_program_refuses():
    event = import_usebio(MATCHPOINT_PAIRS)
    assert (event.kind, event.title, event.day, event.boards) == ("pairs", "Tuesday pairs", date(2026, 12, 1), 24)
    assert [(p.place, p.number, p.names, p.score) for p in event.participants][:2] == [
        (1, "3", ["Ann Lee", "Bob Ray"], 61.5),
        (2, "1", ["Cy Dunn", "Di Fox"], 50.0),
    ]
    for wrong, message in (
        (b"2,1,Cy Dunn,Di Fox,50", b"2=,1,Cy Dunn,Di Fox,50"),  # a tied place it cannot read
        (b"Ann Lee,Bob Ray", b"Lee, Ann,Bob Ray"),  # a comma inside a name: one column too many
        (b"#Pairs,1", b"#Individual,1"),
    ):
        with pytest.raises(Refused):
            import_usebio(MATCHPOINT_PAIRS.replace(wrong, message))
    _event, errors = refusals(MATCHPOINT_PAIRS.replace(b"2,1,Cy Dunn,Di Fox,50", b"2=,1,Cy Dunn,Di Fox,50"))
    assert errors == ["Invalid place (0) for Pair 1 "]
    _event, errors = refusals(MATCHPOINT_PAIRS.replace(b"Ann Lee,Bob Ray", b"Lee, Ann,Bob Ray"))
    assert errors == ["Column headers do not match score data"]
    _event, errors = refusals(MATCHPOINT_PAIRS.replace(b"#Pairs,1", b"#Individual,1"))
    assert errors == ["No event type specified"]


def test_the_old_bare_ranking_table_and_a_file_without_travellers_are_refused_by_the_reader():
    with pytest.raises(Refused, match="required lines"):
        import_usebio("\ufeffPlace,Name,Member number,Score\r\n1,Ann,,20\r\n".encode())
    with pytest.raises(Refused, match="required lines"):
        import_usebio(MATCHPOINT_PAIRS.split(b"#Board,")[0])


def test_a_keep_partners_party_is_read_whole_and_refused_only_for_its_points(director, tmp_path):
    party, seats = play_evening(director, keep_partners=True)
    data = export(party, tmp_path)
    assert PRIVATE.encode() not in data and b"M. J. W." in data
    event, errors = refusals(data)
    assert event is not None
    # Two tables, two rounds, four deals a table's round: sixteen deals played (round 2's table 2 as net
    # figures counts: it was played), each player eight of them.
    assert (event.kind, event.title, event.day, event.boards, event.winners) == (
        "pairs",
        "Soirée Ω",
        date(2026, 11, 28),
        16,
        1,
    )
    # Round 1: table 1 N-S pair 1 (−2,660), E-W pair 2 (+1,580); table 2 pairs 3 and 4 (0 each): places
    # 1, 2, 2, 4 as whole numbers, every pair numbered, two names a line.
    assert [(p.place, p.number) for p in event.participants] == [(1, "2"), (2, "3"), (2, "4"), (4, "1")]
    names = {p.number: sorted(p.names) for p in event.participants}
    for pair, (table, side) in {"1": (1, "NS"), "2": (1, "EW"), "3": (2, "NS"), "4": (2, "EW")}.items():
        assert names[pair] == sorted(shown(seats[(1, table)][seat]) for seat in side)
    # The one refusal: aggregate points are no matchpoint percentage, and it reads a score only from PERCENT.
    assert errors == [f"No score for Pair {p} " for p in ("2", "3", "4", "1")]
    file = guide(data)
    assert (file["options"]["pairs"], file["options"]["aggregate"], file["options"]["boards"]) == ("1", "1", "16")
    assert "individual" not in file["options"]
    assert [(line["Pair"], line["Score"]) for line in file["ranking"]] == [
        ("2", "1580"),
        ("3", "0"),
        ("4", "0"),
        ("1", "-2660"),
    ]
    pair_of = {name: number for number, pair in names.items() for name in pair}
    check_travellers(
        file["boards"], lambda r, t: (pair_of[shown(seats[(r, t)]["N"])], pair_of[shown(seats[(r, t)]["E"])])
    )


def test_a_changing_partners_party_is_an_individual_the_reader_does_not_take(director, tmp_path):
    party, seats = play_evening(director, keep_partners=False)
    data = export(party, tmp_path)
    assert PRIVATE.encode() not in data
    event, errors = refusals(data)
    assert event is not None
    # The guide's #Individual: the reader knows pairs events alone, and says so before the players.
    assert errors == ["No event type specified"]
    assert (event.kind, event.title, event.boards) == (None, "Soirée Ω", 16)
    expected = totals(seats)
    places = {1580: 1, 0: 3, -2660: 7}  # shared places as whole numbers: 1, 1, 3, 3, 3, 3, 7, 7
    by_name = {p.names[0]: p for p in event.participants}
    assert set(by_name) == {shown(name) for name in expected} and {GREEK, FRENCH, "M. J. W."} <= set(by_name)
    assert [p.number for p in event.participants] == [str(n) for n in range(1, 9)]  # by place in the ranking
    assert all(len(p.names) == 1 for p in event.participants)
    file = guide(data)
    assert (file["options"]["individual"], file["options"]["aggregate"], file["options"]["boards"]) == ("1", "1", "16")
    assert "pairs" not in file["options"]
    score = {line["Name1"]: line["Score"] for line in file["ranking"]}
    for name, total in expected.items():
        assert (by_name[shown(name)].place, int(score[shown(name)])) == (places[total], total)
    number = {p.names[0]: p.number for p in event.participants}
    check_travellers(
        file["boards"],
        lambda r, t: (
            f"{number[shown(seats[(r, t)]['N'])]}-{number[shown(seats[(r, t)]['S'])]}",
            f"{number[shown(seats[(r, t)]['E'])]}-{number[shown(seats[(r, t)]['W'])]}",
        ),
    )


def test_a_name_with_a_comma_keeps_every_line_to_its_columns(director, tmp_path):
    party, seats = play_evening(director, keep_partners=True)
    name = seats[(1, 1)]["E"]
    Guest.objects.filter(party=party, name=name).update(name="Lee, Ann")
    data = export(party, tmp_path)
    assert b"Lee; Ann" in data and b'"' not in data
    event, errors = refusals(data)
    assert event is not None  # the file reads
    assert not [e for e in errors if not e.startswith("No score for")]
    assert any("Lee; Ann" in p.names for p in event.participants)


def check_travellers(boards, pair_names) -> None:
    assert sorted(boards) == BOARDS  # round 2's table 2 was entered as net figures: no deals
    for number, lines in boards.items():
        round_, table, deal = where(number)
        (line,) = lines
        side, score, ns, ew = DUPLICATE[(round_, table, deal)]
        assert line["NSScore" if side == "NS" else "EWScore"] == str(score)
        assert (int(line["NSPts"]), int(line["EWPts"])) == (ns, ew)
        assert (line["NS"], line["EW"]) == pair_names(round_, table)
    assert {k: boards[6][0][k] for k in ("Contract", "Tricks", "Declarer", "NSScore", "EWScore", "EWPts")} == {
        "Contract": "4SXX",
        "Tricks": "10",
        "Declarer": "E",
        "NSScore": "",
        "EWScore": "1080",
        "EWPts": "1000",
    }

"""The BridgeWebs export read as BridgeWebs' CSV upload is read, with a reader written here from the format's
public description and a public program that reads it:

- BridgeWebs' guide, "22.3 CSV Format" (https://www.bridgewebs.com/guideus/page40.html): the separator is
  taken from the first line; option lines are "#Name" and a value, case-insensitive (#Version std1,
  #Date DD/MM/YYYY, #Individual for an individual event, #Aggregate, #Boards, #Source, #Title); then data.
- Marc Shearer's ImportUsebio, which imports BridgeWebs CSV files
  (https://github.com/marcshearer/ImportUsebio, ImportUsebio/Shared/BridgeWebs Csv Parser.swift): the
  sections in the order it takes them, #Version first, then #Scores (a heading line, one line a player or
  pair), #BoardFormat, #Travellers (a heading line) and each #Board with its traveller lines; a file that
  stops short of a traveller line, or has a section out of its place, is refused: "the data does not contain
  all the required lines". Like that reader, this one splits lines at CR and fields at the separator.

The evening is tests/interchange/evening.py.
"""

import pytest
from django.core.management import call_command

from tests.interchange.evening import BOARDS, DUPLICATE, FRENCH, GREEK, PRIVATE, play_evening, shown, totals, where

pytestmark = pytest.mark.django_db

# Each section and the sections that may follow it.
FOLLOWS = {
    "start": {"version"},
    "version": {"scores"},
    "scores": {"scores", "boardformat"},
    "boardformat": {"travellers"},
    "travellers": {"board"},
    "board": {"board"},
}
REFUSED = "the data does not contain all the required lines"


class Refused(Exception):
    pass


class Reader:
    """One file's lines, section by section."""

    def __init__(self, data: bytes):
        lines = [line for line in data.decode("utf-8").replace("\n", "").split("\r") if line]
        self.separator = next((s for s in ("\t", ";", ",") if s in lines[0]), None) if lines else None
        if self.separator is None:
            raise Refused(REFUSED)
        self.options: dict[str, str] = {}
        self.scores: list[dict[str, str]] = []
        self.boards: dict[int, list[dict[str, str]]] = {}
        self.headings: dict[str, list[str]] = {}
        self.board_format: list[str] = []
        self.section, self.board = "start", 0
        for line in lines:
            self.take(line.split(self.separator))
        if self.section != "board" or not self.boards[self.board]:
            raise Refused(REFUSED)
        if self.options.get("version") != "std1" or "date" not in self.options:
            raise Refused(REFUSED)

    def take(self, row: list[str]) -> None:
        tag = row[0][1:].lower() if row[0].startswith("#") else None
        if tag in FOLLOWS:
            self.begin(tag, row)
        elif self.section == "version" and tag is not None:
            self.options[tag] = row[1] if len(row) > 1 else ""
        elif self.section in ("scores", "travellers") and self.section not in self.headings:
            self.headings[self.section] = row
        elif self.section == "scores":
            if len(row) != len(self.headings["scores"]):
                raise Refused("column headings do not match the score lines")
            self.scores.append(dict(zip(self.headings["scores"], row, strict=True)))
        elif self.section == "board":
            self.boards[self.board].append(dict(zip(self.headings["travellers"], row, strict=True)))

    def begin(self, tag: str, row: list[str]) -> None:
        if tag not in FOLLOWS[self.section]:
            raise Refused(REFUSED)
        self.section = tag
        if tag == "version":
            self.options["version"] = row[1]
        elif tag == "boardformat":
            self.board_format = row[1:]
        elif tag == "board":
            self.board = int(row[1])
            self.boards[self.board] = []


def read(data: bytes) -> dict:
    file = Reader(data)
    return {"options": file.options, "scores": file.scores, "boards": file.boards, "board_format": file.board_format}


def export(party, tmp_path) -> bytes:
    out = tmp_path / "evening.csv"
    call_command("export_results", str(party.pk), "--format", "bridgewebs", "-o", str(out))
    return out.read_bytes()


def test_the_old_bare_ranking_table_and_a_file_without_travellers_are_refused_by_the_reader():
    with pytest.raises(Refused, match="required lines"):
        read("\ufeffPlace,Name,Member number,Score\r\n1,Ann,,20\r\n".encode())
    with pytest.raises(Refused, match="required lines"):
        read(b"#Version,std1\r\n#Date,28/11/2026\r\n#Scores\r\nPosition,Pair,Name1\r\n1,1,Ann\r\n#Travellers\r\n")


def test_a_changing_partners_party_as_the_bridgewebs_reader_reads_it(director, tmp_path):
    party, seats = play_evening(director, keep_partners=False)
    data = export(party, tmp_path)
    file = read(data)
    options = file["options"]
    assert (options["version"], options["date"], options["individual"], options["aggregate"]) == (
        "std1",
        "28/11/2026",
        "1",
        "1",
    )
    assert (options["title"], options["boards"]) == ("Soirée Ω", "8")
    assert file["board_format"] == ["Board"]
    expected = totals(seats)
    places = {1580: "1=", 0: "3=", -2660: "7="}  # shared places as the format's examples write them
    by_name = {line["Name"]: line for line in file["scores"]}
    assert set(by_name) == {shown(name) for name in expected}
    for name, total in expected.items():
        assert (by_name[shown(name)]["Position"], int(by_name[shown(name)]["Score"])) == (places[total], total)
    assert not any(line["Position"].startswith(("'", "=", "+", "-", "@")) for line in file["scores"])
    assert {GREEK, FRENCH, "M. J. W."} <= set(by_name) and PRIVATE.encode() not in data
    number = {line["Name"]: line["Player"] for line in file["scores"]}
    check_travellers(
        file["boards"],
        lambda r, t: (
            f"{number[shown(seats[(r, t)]['N'])]}-{number[shown(seats[(r, t)]['S'])]}",
            f"{number[shown(seats[(r, t)]['E'])]}-{number[shown(seats[(r, t)]['W'])]}",
        ),
    )


def test_a_keep_partners_party_ranks_its_pairs(director, tmp_path):
    party, seats = play_evening(director, keep_partners=True)
    data = export(party, tmp_path)
    assert PRIVATE.encode() not in data and b"M. J. W." in data
    file = read(data)
    assert "individual" not in file["options"] and file["options"]["pairs"] == "1"
    lines = [(line["Position"], line["Pair"], line["Score"]) for line in file["scores"]]
    assert lines == [("1", "2", "1580"), ("2=", "3", "0"), ("2=", "4", "0"), ("4", "1", "-2660")]
    first = file["scores"][0]
    assert sorted([first["Name1"], first["Name2"]]) == sorted(shown(seats[(1, 1)][s]) for s in "EW")
    pair_of = {}
    for line in file["scores"]:
        pair_of[line["Name1"]] = pair_of[line["Name2"]] = line["Pair"]
    check_travellers(
        file["boards"], lambda r, t: (pair_of[shown(seats[(r, t)]["N"])], pair_of[shown(seats[(r, t)]["E"])])
    )


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

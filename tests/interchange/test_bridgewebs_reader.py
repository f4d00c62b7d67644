"""The BridgeWebs export read as BridgeWebs' CSV upload reads it, with a reader written here from its guide,
"22.3 CSV Format" (https://www.bridgewebs.com/guideus/page40.html): the separator taken from the first
line; option lines "#Name" then a value (case-insensitive: #Version std1, #Date DD/MM/YYYY, #Individual for
an individual event, #Aggregate, #Boards, #Source, #Title); then data: a #Scores section (a heading line,
then one line a player or pair) and a #Travellers section (a heading line, then each #Board line and its
traveller lines). A file without those required lines is refused, as the reader refuses it.

The evening is tests/interchange/evening.py.
"""

import csv
import io

import pytest
from django.core.management import call_command

from tests.interchange.evening import DUPLICATE, FRENCH, GREEK, PRIVATE, play_evening, shown, totals

pytestmark = pytest.mark.django_db


class Refused(Exception):
    pass


def read(data: bytes) -> dict:
    text = data.decode("utf-8")
    first = text.split("\n", 1)[0]
    separator = next((s for s in ("\t", ";", ",") if s in first), None)
    if separator is None or not first.startswith("#"):
        raise Refused("the data does not contain all the required lines")
    options: dict[str, str] = {}
    sections: dict[str, list[list[str]]] = {}
    boards: dict[int, list[dict[str, str]]] = {}
    current, headings, board = None, None, None
    for row in csv.reader(io.StringIO(text), delimiter=separator):
        if not row:
            continue
        key = row[0].lower()
        if key in ("#scores", "#travellers"):
            current, headings = key[1:], None
            sections[current] = []
        elif key == "#board":
            board = int(row[1])
            boards[board] = []
        elif key.startswith("#") and current is None:
            options[key[1:]] = row[1] if len(row) > 1 else ""
        elif headings is None:
            headings = row
        elif current == "travellers":
            boards[board].append(dict(zip(headings, row, strict=True)))
        else:
            sections[current].append(dict(zip(headings, row, strict=True)))
    if options.get("version") != "std1" or "date" not in options or "scores" not in sections:
        raise Refused("the data does not contain all the required lines")
    return {"options": options, "scores": sections["scores"], "boards": boards}


def export(party, tmp_path) -> bytes:
    out = tmp_path / "evening.csv"
    call_command("export_results", str(party.pk), "--format", "bridgewebs", "-o", str(out))
    return out.read_bytes()


def test_the_old_bare_ranking_table_is_refused_by_the_reader():
    with pytest.raises(Refused, match="required lines"):
        read("\ufeffPlace,Name,Member number,Score\r\n1,Ann,,20\r\n".encode())


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
    file = read(export(party, tmp_path))
    assert "individual" not in file["options"]
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
    assert sorted(boards) == list(range(1, 13))  # round 2's table 2 was entered as net figures: no deals
    for number, lines in boards.items():
        round_, table, deal = (number - 1) // 8 + 1, (number - 1) % 8 // 4 + 1, (number - 1) % 4 + 1
        (line,) = lines
        side, score, ns, ew = DUPLICATE[(round_, table, deal)]
        assert line["NSScore" if side == "NS" else "EWScore"] == str(score)
        assert (int(line["NSPts"]), int(line["EWPts"])) == (ns, ew)
        assert (line["NS"], line["EW"]) == pair_names(round_, table)
    assert {k: boards[2][0][k] for k in ("Contract", "Tricks", "Declarer", "NSScore", "EWScore", "EWPts")} == {
        "Contract": "4SXX",
        "Tricks": "10",
        "Declarer": "E",
        "NSScore": "",
        "EWScore": "1080",
        "EWPts": "1000",
    }

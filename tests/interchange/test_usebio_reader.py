"""The USEBIO export read as results sites read USEBIO 1.2 files, with a reader written here from the
format's public description: usebio.org (http://www.usebio.org/, the 1.2 DTD
http://www.usebio.org/files/usebio_v1_2.dtd, which real files name), the real club files MyABF keeps as
test data (https://github.com/abftech/cobalt, results/tests/test_files/mp_pairs_mitchell.xml: Compscore3's
PAIRs, plain shared places, BOARDs of TRAVELLER_LINEs) and MyABF's pairs reader
(https://github.com/abftech/cobalt/blob/main/results/views/usebio.py: EVENT/PARTICIPANTS/PAIR, each
PAIR_NUMBER, PLACE read as a whole number, PLAYER_NAME and NATIONAL_ID_NUMBER of its PLAYERs; EVENT/BOARD,
BOARD_NUMBER and each TRAVELLER_LINE's NS_PAIR_NUMBER and EW_PAIR_NUMBER), and Marc Shearer's ImportUsebio
(https://github.com/marcshearer/ImportUsebio, ImportUsebio/Shared/Usebio Parser.swift: an individual's
PLAYER_NUMBER, a PLACE with or without "=").

The evening is tests/interchange/evening.py.
"""

from pathlib import Path

import pytest
from django.core.management import call_command
from lxml import etree

from tests.interchange.evening import BOARDS, DUPLICATE, FRENCH, GREEK, PRIVATE, play_evening, shown, totals, where

pytestmark = pytest.mark.django_db

STANDIN = Path(__file__).with_name("usebio_standin.dtd")
PUBLISHED = "http://www.usebio.org/files/usebio_v1_2.dtd"


def export(party, tmp_path) -> bytes:
    out = tmp_path / "evening.xml"
    call_command("export_results", str(party.pk), "--format", "usebio", "-o", str(out))
    return out.read_bytes()


def fields(element) -> dict[str, str | None]:
    """An element's children by name, an empty one None (as xmltodict, which MyABF reads with, gives them)."""
    return {child.tag: child.text or None for child in element}


def read(data: bytes) -> dict:
    """What a results site takes from a USEBIO file: the event, its participants and every board's travellers."""
    tree = etree.ElementTree(etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True)))
    root = tree.getroot()
    assert root.tag == "USEBIO" and root.get("Version") == "1.2"
    event = root.find("EVENT")
    pairs = [
        {
            "number": pair.findtext("PAIR_NUMBER"),
            "place": int(pair.findtext("PLACE")),  # a whole number, as MyABF reads it
            "total": int(pair.findtext("TOTAL_SCORE")),
            # Indexed as MyABF's pairs reader indexes them: every PLAYER has both elements.
            "players": [(p["PLAYER_NAME"], p["NATIONAL_ID_NUMBER"]) for p in map(fields, pair.findall("PLAYER"))],
        }
        for pair in event.findall("PARTICIPANTS/PAIR")
    ]
    players = [
        {
            "player_number": p["PLAYER_NUMBER"],
            "name": p["PLAYER_NAME"],
            "number": p["NATIONAL_ID_NUMBER"],
            "place": int(p["PLACE"]),
            "total": int(p["TOTAL_SCORE"]),
        }
        for p in map(fields, event.findall("PARTICIPANTS/PLAYER"))
    ]
    boards = {
        int(board.findtext("BOARD_NUMBER")): [
            {child.tag: child.text for child in line} for line in board.findall("TRAVELLER_LINE")
        ]
        for board in event.findall("BOARD")
    }
    return {
        "doctype": tree.docinfo.system_url,
        "type": event.get("EVENT_TYPE"),
        "scoring": event.findtext("BOARD_SCORING_METHOD"),
        "boards_played": event.findtext("BOARDS_PLAYED"),
        "date": event.findtext("DATE"),
        "pairs": pairs,
        "players": players,
        "boards": boards,
    }


def check_travellers(boards: dict, pair_names) -> None:
    """Every deal entered is a board with its one traveller: pairs, contract, declarer, tricks, N-S score."""
    assert sorted(boards) == BOARDS  # round 2's table 2 was entered as net figures: no deals
    for number, lines in boards.items():
        round_, table, deal = where(number)
        (line,) = lines
        side, score, _, _ = DUPLICATE[(round_, table, deal)]
        assert int(line["SCORE"]) == (score if side == "NS" else -score)
        ns, ew = pair_names(round_, table)
        assert (line["NS_PAIR_NUMBER"], line["EW_PAIR_NUMBER"]) == (ns, ew)
    assert boards[6][0] == {
        "NS_PAIR_NUMBER": boards[6][0]["NS_PAIR_NUMBER"],
        "EW_PAIR_NUMBER": boards[6][0]["EW_PAIR_NUMBER"],
        "CONTRACT": "4SXX",
        "PLAYED_BY": "E",
        "TRICKS": "10",
        "SCORE": "-1080",
    }
    assert boards[4][0]["CONTRACT"] == "PASS" and "PLAYED_BY" not in boards[4][0]


def test_a_changing_partners_party_is_an_individual_event_with_every_board(director, tmp_path):
    party, seats = play_evening(director, keep_partners=False)
    data = export(party, tmp_path)
    assert etree.DTD(str(STANDIN)).validate(etree.fromstring(data))
    file = read(data)
    assert file["doctype"] == PUBLISHED
    assert (file["type"], file["scoring"], file["boards_played"], file["date"]) == (
        "INDIVIDUAL",
        "AGGREGATE",
        "8",
        "28/11/2026",
    )
    assert file["pairs"] == []
    expected = totals(seats)
    places = {1580: 1, 0: 3, -2660: 7}  # shared places, as real files write them: 1, 1, 3, 3, 3, 3, 7, 7
    by_name = {p["name"]: p for p in file["players"]}
    assert set(by_name) == {shown(name) for name in expected}
    for name, total in expected.items():
        assert (by_name[shown(name)]["total"], by_name[shown(name)]["place"]) == (total, places[total])
    assert by_name["M. J. W."]["number"] == "EBU777" and by_name[GREEK]["number"] == "GR-42"
    assert by_name[FRENCH]["number"] is None and PRIVATE.encode() not in data
    # An individual's players are numbered in the ranking's order; a partnership is named by its two numbers.
    assert [p["player_number"] for p in file["players"]] == [str(n) for n in range(1, 9)]
    rank = {p["name"]: p["player_number"] for p in file["players"]}
    check_travellers(
        file["boards"],
        lambda r, t: (
            f"{rank[shown(seats[(r, t)]['N'])]}-{rank[shown(seats[(r, t)]['S'])]}",
            f"{rank[shown(seats[(r, t)]['E'])]}-{rank[shown(seats[(r, t)]['W'])]}",
        ),
    )


def test_a_keep_partners_party_is_a_pairs_event_as_a_pairs_reader_reads_it(director, tmp_path):
    party, seats = play_evening(director, keep_partners=True)
    data = export(party, tmp_path)
    assert etree.DTD(str(STANDIN)).validate(etree.fromstring(data))
    file = read(data)
    assert file["type"] == "PAIRS" and file["players"] == []

    def members(table, one, other):
        return sorted(
            (shown(seats[(1, table)][s]), {PRIVATE: "EBU777", GREEK: "GR-42"}.get(seats[(1, table)][s]))
            for s in (one, other)
        )

    # Round 1's table 1 N-S is pair 1 (−2,660, fourth), E-W pair 2 (+1,580, first); table 2's pairs 3 and 4
    # share second place with 0.
    found = {p["number"]: (p["place"], p["total"], sorted(p["players"])) for p in file["pairs"]}
    assert found == {
        "2": (1, 1580, members(1, "E", "W")),
        "3": (2, 0, members(2, "N", "S")),
        "4": (2, 0, members(2, "E", "W")),
        "1": (4, -2660, members(1, "N", "S")),
    }
    assert [p["number"] for p in file["pairs"]] == ["2", "3", "4", "1"]
    pair_of = {name: n for n, (_, _, players) in found.items() for name, _ in players}
    check_travellers(
        file["boards"],
        lambda r, t: (pair_of[shown(seats[(r, t)]["N"])], pair_of[shown(seats[(r, t)]["E"])]),
    )
    assert PRIVATE.encode() not in data and GREEK.encode() in data and FRENCH.encode() in data


# Two real files' shapes, the element orders they use (see the stand-in DTD's comment): the stand-in accepts
# both, as the published DTD does; the stand-in it replaces refused the first.
CONVERTER_ORDER = """<USEBIO Version="1.2"><CLUB><CLUB_NAME>C</CLUB_NAME><CLUB_ID_NUMBER>1</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="PAIRS"><PROGRAM_NAME>Scorer</PROGRAM_NAME><PROGRAM_VERSION>1</PROGRAM_VERSION>
<EVENT_DESCRIPTION>E</EVENT_DESCRIPTION><DATE>01/02/2020</DATE><WINNER_TYPE>1</WINNER_TYPE>
<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD><BOARDS_PLAYED>2</BOARDS_PLAYED>
<MPS_AWARDED_FLAG>Y</MPS_AWARDED_FLAG><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><BOARDS_PLAYED>2</BOARDS_PLAYED>
<PLAYER><PLAYER_NAME>A</PLAYER_NAME><NATIONAL_ID_NUMBER>5</NATIONAL_ID_NUMBER></PLAYER>
<PLAYER><PLAYER_NAME>B</PLAYER_NAME></PLAYER><PLACE>1</PLACE><TOTAL_SCORE>55</TOTAL_SCORE>
<PERCENTAGE>55</PERCENTAGE></PAIR></PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>
<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY>
<TRICKS>9</TRICKS><SCORE>400</SCORE><NS_MATCH_POINTS>1</NS_MATCH_POINTS><EW_MATCH_POINTS>1</EW_MATCH_POINTS>
</TRAVELLER_LINE></BOARD></EVENT></USEBIO>"""
COMPSCORE_ORDER = """<USEBIO Version="1.2"><CLUB><CLUB_NAME>C</CLUB_NAME></CLUB><EVENT EVENT_TYPE="MP_PAIRS">
<EVENT_IDENTIFIER>3</EVENT_IDENTIFIER><EVENT_DESCRIPTION>E</EVENT_DESCRIPTION><PROGRAM_NAME>Compscore3</PROGRAM_NAME>
<PROGRAM_VERSION>1</PROGRAM_VERSION><WINNER_TYPE>2</WINNER_TYPE><TITLE>T</TITLE><DATE>11/07/2022</DATE><VENUE></VENUE>
<CONTACT><FULL_NAME>F</FULL_NAME><EMAIL>e</EMAIL></CONTACT><PARTICIPANTS EVENT_TYPE="MP_PAIRS"><PAIR>
<PAIR_NUMBER>1NS</PAIR_NUMBER><DIRECTION>NS</DIRECTION><TOTAL_SCORE>4</TOTAL_SCORE><PERCENTAGE>45</PERCENTAGE>
<PLACE>6</PLACE><PLAYER><PLAYER_NAME>A</PLAYER_NAME><NATIONAL_ID_NUMBER>1</NATIONAL_ID_NUMBER>
<CLUB_ID_NUMBER>3</CLUB_ID_NUMBER></PLAYER></PAIR></PARTICIPANTS><BOARD EVENT_TYPE="MP_PAIRS">
<BOARD_NUMBER>1</BOARD_NUMBER></BOARD></EVENT></USEBIO>"""


@pytest.mark.parametrize("text", [CONVERTER_ORDER, COMPSCORE_ORDER])
def test_the_standin_dtd_accepts_real_files_element_orders(text):
    dtd = etree.DTD(str(STANDIN))
    assert dtd.validate(etree.fromstring(text)), dtd.error_log

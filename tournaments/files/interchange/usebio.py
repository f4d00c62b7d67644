"""USEBIO 1.2 XML: a party's results and every deal entered, as club scorers write them and results sites read them.

The CLUB names the club and its number at its national federation (CLUB_ID_NUMBER, the Club page's
"National club number"): every real file carries the element and some readers read it whatever the event,
so it is always written, empty when the club has given no number.

The event is named as USEBIO 1.2 names it, and claims no scoring it does not have: a party ranks by each
party's total points, so BOARD_SCORING_METHOD is AGGREGATE and each participant has a TOTAL_SCORE and no
PERCENTAGE. A party whose partners change every round is an INDIVIDUAL event (PARTICIPANTS of PLAYERs, each
with its PLAYER_NUMBER for the night: 1, 2, 3 … in the ranking's order); one whose partners stay together all
evening is a PAIRS event (PARTICIPANTS of PAIRs, each with its number, place, total and two PLAYERs). Tied
places are written as the real files write them: the shared place as a plain number ("2" twice, then "4"),
which readers take as a whole number. A member's NATIONAL_ID_NUMBER is written when the member has one; every
other PLAYER has an empty one (a pairs reader such as MyABF's reads the element in every PLAYER, and an empty
one as no number).

Every deal entered is a BOARD of the EVENT with its one TRAVELLER_LINE (each table deals its own cards,
so every deal is played once): the board number is the one the PBN export gives it, whose duplicate
dealer and vulnerability are the deal's own (a results site takes them from the number); the line names who
sat North-South and East-West by whole numbers, as readers take them: the pair numbers, or at an individual
night North's and East's PLAYER_NUMBERs, each seat's player then listed by number (NORTH_PLAYER_NUMBER …);
then the contract, declarer, tricks and the score from North-South's side.

The document type names the published DTD, as real files do; the element order follows Bridge NZ's
Scorer-to-USEBIO converter and the EBU's Compscore files (docs/formats.md).
"""

from xml.etree import ElementTree as ET

from tournaments.files.interchange.data import Deal, Player, Results

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">'


def _add(parent: ET.Element, tag: str, text: str) -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = text
    return element


def _player(parent: ET.Element, player: Player, number: int | None = None) -> ET.Element:
    entry = ET.SubElement(parent, "PLAYER")
    if number is not None:
        _add(entry, "PLAYER_NUMBER", str(number))
    _add(entry, "PLAYER_NAME", player.name)
    # Empty for a guest with no number: readers such as MyABF's index the element in every PLAYER, and take an
    # empty one as no number.
    ET.SubElement(entry, "NATIONAL_ID_NUMBER").text = player.number or None
    return entry


def _contract(deal: Deal) -> str:
    """ "3N" -> "3NT", "4SX" -> "4SX", "PASS" -> "PASS" (as the travellers of real files write them)."""
    if deal.contract == "PASS":
        return "PASS"
    return deal.contract[0] + ("NT" if deal.contract[1] == "N" else deal.contract[1]) + deal.contract[2:]


def _ns_score(deal: Deal) -> int:
    """The contract's score from North-South's side (a traveller's SCORE): negative when East-West scored."""
    if deal.contract == "PASS":
        return 0
    return deal.score if deal.declarer in "NS" else -deal.score


SEAT_ELEMENTS = {
    "N": "NORTH_PLAYER_NUMBER",
    "S": "SOUTH_PLAYER_NUMBER",
    "E": "EAST_PLAYER_NUMBER",
    "W": "WEST_PLAYER_NUMBER",
}


def _individual_sides(line: ET.Element, numbers: dict[str, int]) -> None:
    """An individual's traveller: each side by its first seated player's number (readers take a side's number as a
    whole number and look it up among the participants, who are players), then every seat's player by number."""
    for element, seats in (("NS_PAIR_NUMBER", "NS"), ("EW_PAIR_NUMBER", "EW")):
        _add(line, element, next((str(numbers[seat]) for seat in seats if seat in numbers), ""))
    for seat, element in SEAT_ELEMENTS.items():
        if seat in numbers:
            _add(line, element, str(numbers[seat]))


def _board(event: ET.Element, deal: Deal) -> None:
    board = ET.SubElement(event, "BOARD")
    _add(board, "BOARD_NUMBER", str(deal.board))
    line = ET.SubElement(board, "TRAVELLER_LINE")
    if deal.seat_numbers:
        _individual_sides(line, deal.seat_numbers)
    else:
        _add(line, "NS_PAIR_NUMBER", deal.ns_pair)
        _add(line, "EW_PAIR_NUMBER", deal.ew_pair)
    _add(line, "CONTRACT", _contract(deal))
    if deal.contract != "PASS":
        _add(line, "PLAYED_BY", deal.declarer)
    _add(line, "TRICKS", str(deal.tricks))
    _add(line, "SCORE", str(_ns_score(deal)))


def usebio_bytes(results: Results) -> bytes:
    root = ET.Element("USEBIO", Version="1.2")
    club = ET.SubElement(root, "CLUB")
    _add(club, "CLUB_NAME", results.club)
    ET.SubElement(club, "CLUB_ID_NUMBER").text = results.club_number or None
    pairs = bool(results.pairs)
    event = ET.SubElement(root, "EVENT", EVENT_TYPE="PAIRS" if pairs else "INDIVIDUAL")
    _add(event, "PROGRAM_NAME", results.program)
    _add(event, "EVENT_DESCRIPTION", results.event)
    if results.identifier:
        _add(event, "EVENT_IDENTIFIER", results.identifier)
    _add(event, "DATE", results.day.strftime("%d/%m/%Y"))
    # One winner: pairs change direction as they move, so there is one ranking, not one per direction.
    _add(event, "WINNER_TYPE", "1")
    _add(event, "BOARD_SCORING_METHOD", "AGGREGATE")
    _add(event, "BOARDS_PLAYED", str(results.rounds * 4))
    participants = ET.SubElement(event, "PARTICIPANTS")
    if pairs:
        for pair in results.pairs:
            entry = ET.SubElement(participants, "PAIR")
            _add(entry, "PAIR_NUMBER", str(pair.number))
            for player in pair.players:
                _player(entry, player)
            _add(entry, "PLACE", str(pair.place))
            _add(entry, "TOTAL_SCORE", str(pair.total))
    else:
        for number, player in enumerate(results.players, start=1):
            entry = _player(participants, player, number)
            _add(entry, "PLACE", str(player.place))
            _add(entry, "TOTAL_SCORE", str(player.total))
    for deal in results.deals:
        _board(event, deal)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'.encode()

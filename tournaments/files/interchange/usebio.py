"""USEBIO 1.2 XML: the results of an individual event, as national bodies and club programs read it.

A progressive party is an individual event (partners change every round) scored by aggregate
points: every player a PLACE ("=2" when tied, as USEBIO writes a shared place) and a TOTAL_SCORE.
"""

from xml.etree import ElementTree as ET

from tournaments.files.interchange.data import Results

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "usebio_1_2.dtd">'


def _add(parent: ET.Element, tag: str, text: str) -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = text
    return element


def usebio_bytes(results: Results) -> bytes:
    root = ET.Element("USEBIO", Version="1.2")
    club = ET.SubElement(root, "CLUB")
    _add(club, "CLUB_NAME", results.club)
    event = ET.SubElement(root, "EVENT", EVENT_TYPE="INDIVIDUAL")
    _add(event, "PROGRAM_NAME", results.program)
    _add(event, "EVENT_DESCRIPTION", results.event)
    if results.identifier:
        _add(event, "EVENT_IDENTIFIER", results.identifier)
    _add(event, "DATE", results.day.strftime("%d/%m/%Y"))
    _add(event, "BOARD_SCORING_METHOD", "AGGREGATE")
    _add(event, "BOARDS_PLAYED", str(results.rounds * 4))
    # One winner: a single ranking of every player.
    _add(event, "WINNER_TYPE", "1")
    participants = ET.SubElement(event, "PARTICIPANTS")
    for player in results.players:
        entry = ET.SubElement(participants, "PLAYER")
        _add(entry, "PLAYER_NAME", player.name)
        if player.number:
            _add(entry, "NATIONAL_ID_NUMBER", player.number)
        _add(entry, "PLACE", f"={player.place}" if player.tied else str(player.place))
        _add(entry, "TOTAL_SCORE", str(player.total))
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'.encode()

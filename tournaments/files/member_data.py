"""A member's own copy of what the club holds on them, as one zip: the record and the mails as JSON (a mail's
text does not sit well in a cell), the entries, nights, other games and rounds as CSV (a spreadsheet opens
them). Domain data in (selectors/member_data.py), bytes out; the view only sends them.

As the members file, the headings are English words in every language: a machine shape, the same for every
club, which the person may take elsewhere.
"""

import csv
import dataclasses
import io
import json
import zipfile
from collections.abc import Sequence
from datetime import date, datetime

from tournaments.selectors.member_data import EntryLine, MemberData, RoundLine
from tournaments.selectors.members import Game, Night

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NAMES = ("member.json", "entries.csv", "nights.csv", "games.csv", "rounds.csv", "mails.json")


def member_zip(data: MemberData) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as book:
        book.writestr("member.json", _json({"club": data.club, **data.record}))
        book.writestr("entries.csv", _csv(data.entries, EntryLine))
        book.writestr("nights.csv", _csv(data.nights, Night))
        book.writestr("games.csv", _csv(data.games, Game))
        book.writestr("rounds.csv", _csv(data.rounds, RoundLine))
        book.writestr("mails.json", _json([dataclasses.asdict(m) for m in data.mails]))
    return buffer.getvalue()


def _plain(value: object) -> object:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def _json(value: object) -> str:
    return json.dumps(value, default=_plain, ensure_ascii=False, indent=2)


def _cell(value: object) -> str:
    text = "" if value is None else str(_plain(value))
    # A value that starts like a formula is written as text: a spreadsheet never runs it (a figure may be -120).
    if text.startswith(FORMULA_STARTS) and not _is_number(text):
        return "'" + text
    return text


def _is_number(text: str) -> bool:
    return text.lstrip("+-").isdecimal()


def _csv(lines: Sequence[object], kind: type) -> bytes:
    """One row a line, under the dataclass's field names (an empty list still has its headings)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    headings = [f.name for f in dataclasses.fields(kind)]
    writer.writerow(headings)
    for line in lines:
        values = dataclasses.asdict(line)  # type: ignore[call-overload]  # every line is a dataclass
        writer.writerow([_cell(values[key]) for key in headings])
    return ("\ufeff" + out.getvalue()).encode()

"""Reading guest and pair lists from an uploaded XLSX or CSV file into plain rows."""

import csv
import io
import zipfile

from django.core.exceptions import ValidationError
from openpyxl import load_workbook
from openpyxl.utils.exceptions import InvalidFileException

MAX_BYTES = 2 * 1024 * 1024
MAX_ROWS = 1000
KIND_WORDS = {
    **dict.fromkeys(["lady", "l", "woman", "f", "female", "mrs", "miss", "ms"], "lady"),
    **dict.fromkeys(["gentleman", "g", "gent", "man", "m", "male", "mr"], "gentleman"),
}
NOT_A_LIST = "This file is not a guest list: upload an XLSX or CSV file with a name in the first column."


def kind_from_word(word: str) -> str | None:
    """'lady', 'Gentleman', 'L', 'g' ... -> "lady" / "gentleman"; '' -> ''; anything else -> None."""
    cleaned = (word or "").strip().lower().rstrip(".")
    if not cleaned:
        return ""
    return KIND_WORDS.get(cleaned)


def _cells(row) -> list[str]:
    return [" ".join(str(c).split()) if c is not None else "" for c in row]


def _read_xlsx(data: bytes) -> list[list[str]]:
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError):
        raise ValidationError(NOT_A_LIST) from None
    try:
        sheet = workbook.worksheets[0]
        return [_cells(row) for row in sheet.iter_rows(values_only=True, max_row=MAX_ROWS + 1)]
    finally:
        workbook.close()


def _read_csv(data: bytes) -> list[list[str]]:
    if b"\x00" in data[:4096]:
        raise ValidationError(NOT_A_LIST)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    return [_cells(row) for row in csv.reader(io.StringIO(text), dialect)]


HEADER_WORDS = ("name", "names", "guest", "guests", "player", "players", "pair", "pairs", "full name")


def read_rows(filename: str, data: bytes, *, header_words: tuple[str, ...] = HEADER_WORDS) -> list[list[str]]:
    """The non-empty rows of the file's first sheet, a header row (starting with a header word) dropped."""
    if not data:
        raise ValidationError("The file is empty.")
    if len(data) > MAX_BYTES:
        raise ValidationError("The file is larger than 2 MB: that is no guest list.")
    lower = (filename or "").lower()
    if lower.endswith((".xlsx", ".xlsm")) or data[:2] == b"PK":
        rows = _read_xlsx(data)
    elif lower.endswith((".csv", ".txt")) or not lower.rsplit(".", 1)[-1:] or "." not in lower:
        rows = _read_csv(data)
    else:
        raise ValidationError(NOT_A_LIST)
    rows = [row for row in rows if any(cell for cell in row)]
    if rows and rows[0] and rows[0][0].strip().lower() in header_words:
        rows = rows[1:]
    if not rows:
        raise ValidationError("The file has no names in it.")
    if len(rows) > MAX_ROWS:
        raise ValidationError(f"The file has more than {MAX_ROWS} rows: that is no guest list.")
    return rows


def guest_entries(rows: list[list[str]]) -> list[tuple[str, str]]:
    """Rows -> (name, kind); the kind is the second column when there is one."""
    return [(row[0], row[1] if len(row) > 1 else "") for row in rows]


def pasted_entries(text: str) -> list[tuple[str, str]]:
    """Pasted lines 'Name' or 'Name, lady' (a tab or ';' works too) -> (name, kind); blank lines skipped.

    The last part is taken as the kind only when it reads as one, so "Smith, Mary" stays a name.
    """
    entries = []
    for line in text.splitlines():
        if not line.strip():
            continue
        name, kind = line, ""
        for separator in ("\t", ";", ","):
            head, found, tail = line.rpartition(separator)
            if found and kind_from_word(tail):
                name, kind = head, tail.strip()
                break
        entries.append((name, kind))
    return entries

"""Reading guest and pair lists from an uploaded XLSX or CSV file into plain rows.

An upload is bounded before memory can grow: first its bytes; then, for an XLSX (a zip of XML parts), what it
holds once unpacked, read from the zip's directory and then by streaming every part through a small buffer: the
unpacked size, the number of parts, each part's compression ratio, DTDs (entities), and the XML markup in all
the parts (openpyxl builds every element and attribute of a part it reads in memory, so a small part of tiny
elements weighs far more than its bytes). Only then does openpyxl read it, read-only, row by row, up to the row
limit.

Each row keeps its place in the file (`Row.line`, `Entry.line`): the spreadsheet's own row number, or the line of
a CSV file or of pasted text as a person counts it, the header and blank lines included.
"""

import csv
import io
import re
import zipfile
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from openpyxl import load_workbook

from tournaments import l10n
from tournaments.rules import headers, kinds
from tournaments.rules.names import clean_name

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

MB = 1024 * 1024
MAX_BYTES = 2 * MB  # the upload itself, XLSX or CSV
MAX_ROWS = 1000  # names a file may hold: a party has at most 400 guests (100 tables), a knockout 64 pairs
MAX_COLUMNS = 50  # cells read of each row; the lists use the first two
MAX_UNPACKED = 20 * MB  # an XLSX's parts, unpacked
MAX_PARTS = 500  # an XLSX holds a dozen or so
MAX_RATIO = 200  # unpacked to packed, for a part of over 1 MB unpacked: XML packs 5 to 50 times
MAX_MARKUP = 100_000  # elements and attributes in all the parts (1,000 names from Excel: some 25,000)
LAST_LINE = 10 * MAX_ROWS  # rows (or lines) read at most, blank ones included: a row beyond refuses the file
CHUNK = 64 * 1024

# Lady or gentleman in any of the site's languages: one reader, tournaments/rules/kinds.py (kept here by name
# for the callers that import it from this module).
KIND_WORDS = kinds.KIND_WORDS
kind_from_word = kinds.kind_from_word
# The messages are lazy: each is read in the language of the page that shows it.
NOT_A_LIST = _("This file is not a guest list: upload an XLSX or CSV file with a name in the first column.")
TOO_LARGE = _("The file is larger than 2 MB: that is no guest list.")


def _too_many_rows() -> str:
    text = ngettext(
        "This file has more than %(count)s row: that is no guest list.",
        "This file has more than %(count)s rows: that is no guest list.",
        MAX_ROWS,
    )
    return text % {"count": l10n.number(MAX_ROWS)}


def _unpacked_too_large() -> str:
    text = gettext(
        "This spreadsheet is too large once unpacked (over %(size)s MB): save just the list of names and upload that."
    )
    return text % {"size": l10n.number(MAX_UNPACKED // MB)}


TOO_MANY_ROWS = lazy(_too_many_rows, str)()
UNPACKED_TOO_LARGE = lazy(_unpacked_too_large, str)()
TOO_MUCH_INSIDE = _(
    "This spreadsheet holds far more than a list of names: save just the list of names and upload that."
)


@dataclass(frozen=True)
class Wording:
    """What a refusal calls the file: a guest list (the party's upload, the default), a members list."""

    not_a_list: "StrOrPromise"
    too_large: "StrOrPromise"
    too_many_rows: "StrOrPromise"
    no_names: "StrOrPromise"
    neither: "StrOrPromise"  # the first row read as neither a header nor a name: %(line)s, %(cells)s


def _members_too_many_rows() -> str:
    text = ngettext(
        "This file has more than %(count)s row: that is no members list.",
        "This file has more than %(count)s rows: that is no members list.",
        MAX_ROWS,
    )
    return text % {"count": l10n.number(MAX_ROWS)}


GUESTS = Wording(
    NOT_A_LIST,
    TOO_LARGE,
    TOO_MANY_ROWS,
    _("The file has no names in it."),
    _(
        "Row %(line)s is neither a header nor a guest: %(cells)s. Put the column headings there (such as Name and "
        "Lady or gentleman) or a guest, or delete the row; nothing was added."
    ),
)
MEMBERS = Wording(
    _(
        "This file is not a members list: upload an XLSX or CSV file with a member's name in the first column, "
        "as the members export writes it."
    ),
    _("The file is larger than 2 MB: that is no members list."),
    lazy(_members_too_many_rows, str)(),
    _("The file has no members in it."),
    _(
        "Row %(line)s is neither a header nor a member: %(cells)s. Put the column headings there (such as Name and "
        "Lady or gentleman) or a member, or delete the row; nothing was imported."
    ),
)

# A start tag ("<c", "<x:row"; not "</", "<?" or "<!") or an attribute's '="' / "='": what openpyxl builds objects of.
MARKUP = re.compile(rb"<[A-Za-z_:\x80-\xff]|=[ \t\r\n]*[\"']")
# A document type declaration may define entities that expand a few bytes into gigabytes; OOXML parts have none.
DTD = re.compile(rb"<!(?:DOCTYPE|ENTITY)")
HOLD = 64  # bytes held back between chunks, so that a match split across two is seen whole
UTF16_STARTS = (b"\xff\xfe", b"\xfe\xff", b"<\x00", b"\x00<")


class Row(list):
    """One row's cells, and `line`: where the row is in the file, as the person who made it counts."""

    def __init__(self, cells=(), line: int = 0):
        super().__init__(cells)
        self.line = line


class Entry(tuple):
    """(name, kind), and the `line` it came from (0 when it came from no file or list)."""

    line: int

    def __new__(cls, name: str, kind: str, line: int = 0):
        entry = super().__new__(cls, (name, kind))
        entry.line = line
        return entry


def line_of(entry, index: int) -> int:
    """The line to name in a message about `entry`, the index-th of its batch (from 1): its line in the file when
    it came from one, else the index."""
    return getattr(entry, "line", 0) or index


def _cells(row) -> list[str]:
    # A NUL in a spreadsheet's cell is no letter of a name (and PostgreSQL refuses it in text): dropped. The
    # rest is cleaned as a typed name is (bidi controls out, NFC, single spaces): rules/names.py.
    return [clean_name(str(c).replace("\x00", "")) if c is not None else "" for c in row[:MAX_COLUMNS]]


def _kept_rows(numbered, wording: Wording) -> list[Row]:
    """The non-empty rows of (line, cells), read no further than needed to know there are too many."""
    rows = []
    for line, raw in numbered:
        if line > LAST_LINE:
            raise ValidationError(wording.too_many_rows)
        cells = _cells(raw)
        if any(cells):
            rows.append(Row(cells, line))
            if len(rows) > MAX_ROWS + 1:  # a header row and more than MAX_ROWS names: enough to refuse
                break
    return rows


# --- XLSX --------------------------------------------------------------------------------------------------------


def _part_markup(archive: zipfile.ZipFile, info: zipfile.ZipInfo, markup: int, wording: Wording) -> int:
    """Stream one part through a small buffer, adding its elements and attributes to `markup`; refuse a DTD,
    UTF-16 markup (which the byte scan would not see), or more markup in all than a list of names needs.

    zipfile never yields more than the size the zip's directory declares, and checks the CRC at the end.
    """
    buffer, first = b"", True
    with archive.open(info) as part:
        while True:
            chunk = part.read(CHUNK)
            if first and chunk.lstrip()[:2] in UTF16_STARTS:
                raise ValidationError(wording.not_a_list)
            first = False
            buffer += chunk
            if DTD.search(buffer):
                raise ValidationError(wording.not_a_list)
            end = len(buffer) if not chunk else max(len(buffer) - HOLD, 0)
            markup += sum(1 for match in MARKUP.finditer(buffer) if match.start() < end)
            if markup > MAX_MARKUP:
                raise ValidationError(TOO_MUCH_INSIDE)
            if not chunk:
                return markup
            buffer = buffer[end:]


def _check_xlsx(data: bytes, wording: Wording) -> None:
    """Refuse a zip that unpacks to far more than a list of names, before openpyxl reads any of it."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = archive.infolist()
            if len(parts) > MAX_PARTS:
                raise ValidationError(TOO_MUCH_INSIDE)
            if sum(info.file_size for info in parts) > MAX_UNPACKED:
                raise ValidationError(UNPACKED_TOO_LARGE)
            if any(info.file_size > MB and info.file_size > MAX_RATIO * info.compress_size for info in parts):
                raise ValidationError(TOO_MUCH_INSIDE)
            markup = 0
            for info in parts:
                markup = _part_markup(archive, info, markup, wording)
    except ValidationError:
        raise
    except Exception:  # a damaged or unreadable zip (bad CRC, encryption, unknown compression ...)
        raise ValidationError(wording.not_a_list) from None


def _sheet_rows(sheet):
    """(row number, values) of the first sheet, the numbers the spreadsheet shows (missing rows are filled in);
    a row past LAST_LINE comes as that row, empty, and the reading stops there."""
    sheet.reset_dimensions()  # read the rows that are there, not the size the file claims
    rows = sheet.iter_rows(max_col=MAX_COLUMNS, max_row=LAST_LINE + 1, values_only=True)
    for number, values in enumerate(rows, start=1):
        end = len(values)
        while end and values[end - 1] is None:  # the row as wide as its last cell, not MAX_COLUMNS
            end -= 1
        yield number, values[:end]


def _read_xlsx(data: bytes, wording: Wording) -> list[Row]:
    _check_xlsx(data, wording)
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True, keep_links=False)
    except Exception:  # openpyxl raises many kinds on a damaged file: each means it is not a list
        raise ValidationError(wording.not_a_list) from None
    try:
        if not workbook.worksheets:
            raise ValidationError(wording.not_a_list)
        return _kept_rows(_sheet_rows(workbook.worksheets[0]), wording)
    except ValidationError:
        raise
    except Exception:  # the sheet's XML is damaged
        raise ValidationError(wording.not_a_list) from None
    finally:
        workbook.close()


# --- CSV ---------------------------------------------------------------------------------------------------------


def _csv_rows(text: str, dialect, wording: Wording):
    """(line, cells) of each record: the line it starts on, as a text editor numbers them."""
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    while True:
        line = reader.line_num + 1
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error:  # a cell longer than the csv module takes, and the like
            raise ValidationError(wording.not_a_list) from None
        yield line, cells


def _read_csv(data: bytes, wording: Wording) -> list[Row]:
    if b"\x00" in data:  # no text file holds NUL: a binary file, or one made to look like a list
        raise ValidationError(wording.not_a_list)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    return _kept_rows(_csv_rows(text, dialect, wording), wording)


def read_rows(
    filename: str, data: bytes, *, header_words: tuple[str, ...] | None = None, wording: Wording = GUESTS
) -> list[Row]:
    """The non-empty rows of the file's first sheet, without its header row.

    A guest or members list (no `header_words`) may have a header row in any of the site's languages
    (rules/headers.py): its rows then come in the lists' own column order, a first name and surname joined. A
    first row neither a header nor a name is refused, naming it. With `header_words` (a list of pairs), a first
    row starting with one of them is dropped and the columns stay as they are.

    Each row's `line` is its row number in the spreadsheet, or its line in the CSV file. A refusal calls the
    file as `wording` does (a guest list, a members list).
    """
    if not data:
        raise ValidationError(gettext("The file is empty."))
    if len(data) > MAX_BYTES:
        raise ValidationError(wording.too_large)
    lower = (filename or "").lower()
    if lower.endswith((".xlsx", ".xlsm")) or data[:2] == b"PK":
        rows = _read_xlsx(data, wording)
    elif lower.endswith((".csv", ".txt")) or not lower.rsplit(".", 1)[-1:] or "." not in lower:
        rows = _read_csv(data, wording)
    else:
        raise ValidationError(wording.not_a_list)
    if header_words is not None:
        if rows and rows[0] and rows[0][0].strip().lower() in header_words:
            rows = rows[1:]
    elif rows:
        rows = _under_heads(rows, wording)
    if not rows:
        raise ValidationError(wording.no_names)
    if len(rows) > MAX_ROWS:
        raise ValidationError(wording.too_many_rows)
    return rows


def _under_heads(rows: list[Row], wording: Wording) -> list[Row]:
    """The rows under the header row, in the lists' column order; the rows as they are when there is none."""
    first = rows[0]
    found = headers.heads(first)
    if found is not None:
        return [Row(found.arranged(row), row.line) for row in rows[1:]]
    if headers.looks_like_a_header(first, [row[1] for row in rows[1:] if len(row) > 1]):
        cells = ", ".join(f"“{cell}”" for cell in first[:4] if cell) + (", …" if len(first) > 4 else "")
        raise ValidationError(wording.neither % {"line": first.line, "cells": cells})
    return rows


def guest_entries(rows: list[Row]) -> list[Entry]:
    """Rows -> (name, kind); the kind is the second column when there is one. Each keeps its row's line."""
    return [Entry(row[0], row[1] if len(row) > 1 else "", getattr(row, "line", 0)) for row in rows]


def pasted_entries(text: str, *, kinds: bool = False) -> list[Entry]:
    """Pasted lines 'Name' or 'Name, lady' (a tab or ';' works too) -> (name, kind); blank lines skipped, but
    counted in each entry's line.

    The last part is taken as the kind when it reads as one, so "Smith, Mary" stays a name. Where every line
    needs a kind (`kinds`: a mixed party) a last part that reads as none is taken as the kind all the same, so
    that the refusal names the word ("“dama” is not lady or gentleman"), not a name with the word in it.
    """
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, kind = line, ""
        for separator in SEPARATORS:
            head, found, tail = line.rpartition(separator)
            if found and kind_from_word(tail):
                name, kind = head, tail.strip()
                break
        else:
            split = next((line.rpartition(s) for s in SEPARATORS if s in line), None)
            if kinds and split is not None and split[0].strip() and split[2].strip():
                name, kind = split[0], split[2].strip()
        entries.append(Entry(clean_name(name), kind, number))
    return entries


SEPARATORS = ("\t", ";", ",")  # between a pasted name and its kind, tried in this order


def upload_bytes(upload, *, wording: Wording = GUESTS) -> bytes:
    """An uploaded file's bytes, read no further than the limit: a huge file is refused, not loaded."""
    if getattr(upload, "size", 0) > MAX_BYTES:
        raise ValidationError(wording.too_large)
    data = upload.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValidationError(wording.too_large)
    return data

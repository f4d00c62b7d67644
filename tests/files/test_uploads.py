"""Uploaded guest and pair lists: bounded before memory grows, and errors named by the file's own row numbers.

An XLSX is a zip of XML parts: the zip's directory and a streamed scan of every part are checked before openpyxl
reads any of it (unpacked size, number of parts, compression ratio, DTDs, the markup openpyxl would build), then
the rows are read one by one up to the row limit. A CSV is bounded by its bytes and the same row limit.
"""

import csv
import io
import struct
import tracemalloc
import zipfile

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from tests.knockout.helpers import make_knockout
from tournaments.files import uploads as imports
from tournaments.forms.knockout import pasted_pairs, row_pairs

MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
SHARED_STRINGS_TYPE = (
    '<Override PartName="/xl/sharedStrings.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml" />'
)
PEAK_LIMIT = 30 * 1024 * 1024


def xlsx(rows=(("Name",), ("Mary Smith",))) -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has its one sheet
    for row in rows:
        sheet.append(list(row))
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def with_parts(data: bytes, parts: dict) -> bytes:
    """The zip with some parts replaced or added: each new part bytes, or a function writing to a stream."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        names = source.namelist()
        for name in names + [n for n in parts if n not in names]:
            content = parts.get(name, source.read(name) if name in names else b"")
            if callable(content):
                with target.open(name, "w") as stream:
                    content(stream)
            else:
                target.writestr(name, content)
    return out.getvalue()


def with_shared_strings(strings_xml, sheet_xml: bytes) -> bytes:
    """A workbook whose first sheet reads its text from a shared-strings part, as Excel writes them."""
    data = xlsx()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        types = archive.read("[Content_Types].xml").replace(b"</Types>", SHARED_STRINGS_TYPE.encode() + b"</Types>")
    return with_parts(
        data,
        {"[Content_Types].xml": types, "xl/sharedStrings.xml": strings_xml, "xl/worksheets/sheet1.xml": sheet_xml},
    )


def shared_sheet(rows: int) -> bytes:
    cells = "".join(f'<row r="{r}"><c r="A{r}" t="s"><v>{r - 1}</v></c></row>' for r in range(1, rows + 1))
    return f"<worksheet {MAIN}><sheetData>{cells}</sheetData></worksheet>".encode()


def refusal(filename: str, data: bytes) -> tuple[str, int]:
    """The message read_rows refuses the file with, and the peak memory (bytes) it took to refuse it."""
    tracemalloc.start()
    try:
        with pytest.raises(ValidationError) as error:
            imports.read_rows(filename, data)
        return " | ".join(error.value.messages), tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# --- an XLSX bounded by what it unpacks to -------------------------------------------------------------------------


def shared_strings_bomb(megabytes: int = 300):
    """A shared-strings part of `megabytes` MB of one repeated letter: it packs to about a thousandth of that."""

    def write(stream):
        stream.write(f'<sst {MAIN} count="1" uniqueCount="1"><si><t>'.encode())
        block = b"A" * (1024 * 1024)
        for _ in range(megabytes):
            stream.write(block)
        stream.write(b"</t></si></sst>")

    return write


def test_a_small_xlsx_that_unpacks_to_hundreds_of_megabytes_is_refused_before_it_is_read():
    data = with_shared_strings(shared_strings_bomb(300), shared_sheet(1))
    assert len(data) < imports.MAX_BYTES  # the upload itself is small: some 300 KB
    message, peak = refusal("guests.xlsx", data)
    assert message == imports.UNPACKED_TOO_LARGE
    assert message.startswith("This spreadsheet is too large once unpacked (over 20 MB)")
    assert peak < PEAK_LIMIT


@pytest.mark.django_db
def test_the_refused_spreadsheet_adds_no_guest_and_says_why(client_in, party_factory):
    party = party_factory(tables=1, draw=False)
    upload = SimpleUploadedFile("guests.xlsx", with_shared_strings(shared_strings_bomb(60), shared_sheet(1)))
    response = client_in.post(reverse("guests_upload", args=[party.id]), {"file": upload}, follow=True)
    assert imports.UNPACKED_TOO_LARGE in [str(m) for m in response.context["messages"]]
    assert party.guests.count() == 4


@pytest.mark.django_db
def test_the_refused_spreadsheet_adds_no_pair(client_in):
    knockout = make_knockout(pairs=2, draw=False)
    upload = SimpleUploadedFile("pairs.xlsx", with_shared_strings(shared_strings_bomb(60), shared_sheet(1)))
    response = client_in.post(reverse("knockout_pairs_add", args=[knockout.id]), {"file": upload}, follow=True)
    assert "This spreadsheet is too large once unpacked" in response.content.decode()
    assert knockout.pairs.count() == 2


def test_a_part_packed_absurdly_tight_is_refused_though_under_the_size_limit():
    data = with_parts(xlsx(), {"xl/worksheets/sheet1.xml": b" " * (5 * 1024 * 1024)})
    message, peak = refusal("guests.xlsx", data)
    assert message == imports.TOO_MUCH_INSIDE and peak < PEAK_LIMIT


def test_a_small_part_of_countless_tiny_elements_is_refused():
    """Some 1.3 MB of shared strings, each its own element: openpyxl would build objects worth far more."""
    strings = "".join(f"<si><t>{i}</t></si>" for i in range(80_000))
    data = with_shared_strings(f"<sst {MAIN}>{strings}</sst>".encode(), shared_sheet(1))
    message, peak = refusal("guests.xlsx", data)
    assert message == imports.TOO_MUCH_INSIDE and peak < PEAK_LIMIT


def test_a_cell_of_countless_attributes_is_refused():
    attributes = " ".join(f'a{i}="1"' for i in range(120_000))
    sheet = f'<worksheet {MAIN}><sheetData><row r="1"><c r="A1" {attributes}><v>1</v></c></row></sheetData></worksheet>'
    message, _ = refusal("guests.xlsx", with_parts(xlsx(), {"xl/worksheets/sheet1.xml": sheet.encode()}))
    assert message == imports.TOO_MUCH_INSIDE


def test_too_many_parts_are_refused():
    data = with_parts(xlsx(), {f"xl/media/image{i}.png": b"" for i in range(imports.MAX_PARTS)})
    message, _ = refusal("guests.xlsx", data)
    assert message == imports.TOO_MUCH_INSIDE


def test_entities_are_refused_before_they_can_expand():
    lol = '<!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    data = with_shared_strings(f"{lol}<sst {MAIN}><si><t>&b;</t></si></sst>".encode(), shared_sheet(1))
    message, _ = refusal("guests.xlsx", data)
    assert message == imports.NOT_A_LIST


def test_utf16_markup_the_scan_cannot_read_is_refused():
    sheet = f"<worksheet {MAIN}><sheetData/></worksheet>".encode("utf-16")
    message, _ = refusal("guests.xlsx", with_parts(xlsx(), {"xl/worksheets/sheet1.xml": sheet}))
    assert message == imports.NOT_A_LIST


def test_a_part_longer_than_its_declared_size_is_refused():
    """zipfile yields no more than the directory declares, then finds the CRC wrong: the file is damaged."""
    data = bytearray(with_parts(xlsx(), {"xl/worksheets/sheet1.xml": shared_sheet(2000)}))
    entry = data.find(b"PK\x01\x02")  # the zip's directory: one entry a part
    while entry != -1:
        name_length = struct.unpack("<H", data[entry + 28 : entry + 30])[0]
        if data[entry + 46 : entry + 46 + name_length] == b"xl/worksheets/sheet1.xml":
            data[entry + 24 : entry + 28] = struct.pack("<I", 1000)  # the declared unpacked size
            break
        entry = data.find(b"PK\x01\x02", entry + 4)
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as archive:
        assert archive.getinfo("xl/worksheets/sheet1.xml").file_size == 1000
    message, _ = refusal("guests.xlsx", bytes(data))
    assert message == imports.NOT_A_LIST


def test_a_cell_far_down_the_sheet_refuses_it_without_reading_a_million_empty_rows():
    sheet = f'<worksheet {MAIN}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Ann</t></is></c></row>'
    sheet += '<row r="1048576"><c r="A1048576" t="n"><v>1</v></c></row></sheetData></worksheet>'
    data = with_parts(xlsx(), {"xl/worksheets/sheet1.xml": sheet.encode()})
    message, peak = refusal("guests.xlsx", data)
    assert message == imports.TOO_MANY_ROWS and peak < PEAK_LIMIT
    rows = [("Name",), ("Ann",)] + [()] * (imports.LAST_LINE - 3) + [("Bob",)]
    assert [row.line for row in imports.read_rows("guests.xlsx", xlsx(rows))] == [2, imports.LAST_LINE]


def test_damaged_sheet_xml_is_not_a_list():
    data = with_parts(xlsx(), {"xl/worksheets/sheet1.xml": f"<worksheet {MAIN}><sheetData><row>".encode()})
    message, _ = refusal("guests.xlsx", data)
    assert message == imports.NOT_A_LIST


def test_a_list_written_the_way_excel_writes_it_is_read():
    strings = "".join(f"<si><t>{text}</t></si>" for text in ["Name", "Mary Smith", "Bob Roe"])
    data = with_shared_strings(f"<sst {MAIN}>{strings}</sst>".encode(), shared_sheet(3))
    rows = imports.read_rows("guests.xlsx", data)
    assert rows == [["Mary Smith"], ["Bob Roe"]]
    assert [row.line for row in rows] == [2, 3]


# --- rows ----------------------------------------------------------------------------------------------------------


def test_a_full_list_is_read_and_one_row_more_is_refused():
    names = [(f"Guest {i:04d}",) for i in range(imports.MAX_ROWS)]
    assert len(imports.read_rows("guests.xlsx", xlsx([("Name",), *names]))) == imports.MAX_ROWS
    message, peak = refusal("guests.xlsx", xlsx([*names, ("One too many",)]))
    assert message == "This file has more than 1,000 rows: that is no guest list." and peak < PEAK_LIMIT
    text = "\n".join(name for (name,) in names) + "\nOne too many\n"
    assert refusal("guests.csv", text.encode())[0] == imports.TOO_MANY_ROWS


def test_a_csv_of_nothing_but_line_breaks_is_read_no_further_than_the_last_line():
    message, peak = refusal("guests.csv", b"\n" * (imports.MAX_BYTES - 1))
    assert message == imports.TOO_MANY_ROWS and peak < PEAK_LIMIT
    assert refusal("guests.csv", b"\n" * (imports.LAST_LINE - 1))[0] == "The file has no names in it."


def test_a_csv_over_two_megabytes_is_refused_unread():
    message, _ = refusal("guests.csv", b"Mary Smith\n" * (imports.MAX_BYTES // 10))
    assert message == imports.TOO_LARGE


def test_a_csv_cell_longer_than_the_csv_module_takes_is_not_a_list():
    message, _ = refusal("guests.csv", b'"' + b"x" * 200_000 + b'"\n')
    assert message == imports.NOT_A_LIST


# --- row numbers: the spreadsheet's own, or the line as a person counts it -----------------------------------------


def test_xlsx_rows_keep_the_spreadsheets_row_numbers():
    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has its one sheet
    sheet["A1"], sheet["B1"] = "Name", "Kind"
    sheet["A2"], sheet["B2"] = "Mary Smith", "lady"
    sheet["A4"] = "Bob Roe"  # row 3 is empty
    sheet["B5"] = "lady"  # a kind without a name
    buffer = io.BytesIO()
    book.save(buffer)
    rows = imports.read_rows("guests.xlsx", buffer.getvalue())
    assert [row.line for row in rows] == [2, 4, 5]
    entries = imports.guest_entries(rows)
    assert entries == [("Mary Smith", "lady"), ("Bob Roe", ""), ("", "lady")]
    assert [entry.line for entry in entries] == [2, 4, 5]


def test_csv_rows_keep_their_lines_counting_the_header_and_blank_lines():
    data = b'Name,Kind\r\nMary Smith,lady\r\n\r\n"Roe,\r\nBob",gentleman\r\nAnn Lee,lady\r\n'
    rows = imports.read_rows("guests.csv", data)
    assert rows == [["Mary Smith", "lady"], ["Roe, Bob", "gentleman"], ["Ann Lee", "lady"]]
    assert [row.line for row in rows] == [2, 4, 6]  # a cell over two lines: the line it starts on


def test_csv_without_a_header_counts_from_the_first_line():
    rows = imports.read_rows("pairs.csv", b"Ada Brown,Bob Carter\nCora Dale,\n")
    assert [row.line for row in rows] == [1, 2]


def test_pasted_lines_count_the_blank_ones():
    entries = imports.pasted_entries("Mary Smith\n\n  \nBob Roe, gentleman\n")
    assert entries == [("Mary Smith", ""), ("Bob Roe", "gentleman")]
    assert [entry.line for entry in entries] == [1, 4]
    assert imports.line_of(entries[1], 2) == 4 and imports.line_of(("Ann Lee", ""), 2) == 2


@pytest.mark.django_db
def test_a_guest_list_error_names_the_spreadsheets_row(client_in, party_factory):
    party = party_factory(tables=1, draw=False)
    upload = SimpleUploadedFile("guests.xlsx", xlsx([("Name", "Kind"), ("Ann Lee", "lady"), (None, "lady")]))
    response = client_in.post(reverse("guests_upload", args=[party.id]), {"file": upload}, follow=True)
    assert "Line 3: the name is empty." in [str(m) for m in response.context["messages"]]
    assert party.guests.count() == 4


@pytest.mark.django_db
def test_a_pasted_guest_list_error_counts_the_blank_lines(client_in, party_factory):
    party = party_factory(tables=1, draw=False)
    response = client_in.post(
        reverse("guests_paste", args=[party.id]), {"names": "Ann Lee\n\nPlayer 001\n"}, follow=True
    )
    assert "Line 3: Player 001 is already on the guest list." in [str(m) for m in response.context["messages"]]


@pytest.mark.django_db
def test_a_pair_list_error_names_the_files_line(client_in):
    knockout = make_knockout(pairs=2, draw=False)
    text = io.StringIO()
    csv.writer(text).writerows([["Name", "Partner"], ["Eve Fox", "Fay Gill"], ["Cora Dale", ""]])
    upload = SimpleUploadedFile("pairs.csv", text.getvalue().encode())
    response = client_in.post(reverse("knockout_pairs_add", args=[knockout.id]), {"file": upload}, follow=True)
    assert "Line 3: “Cora Dale” needs both names" in response.content.decode()
    assert knockout.pairs.count() == 2


def test_the_knockout_form_keeps_each_lines_number():
    assert [entry.line for entry in pasted_pairs("Ada Brown & Bob Carter\n\nCora Dale & Dan Evans")] == [1, 3]
    rows = imports.read_rows("pairs.csv", b"Name,Partner\nAda Brown,Bob Carter\n\nCora Dale & Dan Evans,\n")
    assert [entry.line for entry in row_pairs(rows)] == [2, 4]

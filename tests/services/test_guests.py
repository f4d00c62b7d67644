"""Guests: one by one, pasted, uploaded; clear errors; nothing half-imported; the numbers check."""

import datetime
import io

import pytest
from django.core.exceptions import ValidationError
from openpyxl import Workbook

from tournaments.files import uploads as imports
from tournaments.selectors.party import guest_count
from tournaments.services import party as party_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def mixed_party(director):
    return party_services.party_create(
        name="Mixed", date=datetime.date(2026, 12, 1), tables=2, mixed=True, rounds_planned=3, user=director
    )


def messages_of(error: pytest.ExceptionInfo) -> str:
    return " | ".join(error.value.messages)


def test_an_empty_name_a_duplicate_and_a_missing_kind_are_all_named_and_nothing_is_added(mixed_party):
    party_services.guests_add(party=mixed_party, entries=[("Mary Smith", "lady")])
    with pytest.raises(ValidationError) as error:
        party_services.guests_add(
            party=mixed_party,
            entries=[("Ann Lee", "lady"), ("", "lady"), ("mary smith", "lady"), ("Bob Roe", ""), ("Ann Lee", "lady")],
        )
    text = messages_of(error)
    assert "Line 2: the name is empty." in text
    assert "Line 3: mary smith is already on the guest list." in text
    assert "Line 4: say whether Bob Roe is a lady or a gentleman" in text
    assert "Line 5: Ann Lee is listed twice." in text
    assert list(mixed_party.guests.values_list("name", flat=True)) == ["Mary Smith"]


def test_the_count_says_exactly_what_is_missing_or_over(mixed_party):
    party_services.guests_add(
        party=mixed_party, entries=[(f"L{i}", "lady") for i in range(5)] + [(f"G{i}", "gentleman") for i in range(2)]
    )
    count = guest_count(mixed_party)
    assert count.problems == ["1 lady over", "2 more gentlemen needed"]
    lady = mixed_party.guests.get(name="L0")
    party_services.guest_update(guest=lady, name="L0", kind="lady", plays_as="gentleman", reserve=False)
    assert guest_count(mixed_party).problems == ["1 more gentleman needed"]
    party_services.guests_add(party=mixed_party, entries=[("G9", "g")])
    assert guest_count(mixed_party).fits


def test_a_reserve_is_not_counted(director):
    party = party_services.party_create(name="Open", date=datetime.date(2026, 12, 1), tables=1, user=director)
    party_services.guests_add(party=party, entries=[(f"P{i}", "") for i in range(5)])
    assert guest_count(party).problems == ["1 player over"]
    extra = party.guests.get(name="P4")
    party_services.guest_update(guest=extra, name="P4", kind="", plays_as="", reserve=True)
    count = guest_count(party)
    assert count.fits and count.reserves == 1


def test_pasted_lines_keep_a_comma_in_a_name_unless_it_ends_in_a_kind():
    assert imports.pasted_entries("Smith, Mary\nJones, Ann, lady\n\nBob Roe\tgentleman\n") == [
        ("Smith, Mary", ""),
        ("Jones, Ann", "lady"),
        ("Bob Roe", "gentleman"),
    ]


def test_a_csv_guest_list_with_a_header_and_semicolons():
    rows = imports.read_rows("guests.csv", b"Name;Kind\nMary Smith;lady\nBob Roe;gentleman\n")
    assert imports.guest_entries(rows) == [("Mary Smith", "lady"), ("Bob Roe", "gentleman")]


def test_an_xlsx_guest_list(mixed_party):
    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has its one sheet
    sheet.append(["name", "kind"])
    sheet.append(["Mary Smith", "Lady"])
    sheet.append(["Bob Roe", "Gentleman"])
    buffer = io.BytesIO()
    book.save(buffer)
    rows = imports.read_rows("guests.xlsx", buffer.getvalue())
    added = party_services.guests_add(party=mixed_party, entries=imports.guest_entries(rows))
    assert sorted(g.name for g in added) == ["Bob Roe", "Mary Smith"]
    assert mixed_party.guests.get(name="Bob Roe").kind == "gentleman"


@pytest.mark.parametrize(
    ("filename", "data", "message"),
    [
        ("guests.xlsx", b"PK\x03\x04 not really a zip", "not a guest list"),
        ("photo.png", b"\x89PNG\r\n\x1a\n", "not a guest list"),
        ("guests.csv", b"", "The file is empty."),
        ("guests.csv", b"name\n\n", "no names"),
        ("guests.csv", b"\x00\x01\x02binary", "not a guest list"),
    ],
)
def test_a_file_that_is_not_a_guest_list_is_refused(filename, data, message):
    with pytest.raises(ValidationError) as error:
        imports.read_rows(filename, data)
    assert message in messages_of(error)


def test_a_guest_with_a_seat_cannot_be_removed(party_factory):
    party = party_factory(tables=1)
    guest = party.guests.first()
    with pytest.raises(ValidationError, match="set them aside as a reserve"):
        party_services.guest_remove(guest=guest)
    assert party.guests.count() == 4


def test_the_table_count_cannot_change_once_the_seats_are_drawn(party_factory):
    party = party_factory(tables=2)
    with pytest.raises(ValidationError) as error:
        party_services.party_update(party=party, tables=3)
    assert "can no longer change" in messages_of(error)
    party.refresh_from_db()
    assert party.tables == 2


def test_every_table_gets_an_entry_token(party_factory):
    party = party_factory(tables=3, draw=False)
    assert sorted(party.tokens.values_list("table", flat=True)) == [1, 2, 3]
    party_services.party_update(party=party, tables=4)
    assert sorted(party.tokens.values_list("table", flat=True)) == [1, 2, 3, 4]


def test_a_csv_with_a_nul_past_its_first_lines_is_no_guest_list():
    # Only the first 4 KB were looked at: a NUL further on reached the guests (PostgreSQL: a 500).
    data = ("Name\n" + "Ann Lee\n" * 1000 + "Bob\x00Dee\n").encode()
    with pytest.raises(ValidationError) as refused:
        imports.read_rows("guests.csv", data)
    assert "not a guest list" in refused.value.messages[0]

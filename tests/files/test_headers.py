"""Guest and members files with a header row in French, German or Dutch (accents, any case), in CSV and XLSX:
the header is read as one, the columns found wherever they are, a first name and surname joined. A first row
that is neither a header nor a name is refused in one sentence naming it, and nothing changes."""

import io

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from tournaments.files import members as member_files
from tournaments.files import uploads
from tournaments.models import Member
from tournaments.rules import headers


def as_csv(rows: list[list[str]], separator: str = ";") -> bytes:
    return ("\ufeff" + "\r\n".join(separator.join(row) for row in rows) + "\r\n").encode()


def as_xlsx(rows: list[list[str]]) -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has its one sheet
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def both(rows: list[list[str]]) -> list[tuple[str, bytes]]:
    return [("list.csv", as_csv(rows)), ("list.xlsx", as_xlsx(rows))]


GUESTS = {
    "fr": [["Prénom", "NOM", "Sexe"], ["Anne", "Roy", "Dame"], ["Jean", "Roy", "M."]],
    "de": [["Vorname", "Nachname", "Geschlecht"], ["Jürgen", "Weiß", "Herr"], ["Grete", "Müller", "Frau"]],
    "nl": [["Geslacht", "Voornaam", "Achternaam"], ["heer", "Joost", "de Vries"], ["Dame", "Eva", "Bakker"]],
}
READ = {
    "fr": [["Anne Roy", "Dame"], ["Jean Roy", "M."]],
    "de": [["Jürgen Weiß", "Herr"], ["Grete Müller", "Frau"]],
    "nl": [["Joost de Vries", "heer"], ["Eva Bakker", "Dame"]],
}


@pytest.mark.parametrize("language", ["fr", "de", "nl"])
def test_a_guest_list_headed_in_each_language_is_read_in_csv_and_xlsx(language):
    for filename, data in both(GUESTS[language]):
        rows = uploads.read_rows(filename, data)
        assert rows == READ[language], filename
        assert [row.line for row in rows] == [2, 3]  # the header is row 1 still
        assert [tuple(e) for e in uploads.guest_entries(rows)] == [tuple(r) for r in READ[language]]


@pytest.mark.parametrize(
    "heading, column",
    [
        ("Nom", "surname"), ("PRÉNOM", "first"), ("Naam", "name"), ("Name", "name"), ("Vorname", "first"),
        ("Geschlecht", "kind"), ("Dame/Herr", "kind"), ("Heer/Dame", "kind"), ("genre", "kind"),
        ("Numéro de licence", "number"), ("Mitgliedsnummer", "number"), ("Lidnummer", "number"),
        ("E-mail", "email"), ("Courriel", "email"), ("Téléphone", "phone"), ("Telefon", "phone"),
        ("Telefoon", "phone"), ("Sexe", "kind"), ("Dame", None), ("Herr", None), ("Anne Roy", None),
    ],
)  # fmt: skip
def test_each_heading_names_its_column_in_any_case_with_or_without_accents(heading, column):
    assert headers.column_of(heading) == column


def test_a_members_file_headed_in_german_in_another_order_is_read_into_the_right_columns():
    rows = [
        ["Telefon", "E-Mail", "Mitgliedsnummer", "Name", "Dame/Herr"],
        ["+49 30 1", "jw@example.org", "D-17", "Jürgen Weiß", "Herr"],
    ]
    for filename, data in both(rows):
        (member,) = member_files.member_rows(filename, data)
        assert (member.line, member.name, member.kind, member.number, member.email, member.phone) == (
            2, "Jürgen Weiß", "gentleman", "D-17", "jw@example.org", "+49 30 1",
        )  # fmt: skip


def test_a_dutch_members_file_with_a_first_name_and_surname_is_joined():
    rows = [["Voornaam", "Achternaam", "Geslacht", "Lidnummer", "Telefoon"], ["Eva", "Bakker", "vrouw", "123", "06"]]
    for filename, data in both(rows):
        (member,) = member_files.member_rows(filename, data)
        assert (member.name, member.kind, member.number, member.phone) == ("Eva Bakker", "lady", "123", "06")


def test_a_file_without_a_header_is_read_as_before():
    data = as_csv([["Anne Roy", "lady"], ["Jean Roy", "gentleman"]], ",")
    assert uploads.read_rows("g.csv", data) == [["Anne Roy", "lady"], ["Jean Roy", "gentleman"]]


NEITHER = (
    "Row 1 is neither a header nor a guest: “Nome”, “Sesso”. Put the column headings there (such as Name and "
    "Lady or gentleman) or a guest, or delete the row; nothing was added."
)


def test_a_first_row_neither_header_nor_guest_is_refused_naming_it():
    for filename, data in both([["Nome", "Sesso"], ["Anne Roy", "lady"], ["Jean Roy", "gentleman"]]):
        with pytest.raises(ValidationError) as refused:
            uploads.read_rows(filename, data)
        assert refused.value.messages == [NEITHER], filename


def test_a_header_word_in_a_first_row_that_is_no_header_is_refused():
    data = as_csv([["Liste du 12 mars", "Sexe"], ["Anne Roy", "dame"]])
    with pytest.raises(ValidationError) as refused:
        member_files.member_rows("m.csv", data)
    assert refused.value.messages == [
        "Row 1 is neither a header nor a member: “Liste du 12 mars”, “Sexe”. Put the column headings there (such "
        "as Name and Lady or gentleman) or a member, or delete the row; nothing was imported."
    ]


@pytest.mark.django_db
def test_the_party_upload_refuses_that_file_and_adds_nobody(client_in, party_factory):
    party = party_factory(tables=1, mixed=True, draw=False)
    before = sorted(party.guests.values_list("name", "kind"))
    upload = SimpleUploadedFile("guests.csv", as_csv([["Nome", "Sesso"], ["Anne Roy", "lady"]]))
    response = client_in.post(reverse("guests_upload", args=[party.id]), {"file": upload})
    assert response.status_code == 200
    assert [str(m) for m in response.context["messages"]] == [NEITHER]
    assert sorted(party.guests.values_list("name", "kind")) == before


@pytest.mark.django_db
def test_the_party_upload_takes_a_french_xlsx_with_first_names_and_surnames(client_in, party_factory):
    party = party_factory(tables=1, mixed=True, draw=False)
    upload = SimpleUploadedFile("invités.xlsx", as_xlsx(GUESTS["fr"]))
    response = client_in.post(reverse("guests_upload", args=[party.id]), {"file": upload})
    assert response.status_code == 302
    added = party.guests.filter(name__in=["Anne Roy", "Jean Roy"])
    assert sorted(added.values_list("name", "kind")) == [("Anne Roy", "lady"), ("Jean Roy", "gentleman")]


@pytest.mark.django_db
def test_the_members_import_of_a_refused_file_changes_nothing(client_in, director):
    response = client_in.post(
        reverse("members_import"),
        {"file": SimpleUploadedFile("m.csv", as_csv([["Nome", "Sesso"], ["Anne Roy", "dame"]]))},
    )
    assert response.status_code == 302
    assert Member.objects.count() == 0

"""The treasurer's files read back: the XLSX with numeric money in the currency's format, the CSV (item 6)."""

import csv
import datetime
import io
from decimal import Decimal

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.money.nights import three_nights
from tournaments.files.money_exports import money_format

pytestmark = pytest.mark.django_db

NOVEMBER = {"start": "2026-11-01", "end": "2026-11-30"}


def NOV(day: int) -> datetime.datetime:  # noqa: N802  # a date cell reads back as a datetime
    return datetime.datetime(2026, 11, day)


HEADING = ["Date", "Night", "Cash", "Card", "Bank transfer", "From balance", "Total", "Free places", "Still owed"]


@pytest.fixture
def nights(client, club, member, director):
    three_nights(club, member, director)
    client.force_login(director)


def test_the_workbook_holds_numbers_in_the_clubs_currency(client, nights):
    response = client.get(reverse("treasury_xlsx"), NOVEMBER)
    book = load_workbook(io.BytesIO(response.content))
    sheet = book["Nights"]
    values = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert values[0] == HEADING
    # openpyxl reads a number back as a float: the figures are exact in binary at two decimals this small
    assert values[1:] == [
        [NOV(5), "Night 5 2026-11-05", 8, 5, 0, 3, 16, 0, 2],
        [NOV(12), "Night 12 2026-11-12", 10, 0, 0, 0, 10, 1, 5],
        [NOV(19), "Night 19 2026-11-19", 0, 0, 2.4, 0, 2.4, 0, 21.6],
        [None, "Period total", 18, 5, 2.4, 3, 28.4, 1, 28.6],
    ]
    assert sheet["C2"].data_type == "n" and sheet["C2"].number_format == money_format("EUR")
    assert sheet["H2"].number_format == "General"  # free places are a count, not money
    rows = list(book["Rows"].iter_rows(values_only=True))
    assert rows[0] == ("Date", "Member or guest", "Event", "Kind of movement", "Method", "Amount", "Why")
    people = [r[1] for r in rows[1:]]
    assert people[0] == "Jane Smith" and "Player 002" in people  # full names, as the books name them
    assert (
        "Bramley" not in str(rows) and "October" not in str(rows) and len(rows) == 1 + 10
    )  # 5 rows on night 5, 4 on night 12, 1 on night 19
    assert sum(Decimal(str(r[5])) for r in rows[1:]) == Decimal("28.40")


def test_the_csv_holds_the_same_period(client, nights):
    response = client.get(reverse("treasury_csv"), NOVEMBER)
    assert response["Content-Type"].startswith("text/csv")
    lines = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert lines == [
        HEADING,
        ["2026-11-05", "Night 5 2026-11-05", "8.00", "5.00", "0.00", "3.00", "16.00", "0", "2.00"],
        ["2026-11-12", "Night 12 2026-11-12", "10.00", "0.00", "0.00", "0.00", "10.00", "1", "5.00"],
        ["2026-11-19", "Night 19 2026-11-19", "0.00", "0.00", "2.40", "0.00", "2.40", "0", "21.60"],
        ["", "Period total", "18.00", "5.00", "2.40", "3.00", "28.40", "1", "28.60"],
    ]


def test_the_number_format_follows_the_currency():
    assert money_format("EUR") == '"€" #,##0.00;-"€" #,##0.00'
    assert money_format("JPY").endswith("#,##0")
    assert money_format("KWD").endswith("#,##0.000")


def test_the_headings_are_in_the_readers_language(client, nights):
    response = client.get(reverse("treasury_csv"), NOVEMBER, headers={"Accept-Language": "fr"})
    first = next(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert first[1:3] == ["Soirée", "Espèces"]
    assert datetime.date(2026, 11, 1).isoformat() in response["Content-Disposition"]

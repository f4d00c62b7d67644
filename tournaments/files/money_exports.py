"""The treasurer's period for the accounts, as XLSX and CSV: builders take the figures and return bytes.

In the workbook the money cells are numbers (the main unit, as a Decimal: no float ever adds it up) with a
number format showing the club's currency, so the accountant's spreadsheet sums them; people are named in
full, as the club's own books name them. The CSV holds the same nights in plain numbers ("3.50")."""

import csv
import io
from decimal import Decimal
from typing import TypeGuard

from babel.numbers import get_currency_symbol
from openpyxl import Workbook

from tournaments.rules.money import minor_units, to_main
from tournaments.selectors.ledger import LedgerLine
from tournaments.selectors.treasury import NightFigures, Period

# The takings columns, in the order of the treasurer's page.
METHOD_COLUMNS = ("cash", "card", "transfer", "balance")


def money_format(currency: str) -> str:
    """The spreadsheet's number format for the currency: its sign, grouping, exactly its decimals."""
    places = minor_units(currency)
    number = "#,##0" + ("." + "0" * places if places else "")
    sign = get_currency_symbol(currency, locale="en_GB").replace('"', "")
    return f'"{sign}" {number};-"{sign}" {number}'


def _main(amount: int, currency: str) -> Decimal:
    return Decimal(to_main(amount, currency))


def _night_values(night: NightFigures, label: str) -> list[object]:
    methods = [night.by_method.get(m, 0) for m in METHOD_COLUMNS]
    return [night.date, label, *methods, night.total, night.free, night.owed]


MONEY_AT = {2, 3, 4, 5, 6, 8}  # the columns of _night_values holding money (0-based)


def _money(value: object, column: int) -> TypeGuard[int]:
    return column in MONEY_AT and isinstance(value, int)


def treasury_xlsx(
    period: Period, currency: str, headings: dict[str, list[str]], lines: list[LedgerLine], total_label: str
) -> bytes:
    """Two sheets: the nights (one row each, then the period's sum) and the period's rows, money numeric."""
    book = Workbook()
    nights = book.active
    assert nights is not None  # a new workbook has its one sheet
    nights.title = headings["titles"][0]
    nights.append(headings["nights"])
    fmt = money_format(currency)
    for night, label in [*((n, n.name) for n in period.nights), (period.sum, total_label)]:
        values = _night_values(night, label)
        nights.append([_main(v, currency) if _money(v, i) else v for i, v in enumerate(values)])
        for i in MONEY_AT:
            nights.cell(row=nights.max_row, column=i + 1).number_format = fmt
        nights.cell(row=nights.max_row, column=1).number_format = "yyyy-mm-dd"
    rows = book.create_sheet(headings["titles"][1])
    rows.append(headings["rows"])
    for line in lines:
        rows.append([f"{line.when:%Y-%m-%d %H:%M}", line.who, line.event, line.kind, line.method,
                     _main(line.amount, currency), line.row.reason])  # fmt: skip
        rows.cell(row=rows.max_row, column=6).number_format = fmt
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def treasury_csv(period: Period, currency: str, heading: list[str], total_label: str) -> bytes:
    """The nights and the period's sum, money in plain numbers of the main unit (UTF-8 with a BOM: a
    spreadsheet opening it reads accented names right)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(heading)
    for night, label in [*((n, n.name) for n in period.nights), (period.sum, total_label)]:
        values = _night_values(night, label)
        values[0] = night.date.isoformat() if night.date else ""
        writer.writerow([to_main(v, currency) if _money(v, i) else v for i, v in enumerate(values)])
    return ("\ufeff" + out.getvalue()).encode("utf-8")

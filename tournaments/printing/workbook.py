"""The results workbook: standings, every round's seating and results, every deal entered, pairs when kept.

Written with openpyxl's write-only mode (rows streamed, styles only on the header row) so a large party stays fast.
Every cell goes through `text_cell` (rows through `put_row`): typed-in text is stored as text, so a guest named
"=1+1" or a shared place "=2" never becomes a formula, and numbers stay numbers.
"""

import io
from collections.abc import Callable, Sequence
from functools import lru_cache

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from openpyxl import Workbook as XlsxWorkbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES, ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from tournaments.printing.common import (
    XLSX,
    contract_word,
    filename,
    kind_word,
    seat_word,
    side_word,
    vulnerable_word,
)
from tournaments.printing.data import Workbook
from tournaments.rules import party as party_rules

BOLD = Font(bold=True)
HEAD_ALIGN = Alignment(horizontal="center", vertical="center", wrap_text=True)


def results_xlsx(book: Workbook) -> tuple[str, str, bytes]:
    sheet = book.sheet
    xlsx = XlsxWorkbook(write_only=True)
    xlsx.properties.title = _("%(party)s – results") % {"party": sheet.party_name}
    xlsx.properties.creator = "Club Director"
    _standings(xlsx, book)
    _seating(xlsx, book)
    _deals(xlsx, book)
    if sheet.keep_partners:
        _pairs(xlsx, book)
    buffer = io.BytesIO()
    xlsx.save(buffer)
    return filename(sheet.party_name, "results", "xlsx"), XLSX, buffer.getvalue()


def text_cell(ws, value):
    """What the sheet stores for `value`: a str as a text cell (never a formula, an error code such as "#N/A", or
    anything else openpyxl would read into it), other values (numbers, None) as they are.

    A str that openpyxl stores as that very text anyway comes back as the str (cheaper than a cell of our own);
    one it would read as a formula or an error code comes back as a cell forced to the type "s", keeping the exact
    text. The control characters a sheet cannot hold are dropped rather than failing the whole file.
    A lazy translation is stored as its text in the active language.
    """
    if isinstance(value, Promise):
        value = str(value)
    if not isinstance(value, str):
        return value
    text, plain = _sheet_text(value)
    return text if plain else _forced(ws, text)


@lru_cache(maxsize=8192)
def _sheet_text(value: str) -> tuple[str, bool]:
    """The text a sheet can hold, and whether openpyxl stores it as text unforced (names and words repeat)."""
    text = ILLEGAL_CHARACTERS_RE.sub("", value)
    return text, not (len(text) > 1 and text.startswith("=")) and text not in ERROR_CODES


def _forced(ws, text: str):
    cell = WriteOnlyCell(ws, value=text)
    cell.data_type = "s"
    return cell


_AS_THEY_ARE = frozenset((int, float, type(None)))  # most cells: stored as they are, no questions asked


def put_row(ws, values) -> None:
    """Append one row to a write-only sheet, every value through `text_cell`."""
    ws.append([value if type(value) in _AS_THEY_ARE else text_cell(ws, value) for value in values])


def new_sheet(xlsx: XlsxWorkbook, title: str, headers: Sequence[tuple[str, float]], freeze: str):
    """A sheet with column widths, frozen panes and a bold header row; the data rows are appended after."""
    ws = xlsx.create_sheet(str(title))
    for i, (_text, width) in enumerate(headers, start=1):
        ws.column_dimensions[get_column_letter(i)].width = width
    ws.freeze_panes = freeze
    row = []
    for text, _width in headers:
        cell = _forced(ws, _sheet_text(str(text))[0])
        cell.font = BOLD
        cell.alignment = HEAD_ALIGN
        row.append(cell)
    put_row(ws, row)
    return ws


def _once(how: Callable[[str], str | None]) -> Callable[[str], str | None]:
    """`how` worked out once per value, for this one workbook (a word's translation costs more than its cell)."""
    found: dict[str, str | None] = {}

    def get(value: str) -> str | None:
        try:
            return found[value]
        except KeyError:
            found[value] = how(value)
            return found[value]

    return get


def _name_width(names, least: float = 14, most: float = 40) -> float:
    longest = max((len(name) for name in names), default=0)
    return max(least, min(most, longest + 2))


def place_cells(label: str) -> list[int | str | None]:
    """A place's two cells: the place as a number ("=2" -> 2) so it sorts and sums as one, and the tie's
    mark ("=", else empty) in a column of its own."""
    shared = label.startswith("=")
    number = label.lstrip("=")
    return [int(number) if number.isdecimal() else label, "=" if shared else None]


def place_headers() -> list[tuple[str, float]]:
    return [(_("Place"), 7), (pgettext("a shared place", "Tied"), 8)]


def _standings(xlsx: XlsxWorkbook, book: Workbook) -> None:
    sheet = book.sheet
    name_w = _name_width(line.name for line in sheet.lines)
    headers = [*place_headers(), (_("Name"), name_w)]
    if sheet.mixed:
        headers.append((pgettext("a lady or a gentleman", "Kind"), 11))
    headers.append((_("Total"), 9))
    for r in sheet.rounds:
        headers += [
            (_("R%(round)s table") % {"round": r}, 8),
            (_("R%(round)s seat") % {"round": r}, 8),
            (_("R%(round)s partner") % {"round": r}, name_w),
            (_("R%(round)s result") % {"round": r}, 9),
        ]
    ws = new_sheet(xlsx, _("Standings"), headers, "D2")
    kinds, seats = _once(kind_word), _once(lambda seat: seat_word(seat) or None)
    for line in sheet.lines:
        by_round = {entry[0]: entry for entry in line.rounds}
        row = [*place_cells(line.label), line.name]
        if sheet.mixed:
            row.append(kinds(line.kind))
        row.append(line.total)
        for r in sheet.rounds:
            entry = by_round.get(r)
            if entry is None:
                row += [None, None, None, None]
            else:
                _round, table, seat, partner, result = entry
                row += [table, seats(seat), partner or None, result]
        put_row(ws, row)


def _seating(xlsx: XlsxWorkbook, book: Workbook) -> None:
    name_w = _name_width(name for row in book.seating for name in (row.north, row.east, row.south, row.west))
    headers: list[tuple[str, float]] = [(_("Round"), 7), (_("Table"), 7)]
    headers += [(seat_word(seat), name_w) for seat in "NESW"]
    headers += [(side_word("NS"), 9), (side_word("EW"), 9), (_("Winner"), 8)]
    ws = new_sheet(xlsx, _("Seating"), headers, "C2")
    sides = _once(lambda side: side_word(side) or None)
    for row in book.seating:
        put_row(
            ws,
            [
                row.round,
                row.table,
                row.north,
                row.east,
                row.south,
                row.west,
                row.ns,
                row.ew,
                sides(row.winner),
            ],
        )


def _deal_heading(number: int) -> tuple[str | None, str | None]:
    try:
        dealer, vulnerable = party_rules.deal_dealer(number), party_rules.deal_vulnerability(number)
    except ValueError:
        return None, None
    return seat_word(dealer), vulnerable_word(vulnerable)


def _deals(xlsx: XlsxWorkbook, book: Workbook) -> None:
    headers = [
        (_("Round"), 7),
        (_("Table"), 7),
        (pgettext("bridge deal", "Deal"), 6),
        (_("Dealer"), 8),
        (_("Vulnerable"), 10),
        (_("Contract"), 9),
        (pgettext("the declarer, in a narrow column", "By"), 7),
        (_("Tricks"), 7),
        (_("Score"), 8),
        (side_word("NS"), 8),
        (side_word("EW"), 8),
    ]
    ws = new_sheet(xlsx, _("Deals"), headers, "D2")
    headings = {n: _deal_heading(n) for n in range(1, party_rules.DEALS_PER_ROUND + 1)}
    seats = _once(lambda seat: seat_word(seat) or None)
    contracts = _once(contract_word)
    if not book.deals:
        put_row(ws, [_("No deals to list: the results were entered as each table's two net figures.")])
    for deal in book.deals:
        dealer, vulnerable = headings.get(deal.number) or _deal_heading(deal.number)
        passed = deal.contract in ("", "PASS")  # no tricks, as the pages show it: blank, not 0
        put_row(
            ws,
            [
                deal.round,
                deal.table,
                deal.number,
                dealer,
                vulnerable,
                contracts(deal.contract),
                seats(deal.declarer),
                None if passed else deal.tricks,
                deal.score,
                deal.ns,
                deal.ew,
            ],
        )


def _pairs(xlsx: XlsxWorkbook, book: Workbook) -> None:
    pairs = book.sheet.pairs
    headers = [*place_headers(), (_("Pair"), _name_width((p[1] for p in pairs), 24, 60)), (_("Total"), 9)]
    ws = new_sheet(xlsx, _("Pairs"), headers, "A2")
    for label, name, total in pairs:
        put_row(ws, [*place_cells(label), name, total])

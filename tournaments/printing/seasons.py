"""A season's standings on paper (PDF) and in a workbook (XLSX): builders of plain data, bytes out."""

import io
from dataclasses import dataclass
from datetime import date

from django.utils.translation import gettext as _
from openpyxl import Workbook
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from tournaments.printing.common import PDF, XLSX, build_document, cell, clean, filename, long_date, markup, page_size
from tournaments.printing.fonts import FONT, FONT_BOLD
from tournaments.printing.workbook import new_sheet, place_cells, place_headers, put_row

TITLE = ParagraphStyle("season-title", fontName=FONT_BOLD, fontSize=18, leading=22, spaceAfter=2)
SUBTITLE = ParagraphStyle("season-subtitle", fontName=FONT, fontSize=10.5, leading=14, spaceAfter=10)
BODY = ParagraphStyle("season-body", fontName=FONT, fontSize=10.5, leading=14, spaceAfter=6)
# Beyond this many nights the PDF leaves out the night-by-night columns (the workbook keeps them).
MOST_NIGHT_COLUMNS = 12


@dataclass(frozen=True)
class SeasonLine:
    label: str
    name: str
    points: str  # already written in the club's style ("7,5")
    nights: int
    by_night: list[str]  # each night's points, "" when absent; "(7)" when not counted
    points_value: float = 0.0  # the same as numbers, for the workbook
    night_values: tuple[float | None, ...] = ()


@dataclass(frozen=True)
class SeasonSheet:
    name: str
    rule: str  # "Points by place, 10-8-6-5-4-3-2-1, best 6 nights", in the club's language
    nights: list[tuple[str, date]]  # (event name, day)
    lines: list[SeasonLine]
    best_lady: list[str]
    best_gentleman: list[str]


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return _shown(clean(text, fallback=True), style)


def _shown(cleaned: str, style: ParagraphStyle) -> Paragraph:
    """Cleaned text as a paragraph, each run in a font that draws it (a Chinese name in the fallback font)."""
    return Paragraph(markup(cleaned, style.fontName), style)


def _listed(template: str, names: list[str]) -> Paragraph:
    """ "Best lady: Ann, فاطمة": each name cleaned on its own, so two right-to-left names keep their order."""
    listed = ", ".join(clean(name, fallback=True) for name in names)
    return _shown(clean(template, fallback=True) % {"names": listed}, BODY)


def season_pdf(sheet: SeasonSheet, paper: str = "A4") -> tuple[str, str, bytes]:
    with_nights = len(sheet.nights) <= MOST_NIGHT_COLUMNS
    size = page_size(paper, landscape=with_nights and len(sheet.nights) > 4)
    story: list[Flowable] = [_p(sheet.name, TITLE), _p(sheet.rule, SUBTITLE)]
    if sheet.best_lady:
        story.append(_listed(_("Best lady: %(names)s"), sheet.best_lady))
    if sheet.best_gentleman:
        story.append(_listed(_("Best gentleman: %(names)s"), sheet.best_gentleman))
    if not sheet.lines:
        story.append(_p(_("No nights played yet."), BODY))
    else:
        head = [_("Place"), _("Name"), _("Points"), _("Nights")]
        if with_nights:
            head += [f"{i}" for i in range(1, len(sheet.nights) + 1)]
        rows = [[cell(clean(h), FONT_BOLD, 9) for h in head]]
        for line in sheet.lines:
            row = [line.label, clean(line.name, fallback=True), line.points, str(line.nights)]
            rows.append([cell(v, FONT, 9) for v in row + (line.by_night if with_nights else [])])
        table = Table(rows, repeatRows=1, hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, 0), FONT_BOLD, 9),
                    ("FONT", (0, 1), (-1, -1), FONT, 9),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                    ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f0f0f0")]),
                    ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
                ]
            )
        )
        story.append(table)
        if with_nights:
            nights = "; ".join(_night(i, n) for i, n in enumerate(sheet.nights, 1))
            story.append(_shown(clean(_("Nights:"), fallback=True) + " " + nights, BODY))
    title = _("%(season)s – season standings") % {"season": sheet.name}
    return filename(sheet.name, "season", "pdf"), PDF, build_document(story, size, title)


def _night(number: int, night: tuple[str, date]) -> str:
    """ "2. 春の夜 (Friday 6 March 2026)", cleaned: the night's name on its own, its date outside its run."""
    return f"{number}. {clean(night[0], fallback=True)} ({clean(long_date(night[1]))})"


def season_xlsx(sheet: SeasonSheet) -> tuple[str, str, bytes]:
    book = Workbook(write_only=True)
    headers: list[tuple[str, float]] = [*place_headers(), (_("Name"), 28), (_("Points"), 10), (_("Nights"), 8)]
    headers += [(name, 14) for name, _day in sheet.nights]
    ws = new_sheet(book, _("Season"), headers, "D2")
    for line in sheet.lines:
        put_row(ws, [*place_cells(line.label), line.name, line.points_value, line.nights, *line.night_values])
    buffer = io.BytesIO()
    book.save(buffer)
    return filename(sheet.name, "season", "xlsx"), XLSX, buffer.getvalue()

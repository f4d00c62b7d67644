"""A season's words: how it is scored, and its standings written for paper (the selectors give numbers)."""

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.presentation.names import Where, name_for
from tournaments.printing.seasons import SeasonLine, SeasonSheet
from tournaments.selectors.seasons import Row, SeasonTable
from tournaments.templatetags.l10n_tags import points as points_text


def rule_text(series) -> str:
    """ "Points by place (10-8-6-5-4-3-2-1), best 6 nights" in the reader's language."""
    if series.scoring == "places":
        table = "-".join(str(p) for p in series.place_points)
        rule = _("Points by place (%(table)s)") % {"table": table}
    else:
        rule = _("Sum of totals")
    if series.best_of:
        best = ngettext("best %(count)s night counts", "best %(count)s nights count", series.best_of)
        rule = _("%(rule)s, %(best)s") % {"rule": rule, "best": best % {"count": series.best_of}}
    return rule


def _points_texts() -> Callable[[Fraction], str]:
    """points_text, remembered for one page or printout: a season of 40 nights x 100 players has
    4,000 figures but few distinct ones, and each costs a look-up of the language's separators."""
    texts: dict[Fraction, str] = {}

    def text(points: Fraction) -> str:
        found = texts.get(points)
        if found is None:
            found = texts[points] = points_text(points)
        return found

    return text


def _night_text(points: Fraction | None, counted: bool, text: Callable[[Fraction], str] = points_text) -> str:
    if points is None:
        return ""
    shown = text(points)
    return shown if counted else f"({shown})"


@dataclass(frozen=True)
class PageRow:
    """One line of a season's page, its figures already written: the night cells are one piece of
    HTML (4,000 cells on a page of 40 nights x 100 players are too many for the template's loops)."""

    label: str
    name: str
    points: str
    nights: int
    cells: SafeString


def season_rows(table: SeasonTable, where: Where = Where.DIRECTOR_PAGES) -> list[PageRow]:
    """The standings as the season's page shows them: a night not counted (best N) in brackets; each name as
    `where` prints it (the director's page in full, the big screen as each member chose)."""
    text = _points_texts()
    cells: dict[tuple[int, int, bool] | None, str] = {None: '<td class="num"></td>'}

    def cell(points: Fraction | None, counted: bool) -> str:
        # Remembered by numerator and denominator: quicker to read than a Fraction's hash.
        key = None if points is None else (points.numerator, points.denominator, counted)
        found = cells.get(key)
        if found is None:
            found = cells[key] = f'<td class="num">{escape(_night_text(points, counted, text))}</td>'
        return found

    def night_cells(row) -> SafeString:
        counted = set(row.counted)
        return mark_safe("".join(cell(p, i in counted) for i, p in enumerate(row.by_night)))

    return [
        PageRow(row.label, name_for(where, row.name, row.initials_only), text(row.points), row.nights, night_cells(row))
        for row in table.rows
    ]


def season_best(table: SeasonTable, kind: str, where: Where = Where.DIRECTOR_PAGES) -> list[Row]:
    """The season's best lady (or gentleman), named as `where` prints them."""
    return [replace(row, name=name_for(where, row.name, row.initials_only)) for row in table.best(kind)]


def season_sheet(table: SeasonTable, where: Where) -> SeasonSheet:
    """The standings as the PDF and workbook print them, each name as `where` prints it (docs/names.md)."""

    text = _points_texts()

    def name(row) -> str:
        return name_for(where, row.name, row.initials_only)

    lines = [
        SeasonLine(
            label=row.label,
            name=name(row),
            points=text(row.points),
            nights=row.nights,
            by_night=[_night_text(p, i in row.counted, text) for i, p in enumerate(row.by_night)],
            points_value=float(row.points),
            night_values=tuple(None if p is None else float(p) for p in row.by_night),
        )
        for row in table.rows
    ]
    return SeasonSheet(
        name=table.series.name,
        rule=rule_text(table.series),
        nights=[(e.name, e.day) for e in table.events],
        lines=lines,
        best_lady=[name(r) for r in table.best("lady")],
        best_gentleman=[name(r) for r in table.best("gentleman")],
    )

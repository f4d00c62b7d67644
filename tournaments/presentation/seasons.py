"""A season's words: how it is scored, and its standings written for paper (the selectors give numbers)."""

from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.printing.seasons import SeasonLine, SeasonSheet
from tournaments.selectors.public import shown_name
from tournaments.selectors.seasons import SeasonTable
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


def _night_text(points: Fraction | None, counted: bool) -> str:
    if points is None:
        return ""
    text = points_text(points)
    return text if counted else f"({text})"


def season_sheet(table: SeasonTable, *, public: bool = False) -> SeasonSheet:
    """The standings as the PDF and workbook print them; on public matter, initials where asked."""

    def name(row) -> str:
        return shown_name(row.name, public and row.initials_only)

    lines = [
        SeasonLine(
            label=row.label,
            name=name(row),
            points=points_text(row.points),
            nights=row.nights,
            by_night=[_night_text(p, i in row.counted) for i, p in enumerate(row.by_night)],
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

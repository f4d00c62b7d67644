"""django-tables2 tables for the results page."""

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from tournaments.templatetags.humanize_sign import signed


class StandingsTable(tables.Table):
    label = tables.Column(verbose_name="Place", order_by=("position",), attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name="Name")
    total = tables.Column(verbose_name="Total", attrs={"td": {"class": "num"}, "th": {"class": "num"}})

    class Meta:
        orderable = True
        attrs = {"class": "standings"}
        template_name = "django_tables2/table.html"
        row_attrs = {"class": lambda record: "booby" if record["booby"] else ""}

    def render_total(self, value):
        return signed(value)

    def render_name(self, value, record):
        marks = []
        if record["kind"]:
            marks.append(format_html(' <span class="badge kind-{}">{}</span>', record["kind"], record["kind"]))
        if record["booby"]:
            marks.append(mark_safe(' <span class="badge">booby prize</span>'))
        return format_html("{}{}", value, mark_safe("".join(marks)))


def standings_table(standings, *, mixed: bool, order_by=None) -> StandingsTable:
    """One column per round: table, partner and result."""
    rows = []
    for line in standings.players:
        row = {
            "label": line.label,
            "position": line.position,
            "name": line.name,
            "kind": line.kind if mixed else "",
            "total": line.total,
            "booby": line.booby,
        }
        for number in standings.rounds:
            r = line.rounds.get(number)
            row[f"r{number}"] = r.result if r else None
            row[f"r{number}_where"] = f"T{r.table} {r.seat} with {r.partner}" if r else ""
        rows.append(row)
    extra = [
        (
            f"r{n}",
            tables.TemplateColumn(
                template_code='{% load humanize_sign %}<span class="score">{{ value|signed }}</span>'
                '<br><span class="muted">{{ record.' + f"r{n}_where" + " }}</span>",
                verbose_name=f"Round {n}",
                attrs={"td": {"class": "num"}},
            ),
        )
        for n in standings.rounds
    ]
    table = StandingsTable(rows, extra_columns=extra, order_by=order_by)
    return table

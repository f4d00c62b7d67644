"""django-tables2 tables for the results page.

django-tables2 gives the columns, their headers and the sorting; the body rows of a big party
(400 players x 12 rounds) are written in one pass here, because rendering each cell through a
template costs over a second at that size.
"""

import django_tables2 as tables
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy

from tournaments.templatetags.bridge import seat
from tournaments.templatetags.humanize_sign import signed

LOWEST = -(10**9)  # sorts a round not yet in below every real result


SPARK_WIDTH, SPARK_HEIGHT = 120, 28


def sparkline(running: list[int], low: int, high: int, label: str | None = None) -> str:
    """A player's running total round by round as a small inline SVG, on the party's common scale."""
    if not running:
        return ""
    span = (high - low) or 1
    step = SPARK_WIDTH / max(1, len(running))

    def y(value: int) -> float:
        return round(SPARK_HEIGHT - 2 - (value - low) * (SPARK_HEIGHT - 4) / span, 1)

    points = " ".join(f"{round(step * (i + 1), 1)},{y(v)}" for i, v in enumerate([0, *running][1:]))
    points = f"0,{y(0)} {points}"
    words = ", ".join(signed(v) for v in running)
    label = label if label is not None else gettext("Running total after each round: %(totals)s")
    return (
        f'<svg class="spark" viewBox="0 0 {SPARK_WIDTH} {SPARK_HEIGHT}" width="{SPARK_WIDTH}" height="{SPARK_HEIGHT}" '
        f'role="img" aria-label="{escape(label % {"totals": words})}">'
        f'<line x1="0" y1="{y(0)}" x2="{SPARK_WIDTH}" y2="{y(0)}" class="zero"/>'
        f'<polyline points="{points}" class="line"/></svg>'
    )


class StandingsTable(tables.Table):
    label = tables.Column(verbose_name=gettext_lazy("Place"), order_by=("position",), attrs={"th": {"class": "num"}})
    name = tables.Column(verbose_name=gettext_lazy("Name"), order_by=("sort_name",))
    total = tables.Column(verbose_name=gettext_lazy("Total"), attrs={"th": {"class": "num"}})
    progress = tables.Column(verbose_name=gettext_lazy("Round by round"), orderable=False)

    class Meta:
        orderable = True
        attrs = {"class": "standings"}
        template_name = "tournaments/_standings_table.html"

    def __init__(self, *args, rounds=(), **kwargs):
        self.round_numbers = list(rounds)
        super().__init__(*args, **kwargs)

    def body_html(self):
        # The words of the rows, in the page's language, looked up once for all the rows.
        words = {
            "lady": escape(gettext("lady")),
            "gentleman": escape(gettext("gentleman")),
            "booby": escape(gettext("booby prize")),
        }
        return mark_safe("".join(_row_html(record, self.round_numbers, words) for record in self.data))


def _row_html(record: dict, rounds: list[int], words: dict[str, str]) -> str:
    marks = ""
    if record["kind"]:
        marks += f' <span class="badge kind-{record["kind"]}">{words.get(record["kind"], record["kind"])}</span>'
    if record["booby"]:
        marks += f' <span class="badge">{words["booby"]}</span>'
    cells = [
        f'<td class="num">{escape(record["label"])}</td>',
        f"<td>{escape(record['name'])}{marks}</td>",
        f'<td class="num">{signed(record["total"])}</td>',
        f"<td>{record['spark']}</td>",
    ]
    for n in rounds:
        where = record[f"r{n}_where"]
        cells.append(
            f'<td class="num"><span class="score">{signed(record[f"r{n}"])}</span>'
            f'<br><span class="muted">{escape(where)}</span></td>'
        )
    css = ' class="booby"' if record["booby"] else ""
    return f"<tr{css}>{''.join(cells)}</tr>"


def standings_table(standings, *, mixed: bool, order_by=None) -> StandingsTable:
    """One column per round: the result, and the table, seat and partner under it."""
    rows = []
    running = {line.name: [total for _, total in line.running()] for line in standings.players}
    values = [0, *(v for totals in running.values() for v in totals)]
    low, high = min(values), max(values)
    spark_label = gettext("Running total after each round: %(totals)s")
    where = gettext("T%(table)s %(seat)s with %(partner)s")
    seats = {s: seat(s) for s in "NESW"}
    for line in standings.players:
        row = {
            "label": line.label,
            "position": line.position,
            "name": line.name,
            "sort_name": line.name.casefold(),
            "kind": line.kind if mixed else "",
            "total": line.total,
            "booby": line.booby,
            "spark": sparkline(running[line.name], low, high, spark_label),
        }
        for number in standings.rounds:
            r = line.rounds.get(number)
            row[f"r{number}"] = r.result if r else None
            row[f"r{number}_sort"] = r.result if r and r.result is not None else LOWEST
            row[f"r{number}_where"] = (
                where % {"table": r.table, "seat": seats.get(r.seat, r.seat), "partner": r.partner} if r else ""
            )
        rows.append(row)
    extra = [
        (
            f"r{n}",
            tables.Column(
                verbose_name=gettext("Round %(number)s") % {"number": n},
                order_by=(f"r{n}_sort",),
                attrs={"th": {"class": "num"}},
            ),
        )
        for n in standings.rounds
    ]
    return StandingsTable(rows, extra_columns=extra, order_by=order_by, rounds=standings.rounds)

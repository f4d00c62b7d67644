"""django-tables2 tables for the results page, and the room's tiles and the movement sheet's rows.

django-tables2 gives the columns, their headers and the sorting; the body rows of a big party
(400 players x 12 rounds) are written in one pass here, because rendering each cell through a
template costs over a second at that size. The same goes for the round's tiles and the movement
sheet at 500 tables (below).
"""

from html import escape as html_escape

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy, pgettext

from tournaments.templatetags.bridge import seat, status_words
from tournaments.templatetags.humanize_sign import signed

LOWEST = -(10**9)  # sorts a round not yet in below every real result


SPARK_WIDTH, SPARK_HEIGHT = 120, 28


class Signed(dict):
    """`signed` of each value met, worked out once per page: the page's language and style of numbers do
    not change while it is drawn, and a big party's page shows the same few hundred figures thousands
    of times (each through Django's number formatting)."""

    def __missing__(self, value) -> str:
        self[value] = text = signed(value)
        return text


class SparkScale(dict):
    """The common scale of one page's sparklines: each y (as drawn, per value) and each row of x (per number
    of rounds) worked out once, not once per player."""

    def __init__(self, low: int, high: int):
        super().__init__()
        self.low, self.span = low, (high - low) or 1
        self.xs: dict[int, list[str]] = {}

    def __missing__(self, value: int) -> str:
        self[value] = text = str(round(SPARK_HEIGHT - 2 - (value - self.low) * (SPARK_HEIGHT - 4) / self.span, 1))
        return text

    def x(self, count: int) -> list[str]:
        found = self.xs.get(count)
        if found is None:
            step = SPARK_WIDTH / max(1, count)
            found = self.xs[count] = [str(round(step * (i + 1), 1)) for i in range(count)]
        return found


def sparkline(
    running: list[int],
    low: int,
    high: int,
    label: str | None = None,
    signs: Signed | None = None,
    scale: SparkScale | None = None,
) -> str:
    """A player's running total round by round as a small inline SVG, on the party's common scale."""
    if not running:
        return ""
    scale = SparkScale(low, high) if scale is None else scale
    zero = scale[0]
    points = " ".join([f"0,{zero}", *[f"{x},{scale[v]}" for x, v in zip(scale.x(len(running)), running, strict=True)]])
    signs = Signed() if signs is None else signs
    words = ", ".join([signs[v] for v in running])
    label = label if label is not None else gettext("Running total after each round: %(totals)s")
    return (
        f'<svg class="spark" viewBox="0 0 {SPARK_WIDTH} {SPARK_HEIGHT}" width="{SPARK_WIDTH}" height="{SPARK_HEIGHT}" '
        f'role="img" aria-label="{escape(label % {"totals": words})}">'
        f'<line x1="0" y1="{zero}" x2="{SPARK_WIDTH}" y2="{zero}" class="zero"/>'
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

    def __init__(self, *args, rounds=(), signs: Signed | None = None, **kwargs):
        self.round_numbers = list(rounds)
        self.signs = Signed() if signs is None else signs
        super().__init__(*args, **kwargs)

    def body_html(self):
        # The words of the rows, in the page's language, looked up once for all the rows.
        words = {
            "lady": escape(gettext("lady")),
            "gentleman": escape(gettext("gentleman")),
            "booby": escape(gettext("booby prize")),
        }
        signs = self.signs
        return mark_safe("".join(_row_html(record, self.round_numbers, words, signs) for record in self.data))


def _row_html(record: dict, rounds: list[int], words: dict[str, str], signs: Signed) -> str:
    # The standard library's escape, as Django's does (without its lazy-text wrapper, per cell).
    marks = ""
    if record["kind"]:
        marks += f' <span class="badge kind-{record["kind"]}">{words.get(record["kind"], record["kind"])}</span>'
    if record["booby"]:
        marks += f' <span class="badge">{words["booby"]}</span>'
    cells = [
        f'<td class="num">{html_escape(str(record["label"]))}</td>',
        f"<td>{html_escape(record['name'])}{marks}</td>",
        f'<td class="num">{signs[record["total"]]}</td>',
        f"<td>{record['spark']}</td>",
    ]
    for n in rounds:
        where = record[f"r{n}_where"]
        cells.append(
            f'<td class="num"><span class="score">{signs[record[f"r{n}"]]}</span>'
            f'<br><span class="muted">{html_escape(where)}</span></td>'
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
    signs, scale = Signed(), SparkScale(low, high)
    keys = [(number, f"r{number}", f"r{number}_sort", f"r{number}_where") for number in standings.rounds]
    for line in standings.players:
        row = {
            "label": line.label,
            "position": line.position,
            "name": line.name,
            "sort_name": line.name.casefold(),
            "kind": line.kind if mixed else "",
            "total": line.total,
            "booby": line.booby,
            "spark": sparkline(running[line.name], low, high, spark_label, signs, scale),
        }
        for number, result_key, sort_key, where_key in keys:
            r = line.rounds.get(number)
            if r is None:
                row[result_key], row[sort_key], row[where_key] = None, LOWEST, ""
                continue
            row[result_key] = r.result
            row[sort_key] = r.result if r.result is not None else LOWEST
            row[where_key] = where % {"table": r.table, "seat": seats.get(r.seat, r.seat), "partner": r.partner}
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
    return StandingsTable(rows, extra_columns=extra, order_by=order_by, rounds=standings.rounds, signs=signs)


# The room's tiles and the movement sheet's rows, written in one pass as the standings' rows are: at 500
# tables, 500 tiles and 2,000 rows through templates (an include and a dozen tags each) took most of the
# page's time. The words are looked up once per page, in the page's language; the HTML is the templates'.


def _seat_words() -> dict[str, str]:
    return {s: escape(pgettext("seat", s)) for s in "NESW"}


def _square_html(t, words: dict[str, str]) -> str:
    """templates/tournaments/_table_square.html, for one TableView."""
    return (
        '<div class="square">\n'
        f'  <span class="n"><small>{words["N"]}</small> {html_escape(t.north)}</span>'
        f'<span class="w"><small>{words["W"]}</small> {html_escape(t.west)}</span>'
        f'<span class="mid">{t.number}</span>'
        f'<span class="e">{html_escape(t.east)} <small>{words["E"]}</small></span>'
        f'<span class="s"><small>{words["S"]}</small> {html_escape(t.south)}</span>\n'
        "</div>"
    )


def squares_html(tables_) -> str:
    """Each table's square in its tile (the seats page, the movement sheet)."""
    words = _seat_words()
    return mark_safe("".join(f'<div class="tile">{_square_html(t, words)}</div>' for t in tables_))


def _enter_url(party_id: int, round_number: int):
    """The table's entry page: reversed once, the table number put on the end."""
    first = reverse("table_enter", args=[party_id, round_number, 1])
    if first.endswith("/1/"):
        stem = first[: -len("1/")]
        return lambda table: f"{stem}{table}/"
    return lambda table: reverse("table_enter", args=[party_id, round_number, table])


def round_tiles_html(tables_, *, party_id: int, round_number: int, projector: bool) -> str:
    """The room: one tile per table, its state, its square, its deals in and its score."""
    words = _seat_words()
    signs = Signed()
    enter = _enter_url(party_id, round_number)
    title_text = gettext("Table %(number)s")
    deals_text = gettext('<span class="count">%(n)s/4</span> deals in')
    late = f' · <strong class="late">{escape(gettext("behind the clock"))}</strong>'
    sides = escape(pgettext("side", "N–S")), escape(pgettext("side", "E–W"))
    won = {"NS": escape(gettext("won by NS")), "EW": escape(gettext("won by EW"))}
    cut = " " + escape(pgettext("a tie decided by a cut", "(cut)"))
    parts = []
    for t in tables_:
        status = escape(t.status)
        css = f"tile status-{status}{' behind' if t.behind else ''}{' by-table' if t.by_table else ''}"
        title, state = title_text % {"number": t.number}, escape(status_words(t))
        heading = title if projector else f'<a href="{enter(t.number)}">{title}</a>'
        deals = deals_text % {"n": t.deals_in} + (late if t.behind else "")
        score = ""
        result = t.result
        if result and result.ns is not None:
            score = f'<p class="score">{sides[0]} {signs[result.ns]} · {sides[1]} {signs[result.ew]}'
            if result.winner:
                score += f" · {won['NS'] if result.winner == 'NS' else won['EW']}{cut if result.cut else ''}"
            score += "</p>"
        parts.append(
            f'\n  <div class="{css}" id="table-{t.number}">\n'
            f'    <h2 class="tile-title">{heading} <span class="status {status}">{state}</span></h2>\n'
            f"    {_square_html(t, words)}\n"
            f'    <p class="deals-in">{deals}</p>\n'
            f"    {score}\n  </div>"
        )
    return mark_safe("".join(parts))


def movement_rows_html(moves, *, show_from: bool) -> str:
    """The movement sheet's rows: name, where from (after round 1), table, seat, partner."""
    seats = {s: escape(seat(s)) for s in "NESW"}
    from_text = gettext("table %(table)s %(seat)s")
    rows = []
    for m in moves:
        cells = f'<tr><td class="kind-{html_escape(m.kind)}">{html_escape(m.name)}</td>'
        if show_from:
            where = ""
            if m.from_table:
                where = from_text % {"table": m.from_table, "seat": seats.get(m.from_seat) or escape(seat(m.from_seat))}
            cells += f"<td>{where}</td>"
        shown = seats.get(m.seat) or escape(seat(m.seat))
        rows.append(f"{cells}<td><strong>{m.table}</strong></td><td>{shown}</td><td>{html_escape(m.partner)}</td></tr>")
    return mark_safe("".join(rows))

"""django-tables2 tables for the results page, and the room's tiles and the movement sheet's rows.

django-tables2 gives the columns, their headers and the sorting; the body rows of a big party
(400 players x 12 rounds) are written in one pass here, because rendering each cell through a
template costs over a second at that size. The same goes for the round's tiles and the movement
sheet at 500 tables (below).
"""

import codecs
import re
from collections.abc import Callable, Mapping
from html import escape as html_escape
from operator import add

import django_tables2 as tables
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy, pgettext

from tournaments import l10n
from tournaments.presentation import square
from tournaments.presentation.name_box import person_html
from tournaments.rules.collation import name_key
from tournaments.templatetags.bridge import seat, status_words
from tournaments.templatetags.humanize_sign import signed

LOWEST = -(10**9)  # sorts a round not yet in below every real result


SPARK_WIDTH, SPARK_HEIGHT = 120, 28
UTF8 = "utf-8"  # the standings' rows are written as UTF-8 bytes (rows_into)


# l10n.number of each size met, by style of numbers (its output depends on the style alone): kept from page
# to page, as the same few hundred figures come back on every page of a party (and every poll of its big
# screen), each through Django's number formatting otherwise. Bounded: emptied when it grows past this.
NUMBERS: dict[str, dict[int, str]] = {}
NUMBERS_KEPT = 20_000


@receiver(setting_changed)
def _forget_numbers(**kwargs) -> None:
    """A test changing the settings (formats among them) starts from no figures kept."""
    NUMBERS.clear()


def _numbers() -> dict[int, str]:
    style = l10n.style()
    found = NUMBERS.get(style)
    if found is None or len(found) > NUMBERS_KEPT:
        found = NUMBERS[style] = {}
    return found


class Signed(dict):
    """`signed` of each value met, worked out once per page: the page's language and style of numbers do
    not change while it is drawn, and a big party's page shows the same few hundred figures thousands
    of times. A figure and its opposite share their digits: `signed` is the sign put before l10n.number
    of the size, so the size is formatted once for both (and kept for the next page: NUMBERS)."""

    def __init__(self) -> None:
        super().__init__()
        self.sizes = _numbers()

    def __missing__(self, value) -> str:
        if value is None or value == "":
            text = signed(value)
        else:
            whole = int(value)
            size = self.sizes.get(abs(whole))
            if size is None:
                size = self.sizes[abs(whole)] = l10n.number(abs(whole))
            text = f"+{size}" if whole > 0 else f"{l10n.MINUS}{size}" if whole < 0 else size
        self[value] = text
        return text

    def plain(self) -> bool:
        """Whether no figure needs escaping in HTML: digits, signs and this style's separators."""
        sample = self[-1234567]
        return html_escape(sample) == sample


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
    scale = SparkScale(low, high) if scale is None else scale
    label = label if label is not None else gettext("Running total after each round: %(totals)s")
    return sparklines(html_escape(label), Spoken(Signed() if signs is None else signs), scale)(running)


class StandingsTable(tables.Table):
    label = tables.Column(verbose_name=gettext_lazy("Place"), order_by=("position",), attrs={"th": {"class": "num"}})
    name = tables.Column(verbose_name=gettext_lazy("Name"), order_by=("sort_name",))
    total = tables.Column(verbose_name=gettext_lazy("Total"), attrs={"th": {"class": "num"}})
    progress = tables.Column(verbose_name=gettext_lazy("Round by round"), orderable=False)

    class Meta:
        orderable = True
        attrs = {"class": "standings"}
        template_name = "tournaments/_standings_table.html"

    def __init__(self, *args, rounds=(), signs: Signed | None = None, rows_later: bool = False, **kwargs):
        self.round_numbers = list(rounds)
        self.rows_later = rows_later  # body_html only marks the rows' place: see rows_into
        self.signs = Signed() if signs is None else signs
        super().__init__(*args, **kwargs)

    def body_html(self):
        # Each row's HTML was written with its sort keys (standings_table): here only put in the order asked.
        if self.rows_later:
            return mark_safe(ROWS_MARK)
        return mark_safe(b"".join(self.rows_utf8()).decode(UTF8))

    def rows_utf8(self) -> list[bytes]:
        """Each row's HTML, in the order asked, as written: UTF-8."""
        return [record["html"] for record in self.data]

    def rows_encoded(self, charset: str = UTF8) -> bytes:
        rows = b"".join(self.rows_utf8())
        return rows if codecs.lookup(charset).name == UTF8 else rows.decode(UTF8).encode(charset)


# Where the standings' rows go in the drawn page, when the view puts them in afterwards (rows_into): an
# HTML comment that no name can make (every name on the page is escaped).
ROWS_MARK = "<!--standings-rows-->"


def rows_into(response, table: StandingsTable):
    """The page drawn with ROWS_MARK for its body rows (table.rows_later), and the rows put in its place.

    A big party's rows are some 3 MB of HTML: passed up through the templates, every level (include, if,
    block, extends) joins them again and wraps them as safe text, a copy each, which cost more than all
    the rest of the page. Put in here, they are copied once, already encoded (written as UTF-8 bytes: a
    page of text with a minus sign in it is two bytes a letter in Python, and encoding it cost as much as
    writing it).
    """
    content = response.content
    mark = ROWS_MARK.encode(response.charset)
    at = content.find(mark)
    if at >= 0:
        rows = (
            table.rows_utf8()
            if codecs.lookup(response.charset).name == UTF8
            else [table.rows_encoded(response.charset)]
        )
        response.content = b"".join([content[:at], *rows, content[at + len(mark) :]])
    return response


class Encoded(dict):
    """Each text of a mapping (a figure, by its value) as UTF-8 bytes, encoded once per page."""

    def __init__(self, texts: Mapping):
        super().__init__()
        self.texts = texts

    def __missing__(self, key) -> bytes:
        self[key] = encoded = self.texts[key].encode(UTF8)
        return encoded


class Numbers(dict):
    """Each table's number as written in a cell (f"{table}"), as UTF-8 bytes, once per page."""

    def __missing__(self, number: int) -> bytes:
        self[number] = encoded = f"{number}".encode(UTF8)
        return encoded


class Escaped(dict):
    """Each text met (a name, shown many times: once as a player, up to a dozen times as a partner),
    escaped once per page, by the standard library's escape (Django's does the same, without its
    lazy-text wrapper per call). `shown`: each name as the page prints it (presentation/names.py), else as it is."""

    def __init__(self, shown: Callable[[str], str] | None = None) -> None:
        super().__init__()
        self.shown = shown

    def __missing__(self, text: str) -> str:
        self[text] = escaped = html_escape(self.shown(text) if self.shown is not None else text)
        return escaped


SCORE_CELL, WHERE_CELL, END_CELL = (
    '<td class="num"><span class="score">',
    '</span><br><span class="muted">',
    "</span></td>",
)


class RoundCells(dict):
    """The standings' round cells, a big party's thousands of them: the score, then "T12 N with Anna".

    For each seat, the cell in four parts around its score, table and partner, the seat put in once:
    (before the score, score to the first name, between the two, after), for an f-string per cell.
    `table_first`: the sentence names the table before the partner (as it does in every language the
    app speaks). A sentence of any other shape, and the empty cell of a round not sat (seat ""), are
    put together by cell(), through %-formatting as before.
    """

    def __init__(self, where_text: str):
        super().__init__()
        self.where_text = where_text
        pieces = re.split(r"%\((table|partner)\)s", where_text)
        self.table_first = pieces[1::2] == ["table", "partner"]
        rest = "".join(pieces[::2]).replace("%(seat)s", "").replace("%%", "")
        self.plain = len(pieces) == 5 and set(pieces[1::2]) == {"table", "partner"} and "%" not in rest
        self.literals = pieces[::2]

    def __missing__(self, code: str) -> tuple[str, str, str, str]:
        shown = html_escape(seat(code))
        first, between, after = (
            shown.join(part.replace("%%", "%") for part in literal.split("%(seat)s")) for literal in self.literals
        )
        self[code] = parts = (SCORE_CELL, f"{WHERE_CELL}{first}", between, f"{after}{END_CELL}")
        return parts

    def cell(self, code: str, score: str, table: int, partner: str) -> str:
        """One cell the slow way: any sentence, and the empty cell of a round not sat."""
        if not code:
            return f"{SCORE_CELL}{score}{WHERE_CELL}{END_CELL}"
        where = self.where_text.replace("%(seat)s", html_escape(seat(code)).replace("%", "%%"))
        return f"{SCORE_CELL}{score}{WHERE_CELL}{where % {'table': table, 'partner': partner}}{END_CELL}"


class StandingsRow(dict):
    """A row's sort keys: a round's ("r3_sort") or the name's worked out only when the table is sorted by it."""

    __slots__ = ("line",)

    def __init__(self, line, **keys):
        super().__init__(keys)
        self.line = line  # the player's line, as the selector made it (its rounds read only if sorted by one)

    def __missing__(self, key: str):
        if key == "sort_name":  # the name's collation key (rules/collation.py), made only when sorted by name
            self[key] = collated = name_key(self.line.name)
            return collated
        number = key[1:-5]
        if not (key.startswith("r") and key.endswith("_sort") and number.isdecimal()):
            raise KeyError(key)
        result = next((p[4] for p in self.line.played if p[0] == int(number)), None)
        self[key] = value = LOWEST if result is None else result
        return value


def _cells_by_table(seating, rounds: list[int], cells_at: RoundCells, signs: Signed, names: Escaped) -> list[bytes]:
    """Every player's round cells as UTF-8, written table by table: the four cells of a table from its row
    (its players' places in the seating, its result), each seat's words put in once. One list for all: the
    player in place p has the cells [p * len(rounds), (p + 1) * len(rounds)), the empty cell where a
    round was not sat (as cell() writes it)."""
    count = len(rounds)
    column = {number: i for i, number in enumerate(rounds)}
    partners = [names[name].encode(UTF8) for name in seating.names]  # each name escaped and encoded once
    figures, numbers = Encoded(signs), Numbers()
    cells = [cells_at.cell("", signs[None], 0, "").encode(UTF8)] * (len(partners) * count)
    score = SCORE_CELL.encode(UTF8)
    east, north, south, west = ([part.encode(UTF8) for part in cells_at[code][1:]] for code in "ENSW")
    e1, e2, e3 = east
    n1, n2, n3 = north
    s1, s2, s3 = south
    w1, w2, w3 = west
    join = b"".join
    for number, table, e, n, s, w, ns, ew in seating.tables():
        at, sns, sew, shown = column[number], figures[ns], figures[ew], numbers[table]
        if e is not None and n is not None and s is not None and w is not None:
            cells[e * count + at] = join((score, sew, e1, shown, e2, partners[w], e3))
            cells[n * count + at] = join((score, sns, n1, shown, n2, partners[s], n3))
            cells[s * count + at] = join((score, sns, s1, shown, s2, partners[n], s3))
            cells[w * count + at] = join((score, sew, w1, shown, w2, partners[e], w3))
            continue
        for place, partner, figure, (b, c, d) in (
            (e, w, sew, east),
            (n, s, sns, north),
            (s, n, sns, south),
            (w, e, sew, west),
        ):
            if place is not None:
                cells[place * count + at] = join(
                    (score, figure, b, shown, c, b"" if partner is None else partners[partner], d)
                )
    return cells


def _cells_by_player(line, rounds: list[int], cells_at: RoundCells, signs: Signed, names: Escaped) -> list[str]:
    """One player's round cells from the player's rounds: an empty cell for a round not sat, and any shape
    of sentence (the partner before the table, a figure formatted otherwise)."""
    played = line.played  # by round
    if len(played) != len(rounds):  # not seated every round: an empty cell where missing
        by_round = {p[0]: p for p in played}
        played = [by_round.get(number) or (number, 0, "", "", None) for number in rounds]
        return [cells_at.cell(at, signs[result], table, names[partner]) for _, table, at, partner, result in played]
    if cells_at.plain and cells_at.table_first:
        return [
            f"{a}{signs[result]}{b}{table}{c}{names[partner]}{d}"
            for _, table, at, partner, result in played
            for a, b, c, d in (cells_at[at],)
        ]
    if cells_at.plain:
        return [
            f"{a}{signs[result]}{b}{names[partner]}{c}{table}{d}"
            for _, table, at, partner, result in played
            for a, b, c, d in (cells_at[at],)
        ]
    return [cells_at.cell(at, signs[result], table, names[partner]) for _, table, at, partner, result in played]


def standings_table(
    standings, *, mixed: bool, order_by=None, shown: Callable[[str], str] | None = None
) -> StandingsTable:
    """One column per round: the result, and the table, seat and partner under it.

    A row is its sort keys (for django-tables2's ordering) and its HTML, written here in one pass: a big
    party has 2,000 players x 9 rounds of cells, too many to draw through a template or per-cell helpers.
    The cells are written from the selector's tables (Seating), four at a time, and every row as UTF-8
    bytes, the words and figures encoded once (rows_into puts them in the page as they are).
    """
    rounds = list(standings.rounds)
    running = [line.running_totals() for line in standings.players]
    low = min([0, *(min(totals) for totals in running if totals)])
    high = max([0, *(max(totals) for totals in running if totals)])
    signs, scale, names = Signed(), SparkScale(low, high), Escaped(shown)
    # The words of the rows, in the page's language, looked up (and escaped) once for all the rows. The
    # sentences are escaped before their figures and names (escaped themselves) go in: the same text as
    # escaping the sentence made, since escaping goes character by character.
    spark_label = html_escape(gettext("Running total after each round: %(totals)s"))
    cells_at = RoundCells(html_escape(gettext("T%(table)s %(seat)s with %(partner)s")))
    badges = {
        "lady": f' <span class="badge kind-lady">{escape(gettext("lady"))}</span>',
        "gentleman": f' <span class="badge kind-gentleman">{escape(gettext("gentleman"))}</span>',
    }
    booby_badge = f' <span class="badge">{escape(gettext("booby prize"))}</span>'
    booby_css = ' class="booby"'
    spark_of = sparklines_utf8(spark_label, signs if signs.plain() else Spoken(signs), scale)
    seating = standings.seating
    # The cells table by table (the empty cell where a player sat a round out), where the sentence names the
    # table before the partner, as it does in every language the app speaks; else player by player.
    fast = cells_at.plain and cells_at.table_first
    by_table = _cells_by_table(seating, rounds, cells_at, signs, names) if fast else []
    count = len(rounds)
    rows = []
    for line, totals in zip(standings.players, running, strict=True):
        if fast and line.seating is seating and line.seated not in seating.redrawn:
            cells = by_table[line.seated * count : (line.seated + 1) * count]
        else:
            cells = [cell.encode(UTF8) for cell in _cells_by_player(line, rounds, cells_at, signs, names)]
        kind = line.kind if mixed else ""
        # What the columns sort by (the rows are drawn here, not through django-tables2's cells).
        row = StandingsRow(line, position=line.position, total=line.total)
        marks = ""
        if kind:
            marks = badges.get(kind) or f' <span class="badge kind-{html_escape(kind)}">{html_escape(kind)}</span>'
        if line.booby:
            marks += booby_badge
        head = (
            f'<tr{booby_css if line.booby else ""}><td class="num">{html_escape(str(line.label))}</td>'
            f"<td>{person_html(line.name, names[line.name])}{marks}</td>"
            f'<td class="num">{signs[line.total]}</td><td>'
        )
        row["html"] = b"".join([head.encode(UTF8), spark_of(totals), b"</td>", *cells, b"</tr>"])  # see rows_into
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
        for n in rounds
    ]
    return StandingsTable(rows, extra_columns=extra, order_by=order_by, rounds=rounds, signs=signs)


class Spoken(dict):
    """Each figure as the sparkline's label reads it: signed, then escaped, once per value."""

    def __init__(self, signs: Signed):
        super().__init__()
        self.signs = signs

    def __missing__(self, value: int) -> str:
        self[value] = text = html_escape(self.signs[value])
        return text


def _spark_parts(label: str, scale: SparkScale) -> tuple[str, str, bool]:
    """The SVG's fixed parts around its label's figures and its points: (head, middle, plain). Not plain:
    the label is %-formatted (as it always was), and goes whole between head and middle."""
    zero = scale[0]
    before, found, after = label.partition("%(totals)s")
    plain = bool(found) and "%" not in before + after
    head = (
        f'<svg class="spark" viewBox="0 0 {SPARK_WIDTH} {SPARK_HEIGHT}" width="{SPARK_WIDTH}" '
        f'height="{SPARK_HEIGHT}" role="img" aria-label="'
    )
    middle = f'"><line x1="0" y1="{zero}" x2="{SPARK_WIDTH}" y2="{zero}" class="zero"/><polyline points="0,{zero} '
    if plain:
        head, middle = f"{head}{before}", f"{after}{middle}"
    return head, middle, plain


SPARK_END = '" class="line"/></svg>'


def sparklines(label: str, spoken: Mapping[int, str], scale: SparkScale) -> Callable[[list[int]], str]:
    """sparkline() for every row of one page, its label already escaped: the SVG's fixed parts, each x,
    each y and each figure written once per page (a big party draws 400 of them)."""
    head, middle, plain = _spark_parts(label, scale)
    xs: dict[int, list[str]] = {}  # "x," of each point, by the number of rounds drawn

    def draw(running: list[int]) -> str:
        if not running:
            return ""
        at = xs.get(len(running))
        if at is None:
            at = xs[len(running)] = [f"{x}," for x in scale.x(len(running))]
        points = " ".join(map(add, at, map(scale.__getitem__, running)))
        words = ", ".join(map(spoken.__getitem__, running))
        if not plain:
            words = label % {"totals": words}
        return f"{head}{words}{middle}{points}{SPARK_END}"

    return draw


def sparklines_utf8(label: str, spoken: Mapping[int, str], scale: SparkScale) -> Callable[[list[int]], bytes]:
    """sparklines(), drawing UTF-8 bytes (the standings' rows: see rows_into): the same SVG."""
    head, middle, plain = _spark_parts(label, scale)
    start, between, end = head.encode(UTF8), middle.encode(UTF8), SPARK_END.encode(UTF8)
    ys, figures = Encoded(scale), Encoded(spoken)
    xs: dict[int, list[bytes]] = {}  # "x," of each point, by the number of rounds drawn

    def draw(running: list[int]) -> bytes:
        if not running:
            return b""
        at = xs.get(len(running))
        if at is None:
            at = xs[len(running)] = [f"{x},".encode(UTF8) for x in scale.x(len(running))]
        points = b" ".join(map(add, at, map(ys.__getitem__, running)))
        if plain:
            words = b", ".join(map(figures.__getitem__, running))
        else:
            words = (label % {"totals": ", ".join(map(spoken.__getitem__, running))}).encode(UTF8)
        return b"".join((start, words, between, points, end))

    return draw


# The room's tiles and the movement sheet's rows, written in one pass as the standings' rows are: at 500
# tables, 500 tiles and 2,000 rows through templates (an include and a dozen tags each) took most of the
# page's time. The words are looked up once per page, in the page's language; the HTML is the templates'.


def squares_html(tables_) -> str:
    """Each table's square in its tile (the seats page, the movement sheet)."""
    words = square.seat_words()
    return mark_safe("".join(f'<div class="tile">{square.square_html(t, words)}</div>' for t in tables_))


def _enter_url(party_id: int, round_number: int):
    """The table's entry page: reversed once, the table number put on the end."""
    first = reverse("table_enter", args=[party_id, round_number, 1])
    if first.endswith("/1/"):
        stem = first[: -len("1/")]
        return lambda table: f"{stem}{table}/"
    return lambda table: reverse("table_enter", args=[party_id, round_number, table])


def round_tiles_html(
    tables_, *, party_id: int, round_number: int, projector: bool, shown: Callable[[str], str] = str
) -> str:
    """The room: one tile per table, its state, its square, its deals in and its score (`shown`: each name as
    the page prints it, presentation/names.py)."""
    words = square.seat_words()
    signs = Signed()
    enter = _enter_url(party_id, round_number)
    title_text = gettext("Table %(number)s")
    deals_text = gettext('<span class="count">%(n)s/4</span> deals in')
    net_text = escape(gettext("Net figures"))
    late = f' · <strong class="late">{escape(gettext("behind the clock"))}</strong>'
    sides = escape(pgettext("side", "N–S")), escape(pgettext("side", "E–W"))
    won = {"NS": escape(gettext("won by NS")), "EW": escape(gettext("won by EW"))}
    cut = " " + escape(pgettext("a tie decided by a cut", "(cut)"))
    parts = []
    states: dict[tuple[str, bool], tuple[str, str]] = {}  # a status and its words, escaped once per page
    for t in tables_:
        by_table = t.by_table
        known = states.get((t.status, by_table))
        if known is None:
            known = states[(t.status, by_table)] = (html_escape(t.status), html_escape(status_words(t)))
        status, state = known
        css = f"tile status-{status}{' behind' if t.behind else ''}{' by-table' if by_table else ''}"
        title = title_text % {"number": t.number}
        heading = title if projector else f'<a href="{enter(t.number)}">{title}</a>'
        result = t.result
        if result is not None and result.entry == "net":  # typed in as the two net figures: no deals to count
            deals = net_text + (late if t.behind else "")
        else:
            deals = deals_text % {"n": t.deals_in} + (late if t.behind else "")
        score = ""
        if result and result.ns is not None:
            # Each side with its figure, and the winner's words, never broken across lines ("N–" / "S +600"
            # on the big screen at 1280 px): the line breaks only at the dots between them.
            score = (
                f'<p class="score"><span class="side">{sides[0]}\u00a0{signs[result.ns]}</span>'
                f' · <span class="side">{sides[1]}\u00a0{signs[result.ew]}</span>'
            )
            if result.winner:
                winner = won["NS"] if result.winner == "NS" else won["EW"]
                score += f' · <span class="side">{winner}{cut if result.cut else ""}</span>'
            score += "</p>"
        parts.append(
            f'\n  <div class="{css}" id="table-{t.number}">\n'
            f'    <h2 class="tile-title">{heading} <span class="status {status}">{state}</span></h2>\n'
            f"    {square.square_html(t, words, shown)}\n"
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

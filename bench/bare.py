"""The bare baselines: what Django, reportlab and openpyxl themselves cost for the same work as a hot path,
measured beside it in the same run (only in the bench's settings: bench/settings.py, bench/urls.py).

- page: a director's page (a login needed, the same middleware): `queries` trivial queries, then a template
  of `rows` rows, as many as make the page as long as ours (`calibrate`), drawn two ways (the same bytes):
  - plain (`?plain=1`): the rows through the template's own loop, as a Django page draws rows: the
    yardstick of the page goals (at most 2x a plain Django page of the same rows; docs/bench.md);
  - the floor (the default): the rows joined in Python and put in the template whole, what no page with
    rows to escape and format could do. A template loop over 400 rows took 43 ms where the phone's page
    took 7: the floor says how much of a page is the app's own work, and the bursts' redirected pages use
    it, so that their baseline tells a busy machine from a slow app.
- phone: the same for a phone (no login). Its POST is one small transaction (a row in bench_bare) and a
  redirect to itself, as a phone's save without its script is a POST and a redirect to its page; asked
  for JSON (as the phone's script asks), the answer is instead a JSON body of `answer` bytes, as long as
  the phone's own answer.
- pdf: a bare reportlab canvas drawing the strings the tally cards draw (`prepare_pdf`), nothing else.
- xlsx: a bare write-only openpyxl workbook of the rows the results workbook has (`prepare_xlsx`).
"""

import io
import time

from django.contrib.auth.decorators import login_not_required
from django.db import connection, transaction
from django.http import HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import redirect, render
from django.test.utils import CaptureQueriesContext
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_http_methods
from openpyxl import Workbook
from reportlab.pdfgen.canvas import Canvas

from tournaments.models import Club

TABLE = "bench_bare"
# What the pdf and xlsx baselines draw and write, made by the bench before it measures (never timed).
PREPARED: dict[str, list] = {}


def setup() -> None:
    """The bare write's table, empty (not a model: the app's migrations stay the app's)."""
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {TABLE}")
        cursor.execute(f"CREATE TABLE {TABLE} (phone varchar(64) NOT NULL, number integer NOT NULL, at_ms bigint)")


def writes() -> dict[tuple[str, int], int]:
    """How many times each (phone, number) was written: lost and doubled, for the bare write."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT phone, number, COUNT(*) FROM {TABLE} GROUP BY phone, number")
        return {(phone, number): count for phone, number, count in cursor.fetchall()}


def _queries(count: int) -> None:
    for _ in range(count):
        list(Club.objects.values_list("pk", flat=True)[:1])


def _rows(count: int) -> str:
    """The rows as the template's loop drew them (the same bytes), joined at once."""
    return mark_safe(  # noqa: S308 (digits and "Player", nothing to escape)
        "".join(
            f'\n<tr><td>{i}</td><td>Player {i:05d}</td><td class="num">{7 * i - 300}</td></tr>' for i in range(count)
        )
    )


def _listed(count: int) -> list[tuple[int, str, int]]:
    """The rows as values, for the plain page's template loop (the same bytes as `_rows`)."""
    return [(i, f"Player {i:05d}", 7 * i - 300) for i in range(count)]


def _drawn(request, rows: int, **context):
    if request.GET.get("plain"):
        return render(request, "bench/bare_plain.html", {"rows": _listed(rows), **context})
    return render(request, "bench/bare.html", {"rows": _rows(rows), **context})


def page(request, queries: int, rows: int):
    _queries(queries)
    return _drawn(request, rows)


@login_not_required
@require_http_methods(["GET", "POST"])
def phone(request, phone: str, queries: int, rows: int):
    if request.method == "POST":
        number = int(request.POST.get("number") or 0)
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {TABLE} (phone, number, at_ms) VALUES (%s, %s, %s)",
                [phone[:64], number, int(time.time() * 1000)],
            )
        if "application/json" in request.headers.get("Accept", ""):
            return JsonResponse({"ok": True, "pad": "x" * int(request.GET.get("answer") or 0)})
        return redirect(request.path)
    _queries(queries)
    return _drawn(request, rows, form=True)


def url(kind: str, queries: int, rows: int) -> str:
    if kind == "phone":
        return f"/bench-bare/phone/calibrate/{queries}/{rows}/"
    return f"/bench-bare/page/{queries}/{rows}/"


def _fetch(client, address: str) -> tuple[int, int]:
    """(queries, bytes) of one GET, through the test client (the same middleware as the servers')."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(address)
    if response.status_code != 200:
        raise SystemExit(f"{address} answered {response.status_code}")
    return len(captured), len(response.content)


def calibrate(client, ours: str, kind: str = "page") -> dict:
    """The bare page as long as ours and with as many queries (the middleware's own counted once, in both)."""
    client.get(ours)  # once before counting: a first visit may do what later ones do not
    queries, size = _fetch(client, ours)
    client.get(url(kind, 0, 0))
    base_queries, empty = _fetch(client, url(kind, 0, 0))
    per_row = (_fetch(client, url(kind, 0, 1000))[1] - empty) / 1000
    extra, rows = max(0, queries - base_queries), max(0, round((size - empty) / per_row))
    bare_queries, bare_size = _fetch(client, url(kind, extra, rows))
    if bare_size != size:  # the rows' numbers grow longer: once more, from where that landed
        rows = max(0, rows + round((size - bare_size) / per_row))
        bare_queries, bare_size = _fetch(client, url(kind, extra, rows))
    return {"queries": extra, "rows": rows, "bytes": size, "ours": {"queries": queries, "bytes": size},
            "bare": {"queries": bare_queries, "bytes": bare_size}, "url": url(kind, extra, rows),
            "plain_url": url(kind, extra, rows) + "?plain=1"}  # fmt: skip


def prepare_pdf(key: str, cards) -> None:
    """The strings of each tally card (tournaments.printing.data.TallyCard), as the tallies draw them."""
    titles = ["Round", "Table", "Seat", "Partner", "+ / –", "Running"]
    prepared = []
    for card in cards:
        strings = [card.party_name, str(card.party_date), "Tally card", card.name]
        strings.append(f"First round: Table {card.table}, {card.seat}")
        strings += titles
        for line in card.lines:
            cells = (line.round, line.table, line.seat, line.partner, line.result, line.running)
            strings += [str(cell) for cell in cells if cell not in (None, "")]
        strings += ["Total", "" if card.total is None else str(card.total)]
        prepared.append(strings)
    PREPARED[key] = prepared


def pdf(request, key: str):
    from tournaments.printing.fonts import FONT  # the font the tallies draw with (registered on import)

    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    width, height = 595.27, 841.89
    for number, strings in enumerate(PREPARED[key]):
        x = 30 + (number % 2) * width / 2
        y = height - 40 - ((number % 4) // 2) * height / 2
        canvas.setFont(FONT, 8)
        for i, text in enumerate(strings):
            canvas.drawString(x + (i % 6) * 40, y - (i // 6) * 10, text)
        if number % 4 == 3:
            canvas.showPage()
    canvas.showPage()
    canvas.save()
    return HttpResponse(buffer.getvalue(), content_type="application/pdf")


def prepare_xlsx(key: str, book) -> None:
    """The rows of the results workbook (tournaments.printing.data.Workbook), sheet by sheet, headers included."""
    sheet = book.sheet
    standings = [["Place", "Name", "Kind", "Total", *(f"R{r} {w}" for r in sheet.rounds for w in "TSPR")]]
    for line in sheet.lines:
        by_round = {entry[0]: entry for entry in line.rounds}
        row = [line.label, line.name, line.kind, line.total]
        for r in sheet.rounds:
            row += list(by_round[r][1:]) if r in by_round else [None] * 4
        standings.append(row)
    seating = [["Round", "Table", "N", "E", "S", "W", "NS", "EW", "Winner"]]
    seating += [[r.round, r.table, r.north, r.east, r.south, r.west, r.ns, r.ew, r.winner] for r in book.seating]
    deals = [["Round", "Table", "Deal", "Dealer", "Vul", "Contract", "By", "Tricks", "Score", "NS", "EW"]]
    deals += [[d.round, d.table, d.number, "N", "none", d.contract, d.declarer, d.tricks, d.score, d.ns, d.ew]
              for d in book.deals]  # fmt: skip
    PREPARED[key] = [("Standings", standings), ("Seating", seating), ("Deals", deals)]


def xlsx(request, key: str):
    workbook = Workbook(write_only=True)
    for title, rows in PREPARED[key]:
        sheet = workbook.create_sheet(title)
        for row in rows:
            sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return HttpResponse(buffer.getvalue(), content_type="application/vnd.openxmlformats-officedocument.spreadsheetml")


def poll(request):
    """The bare live poll: the same middleware (a director's, logged in), a fixed small 304."""
    response = HttpResponseNotModified()
    response["ETag"] = '"bare"'
    return response


@login_not_required
def poll_open(request):
    """The bare phone's poll: no login, a fixed small 304."""
    return poll(request)

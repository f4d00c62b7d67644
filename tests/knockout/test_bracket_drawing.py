"""The bracket drawn as a bracket: boxes joined by lines on the page (and on the big screen), refreshing itself,
and the same boxes and lines on one landscape page for the wall (A4 or Letter)."""

import datetime
import io
import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.knockout.helpers import get_round, make_knockout, matches
from tests.knockout.play import post_totals
from tests.knockout.test_query_budgets import play_open_rounds
from tournaments.models import Club, KnockoutRound, Membership
from tournaments.printing import knockout as printing
from tournaments.printing.fonts import FONT_BOLD
from tournaments.selectors import knockout as selectors
from tournaments.services import knockout as services

pytestmark = pytest.mark.django_db


def amp(text: str) -> str:
    return text.replace("&", "&amp;")


@pytest.fixture
def seven(client_in, director):
    """Seven tables, main round 1 closed: table 2's loser (lost by 10) goes up as the best loser."""
    knockout = make_knockout(pairs=14, user=director, name="Four Aces night")
    for m in matches(get_round(knockout)):
        post_totals(client_in, m, 1000 + (10 if m.table == 2 else 100 * m.table), 1000)
    client_in.post(reverse("knockout_round_close", args=[knockout.id, "main", 1]))
    return knockout


def section(page: str, bracket: str) -> str:
    return page.split(f'<section class="bracket-side" id="{bracket}">')[1].split("</section>")[0]


def boxes(html: str, kind: str) -> list[str]:
    """The inside of every box of a kind (boxes hold no nested div)."""
    return re.findall(rf'<div class="box {kind}[ "][^>]*>(.*?)</div>', html, re.S)


def test_the_page_draws_boxes_joined_by_lines_with_the_best_loser_marked(client_in, seven):
    page = client_in.get(reverse("knockout_bracket", args=[seven.id])).content.decode()
    assert '<link rel="stylesheet" href="/static/css/bracket.css">' in page and "<style" not in page
    main = section(page, "main")
    first, second = matches(get_round(seven)), matches(get_round(seven, "main", 2))
    # Round 1's seven matches and round 2's four, with every pair's name and total; the rest to come.
    drawn = boxes(main, "match")
    assert len(drawn) == 7 + 4
    for m in first + second:
        assert any(amp(m.ns.name) in box and amp(m.ew.name) in box for box in drawn), m
    assert '<span class="num">1,700</span>' in main  # table 7's winner
    assert len(boxes(main, "to_come")) == 2 + 1
    # The best loser: a box of its own beside round 1 (a distinct mark, dashed), and marked where it lost and
    # where it plays on.
    best = next(m for m in first if m.table == 2).loser
    assert best is not None  # table 2 is decided
    stub = boxes(main, "best_loser")
    assert len(stub) == 1 and amp(best.name) in stub[0] and "best loser: lost by 10 at table 2" in stub[0]
    marked = re.findall(r'<p class="pair marked">.*?</p>', main, re.S)
    assert len(marked) == 2 and all(amp(best.name) in p and "★" in p and "best loser:" in p for p in marked)
    # The lines: two into every later match (round 2: 4, semi-finals: 2, final: 1), the best loser's dashed.
    joins = re.findall(r'<div class="join (upper|lower)( best-loser)?"', main)
    assert len(joins) == 2 * (4 + 2 + 1)
    assert sum(1 for _, bl in joins if bl) == 1
    assert main.count(" fed") == 4 + 2 + 1 and main.count(" last") == 1  # the stubs into each box; the final's
    assert 'id="main-winner">winner to come' in main
    # The consolation beside it, with the legend for the marks.
    consolation = section(page, "consolation")
    assert len(boxes(consolation, "match")) == 3 and len(boxes(consolation, "best_loser_to_come")) == 1
    legend = page.split('class="bracket-legend"')[1].split("</ul>")[0]
    assert "★" in legend and "best loser: lost by the smallest margin and went on with the winners" in legend


def test_each_match_sits_halfway_between_the_two_it_is_fed_from(seven):
    view = selectors.bracket_view(selectors.knockout_get(seven.id, user=seven.created_by))
    main = view.chart.sides[0]
    assert main.units == 8 and len(main.columns) == 4
    at = {(box.column, box.middle): box for box in main.boxes}
    for join in main.joins:
        child, parent = at[(join.column - 1, join.child)], at[(join.column, join.parent)]
        assert parent.start <= child.start < child.end <= parent.end
        assert join.best_loser == (child.kind in ("best_loser", "best_loser_to_come"))
    for box in main.boxes:
        fed = [j for j in main.joins if j.column == box.column and j.parent == box.middle]
        if box.fed:
            assert len(fed) == 2 and sum(j.child for j in fed) == 2 * box.middle  # halfway between them
    # Each round 2 match is fed by the matches its two pairs won in round 1 (or the best loser's box).
    names = {box.middle: box for box in main.boxes if box.column == 0}
    for box in (b for b in main.boxes if b.column == 1):
        feeders = [names[j.child] for j in main.joins if j.column == 1 and j.parent == box.middle]
        came = {pair.name for pair in box.pairs}
        went = {f.pair if f.kind == "best_loser" else next(p.name for p in f.pairs if p.won) for f in feeders}
        assert came == went


def test_the_winner_in_full_and_the_runner_up_once_the_final_is_played(client_in, director):
    long_pair = ["Alexandra Montgomery-Fitzwilliam", "Bartholomew Featherstonehaugh-Smythe"]
    names = [long_pair] + [[f"North {i:02d}", f"South {i:02d}"] for i in range(1, 10)]
    knockout = services.knockout_create(name="Spring night", date=datetime.date(2026, 12, 5), pairs=names,
                                        user=director)  # fmt: skip
    services.knockout_draw(knockout=knockout, seed=3)
    rng = random.Random(4)
    while KnockoutRound.objects.filter(knockout=knockout, status="playing").exists():
        play_open_rounds(knockout, rng)
    page = client_in.get(reverse("knockout_bracket", args=[knockout.id])).content.decode()
    for bracket in ("main", "consolation"):
        final = KnockoutRound.objects.get(knockout=knockout, bracket=bracket, tables=1).matches.get()
        box = page.split(f'id="{bracket}-winner">')[1].split("</div>")[0]
        assert final.winner is not None and final.loser is not None  # each final is played
        assert box.startswith(amp(f"Winner: {final.winner.name}")) and amp(f"runner-up: {final.loser.name}") in box
    assert "…" not in page and 'class="box to_come' not in page
    # The long pair, in full wherever it played.
    assert amp(" & ".join(long_pair)) in section(page, "main")


def test_the_bracket_refreshes_itself_and_the_big_screen_has_no_navigation(client_in, seven):
    url = reverse("knockout_bracket", args=[seven.id])
    page = client_in.get(url)
    assert "HX-Request" in page["Vary"]
    html = page.content.decode()
    assert f'hx-get="{url}" hx-trigger="every 5s" hx-swap="outerHTML"' in html
    fragment = client_in.get(url, headers={"HX-Request": "true"}).content.decode()
    assert fragment.startswith('<div id="bracket-live"') and "<html" not in fragment and "bracket-side" in fragment
    big = client_in.get(url + "?projector=1").content.decode()
    assert "bracket-page projector" in big
    assert '<nav class="party"' not in big and "Log out" not in big and "Big screen" not in big
    assert f'hx-get="{url}?projector=1" hx-trigger="every 5s"' in big
    polled = client_in.get(url + "?projector=1", headers={"HX-Request": "true"}).content.decode()
    assert polled.startswith('<div id="bracket-live" class="bracket-page projector"')
    assert "<h1>Four Aces night: the bracket</h1>" in polled


def test_the_round_page_refreshes_itself_until_the_director_may_tick_the_cut(client_in, director):
    knockout = make_knockout(pairs=10, user=director)
    round_ = get_round(knockout)
    url = reverse("knockout_round", args=[knockout.id, "main", 1])
    page = client_in.get(url)
    assert "HX-Request" in page["Vary"]
    assert f'<div id="round-live" hx-get="{url}" hx-trigger="every 5s" hx-swap="outerHTML">' in page.content.decode()
    post_totals(client_in, matches(round_)[0], 1300, 1000)
    fragment = client_in.get(url, headers={"HX-Request": "true"}).content.decode()
    assert fragment.startswith('<div id="round-live"') and "<html" not in fragment
    assert "1 of 5 matches decided" in fragment and "1,300" in fragment and "Arrange the tables" not in fragment
    # Two losers tied for the one best-loser place: the override boxes are up, so the page stops polling.
    for m, margin in zip(matches(round_)[1:], (40, 500, 40, 90), strict=True):
        post_totals(client_in, m, 1000 + margin, 1000)
    fragment = client_in.get(url, headers={"HX-Request": "true"}).content.decode()
    assert 'type="checkbox" name="cut"' in fragment and "hx-trigger" not in fragment


# --- the wall chart -------------------------------------------------------------------------------------------


def pdf(content: bytes) -> tuple[PdfReader, str]:
    reader = PdfReader(io.BytesIO(content))
    return reader, " ".join(page.extract_text() for page in reader.pages)


@pytest.mark.parametrize("paper, size", [("", (841.89, 595.28)), ("?paper=letter", (792, 612))])
def test_the_wall_chart_is_a_landscape_page_a_bracket_with_every_pair(client_in, seven, paper, size):
    """Fourteen pairs: the main bracket and the consolation together would print their names under 14 pt, so
    each has its page (tests/knockout/test_wall_chart.py measures the sizes)."""
    response = client_in.get(reverse("knockout_bracket_wall_pdf", args=[seven.id]) + paper)
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="four-aces-night-knockout-bracket.pdf"'
    reader, text = pdf(response.content)
    assert len(reader.pages) == 2
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width), 2), round(float(box.height), 2)) == size and box.width > box.height
    assert "Four Aces night – knockout: the bracket" in text and "Saturday 5 December 2026" in text
    first, second = (page.extract_text() for page in reader.pages)
    assert "Main tournament" in first and "Consolation tournament" in second
    for pair in seven.pairs.all():
        assert pair.name in text
    best = get_round(seven).matches.get(table=2).loser
    assert best is not None  # table 2 is decided
    assert "best loser: lost by 10 at table 2" in text and best.name in text
    assert "best loser: lost by the smallest margin and went on with the winners" in text  # the legend
    assert "to be drawn" in text and "winner to come" in text and "Table 7 · margin 700" in text


def played_chart(winner: str) -> printing.BracketChart:
    """A two-table event, played: a semi-final bracket with its winner, and no consolation."""
    pair = printing.ChartPair
    semi = [
        printing.ChartBox("match", 0, 0, 1, table=1, status="won", note="margin 50",
                          pairs=(pair(winner, 1050, won=True), pair("Cora Dale & Dan Evans", 1000))),
        printing.ChartBox("match", 0, 1, 2, table=2, status="won", note="margin 10",
                          pairs=(pair("Eve Fox & Gus Hale", 900), pair("Ivy Jones & Ken Lowe", 910, won=True))),
    ]  # fmt: skip
    final = printing.ChartBox("match", 1, 0, 2, table=1, status="won", note="margin 200",
                              pairs=(pair(winner, 1200, won=True), pair("Ivy Jones & Ken Lowe", 1000)))  # fmt: skip
    column = printing.ChartColumn
    side = printing.ChartSide(
        bracket="main", title="Main tournament", boxes=[*semi, final],
        columns=[column("Semi-final", 2, "all 4 pairs", 1, True), column("Final", 1, "the 2 winners", 2, True)],
        joins=[printing.ChartJoin(1, 1, 2), printing.ChartJoin(1, 3, 2)], units=2, final_start=0, final_end=2,
        winner=winner, runner_up="Ivy Jones & Ken Lowe",
    )  # fmt: skip
    return printing.BracketChart(name="Spring knockout", date=datetime.date(2026, 1, 2), sides=[side])


def test_the_wall_chart_builder_takes_plain_data_and_wraps_long_names_never_cuts_them():
    winner = "Alexandra Montgomery-Fitzwilliam-Wolstenholme & Bartholomew Featherstonehaugh-Cholmondeley-Smythe"
    name, content_type, content = printing.bracket_chart_pdf(played_chart(winner), pagesize="letter")
    assert (name, content_type) == ("spring-knockout-bracket.pdf", "application/pdf")
    reader, text = pdf(content)
    assert len(reader.pages) == 1 and float(reader.pages[0].mediabox.width) == 792
    # A line may break after a name's hyphen; a total is drawn on a name's first line.
    words = [line for line in text.split("\n") if not re.fullmatch(r"[\d,]+", line.strip())]
    flat = re.sub(r"- ", "-", " ".join(" ".join(words).split()))
    assert winner in flat and "runner-up: Ivy Jones & Ken Lowe" in flat and "…" not in text
    assert flat.count(winner) == 4  # the heading, the semi-final, the final and the winner's box: each in full
    # The fitting itself: every line within the width, the words all there.
    for width in (40, 90, 160, 400):
        size, lines = printing.fit_lines(winner, FONT_BOLD, 11, width, 30)
        assert " ".join(lines) == winner and len(lines) <= 2 and size > 0
        assert all(stringWidth(line, FONT_BOLD, size) <= width + 0.01 for line in lines)
        assert size * 1.15 * len(lines) <= 30 + 0.01


def test_before_the_plan_there_is_nothing_to_draw(client_in, director):
    knockout = make_knockout(pairs=3, user=director, draw=False)
    page = client_in.get(reverse("knockout_bracket", args=[knockout.id])).content.decode()
    assert "3 pairs cannot fill whole tables" in page and "bracket-side" not in page
    reader, text = pdf(client_in.get(reverse("knockout_bracket_wall_pdf", args=[knockout.id])).content)
    assert len(reader.pages) == 1 and "No plan yet" in text and "3 pairs cannot fill whole tables" in text


def test_the_wall_chart_before_any_pair():
    chart = printing.BracketChart(name="Empty evening", date=datetime.date(2026, 1, 2), sides=[])
    reader, text = pdf(printing.bracket_chart_pdf(chart)[2])
    assert len(reader.pages) == 1 and "No plan yet" in text


# --- in a real browser: phone to projector --------------------------------------------------------------------

# Where the lines end against where the boxes are, read off the page: for every box fed by lines, the bottom of
# the upper half of its "]" and the top of the lower half (the fed box's middle), and the box's own middle.
MEASURE = """() => {
  const out = {doc: document.documentElement.scrollWidth, win: window.innerWidth, sides: []};
  for (const grid of document.querySelectorAll('.bracket')) {
    const scroll = grid.parentElement, joins = [...grid.querySelectorAll('.join')].map(j => j.getBoundingClientRect());
    const fed = [...grid.querySelectorAll('.box.fed')].map(box => {
      const r = box.getBoundingClientRect(), middle = (r.top + r.bottom) / 2;
      const ends = joins.filter(j => Math.abs(j.right - r.left) < 30).flatMap(j => [j.top, j.bottom]);
      return {middle, nearest: Math.min(...ends.map(y => Math.abs(y - middle)))};
    });
    const champion = grid.querySelector('.champion');
    out.sides.push({scroll: [scroll.scrollWidth, scroll.clientWidth], fed,
                    champion: [champion.scrollWidth, champion.clientWidth, champion.innerText]});
  }
  return out;
}"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [375, 1280, 1920])
def test_in_a_browser_the_lines_meet_the_boxes_and_only_the_bracket_scrolls(browser, live_server, width):
    director = get_user_model().objects.create_user("dora")
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    names = [["Alexandra Montgomery-Fitzwilliam", "Bartholomew Featherstonehaugh-Smythe"]]
    names += [[f"North {i:02d}", f"South {i:02d}"] for i in range(1, 10)]
    knockout = services.knockout_create(name="Spring night", date=datetime.date(2026, 12, 5), pairs=names,
                                        user=director)  # fmt: skip
    services.knockout_draw(knockout=knockout, seed=3)
    rng = random.Random(4)
    for _ in range(2):
        play_open_rounds(knockout, rng)
    client = Client()
    client.force_login(director)
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
        page = context.new_page()
        query = "?projector=1" if width == 1920 else ""
        page.goto(f"{live_server.url}{reverse('knockout_bracket', args=[knockout.id])}{query}")
        measured = page.evaluate(MEASURE)
    finally:
        context.close()
    assert measured["doc"] <= measured["win"], "the page itself scrolls sideways"
    assert len(measured["sides"]) == 2
    for side in measured["sides"]:
        assert side["fed"] and all(box["nearest"] <= 2.5 for box in side["fed"]), side["fed"]
        scroll_width, client_width = side["scroll"]
        assert (scroll_width > client_width) == (width == 375)  # only a phone scrolls, inside the bracket
        assert side["champion"][0] <= side["champion"][1]  # the winner's box is never clipped

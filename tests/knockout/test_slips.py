"""Small things the hostess reads: a margin in the club's style of numbers, the event called a knockout once,
the declarer by name, the bracket PDF's headings kept with their tables and no empty column, and the workbook's
Deals sheet saying why a match has no deals."""

import datetime
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.knockout.helpers import get_round, make_knockout, matches
from tests.knockout.play import match_url, post_totals, round_url
from tournaments.models import Club
from tournaments.printing import knockout as printing

pytestmark = pytest.mark.django_db


def test_a_tie_for_best_loser_says_its_margin_with_the_grouping(client_in):
    knockout = make_knockout(pairs=10)
    round_ = get_round(knockout)
    for m, margin in zip(matches(round_), (3000, 1110, 5000, 1110, 2000), strict=True):
        post_totals(client_in, m, 500 + margin, 500)
    page = client_in.get(round_url(round_)).content.decode()
    cut = page.split('id="cut"')[1].split("</div>")[0]
    assert "lost by 1,110: a cut put through" in cut and "1110" not in cut
    club = Club.objects.get()
    club.format_style = "de"
    club.save()
    client_in.get(reverse("knockout_list"))  # the club's style is read at each request
    page = client_in.get(round_url(round_)).content.decode()
    assert "lost by 1.110: a cut put through" in page.split('id="cut"')[1].split("</div>")[0]


def pdf_text(content: bytes) -> tuple[PdfReader, str]:
    reader = PdfReader(io.BytesIO(content))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


@pytest.mark.parametrize(
    ("name", "title", "filename"),
    [
        ("Knockout night at the Four Aces", "Knockout night at the Four Aces: the bracket",
         "knockout-night-at-the-four-aces-bracket.pdf"),
        ("Four Aces knockout", "Four Aces knockout: the bracket", "four-aces-knockout-bracket.pdf"),
        ("Four Aces night", "Four Aces night – knockout: the bracket", "four-aces-night-knockout-bracket.pdf"),
    ],
)  # fmt: skip
def test_the_wall_chart_says_knockout_once(client_in, director, name, title, filename):
    knockout = make_knockout(pairs=6, user=director, name=name)
    response = client_in.get(reverse("knockout_bracket_wall_pdf", args=[knockout.id]))
    assert response["Content-Disposition"] == f'inline; filename="{filename}"'
    reader, text = pdf_text(response.content)
    assert title in text and text.casefold().count("knockout") == 1


def test_the_declarer_is_chosen_by_name_and_seat(client_in, director):
    knockout = make_knockout(pairs=4, user=director)
    m = matches(get_round(knockout))[0]
    page = client_in.get(match_url(m)).content.decode()
    select = page.split('name="declarer"')[1].split("</select>")[0]
    assert f">{m.ns.player_a} (N)</option>" in select and f">{m.ew.player_b} (W)</option>" in select
    assert "N North" not in select
    club = Club.objects.get()
    club.language = "fr"
    club.save()
    page = client_in.get(match_url(m), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    select = page.split('name="declarer"')[1].split("</select>")[0]
    assert f">{m.ew.player_a} (E)</option>" in select and f">{m.ew.player_b} (O)</option>" in select


@pytest.fixture
def round_one_played(client_in, director):
    """Fourteen pairs, main round 1 closed on totals: round 2 and the consolation drawn."""
    knockout = make_knockout(pairs=14, user=director, name="Four Aces night")
    for m in matches(get_round(knockout)):
        post_totals(client_in, m, 1000 + (10 if m.table == 2 else 100 * m.table), 1000)
    client_in.post(reverse("knockout_round_close", args=[knockout.id, "main", 1]))
    return knockout


def test_the_bracket_pdf_keeps_each_heading_with_its_table_and_has_no_empty_column(client_in, round_one_played):
    content = client_in.get(reverse("knockout_bracket_pdf", args=[round_one_played.id])).content
    reader, _ = pdf_text(content)
    for page in reader.pages:
        lines = [line.strip() for line in page.extract_text().splitlines() if line.strip()]
        for heading in ("Main tournament", "Consolation tournament"):
            if heading in lines:
                after = lines[lines.index(heading) + 1 :]
                assert after and after[0].startswith(("Main round", "Consolation")), (heading, after[:2])
    first = reader.pages[0].extract_text()
    # Round 1 is decided on totals: nothing to say after the margin, so no column for it.
    round_one = first.split("Main round 1")[1].split("Main round 2")[0]
    assert "Margin\n1\nNorth" in round_one
    # Round 2 has not started: its column says so, under a heading.
    round_two = first.split("Main round 2")[1]
    assert "Margin\nNote\n1\n" in round_two and "not started" in round_two


def sheet(table: int, entry: str = "totals") -> printing.MatchSheet:
    return printing.MatchSheet(
        round_title="Main round 1", table=table, ns=f"North {table} & South {table}", ew=f"East {table} & West {table}",
        seats={}, deals_allowed=8, lines=[], finish_ns=None, finish_ew=None, ns_total=1100 if entry else None,
        ew_total=1000 if entry else None, finished=bool(entry),
        winner=f"North {table} & South {table}" if entry else "",
        margin=100 if entry else None, decided_by="", best_loser=False, entry=entry,
    )  # fmt: skip


@pytest.mark.parametrize("plan_rows", range(0, 40, 3))
def test_the_consolation_heading_never_ends_a_page(plan_rows):
    """However long the plan above it, "Consolation tournament" is on the page of its first round's table."""
    main = printing.DrawRound("Main round 1", "main", 1, True, False, 1, [sheet(t) for t in range(1, 9)])
    consolation = printing.DrawRound("Consolation round 1", "consolation", 1, False, False, 2,
                                     [sheet(t, "") for t in range(1, 5)])  # fmt: skip
    plan = [printing.PlanRow("main", f"Round {i}", 8, "all the pairs") for i in range(plan_rows)]
    book = printing.KnockoutBook("Four Aces night", datetime.date(2026, 12, 5), plan, "", [main, consolation])
    reader, _ = pdf_text(printing.bracket_pdf(book)[2])
    for page in reader.pages:
        lines = [line.strip() for line in page.extract_text().splitlines() if line.strip()]
        if "Consolation tournament" in lines:
            assert lines[lines.index("Consolation tournament") + 1] == "Consolation round 1 (playing)", plan_rows


def test_the_deals_sheet_says_which_matches_were_entered_as_totals_only(client_in, round_one_played):
    content = client_in.get(reverse("knockout_results_xlsx", args=[round_one_played.id])).content
    rows = list(load_workbook(io.BytesIO(content))["Deals"].iter_rows(values_only=True))
    notes = [row for row in rows[1:] if row[15]]
    assert len(notes) == 7 and all(row[:3] == ("Main", "Main round 1", row[2]) for row in notes)
    assert [row[2] for row in notes] == [1, 2, 3, 4, 5, 6, 7]
    assert notes[0][15] == "totals only: the match was entered as its two totals, without its deals"
    assert all(cell is None for cell in notes[0][3:15])


def test_the_deals_sheet_of_a_knockout_not_started_says_so_in_the_clubs_language(client_in, director):
    knockout = make_knockout(pairs=6, user=director)
    club = Club.objects.get()
    club.language = "fr"
    club.save()
    content = client_in.get(reverse("knockout_results_xlsx", args=[knockout.id])).content
    book = load_workbook(io.BytesIO(content))
    rows = list(book[book.sheetnames[1]].iter_rows(values_only=True))
    assert len(rows) == 2 and str(rows[1][0]).startswith("Aucun match")

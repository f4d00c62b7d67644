"""What the run-throughs found: a tie in the totals decided by one more deal, the free tables after the finals,
honours in words, the PDF file names, and the workbook's free-tables sheet."""

import io
import random

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.knockout.helpers import get_round, make_knockout, matches
from tests.knockout.play import match_url, post_deal, post_totals, round_url
from tests.knockout.test_pad import EVENING
from tests.knockout.test_query_budgets import play_open_rounds
from tournaments.models import KnockoutMatch, KnockoutRound

pytestmark = pytest.mark.django_db


def amp(text: str) -> str:
    return text.replace("&", "&amp;")


def messages_of(response) -> list[str]:
    return [str(m) for m in response.wsgi_request._messages]


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


# --- a tie in the totals, one more deal -----------------------------------------------------------------------


@pytest.fixture
def tied(client_in, director):
    """Ten pairs; table 1 tied at 990 in the two totals, and the director chose one more deal."""
    knockout = make_knockout(pairs=10, user=director, name="Tie night")
    match = get_round(knockout).matches.select_related("round", "ns", "ew").get(table=1)
    post_totals(client_in, match, 990, 990)
    response = client_in.post(match_url(match), {"action": "decide", "how": "deal"})
    assert messages_of(response)[-1] == (
        "One more deal decides the tie: enter the two totals after it below, or the pad deal by deal."
    )
    return match


def test_the_round_page_says_one_more_deal_not_deal_0_of_9(client_in, tied):
    page = client_in.get(round_url(tied.round)).content.decode()
    tile = page.split('id="table-1"')[1].split("</div>")[0]
    assert "one more deal" in tile and "The totals tied: one more deal is being played" in tile
    assert "0 of 9" not in page and "deal 0" not in page and "still playing" not in page
    problem = f"Table 1 ({tied.ns.name} v {tied.ew.name}) tied at 990 and plays one more deal: enter the two totals"
    assert amp(problem) in page
    bracket = client_in.get(reverse("knockout_bracket", args=[tied.round.knockout_id])).content.decode()
    assert "one more deal" in bracket and "0 of 9" not in bracket


def test_the_table_page_offers_the_totals_and_the_pad(client_in, tied):
    page = client_in.get(match_url(tied)).content.decode()
    assert "The match tied at 990 each: one more deal decides it." in page
    assert page.index("The two totals after the deal that breaks the tie") < page.index("Or the pad, deal by deal")
    assert 'name="action" value="totals"' in page and 'name="action" value="deal"' in page
    assert 'name="number" value="1"' in page and "Put deal 1 on the pad" in page
    # The pad started over the totals replaces them, deal 1 first.
    assert post_deal(client_in, tied, 1, EVENING[0]).status_code == 302
    tied.refresh_from_db()
    assert (tied.entry, tied.deals_played, tied.ns_total, tied.decision) == ("deals", 1, 120, "")
    # Or the two totals after the extra deal decide it.
    post_totals(client_in, tied, 990, 1090)
    tied.refresh_from_db()
    assert (tied.finished, tied.winner_id, tied.margin) == (True, tied.ew_id, 100)


def test_the_pdf_says_one_more_deal_in_full(client_in, tied):
    url = reverse("knockout_bracket_pdf", args=[tied.round.knockout_id])
    first = PdfReader(io.BytesIO(client_in.get(url).content)).pages[0].extract_text()
    assert "one more deal" in first and "one more…" not in first
    post_totals(client_in, tied, 990, 1090)  # the extra deal played: East–West won it
    first = PdfReader(io.BytesIO(client_in.get(url).content)).pages[0].extract_text()
    assert "one more deal" in first and "one more…" not in first and "…" not in first


# --- the free tables ------------------------------------------------------------------------------------------


def test_after_the_finals_the_free_tables_hold_no_finalist_and_name_rounds_by_stage(client_in, director):
    knockout = make_knockout(pairs=10, user=director)  # main 5, 3, 2, 1; consolation 2, 1
    rng = random.Random(5)
    while KnockoutRound.objects.filter(knockout=knockout, status="playing").exists():
        play_open_rounds(knockout, rng)
    page = client_in.get(reverse("knockout_bracket", args=[knockout.id])).content.decode()
    free = page.split('id="free"')[1].split("</table>")[0]
    for final in KnockoutMatch.objects.filter(round__knockout=knockout, round__tables=1).select_related("ns", "ew"):
        assert amp(final.ns.name) not in free and amp(final.ew.name) not in free
    semi = KnockoutMatch.objects.select_related("ns", "ew", "winner").filter(
        round__knockout=knockout, round__bracket="main", round__tables=2
    )
    losers = [m.loser for m in semi if not m.best_loser]
    assert losers and all(pair is not None and amp(f"{pair.name} (lost the semi-final)") in free for pair in losers)
    assert "(lost in round 2)" in free and "(lost the consolation semi-final)" in free
    assert "main round" not in free and "lost the main" not in free
    # Every loser of a round but the main first round (to the consolation) and the finals, less the best losers.
    later = KnockoutMatch.objects.filter(round__knockout=knockout, round__tables__gt=1, best_loser=False)
    assert free.count("(lost ") == later.exclude(round__bracket="main", round__number=1).count() == 2 + 2 + 2


# --- honours in words -----------------------------------------------------------------------------------------


def test_honours_are_written_in_words(client_in, director):
    knockout = make_knockout(pairs=10, user=director)
    match = get_round(knockout).matches.select_related("round", "ns", "ew").get(table=1)
    for number, deal in enumerate(EVENING, start=1):  # deal 7: 6C by East, honours EW100
        post_deal(client_in, match, number, deal)
    page = client_in.get(match_url(match)).content.decode()
    assert "honours 100 to East–West" in page.split('id="deal-7"')[1].split("</tr>")[0]
    assert "EW100" not in page.split('id="pad"')[1].split("</table>")[0]
    text = pdf_text(client_in.get(reverse("knockout_round_pdf", args=[knockout.id, "main", 1])).content)
    assert "100 E–W" in text and "EW100" not in text
    book = load_workbook(io.BytesIO(client_in.get(reverse("knockout_results_xlsx", args=[knockout.id])).content))
    deals = list(book["Deals"].iter_rows(values_only=True))
    assert deals[0][8] == "Honours" and deals[7][8] == "100 to E–W"


# --- the file names -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, stem", [("Spring knockout", "spring-knockout"), ("Four Aces night", "four-aces-night-knockout")]
)
def test_the_file_names_say_knockout_once(client_in, director, name, stem):
    knockout = make_knockout(pairs=10, user=director, name=name)
    urls = {
        "knockout_bracket_pdf": f'inline; filename="{stem}.pdf"',
        "knockout_bracket_wall_pdf": f'inline; filename="{stem.removesuffix("-knockout")}-knockout-bracket.pdf"',
        "knockout_results_xlsx": f'attachment; filename="{stem.removesuffix("-knockout")}-knockout-results.xlsx"',
    }
    for url, disposition in urls.items():
        assert client_in.get(reverse(url, args=[knockout.id]))["Content-Disposition"] == disposition
    response = client_in.get(reverse("knockout_round_pdf", args=[knockout.id, "main", 1]))
    draw = name.lower().replace(" ", "-") + "-main-round-1-draw.pdf"
    assert response["Content-Disposition"] == f'inline; filename="{draw}"'
    first = PdfReader(io.BytesIO(client_in.get(reverse("knockout_bracket_pdf", args=[knockout.id])).content))
    assert "knockout – knockout" not in first.pages[0].extract_text()


# --- the workbook's free tables -------------------------------------------------------------------------------


def test_the_workbook_has_the_free_tables(client_in, director):
    knockout = make_knockout(pairs=14, user=director)  # main 7, 4, 2, 1
    rng = random.Random(6)
    for _ in range(2):  # round 1, then main round 2 and the consolation's first round
        play_open_rounds(knockout, rng)
    response = client_in.get(reverse("knockout_results_xlsx", args=[knockout.id]))
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames[-1] == "Free tables"
    rows = list(book["Free tables"].iter_rows(values_only=True))
    assert rows[0] == ("Free table", "Pair", "Went out", "Plays")
    page = client_in.get(reverse("knockout_bracket", args=[knockout.id])).content.decode()
    free = page.split('id="free"')[1].split("</table>")[0]
    out = rows[1:]
    # Main round 2's four losers (four winners: no best loser) and consolation round 1's three less its best loser.
    assert len(out) == free.count("(lost ") == 4 + 2
    for table, pair, how, plays in out:
        assert amp(f"{pair} ({how})") in free and how in ("lost in round 2", "lost in consolation round 1")
        assert (table, plays, pair) in {(r[0], r[1], r[3]) for r in out}  # two to a table, each the other's
    assert [row[0] for row in out] == [1, 1, 2, 2, 3, 3]
    # Nobody who still plays is at a free table.
    playing = {p.name for m in matches(get_round(knockout, "main", 3)) for p in (m.ns, m.ew)}
    assert not playing & {row[1] for row in out}

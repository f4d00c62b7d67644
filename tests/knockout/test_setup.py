"""Setting up a knockout: the event, its pairs pasted or uploaded, and the plan shown as soon as they are in.

Every refused list saves nothing: not the event, not one pair.
"""

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from tests.knockout.helpers import get_round, make_knockout, pair_text
from tests.knockout.play import post_totals
from tournaments.models import Knockout, KnockoutPair, KnockoutRound

pytestmark = pytest.mark.django_db


def create(client, pairs: str = "", **extra):
    data = {"name": "Friday knockout", "date": "2026-12-05", "rules": "modern", "pairs": pairs, **extra}
    return client.post(reverse("knockout_create"), data)


def messages_of(response) -> list[str]:
    return [str(m) for m in response.wsgi_request._messages]


def test_pasted_pairs_make_the_event_and_the_plan_is_shown_at_once(client_in):
    response = create(client_in, pair_text(14))
    knockout = Knockout.objects.get()
    assert response["Location"] == reverse("knockout_detail", args=[knockout.id])
    assert [p.name for p in knockout.pairs.order_by("id")][:2] == ["North 01 & South 01", "North 02 & South 02"]
    pair = knockout.pairs.order_by("id").first()
    assert pair is not None  # the pairs were just made
    assert (pair.player_a, pair.player_b) == ("North 01", "South 01")
    page = client_in.get(response["Location"]).content.decode()
    assert "14 pairs: 7 tables in the first round" in page
    assert "one of the Four Aces' own plans" in page
    # Main 7, 4, 2, 1 and consolation 3, 2, 1; where the best losers come in.
    assert "the 7 winners and the best loser" in page
    assert "the 6 first-round losers who did not go up as best loser" in page
    assert "the 3 winners and the best loser" in page
    assert page.count("<td>Final</td>") == 2


@pytest.mark.parametrize(
    "pairs, tables, notice",
    [
        (4, 2, "The Four Aces describe five to eight tables; for 2 the plan follows their general rule"),
        (18, 9, "beyond the Four Aces&#x27; advice: they advise no more than eight"),
        (24, 12, "beyond the Four Aces&#x27; advice: they advise no more than eight"),
    ],
)
def test_plans_outside_five_to_eight_tables_carry_a_notice(client_in, pairs, tables, notice):
    create(client_in, pair_text(pairs))
    page = client_in.get(reverse("knockout_detail", args=[Knockout.objects.get().id])).content.decode()
    assert f"{pairs} pairs: {tables} tables in the first round" in page
    assert notice in page
    assert ("beyond" in page) == (tables > 8)
    assert 'class="notice" id="plan"' in page


def test_an_odd_number_of_pairs_has_no_plan_and_no_draw(client_in):
    create(client_in, pair_text(13))
    knockout = Knockout.objects.get()
    page = client_in.get(reverse("knockout_detail", args=[knockout.id])).content.decode()
    assert "13 pairs cannot fill whole tables: one more pair is needed, or one fewer" in page
    assert "Draw the first round" not in page
    response = client_in.post(reverse("knockout_draw", args=[knockout.id]))
    assert "The draw cannot be made: 13 pairs cannot fill whole tables" in messages_of(response)[0]
    assert not KnockoutRound.objects.exists()


def test_other_separators_work_too(client_in):
    create(client_in, "Ada Brown and Bob Carter\nCora Dale\tDan Evans\nEve Fox + Fay Gill\n\n  Gus Hay ; Hal Ivy  ")
    assert sorted(KnockoutPair.objects.values_list("name", flat=True)) == [
        "Ada Brown & Bob Carter",
        "Cora Dale & Dan Evans",
        "Eve Fox & Fay Gill",
        "Gus Hay & Hal Ivy",
    ]


@pytest.mark.parametrize(
    "pairs, message",
    [
        ("Ada Brown & Bob Carter\nCora Dale", "Line 2: “Cora Dale” is not two names"),
        (
            "Ada Brown & Bob Carter\nCora Dale & Dan Evans & Eve Fox",
            "Line 2: “Cora Dale &amp; Dan Evans &amp; Eve Fox”",
        ),
        ("Ada Brown & Bob Carter\n & Dan Evans", "needs both names of the pair"),
        ("Ada Brown & Ada Brown\nCora Dale & Dan Evans", "Line 1: Ada Brown is named twice"),
        ("Ada Brown & Bob Carter\nBob Carter & Ada Brown", "Line 2: Bob Carter &amp; Ada Brown is listed twice"),
        ("Ada Brown & Bob Carter\nada brown & bob carter", "is listed twice"),
        (
            "Ada Brown & Bob Carter\nAda Brown & Cora Dale",
            "Ada Brown already plays in the pair Ada Brown &amp; Bob Carter",
        ),
        ("Ada Brown & Bob Carter\n" + "X" * 61 + " & Cora Dale", "longer than 60 characters"),
    ],
)
def test_bad_pair_lines_save_nothing(client_in, pairs, message):
    response = create(client_in, pairs)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Knockout.objects.exists() and not KnockoutPair.objects.exists()


def test_every_bad_line_is_named_at_once(client_in):
    response = create(client_in, "Ada Brown\nCora Dale & Dan Evans\nEve Fox & Eve Fox")
    page = response.content.decode()
    assert "Line 1:" in page and "Line 3:" in page and "Line 2:" not in page
    assert not Knockout.objects.exists()


def test_an_event_needs_a_name_and_a_date(client_in):
    response = client_in.post(reverse("knockout_create"), {"name": "", "date": "5th of December", "rules": "modern"})
    assert response.status_code == 200
    assert response.context["form"].errors.keys() == {"name", "date"}
    response = create(client_in, rules="1066")
    assert "rules" in response.context["form"].errors
    assert not Knockout.objects.exists()


def xlsx(rows) -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has its one sheet
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_pairs_from_a_spreadsheet_two_name_columns(client_in):
    data = xlsx(
        [["Player 1", "Player 2", "Notes"], ["Ada Brown", "Bob Carter", "late"], ["Cora Dale", "Dan Evans", None]]
    )
    upload = SimpleUploadedFile("pairs.xlsx", data)
    response = client_in.post(
        reverse("knockout_create"), {"name": "From a file", "date": "2026-12-05", "rules": "modern", "file": upload}
    )
    assert response.status_code == 302
    assert sorted(KnockoutPair.objects.values_list("name", flat=True)) == [
        "Ada Brown & Bob Carter",
        "Cora Dale & Dan Evans",
    ]


def test_pairs_from_a_csv_file_added_later(client_in):
    knockout = make_knockout(pairs=2, draw=False)
    text = io.StringIO()
    csv.writer(text).writerows([["Name", "Partner"], ["Eve Fox", "Fay Gill"], ["Gus Hay & Hal Ivy", ""]])
    upload = SimpleUploadedFile("pairs.csv", text.getvalue().encode())
    response = client_in.post(reverse("knockout_pairs_add", args=[knockout.id]), {"file": upload})
    assert "2 pairs added." in messages_of(response)
    assert knockout.pairs.count() == 4
    assert knockout.pairs.filter(name="Gus Hay & Hal Ivy").exists()


@pytest.mark.parametrize(
    "filename, content, message",
    [
        ("pairs.xlsx", b"PK\x03\x04 not really a workbook", "This file is not a list of pairs"),
        ("pairs.pdf", b"%PDF-1.4", "This file is not a list of pairs"),
        ("pairs.csv", b"", "The submitted file is empty"),
        ("pairs.csv", b"Ada Brown,Bob Carter\nCora Dale,\n", "Line 2: “Cora Dale” needs both names"),
    ],
)
def test_bad_files_add_nothing(client_in, filename, content, message):
    knockout = make_knockout(pairs=2, draw=False)
    upload = SimpleUploadedFile(filename, content)
    response = client_in.post(reverse("knockout_pairs_add", args=[knockout.id]), {"file": upload}, follow=True)
    assert message in response.content.decode()
    assert knockout.pairs.count() == 2


def test_adding_nothing_is_refused(client_in):
    knockout = make_knockout(pairs=2, draw=False)
    response = client_in.post(reverse("knockout_pairs_add", args=[knockout.id]), {"pairs": "  \n \n"})
    assert "Paste at least one pair, or choose a file." in messages_of(response)
    assert knockout.pairs.count() == 2


def test_a_pair_added_twice_to_an_existing_list_adds_nothing(client_in):
    knockout = make_knockout(pairs=4, draw=False)
    response = client_in.post(
        reverse("knockout_pairs_add", args=[knockout.id]), {"pairs": "Ada Brown & Bob Carter\nSouth 02 & North 02"}
    )
    assert "Line 2: South 02 & North 02 is listed twice: each pair once." in messages_of(response)
    assert knockout.pairs.count() == 4


def test_changing_the_pairs_clears_an_unplayed_draw(client_in):
    knockout = make_knockout(pairs=10)
    response = client_in.post(
        reverse("knockout_pairs_add", args=[knockout.id]), {"pairs": "A One & B One\nC Two & D Two"}
    )
    assert any("first-round draw was cleared" in m for m in messages_of(response))
    assert not KnockoutRound.objects.exists()
    client_in.post(reverse("knockout_draw", args=[knockout.id]))
    assert get_round(knockout).tables == 6
    pair = knockout.pairs.get(name="A One & B One")
    client_in.post(reverse("knockout_pair_remove", args=[knockout.id, pair.id]), {"confirm": "yes"})
    assert not KnockoutRound.objects.exists() and knockout.pairs.count() == 11


def test_pairs_cannot_change_once_play_has_started(client_in):
    knockout = make_knockout(pairs=10)
    round_ = get_round(knockout)
    post_totals(client_in, round_.matches.get(table=1), 500, 300)
    response = client_in.post(
        reverse("knockout_pairs_add", args=[knockout.id]), {"pairs": "A One & B One\nC Two & D Two"}
    )
    assert "Play has started: the pairs can no longer change." in messages_of(response)
    pair = knockout.pairs.first()
    response = client_in.post(reverse("knockout_pair_remove", args=[knockout.id, pair.id]), {"confirm": "yes"})
    assert "Play has started: the pairs can no longer change." in messages_of(response)
    assert knockout.pairs.count() == 10 and get_round(knockout).matches.count() == 5


def test_editing_the_event(client_in):
    knockout = make_knockout(pairs=10)
    url = reverse("knockout_edit", args=[knockout.id])
    response = client_in.post(url, {"name": "Renamed", "date": "2026-12-06", "rules": "1938"})
    assert response.status_code == 302
    knockout.refresh_from_db()
    assert (knockout.name, knockout.rules) == ("Renamed", "1938")
    post_totals(client_in, get_round(knockout).matches.get(table=1), 500, 300)
    response = client_in.post(url, {"name": "Renamed", "date": "2026-12-06", "rules": "modern"})
    assert "Scores are in: the scoring rules can no longer change." in response.content.decode()
    knockout.refresh_from_db()
    assert knockout.rules == "1938"


def test_the_list_of_knockouts(client_in):
    make_knockout(pairs=10, name="Autumn knockout")
    page = client_in.get(reverse("knockout_list")).content.decode()
    assert "Autumn knockout" in page and ">10<" in page

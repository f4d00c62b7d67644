"""Leftovers from the run-throughs: a deal sent to a finished game, the finished game's last-deal box, the house
settings' sentence, and the long new-table form's errors."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.boston.conftest import create_table, deal_data, play, post_deal, table_data
from tournaments.models import BostonDeal, BostonTable

pytestmark = pytest.mark.django_db

FINISHED = "The game is finished: reopen it to add or change a deal."


def stored(table) -> list[tuple]:
    return list(
        BostonDeal.objects.filter(table=table).order_by("number").values_list("number", "caller", "bid", "tricks")
    )


@pytest.fixture
def finished(client_in):
    table = create_table(client_in, "english", pool_feed=10, pool_limit=100)
    play(client_in, table, "Bob", "8", 7, suit="H")
    play(client_in, table, "Dan", "7", 7, suit="D")
    response = client_in.post(reverse("boston_finish", args=[table.id]), {"stop_early": "on"}, follow=True)
    assert "Final settlement" in response.content.decode()
    return BostonTable.objects.get(pk=table.pk)


# --- a deal sent to a finished game ------------------------------------------------------------


@pytest.mark.parametrize("deal", [deal_data("Cat", "9", 10, suit="S"), deal_data(None, "", None, kind="bid")])
def test_a_deal_sent_to_a_finished_game_is_refused_plainly(client_in, finished, deal):
    before, finished_at = stored(finished), finished.finished_at
    response = client_in.post(reverse("boston_table", args=[finished.id]), deal | {"number": "3"})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count(FINISHED) == 1  # said once, at the top; not what the deal itself lacks
    assert "Choose the caller" not in html
    assert [str(m) for m in response.context["messages"]] == [FINISHED]
    assert stored(finished) == before
    assert BostonTable.objects.get(pk=finished.pk).finished_at == finished_at


def test_its_preview_says_so_too(client_in, finished):
    response = client_in.post(
        reverse("boston_table", args=[finished.id]), deal_data("Cat", "9", 10, suit="S") | {"preview": "1"}
    )
    html = response.content.decode()
    assert FINISHED in html and "If saved" not in html
    assert len(stored(finished)) == 2


def test_a_correction_sent_to_a_finished_game_says_the_same(client_in, finished):
    before = stored(finished)
    response = client_in.post(reverse("boston_deal_edit", args=[finished.id, 1]), deal_data("Bob", "8", 8, suit="H"))
    assert response.status_code == 200
    assert FINISHED in response.content.decode()
    assert stored(finished) == before


def test_reopened_the_deal_goes_in(client_in, finished):
    client_in.post(reverse("boston_reopen", args=[finished.id]))
    response = post_deal(client_in, finished, "Cat", "9", 10, suit="S")
    assert response.status_code == 302 and len(stored(finished)) == 3


# --- the finished game's last-deal box ---------------------------------------------------------


def test_a_finished_game_no_longer_shows_the_last_deals_pool_box(client_in):
    table = create_table(client_in, "english", pool_feed=10, pool_limit=100)
    play(client_in, table, "Bob", "8", 7, suit="H")
    html = client_in.get(reverse("boston_table", args=[table.id])).content.decode()
    assert 'aria-label="The last deal"' in html and "Pool after it:" in html
    client_in.post(reverse("boston_finish", args=[table.id]), {"stop_early": "on"})
    html = client_in.get(reverse("boston_table", args=[table.id])).content.decode()
    assert 'aria-label="The last deal"' not in html and "Pool after it:" not in html
    assert "Final settlement" in html and "Deal 1: Bob: 8 tricks" not in html
    assert "Bob: 8 tricks in hearts; 7 tricks: failed" in html  # still on the running sheet


# --- the house settings' sentence --------------------------------------------------------------

NO_TRUMP = "None set yet, so no-trump trick bids are refused: the club gives their figures under Settings."
FRENCH = "None set yet, so a bid that needs one is refused: the club fills them in under Settings."


def pdf_text(client, table) -> str:
    content = client.get(reverse("boston_pdf", args=[table.id])).content
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(content)).pages)


@pytest.mark.parametrize(("variant", "sentence"), [("fontainebleau", NO_TRUMP), ("french", FRENCH)])
def test_an_unset_house_setting_is_said_in_a_whole_sentence(client_in, variant, sentence):
    table = create_table(client_in, variant)
    html = client_in.get(reverse("boston_table", args=[table.id])).content.decode()
    assert sentence in html.replace("&#x27;", "'")
    assert "refused until they are" not in html and "refused until it is" not in html
    printed = pdf_text(client_in, table)
    assert sentence in printed
    assert "until they are" not in printed and "until it is" not in printed


# --- the long new-table form: each error by its field, and all of them at the top --------------


def test_the_new_table_form_lists_its_errors_at_the_top_and_by_each_field(client_in):
    data = table_data("english", player_2="", money_value="-1", pool_limit="100")
    response = client_in.post(reverse("boston_create"), data)
    assert response.status_code == 200 and not BostonTable.objects.exists()
    html = response.content.decode()
    summary = html[
        html.index('<div class="error-summary"') : html.index("</div>", html.index('<div class="error-summary"'))
    ]
    assert "Nothing was saved: 2 things to correct." in summary
    assert '<a href="#id_player_2">Player 2 (on player 1’s left)</a>: This field is required.' in summary
    assert '<a href="#id_money_value">Money per counter (optional)</a>:' in summary
    assert html.index('class="error-summary"') < html.index("<legend>The table</legend>")  # at the top
    for field in ("player_2", "money_value"):  # and each next to its own field
        assert re.search(rf'id="id_{field}"[^>]*>\s*<ul class="errorlist" id="id_{field}_error">', html), field


def test_the_services_errors_are_in_the_summary_too(client_in):
    response = client_in.post(reverse("boston_create"), table_data("english", pool_limit="100"))
    html = response.content.decode()
    assert "Nothing was saved: one thing to correct." in html
    assert (
        '<a href="#id_pool_feed">Counters the dealer puts in the pool each deal</a>: The book gives no figure' in html
    )
    assert re.search(r'id="id_pool_feed"[^>]*>\s*<ul class="errorlist" id="id_pool_feed_error">', html)


def test_a_choice_of_buttons_links_to_its_first_button(client_in):
    data = table_data("english", pool_feed="10", pool_limit="100")
    del data["variant"]
    html = client_in.post(reverse("boston_create"), data).content.decode()
    assert '<a href="#id_variant_0">The game</a>: This field is required.' in html
    assert 'id="id_variant_0"' in html


def test_a_hidden_setting_of_another_game_raises_no_error(client_in):
    # A no-trump figure typed for Fontainebleau, then the game changed to English Boston: never read.
    data = table_data("english", pool_feed="10", pool_limit="100", nt_7="-5")
    response = client_in.post(reverse("boston_create"), data)
    assert response.status_code == 302
    assert BostonTable.objects.get().no_trump == {}

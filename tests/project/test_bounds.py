"""Bounds the rules give, a busy database and a logged 500: each bad input gets one plain message and
changes nothing (the snapshot of every party table before and after is compared)."""

import io
import logging
import re
import sqlite3
from html import unescape

import pytest
from django.core import serializers
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.conftest import make_party
from tournaments.models import DealEntry, Party, ResultChange, Round, Seat, TableResult, TableToken
from tournaments.rules import party as party_rules

pytestmark = pytest.mark.django_db
MODELS = [Party, Round, Seat, TableResult, DealEntry, ResultChange]


def snapshot() -> str:
    return "".join(serializers.serialize("json", model._default_manager.order_by("pk")) for model in MODELS)


def text(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


# ---- the bounds worked out from the rules -------------------------------------------------------


def test_a_sides_round_result_lies_between_four_redoubled_sevens_down_thirteen_and_four_grand_slams():
    # By hand (docs/rules/scoring.md, modern): 7NT redoubled made is 2 × 2 × 220 = 880 below the line,
    # game 300 or 500, grand slam 1,000 or 1,500, redoubled "insult" 100: 2,280 not vulnerable and
    # 2,980 vulnerable (the cap spares a slam bid and made). Down thirteen redoubled: 200 + 400 + 400
    # + 10 × 600 = 7,000 not vulnerable, 400 + 12 × 600 = 7,600 vulnerable. Each side is vulnerable
    # on two of the four deals.
    assert party_rules.net_bounds("modern") == (-2 * 7000 - 2 * 7600, 2 * 2280 + 2 * 2980)


@pytest.fixture
def party(director):
    return make_party(tables=2, user=director)


def test_a_net_figure_four_deals_cannot_produce_is_refused(client_in, party):
    url = reverse("table_enter", args=[party.id, 1, 1])
    before = snapshot()
    page = text(client_in.post(url, {"mode": "net", "ns": -100000, "ew": -100000, "version": 0}))
    assert (
        "North–South's −100,000 is more than four deals can produce: a side's round result lies between "
        "−29,200 (a redoubled seven down thirteen on every deal) and +10,520 (a redoubled grand slam bid and "
        "made on every deal)."
    ) in page
    assert "Nothing was saved." in page
    assert snapshot() == before


def test_the_most_four_deals_can_produce_is_accepted(client_in, party):
    url = reverse("table_enter", args=[party.id, 1, 1])
    client_in.post(url, {"mode": "net", "ns": 10520, "ew": -29200, "version": 0})
    assert TableResult.objects.get(round__party=party, table=1).ns == 10520


def deals(**changes) -> dict:
    data = {"mode": "deals", "version": 0, "d1-level": "4", "d1-strain": "S", "d1-declarer": "N", "d1-tricks": "10"}
    data |= {f"d{n}-level": "P" for n in (2, 3, 4)}
    return data | changes


def test_a_passed_out_deal_with_tricks_is_refused(client_in, party):
    url = reverse("table_enter", args=[party.id, 1, 1])
    before = snapshot()
    page = text(client_in.post(url, deals(**{"d2-tricks": "13"})))
    assert "Deal 2: A passed-out deal has no tricks: leave them empty." in page
    assert snapshot() == before


def test_a_fifth_deal_is_refused_by_the_director_page_and_the_phone(client_in, party):
    before = snapshot()
    fifth = {"d5-level": "3", "d5-strain": "N", "d5-declarer": "E", "d5-tricks": "9"}
    page = text(client_in.post(reverse("table_enter", args=[party.id, 1, 1]), deals(**fifth), follow=True))
    assert "A round has four deals, numbered 1 to 4: nothing was saved." in page
    token = TableToken.objects.get(party=party, table=1, revoked_at=None)
    phone = Client().post(reverse("table_page", args=[token.token]), deals(round=1, **fifth), follow=True)
    assert "A round has four deals, numbered 1 to 4: nothing was saved." in text(phone)
    assert snapshot() == before


def test_fourteen_tricks_gets_one_message(client_in, party):
    page = text(client_in.post(reverse("table_enter", args=[party.id, 1, 1]), deals(**{"d1-tricks": "14"})))
    assert "Deal 1: Tricks taken are 0 to 13." in page
    assert "Give the tricks" not in page


@pytest.mark.parametrize("rounds", [0, 31, 40000])
def test_rounds_planned_are_one_to_thirty(client_in, director, rounds):
    data = {"name": "Long night", "date": "2026-12-05", "tables": 3, "rounds_planned": rounds}
    page = text(client_in.post(reverse("party_create"), data | {"rules": "modern", "tally_mode": "net"}))
    assert page.count("A party has 1 to 30 rounds.") == 1
    assert "Ensure this value" not in page
    assert not Party.objects.exists()


def test_no_round_past_the_thirtieth(director):
    from django.core.exceptions import ValidationError

    from tournaments.services import rounds as round_services
    from tournaments.services.results import result_record

    party = make_party(tables=1, rounds=30, user=director)
    Round.objects.filter(party=party).update(number=30)
    last = party.rounds.get()
    result_record(round_=last, table=1, net=(400, -400), by_user=director)
    with pytest.raises(ValidationError, match="A party has at most 30 rounds: this was the last."):
        round_services.round_close(round_=last, another=True)
    assert party.rounds.count() == 1


# ---- a busy database keeps the entry --------------------------------------------------------------


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's write lock")
def test_a_busy_database_answers_503_with_the_entry_kept(party, transactional_db, settings):
    token = TableToken.objects.get(party=party, table=1, revoked_at=None)
    before = snapshot()
    connection.close()
    connection.settings_dict["OPTIONS"] = {**connection.settings_dict["OPTIONS"], "timeout": 0.3}
    holder = sqlite3.connect(connection.settings_dict["NAME"], timeout=1)
    try:
        holder.execute("BEGIN IMMEDIATE")  # another writer holds the lock
        response = Client().post(reverse("table_page", args=[token.token]), deals(round=1, version=0))
    finally:
        holder.rollback()
        holder.close()
        connection.close()
        connection.settings_dict["OPTIONS"] = {**connection.settings_dict["OPTIONS"], "timeout": 20}
    assert response.status_code == 503 and response["Retry-After"] == "5"
    page = response.content.decode()
    assert "The database is busy: your entry is kept, press Save again." in page
    for name, value in deals(round=1, version=0).items():
        assert f'name="{name}" value="{value}"' in page
    assert snapshot() == before


# ---- every 500 is logged ----------------------------------------------------------------------


def test_a_500_is_logged_with_its_traceback_on_the_console(client_in, party, monkeypatch, settings):
    settings.DEBUG = False

    def broken(*args, **kwargs):
        raise RuntimeError("the standings broke")

    monkeypatch.setattr("tournaments.views.standings.standings_selectors.party_standings", broken)
    (console,) = [h for h in logging.getLogger("django.request").handlers if type(h) is logging.StreamHandler]
    written = io.StringIO()
    old = console.setStream(written)  # the console handler writes to stderr: gunicorn's log
    try:
        client_in.raise_request_exception = False
        response = client_in.get(reverse("party_standings", args=[party.id]))
    finally:
        console.setStream(old)
    assert response.status_code == 500
    err = written.getvalue()
    assert f"Internal Server Error: /parties/{party.id}/standings/" in err
    assert "Traceback (most recent call last)" in err and "RuntimeError: the standings broke" in err


def test_the_new_party_form_speaks_in_its_own_words_and_its_boxes_stop_where_the_rules_do(client_in, director):
    page = text(client_in.post(reverse("party_create"), {"rules": "modern", "tally_mode": "net"}))
    for message in (
        "Give the party a name.",
        "Give the party's date.",
        "Give the number of tables (1 to 500).",
        "Give the number of rounds planned (1 to 30).",
    ):
        assert message in page
    assert "This field is required" not in page and not Party.objects.exists()
    html = client_in.get(reverse("party_create")).content.decode()
    tables_box = re.search(r'<input type="number" name="tables"[^>]*>', html)
    rounds_box = re.search(r'<input type="number" name="rounds_planned"[^>]*>', html)
    assert tables_box and rounds_box, "the form lacks its number boxes"
    tables, rounds = tables_box.group(0), rounds_box.group(0)
    assert 'min="1"' in tables and 'max="500"' in tables and 'min="1"' in rounds and 'max="30"' in rounds


def test_the_busy_page_never_writes_a_password_back(rf):
    from tournaments.http.middleware import _kept_fields

    request = rf.post("/accounts/login/", {"username": "alice", "password": "correct horse", "password2": "x"})
    assert _kept_fields(request) == [("username", "alice")]


# ---- an id no database integer holds ---------------------------------------------------------------

HUGE = 99999999999999999999  # over 2**63: SQLite's driver raises OverflowError on it


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "poll"])
@pytest.mark.parametrize(
    "url",
    [
        lambda party: reverse("round_detail", args=[party.id, HUGE]),
        lambda party: reverse("round_detail", args=[HUGE, 1]),
        lambda party: reverse("knockout_detail", args=[HUGE]),
        lambda party: reverse("party_standings", args=[HUGE]) + "?projector=1",
    ],
    ids=["round number", "party id", "knockout id", "standings screen"],
)
def test_an_id_too_big_for_the_database_is_a_plain_404(client_in, party, url, htmx):
    # The plain statements the live pages read (tournaments/plain_sql.py) find no row, as the ORM does.
    headers = {"HX-Request": "true", "If-None-Match": '"x"'} if htmx else {}
    before = snapshot()
    response = client_in.get(url(party), headers=headers)
    assert response.status_code == 404
    assert snapshot() == before

"""A phone's save answered with what it changed (issue 28 item 3): the deal's line and the running
score, drawn, with the page's new validator, where the page the phone showed was current; the other
phone's poll, showing the page before, sent the same; no patch where the phone must draw its whole
part (a first deal that starts the round's clock, the fourth, a correction, a repeat, a page already
behind or changed since). The patched page's deal lines, running score and validator are those the
laptop draws next (the form moves on in phone.js: tests/browser/test_phone_patch.py)."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from tests.conftest import make_party
from tests.views.test_phone_answers import JSON, accept, deal, url_of
from tournaments.services import party as party_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db

LIVE = re.compile(r'data-live="([0-9a-f]+)"')
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


@pytest.fixture
def party(director):
    return make_party(tables=2, user=director)


def part(phone, party) -> str:
    return phone.get(url_of(party) + "?part=1").content.decode()


def live_of(html: str) -> str:
    found = LIVE.search(html)
    assert found, "the page carries no live validator"
    return found.group(1)


def lines_and_score(html: str) -> str:
    """The page's deal lines and running score, as drawn (the form tokens aside: each draw masks anew)."""
    deals = html[html.index('<ol class="deals"') : html.index("</ol>")]
    running = re.search(r'<p class="score" id="running"[^>]*>.*?</p>', html, re.S)
    drawn = TOKEN.sub("", deals + (running.group(0) if running else ""))
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", drawn))  # (an include's line breaks aside)


def patched(html: str, patch: dict) -> str:
    """The part as phone.js leaves it: the deal's line and the running score replaced, the new validator."""
    number = patch["number"]
    html = re.sub(rf'<li class="deal-line[^"]*" id="deal-{number}">.*?</li>', lambda _: patch["line"], html, flags=re.S)
    html = re.sub(r'<p class="score" id="running"[^>]*>.*?</p>', lambda _: patch["running"], html, flags=re.S)
    return LIVE.sub(f'data-live="{patch["live"]}"', html)


def save(phone, party, data, html):
    return phone.post(url_of(party), data | {"live": live_of(html)}, **JSON).json()


def test_a_save_on_a_current_page_is_answered_with_its_line_and_score_and_the_page_is_the_laptops_next(party):
    phone = Client()
    phone.post(url_of(party), deal(1, "a1"), **JSON)
    before = part(phone, party)
    answer = save(phone, party, deal(2, "a2", level="3", strain="N", declarer="E", tricks="8"), before)
    patch = answer["patch"]
    assert patch["number"] == 2
    assert 'id="deal-2"' in patch["line"] and "3NT" in patch["line"] and "3NT</strong> by E −1" in patch["line"]
    assert "East–West: accept deal 2" in patch["line"]  # North–South entered: East–West accept
    # 4♠ by North making 10 (deal 1, neither side vulnerable): 420; 3NT by East one down (deal 2, dealer
    # East, East–West vulnerable): 100 to North–South.
    assert patch["running"] == '<p class="score" id="running">Round result (2 of 4 deals in): N–S +520 · E–W −520</p>'
    after = part(phone, party)
    assert patch["live"] == live_of(after) == answer["state"]["live"]
    assert lines_and_score(patched(before, patch)) == lines_and_score(after)


def test_an_acceptance_on_a_current_page_is_answered_with_its_line(party):
    ns, ew = Client(), Client()
    ns.post(url_of(party), deal(1, "a1"), **JSON)
    ns.post(url_of(party), deal(2, "a2"), **JSON)
    before = part(ew, party)
    patch = save(ew, party, accept(1, "e1"), before)["patch"]
    assert patch["number"] == 1 and "✓ accepted" in patch["line"]
    after = part(ew, party)
    assert patch["live"] == live_of(after)
    assert lines_and_score(patched(before, patch)) == lines_and_score(after)


@pytest.mark.parametrize(
    "case",
    ["first deal", "fourth deal", "correction", "repeated send", "page behind", "no validator", "round agreed"],
    # ("first deal": the round not started, so that deal starts its clock)
)
def test_no_patch_where_the_phone_must_draw_its_part(party, case):
    phone = Client()
    if case == "first deal":
        assert save(phone, party, deal(1, "a1"), part(phone, party))["patch"] is None
        return
    phone.post(url_of(party), deal(1, "a1"), **JSON)
    if case == "fourth deal":
        phone.post(url_of(party), deal(2, "a2"), **JSON)
        phone.post(url_of(party), deal(3, "a3"), **JSON)
        answer = save(phone, party, deal(4, "a4"), part(phone, party))
    elif case == "correction":
        answer = save(phone, party, deal(1, "c1", tricks="11") | {"correcting": "1"}, part(phone, party))
    elif case == "repeated send":
        html = part(phone, party)
        save(phone, party, deal(2, "a2"), html)
        answer = save(phone, party, deal(2, "a2"), html)
    elif case == "page behind":
        html = part(phone, party)
        guest = party.guests.order_by("id").first()
        party_services.guest_update(
            guest=guest, name="Lady Renamed", kind=guest.kind, plays_as=guest.plays_as, reserve=False
        )
        answer = save(phone, party, deal(2, "a2"), html)
    elif case == "no validator":
        answer = phone.post(url_of(party), deal(2, "a2"), **JSON).json()
    else:
        for number in (2, 3, 4):
            phone.post(url_of(party), deal(number, f"a{number}"), **JSON)
        for number in (1, 2, 3):
            phone.post(url_of(party), accept(number, f"e{number}"), **JSON)
        answer = save(phone, party, accept(4, "e4"), part(phone, party))
    assert answer["ok"] is True
    assert answer["patch"] is None


def test_the_patch_reads_nothing_more_than_the_save(party):
    phone = Client()
    phone.post(url_of(party), deal(1, "a1"), **JSON)
    html = part(phone, party)
    with CaptureQueriesContext(connection) as plain:
        phone.post(url_of(party), deal(2, "a2"), **JSON)
    html = part(phone, party)
    with CaptureQueriesContext(connection) as with_patch:
        answer = save(phone, party, deal(3, "a3"), html)
    assert answer["patch"] is not None
    assert len(with_patch) == len(plain)


def test_the_patch_is_in_the_phones_language(party):
    phone = Client(HTTP_ACCEPT_LANGUAGE="fr")
    phone.post(url_of(party), deal(1, "a1"), **JSON)
    patch = save(phone, party, deal(2, "a2"), part(phone, party))["patch"]
    with translation.override("fr"):
        assert "Donne 2" in patch["line"]
        assert "Résultat du tour (2 donnes sur 4 saisies)" in patch["running"]


# ---- the other phone's poll: the same patch, for the page before the table's last change ----------


def poll(phone, party, shown, *, takes_json=True):
    accept = "text/html, application/json" if takes_json else "text/html"
    return phone.get(url_of(party) + "?part=1", headers={"If-None-Match": f'"{shown}"', "Accept": accept})


def test_the_other_phone_showing_the_page_before_is_sent_the_same_patch_by_its_poll(party):
    ns, ew = Client(), Client()
    ns.post(url_of(party), deal(1, "a1"), **JSON)
    before = part(ew, party)
    saved = save(ns, party, deal(2, "a2", level="3", strain="N", declarer="E", tricks="8"), part(ns, party))
    url, headers = url_of(party) + "?part=1", {"If-None-Match": f'"{live_of(before)}"', "Accept": "application/json"}
    with CaptureQueriesContext(connection) as queries:
        answer = ew.get(url, headers=headers)
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    assert len(queries) == 2  # the poll's statement, then the deal and the result's figures
    patch = answer.json()["patch"]
    assert answer["ETag"] == f'"{patch["live"]}"' == f'"{saved["patch"]["live"]}"'
    assert (patch["number"], patch["running"]) == (2, saved["patch"]["running"])
    assert TOKEN.sub("", patch["line"]) == TOKEN.sub("", saved["patch"]["line"])
    assert lines_and_score(patched(before, patch)) == lines_and_score(part(ew, party))
    assert poll(ew, party, patch["live"]).status_code == 304  # then it is current


def test_an_acceptance_reaches_the_entering_phone_as_a_patch(party):
    ns, ew = Client(), Client()
    ns.post(url_of(party), deal(1, "a1"), **JSON)
    ns.post(url_of(party), deal(2, "a2"), **JSON)
    before = part(ns, party)
    save(ew, party, accept(2, "e2"), part(ew, party))
    patch = poll(ns, party, live_of(before)).json()["patch"]
    assert patch["number"] == 2 and "✓ accepted" in patch["line"]
    assert lines_and_score(patched(before, patch)) == lines_and_score(part(ns, party))


@pytest.mark.parametrize("case", ["two changes behind", "changed since", "no JSON asked for", "no validator sent"])
def test_the_poll_draws_the_part_where_no_patch_leads_to_the_page(party, case):
    ns, ew = Client(), Client()
    ns.post(url_of(party), deal(1, "a1"), **JSON)
    before = part(ew, party)
    save(ns, party, deal(2, "a2"), part(ns, party))
    takes_json = True
    if case == "two changes behind":
        save(ns, party, deal(3, "a3"), part(ns, party))
    elif case == "changed since":
        guest = party.guests.order_by("id").first()
        party_services.guest_update(
            guest=guest, name="Lady Renamed", kind=guest.kind, plays_as=guest.plays_as, reserve=False
        )
    elif case == "no JSON asked for":
        takes_json = False
    if case == "no validator sent":
        answer = ew.get(url_of(party) + "?part=1", headers={"Accept": "text/html, application/json"})
    else:
        answer = poll(ew, party, live_of(before), takes_json=takes_json)
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/html")
    assert 'id="phone"' in answer.content.decode()


def test_the_first_deal_of_a_running_round_is_put_in_place_too(party):
    round_services.round_start(round_=party.rounds.get(number=1))  # the director started it: the clock runs
    ns, ew = Client(), Client()
    before = part(ew, party)
    assert '<p class="score" id="running" hidden></p>' in before  # the score's place, empty
    patch = save(ns, party, deal(1, "a1"), part(ns, party))["patch"]
    assert patch["number"] == 1
    assert patch["running"] == '<p class="score" id="running">Round result (1 of 4 deals in): N–S +420 · E–W −420</p>'
    assert poll(ew, party, live_of(before)).json()["patch"]["live"] == patch["live"]
    assert lines_and_score(patched(before, patch)) == lines_and_score(part(ew, party))


def test_a_saves_line_carries_the_token_the_phone_sent_and_the_acceptance_posted_with_it_passes(party):
    """The accept form in a patched line takes the CSRF token the save came with (checked, as the phone's
    page carries it), not one masked anew; the answer leaves the cookie be. Posted back, it passes."""
    phone = Client(enforce_csrf_checks=True)
    page = phone.get(url_of(party)).content.decode()
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert found, "the phone's page carries no CSRF token"
    sent = found.group(1)
    with_token = {"csrfmiddlewaretoken": sent}
    assert phone.post(url_of(party), deal(1, "a1") | with_token, **JSON).status_code == 200
    html = part(phone, party)
    answer = phone.post(url_of(party), deal(2, "a2") | with_token | {"live": live_of(html)}, **JSON)
    assert answer.status_code == 200 and "csrftoken" not in answer.cookies
    line = answer.json()["patch"]["line"]
    assert f'name="csrfmiddlewaretoken" value="{sent}"' in line
    # East–West accept from the line as drawn (the same browser: the same cookie).
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', line)
    assert found, "the patched line carries no CSRF token"
    token = found.group(1)
    accepted = phone.post(url_of(party), accept(2, "e2") | {"csrfmiddlewaretoken": token}, **JSON)
    assert accepted.status_code == 200 and accepted.json()["ok"] is True
    refused = Client(enforce_csrf_checks=True).post(url_of(party), accept(1, "e1") | {"csrfmiddlewaretoken": token})
    assert refused.status_code == 403  # another browser (no cookie): the token alone is no pass

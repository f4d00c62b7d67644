"""The table phone's answers mean what they say (issues 22 item 12 and 23 item 4): a send id reused for
another deal, or too long, is refused with 409 and nothing stored; a refusal leaves no stale message for
the next page; an agreed round offers no acceptance; last round's moves leave once this round has begun;
the page carries the four deals' own words for its script."""

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import make_party
from tournaments.models import PhoneSend, TableResult, TableToken
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db

# Any: it is spread into Client.post as extra headers, which mypy cannot tell from its other arguments.
JSON: dict[str, Any] = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def party(director):
    return make_party(tables=2, user=director)


def url_of(party, table=1):
    return reverse("table_page", args=[TableToken.objects.get(party=party, table=table, revoked_at=None).token])


def deal(number, client_id, *, level="4", strain="S", declarer="N", tricks="10", round_=1):
    data = {"action": "deal", "round": round_, "number": number, "side": "NS", "client_id": client_id, "save": "1"}
    if level == "P":
        return data | {"deal-level": "P"}
    return data | {"deal-level": level, "deal-strain": strain, "deal-declarer": declarer, "deal-tricks": tricks}


def accept(number, client_id, side="EW"):
    return {"action": "accept", "round": 1, "number": number, "side": side, "client_id": client_id}


def stored(party, table=1):
    result = TableResult.objects.filter(round__party=party, table=table).first()
    return (
        [(d.number, d.contract, d.declarer, d.tricks, d.accepted) for d in result.deals.order_by("number")]
        if result
        else []
    )


# ---- a send id: a repeat is done once, the same id for other content is refused ---------------------


def test_a_send_id_reused_for_another_deal_is_refused_with_409_and_nothing_stored(party):
    phone = Client()
    assert phone.post(url_of(party), deal(1, "id-1"), **JSON).json()["ok"]
    answer = phone.post(url_of(party), deal(2, "id-1", level="P"), **JSON)
    assert answer.status_code == 409
    assert answer.json()["ok"] is False
    assert answer.json()["message"] == "This phone sent that id for another deal: nothing was saved."
    assert stored(party) == [(1, "4S", "N", 10, False)]
    assert PhoneSend.objects.count() == 1


def test_a_send_id_reused_with_another_contract_for_the_same_deal_is_refused(party):
    phone = Client()
    phone.post(url_of(party), deal(1, "id-1"), **JSON)
    answer = phone.post(url_of(party), deal(1, "id-1", tricks="9"), **JSON)
    assert (answer.status_code, answer.json()["message"]) == (
        409,
        "This phone sent that id for another deal: nothing was saved.",
    )
    assert stored(party) == [(1, "4S", "N", 10, False)]


def test_a_deals_id_reused_for_an_acceptance_is_refused_and_accepts_nothing(party):
    phone = Client()
    phone.post(url_of(party), deal(1, "id-1"), **JSON)
    answer = phone.post(url_of(party), accept(1, "id-1"), **JSON)
    assert answer.status_code == 409
    assert answer.json()["message"] == "This phone sent that id for another deal: nothing was saved."
    assert stored(party) == [(1, "4S", "N", 10, False)]


def test_a_send_id_of_an_earlier_round_is_refused_in_the_next(party, director):
    phone = Client()
    for number in (1, 2, 3, 4):
        phone.post(url_of(party), deal(number, f"r1-{number}", level="P"), **JSON)
        phone.post(url_of(party), accept(number, f"r1-a{number}"), **JSON)
    for table in (2,):
        for number in (1, 2, 3, 4):
            phone.post(url_of(party, table), deal(number, f"t2-{number}", level="P"), **JSON)
            phone.post(url_of(party, table), accept(number, f"t2-a{number}"), **JSON)
    round_services.round_close(round_=party.rounds.get(number=1))
    answer = phone.post(url_of(party), deal(1, "r1-1", level="P", round_=2), **JSON)
    assert (answer.status_code, answer.json()["message"]) == (
        409,
        "This phone sent that id for another deal: nothing was saved.",
    )
    assert not TableResult.objects.filter(round__number=2).exists()


def test_a_repeat_with_the_same_content_is_still_recognised_and_stored_once(party):
    phone = Client()
    first = phone.post(url_of(party), deal(1, "id-1"), **JSON)
    again = phone.post(url_of(party), deal(1, "id-1"), **JSON)
    assert (first.status_code, again.status_code) == (200, 200)
    assert again.json()["message"] == "Deal 1 saved."
    assert stored(party) == [(1, "4S", "N", 10, False)]
    phone.post(url_of(party), accept(1, "acc-1"), **JSON)
    assert phone.post(url_of(party), accept(1, "acc-1"), **JSON).json()["message"] == "Deal 1 accepted."
    assert stored(party) == [(1, "4S", "N", 10, True)]


def test_a_send_id_longer_than_64_characters_is_refused_never_cut(party):
    phone = Client()
    long_id = "x" * 64 + "-first"
    answer = phone.post(url_of(party), deal(1, long_id), **JSON)
    assert answer.status_code == 409
    assert answer.json()["message"] == "This phone's send id is longer than 64 characters: nothing was saved."
    assert stored(party) == [] and not PhoneSend.objects.exists()
    # Two ids alike in their first 64 characters were one id once cut: now each is refused alone.
    answer = phone.post(url_of(party), accept(1, "x" * 64 + "-second"), **JSON)
    assert answer.status_code == 409 and stored(party) == []
    assert phone.post(url_of(party), deal(1, "x" * 64), **JSON).status_code == 200  # 64 is allowed
    assert stored(party) == [(1, "4S", "N", 10, False)]


def test_a_send_stored_before_and_cleared_since_is_not_called_saved(party, director):
    phone = Client()
    phone.post(url_of(party), deal(1, "id-1"), **JSON)
    TableResult.objects.filter(round__party=party, table=1).delete()  # the director cleared the table
    answer = phone.post(url_of(party), deal(1, "id-1"), **JSON)
    assert (answer.status_code, answer.json()["message"]) == (
        400,
        "Deal 1 was sent before but is no longer stored: enter it again.",
    )
    assert stored(party) == []


def test_the_service_refuses_the_reused_id_too(party):
    round_ = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=1, revoked_at=None)
    result_services.deal_record(round_=round_, table=1, number=1, deal=("PASS", "", 0), by_token=token, client_id="a")
    with pytest.raises(result_services.SendRefused, match="This phone sent that id for another deal"):
        result_services.deal_record(
            round_=round_, table=1, number=2, deal=("PASS", "", 0), by_token=token, client_id="a"
        )
    assert stored(party) == [(1, "PASS", "", 0, False)]


# ---- messages that mean what they say ------------------------------------------------------------------


def test_a_refusal_sent_by_the_script_leaves_no_message_for_the_next_page(party):
    phone = Client()
    answer = phone.post(url_of(party), deal(2, "early", level="P"), **JSON)
    assert answer.json()["message"] == "Enter deal 1 first: the deals go in order."
    page = phone.get(url_of(party)).content.decode()
    assert "Nothing was saved." not in page and "Enter deal 1 first" not in page


def test_a_refusal_of_a_plain_form_still_says_nothing_was_saved(party):
    phone = Client()
    page = phone.post(url_of(party), deal(2, "", level="P"), follow=True).content.decode()
    assert "Nothing was saved." in page and "Enter deal 1 first: the deals go in order." in page
    assert "Nothing was saved." not in phone.get(url_of(party)).content.decode()


def test_a_locked_tables_acceptance_is_refused_in_words_the_script_puts_after_its_own(party, director):
    phone = Client()
    phone.post(url_of(party), deal(1, "d1"), **JSON)
    round_ = party.rounds.get(number=1)
    result_services.result_lock(round_=round_, table=1, locked=True, by_user=director)
    answer = phone.post(url_of(party), accept(1, "a1"), **JSON)
    assert answer.status_code == 400
    assert answer.json()["message"] == "The director has locked this table: ask the director to change it."
    assert stored(party) == [(1, "4S", "N", 10, False)]
    page = phone.get(url_of(party)).content.decode()
    found = re.search(r'<script id="phone-words" type="application/json">(.*?)</script>', page)
    assert found, "the page carries no words for its script"
    words = json.loads(found.group(1))
    # phone.js writes the refusal as this word with the deal's number and the answer's message.
    assert words["refused_accept"] == "Deal %(number)s was not accepted: %(message)s"
    assert words["refused_deal"] == "Deal %(number)s was not saved: %(message)s"
    assert not any(word.startswith("Deal %(number)s accepted") for word in words.values())


def test_once_both_sides_agree_no_acceptance_is_offered(party):
    phone = Client()
    for number in (1, 2, 3, 4):
        phone.post(url_of(party), deal(number, f"d{number}", level="P"), **JSON)
    result = TableResult.objects.get(round__party=party, table=1)
    round_ = party.rounds.get(number=1)
    for side in ("NS", "EW"):
        result_services.result_agree(round_=round_, table=1, side=side, by_token=None, expected_version=result.version)
        result.refresh_from_db()
    assert result.status == "agreed"
    page = phone.get(url_of(party)).content.decode()
    assert "Accepted." in page
    assert "East–West: accept deal" not in page and "North–South: accept deal" not in page
    assert 'class="accept"' not in page


def test_last_rounds_moves_leave_once_this_rounds_first_deal_is_in(party, director):
    phone = Client()
    for table in (1, 2):
        for number in (1, 2, 3, 4):
            phone.post(url_of(party, table), deal(number, f"t{table}-{number}", level="P"), **JSON)
            phone.post(url_of(party, table), accept(number, f"t{table}-a{number}"), **JSON)
    round_services.round_close(round_=party.rounds.get(number=1))
    page = phone.get(url_of(party)).content.decode()
    assert "Round 1 is closed." in page and 'id="moves"' in page
    assert phone.post(url_of(party), deal(1, "r2-1", level="P", round_=2), **JSON).json()["ok"]
    page = phone.get(url_of(party)).content.decode()
    assert 'id="moves"' not in page and "Round 1 is closed." not in page
    assert "Table 1, round 2" in page
    all_at_once = phone.get(url_of(party) + "?all=1").content.decode()
    assert 'id="moves"' not in all_at_once


def test_the_page_carries_each_deals_own_dealer_and_vulnerability_for_its_script(party):
    page = Client().get(url_of(party)).content.decode()
    found = re.search(r'<script id="phone-deals" type="application/json">(.*?)</script>', page)
    assert found, "the page carries no deals for its script"
    deals = json.loads(found.group(1))
    # The rules: deal 1 dealer N nobody vulnerable, 2 E East-West, 3 S North-South, 4 W both.
    assert [(d["number"], d["dealer"], d["vulnerable"]) for d in deals] == [
        (1, "N", "none"),
        (2, "E", "EW"),
        (3, "S", "NS"),
        (4, "W", "both"),
    ]
    assert [(d["title"], d["meta"], d["save"]) for d in deals] == [
        ("Deal 1", "· dealer N · vulnerable: neither side", "Save deal 1"),
        ("Deal 2", "· dealer E · vulnerable: East–West", "Save deal 2"),
        ("Deal 3", "· dealer S · vulnerable: North–South", "Save deal 3"),
        ("Deal 4", "· dealer W · vulnerable: both sides", "Save deal 4"),
    ]
    # The words are the page's own for that deal (the form's heading as the laptop draws it).
    assert '<small class="deal-meta">· dealer N · vulnerable: neither side</small>' in page
    assert "Keep this page open while the Wi-Fi is down" in page  # shown by phone.js on plain http://


def test_the_phone_page_with_its_script_and_worker_stays_under_100_kb(party):
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    page = Client().get(url_of(party)).content
    script = (root / "static" / "phone" / "phone.js").read_bytes()
    worker = Client().get(reverse("service_worker")).content
    assert len(page) + len(script) + len(worker) < 100_000

"""A phone's save while the server's disk is full: the server answers 503 and the phone's script
keeps the entry, shows it as not sent yet, and sends it again by itself once the disk has room.

The full disk is SQLite's own error raised from the save (tests/clubdirector/test_disk_full.py fills a real
database file); here it is the phone's side that is tried, in a real browser.
"""

import pytest
from django.db import OperationalError

from tests.browser.test_phones import contexts, enter_deal  # noqa: F401 (a fixture)
from tests.conftest import make_party
from tournaments.http import middleware
from tournaments.models import PhoneSend, TableResult, TableToken
from tournaments.services import results as result_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_keeps_a_deal_the_full_disk_refused_and_sends_it_once_there_is_room(
    contexts,  # noqa: F811
    live_server,
    monkeypatch,
):
    party = make_party(tables=1)
    token = TableToken.objects.get(party=party, table=1)
    refused = []
    real_record = result_services.deal_record

    def no_room(**kwargs):
        refused.append(kwargs["number"])
        raise OperationalError("database or disk is full")

    monkeypatch.setattr(result_services, "deal_record", no_room)
    # The server asks for 6 s (60 on a real night): the script waits that long, not its own 4 s.
    monkeypatch.setattr(middleware, "DISK_FULL_RETRY_S", 6)
    page = contexts(viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True).new_page()
    answers = []
    page.on("response", lambda response: answers.append(response.status) if response.request.method == "POST" else None)
    page.goto(f"{live_server.url}/t/{token.token}/")
    enter_deal(page, level="3", strain="N", declarer="S", tricks=9)  # 3NT making: 400 to N-S
    page.wait_for_selector("#outbox li.pending")
    assert "saved on this phone, not sent yet" in page.inner_text("#outbox")
    page.wait_for_timeout(4500)  # the script's own timer (every 4 s) has passed: Retry-After holds it
    assert refused == [1]
    page.wait_for_timeout(4000)  # past the 6 s asked for: it has tried again, and kept it again
    assert len(refused) >= 2 and set(refused) == {1}
    assert set(answers) == {503}  # the full disk's answer, never a bare 500
    assert page.locator("#outbox li.pending").count() == 1
    assert not TableResult.objects.filter(round__party=party).exists()

    monkeypatch.setattr(result_services, "deal_record", real_record)  # the disk has room again
    page.wait_for_selector("#deal-1.entered", timeout=15_000)
    assert page.locator("#outbox li.pending").count() == 0
    result = TableResult.objects.get(round__party=party, table=1)
    assert list(result.deals.values_list("number", "contract", "declarer", "tricks")) == [(1, "3N", "S", 9)]
    assert result.ns == 400 and PhoneSend.objects.filter(token=token).count() == 1

"""The table's phone page: entry, agreement, closed rounds, bad input, bad links, history."""

import threading

import pytest
from django.core.cache import cache
from django.db import connections
from django.test import Client
from django.urls import reverse

from tournaments.http import link_limit
from tournaments.models import ResultChange, TableResult, TableToken
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services import tokens as token_services

pytestmark = pytest.mark.django_db

DEALS = {
    "d1-level": "4", "d1-strain": "S", "d1-declarer": "N", "d1-tricks": "10",
    "d2-level": "P",
    "d3-level": "3", "d3-strain": "N", "d3-declarer": "E", "d3-tricks": "8",
    "d4-level": "P",
}  # fmt: skip
# By hand: 4S made by N, deal 1 (nobody vulnerable): 420 to N-S. 3N one down by E on deal 3 (E-W
# not vulnerable): 50 to N-S. N-S +470, E-W -470.


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()


def link(party, table=1):
    token = TableToken.objects.get(party=party, table=table, revoked_at__isnull=True)
    return reverse("table_page", args=[token.token])


def post(client, url, data):
    return client.post(url, data, follow=True).content.decode()


def test_a_table_enters_its_round_and_both_sides_agree(client, party_factory):
    party = party_factory(tables=2)
    url = link(party)
    page = client.get(url).content.decode()
    assert "Table 1, round 1" in page and "dealer N" in page and "vulnerable: East–West" in page
    page = post(client, url, {"round": 1, "version": 0, **DEALS})
    assert "Now both sides agree" in page and "+470" in page
    result = TableResult.objects.get(round__party=party, table=1)
    assert (result.status, result.ns, result.ew, result.winner) == ("submitted", 470, -470, "NS")
    assert not result.is_complete
    post(client, url, {"round": 1, "version": result.version, "agree": "NS"})
    result.refresh_from_db()
    assert result.status == "submitted" and result.ns_agreed
    page = post(client, url, {"round": 1, "version": result.version, "agree": "EW"})
    assert "This result counts" in page
    result.refresh_from_db()
    assert result.status == "agreed" and result.is_complete
    assert list(result.changes.values_list("action", flat=True)) == ["EW agreed", "NS agreed", "entered at the table"]
    assert all(c.by_token_id for c in result.changes.all())


def test_deals_can_be_saved_as_they_go(client, party_factory):
    party = party_factory(tables=1)
    post(client, link(party), {"round": 1, "version": 0, "d1-level": "P"})
    result = TableResult.objects.get(round__party=party, table=1)
    assert (result.status, result.deals.count()) == ("in_progress", 1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"d1-tricks": "14"}, "Deal 1: Tricks taken are 0 to 13."),
        ({"d1-strain": "Q"}, "Deal 1: The suit is C, D, H, S or NT."),
        ({"d1-declarer": "Z"}, "Deal 1: The declarer is one of the four players at the table."),
        ({"d5-level": "P"}, "A round has four deals, numbered 1 to 4"),
        ({"version": "x"}, "The form was damaged"),
        ({"version": "²"}, "The form was damaged"),  # a digit to str.isdigit, not to int(): was a 500
        ({"round": "7"}, "That round is closed"),
    ],
)
def test_bad_input_says_so_and_saves_nothing(client, party_factory, change, message, caplog):
    party = party_factory(tables=2)
    page = post(client, link(party), {"round": 1, "version": 0, **DEALS, **change})
    assert message in page
    assert not TableResult.objects.exists() and not ResultChange.objects.exists()
    assert "refused entry" in caplog.text or "wrong" in caplog.text


def test_a_gap_or_no_deal_draws_the_form_again_with_what_was_typed(client, party_factory):
    """Read without forms where it can (forms.plain_round), a refused round still gets the forms: what is
    wrong below the deals, what was typed kept, the players named in the declarer's choices."""
    party = party_factory(tables=2)
    url = link(party)
    gap = {k: v for k, v in DEALS.items() if not k.startswith("d2-")}
    response = client.post(url, {"round": 1, "version": 0, **gap})
    page = response.content.decode()
    assert response.status_code == 200 and "Nothing was saved: see what is wrong below the deals." in page
    assert "Deal 2 is missing: enter the deals in order." in page
    deal_3 = page[page.index('name="d3-level"') : page.index('name="d4-level"')]
    assert '<option value="3" selected>' in deal_3 and '<option value="8" selected>' in deal_3
    north = party.rounds.get(number=1).seats.get(table=1, seat="N").guest.name
    assert f"{north} (N)" in page
    page = client.post(url, {"round": 1, "version": 0}).content.decode()
    assert "Enter at least one deal." in page
    assert not TableResult.objects.exists() and not ResultChange.objects.exists()


def test_a_closed_round_takes_no_more_results_and_shows_where_to_go(client, party_factory, director):
    party = party_factory(tables=2)
    first = party.rounds.get(number=1)
    for table in (1, 2):
        result_services.result_record(round_=first, table=table, net=(100, -100), by_user=director)
    second = round_services.round_close(round_=first)
    assert second is not None  # round 2 follows
    url = link(party)
    page = client.get(url).content.decode()
    assert "Round 1 is closed" in page and "Where everyone from this table goes now" in page
    mover = second.seats.get(table=1, seat="N").guest.name
    assert mover in page
    page = post(client, url, {"round": 1, "version": 1, **DEALS})
    assert "That round is closed" in page
    assert TableResult.objects.get(round=first, table=1).ns == 100


def test_a_wrong_or_revoked_link_is_a_plain_404_and_repeated_wrong_links_are_slowed(client, party_factory, monkeypatch):
    monkeypatch.setattr(link_limit, "_window", lambda: 1)  # all within one minute of the limit
    party = party_factory(tables=1)
    old = link(party)
    token_services.token_reissue(party=party, table=1)
    assert client.get(old).status_code == 404
    assert client.get(link(party)).status_code == 200
    for _ in range(9):
        assert client.get("/t/not-a-real-token/").status_code == 404
    assert client.get("/t/still-wrong/").status_code == 429
    assert client.get(link(party)).status_code == 200  # a valid link still opens its table


def test_a_token_reaches_only_its_own_table(client, party_factory):
    party = party_factory(tables=2)
    other = party_factory(tables=1, name="Other party")
    post(client, link(party, 1), {"round": 1, "version": 0, "table": 2, "party": other.id, **DEALS})
    assert list(TableResult.objects.values_list("round__party", "table")) == [(party.id, 1)]
    assert client.get(reverse("round_detail", args=[party.id, 1])).status_code == 302  # login page


def test_a_locked_table_refuses_the_phones(client, party_factory, director):
    party = party_factory(tables=1)
    url = link(party)
    post(client, url, {"round": 1, "version": 0, "d1-level": "P"})
    result_services.result_lock(round_=party.rounds.get(number=1), table=1, locked=True, by_user=director)
    page = post(client, url, {"round": 1, "version": 2, **DEALS})
    assert "The director has locked this table" in page
    assert TableResult.objects.get().deals.count() == 1


def test_a_second_phone_with_an_old_page_is_told_and_nothing_is_lost(client, party_factory):
    party = party_factory(tables=1)
    url = link(party)
    post(client, url, {"round": 1, "version": 0, "d1-level": "P"})
    page = post(client, url, {"round": 1, "version": 0, **DEALS})
    assert "Someone else at this table saved a change a moment ago" in page
    assert TableResult.objects.get().deals.count() == 1


def test_the_director_undoes_a_change(client_in, party_factory, director):
    party = party_factory(tables=1)
    first = party.rounds.get(number=1)
    result_services.result_record(round_=first, table=1, net=(400, -400), by_user=director)
    result, _ = result_services.result_record(round_=first, table=1, net=(-200, 200), by_user=director)
    latest = result.changes.first()
    assert latest is not None  # two entries made two changes
    client_in.post(reverse("result_undo", args=[party.id, 1, 1, latest.id]))
    result.refresh_from_db()
    assert (result.ns, result.ew, result.winner) == (400, -400, "NS")
    newest = result.changes.first()
    assert newest is not None and newest.action == "undone"
    page = client_in.get(reverse("table_enter", args=[party.id, 1, 1])).content.decode()
    assert "undone" in page and "alice" in page


@pytest.mark.django_db(transaction=True)
def test_two_phones_submitting_at_once_lose_nothing_silently(party_factory):
    party = party_factory(tables=1)
    url = link(party)
    barrier = threading.Barrier(2)
    pages = []

    def phone(deals):
        client = Client()
        barrier.wait()
        try:
            pages.append(client.post(url, {"round": 1, "version": 0, **deals}, follow=True).content.decode())
        finally:
            connections.close_all()  # this thread's own connection: PostgreSQL must be able to drop the test DB

    other = {**DEALS, "d1-tricks": "11"}
    threads = [threading.Thread(target=phone, args=(d,)) for d in (DEALS, other)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    result = TableResult.objects.get()
    assert result.version == 1 and result.changes.count() == 1
    assert sum("Someone else at this table saved" in p for p in pages) == 1
    assert result.ns in (470, 500)  # whichever phone came first; the other was told


def test_a_refused_entry_keeps_what_the_table_typed(client, party_factory):
    party = party_factory(tables=1)
    page = client.post(link(party), {"round": 1, "version": 0, **DEALS, "d3-tricks": "14"}).content.decode()
    assert "Nothing was saved" in page and "Deal 3: Tricks taken are 0 to 13." in page
    assert '<option value="10" selected>' in page  # deal 1's tricks still chosen


def test_the_agree_buttons_come_after_the_figures(client, party_factory):
    party = party_factory(tables=1)
    page = post(client, link(party), {"round": 1, "version": 0, **DEALS})
    assert page.index("Round result") < page.index("North–South agree")


def test_the_whole_round_form_reads_its_table_in_three_statements(client, party_factory, django_assert_num_queries):
    """The whole-round form (drawn with ?all=1, posted, agreed) reads the link, the round and the table in
    two plain statements (selectors/table.form_page) and the stored deals prefetched: they are in the form."""
    party = party_factory(tables=2)
    url = link(party)
    post(client, url, {"round": 1, "version": 0, **DEALS})
    with django_assert_num_queries(3):
        page = client.get(url + "?all=1").content.decode()
    # The stored deals in the form (deal 3: 3NT by East, 8 tricks), and the result's version to post with.
    deal_3 = page[page.index('name="d3-level"') : page.index('name="d4-level"')]
    assert '<option value="3" selected>' in deal_3 and '<option value="N" selected>NT' in deal_3
    assert '<option value="8" selected>' in deal_3 and '<input type="hidden" name="version" value="1">' in page
    result = TableResult.objects.get(round__party=party, table=1)
    # One read, as a phone's deal is saved (services/results/deal_by_deal.py): the link with its party, its round
    # and the table in it, in one plain statement with no lock, then the savepoint, the result's update
    # (conditional on what was read: its version, state and the other side's agreement), the history row and
    # the release. It was seven, with the page's two statements and the table read again; ten with the result
    # and its deals read again under a lock through the ORM; thirteen before that.
    with django_assert_num_queries(5) as counted:
        client.post(url, {"round": 1, "version": result.version, "agree": "NS"})
    sql = [q["sql"] for q in counted.captured_queries]
    assert 'FROM "tournaments_tabletoken" t JOIN' in sql[0] and 'LEFT JOIN "tournaments_tableresult"' in sql[0]
    update = sql[2]
    assert update.startswith('UPDATE "tournaments_tableresult"')
    assert all(f'"{field}" =' in update.split("WHERE")[1] for field in ("version", "ns_agreed", "ew_agreed", "locked"))
    assert sql[3].startswith('INSERT INTO "tournaments_resultchange"')
    result.refresh_from_db()
    assert result.ns_agreed and not result.ew_agreed


def test_the_history_keeps_each_whole_round_change_as_the_result_then_read(client, party_factory):
    """The history's snapshots, made from what was just written (not read back), are what a fresh read of
    the result gives after each change: the round entered, entered again, agreed by each side."""
    from tournaments.services.results.common import _snapshot

    party = party_factory(tables=2)
    url = link(party)
    post(client, url, {"round": 1, "version": 0, **DEALS})
    result = TableResult.objects.get(round__party=party, table=1)
    seen = [_snapshot(result)]
    again = DEALS | {"d4-level": "1", "d4-strain": "C", "d4-declarer": "W", "d4-tricks": "7"}
    post(client, url, {"round": 1, "version": 1, **again})
    seen.append(_snapshot(TableResult.objects.get(pk=result.pk)))
    for side in ("NS", "EW"):
        post(client, url, {"round": 1, "version": 2, "agree": side})
        seen.append(_snapshot(TableResult.objects.get(pk=result.pk)))
    changes = list(result.changes.order_by("id"))
    assert [c.action for c in changes] == ["entered at the table", "entered at the table", "NS agreed", "EW agreed"]
    assert [c.after for c in changes] == seen
    assert [c.before for c in changes] == [{}, *seen[:-1]]
    # Deal 4 entered again (1♣ by West, seven tricks), in its place among the four.
    assert seen[1]["deals"] == [[1, "4S", "N", 10], [2, "PASS", "", 0], [3, "3N", "E", 8], [4, "1C", "W", 7]]
    assert seen[-1]["status"] == "agreed" and seen[1]["version"] == 2


def test_the_whole_round_entered_in_seven_statements(client, party_factory, django_assert_num_queries):
    """The whole-round form posted (without the phone's script): its table read with the link in one plain
    statement with no lock, as a phone's deal is, then one transaction (its savepoint and release) that
    updates the result on the version and state read, replaces its four deals (one delete, one insert of the
    four) and adds the history row. Through the ORM, with the page read and the table read again under a
    lock, it was fourteen."""
    party = party_factory(tables=2)
    url = link(party)
    post(client, url, {"round": 1, "version": 0, **DEALS})
    again = DEALS | {"d4-level": "1", "d4-strain": "C", "d4-declarer": "W", "d4-tricks": "7"}
    with django_assert_num_queries(7) as counted:
        client.post(url, {"round": 1, "version": 1, **again})
    sql = [q["sql"] for q in counted.captured_queries]
    assert 'FROM "tournaments_tabletoken" t JOIN' in sql[0] and 'LEFT JOIN "tournaments_tableresult"' in sql[0]
    update = sql[2]
    assert update.startswith('UPDATE "tournaments_tableresult"')
    assert all(f'"{field}" =' in update.split("WHERE")[1] for field in ("id", "version", "status"))
    assert sql[3].startswith('DELETE FROM "tournaments_dealentry"')
    assert sql[4].startswith('INSERT INTO "tournaments_dealentry"') and sql[4].count("), (") == 3
    assert sql[5].startswith('INSERT INTO "tournaments_resultchange"')
    result = TableResult.objects.get(round__party=party, table=1)
    assert (result.version, result.status) == (2, "submitted")
    assert [(d.number, d.contract, d.declarer, d.tricks) for d in result.deals.all()][3] == (4, "1C", "W", 7)

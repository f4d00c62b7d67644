"""The phone's save in plain SQL (tournaments.plain_sql): it reads and writes exactly what the ORM
would, and its answer says what a fresh read says (one phone at a time; and when two acceptances at
one moment make the round count)."""

import datetime
import inspect
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models.signals import post_init
from django.http import Http404
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.conftest import make_party
from tournaments import plain_sql
from tournaments.models import DealEntry, Party, PhoneSend, ResultChange, Round, TableResult, TableToken
from tournaments.selectors import phone_read
from tournaments.selectors import table as table_selectors
from tournaments.services import results as result_services
from tournaments.services.results import deal_by_deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def party(director):
    return make_party(tables=2, user=director)


def concrete(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_the_phones_one_read_gives_what_the_orm_reads(party):
    token = TableToken.objects.get(party=party, table=2)
    found, current, read = table_selectors.phone_post(token.token)
    assert current is not None  # the party has started
    assert concrete(found) == concrete(token)
    assert concrete(found.party) == concrete(Party.objects.get(pk=party.pk))
    assert concrete(current) == concrete(Round.objects.get(party=party, number=1))
    assert current.party is found.party  # the services read the party's rules from the round
    of = (current.pk, 2, None, "")  # no send id: no link asked after
    assert read == phone_read.TableRead(None, {}, seated=True, sent=None, of=of)  # seated, nothing entered yet
    seats = party.rounds.get(number=1).seats.filter(table=2)
    names = table_selectors.seat_names(current, 2)
    assert names == {seat.seat: seat.guest.name for seat in seats} and sorted(names) == ["E", "N", "S", "W"]
    assert isinstance(found.created_at, datetime.datetime) and timezone.is_aware(found.created_at)


def test_the_phones_one_read_reads_the_table_as_the_save_reads_it(party):
    round_ = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=2)
    deal = {"round_": round_, "table": 2, "by_token": token}
    result_services.deal_record(**deal, number=1, deal=("4S", "N", 10), client_id="id-1")
    result_services.deal_record(**deal, number=2, deal=("PASS", "", 0), client_id="id-2")
    result_services.deal_accept(**deal, number=1, side="EW", client_id="id-3")
    for client_id, sent in (("id-2", PhoneSend.objects.get(client_id="id-2").content), ("id-9", None), ("", None)):
        _found, _current, read = table_selectors.phone_post(token.token, client_id)
        assert read == deal_by_deal._read(round_, 2, token, client_id)
        assert read.sent == sent and read.seated
        stored = TableResult.objects.get(round=round_, table=2)
        assert read.row == {f: getattr(stored, f) for f in phone_read.RESULT_FIELDS} | {"round__status": "playing"}
        assert [(d.number, d.contract, d.declarer, d.tricks, d.accepted) for d in read.deals.values()] == [
            (1, "4S", "N", 10, True),
            (2, "PASS", "", 0, False),
        ]
    # Table 1 has no result: its read says so, and that it is seated.
    _found, _current, read = table_selectors.phone_post(TableToken.objects.get(party=party, table=1).token)
    assert read == phone_read.TableRead(None, {}, seated=True, sent=None, of=(round_.pk, 1, None, ""))


def test_a_wrong_revoked_or_overlong_link_is_a_plain_404(party):
    token = TableToken.objects.get(party=party, table=1)
    for wrong in ("", "nope", "x" * 65):
        with pytest.raises(Http404):
            table_selectors.phone_post(wrong)
    token.revoked_at = timezone.now()
    token.save()
    with pytest.raises(Http404):
        table_selectors.phone_post(token.token)


def test_what_a_phone_writes_reads_back_through_the_orm(party):
    round_ = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=1)
    before = timezone.now()
    result_services.deal_record(
        round_=round_, table=1, number=1, deal=("4S", "N", 10), side="NS", by_token=token, client_id="one"
    )
    result_services.deal_record(
        round_=round_, table=1, number=2, deal=("3NX", "E", 7), side="NS", by_token=token, client_id="two"
    )
    result_services.deal_accept(round_=round_, table=1, number=2, side="EW", by_token=token, client_id="two-ok")
    deal = DealEntry.objects.get(result__round=round_, result__table=1, number=2)
    # By hand (docs/rules): deal 2, East–West vulnerable; 3NT doubled by E, two down: 200 + 300 to N-S.
    assert (deal.contract, deal.declarer, deal.tricks, deal.ns, deal.ew) == ("3NX", "E", 7, 500, -500)
    assert (deal.entered_by, deal.accepted) == ("NS", True)
    send = PhoneSend.objects.get(token=token, client_id="two")
    assert timezone.is_aware(send.at) and before <= send.at <= timezone.now()
    change = ResultChange.objects.filter(result__round=round_, result__table=1).order_by("pk").last()
    assert change is not None
    assert change.action == "deal 2 accepted by EW" and change.by_token_id == token.pk and change.by_user_id is None
    assert before <= change.at <= timezone.now()
    assert change.before["deals"] == [[1, "4S", "N", 10], [2, "3NX", "E", 7]]
    # An acceptance leaves the version be: it guards the deals, and acceptances commute.
    assert change.after["status"] == "in_progress" and change.after["version"] == 2
    result = TableResult.objects.get(round=round_, table=1)
    # 420 (deal 1, 4S made, nobody vulnerable) + 500 = 920 to N-S; the updated_at written is a real time.
    assert (result.ns, result.ew, result.version, result.status) == (920, -920, 2, "in_progress")
    assert before <= result.updated_at <= timezone.now()


def test_the_tables_first_deal_makes_its_result_row_whole(party):
    """The first deal inserts the result in plain SQL (its id returned): every column is what the ORM's
    create gave, the defaults included, and the answer's result is the row as stored."""
    round_ = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=2)
    before = timezone.now()
    saved, _ = result_services.deal_record(
        round_=round_, table=2, number=1, deal=("4S", "N", 10), side="NS", by_token=token, client_id="first"
    )
    stored = TableResult.objects.get(round=round_, table=2)
    assert saved.pk == stored.pk and saved.deals_counted == (1, 0)
    # Deal 1, nobody vulnerable, 4S made by N: 420 to North-South (docs/rules).
    expected = {"entry": "deals", "status": "in_progress", "ns": 420, "ew": -420, "winner": "", "cut": False}
    expected |= {"cut_overridden": False, "ns_agreed": False, "ew_agreed": False, "locked": False, "version": 1}
    assert {name: getattr(stored, name) for name in expected} == expected
    assert {name: getattr(saved, name) for name in expected} == expected
    assert before <= stored.updated_at <= timezone.now()
    # The round's clock was not running: the first deal starts it, and is no patch (the part is drawn).
    assert stored.patch == ""
    assert DealEntry.objects.get(result=stored).ns == 420


@pytest.mark.parametrize("returning", [True, False])
def test_a_row_inserted_in_plain_sql_gives_its_id_with_or_without_returning(party, monkeypatch, returning):
    """RETURNING where the database has it (SQLite from 3.35, PostgreSQL), else the cursor's lastrowid."""
    from tournaments import plain_sql

    monkeypatch.setitem(connection.features.__dict__, "can_return_columns_from_insert", returning)
    if not returning and connection.vendor != "sqlite":
        pytest.skip("lastrowid is SQLite's")
    token = TableToken.objects.get(party=party, table=1)
    made = plain_sql.insert_returning_id(
        PhoneSend, {"token": token.pk, "client_id": f"id-{returning}", "content": "", "at": timezone.now()}
    )
    assert PhoneSend.objects.get(pk=made).client_id == f"id-{returning}"


def test_the_answer_after_each_save_is_what_a_fresh_read_says(party):
    # The round and the token share their party, as the phone's view reads them (phone_post).
    token = TableToken.objects.select_related("party").get(party=party, table=1)
    round_ = token.party.rounds.get(number=1)
    assert round_.party is token.party
    deals = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 8), ("2H", "S", 8)]

    def record(**given: Any) -> TableResult:
        return result_services.deal_record(round_=round_, table=1, by_token=token, **given)[0]

    def accept(number: int, side: str) -> TableResult:
        return result_services.deal_accept(
            round_=round_, table=1, number=number, side=side, by_token=token, client_id=f"ok{number}{side}"
        )

    steps: list[Callable[[], TableResult]] = []
    for number, deal in enumerate(deals, start=1):
        steps.append(partial(record, number=number, deal=deal, side="NS", client_id=f"d{number}"))
    correction: dict[str, Any] = {"number": 2, "deal": ("1C", "W", 7), "side": "EW", "correcting": True}
    repeat: dict[str, Any] = {"client_id": "d1", "number": 1, "deal": deals[0], "side": "NS"}
    for extra in (correction, repeat):  # a correction clears the acceptances; a repeated send changes nothing
        steps.append(partial(record, **extra))
    for number, side in ((1, "EW"), (2, "NS"), (3, "EW"), (3, "EW"), (4, "EW")):
        steps.append(partial(accept, number, side))
    for step in steps:
        saved = step()
        assert saved.deals_counted is not None
        assert table_selectors.table_state(token, round_, saved) == table_selectors.table_state(token)
    assert table_selectors.table_state(token)["status"] == "agreed"


def test_a_phones_save_is_a_handful_of_statements(party, django_assert_max_num_queries):
    round_ = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=1)
    result_services.deal_record(round_=round_, table=1, number=1, deal=("4S", "N", 10), side="NS", by_token=token)
    post = {"action": "deal", "round": "1", "number": "2", "side": "NS", "client_id": "c2", "deal-level": "P"}
    client = Client()
    url = reverse("table_page", args=[token.token])
    # The token, its round, and the table in it (the result with its deals, its seats, the send) in one;
    # then the send, the result, the deal, the history (with BEGIN and COMMIT where the backend counts them).
    with django_assert_max_num_queries(7):
        answer = client.post(url, post, HTTP_ACCEPT="application/json")
    assert answer.status_code == 200 and answer.json()["state"]["deals"] == 2
    with django_assert_max_num_queries(7):
        accept = {**post, "action": "accept", "side": "EW", "client_id": "c2-ok"}
        answer = client.post(url, accept, HTTP_ACCEPT="application/json")
    assert answer.json()["state"] == {**answer.json()["state"], "deals": 2, "accepted": 1}


def test_two_acceptances_at_one_moment_answer_that_the_round_counts(party):
    """Deal 3's acceptance is read, then deal 4 is accepted from the other phone, then deal 3's is
    written: the round counts (every deal accepted), and the answer says so."""
    round_ = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=1)
    deals = [("4S", "N", 10), ("3N", "E", 8), ("2H", "S", 9), ("PASS", "", 0)]
    for number, deal in enumerate(deals, start=1):
        result_services.deal_record(round_=round_, table=1, number=number, deal=deal, by_token=token)
    for number in (1, 2):
        result_services.deal_accept(round_=round_, table=1, number=number, side="EW", by_token=token)
    planned = inspect.unwrap(result_services.deal_accept)(round_=round_, table=1, number=3, side="EW", by_token=token)
    result_services.deal_accept(round_=round_, table=1, number=4, side="EW", by_token=token)
    with transaction.atomic():
        saved = planned.done(planned.write())
    assert (saved.status, saved.deals_counted) == ("agreed", (4, 4))
    assert table_selectors.table_state(token, round_, saved) == table_selectors.table_state(token)


def test_the_phones_page_read_in_plain_sql_is_what_the_orm_reads(party, director):
    """phone_page (two statements) gives the token, its party, the round, the one before it, the table's
    players and its result with the deals in order, as token_get and table_page read them."""
    from tournaments.services import rounds as round_services

    first = party.rounds.get(number=1)
    for table in (1, 2):
        result_services.result_record(round_=first, table=table, net=(300, -300), by_user=director)
    round_services.round_close(round_=first)
    second = party.rounds.get(number=2)
    result_services.deal_record(round_=second, table=2, number=1, deal=("PASS", "", 0))
    result_services.deal_record(round_=second, table=2, number=2, deal=("3N", "E", 9))
    result_services.deal_record(
        round_=second, table=2, number=1, deal=("1C", "N", 7), correcting=True
    )  # id order ≠ number order
    result_services.deal_accept(round_=second, table=2, number=1, side="EW")
    for table in (1, 2):
        token = TableToken.objects.get(party=party, table=table, revoked_at=None)
        fast_token, (current, previous, view), deals = table_selectors.phone_page(token.token)
        orm_token = table_selectors.token_get(token.token)
        orm_current, orm_previous, orm_view = table_selectors.table_page(orm_token)
        assert concrete(fast_token) == concrete(orm_token) and concrete(fast_token.party) == concrete(orm_token.party)
        assert (concrete(current), concrete(previous)) == (concrete(orm_current), concrete(orm_previous))
        assert previous is not None and current is not None and view is not None and orm_view is not None
        assert previous.number == 1 and current.number == 2
        assert view.names == orm_view.names and len(view.names) == 4
        assert {s: concrete(seat) for s, seat in view.seats.items()} == {
            s: concrete(seat) for s, seat in orm_view.seats.items()
        }
        if table == 1:
            assert view.result is None and orm_view.result is None and deals == []
            continue
        assert concrete(view.result) == concrete(orm_view.result) and orm_view.result is not None
        assert [concrete(d) for d in deals] == [concrete(d) for d in orm_view.result.deals.order_by("number")]
        assert [(d.number, d.contract, d.accepted) for d in deals] == [(1, "1C", True), (2, "3N", False)]


def test_the_phones_page_of_a_party_with_no_round_yet_and_a_wrong_link(director):
    unseated = make_party(tables=2, user=director, draw=False, name="Not drawn")
    token = TableToken.objects.get(party=unseated, table=1)
    found, page, deals = table_selectors.phone_page(token.token)
    assert (found.pk, found.party.name, page, deals) == (token.pk, unseated.name, (None, None, None), [])
    token.revoked_at = timezone.now()
    token.save()
    for wrong in (token.token, "nope", "x" * 65, ""):
        with pytest.raises(Http404):
            table_selectors.phone_page(wrong)


def test_a_plain_statement_goes_through_djangos_cursor_and_is_logged_whole(party):
    """Every tool that watches Django's cursor (the query log here) sees the plain statements."""
    from tournaments import plain_sql

    party_table, pk = plain_sql.table(Party), plain_sql.column(Party, "id")
    sql = f"SELECT {pk} FROM {party_table} WHERE {pk} = %s"
    with CaptureQueriesContext(connection) as queries:
        assert plain_sql.rows(sql, [party.pk]) == [(party.pk,)]
    assert len(queries.captured_queries) == 1
    assert queries.captured_queries[0]["sql"] == f"SELECT {pk} FROM {party_table} WHERE {pk} = {party.pk}"


def test_a_save_given_a_read_gone_stale_reads_again(party):
    """The view reads the table with the link; another phone saves before this save writes: the save's
    writes find the table changed, and it reads again (as if it had waited for the lock)."""
    round_ = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=1)
    late = {"round_": round_, "table": 1, "by_token": token, "client_id": "late"}
    other = {"round_": round_, "table": 1, "by_token": token}
    already = "Deal %s is already entered (from another phone?): check it, then correct it."
    # The table's first deal: the result made meanwhile (its row is one a table, IntegrityError).
    _found, _current, empty = table_selectors.phone_post(token.token, "late")
    result_services.deal_record(**other, number=1, deal=("4S", "N", 10), client_id="a")
    with pytest.raises(ValidationError) as refused:
        result_services.deal_record(**late, number=1, deal=("3N", "E", 9), read=empty)
    assert refused.value.messages == [already % 1]
    # A later deal: the result's version moved on (its conditional update changes nothing).
    _found, _current, one_deal = table_selectors.phone_post(token.token, "late")
    result_services.deal_record(**other, number=2, deal=("PASS", "", 0), client_id="b")
    with pytest.raises(ValidationError) as refused:
        result_services.deal_record(**late, number=2, deal=("2H", "S", 8), read=one_deal)
    assert refused.value.messages == [already % 2]
    stored = TableResult.objects.get(round=round_, table=1)
    assert [(d.number, d.contract) for d in stored.deals.order_by("number")] == [(1, "4S"), (2, "PASS")]
    assert stored.version == 2 and not PhoneSend.objects.filter(client_id="late").exists()


def test_a_save_takes_a_read_made_for_it_only(party):
    """A read of another table or send id is not this save's: it reads its own (else deal 2 would go to
    table 2's result, and send "x" would be taken for send "y")."""
    round_ = party.rounds.get(number=1)
    one, two = (TableToken.objects.get(party=party, table=t) for t in (1, 2))
    for token, client_id in ((one, "y"), (two, "z")):
        result_services.deal_record(
            round_=round_, table=token.table, number=1, deal=("4S", "N", 10), by_token=token, client_id=client_id
        )
    _found, _current, of_two = table_selectors.phone_post(two.token, "x")
    _found, _current, of_y = table_selectors.phone_post(one.token, "y")
    for number, client_id, read in ((2, "x", of_two), (3, "x3", of_y)):  # each differs in one thing only
        deal: dict[str, Any] = {"number": number, "deal": ("3N", "E", 9), "client_id": client_id, "read": read}
        result_services.deal_record(round_=round_, table=1, by_token=one, **deal)
    stored = {r.table: [d.number for d in r.deals.order_by("number")] for r in TableResult.objects.all()}
    assert stored == {1: [1, 2, 3], 2: [1]}


@pytest.mark.django_db(transaction=True)
def test_a_plain_write_outside_a_transaction_is_one_djangos_cursor_runs(director):
    """Outside a transaction a write goes through the backend's cursor, which takes the writers' queue."""
    party = make_party(tables=2, user=director)
    token = TableToken.objects.get(party=party, table=1)
    send = {"token": token.pk, "client_id": "alone", "content": "", "at": timezone.now()}
    with CaptureQueriesContext(connection) as seen:
        plain_sql.insert(PhoneSend, send)
    assert len(seen) == 1 and PhoneSend.objects.filter(client_id="alone").count() == 1
    with pytest.raises(IntegrityError), transaction.atomic():  # Django's error, from Django's cursor
        plain_sql.insert(PhoneSend, send)


def test_a_plain_read_makes_its_instances_by_from_db(party):
    made = []

    def seen(sender, instance, **kwargs):
        made.append(instance)

    post_init.connect(seen, sender=TableToken)
    try:
        found, _current, _read = table_selectors.phone_post(TableToken.objects.get(party=party, table=1).token)
    finally:
        post_init.disconnect(seen, sender=TableToken)
    assert [m.pk for m in made if m is found] == [found.pk]
    assert found._state.adding is False and found._state.db == "default"


def test_the_result_a_save_answers_with_is_the_one_the_orm_would_make(party):
    """plain_sql.built (the save's answer, made by Model.from_db) gives every field as the model's
    own constructor does: the values given, the others their defaults, a callable one called."""
    round_ = party.rounds.get(number=1)
    given = {"table": 2, "status": "submitted", "ns": 420, "ew": -420, "winner": "NS", "version": 3}
    made = plain_sql.built(TableResult, {"round_id": round_.pk, **given})
    assert concrete(made) == concrete(TableResult(round=round_, **given))
    assert made.patch == "" and made.updated_at is None and made.cut is False and made.id is None
    assert made._state.adding is False  # as read back: it was written
    invited = {"party_id": party.pk, "table": 1, "token": "abc"}
    token = plain_sql.built(TableToken, invited)
    assert concrete(token) | {"created_at": None} == concrete(TableToken(**invited)) | {"created_at": None}
    assert token.created_at is not None  # its default, timezone.now, called


def test_a_writes_statements_share_one_cursor_and_let_it_go_after(party, monkeypatch):
    """Inside one_cursor every statement runs on the one cursor Django opened (each still logged); after it,
    even when a statement failed, each statement opens its own again."""
    party_table, pk = plain_sql.table(Party), plain_sql.column(Party, "id")
    sql = f"SELECT {pk} FROM {party_table} WHERE {pk} = %s"
    opened: list[object] = []
    cursor = connection.cursor

    def counted_cursor(*args, **kwargs):
        made = cursor(*args, **kwargs)
        opened.append(made)
        return made

    monkeypatch.setattr(connection, "cursor", counted_cursor)
    with CaptureQueriesContext(connection) as seen, plain_sql.one_cursor():
        assert [plain_sql.rows(sql, [party.pk]) for _ in range(3)] == [[(party.pk,)]] * 3
    assert len(opened) == 1 and len(seen) == 3
    with pytest.raises(IntegrityError), transaction.atomic(), plain_sql.one_cursor():
        plain_sql.run(f"INSERT INTO {party_table} ({pk}) VALUES (%s)", [party.pk])  # the same id: refused
    assert plain_sql._SHARED.get() is None
    opened.clear()
    plain_sql.rows(sql, [party.pk])
    plain_sql.rows(sql, [party.pk])
    assert len(opened) == 2

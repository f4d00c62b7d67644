"""On PostgreSQL a table's save holds its round shared: another table's save goes on beside it, and
closing the round waits for it (issue "Close to the limit, and past one laptop")."""

import threading

import pytest
from django.db import OperationalError, connection, connections, transaction

from tests.conftest import make_party
from tournaments.models import TableResult
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

FOUR = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 8), ("PASS", "", 0)]

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL only"),
]


def _holding_table_one(round_, held: threading.Event, done: threading.Event, errors: list) -> None:
    """Table 1's whole-round save, kept open (its transaction, and so its lock on the round) until done."""
    try:
        with transaction.atomic():
            result_services.result_record(round_=round_, table=1, deals=FOUR, action="entered at the table")
            held.set()
            done.wait(timeout=20)
    except Exception as error:  # noqa: BLE001 - the test reports it
        errors.append(error)
        held.set()
    finally:
        connections.close_all()


def _lock_timeout(ms: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = '{ms}ms'")


def test_another_tables_save_goes_on_while_one_is_open_and_closing_waits(director):
    party = make_party(tables=2, user=director)
    round_ = party.rounds.get(number=1)
    held, done, errors = threading.Event(), threading.Event(), list[Exception]()
    worker = threading.Thread(target=_holding_table_one, args=(round_, held, done, errors))
    worker.start()
    try:
        assert held.wait(timeout=20) and errors == []
        with transaction.atomic():
            _lock_timeout(2000)  # would wait (and fail) if table 1's save held the round for itself
            result_services.result_record(round_=round_, table=2, deals=FOUR, by_user=director)
        with pytest.raises(OperationalError), transaction.atomic():
            _lock_timeout(200)  # closing the round waits for table 1's save in progress
            round_services.round_close(round_=round_)
    finally:
        done.set()
        worker.join()
    assert errors == []
    assert sorted(TableResult.objects.filter(round=round_).values_list("table", "status")) == [
        (1, "submitted"), (2, "agreed"),
    ]  # fmt: skip
    round_.refresh_from_db()
    assert not round_.is_closed

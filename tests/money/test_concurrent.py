"""A balance equals its rows whatever the order of writes: threads at the same moment (SQLite and
PostgreSQL), and any sequence of top-ups, debits and corrections (hypothesis)."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connections
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.models import MoneyRow
from tournaments.selectors.ledger import balance_from_rows, balance_of
from tournaments.services import ledger

WRITERS, EACH = 4, 5


@pytest.mark.django_db(transaction=True)
def test_top_ups_and_debits_at_the_same_moment_all_count(club, member, guest, director):
    club.balance_floor = 100_000
    club.save()
    start, errors = threading.Barrier(WRITERS), list[Exception]()

    def write(which: int) -> None:
        try:
            start.wait()
            for _ in range(EACH):
                if which % 2:
                    ledger.top_up(club=club, member=member, amount=1000, method="cash", by=director)
                else:
                    ledger.fee_paid(club=club, guest=guest, amount=350, method="balance", by=director)
        except Exception as error:  # noqa: BLE001 - the test reports any
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=write, args=(n,)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    # Two writers top up 5 × 10.00, two pay 5 × 3.50: 100.00 - 35.00.
    assert balance_of(member) == balance_from_rows(member) == 6500
    afters = [after for after in MoneyRow.objects.values_list("balance_after", flat=True) if after is not None]
    assert len(set(afters)) == WRITERS * EACH  # each row saw the balance its predecessor left


STEP = st.one_of(
    st.tuples(st.just("top_up"), st.integers(1, 5000)),
    st.tuples(st.just("debit"), st.integers(1, 5000)),
    st.tuples(st.just("correct"), st.integers(0, 30)),
)


@pytest.mark.django_db
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEP, max_size=12))
def test_any_sequence_leaves_the_balance_the_sum_of_its_rows(club, member, guest, director, steps):
    expected = balance_of(member)  # an example starts from the rows the last one left
    for action, figure in steps:
        try:
            if action == "top_up":
                ledger.top_up(club=club, member=member, amount=figure, method="card", by=director)
                expected += figure
            elif action == "debit":
                ledger.fee_paid(club=club, guest=guest, amount=figure, method="balance", by=director)
                expected -= figure
                assert expected >= -club.balance_floor  # a debit never passes the floor
            else:
                rows = list(MoneyRow.objects.filter(member=member).order_by("id"))
                if rows:
                    row = rows[figure % len(rows)]
                    ledger.correct(row=row, reason="test", by=director)
                    expected -= row.balance_change
        except ValidationError:
            pass  # refused (below the floor, already corrected): nothing written
        assert balance_of(member) == balance_from_rows(member) == expected

"""A balance equals its rows whatever the order of writes: threads at the same moment (SQLite and
PostgreSQL), and any sequence of top-ups, debits and corrections (hypothesis)."""

import itertools
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connections
from django.db.models import Sum
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.towie.conftest import make_table
from tournaments.models import MoneyAccount, MoneyRow
from tournaments.selectors.event_players import money_event, players
from tournaments.selectors.ledger import balance_from_rows, balance_of
from tournaments.services import ledger
from tournaments.services.members import member_create

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


def _at_once(jobs: list) -> list[Exception]:
    """Each job in its own thread, all let go at the same moment; what any of them raised."""
    start, errors = threading.Barrier(len(jobs)), list[Exception]()

    def run(job) -> None:
        try:
            start.wait()
            job()
        except Exception as error:  # noqa: BLE001 - the test reports any
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return errors


@pytest.mark.django_db(transaction=True)
def test_three_members_topped_up_and_debited_at_a_towie_table_all_at_once(club, director):
    """Six writers at once through the services: each of three members tops up 5 x 10.00 by card in one thread
    while another pays 5 x 3.50 from the balance at a Towie table, and one of them has a 2.00 refund credited
    back 3 times. By hand: 50.00 - 17.50 = 32.50 each, 38.50 for the one credited (32.50 + 3 x 2.00)."""
    club.balance_floor = 100_000
    club.save()
    table = make_table(("Ann Lee", "Bob Carter", "Cid Poe"), user=director, draw=False)
    event = money_event("towie", table.pk, user=director)
    people = {p.name: p for p in table.players.all()}
    members = {}
    for name, player in people.items():
        members[name] = member_create(club=club, name=name)
        player.member = members[name]
        player.save()
    seated = {p.name: p for p in players(event)}

    def topping(member):
        return lambda: [
            ledger.top_up(club=club, member=member, amount=1000, method="card", by=director) for _ in range(EACH)
        ]

    def paying(player):
        return lambda: [
            ledger.player_paid(event=event, player=player, amount=350, method="balance", by=director)
            for _ in range(EACH)
        ]

    ann = seated["Ann Lee"]
    ledger.player_paid(event=event, player=ann, amount=600, method="cash", by=director)  # 6.00 cash, before

    def crediting():
        for _ in range(3):
            ledger.event_refund(
                event=event, player_id=ann.pk, amount=200, method="balance", reason="fee down", by=director
            )

    jobs = [topping(m) for m in members.values()] + [paying(p) for p in seated.values()] + [crediting]
    assert _at_once(jobs) == []
    for name, member in members.items():
        expected = 3850 if name == "Ann Lee" else 3250
        assert balance_of(member) == balance_from_rows(member) == expected, name
        afters = list(
            MoneyRow.objects.filter(member=member).exclude(balance_change=0).values_list("balance_after", flat=True)
        )
        # Each balance row saw the balance its predecessor left: the running sums of their changes, in order.
        changes = MoneyRow.objects.filter(member=member).exclude(balance_change=0).order_by("id")
        running = list(itertools.accumulate(changes.values_list("balance_change", flat=True)))
        assert afters == running, name
    assert MoneyAccount.objects.aggregate(total=Sum("balance"))["total"] == 3850 + 2 * 3250


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


@pytest.mark.django_db(transaction=True)
def test_two_refunds_at_once_never_give_back_more_than_was_paid(club, guest, director):
    """A guest paid 5.00; two treasurers give back 3.00 each at the same moment: one is written, the other is
    refused (only 2.00 is left), and the night holds 2.00."""
    paid = ledger.fee_paid(club=club, guest=guest, amount=500, method="cash", by=director)

    def give_back() -> None:
        ledger.refund(club=club, guest=guest, amount=300, method="cash", reason="left early", by=director)

    errors = _at_once([give_back, give_back, give_back])
    assert [type(e) for e in errors] == [ValidationError, ValidationError]
    refused = errors[0]
    assert isinstance(refused, ValidationError) and "Only €2.00 was paid for the night." in refused.messages
    rows = MoneyRow.objects.filter(event_id=paid.event_id, guest_id=guest.pk)
    assert sorted(rows.values_list("amount", flat=True)) == [-300, 500]


@pytest.mark.django_db(transaction=True)
def test_two_taps_at_once_take_the_money_once(club, party, guest, director):
    """The fee is 4.00 for a member; two directors tap "Cash" for Jane at the same moment, and a third taps
    "everyone paid cash": what is owed is worked out inside each write, so one row of 4.00 is written and the
    others find nothing owed."""
    ledger.party_fee_save(party=party, member_rate=400, visitor_rate=600)
    event = money_event("party", party.pk, user=director)

    def tap() -> None:
        ledger.pay_owed(event=event, player_id=guest.pk, method="cash", by=director)

    def everyone() -> None:
        ledger.all_owed_paid_cash(event=event, by=director)

    assert _at_once([tap, tap, everyone]) == []
    jane = MoneyRow.objects.filter(event_kind="party", event_id=party.pk, guest_id=guest.pk)
    assert list(jane.values_list("amount", flat=True)) == [400]
    # The three others (visitors at 6.00) were paid once each, by the one "everyone paid cash".
    others = MoneyRow.objects.filter(event_kind="party", event_id=party.pk).exclude(guest_id=guest.pk)
    assert sorted(others.values_list("amount", flat=True)) == [600, 600, 600]

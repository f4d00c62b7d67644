"""`manage.py ledger --club NAME --format csv`: a contract read back by checks outside (issue 44 item 10)."""

import csv
import datetime
import io
import zoneinfo

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import MoneyRow
from tournaments.services import ledger

pytestmark = pytest.mark.django_db

PARIS = zoneinfo.ZoneInfo("Europe/Paris")


def run(*args: str) -> list[list[str]]:
    out = io.StringIO()
    call_command("ledger", *args, stdout=out)
    return list(csv.reader(io.StringIO(out.getvalue())))


@pytest.fixture
def books(club, member, guest, party, director):
    """Three rows on three days: a top-up, a fee from the balance, a cash fee for a guest with no member."""
    club.time_zone = "Europe/Paris"
    club.save()
    days = [datetime.datetime(2026, 11, d, 19, 30, tzinfo=PARIS) for d in (26, 27, 28)]
    ledger.top_up(club=club, member=member, amount=2000, method="transfer", by=director)
    ledger.fee_paid(club=club, guest=guest, amount=350, method="balance", by=director)
    stranger = party.guests.get(name="Player 002")
    ledger.fee_paid(club=club, guest=stranger, amount=500, method="cash", by=director)
    for row, when in zip(MoneyRow.objects.order_by("id"), days, strict=True):
        MoneyRow.objects.filter(pk=row.pk).update(created_at=when)  # the test's clock, not an edit by the app
    return club


def test_the_ledger_prints_every_row_with_the_balance_after(books):
    assert run("--club", "Alice's club", "--format", "csv") == [
        ["date", "member or guest", "event", "kind", "method", "amount", "balance after"],
        ["2026-11-26 19:30", "Jane Smith", "", "top_up", "transfer", "20.00", "20.00"],
        ["2026-11-27 19:30", "Jane Smith", "Spring party 2026-11-28", "fee", "balance", "3.50", "16.50"],
        ["2026-11-28 19:30", "Player 002", "Spring party 2026-11-28", "fee", "cash", "5.00", ""],
    ]


def test_from_and_to_keep_the_days_between(books):
    rows = run("--club", "Alice's club", "--from", "2026-11-27", "--to", "2026-11-27", "--format", "csv")
    assert [row[0] for row in rows[1:]] == ["2026-11-27 19:30"]


def test_an_unknown_club_or_a_bad_date_is_a_plain_error(books):
    with pytest.raises(CommandError, match="There is no club named Nobody's."):
        run("--club", "Nobody's", "--format", "csv")
    with pytest.raises(CommandError, match="27/11 is not a date: write YYYY-MM-DD."):
        run("--club", "Alice's club", "--from", "27/11", "--format", "csv")

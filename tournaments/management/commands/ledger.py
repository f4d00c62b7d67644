"""`python manage.py ledger --club "NAME" [--from DATE] [--to DATE] --format csv`

The club's table money, one line a ledger row in the order written: a contract for checks outside (the
accounts, a federation's audit), so its columns and codes do not change (docs/money.md):

    date, member or guest, event, kind, method, amount, balance after

`date` is the club's local time (YYYY-MM-DD HH:MM), `kind` and `method` are the ledger's codes (top_up, fee,
refund, correction; cash, card, transfer, balance), `amount` and `balance after` are plain numbers in the
currency's main unit ("3.50"), `balance after` empty for a row that does not move a member's balance.
"""

import datetime
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.models import Club
from tournaments.presentation.money import ledger_csv
from tournaments.presentation.names import Where
from tournaments.selectors.ledger import ledger_lines


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError as error:
        raise CommandError(_("%(date)s is not a date: write YYYY-MM-DD.") % {"date": text}) from error


class Command(BaseCommand):
    help = "Print a club's table-money ledger as CSV."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", required=True, help="the club's name")
        parser.add_argument("--from", dest="start", help="first day, YYYY-MM-DD")
        parser.add_argument("--to", dest="end", help="last day, YYYY-MM-DD")
        parser.add_argument("--format", "-f", required=True, choices=["csv"])

    def handle(self, *args: Any, club: str, start: str | None, end: str | None, **options: Any) -> None:
        found = Club.objects.filter(name=club).first()
        if found is None:
            raise CommandError(_("There is no club named %(name)s.") % {"name": club})
        first, last = (_day(start) if start else None), (_day(end) if end else None)
        if first and last and first > last:
            raise CommandError(_("The first day comes after the last."))
        self.stdout.write(ledger_csv(ledger_lines(found, first, last, Where.LEDGER_FILE), found.currency), ending="")

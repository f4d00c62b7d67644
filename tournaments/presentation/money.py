"""Table money as a page shows it: amounts in the reader's local style, methods in words."""

import csv
import datetime
import io
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.models import Club, EntryList
from tournaments.models.money import EventKind, Kind, Method
from tournaments.rules.money import format_money, to_main
from tournaments.selectors.ledger import LedgerLine
from tournaments.selectors.table_money import GuestMoney, Rates, Removed, event_rates

# The one-tap buttons, in the order a hostess meets them.
METHODS = [(m.value, m.label) for m in (Method.CASH, Method.CARD, Method.TRANSFER, Method.BALANCE)]


@dataclass(frozen=True)
class NightLine:
    guest_id: int
    name: str
    linked: bool
    fee: str
    paid: str
    owed: str
    free: bool
    settled: bool
    methods: str
    overpaid: str
    overpaid_main: str  # the same in the refund form's plain figure


@dataclass(frozen=True)
class RemovedLine:
    player_id: int
    name: str
    linked: bool
    paid: str
    paid_main: str


@dataclass(frozen=True)
class MoneyWords:
    currency: str
    style: str

    def amount(self, minor: int) -> str:
        return format_money(minor, self.currency, self.style)

    def line(self, row: GuestMoney) -> NightLine:
        labels = dict(Method.choices)
        return NightLine(
            guest_id=row.guest.pk,
            name=row.guest.name,
            linked=row.guest.member_id is not None,
            fee=self.amount(row.fee),
            paid=self.amount(row.paid) if row.paid else "",
            owed=self.amount(row.owed) if row.owed > 0 else "",
            free=row.free,
            settled=row.settled,
            methods=", ".join(str(labels.get(m, m)) for m in row.methods),
            overpaid=self.amount(-row.owed) if row.owed < 0 else "",
            overpaid_main=to_main(-row.owed, self.currency) if row.owed < 0 else "",
        )

    def removed(self, row: Removed) -> RemovedLine:
        return RemovedLine(
            player_id=row.player_id,
            name=row.name,
            linked=row.member_id is not None,
            paid=self.amount(row.paid),
            paid_main=to_main(row.paid, self.currency),
        )

    def rates(self, rates: Rates) -> dict[str, str | bool]:
        return {"member": self.amount(rates.member), "visitor": self.amount(rates.visitor), "own": rates.own}

    def rates_initial(self, rates: Rates) -> dict[str, str]:
        if not rates.own:
            return {}
        return {
            "member_rate": to_main(rates.member, self.currency),
            "visitor_rate": to_main(rates.visitor, self.currency),
        }


def money_words(club: Club) -> MoneyWords:
    """Amounts in the club's number style, else the page's language."""
    return MoneyWords(club.currency, club.format_style or translation.get_language() or "en-gb")


# Each kind's tabs above its Table money page, and the name its tabs know the event by.
NAVS: dict[str, str] = {
    EventKind.PARTY: "tournaments/_party_nav.html",
    EventKind.KNOCKOUT: "knockout/_nav.html",
    EventKind.BOSTON: "boston/_nav.html",
    EventKind.EVENING: "evening/_nav.html",
}
_CONTEXT_NAMES: dict[str, str] = {EventKind.PARTY: "party", EventKind.KNOCKOUT: "knockout", EventKind.EVENING: "event"}


def event_context_name(kind: str) -> str:
    return _CONTEXT_NAMES.get(kind, "table")


# The event an entry list is for, as the ledger names its kind.
ENTRY_KINDS = (("party_id", EventKind.PARTY), ("knockout_id", EventKind.KNOCKOUT), ("evening_id", EventKind.EVENING))


def entry_fee(entry_list: EntryList) -> str:
    """The entry form's and entrant's page's sentence on the table money; empty when the night is free."""
    kind, event_id = next(((k, getattr(entry_list, f)) for f, k in ENTRY_KINDS if getattr(entry_list, f)), ("", 0))
    if not kind:
        return ""
    rates = event_rates(entry_list.club, kind, event_id)
    if not (rates.member or rates.visitor):
        return ""
    words = money_words(entry_list.club)
    return _("Table money: %(member)s for a member, %(visitor)s for a visitor, paid at the night.") % {
        "member": words.amount(rates.member),
        "visitor": words.amount(rates.visitor),
    }


# The ledger's file columns: a contract (docs/money.md), in English whatever the reader's language.
HEADER = ["date", "member or guest", "event", "kind", "method", "amount", "balance after"]


def ledger_csv(lines: list[LedgerLine], currency: str) -> str:
    """The lines as CSV: local time, codes, plain numbers in the main unit (empty: no balance moved)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for line in lines:
        after = "" if line.balance_after is None else to_main(line.balance_after, currency)
        when = f"{line.when:%Y-%m-%d %H:%M}"
        writer.writerow([when, line.who, line.event, line.kind, line.method, to_main(line.amount, currency), after])
    return out.getvalue()


@dataclass(frozen=True)
class StatementLine:
    when: datetime.datetime
    event: str
    kind: str
    method: str
    amount: str
    balance_after: str
    reason: str
    row_id: int
    correctable: bool


def statement_lines(lines: list[LedgerLine], words: MoneyWords) -> list[StatementLine]:
    kinds, methods = dict(Kind.choices), dict(Method.choices)
    corrected = {line.row.reverses_id for line in lines if line.row.reverses_id}
    return [
        StatementLine(
            when=line.when,
            event=line.event,
            kind=str(kinds.get(line.kind, line.kind)),
            method=str(methods.get(line.method, line.method)) if line.method else "",
            amount=words.amount(line.amount),
            balance_after="" if line.balance_after is None else words.amount(line.balance_after),
            reason=line.row.reason or line.row.reference,
            row_id=line.row.pk,
            correctable=line.kind != Kind.CORRECTION and line.row.pk not in corrected,
        )
        for line in lines
    ]

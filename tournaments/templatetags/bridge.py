"""How a contract and its result read at the table: 4♠× by N, made with one over (+1).

Also the few words the director's pages take from the rules and the selectors, in the page's
language: a seat's letter, a table's status, a sentence from the rules engine.
"""

import datetime
from collections.abc import Iterable

from django import template
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from tournaments import l10n
from tournaments.models import DealEntry
from tournaments.rules.errors import RuleError, Words
from tournaments.selectors.rounds import TableView

register = template.Library()

SUITS, DOUBLES = l10n.SUITS, l10n.DOUBLES

# A seat as shown (the data keeps N, E, S, W): N E S O in French, N O S W in German, N O Z W in Dutch.
SEATS = {
    "N": pgettext_lazy("seat", "N"),
    "E": pgettext_lazy("seat", "E"),
    "S": pgettext_lazy("seat", "S"),
    "W": pgettext_lazy("seat", "W"),
}

# A table's status on the director's pages (the English of TableView.status_label).
STATUS = {
    "not_started": gettext_lazy("not started"),
    "in_progress": gettext_lazy("in progress"),
    "submitted": gettext_lazy("submitted"),
    "agreed": gettext_lazy("entered by the director"),
}


@register.filter
def contract(code: str) -> str:
    """ "4SX" -> "4♠×"; "3N" -> "3NT" (3SA in French, German, Dutch); "PASS" -> "Passed out"."""
    return l10n.contract(code)


@register.filter
def seat(code: str | None) -> str:
    """ "E" -> "E" (English), "O" (German, Dutch); anything else as it is."""
    return str(SEATS.get(code, code)) if code else ""


@register.filter
def status_words(table: TableView) -> str:
    """A table's status (a TableView): "not started", "accepted at the table", "entered by the director"."""
    if table.status == "agreed" and table.by_table:
        return gettext("accepted at the table")
    return str(STATUS[table.status]) if table.status in STATUS else table.status_label


@register.filter
def day(value: datetime.date | None) -> str:
    """A party's date in the club's style, the month named in the page's language: "28 Nov 2026"."""
    return l10n.day(value, long=True)


@register.filter
def say(said: RuleError | Words | str) -> str:
    """A sentence from the rules engine (RuleError, Words or a plain str) in the page's language."""
    return l10n.say(said)


@register.filter
def say_each(said: Iterable[RuleError | Words | str] | None) -> list[str]:
    """The same for a list of them (the guest count's problems)."""
    return [l10n.say(one) for one in said or ()]


@register.filter
def made(entry: DealEntry | None) -> str:
    """The tricks against the contract: "=", "+1", "−2" (blank for a passed-out deal)."""
    if entry is None or entry.contract == "PASS":
        return ""
    difference = entry.tricks - (6 + int(entry.contract[0]))
    if difference == 0:
        return "="
    return f"+{difference}" if difference > 0 else f"−{-difference}"

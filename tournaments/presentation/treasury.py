"""The treasurer's page and files in words: amounts in the club's style, the columns' headings."""

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.files.money_exports import METHOD_COLUMNS
from tournaments.models.money import EventKind
from tournaments.presentation.money import MoneyWords
from tournaments.selectors.treasury import NightFigures


@dataclass(frozen=True)
class NightWords:
    name: str
    party_id: int | None
    methods: list[str]
    total: str
    free: int
    owed: str
    money_url: str = ""  # the night's table money page, and its refunds (empty for a period's sum)
    refunds_url: str = ""


def night_urls(kind: str, event_id: int | None) -> tuple[str, str]:
    """The night's table money page and its refunds page (a party keeps the addresses it had)."""
    if not kind or event_id is None:
        return "", ""
    if kind == EventKind.PARTY:
        return reverse("party_money", args=[event_id]), reverse("party_money_refund", args=[event_id])
    return reverse("event_money", args=[kind, event_id]), reverse("event_money_refunds", args=[kind, event_id])


def night_words(night: NightFigures, words: MoneyWords) -> NightWords:
    money_url, refunds_url = night_urls(night.kind, night.event_id)
    return NightWords(
        name=night.name,
        party_id=night.party_id,
        methods=[words.amount(night.by_method.get(m, 0)) for m in METHOD_COLUMNS],
        total=words.amount(night.total),
        free=night.free,
        owed=words.amount(night.owed),
        money_url=money_url,
        refunds_url=refunds_url,
    )


def method_headings() -> list[str]:
    return [_("Cash"), _("Card"), _("Bank transfer"), _("From balance")]


def headings() -> dict[str, list[str]]:
    """The files' headings, in the reader's language (the ledger command's contract columns stay English)."""
    nights = [_("Date"), _("Night"), *method_headings(), _("Total"), _("Free places"), _("Still owed")]
    rows = [_("Date"), _("Member or guest"), _("Event"), _("Kind of movement"), _("Method"), _("Amount"), _("Why")]
    return {"titles": [_("Nights"), _("Rows")], "nights": nights, "rows": rows}


def total_label() -> str:
    return _("Period total")

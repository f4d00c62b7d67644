"""The treasurer's page and files in words: amounts in the club's style, the columns' headings."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.files.money_exports import METHOD_COLUMNS
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


def night_words(night: NightFigures, words: MoneyWords) -> NightWords:
    return NightWords(
        name=night.name,
        party_id=night.party_id,
        methods=[words.amount(night.by_method.get(m, 0)) for m in METHOD_COLUMNS],
        total=words.amount(night.total),
        free=night.free,
        owed=words.amount(night.owed),
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

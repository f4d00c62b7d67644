"""The table phone's four deals in words, for its script: offline the page moves its form on by itself.

Each deal's dealer and vulnerability come from the rules (tournaments.rules.party), in the same words
as the page's own deal lines (templates/tournaments/table_deals.html), so the heading the script writes
for deal 3 reads exactly as the page the laptop draws for deal 3.
"""

from django.utils.translation import gettext as _

from tournaments.selectors import rounds as round_selectors
from tournaments.templatetags.bridge import seat


def _vulnerable(code: str) -> str:
    return {
        "none": _("neither side"),
        "both": _("both sides"),
        "NS": _("North–South"),
        "EW": _("East–West"),
    }[code]


def deals() -> list[dict]:
    """The round's four deals: number, dealer and vulnerability (the rules' codes), and the form's words."""
    return [
        {
            "number": info.number,
            "dealer": info.dealer,
            "vulnerable": info.vulnerable,
            "title": _("Deal %(number)s") % {"number": info.number},
            "correct": _("Correct deal %(number)s") % {"number": info.number},
            "meta": "· "
            + _("dealer %(dealer)s") % {"dealer": seat(info.dealer)}
            + " · "
            + _("vulnerable: %(vul)s") % {"vul": _vulnerable(info.vulnerable)},
            "save": _("Save deal %(number)s") % {"number": info.number},
        }
        for info in round_selectors.round_deals()
    ]

"""A table result's history in words: what each change did and who made it.

The history stores plain English codes (kept in exports and imports as they are); they are put into
the reader's language only when shown.
"""

import re

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.models import TableResult

SIDES = {"NS": lambda: pgettext("side", "N–S"), "EW": lambda: pgettext("side", "E–W")}
FIXED = {
    "entered": lambda: _("entered"),
    "entered at the table": lambda: _("entered at the table"),
    "corrected": lambda: _("corrected"),
    "cut overridden": lambda: _("cut overridden"),
    "locked": lambda: _("locked"),
    "unlocked": lambda: _("unlocked"),
    "undone": lambda: _("undone"),
    "closed unfinished": lambda: _("round closed as played so far"),
}
AGREED = re.compile(r"^(NS|EW) agreed$")
DEAL = re.compile(r"^deal (\d) (entered|corrected) at the table$")
ACCEPTED = re.compile(r"^deal (\d) accepted by (NS|EW)$")


def _side(code: str) -> str:
    return SIDES[code]() if code in SIDES else code


def change_action(action: str) -> str:
    if action in FIXED:
        return FIXED[action]()
    if found := AGREED.match(action):
        return _("%(side)s agreed") % {"side": _side(found[1])}
    if found := DEAL.match(action):
        if found[2] == "entered":
            return _("deal %(number)s entered at the table") % {"number": found[1]}
        return _("deal %(number)s corrected at the table") % {"number": found[1]}
    if found := ACCEPTED.match(action):
        return _("deal %(number)s accepted by %(side)s") % {"number": found[1], "side": _side(found[2])}
    return action  # an older or imported entry: as it was written


def change_by(change) -> str:
    if change.by_user_id:
        return change.by_user.get_username()
    if change.by_token_id:
        return _("table %(table)s (phone)") % {"table": change.by_token.table}
    # An imported change whose author is no director here: the name the file gave (files/transfer/party.py).
    author = change.after.get("author") if isinstance(change.after, dict) else None
    return author if isinstance(author, str) and author else _("system")


def result_status(code: str) -> str:
    try:
        return str(TableResult.Status(code).label)
    except ValueError:
        return code

"""The neutral label an erased person's name becomes, written in the club's language.

The label is stored in place of the name (the names are denormalised into many rows), so it is worded once,
when the erasure is done, in the club's language then (a club with no language of its own: the language of
the director's page that did it): every page and export made from then on shows it as
stored, like a mail's words fixed in its language when it is queued. A member's label carries the member's id
and a guest's the guest's id: unique within any party, table or knockout, and the same in every event, so a
season still counts one person's nights together.
"""

from django.utils import translation
from django.utils.translation import gettext as _


def member_label(member_id: int, language: str) -> str:
    with translation.override(language or translation.get_language()):
        return _("Erased player %(number)s") % {"number": member_id}


def guest_label(guest_id: int, language: str) -> str:
    with translation.override(language or translation.get_language()):
        return _("Erased guest %(number)s") % {"number": guest_id}

"""What an entrant is told by e-mail, one function per event of their entry: the entry confirmed (with the
event's .ics), on the waiting list at place N, moved up from it, cancelled (by them or by the hostess), and the
reminder the day before (tournaments/services/entry_reminders.py).

Each queues one message (tournaments/services/mail.py) to the entrant's address, in the language of the page
they entered from, else the member's, else the club's, with their own cancel/status link. An entrant who gave
only a phone number gets nothing. Called after the entry's transaction has committed (transaction.on_commit),
so nothing is told of a write that was rolled back; a message that cannot be queued is logged and never breaks
the entry.
"""

import logging
from typing import Any

from django.conf import settings
from django.urls import reverse

from tournaments.models import Entry
from tournaments.presentation.calendar import event_ics, uid_host
from tournaments.services.mail import Attachment, mail_queue
from tournaments.services.mail_balance import balance_words

log = logging.getLogger("tournaments.entries")


def _about(entry: Entry) -> str:
    entry_list = entry.entry_list
    return f"party:{entry_list.party_id}" if entry_list.party_id else f"knockout:{entry_list.knockout_id}"


def _send(kind: str, said: str, entry: Entry, *, ics: bool = False, **context: Any) -> None:
    log.info("entry notice: %s: entry %s of list %s (%s)", said, entry.pk, entry.entry_list_id, entry.state)
    if not entry.email:
        return  # a phone number only: the hostess rings them
    if not (entry.site or settings.SITE_URL):  # entered by no page (a script, a test) and no SITE_URL: no links
        log.warning("entry notice %s for entry %s not e-mailed: no site address (SITE_URL)", kind, entry.pk)
        return
    try:
        entry = Entry.objects.select_related("entry_list__party__club", "entry_list__knockout__club", "member").get(
            pk=entry.pk
        )
        event = entry.entry_list.event
        site = (entry.site or "").rstrip("/")
        status_url = reverse("entry_status", args=[entry.cancel_token])
        attachments = [Attachment("event.ics", "text/calendar", event_ics(event, host=uid_host(site)))] if ics else []
        mail_queue(
            club=event.club, kind=kind, to=entry.email, member=entry.member, language=entry.language,
            context={
                "entry": entry, "event": event, "status_path": status_url, "notice": kind.removeprefix("entry_"),
                **context,
            },
            attachments=attachments, about=_about(entry), site=site,
        )  # fmt: skip
    except Exception:  # the entry stands whatever the mail does: logged for the director
        log.exception("entry notice %s for entry %s could not be queued", kind, entry.pk)


def entry_confirmed(entry: Entry) -> None:
    """Their entry has a place: the confirmation, with the event's .ics (and a member below zero reminded)."""
    _send("entry_confirmed", "confirmed", entry, ics=True, balance_due=_balance_due(entry))


def _balance_due(entry: Entry) -> str:
    """A member's table money balance when below zero, in the mail's money style; else empty (issue 44 item 8)."""
    if entry.member is None:
        return ""
    balance, words = balance_words(club=entry.entry_list.club, member=entry.member, language=entry.language)
    return words if balance < 0 else ""


def entry_waiting(entry: Entry, place: int) -> None:
    """Their entry is on the waiting list, at this place."""
    _send("entry_waiting", f"waiting at place {place}", entry, place=place)


def entry_moved_up(entry: Entry) -> None:
    """A place came free and their waiting entry has it now (the event's .ics with it)."""
    _send("entry_moved_up", "moved up", entry, ics=True)


def entry_cancelled(entry: Entry, *, by_hostess: bool) -> None:
    """Their entry is cancelled: by their own link, or removed by the hostess."""
    _send("entry_cancelled", "removed by the hostess" if by_hostess else "cancelled", entry, by_hostess=by_hostess)


def entry_reminder(entry: Entry) -> None:
    """The event is tomorrow and they have a place."""
    _send("entry_reminder", "reminder", entry)

"""What an entrant would be told, one function per event of their entry.

For now each notice is only written to the log ("tournaments.entries"): the page itself tells the entrant
what happened and gives them their cancel link. Once the mail queue is merged (`mail_queue`, the e-mail
half of the entries issue), each function here queues its mail to the entrant's address instead; the
callers stay as they are. Called after the entry's transaction has committed, so nothing is told of a
write that was rolled back.
"""

import logging

from tournaments.models import Entry

log = logging.getLogger("tournaments.entries")


def _note(what: str, entry: Entry) -> None:
    log.info("entry notice: %s: entry %s of list %s (%s)", what, entry.pk, entry.entry_list_id, entry.state)


def entry_confirmed(entry: Entry) -> None:
    """Their entry has a place."""
    _note("confirmed", entry)


def entry_waiting(entry: Entry, place: int) -> None:
    """Their entry is on the waiting list, at this place."""
    _note(f"waiting at place {place}", entry)


def entry_moved_up(entry: Entry) -> None:
    """A place came free and their waiting entry has it now."""
    _note("moved up", entry)


def entry_cancelled(entry: Entry, *, by_hostess: bool) -> None:
    """Their entry is cancelled: by their own link, or removed by the hostess."""
    _note("removed by the hostess" if by_hostess else "cancelled", entry)

"""Validators for a knockout's live pages (the bracket and its big screen, a round's page): one plain statement.

What those pages show (the pairs and their short names, the rounds drawn and closed, every match's totals and
winner, the free tables) changes only by a write, and every such write bumps Knockout.changes
(services/live_knockout.py): the validator is the knockout's row read with the counter, and nothing runs on a
clock. The statement also checks that the knockout is one of the director's clubs' (a director removed from the
club gets the 404 at once, never a 304).
"""

import functools

from tournaments import plain_sql
from tournaments.directors import Director
from tournaments.models import Knockout, Membership
from tournaments.selectors.live import etag

_KNOCKOUT = ("id", "name", "date", "rules", "changes")


@functools.cache
def _knockout_sql() -> str:
    knockout, member = plain_sql.table(Knockout), plain_sql.table(Membership)
    c = plain_sql.column
    return (
        f"SELECT {plain_sql.columns(Knockout, 'k', _KNOCKOUT)} FROM {knockout} k"
        f" WHERE k.{c(Knockout, 'id')} = %s AND EXISTS (SELECT 1 FROM {member} m"
        f" WHERE m.{c(Membership, 'club')} = k.{c(Knockout, 'club')} AND m.{c(Membership, 'user')} = %s)"
    )


def knockout_values(knockout_id: int, user: Director) -> list | None:
    """The knockout's fields the validators read, for one of the director's knockouts; None otherwise."""
    if not user.is_authenticated:
        return None
    found = plain_sql.rows(_knockout_sql(), [knockout_id, user.pk])
    return plain_sql.converted(Knockout, found[0], _KNOCKOUT) if found else None


def bracket_etag(knockout_id: int, user: Director, *extra: object) -> str | None:
    """The bracket's validator (`extra`: the address's query, ?projector=1); None when it is no knockout of the
    director's (the view then answers as it always has: 404)."""
    values = knockout_values(knockout_id, user)
    return etag("knockout bracket", values, *extra) if values else None


def round_etag(knockout_id: int, bracket: str, number: int, user: Director, *extra: object) -> str | None:
    """A round page's validator. The counter is the whole knockout's: a score at another round's table draws this
    page again once, which costs less than telling the rounds apart on every poll."""
    values = knockout_values(knockout_id, user)
    return etag("knockout round", values, bracket, number, *extra) if values else None

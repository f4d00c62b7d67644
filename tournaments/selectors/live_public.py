"""Validators for the public results pages' polls (a party's board, a knockout's matches): one plain statement.

The statement finds the link by its token: a link taken down (deleted) finds nothing, and the page is then
answered as it always was (404), never 304. It reads what the page is made of:

- a party's board: what the director's standings read (selectors/live.py `party_etag`): the party's fields and
  its change counter, its rounds (how many, how many closed) and every result counted up;
- a knockout's page: its fields and its change counter (services/live_knockout.py).

A member asking for initials only (or no longer) changes how the pages name them: a member's save or
deletion bumps the counter of every party and knockout they played in (services/live_knockout.py), and a guest
or a pair linked to a member bumps theirs. The page's language (the reader's browser's) and number style are
mixed in by `etag`. A season's board reads a second statement, the season page's (selectors/live_season.py).
"""

import functools

from tournaments import plain_sql
from tournaments.models import Knockout, Party, PublicLink, Round, TableResult
from tournaments.selectors import live_season
from tournaments.selectors.live import _PARTY, _results_counted, etag
from tournaments.selectors.live_knockout import _KNOCKOUT


@functools.cache
def _link_sql() -> str:
    link, party, round_, knockout = (plain_sql.table(m) for m in (PublicLink, Party, Round, Knockout))
    c = plain_sql.column
    of_party = f"(SELECT r.{c(Round, 'id')} FROM {round_} r WHERE r.{c(Round, 'party')} = p.{c(Party, 'id')})"
    counted = _results_counted(f"tr.{c(TableResult, 'round')} IN {of_party}")
    return (
        f"SELECT l.{c(PublicLink, 'party')}, l.{c(PublicLink, 'knockout')}, l.{c(PublicLink, 'series')},"
        f" {plain_sql.columns(Party, 'p', _PARTY)},"
        f" (SELECT COUNT(*) FROM {round_} r WHERE r.{c(Round, 'party')} = p.{c(Party, 'id')}),"
        f" (SELECT COUNT(*) FROM {round_} r WHERE r.{c(Round, 'party')} = p.{c(Party, 'id')}"
        f" AND r.{c(Round, 'status')} = %s), {counted}, {plain_sql.columns(Knockout, 'k', _KNOCKOUT)}"
        f" FROM {link} l LEFT JOIN {party} p ON p.{c(Party, 'id')} = l.{c(PublicLink, 'party')}"
        f" LEFT JOIN {knockout} k ON k.{c(Knockout, 'id')} = l.{c(PublicLink, 'knockout')}"
        f" WHERE l.{c(PublicLink, 'token')} = %s"
    )


def public_etag(token: str, *extra: object) -> str | None:
    """The public page's validator (`extra`: the address's query, ?projector=1); None for a link taken down or
    mistyped."""
    if not token or len(token) > 64:
        return None
    found = plain_sql.rows(_link_sql(), [Round.Status.CLOSED, True, token])
    if not found:
        return None
    party_id, knockout_id, series_id, *row = found[0]
    if party_id is not None:
        party_values = plain_sql.converted(Party, row[: len(_PARTY)], _PARTY)
        counted = row[len(_PARTY) : len(row) - len(_KNOCKOUT)]
        return etag("public party", party_id, party_values, counted, *extra)
    if knockout_id is not None:
        return etag("public knockout", plain_sql.converted(Knockout, row[-len(_KNOCKOUT) :], _KNOCKOUT), *extra)
    if series_id is not None:  # a season's board: its own statement, the one the director's season page reads
        return live_season.public_season_etag(series_id, *extra)
    return None

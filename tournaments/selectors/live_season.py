"""Validators for two slower live pages: a season's standings (every 15 s, and its big screen) and an
event's entries (every 10 s). One plain statement each, made from what the page shows.

The season's page adds up many nights. Its statement reads one row for the season, one for each of
its nights and one for each pair of its knockouts:

- the season's own fields (name, scoring, points by place, best of) and its club's members counted up
  (how many, the newest, the sum of their saves: `Member.changes`): a member renamed, made a lady or
  a gentleman, shown by initials only, added, merged or removed (a guest's name is matched to them);
- each party night: its name, date and change counter (`Party.changes`: a guest renamed, linked to a
  member, set aside, seats changed, the party edited), its rounds (how many, how many closed) and its
  results counted up (how many, the sum of their versions, the sides agreed and those agreed whole);
- each knockout: its name and date, its matches (how many, their totals summed, the latest save) and
  its pairs (their players' names and members).

A night added to the season or taken out adds or drops its row. The entries page reads one row for
each entry (name, kind, contact, partner, state, whether it is on the guest list or in the knockout,
its member's number) with the list's settings and the event's fields the list is drawn from; whether
the closing time has passed is worked out here, so the entries closing by the clock show too.
"""

import functools

from django.utils import timezone

from tournaments import plain_sql
from tournaments.directors import Director
from tournaments.models import (
    CardEvening,
    Entry,
    EntryList,
    Knockout,
    KnockoutMatch,
    KnockoutPair,
    KnockoutRound,
    Member,
    Party,
    Round,
    Series,
    TableResult,
)
from tournaments.selectors.live import etag
from tournaments.selectors.live_cards import mine

# --- the season ----------------------------------------------------------------------------------------------

_WIDTH = 8  # the number columns of each row (NULL where a kind of row has fewer)


def _row(kind: str, id_sql: str, name_sql: str, day_sql: str, numbers: list[str], text_sql: str = "NULL") -> str:
    numbers = numbers + ["NULL"] * (_WIDTH - len(numbers))
    return f"SELECT '{kind}', {id_sql}, {name_sql}, {day_sql}, {', '.join(numbers)}, {text_sql}"


def _series_row(scoped: bool = True) -> str:
    series, member, c = plain_sql.table(Series), plain_sql.table(Member), plain_sql.column
    of_club = f"FROM {member} mb WHERE mb.{c(Member, 'club')} = s.{c(Series, 'club')}"
    numbers = [
        f"s.{c(Series, 'best_of')}",
        f"(SELECT COUNT(*) {of_club})",
        f"(SELECT MAX(mb.{c(Member, 'id')}) {of_club})",
        f"(SELECT SUM(mb.{c(Member, 'changes')}) {of_club})",
    ]
    text = f"s.{c(Series, 'scoring')} || ' ' || CAST(s.{c(Series, 'place_points')} AS TEXT)"
    row = _row("s", f"s.{c(Series, 'id')}", f"s.{c(Series, 'name')}", "NULL", numbers, text)
    # A public link's page is found by its token: no director to check.
    return f"{row} FROM {series} s WHERE s.{c(Series, 'id')} = %s" + (f" AND {mine('s', Series)}" if scoped else "")


def _party_rows() -> str:
    party, round_, result = plain_sql.table(Party), plain_sql.table(Round), plain_sql.table(TableResult)
    c = plain_sql.column
    through = Series.parties.through
    rounds = f"FROM {round_} r WHERE r.{c(Round, 'party')} = p.{c(Party, 'id')}"
    of_party = f"FROM {result} tr WHERE tr.{c(TableResult, 'round')} IN (SELECT r.{c(Round, 'id')} {rounds})"
    agreed = f"CASE WHEN tr.{c(TableResult, 'status')} = %s THEN 1 ELSE 0 END"
    sides = (
        f"CASE WHEN tr.{c(TableResult, 'ns_agreed')} THEN 1 ELSE 0 END"
        f" + CASE WHEN tr.{c(TableResult, 'ew_agreed')} THEN 1 ELSE 0 END"
    )
    numbers = [
        f"p.{c(Party, 'changes')}",
        f"(SELECT COUNT(*) {rounds})",
        f"(SELECT COUNT(*) {rounds} AND r.{c(Round, 'status')} = %s)",
        f"(SELECT COUNT(*) {of_party})",
        f"(SELECT SUM(tr.{c(TableResult, 'version')}) {of_party})",
        f"(SELECT SUM({sides}) {of_party})",
        f"(SELECT SUM({agreed}) {of_party})",
    ]
    row = _row("p", f"p.{c(Party, 'id')}", f"p.{c(Party, 'name')}", f"p.{c(Party, 'date')}", numbers)
    return (
        f"{row} FROM {party} p JOIN {plain_sql.table(through)} sp ON sp.{c(through, 'party')} = p.{c(Party, 'id')}"
        f" WHERE sp.{c(through, 'series')} = %s"
    )


def _knockout_rows() -> str:
    knockout, round_, match, c = (
        plain_sql.table(Knockout),
        plain_sql.table(KnockoutRound),
        plain_sql.table(KnockoutMatch),
        plain_sql.column,
    )
    through = Series.knockouts.through
    of_knockout = (
        f"FROM {match} km JOIN {round_} kr ON kr.{c(KnockoutRound, 'id')} = km.{c(KnockoutMatch, 'round')}"
        f" WHERE kr.{c(KnockoutRound, 'knockout')} = k.{c(Knockout, 'id')}"
    )
    numbers = [
        f"(SELECT COUNT(*) {of_knockout})",
        f"(SELECT SUM(km.{c(KnockoutMatch, 'ns_total')}) {of_knockout})",
        f"(SELECT SUM(km.{c(KnockoutMatch, 'ew_total')}) {of_knockout})",
    ]
    latest = f"(SELECT CAST(MAX(km.{c(KnockoutMatch, 'updated_at')}) AS TEXT) {of_knockout})"
    row = _row("k", f"k.{c(Knockout, 'id')}", f"k.{c(Knockout, 'name')}", f"k.{c(Knockout, 'date')}", numbers, latest)
    joined = f"JOIN {plain_sql.table(through)} sk ON sk.{c(through, 'knockout')} = k.{c(Knockout, 'id')}"
    return f"{row} FROM {knockout} k {joined} WHERE sk.{c(through, 'series')} = %s"


def _pair_rows() -> str:
    pair, c = plain_sql.table(KnockoutPair), plain_sql.column
    through = Series.knockouts.through
    numbers = [f"kp.{c(KnockoutPair, name)}" for name in ("knockout", "member_a", "member_b")]
    names = f"kp.{c(KnockoutPair, 'player_a')}", f"kp.{c(KnockoutPair, 'player_b')}"
    row = _row("q", f"kp.{c(KnockoutPair, 'id')}", names[0], "NULL", numbers, names[1])
    joined = f"JOIN {plain_sql.table(through)} sk ON sk.{c(through, 'knockout')} = kp.{c(KnockoutPair, 'knockout')}"
    return f"{row} FROM {pair} kp {joined} WHERE sk.{c(through, 'series')} = %s"


@functools.cache
def _season_sql(scoped: bool = True) -> str:
    parts = (_series_row(scoped), _party_rows(), _knockout_rows(), _pair_rows())
    return " UNION ALL ".join(parts) + " ORDER BY 1, 2"


def season_etag(series_id: int, user: Director, *extra: object) -> str | None:
    """The season page's validator (its standings, the big screen's too); None when it is no season of
    the director's clubs (the view then answers as it always has: 404)."""
    if not user.is_authenticated:
        return None
    params = [series_id, user.pk, Round.Status.CLOSED, TableResult.Status.AGREED, series_id, series_id, series_id]
    found = plain_sql.rows(_season_sql(), params)
    if not any(row[0] == "s" for row in found):
        return None
    return etag("season", series_id, [tuple(str(value) for value in row) for row in found], *extra)


def public_season_etag(series_id: int, *extra: object) -> str | None:
    """The validator of a season's public board, whose link (found by its token) names the season."""
    params = [series_id, Round.Status.CLOSED, TableResult.Status.AGREED, series_id, series_id, series_id]
    found = plain_sql.rows(_season_sql(scoped=False), params)
    if not any(row[0] == "s" for row in found):
        return None
    return etag("public season", series_id, [tuple(str(value) for value in row) for row in found], *extra)


# --- the entries ---------------------------------------------------------------------------------------------

# What the board reads of each kind of event (a party's counter stands for its own fields).
_EVENTS = {
    "party": (Party, "party", ("mixed", "keep_partners", "changes")),
    "knockout": (Knockout, "knockout", ("name",)),
    "evening": (CardEvening, "evening", ("tables_made_at",)),
}
_LIST = ("id", "open", "closes_at", "tables", "token")
_ENTRY = ("id", "name", "kind", "email", "phone", "partner", "member", "state", "guest", "pair")


@functools.cache
def _entries_sql(kind: str) -> str:
    model, field, shown = _EVENTS[kind]
    event, entry_list, entry, member = (
        plain_sql.table(model),
        plain_sql.table(EntryList),
        plain_sql.table(Entry),
        plain_sql.table(Member),
    )
    c = plain_sql.column
    return (
        f"SELECT {plain_sql.columns(model, 'ev', shown)}, {plain_sql.columns(EntryList, 'el', _LIST)},"
        f" {plain_sql.columns(Entry, 'e', _ENTRY)}, mb.{c(Member, 'number')}"
        f" FROM {event} ev LEFT JOIN {entry_list} el ON el.{c(EntryList, field)} = ev.{c(model, 'id')}"
        f" LEFT JOIN {entry} e ON e.{c(Entry, 'entry_list')} = el.{c(EntryList, 'id')}"
        f" LEFT JOIN {member} mb ON mb.{c(Member, 'id')} = e.{c(Entry, 'member')}"
        f" WHERE ev.{c(model, 'id')} = %s AND {mine('ev', model)} ORDER BY e.{c(Entry, 'id')}"
    )


def entries_etag(kind: str, event_id: int, user: Director) -> str | None:
    """The entries board's validator, for one of the director's parties, knockouts or card evenings
    ("party", "knockout", "evening"); None when there is no such event of theirs."""
    if not user.is_authenticated:
        return None
    found = plain_sql.rows(_entries_sql(kind), [event_id, user.pk])
    if not found:
        return None
    start = len(_EVENTS[kind][2])
    entry_list = plain_sql.converted(EntryList, found[0][start : start + len(_LIST)], _LIST)
    closes_at = entry_list[2]
    closed_by_the_clock = closes_at is not None and timezone.now() >= closes_at
    rows = [tuple(str(value) for value in row) for row in found]
    return etag("entries", kind, event_id, rows, closed_by_the_clock)

"""Validators for the live pages' polls: one small plain statement each, no rendering.

A live page (the round's tiles and its big screen, the table's phone) is polled every few seconds, and
most polls find nothing changed. Its validator is made from what the page shows: the party's own
fields and its change counter (guests, seats: Party.changes), the round's row (its state and its
clock), and the round's results counted up (how many, the sum of their versions, the sides that
agreed, the deals in and the deals accepted). Every write to a result bumps its version except an
agreement or an acceptance, which add a side agreed or a deal accepted (and take none away): so any
write between two polls changes the validator, whatever order the writes commit in. The clock's
phase (the deals a table keeping to time has played, the time run out) is worked out here from the
round's row, so a table falling behind is shown too.
"""

import datetime
import functools
import hashlib
from collections.abc import Sequence
from typing import NamedTuple

from django.http import HttpRequest
from django.utils import timezone, translation

from tournaments import clock, l10n, plain_sql
from tournaments.directors import Director
from tournaments.models import DealEntry, Membership, Party, Round, TableResult, TableToken

_PARTY = ("name", "tables", "rounds_planned", "round_minutes", "changes", "rules", "mixed")
_ROUND = (
    "id", "number", "status", "closed_at",
    "clock_started_at", "clock_paused_at", "clock_paused_seconds", "clock_extra_minutes",
)  # fmt: skip


def etag(*parts: object) -> str:
    """A strong ETag from the parts (with the page's language and number style: the same data reads
    differently in another)."""
    text = repr((parts, translation.get_language(), l10n.style()))
    return '"' + hashlib.blake2b(text.encode(), digest_size=12).hexdigest() + '"'


def matches(request: HttpRequest, tag: str) -> bool:
    """The poll already shows this: its If-None-Match names the tag."""
    sent = request.META.get("HTTP_IF_NONE_MATCH", "")  # not request.headers: built from all of META
    return bool(sent) and tag in (value.strip().removeprefix("W/") for value in sent.split(","))


def _of_round(round_id_sql: str) -> str:
    return f"tr.{plain_sql.column(TableResult, 'round')} = {round_id_sql}"


def _results_counted(of_round: str) -> str:
    """Five scalar subqueries: the results `of_round` picks (SQL on `tr`) counted up."""
    result, deal = plain_sql.table(TableResult), plain_sql.table(DealEntry)
    c = plain_sql.column
    joined = f"FROM {deal} d JOIN {result} tr ON tr.{c(TableResult, 'id')} = d.{c(DealEntry, 'result')}"
    return (
        f"(SELECT COUNT(*) FROM {result} tr WHERE {of_round}),"
        f" (SELECT SUM(tr.{c(TableResult, 'version')}) FROM {result} tr WHERE {of_round}),"
        f" (SELECT SUM(CASE WHEN tr.{c(TableResult, 'ns_agreed')} THEN 1 ELSE 0 END"
        f" + CASE WHEN tr.{c(TableResult, 'ew_agreed')} THEN 1 ELSE 0 END) FROM {result} tr WHERE {of_round}),"
        f" (SELECT COUNT(*) {joined} WHERE {of_round}),"
        f" (SELECT COUNT(*) {joined} WHERE {of_round} AND d.{c(DealEntry, 'accepted')} = %s)"
    )


class _ClockTimes(NamedTuple):
    clock_started_at: datetime.datetime
    clock_paused_at: datetime.datetime | None
    clock_paused_seconds: int
    clock_extra_minutes: int


def _clock_phase(round_values: Sequence, round_minutes: int) -> tuple:
    """What of the clock the page draws on the server: paused, run out, the deals due by now (the
    seconds count down in the browser)."""
    started, paused_at, paused_seconds, extra = round_values[4:8]
    if round_values[2] == Round.Status.CLOSED or started is None:
        return ()
    # The clock's four times as round_clock reads them (a model instance would cost more than the poll).
    shape = _ClockTimes(started, paused_at, paused_seconds, extra)
    now = clock.round_clock(shape, round_minutes, timezone.now())
    return (now.paused, now.over, now.deals_due)


@functools.cache
def _round_sql() -> str:
    party, round_, member = plain_sql.table(Party), plain_sql.table(Round), plain_sql.table(Membership)
    c = plain_sql.column
    round_id = "r." + c(Round, "id")
    return (
        f"SELECT {plain_sql.columns(Party, 'p', _PARTY)}, {plain_sql.columns(Round, 'r', _ROUND)},"
        f" {_results_counted(_of_round(round_id))},"
        f" (SELECT MAX(r2.{c(Round, 'number')}) FROM {round_} r2 WHERE r2.{c(Round, 'party')} = p.{c(Party, 'id')})"
        f" FROM {party} p JOIN {round_} r ON r.{c(Round, 'party')} = p.{c(Party, 'id')} AND r.{c(Round, 'number')} = %s"
        f" WHERE p.{c(Party, 'id')} = %s AND EXISTS (SELECT 1 FROM {member} m"
        f" WHERE m.{c(Membership, 'club')} = p.{c(Party, 'club')} AND m.{c(Membership, 'user')} = %s)"
    )


def round_tiles_etag(party_id: int, number: int, user: Director, *extra: object) -> str | None:
    """The round page's validator (its tiles, the clock, the buttons), for one of the director's
    parties; None when there is no such round of theirs (the view then answers as it always has)."""
    if not user.is_authenticated:
        return None
    found = plain_sql.rows(_round_sql(), [True, number, party_id, user.pk])
    if not found:
        return None
    row = found[0]
    party_values = plain_sql.converted(Party, row[: len(_PARTY)], _PARTY)
    round_values = plain_sql.converted(Round, row[len(_PARTY) : len(_PARTY) + len(_ROUND)], _ROUND)
    counted = row[len(_PARTY) + len(_ROUND) :]
    phase = _clock_phase(round_values, party_values[3])
    return etag("round", party_id, party_values, round_values, counted, phase, *extra)


@functools.cache
def _phone_sql() -> str:
    token, party, round_ = plain_sql.table(TableToken), plain_sql.table(Party), plain_sql.table(Round)
    c = plain_sql.column
    last = (
        f"SELECT r2.{c(Round, 'id')} FROM {round_} r2 WHERE r2.{c(Round, 'party')} = t.{c(TableToken, 'party')}"
        f" ORDER BY r2.{c(Round, 'number')} DESC LIMIT 1"
    )
    one_table = f" AND tr.{c(TableResult, 'table')} = t.{c(TableToken, 'table')}"
    result = plain_sql.table(TableResult)
    round_id = "r." + c(Round, "id")
    return (
        f"SELECT t.{c(TableToken, 'id')}, t.{c(TableToken, 'table')}, {plain_sql.columns(Party, 'p', _PARTY)},"
        f" {plain_sql.columns(Round, 'r', _ROUND)},"
        f" {_results_counted(_of_round(round_id) + one_table)},"
        f" (SELECT tr.{c(TableResult, 'status')} FROM {result} tr"
        f" WHERE tr.{c(TableResult, 'round')} = {round_id}{one_table}),"
        f" (SELECT tr.{c(TableResult, 'patch')} FROM {result} tr"
        f" WHERE tr.{c(TableResult, 'round')} = {round_id}{one_table})"
        f" FROM {token} t JOIN {party} p ON p.{c(Party, 'id')} = t.{c(TableToken, 'party')}"
        f" LEFT JOIN {round_} r ON r.{c(Round, 'id')} = ({last})"
        f" WHERE t.{c(TableToken, 'token')} = %s AND t.{c(TableToken, 'revoked_at')} IS NULL"
    )


class PhonePatch(NamedTuple):
    """A table's last patch: the page's validator before it, the deal it changed, where it is."""

    before: str
    deal: int
    round_id: int
    table: int
    round_number: int


def phone_state(token: str) -> dict | None:
    """The phone's poll in one plain statement: the state phone.js compares, with `live`, the
    validator of everything its page shows; None for a wrong or revoked link."""
    found = phone_poll(token)
    return found[0] if found else None


def phone_poll(token: str) -> tuple[dict, PhonePatch | None] | None:
    """phone_state, with the table's last patch (TableResult.patch) where it leads to the page as it
    is now: a phone showing the page before it is sent that line (views/phone_patch.py)."""
    if not token or len(token) > 64:
        return None
    found = plain_sql.rows(_phone_sql(), [True, token])
    if not found:
        return None
    row = found[0]
    party_values = plain_sql.converted(Party, row[2 : 2 + len(_PARTY)], _PARTY)
    start = 2 + len(_PARTY)
    round_values = plain_sql.converted(Round, row[start : start + len(_ROUND)], _ROUND)
    results, versions, agreed, deals_in, accepted, status, link = row[start + len(_ROUND) :]
    counted = (results, versions or 0, agreed or 0, deals_in, accepted)
    state = state_of(party_values, round_values, counted, status or "")
    before, _, rest = (link or "").partition(":")
    after, _, deal = rest.partition(":")
    if not (before and after == state["live"] and deal.isdecimal()):
        return state, None
    return state, PhonePatch(before, int(deal), round_values[0], row[1], round_values[1])


def state_of(
    party_values: Sequence, round_values: Sequence, counted: Sequence, status: str, phase: tuple | None = None
) -> dict:
    """The phone's state (see selectors.table.table_state) from the values the validator is made of.
    `phase`: clock_phase's, worked out already for the same values (a save's states before and after)."""
    number = round_values[1]
    if phase is None:
        phase = clock_phase(party_values, round_values)
    return {
        "round": number,
        "closed": round_values[2] == Round.Status.CLOSED,
        "version": counted[1] if counted[0] else 0,
        "status": status,
        "deals": counted[3],
        "accepted": counted[4],
        # Whether the round's clock runs (a phone already open starts its countdown when it sees this).
        "started": round_values[4] is not None,
        "live": etag("phone", list(party_values), list(round_values), list(counted), phase).strip('"'),
    }


def clock_phase(party_values: Sequence, round_values: Sequence) -> tuple:
    """The clock's part of the phone's validator, from the party's and the round's values."""
    return _clock_phase(round_values, party_values[3])


def phone_values(party: Party, round_: Round | None) -> tuple[list, list]:
    """The party's and the round's values as the validator reads them, from instances in hand."""
    party_values = [getattr(party, name) for name in _PARTY]
    round_values = [getattr(round_, name) if round_ else None for name in _ROUND]
    return party_values, round_values


@functools.cache
def _party_sql() -> str:
    """The party's fields and counter, its rounds (how many, how many closed) and every result counted
    up, for one of the director's parties."""
    party, round_, member = plain_sql.table(Party), plain_sql.table(Round), plain_sql.table(Membership)
    c = plain_sql.column
    of_party = f"(SELECT r.{c(Round, 'id')} FROM {round_} r WHERE r.{c(Round, 'party')} = p.{c(Party, 'id')})"
    counted = _results_counted(f"tr.{c(TableResult, 'round')} IN {of_party}")
    return (
        f"SELECT {plain_sql.columns(Party, 'p', _PARTY)},"
        f" (SELECT COUNT(*) FROM {round_} r WHERE r.{c(Round, 'party')} = p.{c(Party, 'id')}),"
        f" (SELECT COUNT(*) FROM {round_} r WHERE r.{c(Round, 'party')} = p.{c(Party, 'id')}"
        f" AND r.{c(Round, 'status')} = %s), {counted}"
        f" FROM {party} p WHERE p.{c(Party, 'id')} = %s AND EXISTS (SELECT 1 FROM {member} m"
        f" WHERE m.{c(Membership, 'club')} = p.{c(Party, 'club')} AND m.{c(Membership, 'user')} = %s)"
    )


def party_etag(party_id: int, user: Director, *extra: object) -> str | None:
    """The validator of a page showing the whole party (its standings on the big screen); None when it
    is no party of the director's."""
    if not user.is_authenticated:
        return None
    found = plain_sql.rows(_party_sql(), [Round.Status.CLOSED, True, party_id, user.pk])
    if not found:
        return None
    row = found[0]
    party_values = plain_sql.converted(Party, row[: len(_PARTY)], _PARTY)
    return etag("party", party_id, party_values, row[len(_PARTY) :], *extra)

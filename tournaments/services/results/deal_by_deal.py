"""Deal by deal, as played: a table's phone saves or accepts one deal at a time, on the plain-SQL hot path."""

import datetime
import functools
import hashlib
from collections.abc import Callable
from typing import Any, Generic, ParamSpec, TypeVar

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from tournaments import l10n, plain_sql
from tournaments.models import DealEntry, Party, PhoneSend, ResultChange, Round, TableResult, TableToken
from tournaments.rules import party as party_rules
from tournaments.selectors import live, phone_read
from tournaments.services.results.common import (
    SEND_ID_MAX,
    SIDE_NAMES,
    SendRefused,
    StaleResult,
    _check_table,
    _check_version,
    _clock_start,
    _tally,
    _winner,
)

# ---- deal by deal, as played (the table's phone) ---------------------------------------------------
#
# A phone's save reads first (the result and its deals as plain values, the checks, the scoring, the
# history's two snapshots), with no transaction open, then writes in one transaction. On SQLite an
# IMMEDIATE transaction takes the database's one write lock at BEGIN: it is held for the writes only.
# Each write is conditional on what was read (the result's version and status), so a change made in
# between, by the other phone or the director, is seen: the save is then read and checked again, as
# if it had waited for the lock (StaleResult only when that keeps happening).

ATTEMPTS = 5
_RESULT_FIELDS = phone_read.RESULT_FIELDS
_Deal = phone_read.Deal


class _Changed(Exception):
    """The result changed between the read and the write: read it again."""


Saved = TypeVar("Saved")
Arguments = ParamSpec("Arguments")


class _Write(Generic[Saved]):
    """What a save writes, once everything is read and checked: `write` runs in one transaction, and
    `done` makes the save's answer from what it returned, after the commit.

    Every statement's values are converted before the transaction (plain_sql.Statement), and the
    answer is made after it: on SQLite the write lock is held from BEGIN to COMMIT, and each other
    save waits that long, so `write` only runs the statements. The times written with them (the result's
    `updated_at`, the history's `at`, the send's) are when the save was worked out, before its wait for
    the lock: milliseconds, unless the database is that busy.
    """

    def __init__(self, write: Callable[[], Any], done: Callable[[Any], Saved]) -> None:
        self.write, self.done = write, done


def _read_then_write(service: Callable[Arguments, Saved | _Write[Saved]]) -> Callable[Arguments, Saved]:
    """The service reads and checks with no transaction open; what it returns to write runs atomically.

    A conditional write that finds the result changed since the read (or a row another save has just
    made) rolls the whole transaction back, and the service reads again. A read the caller made
    (`read`: the phone's view reads it with the token, in one statement) serves the first attempt only.
    """

    @functools.wraps(service)
    def run(*args: Arguments.args, **kwargs: Arguments.kwargs) -> Saved:
        for _attempt in range(ATTEMPTS):
            planned = service(*args, **kwargs)
            if "read" in kwargs:
                kwargs["read"] = None
            if not isinstance(planned, _Write):
                return planned
            try:
                with transaction.atomic(), plain_sql.one_cursor():
                    written = planned.write()
            except (_Changed, IntegrityError):
                continue
            return planned.done(written)
        raise StaleResult(_("Someone else at this table saved at the same moment: check the entry and save again."))

    return run


def _other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def _recounted(row: dict, deals: list[_Deal], party: Party, *, deals_changed: bool) -> dict:
    """The result's figures and state from its deals: in progress until four, then in.

    A changed deal works the winner out again (a tie is cut anew); an acceptance leaves it be.
    """
    ns, ew = _tally(deals, party.tally_mode) if deals else (None, None)
    figures: dict[str, Any] = {"ns": ns, "ew": ew}
    if len(deals) < party_rules.DEALS_PER_ROUND:
        status = TableResult.Status.IN_PROGRESS
        return figures | {"winner": "", "cut": False, "status": status, "ns_agreed": False, "ew_agreed": False}
    if deals_changed or not row.get("winner"):
        assert ns is not None and ew is not None  # four deals or more: _tally gave both sides' figures
        winner, cut = _winner(ns, ew)
        figures |= {"winner": winner, "cut": cut, "cut_overridden": False}
    every_deal_accepted = all(d.accepted for d in deals)
    status = TableResult.Status.AGREED if every_deal_accepted else TableResult.Status.SUBMITTED
    return figures | {"status": status, "ns_agreed": every_deal_accepted, "ew_agreed": every_deal_accepted}


def _snapshot_of(values: dict | None, deals: dict[int, _Deal]) -> dict:
    """_snapshot, from values read (and the figures about to be written)."""
    if values is None:
        return {}
    return {
        "entry": values["entry"],
        "status": values["status"],
        "ns": values["ns"],
        "ew": values["ew"],
        "winner": values["winner"],
        "cut": values["cut"],
        "locked": values["locked"],
        "deals": [[deals[n].number, deals[n].contract, deals[n].declarer, deals[n].tricks] for n in sorted(deals)],
        "version": values["version"],
    }


def _result_of(round_: Round, table: int, values: dict, deals: dict[int, _Deal]) -> TableResult:
    """The result as written, without reading it back; with its deals counted (in, accepted) for the
    phone's answer (tournaments.selectors.table.table_state), as this save saw them.

    An acceptance leaves the version be (acceptances commute), so the other side's acceptance of
    another deal at the same moment may be missing from the count (never from the database): the
    phone's poll reads the counts afresh. A round that counts has every deal accepted, whatever was read.
    """
    written = {"round_id": round_.pk, "table": table, **{f: values[f] for f in _RESULT_FIELDS}}
    result = plain_sql.built(TableResult, written)
    result.round = round_  # no read for result.round
    accepted = sum(deal.accepted for deal in deals.values())
    if values["status"] == TableResult.Status.AGREED:
        accepted = len(deals)
    result.deals_counted = (len(deals), accepted)
    return result


def _counted(values: dict, deals: dict[int, _Deal]) -> tuple[tuple, str]:
    """The result's counts as the phone's validator reads them (selectors/live.py), and its state."""
    agreed = int(values["ns_agreed"]) + int(values["ew_agreed"])
    counted = (1, values["version"], agreed, len(deals), sum(d.accepted for d in deals.values()))
    return counted, values["status"]


_NO_LINK: tuple[str, dict | None] = ("", None)


def _patch_link(
    round_: Round, row: dict | None, stored: dict, values: dict, deals: dict, number: int
) -> tuple[str, dict | None]:
    """TableResult.patch for a phone's write: "<validator before>:<validator after>:<deal>" where the
    write changed that deal's line and the running score only (a deal, or an acceptance, the round
    running and still in progress after it), else blank: the phones then draw their part. With it, the
    phone's state after the write (the answer's: tournaments.selectors.table.table_state)."""
    in_progress = TableResult.Status.IN_PROGRESS
    if values["status"] != in_progress:
        return _NO_LINK
    if row is None:
        # The table's first deal: put in place too once the round runs (its clock is not started by it).
        if round_.clock_started_at is None:
            return _NO_LINK
        counted_before: tuple[tuple, str] = ((0, 0, 0, 0, 0), "")
    elif row["status"] != in_progress or row["locked"]:
        return _NO_LINK
    else:
        counted_before = _counted(row, stored)
    party_values, round_values = live.phone_values(round_.party, round_)
    phase = live.clock_phase(party_values, round_values)  # the same clock before and after: read once
    before = live.state_of(party_values, round_values, *counted_before, phase=phase)["live"]
    after = live.state_of(party_values, round_values, *_counted(values, deals), phase=phase)
    return f"{before}:{after['live']}:{number}", after


def _seen(result: TableResult, link: tuple[str, dict | None], deal: _Deal) -> None:
    """What this write changed, for the phone's answer (views/phone_patch.py): its patch link and the
    deal as written, and with a link the phone's state after it (worked out for the link already). A
    repeated send has none of them: nothing was written."""
    result.patch_link, result.state_after = link
    result.deal_written = deal


def _history(
    result_id: int,
    by_user: User | None,
    by_token: TableToken | None,
    action: str,
    before: dict[str, Any],
    after: dict[str, Any],
    at: datetime.datetime,
) -> plain_sql.Statement:
    """The history's row for a change to the result."""
    values: dict[str, Any] = {"result": result_id, "by_user": by_user.pk if by_user else None}
    values |= {"by_token": by_token.pk if by_token else None, "at": at, "action": action[:40]}
    values |= {"before": before, "after": after}
    return plain_sql.inserting(ResultChange, values)


def _deals_to_accept(result_id: int) -> bool:
    c = plain_sql.column
    sql = (
        f"SELECT 1 FROM {plain_sql.table(DealEntry)} WHERE {c(DealEntry, 'result')} = %s"
        f" AND NOT {c(DealEntry, 'accepted')} LIMIT 1"
    )
    return bool(plain_sql.rows(sql, [result_id]))


def _remembering(
    by_token: TableToken | None, client_id: str, content: str, at: datetime.datetime
) -> list[plain_sql.Statement]:
    """The send kept with the save (none without an id): the same send arriving at the same moment fails
    on it, and is then seen as sent."""
    if not (client_id and by_token is not None):
        return []
    values = {"token": by_token.pk, "client_id": client_id, "content": content, "at": at}
    return [plain_sql.inserting(PhoneSend, values)]


def send_content(*parts: object) -> str:
    """The digest kept with a send: what it asked (which round, table and deal, and what was entered)."""
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()


def _check_send_id(client_id: str) -> None:
    if len(client_id) > SEND_ID_MAX:
        raise SendRefused(
            _("This phone's send id is longer than %(count)s characters: nothing was saved.") % {"count": SEND_ID_MAX}
        )


def _repeated(sent: str | None, content: str, row: dict | None, number: int) -> bool:
    """Whether this send was stored before (its answer lost on the Wi-Fi): then nothing is done again.
    The same id with other content was no repeat: it is refused, and nothing is saved."""
    if sent is None:
        return False
    if sent not in ("", content):  # "": kept before digests were, taken as the repeat it claims to be
        raise SendRefused(_("This phone sent that id for another deal: nothing was saved."))
    if row is None:  # stored once, and the table's result cleared since: saying "saved" would be untrue
        raise ValidationError(
            _("Deal %(number)s was sent before but is no longer stored: enter it again.") % {"number": number}
        )
    return True


@functools.cache
def _read_sql() -> str:
    """The table's result with its deals, the round's state, whether the table is seated and whether a
    send was stored before: one statement, always at least one row (the result's columns null if none)."""
    c, t = plain_sql.column, plain_sql.table
    columns, joins = phone_read.columns("rd", "%s", "%s"), phone_read.joins("rd", "%s")
    return f"SELECT {columns} FROM {t(Round)} rd{joins} WHERE rd.{c(Round, 'id')} = %s{phone_read.order()}"


def _read(round_: Round, table: int, by_token: TableToken | None, client_id: str) -> phone_read.TableRead:
    """The table's result and its deals, in one plain statement and with no lock; whether the table has
    players in the round (a result exists only for a seated table); and what a send stored before with
    this id carried (None if there was none: see _repeated)."""
    token_id = by_token.pk if by_token is not None and client_id else None
    of = phone_read.key(round_.pk, table, token_id, client_id)
    found = plain_sql.rows(_read_sql(), [table, token_id, client_id, table, round_.pk])
    if not found:  # no such round
        return phone_read.TableRead(None, {}, False, None, of)
    return phone_read.parsed(found, 0, of)


def _read_for(
    read: phone_read.TableRead | None, round_: Round, table: int, by_token: TableToken | None, client_id: str
) -> phone_read.TableRead:
    """The caller's read where it is of this save (the phone's view reads it with the link), else a read."""
    token_id = by_token.pk if by_token is not None else None
    if read is not None and read.of == phone_read.key(round_.pk, table, token_id, client_id):
        return read
    return _read(round_, table, by_token, client_id)


def _refuse_closed(round_: Round, row: dict | None) -> None:
    # A round closes only once every table's result is in: with no result yet, the round read is fresh.
    if (row["round__status"] == Round.Status.CLOSED) if row else round_.is_closed:
        raise ValidationError(
            _("Round %(number)s is closed: results can no longer be entered here.") % {"number": round_.number}
        )


def _as_shown(entry: _Deal, shown: str | None) -> bool:
    """Whether the deal is what the phone showed when it was accepted there (no `shown`: taken as it is)."""
    return shown is None or shown == deal_shown(entry)


def _refuse_phone(round_: Round, table: int, row: dict | None, *, seated: bool, director: bool) -> None:
    """Why the table cannot enter (the director can, but for a closed round)."""
    _refuse_closed(round_, row)
    _check_table(round_, table, seats=row is None, seated=seated)  # a result exists only for a seated table
    if row is None:
        return
    if row["locked"] and not director:
        raise ValidationError(_("The director has locked this table: ask the director to change it."))
    if row["entry"] == TableResult.Entry.NET and not director:
        raise ValidationError(_("The director entered this table's round as two figures: ask the director."))
    if row["status"] == TableResult.Status.AGREED and not director:
        raise ValidationError(_("This round is accepted: ask the director for any change."))


def _check_deal_number(number: int, stored: dict, *, correcting: bool) -> None:
    if number in stored and not correcting:
        # Another phone entered this deal meanwhile: a correction must be meant as one.
        raise ValidationError(
            _("Deal %(number)s is already entered (from another phone?): check it, then correct it.")
            % {"number": number}
        )
    if number not in range(1, party_rules.DEALS_PER_ROUND + 1):
        raise ValidationError(_("A round has four deals, numbered 1 to 4."))
    if number not in stored and number != len(stored) + 1:
        raise ValidationError(_("Enter deal %(number)s first: the deals go in order.") % {"number": len(stored) + 1})


@_read_then_write
def deal_record(
    *,
    round_: Round,
    table: int,
    number: int,
    deal: tuple[str, str, int],
    side: str = "NS",
    by_token: TableToken | None = None,
    by_user: User | None = None,
    client_id: str = "",
    correcting: bool = False,
    read: phone_read.TableRead | None = None,
) -> tuple[TableResult, list[str]] | _Write[tuple[TableResult, list[str]]]:
    """One deal entered (or corrected) as it is played; the other side then accepts it.

    Deals go in order; any deal can be corrected until the round is accepted, and a correction
    clears that deal's acceptance. A phone's repeated send (the same client id) changes nothing; the same
    id sent with another deal is refused (SendRefused). `read`: the table as read already (phone_read),
    for this round, table, token and send id.
    """
    party = round_.party
    _check_send_id(client_id)
    content = send_content("deal", round_.pk, table, number, *deal, side, int(correcting))
    row, stored, seated, sent, _of = _read_for(read, round_, table, by_token, client_id)
    if _repeated(sent, content, row, number):
        assert row is not None  # _repeated refuses a repeat whose result is gone
        return _result_of(round_, table, row, stored), []
    if side not in SIDE_NAMES:
        raise ValidationError(_("Say which side enters the deal: North–South or East–West."))
    _refuse_phone(round_, table, row, seated=seated, director=by_user is not None)
    _check_deal_number(number, stored, correcting=correcting)
    contract, declarer, tricks = deal
    try:
        scored = party_rules.score_deal(number, contract, declarer, tricks, party.rules)
    except ValueError as error:
        problem = capfirst(l10n.say(error))
        raise ValidationError(_("Deal %(number)s: %(problem)s.") % {"number": number, "problem": problem}) from None
    fields = {f: getattr(scored, f) for f in ("contract", "declarer", "tricks", "score", "ns", "ew")}
    corrected = stored.get(number)
    entry = _Deal(corrected.id if corrected else None, number, **fields, entered_by=side, accepted=False)
    deals = {**stored, number: entry}
    base = row or {"winner": "", "locked": False}
    changed = {"entry": TableResult.Entry.DEALS, "version": row["version"] + 1 if row else 1}
    changed |= _recounted(base, [deals[n] for n in sorted(deals)], party, deals_changed=True)
    values = {"cut_overridden": False, "ns_agreed": False, "ew_agreed": False, **base, **changed}
    before, after = _snapshot_of(row, stored), _snapshot_of(values, deals)
    notices = []
    if corrected:
        notices.append(
            _("Deal %(number)s is corrected: %(side)s must accept it again before the round counts.")
            % {"number": number, "side": SIDE_NAMES[_other(side)]}
        )
    action = f"deal {number} {'corrected' if corrected else 'entered'} at the table"

    patch = _NO_LINK if corrected else _patch_link(round_, row, stored, values, deals, number)
    link = patch[0]
    now = plain_sql.stamp()  # one time for the save's rows, converted once

    def after_result(result_id: int) -> list[plain_sql.Statement]:
        """The deal's row and the history's, once the result's id is known."""
        if corrected:
            deal_write = plain_sql.updating(
                DealEntry, {"entered_by": side, "accepted": False, **fields}, {"id": corrected.id}
            )
        else:
            entry_values = {"result": result_id, "number": number, "entered_by": side, "accepted": False, **fields}
            deal_write = plain_sql.inserting(DealEntry, entry_values)
        return [deal_write, _history(result_id, by_user, by_token, action, before, after, now)]

    sending = _remembering(by_token, client_id, content, now)
    write = _deal_write(round_, table, row, values, changed, link, sending, after_result, now)

    def done(result_id: int) -> tuple[TableResult, list[str]]:
        result = _result_of(round_, table, values | {"id": result_id}, deals)
        _seen(result, patch, deals[number])
        return result, notices

    return _Write(write, done)


def _run(statements: list[plain_sql.Statement]) -> None:
    for statement in statements:
        statement.run()


def _deal_write(
    round_: Round,
    table: int,
    row: dict | None,
    values: dict,
    changed: dict,
    link: str,
    sending: list[plain_sql.Statement],
    after_result: Callable[[int], list[plain_sql.Statement]],
    now: datetime.datetime,
) -> Callable[[], int]:
    """A deal's save, in its transaction: the send kept, the table's result made (its first deal) or
    updated as read, then the deal's row and the history's (`after_result`); the result's id."""
    if row is None:
        # The table's first deal: its result made in plain SQL as the ORM's create would (every field).
        first = {"round": round_.pk, "table": table, **values, "updated_at": now, "patch": link}
        made = plain_sql.inserting(TableResult, first)

        def write_first() -> int:
            _clock_start(round_)  # the round has started with it, if the director did not say so
            _run(sending)
            result_id = plain_sql.returning_id(TableResult, made)
            _run(after_result(result_id))
            return result_id

        return write_first
    # The version and the status as read: any change since (a deal, a lock, an acceptance that made
    # the round count) leaves this untouched, and the save reads again.
    same = {"id": row["id"], "version": row["version"], "status": row["status"]}
    update = plain_sql.updating(TableResult, {"updated_at": now, **changed, "patch": link}, same)
    later = after_result(row["id"])

    def write_next() -> int:
        _run(sending)
        if not update.run():
            raise _Changed
        _run(later)
        return row["id"]

    return write_next


def deal_shown(entry: _Deal | DealEntry) -> str:
    """What a phone showed of a deal, sent back with its acceptance: "4S N 10"."""
    return f"{entry.contract} {entry.declarer or '-'} {entry.tricks}"


@_read_then_write
def deal_accept(
    *,
    round_: Round,
    table: int,
    number: int,
    side: str,
    by_token: TableToken | None = None,
    client_id: str = "",
    shown: str | None = None,
    read: phone_read.TableRead | None = None,
) -> TableResult | _Write[TableResult]:
    """The other side accepts a deal. Acceptances commute: two at one moment both count, and
    accepting a deal twice is accepting it once. `read`: as for deal_record."""
    _check_send_id(client_id)
    content = send_content("accept", round_.pk, table, number, side)
    row, stored, seated, sent, _of = _read_for(read, round_, table, by_token, client_id)
    if _repeated(sent, content, row, number):
        assert row is not None  # _repeated refuses a repeat whose result is gone
        return _result_of(round_, table, row, stored)
    if side not in SIDE_NAMES:
        raise ValidationError(_("Say which side accepts: North–South or East–West."))
    entry = stored.get(number)
    if row is not None and entry is not None and entry.accepted and _as_shown(entry, shown):
        # Accepted already (the other phone pressed at the same moment, even the round's last deal, which
        # made the round count): that is what was asked, so both phones hear it succeeded. Checked before
        # the refusals of a round accepted or locked since: those refuse a change, and this is none.
        _refuse_closed(round_, row)
        return _accepted_before(_result_of(round_, table, row, stored), by_token, client_id, content)
    _refuse_phone(round_, table, row, seated=seated, director=False)
    if row is None or entry is None:
        raise ValidationError(_("Deal %(number)s is not entered yet: nothing to accept.") % {"number": number})
    if not _as_shown(entry, shown):
        raise ValidationError(
            _("Deal %(number)s was corrected meanwhile: check what it says now, then accept it.") % {"number": number}
        )
    if entry.entered_by == side:
        raise ValidationError(
            _("%(side)s entered deal %(number)s: %(other)s accept it, not the side that entered it.")
            % {"side": SIDE_NAMES[side], "number": number, "other": SIDE_NAMES[_other(side)]}
        )
    return _acceptance(round_, table, row, stored, entry, side, by_token, (client_id, content))


def _accepted_before(
    result: TableResult, by_token: TableToken | None, client_id: str, content: str
) -> TableResult | _Write[TableResult]:
    """A deal accepted twice is accepted once; the send is still kept, as a repeat of it is recognised."""
    sending = _remembering(by_token, client_id, content, plain_sql.stamp())
    if not sending:
        return result
    return _Write(sending[0].run, lambda _written: result)


def _acceptance(
    round_: Round,
    table: int,
    row: dict,
    stored: dict,
    entry: _Deal,
    side: str,
    by_token: TableToken | None,
    send: tuple[str, str],
) -> _Write[TableResult]:
    """An acceptance, worked out before the transaction; in it, the result's conditional update (its version
    and status as read: the history's snapshots stay true), the deal's (still not accepted, still what the
    side saw), the round's state once no deal is left to accept, and the history row.

    Two plain updates, not one with the result's check as a subquery: that one costs more to build, and
    the result's update is what holds its row (PostgreSQL) so that two acceptances at one table follow
    each other.
    """
    party = round_.party
    deals = {**stored, entry.number: entry._replace(accepted=True)}
    ordered = [deals[n] for n in sorted(deals)]
    partly = _recounted(row, ordered, party, deals_changed=False)
    counts = _recounted(row, [d._replace(accepted=True) for d in ordered], party, deals_changed=False)
    changed = {f: v for f, v in partly.items() if row[f] != v}
    before = _snapshot_of(row, stored)
    after, after_counting = _snapshot_of(row | partly, deals), _snapshot_of(row | counts, deals)
    last_to_accept = len(ordered) == party_rules.DEALS_PER_ROUND
    seen = {"contract": entry.contract, "declarer": entry.declarer, "tricks": entry.tricks}
    patch = _patch_link(round_, row, stored, row | partly, deals, entry.number)
    link = patch[0]
    now = plain_sql.stamp()  # one time for the save's rows, converted once
    sending = _remembering(by_token, *send, now)
    result_as_read = {"id": row["id"], "version": row["version"], "status": row["status"]}
    result_write = plain_sql.updating(TableResult, {"updated_at": now, **changed, "patch": link}, result_as_read)
    deal_as_seen = {"id": entry.id, "accepted": False, "entered_by": entry.entered_by, **seen}
    deal_write = plain_sql.updating(DealEntry, {"accepted": True}, deal_as_seen)
    action = f"deal {entry.number} accepted by {side}"
    history = _history(row["id"], None, by_token, action, before, after, now)
    # Made only for the deal that may be the last to accept: both are needed only when the round counts.
    if last_to_accept:
        counting = plain_sql.updating(TableResult, {"updated_at": now, **counts, "patch": ""}, {"id": row["id"]})
        history_counting = _history(row["id"], None, by_token, action, before, after_counting, now)

    def write() -> bool:
        _run(sending)
        if not result_write.run():
            raise _Changed  # a deal corrected, the table locked, the round agreed: read again
        if not deal_write.run():
            raise _Changed  # accepted meanwhile (then it is done), or the deals entered again
        # The round counts once no deal is left to accept, as seen inside the transaction: two
        # acceptances at one moment (each reading the other's deal as not accepted yet) both count.
        counted = last_to_accept and not _deals_to_accept(row["id"])
        if counted:
            counting.run()
        (history_counting if counted else history).run()
        return counted

    def done(counted: bool) -> TableResult:
        result = _result_of(round_, table, row | (counts if counted else partly), deals)
        _seen(result, _NO_LINK if counted else patch, deals[entry.number])
        return result

    return _Write(write, done)


# ---- a round's result agreed (the phone's whole-round form) ----------------------------------------


@_read_then_write
def result_agree(
    *,
    round_: Round,
    table: int,
    side: str,
    by_token: TableToken | None,
    expected_version: int | None,
    read: phone_read.TableRead | None = None,
) -> TableResult | _Write[TableResult]:
    """One side at the table agrees the result; when both have, it counts.

    Read and written as a phone's deal is (one read, then a conditional update and the history row): at a
    round's end every table's two sides agree within seconds. The version guards the deals, not the
    agreements: both sides agreeing at one moment both count (the update is conditional on the other side's
    agreement as read; when it changed meanwhile, the agreement is read and worked out again). `read`: the
    table as read already (phone_read), for this round, table and token.
    """
    row, stored, _seated, _sent, _of = _read_for(read, round_, table, by_token, "")
    _refuse_closed(round_, row)
    if side not in SIDE_NAMES:
        raise ValidationError(_("Say which side agrees: North–South or East–West."))
    if row is None:
        raise ValidationError(
            _("Table %(table)s has no result in round %(round)s yet.") % {"table": table, "round": round_.number}
        )
    _check_version(row["version"], expected_version)
    if row["locked"]:
        raise ValidationError(_("The director has locked this table: ask the director to change it."))
    if row["status"] == TableResult.Status.IN_PROGRESS or not row["winner"]:
        raise ValidationError(_("Enter all four deals before agreeing the result."))
    values = row | {"ns_agreed" if side == "NS" else "ew_agreed": True}
    if values["ns_agreed"] and values["ew_agreed"]:
        values["status"] = TableResult.Status.AGREED
    changed = {f: values[f] for f in ("ns_agreed", "ew_agreed", "status") if values[f] != row[f]}
    before = _snapshot_of(row, stored)
    after = before | {"status": values["status"]}  # an agreement changes no deal
    now = plain_sql.stamp()
    as_read = {f: row[f] for f in ("id", "version", "status", "ns_agreed", "ew_agreed", "locked")}
    update = plain_sql.updating(TableResult, {"updated_at": now, **changed}, as_read)
    history = _history(row["id"], None, by_token, f"{side} agreed", before, after, now)

    def write() -> None:
        if not update.run():
            raise _Changed  # the other side agreed, a deal was changed or the table locked: read again
        history.run()

    return _Write(write, lambda _written: _result_of(round_, table, values, stored))

"""A table's four deals entered at once from the phone's whole-round form, on the plain-SQL path.

The same refusals, figures and history as result_record (round_result.py), which the director's round
page keeps; written as a phone's deal is (deal_by_deal.py): one plain read with no lock, the checks and
the scoring, then a transaction that only runs its statements. At a round's end every table sends its
round within a minute, a phone without its script through this form; on SQLite each write holds the
database's one write lock, so the less it does inside, the less the other tables wait.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments import l10n, plain_sql
from tournaments.models import DealEntry, Round, TableResult, TableToken
from tournaments.rules import party as party_rules
from tournaments.selectors import phone_read
from tournaments.services.results.common import DEAL_FIELDS, _check_table, _check_version, _clock_start, _winner
from tournaments.services.results.deal_by_deal import (
    _Changed,
    _history,
    _read_for,
    _read_then_write,
    _refuse_closed,
    _result_of,
    _run,
    _snapshot_of,
    _Write,
)
from tournaments.services.results.round_result import _figures, _side

_NEW = {"winner": "", "cut_overridden": False, "locked": False}  # a result's fields before its first write


@_read_then_write
def round_enter(
    *,
    round_: Round,
    table: int,
    deals: list[tuple[str, str, int]],
    complete: bool,
    by_token: TableToken | None,
    expected_version: int | None,
    action: str = "entered at the table",
    read: phone_read.TableRead | None = None,
) -> tuple[TableResult, list[str]] | _Write[tuple[TableResult, list[str]]]:
    """A table's round entered from its phone (deals: up to four (contract, declarer seat, tricks);
    complete: all four, then both sides agree it); the result as written and the notices (a tie's cut).
    Refused, with result_record's messages, for a closed round, a table with no seats, a locked or
    accepted result, or a version other than the one the form was opened on. `read`: the table as read
    already (phone_read), for this round, table and token."""
    row, stored, seated, _sent, _of = _read_for(read, round_, table, by_token, "")
    _refuse_closed(round_, row)
    _check_table(round_, table, seated=seated)
    if row is not None and row["locked"]:
        raise ValidationError(_("The director has locked this table: ask the director to change it."))
    if row is not None and row["status"] == TableResult.Status.AGREED:
        raise ValidationError(_("This round is accepted: ask the director for any change."))
    _check_version(row["version"] if row is not None else 0, expected_version)
    scored, ns, ew = _figures(round_.party, deals, None, complete)
    values, notices = _entered(row, ns, ew, complete, table)
    entered = {d.number: phone_read.Deal(None, **_values_of(d), entered_by="", accepted=False) for d in scored}
    before, after = _snapshot_of(row, stored), _snapshot_of(values, entered)
    now = plain_sql.stamp()

    def rows_after(result_id: int) -> list[plain_sql.Statement]:
        """The deals (those stored before go first) and the history's row, once the result's id is known."""
        statements = [plain_sql.deleting(DealEntry, {"result": result_id})] if stored else []
        if scored:
            written = [{"result": result_id, **_values_of(d), "entered_by": "", "accepted": False} for d in scored]
            statements.append(plain_sql.inserting_rows(DealEntry, written))
        return [*statements, _history(result_id, None, by_token, action, before, after, now)]

    fields = {f: values[f] for f in phone_read.RESULT_FIELDS if f != "id"}
    written = {**fields, "updated_at": now, "patch": ""}  # no patch: the phones draw their part again
    if row is None:
        made = plain_sql.inserting(TableResult, {"round": round_.pk, "table": table, **written})

        def write() -> int:
            _clock_start(round_)  # the round has started with it, if the director did not say so
            result_id = plain_sql.returning_id(TableResult, made)
            _run(rows_after(result_id))
            return result_id

    else:
        # Conditional on the version and state as read: any change since (a deal, a lock, an agreement)
        # leaves this untouched, and the entry is read and checked again.
        same = {"id": row["id"], "version": row["version"], "status": row["status"]}
        update, later = plain_sql.updating(TableResult, written, same), rows_after(row["id"])

        def write() -> int:
            if not update.run():
                raise _Changed
            _run(later)
            return row["id"]

    def done(result_id: int) -> tuple[TableResult, list[str]]:
        return _result_of(round_, table, values | {"id": result_id}, entered), notices

    return _Write(write, done)


def _values_of(deal: party_rules.ScoredDeal) -> dict:
    return {f: getattr(deal, f) for f in DEAL_FIELDS}


def _entered(row: dict | None, ns: int | None, ew: int | None, complete: bool, table: int) -> tuple[dict, list[str]]:
    """The result's fields after the entry (as result_record sets them), and the notice of a tie's cut."""
    values = {**_NEW, **(row or {}), "entry": TableResult.Entry.DEALS, "ns": ns, "ew": ew}
    values |= {"ns_agreed": False, "ew_agreed": False, "version": row["version"] + 1 if row else 1}
    if not complete:
        return values | {"winner": "", "cut": False, "status": TableResult.Status.IN_PROGRESS}, []
    assert ns is not None and ew is not None  # complete: four deals scored
    winner, cut = _winner(ns, ew)
    values |= {"winner": winner, "cut": cut, "cut_overridden": False, "status": TableResult.Status.SUBMITTED}
    if not cut:
        return values, []
    notice = _("Table %(table)s tied at %(score)s: the cut went to %(side)s. You can change it.") % {
        "table": table,
        "score": l10n.number(ns),
        "side": _side(winner),
    }
    return values, [notice]

"""What every write of a table's result shares: its two refusals, the deals stored and tallied, the round locked."""

import functools
import secrets
from collections.abc import Iterable, Sequence

from django.core.exceptions import ValidationError
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import l10n, plain_sql
from tournaments.models import DealEntry, Party, Round, Seat, TableResult
from tournaments.rules import party as party_rules


class StaleResult(ValidationError):
    """The result changed since the form was opened."""


class SendRefused(ValidationError):
    """A phone's send id that cannot be a repeat of what it carries: too long, or kept for other content."""


SEND_ID_MAX = 64  # PhoneSend.client_id's length: a longer id is refused, never cut (two would become one)
SIDE_NAMES = {"NS": gettext_lazy("North–South"), "EW": gettext_lazy("East–West")}
DEAL_FIELDS = ("number", "contract", "declarer", "tricks", "score", "ns", "ew")  # a scored deal's, as stored


def _store_deals(result: TableResult, scored: Iterable[party_rules.ScoredDeal], *, new: bool = False) -> None:
    """Replace the result's deal rows with the scored deals (`new`: a result just made has none to delete)."""
    if not new:
        result.deals.all().delete()
    DealEntry.objects.bulk_create(DealEntry(result=result, **{f: getattr(d, f) for f in DEAL_FIELDS}) for d in scored)


def _snapshot(result: TableResult | None, deals: Iterable[party_rules.ScoredDeal | DealEntry] | None = None) -> dict:
    """The result as the history keeps it; `deals`: its deals as just stored (not read back)."""
    if result is None or result.pk is None:
        return {}
    deals = result.deals.order_by("number") if deals is None else sorted(deals, key=lambda d: d.number)
    return {
        "entry": result.entry,
        "status": result.status,
        "ns": result.ns,
        "ew": result.ew,
        "winner": result.winner,
        "cut": result.cut,
        "locked": result.locked,
        "deals": [[d.number, d.contract, d.declarer, d.tricks] for d in deals],
        "version": result.version,
    }


def _tally(scored: Sequence[party_rules.Sides], tally_mode: str) -> tuple[int, int]:
    if tally_mode == "actual":
        return party_rules.actual_points(scored)
    return party_rules.net_result(scored)


def _score(deals: Sequence[tuple[str, str, int]], rules: str) -> list[party_rules.ScoredDeal]:
    try:
        return party_rules.score_round(deals, rules)
    except ValueError as error:
        raise ValidationError(f"{l10n.say(error)[:1].upper()}{l10n.say(error)[1:]}.") from None


def _winner(ns: int, ew: int) -> tuple[str, bool]:
    winner = party_rules.table_winner(ns, ew)
    if winner:
        return winner, False
    # A tie is decided by a cut of the cards: drawn here, shown, and open to the director's override.
    return secrets.choice(("NS", "EW")), True


def _lock_round(round_: Round) -> Round:
    """The round and its party, read afresh and, on PostgreSQL, held *key-shared* till the transaction
    ends: closing the round (which holds it FOR UPDATE) waits for every table's save in progress, and no
    table's save waits for another table's, not even for the one whose first deal is starting the clock
    (an update of the round's row, which a key-share lock lets through). SQLite lets one writer in at a
    time anyway."""
    found = plain_sql.rows(_round_sql(connection.vendor), [round_.pk])
    if not found:
        raise Round.DoesNotExist(f"round {round_.pk}")
    width = len(Round._meta.concrete_fields)
    locked = plain_sql.instance(Round, found[0][:width])
    locked.party = plain_sql.instance(Party, found[0][width:])
    return locked


def _clock_start(round_: Round) -> None:
    """The round's first deal saved starts its clock, if the director has not started it: one statement,
    changing nothing once the clock runs or the round is closed. On PostgreSQL a round row that another
    transaction is updating is skipped, not waited for: that one is starting the clock (another table's
    first save, or the director's "Start round") or closing the round, so no table's save waits for
    another's. (Were that other save to fail, the clock starts with the next one.)"""
    now = timezone.now()
    prepared = plain_sql.prepared(Round, "clock_started_at", now)
    if plain_sql.run(_clock_start_sql(connection.vendor), [prepared, round_.pk, Round.Status.PLAYING.value]):
        # The save's answer tells the phone the round's state: it must say the clock runs, as a poll would.
        round_.clock_started_at = now


@functools.cache
def _clock_start_sql(vendor: str) -> str:
    c, t = plain_sql.column, plain_sql.table
    update = f"UPDATE {t(Round)} SET {c(Round, 'clock_started_at')} = %s WHERE {c(Round, 'id')}"
    waiting = f"{c(Round, 'clock_started_at')} IS NULL AND {c(Round, 'status')} = %s"
    if vendor != "postgresql":
        return f"{update} = %s AND {waiting}"
    return (
        f"{update} IN (SELECT {c(Round, 'id')} FROM {t(Round)} WHERE {c(Round, 'id')} = %s AND {waiting}"
        " FOR NO KEY UPDATE SKIP LOCKED)"
    )


@functools.cache
def _round_sql(vendor: str) -> str:
    c, t = plain_sql.column, plain_sql.table
    shared = " FOR KEY SHARE OF r" if vendor == "postgresql" else ""
    return (
        f"SELECT {plain_sql.columns(Round, 'r')}, {plain_sql.columns(Party, 'p')} FROM {t(Round)} r"
        f" JOIN {t(Party)} p ON p.{c(Party, 'id')} = r.{c(Round, 'party')} WHERE r.{c(Round, 'id')} = %s{shared}"
    )


def _check_table(round_: Round, table: int, *, seats: bool = True, seated: bool | None = None) -> None:
    """The table exists and (with `seats`) has players in the round; `seated`: that, read already."""
    if not isinstance(table, int) or not 1 <= table <= round_.party.tables:
        raise ValidationError(_("There is no table %(table)s at this party.") % {"table": table})
    if seated is None and seats:
        seated = Seat.objects.filter(round=round_, table=table).exists()
    if seats and not seated:
        raise ValidationError(
            _("Table %(table)s has no seats in round %(round)s.") % {"table": table, "round": round_.number}
        )


def _check_version(current: int, expected: int | None) -> None:
    """Optimistic locking: the form carries the version it was opened on (0 for a new result)."""
    if expected is not None and current != expected:
        raise StaleResult(
            _(
                "Someone else at this table saved a change a moment ago: their entry is shown now. "
                "Check it and save again."
            )
        )

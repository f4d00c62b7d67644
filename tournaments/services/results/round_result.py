"""A table's round result written whole: recorded (the deals or the two net figures), cut, locked, undone
(agreeing it is deal_by_deal.py's: the plain-SQL hot path).

The director's round page and the phone's whole-round form call these, each in one transaction.
"""

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import l10n
from tournaments.models import Party, ResultChange, Round, TableResult, TableToken
from tournaments.rules import party as party_rules
from tournaments.services.results.common import (
    SIDE_NAMES,
    StaleResult,
    _check_table,
    _check_version,
    _clock_start,
    _lock_round,
    _score,
    _snapshot,
    _store_deals,
    _tally,
    _winner,
)


@transaction.atomic
def result_record(
    *,
    round_: Round,
    table: int,
    deals: list | None = None,
    net: tuple[int, int] | None = None,
    complete: bool = True,
    by_user: User | None = None,
    by_token: TableToken | None = None,
    expected_version: int | None = None,
    action: str = "entered",
) -> tuple[TableResult, list[str]]:
    """Record a table's round; returns the result and any notices for the director.

    deals: up to four (contract, declarer seat, tricks); complete=True needs all four.
    net: (north_south, east_west) straight from the score card instead of deals.
    """
    _clock_start(round_)  # before the round is read: a clock started here is read as running
    round_ = _lock_round(round_)
    party = round_.party
    notices: list[str] = []
    if round_.is_closed and by_user is None:
        raise ValidationError(
            _("Round %(number)s is closed: results can no longer be entered here.") % {"number": round_.number}
        )
    _check_table(round_, table)
    result = _locked_row(round_, table)
    if result and result.locked and by_user is None:
        raise ValidationError(_("The director has locked this table: ask the director to change it."))
    if result and result.status == TableResult.Status.AGREED and by_user is None:
        raise ValidationError(_("This round is accepted: ask the director for any change."))
    _check_version(result.version if result is not None else 0, expected_version)
    before = _snapshot(result)
    old_winner = result.winner if result else ""

    scored, ns, ew = _figures(party, deals, net, complete)
    if result is None:
        result = TableResult(round=round_, table=table)
    result.entry = TableResult.Entry.DEALS if deals is not None else TableResult.Entry.NET
    result.ns, result.ew = ns, ew
    if complete:
        assert ns is not None and ew is not None  # complete: four deals scored, or both net figures
        winner, cut = _winner(ns, ew)
        result.winner, result.cut, result.cut_overridden = winner, cut, False
        # The director's word is final; a table's entry waits for both sides to agree.
        result.status = TableResult.Status.AGREED if by_user is not None else TableResult.Status.SUBMITTED
        if cut:
            notices.append(
                _("Table %(table)s tied at %(score)s: the cut went to %(side)s. You can change it.")
                % {"table": table, "score": l10n.number(ns), "side": _side(winner)}
            )
    else:
        result.winner, result.cut, result.status = "", False, TableResult.Status.IN_PROGRESS
    result.ns_agreed = result.ew_agreed = False
    result.version = (result.version + 1) if result.pk else 1
    try:
        result.save()
    except IntegrityError:
        raise StaleResult(
            _("Someone else at this table saved at the same moment: check the entry and save again.")
        ) from None
    _store_deals(result, scored, new=not before)
    after = _snapshot(result, scored)  # the deals as stored, not read back
    ResultChange.objects.create(
        result=result, by_user=by_user, by_token=by_token, action=action, before=before, after=after
    )
    if round_.is_closed and old_winner and result.winner != old_winner:
        notices.append(
            _(
                "Table %(table)s's winner is now %(side)s, not %(old)s. Round %(next)s was seated from the old "
                "result: the seating stays as actually played."
            )
            % {"table": table, "side": _side(result.winner), "old": _side(old_winner), "next": round_.number + 1}
        )
    return result, notices


def _figures(
    party: Party, deals: list | None, net: tuple[int, int] | None, complete: bool
) -> tuple[list[party_rules.ScoredDeal], int | None, int | None]:
    """The scored deals and the two tally figures, from the deals or the net figures."""
    if (deals is None) == (net is None):
        raise ValidationError(_("Enter either the deals or the two net figures."))
    if deals is None:
        assert net is not None  # the check above: exactly one of the two is given
        ns, ew = _check_net(net, party.rules)
        if party.tally_mode == "actual" and (ns < 0 or ew < 0):
            raise ValidationError(_("With actual points neither side can be minus: each side enters what it scored."))
        if party.tally_mode != "actual" and ns + ew > 0:
            raise ValidationError(
                _(
                    "N–S %(ns)s and E–W %(ew)s cannot both be right: the two net results never add up to more "
                    "than 0 (each side's plus is the other's minus, or less with the 1,000 cap). Check for a "
                    "missing minus sign."
                )
                % {"ns": l10n.number(ns), "ew": l10n.number(ew)}
            )
        return [], ns, ew
    scored = _score(deals, party.rules)
    if complete and len(scored) != party_rules.DEALS_PER_ROUND:
        raise ValidationError(
            ngettext(
                "A round has four deals: %(count)s entered. Enter a passed-out deal as “%(pass)s”.",
                "A round has four deals: %(count)s entered. Enter a passed-out deal as “%(pass)s”.",
                len(scored),
            )
            # The word the deal form's Contract menu shows for it (forms/rounds.LEVELS), in the page's language.
            % {"count": len(scored), "pass": _("Pass")}
        )
    if not scored:
        return scored, None, None
    ns, ew = _tally(scored, party.tally_mode)
    return scored, ns, ew


def _side(side: str) -> str:
    return str(SIDE_NAMES.get(side, side))


def _points(value: int) -> str:
    return l10n.signed(value)  # +1,000 / −1,000 / 0, in the reader's style


def _check_net(net: tuple[int, int], rules: str) -> tuple[int, int]:
    try:
        ns, ew = net
    except (TypeError, ValueError):
        raise ValidationError(_("Give both sides' results.")) from None
    low, high = party_rules.net_bounds(rules)
    for side, value in (("NS", ns), ("EW", ew)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError(_("A round result is a whole number of points, like 400 or −1,000."))
        if not low <= value <= high:
            raise ValidationError(
                _(
                    "%(side)s's %(value)s is more than four deals can produce: a side's round result lies between "
                    "%(low)s (a redoubled seven down thirteen on every deal) and %(high)s (a redoubled grand slam "
                    "bid and made on every deal)."
                )
                % {"side": _side(side), "value": _points(value), "low": _points(low), "high": _points(high)}
            )
        if value % 10:
            raise ValidationError(
                _("%(value)s is not a bridge score: every score is a multiple of ten.") % {"value": l10n.number(value)}
            )
    return ns, ew


@transaction.atomic
def result_cut_override(*, result: TableResult, winner: str, by_user: User) -> TableResult:
    """The director decides a tied table's cut the other way (or confirms it)."""
    result = TableResult.objects.select_for_update(of=("self",)).select_related("round__party").get(pk=result.pk)
    if winner not in ("NS", "EW"):
        raise ValidationError(_("The winner is North–South or East–West."))
    if not result.cut:
        raise ValidationError(_("This table was not tied: its winner comes from the scores."))
    if result.round.is_closed:
        raise ValidationError(_("The round is closed: the movement was played from the cut as it stood."))
    before = _snapshot(result)
    result.winner, result.cut_overridden = winner, True
    result.version += 1
    result.save()
    ResultChange.objects.create(
        result=result, by_user=by_user, action="cut overridden", before=before, after=_snapshot(result)
    )
    return result


def _locked_row(round_: Round, table: int) -> TableResult | None:
    """The table's result (one at most: round and table are unique), its row alone held till the
    transaction ends. Ordered by id, not by the model's ordering: that joins the round (ordered by its
    own), and on PostgreSQL FOR UPDATE would hold the round's row too, against every other table's
    key-share hold on it (_lock_round): tables would wait for each other, or deadlock."""
    return TableResult.objects.select_for_update(of=("self",)).filter(round=round_, table=table).order_by("pk").first()


def _lock_result(round_: Round, table: int) -> TableResult:
    """The table's result, held till the transaction ends; `round_` as _lock_round read it (its party
    with it), not joined again."""
    result = _locked_row(round_, table)
    if result is None:
        raise ValidationError(
            _("Table %(table)s has no result in round %(round)s yet.") % {"table": table, "round": round_.number}
        )
    result.round = round_
    return result


@transaction.atomic
def result_lock(*, round_: Round, table: int, locked: bool, by_user: User) -> TableResult:
    result = _lock_result(_lock_round(round_), table)
    if result.locked == locked:
        return result
    before = _snapshot(result)
    result.locked = locked
    result.version += 1
    result.save()
    ResultChange.objects.create(
        result=result,
        by_user=by_user,
        action="locked" if locked else "unlocked",
        before=before,
        after=_snapshot(result),
    )
    return result


@transaction.atomic
def result_undo(*, change: ResultChange, by_user: User) -> tuple[TableResult, list[str]]:
    """Put a table's result back as it was before the given change (the undo is itself recorded)."""
    result = TableResult.objects.select_for_update(of=("self",)).select_related("round__party").get(pk=change.result_id)
    _lock_round(result.round)
    before, target = _snapshot(result), change.before
    old_winner = result.winner
    if target:
        result.entry, result.status = target["entry"], target["status"]
        result.ns, result.ew, result.winner = target["ns"], target["ew"], target["winner"]
        result.cut, result.locked = target["cut"], target["locked"]
        deals = [tuple(d[1:]) for d in target["deals"]]
    else:
        result.entry, result.status, result.ns, result.ew = (
            TableResult.Entry.DEALS,
            TableResult.Status.IN_PROGRESS,
            None,
            None,
        )
        result.winner, result.cut, deals = "", False, []
    scored = _score(deals, result.round.party.rules) if deals else []
    result.ns_agreed = result.ew_agreed = result.status == TableResult.Status.AGREED
    result.version += 1
    result.save()
    _store_deals(result, scored)
    ResultChange.objects.create(result=result, by_user=by_user, action="undone", before=before, after=_snapshot(result))
    notices = []
    if result.round.is_closed and old_winner and result.winner != old_winner:
        notices.append(
            _(
                "Table %(table)s's winner changed: round %(next)s was seated from the old result, and the seating "
                "stays as actually played."
            )
            % {"table": result.table, "next": result.round.number + 1}
        )
    return result, notices

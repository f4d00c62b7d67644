"""A table's round closed as played so far (issue 46): a player went home during it.

The deals played count as usual, each capped on its own; those never played score nothing for either
side (rules/party.unfinished_round_result, docs/rules/four-aces-party.md). The result is the director's,
recorded in the table's history like any other, and undone as any other (round_result.result_undo).
"""

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import ResultChange, Round, TableResult
from tournaments.rules import party as party_rules
from tournaments.services.results.common import _lock_round, _snapshot, _winner
from tournaments.services.results.round_result import _lock_result

CLOSED_UNFINISHED = "closed unfinished"


@transaction.atomic
def result_close_unfinished(*, round_: Round, table: int, by_user: User) -> tuple[TableResult, list[str]]:
    """Close the table's round with the deals entered so far; returns the result and any notices."""
    round_ = _lock_round(round_)
    if round_.is_closed:
        raise ValidationError(_("Round %(number)s is closed: its results stand as played.") % {"number": round_.number})
    result = _lock_result(round_, table)
    deals = list(result.deals.order_by("number"))
    if not deals:
        raise ValidationError(
            _("Table %(table)s has not entered a deal yet: nothing to close. Enter the deals played first.")
            % {"table": table}
        )
    if len(deals) == party_rules.DEALS_PER_ROUND:
        raise ValidationError(
            _("Table %(table)s has played its four deals: its round is not unfinished.") % {"table": table}
        )
    numbers = [d.number for d in deals]
    if numbers != list(range(1, len(deals) + 1)):
        missing = min(set(range(1, max(numbers) + 1)) - set(numbers))
        raise ValidationError(
            _("Deal %(number)s is missing at table %(table)s: enter it, or delete the deals after it.")
            % {"number": missing, "table": table}
        )
    before = _snapshot(result)
    closed = party_rules.unfinished_round_result(
        [(d.contract, d.declarer, d.tricks) for d in deals], round_.party.rules
    )
    result.ns, result.ew = closed.ns, closed.ew
    result.winner, result.cut = _winner(closed.ns, closed.ew)
    result.cut_overridden = False
    result.entry, result.status = TableResult.Entry.DEALS, TableResult.Status.AGREED
    result.ns_agreed = result.ew_agreed = True
    result.version += 1
    result.save()
    ResultChange.objects.create(
        result=result, by_user=by_user, action=CLOSED_UNFINISHED, before=before, after=_snapshot(result)
    )
    notices = []
    if result.cut:
        notices.append(_("Table %(table)s tied: the cut decided the winner. You can change it.") % {"table": table})
    return result, notices

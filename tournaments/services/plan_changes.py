"""Writes for changes of plan between two rounds (issue 46): a table joins, a table or some guests leave.

Each change re-seats the next round (not started yet) as the rules engine plans it
(selectors/plan_changes.py), sets the party's number of tables, and is one PlanChange in the audit trail,
holding the seats and the guests' state before and after, so that it can be undone until the round starts.
"""

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Guest, Party, PlanChange, Round, Seat
from tournaments.rules import changes
from tournaments.selectors import plan_changes as selectors
from tournaments.services import live
from tournaments.services.tokens import tokens_ensure

JOIN, LEAVE, UNDONE = "table joins", "guests leave", "undone"


def _snapshot(party: Party, round_: Round, guests: Sequence[Guest]) -> dict[str, Any]:
    seats = sorted(Seat.objects.filter(round=round_).values_list("table", "seat", "guest_id"))
    return {
        "tables": party.tables,
        "seats": [list(s) for s in seats],
        "guests": {str(g.pk): [g.reserve, g.left_after] for g in guests},
    }


def check_join(party: Party, guests: Sequence[Guest]) -> None:
    """A new table: four reserves (at a mixed party two ladies and two gentlemen)."""
    if len(guests) != 4 or len({g.pk for g in guests}) != 4:
        raise ValidationError(_("A new table is four guests: choose four reserves."))
    for guest in guests:
        if not guest.reserve or guest.left_after is not None:
            raise ValidationError(
                _("%(name)s is not a reserve: only reserves make a new table.") % {"name": guest.name}
            )
    if party.mixed and changes.table_count([g.name for g in guests], {g.name: g.playing_kind for g in guests}) != 1:
        raise ValidationError(_("At a mixed party a new table is two ladies and two gentlemen."))


def check_leave(guests: Sequence[Guest]) -> None:
    if not guests:
        raise ValidationError(_("Choose who goes home."))
    for guest in guests:
        if guest.left_after is not None:
            raise ValidationError(_("%(name)s has already gone home.") % {"name": guest.name})


def _seat(round_: Round, plan: changes.ChangePlan, guests: dict[str, Guest]) -> None:
    Seat.objects.filter(round=round_).delete()
    Seat.objects.bulk_create(
        Seat(round=round_, table=t, seat=s, guest=guests[name])
        for t, row in plan.seating.items()
        for s, name in row.items()
    )


@transaction.atomic
def plan_apply(
    *, party: Party, joining: Sequence[Guest] = (), leaving: Sequence[Guest] = (), by_user: User | None = None
) -> PlanChange:
    """Apply a change the hostess has seen: re-seat the next round and record the change."""
    party = Party.objects.select_for_update().get(pk=party.pk)
    pause = selectors.break_get(party)
    if joining:
        check_join(party, joining)
    if leaving or not joining:
        check_leave(leaving)
    involved = list(Guest.objects.filter(pk__in=[g.pk for g in [*joining, *leaving]]))
    before = _snapshot(party, pause.following, involved)
    shown = selectors.preview(party, joining=joining, leaving=leaving, pause=pause)
    Guest.objects.filter(pk__in=[g.pk for g in joining]).update(reserve=False)
    Guest.objects.filter(pk__in=[g.pk for g in leaving]).update(left_after=pause.last.number)
    _seat(pause.following, shown.plan, shown.guests)
    party.tables = shown.tables
    party.save(update_fields=["tables"])
    tokens_ensure(party=party)  # a new table's link; a closed table's stays live, to tell its phone
    involved = list(Guest.objects.filter(pk__in=[g.pk for g in involved]))
    return PlanChange.objects.create(
        party=party,
        round=pause.following,
        by_user=by_user,
        action=JOIN if joining else LEAVE,
        before=before,
        after=_snapshot(party, pause.following, involved) | {"names": [g.name for g in involved]},
    )


@transaction.atomic
def plan_undo(*, change: PlanChange, by_user: User | None = None) -> PlanChange:
    """Put the next round's seats and the guests back as before the change, while that round has not started
    and no later change stands on it (the undo is itself recorded)."""
    party = Party.objects.select_for_update().get(pk=change.party_id)
    change = PlanChange.objects.select_related("round").get(pk=change.pk)
    if change.action == UNDONE:
        raise ValidationError(_("An undo is not undone: make the change again instead."))
    if change.undone_at is not None:
        raise ValidationError(_("This change is already undone."))
    if change.round.is_closed or selectors.round_started(change.round):
        raise ValidationError(
            _("Round %(number)s has started: the change can no longer be undone.") % {"number": change.round.number}
        )
    later = (
        PlanChange.objects.filter(party=party, undone_at__isnull=True, pk__gt=change.pk).exclude(action=UNDONE).exists()
    )
    if later:
        raise ValidationError(_("A later change stands on this one: undo that first."))
    guests = {g.pk: g for g in Guest.objects.filter(party=party)}
    Seat.objects.filter(round=change.round).delete()
    Seat.objects.bulk_create(
        Seat(round=change.round, table=t, seat=s, guest=guests[g]) for t, s, g in change.before["seats"]
    )
    for pk, (reserve, left_after) in change.before["guests"].items():
        Guest.objects.filter(pk=int(pk), party=party).update(reserve=reserve, left_after=left_after)
    party.tables = change.before["tables"]
    party.save(update_fields=["tables"])
    change.undone_at = timezone.now()
    change.save(update_fields=["undone_at"])
    live.touched(party.pk)
    return PlanChange.objects.create(
        party=party, round=change.round, by_user=by_user, action=UNDONE, before=change.after, after=change.before
    )

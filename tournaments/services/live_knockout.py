"""Knockout.changes: bumped by every write a knockout's live pages show (the bracket, a round's page, the public
results page), read by their validators (selectors/live_knockout.py).

The knockout services bump it first thing in each write (`touched`), before any other row is written: every
knockout write then takes the knockout's row before a match's or a round's, so two writes at once wait for each
other in one order and never deadlock. A refused write rolls its bump back with it.

Saves made elsewhere bump it through the model signals below: the event's own fields, a pair saved (a player
linked to a member), a round edited. A club member's save or deletion bumps every party and knockout they
played in: their "initials only on public pages" changes how the public pages name them.
"""

from typing import Any

from django.db.models import F, Model, Q
from django.db.models.signals import post_save, pre_delete

from tournaments.models import Knockout, KnockoutPair, KnockoutRound, Member, Party


def touched(knockout_id: int | None) -> None:
    """The knockout's live pages show something new: their validators change."""
    if knockout_id is not None:
        Knockout.objects.filter(pk=knockout_id).update(changes=F("changes") + 1)


def match_touched(match_id: int) -> None:
    """`touched` for the knockout a match is played in (one statement, the match need not be read)."""
    Knockout.objects.filter(rounds__matches=match_id).update(changes=F("changes") + 1)


def _knockout_saved(
    sender: type[Model], instance: Knockout, created: bool, update_fields: frozenset[str] | None = None, **kwargs: Any
) -> None:
    if not created and not (update_fields and set(update_fields) <= {"changes"}):
        touched(instance.pk)


def _pair_saved(sender: type[Model], instance: KnockoutPair, **kwargs: Any) -> None:
    touched(instance.knockout_id)


def _round_saved(sender: type[Model], instance: KnockoutRound, created: bool, **kwargs: Any) -> None:
    # A round drawn (created) is part of a service's write, which has bumped the counter already.
    if not created:
        touched(instance.knockout_id)


def member_events_touched(member_id: int) -> None:
    """Every party and knockout the member played in: their public pages may name them differently now."""
    Party.objects.filter(guests__member=member_id).update(changes=F("changes") + 1)
    Knockout.objects.filter(Q(pairs__member_a=member_id) | Q(pairs__member_b=member_id)).update(
        changes=F("changes") + 1
    )


def _member_saved(
    sender: type[Model], instance: Member, created: bool, update_fields: frozenset[str] | None = None, **kwargs: Any
) -> None:
    # A new member is in no event yet; a save of other fields only (archived, unsubscribed) changes no page.
    if created or (update_fields is not None and "initials_only" not in update_fields):
        return
    member_events_touched(instance.pk)


def _member_deleted(sender: type[Model], instance: Member, **kwargs: Any) -> None:
    # Before the deletion unlinks the guests and pairs (SET_NULL, no signal of their own).
    member_events_touched(instance.pk)


def connect() -> None:
    post_save.connect(_knockout_saved, sender=Knockout, dispatch_uid="live_knockout_saved")
    post_save.connect(_pair_saved, sender=KnockoutPair, dispatch_uid="live_knockout_pair_saved")
    post_save.connect(_round_saved, sender=KnockoutRound, dispatch_uid="live_knockout_round_saved")
    post_save.connect(_member_saved, sender=Member, dispatch_uid="live_member_saved")
    pre_delete.connect(_member_deleted, sender=Member, dispatch_uid="live_member_deleted")

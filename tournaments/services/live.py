"""Party.changes: bumped by every write a live page shows that is no round's or result's (those carry
their own state and versions): a guest added, renamed, set aside or removed, seats drawn, swapped or
replaced, the party's own fields. See selectors/live.py.

The guests' and seats' saves bump it through the model signals below, whichever service makes them;
the bulk writes and the deletes call `touched` themselves (a delete receiver would cost a query for
each row a party's deletion cascades to). A phone's save never writes a guest or a seat, so it never
waits on the party's row.
"""

from typing import Any

from django.db.models import F, Model
from django.db.models.signals import post_save

from tournaments.models import Guest, Party, Seat, SeatOverride


def touched(party_id: int | None) -> None:
    """The party's live pages show something new: their validators change."""
    if party_id is not None:
        Party.objects.filter(pk=party_id).update(changes=F("changes") + 1)


def _guest_changed(sender: type[Model], instance: Guest, **kwargs: Any) -> None:
    touched(instance.party_id)


def _seat_changed(sender: type[Model], instance: Seat | SeatOverride, **kwargs: Any) -> None:
    Party.objects.filter(rounds=instance.round_id).update(changes=F("changes") + 1)


def _party_saved(
    sender: type[Model], instance: Party, created: bool, update_fields: frozenset[str] | None = None, **kwargs: Any
) -> None:
    # A party's own save already changes what the validator reads of it (its fields); the counter
    # is bumped as well so that a field the validator does not read (pins, the draw) counts too.
    if not created and not (update_fields and set(update_fields) <= {"changes"}):
        Party.objects.filter(pk=instance.pk).update(changes=F("changes") + 1)


def connect() -> None:
    post_save.connect(_guest_changed, sender=Guest, dispatch_uid="live_guest_saved")
    for model in (Seat, SeatOverride):
        post_save.connect(_seat_changed, sender=model, dispatch_uid=f"live_{model.__name__}_saved")
    post_save.connect(_party_saved, sender=Party, dispatch_uid="live_party_saved")

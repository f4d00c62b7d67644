"""Writes for moving on: closing a round and seating the next one by the movement engine."""

import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from tournaments.models import Round, Seat, TableResult
from tournaments.models.party import MAX_ROUNDS
from tournaments.rules import movement


@transaction.atomic
def round_close(*, round_: Round, another: bool = False) -> Round | None:
    """Close the round; seat the next one unless the planned rounds are played (`another` adds one)."""
    round_ = Round.objects.select_for_update(of=("self",)).select_related("party").get(pk=round_.pk)
    party = round_.party
    if round_.is_closed:
        raise ValidationError(f"Round {round_.number} is already closed.")
    results = {r.table: r for r in TableResult.objects.filter(round=round_)}
    waiting = [t for t in range(1, party.tables + 1) if not (t in results and results[t].is_complete)]
    if waiting:
        tables = ", ".join(str(t) for t in waiting)
        raise ValidationError(
            f"{len(waiting)} table{'s' if len(waiting) != 1 else ''} still playing ({tables}): "
            "every table's result must be in before the round closes."
        )
    round_.status, round_.closed_at = Round.Status.CLOSED, timezone.now()
    round_.save()
    if round_.number >= party.rounds_planned and not another:
        return None
    return _seat_following(round_, results, extend=another)


def _seat_following(round_: Round, results: dict, *, extend: bool) -> Round:
    """The next round's seats by the movement engine, from this round's seats and winners."""
    party = round_.party
    if round_.number >= MAX_ROUNDS:
        raise ValidationError(f"A party has at most {MAX_ROUNDS} rounds: this was the last.")
    seats = list(Seat.objects.filter(round=round_).select_related("guest"))
    seating: dict[int, dict[str, str]] = {}
    for seat in seats:
        seating.setdefault(seat.table, {})[seat.seat] = seat.guest.name
    kinds = {s.guest.name: s.guest.playing_kind for s in seats} if party.mixed else None
    round_.movement_seed = secrets.randbits(48)
    try:
        moved = movement.next_seating(
            seating,
            {t: r.winner for t, r in results.items()},
            keep_partners=party.keep_partners,
            kinds=kinds,
            seed=round_.movement_seed,
        )
    except ValueError as error:
        raise ValidationError(f"The movement cannot be made: {error}.") from None
    round_.save(update_fields=["movement_seed"])
    if extend and party.rounds_planned < round_.number + 1:
        party.rounds_planned = round_.number + 1
        party.save(update_fields=["rounds_planned"])
    following = Round.objects.create(party=party, number=round_.number + 1)
    by_name = {s.guest.name: s.guest for s in seats}
    Seat.objects.bulk_create(
        Seat(round=following, table=t, seat=s, guest=by_name[name])
        for t, row in moved.items()
        for s, name in row.items()
    )
    return following


@transaction.atomic
def round_extend(*, party) -> Round:
    """One more round after the last planned one was closed: seated from that round's results."""
    last = party.rounds.select_for_update(of=("self",)).select_related("party").order_by("-number").first()
    if last is None or not last.is_closed:
        raise ValidationError("The current round is still playing: close it to play another.")
    results = {r.table: r for r in TableResult.objects.filter(round=last)}
    if any(not r.is_complete for r in results.values()) or len(results) != party.tables:
        raise ValidationError(f"Round {last.number} is missing results: correct it first.")
    return _seat_following(last, results, extend=True)

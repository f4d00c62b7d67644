"""Writes for moving on: closing a round and seating the next one by the movement engine."""

import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import l10n
from tournaments.models import Party, Round, Seat, TableResult
from tournaments.models.party import MAX_ROUNDS
from tournaments.rules import movement
from tournaments.selectors import plan_changes as plan_selectors
from tournaments.services.tokens import tokens_ensure


@transaction.atomic
def round_close(*, round_: Round, another: bool = False) -> Round | None:
    """Close the round; seat the next one unless the planned rounds are played (`another` adds one)."""
    round_ = Round.objects.select_for_update(of=("self",)).select_related("party").get(pk=round_.pk)
    party = round_.party
    if round_.is_closed:
        raise ValidationError(_("Round %(number)s is already closed.") % {"number": round_.number})
    results = {r.table: r for r in TableResult.objects.filter(round=round_)}
    waiting = [t for t in range(1, party.tables + 1) if not (t in results and results[t].is_complete)]
    if waiting:
        tables = ", ".join(str(t) for t in waiting)
        raise ValidationError(
            ngettext(
                "%(count)s table still playing (%(tables)s): every table's result must be in before the round closes.",
                "%(count)s tables still playing (%(tables)s): every table's result must be in before the round closes.",
                len(waiting),
            )
            % {"count": l10n.number(len(waiting)), "tables": tables}
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
        raise ValidationError(_("A party has at most %(most)s rounds: this was the last.") % {"most": MAX_ROUNDS})
    seats = list(Seat.objects.filter(round=round_).select_related("guest"))
    seating: dict[int, dict[str, str]] = {}
    for seat in seats:
        seating.setdefault(seat.table, {})[seat.seat] = seat.guest.name
    kinds = {s.guest.name: s.guest.playing_kind for s in seats} if party.mixed else None
    round_.movement_seed = secrets.randbits(48)
    if plan_selectors.waiting_guests(party, round_):
        # Someone sat out this round (a change of plan left an odd few): the rules engine brings them back.
        return _seat_with_waiting(round_, extend=extend)
    try:
        moved = movement.next_seating(
            seating,
            {t: r.winner for t, r in results.items()},
            keep_partners=party.keep_partners,
            kinds=kinds,
            seed=round_.movement_seed,
        )
    except ValueError as error:
        raise ValidationError(_("The movement cannot be made: %(problem)s.") % {"problem": l10n.say(error)}) from None
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


def _seat_with_waiting(round_: Round, *, extend: bool) -> Round:
    party = round_.party
    plan, guests = plan_selectors.plan_after(party, round_)
    round_.save(update_fields=["movement_seed"])
    if extend and party.rounds_planned < round_.number + 1:
        party.rounds_planned = round_.number + 1
    party.tables = len(plan.seating)
    party.save(update_fields=["rounds_planned", "tables"])
    tokens_ensure(party=party)
    following = Round.objects.create(party=party, number=round_.number + 1)
    Seat.objects.bulk_create(
        Seat(round=following, table=t, seat=s, guest=guests[name])
        for t, row in plan.seating.items()
        for s, name in row.items()
    )
    return following


@transaction.atomic
def round_extend(*, party: Party) -> Round:
    """One more round after the last planned one was closed: seated from that round's results."""
    last = party.rounds.select_for_update(of=("self",)).select_related("party").order_by("-number").first()
    if last is None or not last.is_closed:
        raise ValidationError(_("The current round is still playing: close it to play another."))
    results = {r.table: r for r in TableResult.objects.filter(round=last)}
    if any(not r.is_complete for r in results.values()) or len(results) != party.tables:
        raise ValidationError(_("Round %(number)s is missing results: correct it first.") % {"number": last.number})
    return _seat_following(last, results, extend=True)


# ---- the round clock ------------------------------------------------------------------------------


def _playing(round_: Round) -> Round:
    round_ = Round.objects.select_for_update(of=("self",)).get(pk=round_.pk)
    if round_.is_closed:
        raise ValidationError(_("Round %(number)s is closed: its clock has stopped.") % {"number": round_.number})
    return round_


def _started(round_: Round) -> Round:
    round_ = _playing(round_)
    if round_.clock_started_at is None:
        raise ValidationError(
            _("Round %(number)s has not started: start it first, and its clock runs.") % {"number": round_.number}
        )
    return round_


@transaction.atomic
def round_start(*, round_: Round) -> Round:
    """The round starts now: its clock runs from this moment (the seats were drawn earlier)."""
    round_ = _playing(round_)
    if round_.clock_started_at is not None:
        raise ValidationError(
            _("Round %(number)s has already started: its clock is running.") % {"number": round_.number}
        )
    round_.clock_started_at = timezone.now()
    round_.save(update_fields=["clock_started_at"])
    return round_


@transaction.atomic
def clock_pause(*, round_: Round) -> Round:
    round_ = _started(round_)
    if round_.clock_paused_at is None:
        round_.clock_paused_at = timezone.now()
        round_.save(update_fields=["clock_paused_at"])
    return round_


@transaction.atomic
def clock_resume(*, round_: Round) -> Round:
    round_ = _started(round_)
    if round_.clock_paused_at is not None:
        stopped = int((timezone.now() - round_.clock_paused_at).total_seconds())
        round_.clock_paused_seconds += max(0, stopped)
        round_.clock_paused_at = None
        round_.save(update_fields=["clock_paused_at", "clock_paused_seconds"])
    return round_


@transaction.atomic
def clock_extend(*, round_: Round, minutes: int = 2) -> Round:
    round_ = _started(round_)
    if not 1 <= minutes <= 30 or round_.clock_extra_minutes + minutes > 120:
        raise ValidationError(_("Extend the round by 1 to 30 minutes at a time (two hours at most in all)."))
    round_.clock_extra_minutes += minutes
    round_.save(update_fields=["clock_extra_minutes"])
    return round_


@transaction.atomic
def clock_restart(*, round_: Round) -> Round:
    """Start the round's clock again from now (the round began later than it was started)."""
    round_ = _started(round_)
    round_.clock_started_at, round_.clock_paused_at = timezone.now(), None
    round_.clock_paused_seconds = round_.clock_extra_minutes = 0
    round_.save(update_fields=["clock_started_at", "clock_paused_at", "clock_paused_seconds", "clock_extra_minutes"])
    return round_

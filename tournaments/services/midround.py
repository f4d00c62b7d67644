"""A player goes home during a round and a reserve takes the seat (issue 46, item 3).

The seat's guest becomes the reserve for the round's remaining deals (the phone shows her name at its
next poll); the deals already played stay with the player who played them: a MidRoundSeat row says from
which deal the reserve sat, and the standings share the seat's result by it (rules/midround.py). The
party's `replaced_mid_round` tells the standings to read those rows: a night without one reads none.
"""

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.models import Guest, MidRoundSeat, Party, Round, Seat, TableResult
from tournaments.rules.party import DEALS_PER_ROUND
from tournaments.services import live


def _from_deal(round_: Round, table: int) -> int:
    """The deal the reserve plays first: the one after the last entered (refused once the table is done)."""
    result = TableResult.objects.select_for_update().filter(round=round_, table=table).first()
    if result is not None and result.is_complete:
        return DEALS_PER_ROUND + 1
    last = 0 if result is None else result.deals.aggregate(last=Max("number"))["last"] or 0
    return last + 1


def _check_reserve(guest: Guest | None, round_: Round) -> Guest:
    if guest is None:
        raise ValidationError(_("Choose the reserve who takes the seat."))
    if guest.party_id != round_.party_id:
        raise ValidationError(_("That guest is not at this party."))
    if not guest.reserve or guest.left_after is not None:
        raise ValidationError(
            _("%(name)s is not a reserve: only a reserve takes a seat during a round.") % {"name": guest.name}
        )
    return guest


@transaction.atomic
def seat_replace_mid_round(
    *, round_: Round, table: int, seat: str, guest: Guest | None, user: User | None = None
) -> MidRoundSeat:
    """The player in the seat goes home; the reserve plays the round's remaining deals in her place."""
    round_ = Round.objects.select_for_update(of=("self",)).select_related("party").get(pk=round_.pk)
    guest = _check_reserve(guest, round_)
    spot = round_.seats.select_related("guest").filter(table=table, seat=seat).first()
    if spot is None:
        raise ValidationError(_("There is no seat %(seat)s at table %(table)s.") % {"seat": seat, "table": table})
    from_deal = _from_deal(round_, table)
    if round_.is_closed or from_deal > DEALS_PER_ROUND:
        raise ValidationError(
            _("Table %(table)s has finished round %(number)s: seat the reserve for the next round instead.")
            % {"table": table, "number": round_.number}
        )
    leaving = spot.guest
    if round_.party.mixed and guest.playing_kind != leaving.playing_kind:
        raise ValidationError(
            _(
                "At a mixed party %(name)s cannot take %(leaver)s's seat: a lady takes a lady's seat, "
                "a gentleman a gentleman's."
            )
            % {"name": guest.name, "leaver": leaving.name}
        )
    Seat.objects.filter(pk=spot.pk).update(guest=guest)
    Guest.objects.filter(pk=guest.pk).update(reserve=False)
    Guest.objects.filter(pk=leaving.pk).update(left_after=round_.number)
    Party.objects.filter(pk=round_.party_id).update(replaced_mid_round=True)
    live.touched(round_.party_id)  # the phone shows the reserve's name at its next poll
    return MidRoundSeat.objects.create(
        round=round_, table=table, seat=seat, from_deal=from_deal, left=leaving, came=guest, by=user
    )


def _undo_refusal(round_: Round, row: MidRoundSeat) -> str | None:
    """Why the replacement can no longer be undone: the round is closed, or the reserve's first deal is entered."""
    if round_.is_closed:
        return _("Round %(number)s is closed: %(name)s's place can no longer be given back.") % {
            "number": round_.number,
            "name": row.left.name,
        }
    if _from_deal(round_, row.table) > row.from_deal:
        return _("%(name)s has played deal %(deal)s in %(leaver)s's seat: the change can no longer be undone.") % {
            "name": row.came.name,
            "deal": row.from_deal,
            "leaver": row.left.name,
        }
    return None


@transaction.atomic
def seat_replace_mid_round_undo(*, round_: Round, table: int, seat: str) -> MidRoundSeat:
    """Give the seat back to the player who was to go home, until the reserve's first deal is entered
    (docs/rules/decisions.md): the reserve is a reserve again and nothing of the replacement stays."""
    round_ = Round.objects.select_for_update(of=("self",)).select_related("party").get(pk=round_.pk)
    row = (
        MidRoundSeat.objects.select_related("left", "came")
        .filter(round=round_, table=table, seat=seat)
        .order_by("-from_deal", "-pk")
        .first()
    )
    if row is None:
        raise ValidationError(
            _("No reserve took seat %(seat)s at table %(table)s during round %(number)s.")
            % {"seat": seat, "table": table, "number": round_.number}
        )
    refusal = _undo_refusal(round_, row)
    if refusal is not None:
        raise ValidationError(refusal)
    Seat.objects.filter(round=round_, table=table, seat=seat).update(guest=row.left)
    Guest.objects.filter(pk=row.came_id).update(reserve=True)
    Guest.objects.filter(pk=row.left_id).update(left_after=None)
    row.delete()
    if not MidRoundSeat.objects.filter(round__party_id=round_.party_id).exists():
        Party.objects.filter(pk=round_.party_id).update(replaced_mid_round=False)
    live.touched(round_.party_id)  # the phone shows the player back at its next poll
    return row

"""Reads for a change of plan between two rounds (issue 46): the break it is made in, and the next round's
seating it would give, worked out by the rules engine (tournaments/rules/changes.py) from the guests' state.

The state is the plan: the next round is always seated from the last round played, its winners, and who
is at the party now (not set aside, not gone home). Changes made one after another in the same break
therefore add up, and an undo is the state put back.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import Min, Q
from django.utils.translation import gettext as _

from tournaments import l10n
from tournaments.models import DealEntry, Guest, Party, PlanChange, Round, Seat, TableResult
from tournaments.rules import attendance as rules_attendance
from tournaments.rules import changes
from tournaments.rules import party as party_rules
from tournaments.rules.collation import by_name


@dataclass
class Break:
    """The pause between the last round played and the next one, already seated but not started."""

    last: Round
    following: Round


@dataclass
class Preview:
    """What the hostess sees before she confirms: the next round's seating and who moves where."""

    pause: Break
    plan: changes.ChangePlan
    guests: dict[str, Guest]  # by name: every guest the plan names
    joining: list[Guest]
    leaving: list[Guest]

    @property
    def tables(self) -> int:
        return len(self.plan.seating)

    def rows(self) -> list[tuple[Guest, changes.Move]]:
        """Every move with its guest, the changed ones first (joins, goes home, sits out, takes a seat)."""
        order = {changes.JOINS: 0, changes.GOES_HOME: 1, changes.SITS_OUT: 2, changes.TAKES_SEAT: 3}
        moves = sorted(self.plan.moves, key=lambda m: (order.get(m.reason, 9), m.after or (999, ""), m.player))
        return [(self.guests[m.player], m) for m in moves]


def round_started(round_: Round) -> bool:
    return round_.clock_started_at is not None or TableResult.objects.filter(round=round_).exists()


def break_get(party: Party) -> Break:
    """The break a change is made in, or the reason there is none (a ValidationError the page shows)."""
    last_two = list(Round.objects.filter(party=party).select_related("party").order_by("-number")[:2])
    if not last_two:
        raise ValidationError(_("Draw the seats first: changes of plan are made between two rounds."))
    following = last_two[0]
    if following.is_closed:
        raise ValidationError(_("The party is over: every round is closed."))
    if len(last_two) < 2:
        raise ValidationError(_("Round 1 has not been played: change the guests and draw the seats again instead."))
    if round_started(following):
        raise ValidationError(
            _("Round %(number)s has started: changes of plan are made between two rounds, after it closes.")
            % {"number": following.number}
        )
    return Break(last_two[1], following)


def _present(guest: Guest) -> bool:
    return not guest.reserve and guest.left_after is None


def _sat_out(seated_rounds: dict[int, set[int]], waiting: Iterable[Guest], last: int) -> dict[str, int]:
    """Rounds each waiting guest has sat out since first playing (a late-comer's rounds before are not)."""
    counts = {}
    for guest in waiting:
        rounds = seated_rounds.get(guest.pk, set())
        counts[guest.name] = sum(1 for n in range(min(rounds), last + 1) if n not in rounds) if rounds else 0
    return counts


def preview(
    party: Party, *, joining: Sequence[Guest] = (), leaving: Sequence[Guest] = (), pause: Break | None = None
) -> Preview:
    """The next round as it would be seated with these guests joining and these leaving (nothing written)."""
    pause = pause or break_get(party)
    plan, by_name = plan_after(party, pause.last, joining=joining, leaving=leaving)
    return Preview(pause, plan, by_name, list(joining), list(leaving))


def waiting_guests(party: Party, round_: Round) -> bool:
    """Whether some guest at the party (not set aside, not gone home) sat out this round."""
    return (
        Guest.objects.filter(party=party, reserve=False, left_after__isnull=True).exclude(seats__round=round_).exists()
    )


def plan_after(
    party: Party, last: Round, *, joining: Sequence[Guest] = (), leaving: Sequence[Guest] = ()
) -> tuple[changes.ChangePlan, dict[str, Guest]]:
    """The round after `last` as the rules engine seats it from the guests' state, and the guests by name."""
    guests = {g.pk: g for g in Guest.objects.filter(party=party).order_by("pk")}
    going = {g.pk for g in leaving}
    coming = {g.pk for g in joining}
    seats = list(Seat.objects.filter(round=last).values_list("table", "seat", "guest_id"))
    seating: dict[int, dict[str, str]] = {}
    for table, seat, guest_id in seats:
        seating.setdefault(table, {})[seat] = guests[guest_id].name
    seated = {guest_id for _t, _s, guest_id in seats}
    present = [g for g in guests.values() if (_present(g) or g.pk in coming) and g.pk not in going]
    seated_rounds: dict[int, set[int]] = {}
    for guest_id, number in Seat.objects.filter(round__party=party).values_list("guest_id", "round__number"):
        seated_rounds.setdefault(guest_id, set()).add(number)
    newcomers = [g for g in present if g.pk not in seated]
    waiting = [g for g in newcomers if g.pk in seated_rounds and min(seated_rounds[g.pk]) <= last.number]
    joiners = [g for g in newcomers if g not in waiting]
    # Guests who played the last round and are not at the party now (gone home, or set aside) leave it.
    left = [g for g in guests.values() if g.pk in seated and g not in present]
    winners = dict(TableResult.objects.filter(round=last).values_list("table", "winner"))
    kinds = {g.name: g.playing_kind for g in guests.values()} if party.mixed else None
    try:
        plan = changes.plan_change(
            seating,
            winners,
            keep_partners=party.keep_partners,
            kinds=kinds,
            leaving=[g.name for g in left],
            joining=[g.name for g in joiners],
            waiting=[g.name for g in waiting],
            sat_out=_sat_out(seated_rounds, waiting, last.number),
            seed=last.movement_seed,
        )
    except ValueError as error:
        raise ValidationError(_("The change cannot be made: %(problem)s.") % {"problem": l10n.say(error)}) from None
    return plan, {g.name: g for g in guests.values()}


def history(party: Party) -> list[PlanChange]:
    """The party's changes of plan, the latest first, with who made them (one query)."""
    return list(PlanChange.objects.filter(party=party).select_related("by_user", "round")[:50])


def choices(party: Party, pause: Break) -> dict[str, list]:
    """What the change page offers: the reserves (a new table), the last round's players still here and
    its tables (to go home), and who sits out now (two queries)."""
    guests = list(Guest.objects.filter(party=party, left_after__isnull=True))
    seats = list(Seat.objects.filter(round=pause.last).values_list("table", "guest_id"))
    seated = {guest_id for _table, guest_id in seats}
    return {
        "reserves": by_name([g for g in guests if g.reserve], lambda g: g.name),
        "seated": by_name([g for g in guests if g.pk in seated or not g.reserve], lambda g: g.name),
        "tables": sorted({table for table, _guest in seats}),
    }


def table_guests(pause: Break, table: int) -> list[Guest]:
    """The players of one of the last round's tables who have not gone home yet."""
    seats = Seat.objects.filter(round=pause.last, table=table, guest__left_after__isnull=True)
    return [s.guest for s in seats.select_related("guest").order_by("seat")]


def guests_of(party: Party, ids: Sequence[int]) -> list[Guest]:
    """The party's guests with these ids, in the order they were added (another party's are not found)."""
    return list(Guest.objects.filter(party=party, pk__in=ids).order_by("pk"))


@dataclass(frozen=True)
class Attendance:
    """A guest who did not play the whole party so far: joined late, or gone home (rules/attendance.py)."""

    name: str
    first_round: int | None  # the round joined in, when later than round 1
    left_after: int | None


def attendance(party: Party) -> list[Attendance]:
    """The guests who joined late or left early, for the standings' note: one query for who they are (few),
    one for the rounds they played, only when there are any."""
    closed = Q(seats__round__status=Round.Status.CLOSED)
    late_or_gone = (
        Guest.objects.filter(party=party)
        .annotate(first=Min("seats__round__number", filter=closed))
        .filter(Q(first__gt=1) | Q(left_after__isnull=False))
        .values_list("pk", "name", "left_after")
    )
    who = {pk: (name, left_after) for pk, name, left_after in late_or_gone}
    if not who:
        return []
    rounds = party.rounds.filter(status=Round.Status.CLOSED).count()
    played: dict[int, dict[int, int]] = {pk: {} for pk in who}
    seats = Seat.objects.filter(guest__in=who, round__status=Round.Status.CLOSED).values_list("guest", "round__number")
    for guest_id, number in seats:
        played[guest_id][number] = 0  # only which rounds were played is read here, not their figures
    notes = []
    for pk, (name, left_after) in who.items():
        standing = rules_attendance.standing(played[pk], rounds)
        notes.append(Attendance(name, standing.first_round if standing.joined_late() else None, left_after))
    return by_name(notes, lambda note: note.name)


def unfinished_preview(round_: Round, table: int) -> party_rules.UnfinishedRound | None:
    """What closing the table's round now would make of its deals (None: no deal in, nothing to close)."""
    deals = list(
        DealEntry.objects.filter(result__round=round_, result__table=table)
        .order_by("number")
        .values_list("contract", "declarer", "tricks")
    )
    if not deals or len(deals) >= party_rules.DEALS_PER_ROUND:
        return None
    try:
        return party_rules.unfinished_round_result(deals, round_.party.rules)
    except ValueError:
        return None  # the service says what is wrong

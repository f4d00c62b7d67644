"""Writes for seats: the first-round draw and the director's overrides."""

import secrets

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from tournaments import l10n
from tournaments.models import Guest, MidRoundSeat, Party, Round, Seat, SeatOverride, TableResult
from tournaments.rules import draw, movement
from tournaments.rules.errors import RuleError, joined
from tournaments.rules.names import clean_name

# The seats a hostess may write, in any of the site's languages (no word means two seats).
SEAT_WORDS = {
    "n": "N", "north": "N", "nord": "N", "noord": "N",
    "e": "E", "east": "E", "est": "E", "ost": "E", "oost": "E",
    "s": "S", "south": "S", "sud": "S", "süd": "S", "zuid": "S",
    "w": "W", "west": "W", "ouest": "W",
}  # fmt: skip
# A seat's letter as shown (the data keeps N, E, S, W): N E S O in French, N O S W in German, N O Z W in Dutch.
SEAT_LETTERS = {
    "N": pgettext_lazy("seat", "N"),
    "E": pgettext_lazy("seat", "E"),
    "S": pgettext_lazy("seat", "S"),
    "W": pgettext_lazy("seat", "W"),
}


def _seat_words() -> dict[str, str]:
    """SEAT_WORDS and the page's own letters ("O" is West in French, East in German and Dutch)."""
    return {**SEAT_WORDS, **{str(letter).lower(): code for code, letter in SEAT_LETTERS.items()}}


def _seat(code: str) -> str:
    return str(SEAT_LETTERS.get(code, code))


def pins_parse(text: str, *, party: Party) -> list[list]:
    """Lines like "3 N Mary Smith" -> [[3, "N", "Mary Smith"], ...]; every bad line named."""
    names = {g.name.casefold(): g.name for g in party.guests.filter(reserve=False)}
    seat_words = _seat_words()
    pins, errors = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = line.split(None, 2)
        if len(parts) < 3 or not parts[0].isdecimal() or parts[1].lower() not in seat_words:
            errors.append(
                _("Line %(line)s: write the table, the seat and the name, like “3 N Mary Smith”.") % {"line": number}
            )
            continue
        table, seat, name = int(parts[0]), seat_words[parts[1].lower()], clean_name(parts[2])
        if not 1 <= table <= party.tables:
            errors.append(
                _("Line %(line)s: there is no table %(table)s (the party has %(tables)s).")
                % {"line": number, "table": table, "tables": party.tables}
            )
        elif name.casefold() not in names:
            errors.append(_("Line %(line)s: %(name)s is not a playing guest.") % {"line": number, "name": name})
        else:
            pins.append([table, seat, names[name.casefold()]])
    if errors:
        raise ValidationError(errors)
    return pins


LADY_SEATS, GENTLEMAN_SEATS = ("N", "E"), ("S", "W")


def _fixed_seats(pins: list[list], kinds: dict[str, str] | None) -> dict[tuple[int, str], str]:
    """The hostess's fixed seats, every problem with them named at once."""
    fixed: dict[tuple[int, str], str] = {}
    where: dict[str, tuple[int, str]] = {}
    problems = []
    for table, seat, name in pins:
        figures = {"name": name, "table": table, "seat": _seat(seat)}
        if (table, seat) in fixed:
            problems.append(_("Table %(table)s %(seat)s is fixed twice.") % figures)
        elif name in where:
            first_table, first_seat = where[name]
            problems.append(
                _("%(name)s is fixed twice (table %(first_table)s %(first_seat)s and table %(table)s %(seat)s).")
                % {**figures, "first_table": first_table, "first_seat": _seat(first_seat)}
            )
        elif kinds and kinds.get(name) == "lady" and seat in GENTLEMAN_SEATS:
            problems.append(
                _("%(name)s plays as a lady: at a mixed party they sit North or East, not %(seat)s at table %(table)s.")
                % figures
            )
        elif kinds and kinds.get(name) == "gentleman" and seat in LADY_SEATS:
            problems.append(
                _(
                    "%(name)s plays as a gentleman: at a mixed party they sit South or West, "
                    "not %(seat)s at table %(table)s."
                )
                % figures
            )
        fixed.setdefault((table, seat), name)
        where.setdefault(name, (table, seat))
    if problems:
        raise ValidationError(problems)
    return fixed


def _round_has_play(round_: Round) -> bool:
    """The round has started (the director said so, or a deal is in): its seats are in use."""
    return round_.clock_started_at is not None or TableResult.objects.filter(round=round_).exists()


@transaction.atomic
def seats_draw(*, party: Party, pins: list[list] | None = None, seed: int | None = None) -> Round:
    """Draw round 1: the hostess's fixed seats first, the rest at random from a kept seed."""
    party = Party.objects.select_for_update().get(pk=party.pk)
    first = party.rounds.filter(number=1).first()
    if party.rounds.filter(number__gt=1).exists() or (first and _round_has_play(first)):
        raise ValidationError(_("Round 1 has started: the seats can no longer be drawn again."))
    guests = list(party.guests.filter(reserve=False))
    kinds = {g.name: g.playing_kind for g in guests} if party.mixed else None
    pins = party.pins if pins is None else pins
    fixed = _fixed_seats(pins, kinds)
    seed = secrets.randbits(48) if seed is None else seed
    try:
        problems = draw.numbers_problems(
            party.tables,
            players=len(guests),
            ladies=sum(k == "lady" for k in (kinds or {}).values()),
            gentlemen=sum(k == "gentleman" for k in (kinds or {}).values()),
            mixed=party.mixed,
        )
        if problems:
            raise RuleError.of(joined(problems))
        seating = draw.draw_seating([g.name for g in guests], party.tables, kinds=kinds, fixed=fixed, seed=seed)
    except ValueError as error:
        raise ValidationError(_("The seats cannot be drawn: %(problem)s.") % {"problem": l10n.say(error)}) from None
    round_ = Round.objects.get_or_create(party=party, number=1)[0]
    round_.seats.all().delete()  # (the party's save below bumps Party.changes: services/live.py)
    by_name = {g.name: g for g in guests}
    Seat.objects.bulk_create(
        Seat(round=round_, table=t, seat=s, guest=by_name[name])
        for t, seats in seating.items()
        for s, name in seats.items()
    )
    party.draw_seed, party.pins = seed, pins
    party.save(update_fields=["draw_seed", "pins"])
    return round_


def _check_not_replaced_mid_round(round_: Round, spots: list[tuple[int, str]]) -> None:
    """A seat a reserve took during the round changes hands no more in it but through the undo of that
    replacement (services/midround.py): the standings share the seat's result by who sat in it."""
    rows = MidRoundSeat.objects.filter(round=round_).select_related("left", "came").order_by("-from_deal", "-pk")
    row = next((r for r in rows if (r.table, r.seat) in spots), None)
    if row is not None:
        raise ValidationError(
            _(
                "%(name)s took %(leaver)s's seat during round %(number)s (table %(table)s %(seat)s): that seat "
                "changes no more in this round. To change it, first give it back with “Undo: %(leaver)s stays” "
                "on the round's seats page."
            )
            % {
                "name": row.came.name,
                "leaver": row.left.name,
                "number": round_.number,
                "table": row.table,
                "seat": _seat(row.seat),
            }
        )


def _spot(seats: dict, table: int, seat: str) -> Seat:
    try:
        return seats[(table, seat)]
    except KeyError:
        raise ValidationError(
            _("There is no seat %(seat)s at table %(table)s.") % {"seat": _seat(seat), "table": table}
        ) from None


@transaction.atomic
def seat_swap(
    *, round_: Round, table: int, seat: str, other_table: int, other_seat: str, user: User | None = None
) -> tuple[str, str]:
    """Swap the players in two seats before they play; the override is recorded."""
    round_ = Round.objects.select_for_update(of=("self",)).select_related("party").get(pk=round_.pk)
    if round_.is_closed:
        raise ValidationError(_("This round is closed: its seats are as played."))
    played = set(TableResult.objects.filter(round=round_).values_list("table", flat=True))
    if {table, other_table} & played:
        raise ValidationError(_("That table has started entering its result: its seats can no longer change."))
    seats = {(s.table, s.seat): s for s in round_.seats.select_related("guest")}
    first, second = _spot(seats, table, seat), _spot(seats, other_table, other_seat)
    if first.pk == second.pk:
        raise ValidationError(_("Choose two different seats."))
    _check_not_replaced_mid_round(round_, [(table, seat), (other_table, other_seat)])
    first_guest, second_guest = first.guest, second.guest
    _check_mixed_after(round_, seats, {(table, seat): second_guest, (other_table, other_seat): first_guest})
    # Swap through a temporary delete so the (round, guest) constraint holds at every statement.
    first.delete()
    second.guest = first_guest
    second.save(update_fields=["guest"])
    Seat.objects.create(round=round_, table=table, seat=seat, guest=second_guest)
    SeatOverride.objects.bulk_create(
        [
            SeatOverride(round=round_, table=table, seat=seat, old_guest=first_guest, new_guest=second_guest, by=user),
            SeatOverride(
                round=round_,
                table=other_table,
                seat=other_seat,
                old_guest=second_guest,
                new_guest=first_guest,
                by=user,
            ),
        ]
    )
    return first_guest.name, second_guest.name


@transaction.atomic
def seat_replace(*, round_: Round, table: int, seat: str, guest: Guest, user: User | None = None) -> None:
    """A reserve (or a late arrival added as a guest) takes a seat; the player leaving becomes a reserve."""
    round_ = Round.objects.select_for_update(of=("self",)).select_related("party").get(pk=round_.pk)
    if round_.is_closed:
        raise ValidationError(_("This round is closed: its seats are as played."))
    if TableResult.objects.filter(round=round_, table=table).exists():
        raise ValidationError(_("That table has started entering its result: its seats can no longer change."))
    seats = {(s.table, s.seat): s for s in round_.seats.select_related("guest")}
    spot = _spot(seats, table, seat)
    _check_not_replaced_mid_round(round_, [(table, seat)])
    if guest.party_id != round_.party_id:
        raise ValidationError(_("That guest is not at this party."))
    if guest.left_after is not None:
        # The page offers reserves only; a player who went home (mid-round, or by a change of plan) is one no
        # more: her standings end with that round.
        raise ValidationError(
            _("%(name)s went home after round %(number)s: only a guest still at the party takes a seat.")
            % {"name": guest.name, "number": guest.left_after}
        )
    if any(s.guest_id == guest.pk for s in seats.values()):
        raise ValidationError(_("%(name)s is already seated: swap seats instead.") % {"name": guest.name})
    _check_mixed_after(round_, seats, {(table, seat): guest})
    leaving = spot.guest
    spot.guest = guest
    spot.save(update_fields=["guest"])
    guest.reserve = False
    guest.save(update_fields=["reserve"])
    leaving.reserve = True
    leaving.save(update_fields=["reserve"])
    SeatOverride.objects.create(round=round_, table=table, seat=seat, old_guest=leaving, new_guest=guest, by=user)


def _check_mixed_after(round_: Round, seats: dict, changes: dict) -> None:
    if not round_.party.mixed:
        return
    seating: dict[int, dict[str, str]] = {}
    kinds = {}
    for (t, s), seat in seats.items():
        guest = changes.get((t, s), seat.guest)
        seating.setdefault(t, {})[s] = guest.name
        kinds[guest.name] = guest.playing_kind
    try:
        movement.check_seating(seating, kinds)
    except ValueError as error:
        raise ValidationError(
            _("At a mixed party every partnership is a lady and a gentleman: %(problem)s.")
            % {"problem": l10n.say(error)}
        ) from None

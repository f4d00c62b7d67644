"""Writes to a club's members: add, edit, archive, merge two records of one person, import a list.

Every refusal is a ValidationError with a plain message, and changes nothing.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.translation import gettext as _

from tournaments.models import BostonTable, Club, Entry, Guest, KnockoutPair, Member, OutgoingMail, TowiePlayer
from tournaments.models.club import LANGUAGES
from tournaments.rules.names import clean_name
from tournaments.selectors.member_match import match_members
from tournaments.services import live
from tournaments.services.mail import mail_resubscribe

FIELDS = ("name", "kind", "number", "email", "phone")
BOSTON_SEATS = (1, 2, 3, 4)


def _clean(value: str | None) -> str:
    return clean_name(value)


def _check(club: Club, values: dict, *, member: Member | None = None) -> None:
    """A name is needed; a member number belongs to one member; one person is not entered twice
    (the same name with the same number, or with no number on either side)."""
    if not values["name"]:
        raise ValidationError({"name": _("Give the member's name.")})
    _check_sizes(values)
    others = Member.objects.filter(club=club)
    if member is not None:
        others = others.exclude(pk=member.pk)
    number = values["number"]
    if number:
        holder = others.filter(number=number).first()
        if holder is not None:
            message = _("Member number %(number)s is already %(name)s's.")
            raise ValidationError({"number": message % {"number": number, "name": holder.name}})
    twin = next(
        (m for m in others.filter(name__iexact=values["name"]) if not number or not m.number),
        None,
    )
    if twin is not None:
        raise ValidationError(
            {
                "name": _(
                    "%(name)s is already a member. Edit that record, or give each their member number if "
                    "they are two people."
                )
                % {"name": twin.name}
            }
        )


def _check_sizes(values: dict) -> None:
    """What the form's fields check, for a file's rows too: PostgreSQL refuses a value longer than its
    column or holding a NUL character (SQLite took them, so a members file imported on one failed on
    the other)."""
    for field, value in values.items():
        model_field = Member._meta.get_field(field)
        assert isinstance(model_field, models.Field)  # FIELDS are the member's own columns
        most = model_field.max_length
        if "\x00" in value:
            message = _("The %(field)s holds a NUL character, which no member's details have.")
            raise ValidationError({field: message % {"field": model_field.verbose_name}})
        if most is not None and len(value) > most:
            message = _("The %(field)s is longer than %(most)s characters.")
            raise ValidationError({field: message % {"field": model_field.verbose_name, "most": most}})


def _values(**given: Any) -> dict:
    values = {field: _clean(given.get(field)) for field in FIELDS}
    values["email"] = values["email"].lower()
    return values


@transaction.atomic
def member_create(*, club: Club, **given: Any) -> Member:
    values = _values(**given)
    _check(club, values)
    return Member.objects.create(
        club=club, **values, initials_only=bool(given.get("initials_only")),
        never_email=bool(given.get("never_email")), language=_language(given.get("language")),
    )  # fmt: skip


def _language(value: str | None) -> str:
    """A language the club's mail speaks, or "" (the club's): anything else is refused."""
    if value and value not in dict(LANGUAGES):
        raise ValidationError({"language": _("Choose one of the languages offered.")})
    return value or ""


@transaction.atomic
def member_update(*, member: Member, **given: Any) -> Member:
    if member.erased_at is not None:  # a new name would undo the erasure on every page made from it
        raise ValidationError(_("This member was erased: the record keeps its label and cannot be edited."))
    values = _values(**{field: getattr(member, field) for field in FIELDS} | given)
    _check(member.club, values, member=member)
    for field, value in values.items():
        setattr(member, field, value)
    if "initials_only" in given:
        member.initials_only = bool(given["initials_only"])
    if "language" in given:
        member.language = _language(given["language"])
    if "never_email" in given:
        # As stored (a model form has already set the new value on the object it was given).
        stored = Member.objects.filter(pk=member.pk).values_list("never_email", flat=True).first()
        if stored and not given["never_email"]:  # the director lifts it: the address's unsubscribe too
            mail_resubscribe(club=member.club, email=member.email)
        member.never_email = bool(given["never_email"])
    member.save()
    return member


@transaction.atomic
def member_archive(*, member: Member, archived: bool = True) -> Member:
    member.active = not archived
    member.save(update_fields=["active"])
    return member


@transaction.atomic
def member_merge(*, keep: Member, drop: Member) -> Member:
    """Two records of one person become one: `keep` takes `drop`'s nights and any detail it lacks."""
    if keep.pk == drop.pk:
        raise ValidationError(_("A member cannot be merged into themselves: choose two different records."))
    if keep.club_id != drop.club_id:
        raise ValidationError(_("Only two members of the same club can be merged."))
    if keep.erased_at is not None or drop.erased_at is not None:
        raise ValidationError(_("An erased member cannot be merged: their record keeps its label."))
    if drop.money_rows.exists():  # the ledger's rows are never moved: the record with money is kept
        raise ValidationError(
            _("%(name)s has table money in the club's books: merge the other record into this one.")
            % {"name": drop.name}
        )
    if keep.number and drop.number and keep.number != drop.number:
        raise ValidationError(
            _("%(a)s and %(b)s have different member numbers (%(x)s, %(y)s): correct one of them first.")
            % {"a": keep.name, "b": drop.name, "x": keep.number, "y": drop.number}
        )
    Guest.objects.filter(member=drop).update(member=keep)
    KnockoutPair.objects.filter(member_a=drop).update(member_a=keep)
    KnockoutPair.objects.filter(member_b=drop).update(member_b=keep)
    TowiePlayer.objects.filter(member=drop).update(member=keep)
    for seat in BOSTON_SEATS:
        BostonTable.objects.filter(**{f"member_{seat}": drop}).update(**{f"member_{seat}": keep})
    # The mail sent to the dropped record stays the person's (its unsubscribe link keeps working).
    OutgoingMail.objects.filter(member=drop).update(member=keep)
    for field in ("kind", "number", "email", "phone", "language"):
        if not getattr(keep, field):
            setattr(keep, field, getattr(drop, field))
    keep.active = keep.active or drop.active
    # Either record asking for initials on public pages is the person asking: the merged one keeps it.
    keep.initials_only = keep.initials_only or drop.initials_only
    # Likewise either record set never to be e-mailed.
    keep.never_email = keep.never_email or drop.never_email
    drop.delete()
    keep.save()
    return keep


def _name_key(name: str) -> str:
    """The key callers look a name up by: the cleaned name, casefolded (as their own `name.casefold()`)."""
    return clean_name(name).casefold()


def members_named(
    club_id: int, names: Iterable[str], picked: Mapping[str, int | None] | None = None
) -> dict[str, Member]:
    """The member each name is, by its casefolded name: the one picked for it from the list (by id, a member
    of this club not erased), else the one the matcher finds (selectors/member_match.py: the only member of
    that name; a shared name or an accent-only difference is left for the hostess to pick). A name with
    neither is left out. Three queries at most, however many names."""
    wanted = {_name_key(name): clean_name(name) for name in names if clean_name(name)}
    plausible = {key: member_id for key, member_id in (picked or {}).items() if member_id and 0 < member_id < 2**63}
    chosen = {key: member_id for key, member_id in plausible.items() if key in wanted}
    pickable = Member.objects.filter(club_id=club_id, erased_at__isnull=True)
    found = pickable.in_bulk(set(chosen.values())) if chosen else {}
    out = {key: found[member_id] for key, member_id in chosen.items() if member_id in found}
    rest = [key for key in wanted if key not in out]
    matches = match_members(club=club_id, people=[(wanted[key], "") for key in rest])
    out |= {key: match.member for key, match in zip(rest, matches, strict=True) if match.member is not None}
    return out


def _link(guest: Guest, member: Member) -> None:
    guest.member = member
    if not guest.kind and member.kind:
        guest.kind = member.kind
    guest.save(update_fields=["member", "kind"])
    live.touched(guest.party_id)  # the public board may name the guest by initials now


@transaction.atomic
def guest_pick_member(*, guest: Guest, member_id: int | None = None) -> Member | None:
    """The member a new guest is: the one picked from the list (by its id), else the one already linked,
    else the matcher's; None for a newcomer or a name to pick for (the page then offers the choice)."""
    key = _name_key(guest.name)
    member = members_named(guest.party.club_id, [guest.name], {key: member_id}).get(key)
    if member is not None and member.pk != guest.member_id:
        _link(guest, member)
    return member or guest.member


@transaction.atomic
def guest_link_member(*, guest: Guest, member_id: int | None) -> Member:
    """The hostess picks which member a guest is (a name two members share, or one differing by accents):
    any member of the party's club not erased; anything else is refused and changes nothing."""
    member = (
        Member.objects.filter(club_id=guest.party.club_id, erased_at__isnull=True, pk=member_id).first()
        if member_id
        else None
    )
    if member is None:
        raise ValidationError(_("Choose one of the members offered."))
    if guest.party.guests.exclude(pk=guest.pk).filter(member=member).exists():
        raise ValidationError(_("%(name)s is already on the guest list.") % {"name": member.name})
    _link(guest, member)
    return member


@transaction.atomic
def guest_make_member(*, guest: Guest) -> Member:
    """A newcomer at a party joins the club: a member made from the guest, and linked to it."""
    if guest.member is not None:
        return guest.member
    # A guest who entered from the entry link brings the address or phone number they gave there.
    entry = Entry.objects.filter(guest=guest).only("email", "phone").first()
    contact = {"email": entry.email, "phone": entry.phone} if entry is not None else {}
    member = member_create(club=guest.party.club, name=guest.name, kind=guest.kind, **contact)
    guest.member = member
    guest.save(update_fields=["member"])
    if entry is not None:
        Entry.objects.filter(pk=entry.pk).update(member=member)
    return member


# A newcomer who played a knockout, a Towie or a Boston table joins the club from that event's page: the seat is
# linked to the only active member of exactly that name when there is one (a seat set up before members were
# kept), else to a member made from the name they played under.


def _joining(club: Club, name: str, kind: str = "") -> Member:
    found = members_named(club.pk, [name]).get(_name_key(name))
    return found or member_create(club=club, name=name, kind=kind)


@transaction.atomic
def pair_make_member(*, pair: KnockoutPair, which: str) -> Member:
    """`which` is "a" (North or East) or "b" (South or West)."""
    if getattr(pair, f"member_{which}_id"):
        return getattr(pair, f"member_{which}")
    member = _joining(pair.knockout.club, getattr(pair, f"player_{which}"))
    setattr(pair, f"member_{which}", member)
    pair.save(update_fields=[f"member_{which}"])
    return member


@transaction.atomic
def towie_player_make_member(*, player: TowiePlayer) -> Member:
    """A party guest who is a member already is that member; else as a knockout's player."""
    if player.member is not None:
        return player.member
    guest = player.guest
    if guest is not None and guest.member is not None:
        member = guest.member
    else:
        member = _joining(player.table.club, player.name, guest.kind if guest else "")
    player.member = member
    player.save(update_fields=["member"])
    if guest is not None and not guest.member_id:
        Guest.objects.filter(pk=guest.pk).update(member=member)
        live.touched(guest.party_id)  # the public board may name the guest by initials now
    return member


@transaction.atomic
def boston_player_make_member(*, table: BostonTable, seat: int) -> Member:
    if getattr(table, f"member_{seat}_id"):
        return getattr(table, f"member_{seat}")
    member = _joining(table.club, getattr(table, f"player_{seat}"))
    setattr(table, f"member_{seat}", member)
    table.save(update_fields=[f"member_{seat}"])
    return member


# --- importing a list --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemberRow:
    """One line of a members file, as exported: name, lady/gentleman, number, email, phone, active, initials only
    (None: not given, a known member's choice left as it is)."""

    line: int
    name: str
    kind: str
    number: str = ""
    email: str = ""
    phone: str = ""
    active: bool = True
    initials_only: bool | None = None


@dataclass(frozen=True)
class Imported:
    created: int
    updated: int


def _file_problems(rows: Sequence[MemberRow]) -> list[str]:
    """What is wrong within the file itself: a missing name, a number or a person on two rows."""
    problems: list[str] = []
    seen_numbers: dict[str, int] = {}
    seen_names: dict[tuple[str, str], int] = {}
    for row in rows:
        name = _clean(row.name)
        if not name:
            problems.append(_("Row %(line)s: the name is missing.") % {"line": row.line})
            continue
        if row.number in seen_numbers:
            problems.append(
                _("Row %(line)s: member number %(number)s is also on row %(other)s.")
                % {"line": row.line, "number": row.number, "other": seen_numbers[row.number]}
            )
        if row.number:
            seen_numbers.setdefault(row.number, row.line)
        key = (name.casefold(), row.number)
        if key in seen_names:
            problems.append(
                _("Row %(line)s: %(name)s is also on row %(other)s.")
                % {"line": row.line, "name": name, "other": seen_names[key]}
            )
        seen_names.setdefault(key, row.line)
    return problems


def _known(club: Club, row: MemberRow) -> Member | None:
    """The member a row is about: the one with its number, else the only one of its name without a number."""
    if row.number:
        found = Member.objects.filter(club=club, number=row.number).first()
        if found is not None:
            return found
    same = [m for m in Member.objects.filter(club=club, name__iexact=_clean(row.name)) if not m.number]
    return same[0] if len(same) == 1 else None


@transaction.atomic
def members_import(*, club: Club, rows: Sequence[MemberRow]) -> Imported:
    """All or nothing: a known member (by number, else by name) is updated, anyone else added.
    Every bad line is named by its row number in the file; then nothing is written."""
    problems = _file_problems(rows)
    if problems:
        raise ValidationError(problems)
    created = updated = 0
    for row in rows:
        given: dict[str, str | bool] = {
            "name": row.name, "kind": row.kind, "number": row.number, "email": row.email, "phone": row.phone,
        }  # fmt: skip
        try:
            # Before the row is looked up by name or number: PostgreSQL refuses a NUL even in a query.
            _check_sizes(_values(**given))
        except ValidationError as error:
            problems.append(_("Row %(line)s: %(problem)s") % {"line": row.line, "problem": " ".join(error.messages)})
            continue
        member = _known(club, row)
        if row.initials_only is not None:
            given["initials_only"] = row.initials_only
        try:
            if member is None:
                member = member_create(club=club, **given)
                created += 1
            else:
                member = member_update(member=member, **given)
                updated += 1
        except ValidationError as error:
            problems.append(_("Row %(line)s: %(problem)s") % {"line": row.line, "problem": " ".join(error.messages)})
            continue
        if member.active != row.active:
            member_archive(member=member, archived=not row.active)
    if problems:
        # Raised inside the transaction: every row already written is undone.
        raise ValidationError(problems)
    return Imported(created, updated)

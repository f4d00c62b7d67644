"""Writes to a club's members: add, edit, archive, merge two records of one person, import a list.

Every refusal is a ValidationError with a plain message, and changes nothing.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Club, Guest, Member

FIELDS = ("name", "kind", "number", "email", "phone")


def _clean(value: str | None) -> str:
    return " ".join((value or "").split())


def _check(club: Club, values: dict, *, member: Member | None = None) -> None:
    """A name is needed; a member number belongs to one member; one person is not entered twice
    (the same name with the same number, or with no number on either side)."""
    if not values["name"]:
        raise ValidationError({"name": _("Give the member's name.")})
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


def _values(**given) -> dict:
    values = {field: _clean(given.get(field)) for field in FIELDS}
    values["email"] = values["email"].lower()
    return values


@transaction.atomic
def member_create(*, club: Club, **given) -> Member:
    values = _values(**given)
    _check(club, values)
    return Member.objects.create(club=club, **values)


@transaction.atomic
def member_update(*, member: Member, **given) -> Member:
    values = _values(**{field: getattr(member, field) for field in FIELDS} | given)
    _check(member.club, values, member=member)
    for field, value in values.items():
        setattr(member, field, value)
    if "initials_only" in given:
        member.initials_only = bool(given["initials_only"])
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
    if keep.number and drop.number and keep.number != drop.number:
        raise ValidationError(
            _("%(a)s and %(b)s have different member numbers (%(x)s, %(y)s): correct one of them first.")
            % {"a": keep.name, "b": drop.name, "x": keep.number, "y": drop.number}
        )
    Guest.objects.filter(member=drop).update(member=keep)
    for field in ("kind", "number", "email", "phone"):
        if not getattr(keep, field):
            setattr(keep, field, getattr(drop, field))
    keep.active = keep.active or drop.active
    drop.delete()
    keep.save()
    return keep


@transaction.atomic
def guest_pick_member(*, guest: Guest, member_id: int | None = None) -> Member | None:
    """The member a new guest is: the one picked from the list (by its id), else the only active
    member of exactly that name; None for a newcomer (the page then offers membership)."""
    members = Member.objects.filter(club_id=guest.party.club_id, active=True)
    member = members.filter(pk=member_id).first() if member_id else None
    if member is None:
        same = list(members.filter(name__iexact=guest.name)[:2])
        member = same[0] if len(same) == 1 else None
    if member is not None:
        guest.member = member
        if not guest.kind and member.kind:
            guest.kind = member.kind
        guest.save(update_fields=["member", "kind"])
    return member


@transaction.atomic
def guest_make_member(*, guest: Guest) -> Member:
    """A newcomer at a party joins the club: a member made from the guest, and linked to it."""
    if guest.member is not None:
        return guest.member
    member = member_create(club=guest.party.club, name=guest.name, kind=guest.kind)
    guest.member = member
    guest.save(update_fields=["member"])
    return member


# --- importing a list --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemberRow:
    """One line of a members file, as exported: name, lady/gentleman, number, email, phone, active."""

    line: int
    name: str
    kind: str
    number: str = ""
    email: str = ""
    phone: str = ""
    active: bool = True


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
        member = _known(club, row)
        given = {"name": row.name, "kind": row.kind, "number": row.number, "email": row.email, "phone": row.phone}
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

"""Writes for setting up a party: the party itself and its guests."""

import datetime
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments import l10n
from tournaments.files.uploads import line_of
from tournaments.models import Club, Guest, Party
from tournaments.models.party import DEFAULT_ROUND_MINUTES, MAX_TABLES
from tournaments.models.timing import DEFAULT_LENGTH_MINUTES, USUAL_START
from tournaments.rules.kinds import kind_from_word
from tournaments.rules.names import clean_name
from tournaments.selectors.member_match import match_member, match_members
from tournaments.services import live
from tournaments.services.clubs import club_for
from tournaments.services.tokens import tokens_ensure

FROZEN_ONCE_STARTED = ("tables", "mixed", "keep_partners")


@transaction.atomic
def party_create(
    *,
    name: str,
    date: datetime.date,
    tables: int,
    mixed: bool = False,
    keep_partners: bool = False,
    rounds_planned: int = 6,
    rules: str = "modern",
    tally_mode: str = "net",
    round_minutes: int = DEFAULT_ROUND_MINUTES,
    start_time: datetime.time = USUAL_START,
    length_minutes: int = DEFAULT_LENGTH_MINUTES,
    user: User | None = None,
    club: Club | None = None,
    demo: bool = False,
) -> Party:
    if not 1 <= tables <= MAX_TABLES:
        raise ValidationError({"tables": _("A party has 1 to %(most)s tables.") % {"most": l10n.number(MAX_TABLES)}})
    party = Party(
        name=name,
        date=date,
        tables=tables,
        mixed=mixed,
        keep_partners=keep_partners,
        rounds_planned=rounds_planned,
        rules=rules,
        tally_mode=tally_mode,
        round_minutes=round_minutes,
        start_time=start_time,
        length_minutes=length_minutes,
        created_by=user,
        club=club_for(user, club),
        demo=demo,
    )
    party.full_clean()
    party.save()
    tokens_ensure(party=party)
    return party


@transaction.atomic
def party_update(*, party: Party, **fields: Any) -> Party:
    party = Party.objects.select_for_update().get(pk=party.pk)
    if party.rounds.exists():
        changed = [f for f in FROZEN_ONCE_STARTED if f in fields and fields[f] != getattr(party, f)]
        if changed:
            message = _("The seats are drawn: this can no longer change. Start a new party instead.")
            raise ValidationError({f: message for f in changed})
    for field, value in fields.items():
        setattr(party, field, value)
    party.full_clean()
    party.save()
    tokens_ensure(party=party)
    return party


def _at_line(line: int | None, text: str) -> str:
    """A problem with one entry of a batch, after the number of its line ("Line 3: …")."""
    return text if line is None else _("Line %(line)s: %(problem)s") % {"line": line, "problem": text}


def _clean_entries(party: Party, entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Check a batch of (name, kind) before any is saved: all or nothing."""
    existing = {n.casefold() for n in party.guests.values_list("name", flat=True)}
    seen: set[str] = set()
    errors: list[str] = []
    cleaned = []
    for index, entry in enumerate(entries, start=1):
        raw_name, raw_kind = entry
        name = clean_name(raw_name)
        line = line_of(entry, index) if len(entries) > 1 else None
        if not name:
            errors.append(_at_line(line, _("the name is empty.")))
            continue
        if len(name) > 80:
            errors.append(_at_line(line, _("“%(name)s…” is longer than 80 characters.") % {"name": name[:30]}))
            continue
        kind = kind_from_word(raw_kind)
        if kind is None:
            errors.append(
                _at_line(line, _("“%(word)s” is not lady or gentleman (%(name)s).") % {"word": raw_kind, "name": name})
            )
            continue
        if party.mixed and not kind:
            errors.append(
                _at_line(line, _("say whether %(name)s is a lady or a gentleman (a mixed party).") % {"name": name})
            )
            continue
        key = name.casefold()
        if key in existing:
            errors.append(_at_line(line, _("%(name)s is already on the guest list.") % {"name": name}))
            continue
        if key in seen:
            errors.append(_at_line(line, _("%(name)s is listed twice.") % {"name": name}))
            continue
        seen.add(key)
        cleaned.append((name, kind))
    if errors:
        raise ValidationError(errors)
    if not cleaned:
        raise ValidationError(_("There are no names to add."))
    return cleaned


@transaction.atomic
def guests_add(*, party: Party, entries: Sequence[tuple[str, str]]) -> list[Guest]:
    """Add guests as (name, kind) pairs; one bad entry and none is added. Each is linked to the member it
    is (selectors/member_match.py), however the names came (typed, pasted, a file): a member's number and
    choice of initials only go with them. A name two members share is left for the hostess to pick."""
    cleaned = _clean_entries(party, list(entries))
    matches = match_members(club=party.club_id, people=[(name, "") for name, _kind in cleaned])
    # Once the seats are drawn a newcomer is a reserve at once (issue 46): the drawn tables stay whole, and
    # the hostess seats the reserves by a change of plan (services/plan_changes.py) or a Towie table.
    drawn = party.rounds.exists()
    guests = [
        Guest(
            party=party,
            name=name,
            kind=kind or (m.member.kind if m.member else ""),
            member=m.member,
            reserve=drawn,
        )
        for (name, kind), m in zip(cleaned, matches, strict=True)
    ]
    try:
        added = Guest.objects.bulk_create(guests)
        live.touched(party.pk)
        return added
    except IntegrityError:
        raise ValidationError(_("Someone else just added one of these names: reload and try again.")) from None


@transaction.atomic
def guest_update(*, guest: Guest, name: str, kind: str, plays_as: str, reserve: bool) -> Guest:
    name = clean_name(name)
    if not name:
        raise ValidationError({"name": _("The name is empty.")})
    if guest.party.guests.exclude(pk=guest.pk).filter(name__iexact=name).exists():
        raise ValidationError({"name": _("%(name)s is already on the guest list.") % {"name": name}})
    if guest.party.mixed and not kind:
        raise ValidationError({"kind": _("At a mixed party say whether the guest is a lady or a gentleman.")})
    if reserve and guest.seats.exists():
        raise ValidationError({"reserve": _("%(name)s already has a seat: swap someone in first.") % {"name": name}})
    if guest.seats.exists() and (plays_as or kind) != guest.playing_kind and guest.party.mixed:
        raise ValidationError(
            {"plays_as": _("%(name)s already has a seat: the kind can no longer change.") % {"name": name}}
        )
    guest.name, guest.kind, guest.plays_as, guest.reserve = name, kind, plays_as if plays_as != kind else "", reserve
    linked = guest.member_id is None and match_member(club=guest.party.club_id, name=name).member
    if linked:  # a name corrected may now be a member's
        guest.member = linked
    guest.full_clean()
    guest.save()
    if linked:
        live.touched(guest.party_id)  # the public board may name the guest by initials now
    return guest


@transaction.atomic
def guest_remove(*, guest: Guest) -> None:
    if guest.seats.exists():
        raise ValidationError(
            _("%(name)s has played or has a seat: set them aside as a reserve instead.") % {"name": guest.name}
        )
    party_id = guest.party_id
    guest.delete()
    live.touched(party_id)


@transaction.atomic
def party_delete(*, party: Party) -> None:
    """The party and everything entered for it (guests, rounds, results, history, phone links, its public page);
    a Towie or Boston table set up at it stays, without the party; a season loses the night."""
    party.delete()

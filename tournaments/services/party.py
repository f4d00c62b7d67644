"""Writes for setting up a party: the party itself and its guests."""

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tournaments.imports import kind_from_word, line_of
from tournaments.models import Guest, Party
from tournaments.models.party import DEFAULT_ROUND_MINUTES, MAX_TABLES
from tournaments.services.clubs import club_for
from tournaments.services.tokens import tokens_ensure

FROZEN_ONCE_STARTED = ("tables", "mixed", "keep_partners")


@transaction.atomic
def party_create(
    *,
    name: str,
    date,
    tables: int,
    mixed: bool = False,
    keep_partners: bool = False,
    rounds_planned: int = 6,
    rules: str = "modern",
    tally_mode: str = "net",
    round_minutes: int = DEFAULT_ROUND_MINUTES,
    user=None,
    club=None,
    demo: bool = False,
) -> Party:
    if not 1 <= tables <= MAX_TABLES:
        raise ValidationError({"tables": f"A party has 1 to {MAX_TABLES} tables."})
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
        created_by=user,
        club=club_for(user, club),
        demo=demo,
    )
    party.full_clean()
    party.save()
    tokens_ensure(party=party)
    return party


@transaction.atomic
def party_update(*, party: Party, **fields) -> Party:
    party = Party.objects.select_for_update().get(pk=party.pk)
    if party.rounds.exists():
        changed = [f for f in FROZEN_ONCE_STARTED if f in fields and fields[f] != getattr(party, f)]
        if changed:
            raise ValidationError(
                {f: "The seats are drawn: this can no longer change. Start a new party instead." for f in changed}
            )
    for field, value in fields.items():
        setattr(party, field, value)
    party.full_clean()
    party.save()
    tokens_ensure(party=party)
    return party


def _clean_entries(party: Party, entries) -> list[tuple[str, str]]:
    """Check a batch of (name, kind) before any is saved: all or nothing."""
    existing = {n.casefold() for n in party.guests.values_list("name", flat=True)}
    seen: set[str] = set()
    errors: list[str] = []
    cleaned = []
    for index, entry in enumerate(entries, start=1):
        raw_name, raw_kind = entry
        name = " ".join(str(raw_name or "").split())
        where = f"Line {line_of(entry, index)}: " if len(entries) > 1 else ""
        if not name:
            errors.append(f"{where}the name is empty.")
            continue
        if len(name) > 80:
            errors.append(f"{where}“{name[:30]}…” is longer than 80 characters.")
            continue
        kind = kind_from_word(raw_kind)
        if kind is None:
            errors.append(f"{where}“{raw_kind}” is not lady or gentleman ({name}).")
            continue
        if party.mixed and not kind:
            errors.append(f"{where}say whether {name} is a lady or a gentleman (a mixed party).")
            continue
        key = name.casefold()
        if key in existing:
            errors.append(f"{where}{name} is already on the guest list.")
            continue
        if key in seen:
            errors.append(f"{where}{name} is listed twice.")
            continue
        seen.add(key)
        cleaned.append((name, kind))
    if errors:
        raise ValidationError(errors)
    if not cleaned:
        raise ValidationError("There are no names to add.")
    return cleaned


@transaction.atomic
def guests_add(*, party: Party, entries: list[tuple[str, str]]) -> list[Guest]:
    """Add guests as (name, kind) pairs; one bad entry and none is added."""
    cleaned = _clean_entries(party, list(entries))
    try:
        return Guest.objects.bulk_create([Guest(party=party, name=n, kind=k) for n, k in cleaned])
    except IntegrityError:
        raise ValidationError("Someone else just added one of these names: reload and try again.") from None


@transaction.atomic
def guest_update(*, guest: Guest, name: str, kind: str, plays_as: str, reserve: bool) -> Guest:
    name = " ".join(name.split())
    if not name:
        raise ValidationError({"name": "The name is empty."})
    if guest.party.guests.exclude(pk=guest.pk).filter(name__iexact=name).exists():
        raise ValidationError({"name": f"{name} is already on the guest list."})
    if guest.party.mixed and not kind:
        raise ValidationError({"kind": "At a mixed party say whether the guest is a lady or a gentleman."})
    if reserve and guest.seats.exists():
        raise ValidationError({"reserve": f"{name} already has a seat: swap someone in first."})
    if guest.seats.exists() and (plays_as or kind) != guest.playing_kind and guest.party.mixed:
        raise ValidationError({"plays_as": f"{name} already has a seat: the kind can no longer change."})
    guest.name, guest.kind, guest.plays_as, guest.reserve = name, kind, plays_as if plays_as != kind else "", reserve
    guest.full_clean()
    guest.save()
    return guest


@transaction.atomic
def guest_remove(*, guest: Guest) -> None:
    if guest.seats.exists():
        raise ValidationError(f"{guest.name} has played or has a seat: set them aside as a reserve instead.")
    guest.delete()

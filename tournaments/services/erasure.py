"""Erasing a person the club holds: a member who asked to be forgotten, or a guest who never became one.

The name is replaced by a neutral label (presentation/erasure.py) everywhere it is stored, denormalised: the
guests of every party, the entries, the knockout pairs (their players, their names, a closed round's cut),
the Towie and Boston players, a card evening's left-over names, a party's pinned seats, the admin's log and
the words of the mails already rendered. Every figure stays: the rows keep their ids, seats and results,
and the label is the same in every event, so standings, seasons and brackets add up exactly as before. The
change history (ResultChange) holds ids and figures only, never a name, and is left whole.

Contact details go: the member's address, phone and national number, the entries' addresses and phones, the
mails written to their address (and the address's unsubscribe record). See docs/privacy.md.

Besides the rows linked to the person, the rows of exactly their name that are linked to nobody are the
person too, as the seasons count them (selectors/seasons.py: a name that is exactly one member's is that
member's): a member's erasure takes those when no other member has the name, a guest's takes every unlinked
row of the guest's name in the club (their other nights as a guest).
"""

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Model, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    BostonTable,
    CardEvening,
    Club,
    Entry,
    Guest,
    KnockoutPair,
    KnockoutRound,
    MailRecipient,
    Member,
    OutgoingMail,
    Party,
    TowiePlayer,
)
from tournaments.presentation.erasure import guest_label, member_label
from tournaments.services import live, live_knockout

BOSTON_SEATS = (1, 2, 3, 4)
TEXT_FIELDS = ("subject", "text", "html")


@dataclass
class _Target:
    """Who is erased: the member's id (None for a guest), their name as known, and whether unlinked rows of
    exactly that name are theirs too. `old` gathers every spelling met, for the free texts (mails, pins)."""

    club: Club
    label: str
    name: str
    member_id: int | None
    namesakes: bool
    old: set[str] = field(default_factory=set)
    emails: set[str] = field(default_factory=set)
    guest_ids: list[int] = field(default_factory=list)
    parties: set[int] = field(default_factory=set)
    knockouts: set[int] = field(default_factory=set)

    def who(self, member_field: str, name_field: str, also: Q | None = None) -> Q:
        """The rows that are this person: linked by `member_field`, or (`also`) by a guest already erased, or
        unlinked and of exactly the name."""
        found = Q(pk__in=[])
        if self.member_id is not None:
            found |= Q(**{member_field: self.member_id})
        if also is not None:
            found |= also
        if self.namesakes:
            found |= Q(**{f"{member_field}__isnull": True, f"{name_field}__iexact": self.name})
        return found

    def new_name(self, group: object, taken: dict[object, int]) -> str:
        """The label; a second row in one group (two spellings in one party) gets "(2)": a group keeps its names
        unique."""
        taken[group] = taken.get(group, 0) + 1
        return self.label if taken[group] == 1 else f"{self.label} ({taken[group]})"

    def is_old(self, text: object) -> bool:
        return isinstance(text, str) and text.casefold() in {n.casefold() for n in self.old | {self.name}}


@transaction.atomic
def member_erase(*, member: Member) -> Member:
    """Replace the member's name by a label in every event, remove their contact details; every figure stays."""
    member = Member.objects.select_for_update().select_related("club").get(pk=member.pk)
    if member.erased_at is not None:
        raise ValidationError(_("This member was erased already: nothing was changed."))
    club = member.club
    others = Member.objects.filter(club=club, name__iexact=member.name).exclude(pk=member.pk)
    target = _Target(
        club=club,
        label=member_label(member.pk, club.language),
        name=member.name,
        member_id=member.pk,
        namesakes=not others.exists(),
        old={member.name},
        emails={member.email} - {""},
    )
    _scrub(target)
    member.name, member.email, member.phone, member.number, member.language = target.label, "", "", "", ""
    member.initials_only, member.never_email, member.active = False, True, False
    member.erased_at = timezone.now()
    member.save()
    return member


@transaction.atomic
def guest_erase(*, guest: Guest) -> Guest:
    """Replace a guest's name (a guest who is no member) by a label in this party and every other event of
    the club where that name stands unlinked; their entries' contact details go."""
    guest = Guest.objects.select_for_update().select_related("party__club").get(pk=guest.pk)
    club = guest.party.club
    if guest.erased_at is not None:
        raise ValidationError(_("This guest was erased already: nothing was changed."))
    if guest.member_id is not None:
        raise ValidationError(_("%(name)s is a member: erase them from their member's page.") % {"name": guest.name})
    if Member.objects.filter(club=club, name__iexact=guest.name).exists():
        raise ValidationError(
            _(
                "%(name)s is also the name of a member, whose nights this guest's count with: erase the member "
                "from their page instead. Nothing was changed."
            )
            % {"name": guest.name}
        )
    target = _Target(
        club=club, label=guest_label(guest.pk, club.language), name=guest.name, member_id=None, namesakes=True,
        old={guest.name},
    )  # fmt: skip
    _scrub(target)
    guest.refresh_from_db()
    return guest


def _scrub(target: _Target) -> None:
    _guests(target)
    _entries(target)
    _pairs(target)
    _towie(target)
    _boston(target)
    _evenings(target)
    _mails(target)
    _admin_log(target)
    for party_id in target.parties:
        live.touched(party_id)
    for knockout_id in target.knockouts:
        live_knockout.touched(knockout_id)


def _guests(target: _Target) -> None:
    guests = list(Guest.objects.filter(Q(party__club=target.club) & target.who("member", "name")).order_by("pk"))
    taken: dict[object, int] = {}
    now = timezone.now()
    renamed: dict[int, dict[str, str]] = {}
    for guest in guests:
        new = target.new_name(guest.party_id, taken)
        renamed.setdefault(guest.party_id, {})[guest.name] = new
        target.old.add(guest.name)
        guest.name, guest.erased_at = new, now
    Guest.objects.bulk_update(guests, ["name", "erased_at"])
    target.guest_ids = [g.pk for g in guests]
    target.parties |= renamed.keys()
    # The seats the hostess pinned name the guest: [table, seat, name].
    for party in Party.objects.filter(pk__in=renamed).exclude(pins=[]):
        names = renamed[party.pk]
        party.pins = [[table, seat, names.get(name, name)] for table, seat, name in party.pins]
        Party.objects.filter(pk=party.pk).update(pins=party.pins)


def _entries(target: _Target) -> None:
    linked = Q(guest__in=target.guest_ids)
    entries = list(
        Entry.objects.filter(Q(entry_list__club=target.club) & target.who("member", "name", linked)).order_by("pk")
    )
    taken: dict[object, int] = {}
    for entry in entries:
        target.old.add(entry.name)
        target.emails |= {entry.email} - {""}
        # Only the entries still standing keep their names unique in a list.
        group = ("cancelled", entry.pk) if entry.state == Entry.State.CANCELLED else ("list", entry.entry_list_id)
        entry.name = target.new_name(group, taken)
        entry.email, entry.phone, entry.address = "", "", ""
    Entry.objects.bulk_update(entries, ["name", "email", "phone", "address"])
    # Someone else's entry that named them as partner.
    partnered = [
        e
        for e in Entry.objects.filter(entry_list__club=target.club).exclude(partner="")
        if e.partner_guest_id in target.guest_ids or target.is_old(e.partner)
    ]
    for entry in partnered:
        entry.partner = target.label
    Entry.objects.bulk_update(partnered, ["partner"])


def _pairs(target: _Target) -> None:
    changed: dict[int, KnockoutPair] = {}
    renamed: dict[int, dict[str, str]] = {}
    for side in ("a", "b"):
        rows = KnockoutPair.objects.filter(
            Q(knockout__club=target.club) & target.who(f"member_{side}", f"player_{side}")
        )
        for pair in rows:
            pair = changed.get(pair.pk, pair)
            old_player, old_name = getattr(pair, f"player_{side}"), pair.name
            target.old.add(old_player)
            setattr(pair, f"player_{side}", target.label)
            pair.name = _pair_name(old_name, old_player, target.label, pair)
            renamed.setdefault(pair.knockout_id, {})[old_name] = pair.name
            changed[pair.pk] = pair
    KnockoutPair.objects.bulk_update(changed.values(), ["player_a", "player_b", "name"])
    target.knockouts |= renamed.keys()
    # A closed round's best-loser cut names the pairs.
    for round_ in KnockoutRound.objects.filter(knockout_id__in=renamed).exclude(cut={}):
        names = renamed[round_.knockout_id]
        cut = dict(round_.cut)
        for key in ("among", "drawn"):
            if isinstance(cut.get(key), list):
                cut[key] = [names.get(name, name) for name in cut[key]]
        KnockoutRound.objects.filter(pk=round_.pk).update(cut=cut)


def _pair_name(old_name: str, old_player: str, label: str, pair: KnockoutPair) -> str:
    """The pair's name with the player's name replaced; one made anew when the name did not hold it."""
    pattern = re.compile(re.escape(old_player), re.IGNORECASE)
    if old_player and pattern.search(old_name):
        return pattern.sub(lambda _match: label, old_name)
    return f"{pair.player_a} & {pair.player_b}"


def _towie(target: _Target) -> None:
    linked = Q(guest__in=target.guest_ids)
    players = list(
        TowiePlayer.objects.filter(Q(table__club=target.club) & target.who("member", "name", linked)).order_by("pk")
    )
    taken: dict[object, int] = {}
    for player in players:
        target.old.add(player.name)
        player.name = target.new_name(player.table_id, taken)
    TowiePlayer.objects.bulk_update(players, ["name"])


def _boston(target: _Target) -> None:
    changed: dict[int, BostonTable] = {}
    for seat in BOSTON_SEATS:
        for table in BostonTable.objects.filter(Q(club=target.club) & target.who(f"member_{seat}", f"player_{seat}")):
            table = changed.setdefault(table.pk, table)
            target.old.add(getattr(table, f"player_{seat}"))
            setattr(table, f"player_{seat}", target.label)
    BostonTable.objects.bulk_update(changed.values(), [f"player_{seat}" for seat in BOSTON_SEATS])


def _evenings(target: _Target) -> None:
    for evening in CardEvening.objects.filter(club=target.club).exclude(left_over=[]):
        names = [target.label if target.is_old(name) else name for name in evening.left_over]
        if names != evening.left_over:
            CardEvening.objects.filter(pk=evening.pk).update(left_over=names)


def _mails(target: _Target) -> None:
    """The mails written to them go, with their address's record; the words of every other mail of the club
    (a night's results sent to the other players) have the name replaced."""
    others = Member.objects.filter(club=target.club, email__in=target.emails)
    if target.member_id is not None:
        others = others.exclude(pk=target.member_id)
    # An address another member still has (a couple sharing one) keeps its record and its mails.
    kept = set(others.values_list("email", flat=True))
    gone = target.emails - kept
    theirs = Q(to__in=gone) | Q(member=target.member_id) if target.member_id else Q(to__in=gone)
    OutgoingMail.objects.filter(Q(club=target.club) & theirs).delete()
    MailRecipient.objects.filter(club=target.club, email__in=gone).delete()
    pattern = _names_pattern(target.old | {target.name})
    if pattern is None:
        return
    mentioned = Q(pk__in=[])
    for name in target.old | {target.name}:
        for text_field in TEXT_FIELDS:
            mentioned |= Q(**{f"{text_field}__icontains": name}) | Q(**{f"{text_field}__icontains": html.escape(name)})
    mails = list(OutgoingMail.objects.filter(Q(club=target.club) & mentioned))
    for mail in mails:
        for text_field in TEXT_FIELDS:
            setattr(mail, text_field, pattern.sub(lambda _match: target.label, getattr(mail, text_field)))
    OutgoingMail.objects.bulk_update(mails, list(TEXT_FIELDS))


def _names_pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    """Every spelling met, and as HTML writes it, longest first (a name inside a longer one goes whole)."""
    spellings = {form for name in names if name.strip() for form in (name, html.escape(name))}
    if not spellings:
        return None
    return re.compile("|".join(re.escape(s) for s in sorted(spellings, key=len, reverse=True)), re.IGNORECASE)


def _admin_log(target: _Target) -> None:
    """The admin site's log keeps the name an object had: it reads the label too (the ids stay)."""
    _relabel_log(Member, [target.member_id] if target.member_id else [], target.label)
    _relabel_log(Guest, target.guest_ids, target.label)


def _relabel_log(model: type[Model], ids: list[int], label: str) -> None:
    if ids:
        kind = ContentType.objects.get_for_model(model)
        LogEntry.objects.filter(content_type=kind, object_id__in=[str(i) for i in ids]).update(object_repr=label)

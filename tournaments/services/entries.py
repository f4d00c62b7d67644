"""Writes for an event's entries: opening the list, an entrant's entry and cancellation, the hostess's
moves, and the guest list made from the entries in one step.

Each write locks the event's list first, so two entrants sending at once never take one last place twice.
An entry refused (closed, full, a duplicate, an empty name…) writes nothing. What an entrant would be told
goes to tournaments/services/entry_notices.py once the write has committed.
"""

import datetime
import re
from functools import partial

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    CardEvening,
    Entry,
    EntryList,
    Guest,
    Knockout,
    KnockoutMatch,
    KnockoutPair,
    Member,
    Party,
)
from tournaments.rules import entries as rules
from tournaments.rules.names import clean_name
from tournaments.selectors.entries import place_of, shape_of
from tournaments.services import entry_notices
from tournaments.services import knockout as knockout_services
from tournaments.services.members import members_named

# The Four Aces advise no more than eight tables of a knockout (docs/rules/rubber-knockout.md).
KNOCKOUT_TABLES = 8
PHONE = re.compile(r"\+?[0-9 ()./-]{6,30}")
MAX_NAME = 80
# A Boston table's seat holds a name of at most 40 characters (tournaments/models/boston.py).
MAX_BOSTON_NAME = 40


def _shape(entry_list: EntryList) -> dict[str, bool]:
    return shape_of(entry_list)


def _list_of(entry: Entry, shape: dict[str, bool]) -> str:
    return _bucket(entry.kind, shape)


def _bucket(kind: str, shape: dict[str, bool]) -> str:
    """The entry's list; "" for an entry with no kind at a party made mixed after it entered (no list's places)."""
    if shape["mixed"] and not shape["pairs"] and kind not in (rules.LADY, rules.GENTLEMAN):
        return ""
    return rules.list_of(kind, **shape)


def _counts(entry_list: EntryList, state: str) -> dict[str, int]:
    shape, counts = _shape(entry_list), dict[str, int]()
    for kind in entry_list.entries.filter(state=state).values_list("kind", flat=True):
        name = _bucket(kind, shape)
        counts[name] = counts.get(name, 0) + 1
    return counts


def _locked(entry_list: EntryList) -> EntryList:
    # The list's own row only: PostgreSQL refuses FOR UPDATE on the nullable side of the outer joins (only one
    # of party, knockout and evening is set); SQLite has no row locks and ignores it.
    return (
        EntryList.objects.select_for_update(of=("self",))
        .select_related("party", "knockout", "evening", "club")
        .get(pk=entry_list.pk)
    )


@transaction.atomic
def entry_list_save(
    *,
    event: Party | Knockout | CardEvening,
    open: bool,
    closes_at: datetime.datetime | None = None,
    tables: int | None = None,
) -> EntryList:
    """Open (or close) a party's, a knockout's or a card evening's entries, until when and for how many tables
    (a party's or an evening's own tables, a knockout's eight, when none are given); more tables take the first
    waiting entrants in."""
    if tables is None:
        tables = KNOCKOUT_TABLES if isinstance(event, Knockout) else event.tables
    if not 1 <= tables <= rules.MAX_TABLES:
        raise ValidationError({"tables": _("Entries are taken for 1 to 500 tables.")})
    if isinstance(event, Knockout) and tables > knockout_services.MAX_PAIRS // 2:
        most = knockout_services.MAX_PAIRS // 2
        raise ValidationError(
            {"tables": _("A knockout's entries are taken for 1 to %(most)s tables.") % {"most": most}}
        )
    field = {Party: "party", Knockout: "knockout", CardEvening: "evening"}[type(event)]
    entry_list, _made = EntryList.objects.get_or_create(
        **{field: event}, defaults={"club": event.club, "tables": tables, "open": open, "closes_at": closes_at}
    )
    entry_list = _locked(entry_list)
    entry_list.open, entry_list.closes_at, entry_list.tables = open, closes_at, tables
    entry_list.full_clean()
    entry_list.save()
    if isinstance(event, CardEvening) and event.tables != tables:  # one figure: the evening's tables are its places
        CardEvening.objects.filter(pk=event.pk).update(tables=tables)
        event.tables = tables
    _fill_places(entry_list)
    return entry_list


def _fill_places(entry_list: EntryList) -> list[Entry]:
    """Move the first waiting entrants of each list up while it has places free."""
    shape = _shape(entry_list)
    capacity = rules.places(entry_list.tables, **shape)
    confirmed = _counts(entry_list, Entry.State.CONFIRMED)
    moved = []
    for entry in entry_list.entries.filter(state=Entry.State.WAITING).order_by("pk"):
        name = _list_of(entry, shape)
        if confirmed.get(name, 0) < capacity.get(name, 0):
            confirmed[name] = confirmed.get(name, 0) + 1
            entry.state = Entry.State.CONFIRMED
            entry.save(update_fields=["state"])
            moved.append(entry)
            transaction.on_commit(partial(entry_notices.entry_moved_up, entry))
    return moved


def _clean_text(value: str) -> str:
    return clean_name(value)


def _member_for(entry_list: EntryList, number: str, email: str) -> Member | None:
    """The club's member this entrant is: by member number (which must then be right), else by an e-mail
    address only one member has."""
    members = Member.objects.filter(club=entry_list.club)
    if number:
        member = members.filter(number__iexact=number).first()
        if member is None:
            raise ValidationError(
                {
                    "member_number": _(
                        "No member of the club has the number %(number)s: leave it empty if you are not a member."
                    )
                    % {"number": number}
                }
            )
        return member
    if email:
        found = list(members.filter(email__iexact=email)[:2])
        if len(found) == 1:
            return found[0]
    return None


def _too_long(name: str, most: int) -> str:
    return _("A name has at most %(most)s characters.") % {"most": most} if len(name) > most else ""


def _is_boston(entry_list: EntryList) -> bool:
    return entry_list.evening is not None and entry_list.evening.is_boston


def _most(entry_list: EntryList) -> int:
    """The longest name the event's tables hold."""
    if entry_list.knockout_id:
        return knockout_services.MAX_PLAYER_NAME
    return MAX_BOSTON_NAME if _is_boston(entry_list) else MAX_NAME


def _name_problem(entry_list: EntryList, name: str, most: int) -> str:
    if not name:
        return _("Give your name.")
    if _too_long(name, most):
        return _too_long(name, most)
    if _is_boston(entry_list) and name.casefold() == "pool":  # the sheet's own column
        return _("“Pool” is kept for the pool on the sheet: give this player another name.")
    return ""


def _check(
    entry_list: EntryList, *, name: str, kind: str, email: str, phone: str, partner: str, shape: dict[str, bool]
) -> None:
    """Every plain problem with an entry, before anything is written."""
    errors: dict[str, str] = {}
    most = _most(entry_list)
    problem = _name_problem(entry_list, name, most)
    if problem:
        errors["name"] = problem
    if shape["mixed"] and kind not in (rules.LADY, rules.GENTLEMAN):
        errors["kind"] = _("Say whether you play as a lady or a gentleman: the party is mixed.")
    if not email and not phone:
        errors["email"] = _("Give an e-mail address or a phone number, so that the hostess can reach you.")
    if phone and not PHONE.fullmatch(phone):
        errors["phone"] = _("A phone number has 6 to 30 digits, spaces and + ( ) - . /")
    if shape["pairs"]:
        if not partner:
            errors["partner"] = (
                _("Give your partner's name: a knockout is played by pairs.")
                if entry_list.knockout_id
                else _("Give your partner's name: partners play together all evening.")
            )
        elif _too_long(partner, most):
            errors["partner"] = _too_long(partner, most)
        elif partner.casefold() == name.casefold():
            errors["partner"] = _("Your partner is someone else: give their name.")
    if errors:
        raise ValidationError(errors)


def _check_duplicates(entry_list: EntryList, *, name: str, email: str, partner: str, member: Member | None) -> None:
    taken = entry_list.entries.exclude(state=Entry.State.CANCELLED)
    if email and taken.filter(email=email).exists():
        raise ValidationError({"email": _("An entry with this e-mail address is already on the list.")})
    if member is not None and taken.filter(member=member).exists():
        raise ValidationError(_("%(name)s has already entered.") % {"name": member.name})
    for who in filter(None, (name, partner)):
        if taken.filter(Q(name__iexact=who) | Q(partner__iexact=who)).exists():
            raise ValidationError(_("%(name)s is already on the list.") % {"name": who})


@transaction.atomic
def entry_add(
    *,
    entry_list: EntryList,
    name: str,
    email: str = "",
    phone: str = "",
    kind: str = "",
    partner: str = "",
    member_number: str = "",
    address: str = "",
    language: str = "",
    site: str = "",
) -> Entry:
    """An entrant's entry: confirmed while there is a place, else on the waiting list; refused (nothing
    written) when the list is closed or full, or the entry is a duplicate or incomplete. `language` and
    `site` are the entry page's (its e-mails speak the one and link to the other)."""
    entry_list = _locked(entry_list)
    if not entry_list.is_open():
        raise ValidationError(_("Entries are closed."))
    shape = _shape(entry_list)
    name, partner, phone = _clean_text(name), _clean_text(partner), _clean_text(phone)
    email, member_number = _clean_text(email).lower(), _clean_text(member_number)
    kind = kind if kind in (rules.LADY, rules.GENTLEMAN) else ""
    _check(entry_list, name=name, kind=kind, email=email, phone=phone, partner=partner, shape=shape)
    if not shape["mixed"]:
        kind = ""
    member = _member_for(entry_list, member_number, email)
    _check_duplicates(entry_list, name=name, email=email, partner=partner if shape["pairs"] else "", member=member)
    list_name = rules.list_of(kind, **shape)
    capacity = rules.places(entry_list.tables, **shape)
    state = rules.placed(
        list_name, _counts(entry_list, Entry.State.CONFIRMED), _counts(entry_list, Entry.State.WAITING), capacity
    )
    if state == "full":
        raise ValidationError(_("The list is full, and so is its waiting list."))
    entry = Entry(
        entry_list=entry_list, name=name, kind=kind, email=email, phone=phone, member=member, state=state,
        partner=partner if shape["pairs"] else "", address=address, language=language[:10], site=site[:200],
    )  # fmt: skip
    try:
        with transaction.atomic():
            entry.save()
    except IntegrityError:
        raise ValidationError(_("Someone entered with these details a moment ago: look at the list again.")) from None
    if state == Entry.State.CONFIRMED:
        transaction.on_commit(partial(entry_notices.entry_confirmed, entry))
    else:
        transaction.on_commit(partial(entry_notices.entry_waiting, entry, place_of(entry) or 0))
    return entry


def _knockout_started(knockout: Knockout) -> bool:
    return (
        knockout.rounds.count() > 1 or KnockoutMatch.objects.filter(round__knockout=knockout).exclude(entry="").exists()
    )


def _drop_guests(entry: Entry) -> None:
    """What an entry became (a party's guests, a knockout's pair) leaves the event, before play starts: a
    party's seat fixed for them goes too, a knockout's unplayed draw is cleared."""
    entry_list = entry.entry_list
    evening = entry_list.evening
    if evening is not None and evening.tables_made and entry.state == Entry.State.CONFIRMED:
        raise ValidationError(
            _("The tables are made: only the hostess can take you off now. Tell her you cannot come.")
        )
    if entry.pair_id is not None and entry_list.knockout is not None:
        if _knockout_started(entry_list.knockout):
            raise ValidationError(
                _("Play has started: only the director can take you off now. Tell them you cannot come.")
            )
        knockout_services.pair_remove(pair=KnockoutPair.objects.get(pk=entry.pair_id))
        return
    guests = [g for g in (entry.guest, entry.partner_guest) if g is not None]
    if not guests:
        return
    party = entry_list.party
    if party is not None and party.rounds.exists():
        raise ValidationError(
            _("The seats are drawn: only the hostess can take you off now. Tell her you cannot come.")
        )
    names = {g.name for g in guests}
    if party is not None and party.pins:
        party.pins = [pin for pin in party.pins if pin[2] not in names]
        party.save(update_fields=["pins"])
    Guest.objects.filter(pk__in=[g.pk for g in guests]).delete()


@transaction.atomic
def entry_cancel(*, entry: Entry, by_hostess: bool = False) -> list[Entry]:
    """Cancel an entry (the entrant's own link, or the hostess's Remove); a place it frees goes to the first
    waiting entrant of its list. The entrants moved up, in order."""
    entry_list = _locked(entry.entry_list)
    entry = Entry.objects.select_related("guest", "partner_guest").get(pk=entry.pk)
    if entry.state == Entry.State.CANCELLED:
        return []
    entry.entry_list = entry_list
    _drop_guests(entry)
    entry.state, entry.cancelled_at, entry.guest, entry.partner_guest = (
        Entry.State.CANCELLED,
        timezone.now(),
        None,
        None,
    )
    entry.save(update_fields=["state", "cancelled_at", "guest", "partner_guest"])
    transaction.on_commit(partial(entry_notices.entry_cancelled, entry, by_hostess=by_hostess))
    return _fill_places(entry_list)


@transaction.atomic
def entry_move_up(*, entry: Entry) -> Entry:
    """The hostess takes a waiting entrant in, even past the places (she may add a table)."""
    _locked(entry.entry_list)
    entry = Entry.objects.get(pk=entry.pk)
    if entry.state != Entry.State.WAITING:
        raise ValidationError(_("%(name)s is not on the waiting list.") % {"name": entry.name})
    entry.state = Entry.State.CONFIRMED
    entry.save(update_fields=["state"])
    transaction.on_commit(partial(entry_notices.entry_moved_up, entry))
    return entry


def _other(kind: str) -> str:
    return {rules.LADY: rules.GENTLEMAN, rules.GENTLEMAN: rules.LADY}.get(kind, "")


def _free_pair_seats(party: Party, pins: list) -> list[tuple[int, str, str]]:
    """The partnerships' seats no pin holds, table by table: (table, entrant's seat, partner's seat)."""
    held = {(table, seat) for table, seat, _name in pins}
    return [
        (table, first, second)
        for table in range(1, party.tables + 1)
        for first, second in (("N", "S"), ("E", "W"))
        if (table, first) not in held and (table, second) not in held
    ]


@transaction.atomic
def guests_from_entries(*, entry_list: EntryList) -> int:
    """The confirmed entrants not yet on the party's guest list become its guests (a member stays linked, a
    lady stays a lady); a pair's partners are fixed together in the first round. Pressed twice it adds
    nothing twice. Once the seats are drawn they come as reserves (issue 46). Refused, with nothing added, when
    a name is on the guest list already. The number of guests added."""
    entry_list = _locked(entry_list)
    if entry_list.party_id is None:
        raise ValidationError(_("These entries are a knockout's: make its pairs instead."))
    party = Party.objects.select_for_update().get(pk=entry_list.party_id)
    # After the draw the entrants come as reserves (issue 46): the seats drawn stay as they are.
    drawn = party.rounds.exists()
    entries = list(entry_list.entries.filter(state=Entry.State.CONFIRMED, guest__isnull=True).order_by("pk"))
    existing = {name.casefold() for name in party.guests.values_list("name", flat=True)}
    clashes = [who for e in entries for who in filter(None, (e.name, e.partner)) if who.casefold() in existing]
    if clashes:
        raise ValidationError(
            _("Already on the guest list: %(names)s. Remove them from the guest list or the entries, then press again.")
            % {"names": ", ".join(clashes)}
        )
    seats = _free_pair_seats(party, party.pins) if party.keep_partners and not drawn else []
    # An entrant who gave no member number, and a partner, are linked by name (selectors/member_match.py):
    # the only member of that name; a name two members share is left for the hostess to pick.
    named = members_named(party.club_id, [who for e in entries for who in (e.name, e.partner) if who])
    added = 0
    for entry in entries:
        member = entry.member or named.get(entry.name.casefold())
        entry.guest = Guest.objects.create(
            party=party,
            name=entry.name,
            kind=entry.kind or (member.kind if member else ""),
            member=member,
            reserve=drawn,
        )
        added += 1
        if entry.partner:
            member = named.get(entry.partner.casefold())
            kind = _other(entry.kind) or (member.kind if member else "")
            entry.partner_guest = Guest.objects.create(
                party=party, name=entry.partner, kind=kind, member=member, reserve=drawn
            )
            added += 1
            if seats:
                table, first, second = seats.pop(0)
                if entry.kind == rules.GENTLEMAN:  # at a mixed party ladies sit North or East
                    first, second = ("S", "N") if first == "N" else ("W", "E")
                party.pins = [*party.pins, [table, first, entry.name], [table, second, entry.partner]]
        entry.save(update_fields=["guest", "partner_guest"])
    party.save(update_fields=["pins"])
    return added


@transaction.atomic
def pairs_from_entries(*, entry_list: EntryList) -> int:
    """The confirmed pairs not yet in the knockout become its pairs (the entrant North or East, a member
    linked); an unplayed draw is cleared, as adding a pair by hand clears it. Pressed twice it adds nothing
    twice; refused, with nothing added, once play has started or when a player already plays in a pair.
    The number of pairs added."""
    entry_list = _locked(entry_list)
    if entry_list.knockout is None:
        raise ValidationError(_("These entries are a party's: make its guest list instead."))
    entries = list(entry_list.entries.filter(state=Entry.State.CONFIRMED, pair__isnull=True).order_by("pk"))
    if not entries:
        return 0
    knockout = entry_list.knockout
    picked = {e.name.casefold(): e.member_id for e in entries if e.member_id}
    made, _cleared = knockout_services.pairs_add(
        knockout=knockout, entries=[(e.name, e.partner) for e in entries], picked=picked
    )
    by_name = {pair.name: pair for pair in made}
    for entry in entries:
        entry.pair = by_name[f"{entry.name} & {entry.partner}"]
        entry.save(update_fields=["pair"])
    return len(made)

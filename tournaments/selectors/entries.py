"""Reads for entries: the public list and an entrant's own entry by their links, the hostess's live list.

Each a fixed number of queries, whatever the number of entries."""

from dataclasses import dataclass

from django.http import Http404

from tournaments.models import CardEvening, Entry, EntryList, Knockout, Party
from tournaments.rules import draw
from tournaments.rules import entries as rules
from tournaments.rules.errors import Words


def entry_list_by_token(token: str) -> EntryList:
    """The list its public link names, or a 404."""
    found = EntryList.objects.select_related("club", "party", "knockout", "evening").filter(token=token).first()
    if not token or found is None:
        raise Http404("no such list")
    return found


def entry_by_token(token: str) -> Entry:
    """An entrant's own entry by their cancel link, or a 404."""
    found = (
        Entry.objects.select_related(
            "entry_list__club", "entry_list__party", "entry_list__knockout", "entry_list__evening"
        )
        .filter(cancel_token=token)
        .first()
        if token
        else None
    )
    if found is None:
        raise Http404("no such entry")
    return found


def entry_list_of(event: Party | Knockout | CardEvening) -> EntryList | None:
    """A party's, a knockout's or a card evening's entries, if it takes any."""
    field = {Knockout: "knockout", CardEvening: "evening"}.get(type(event), "party")
    return EntryList.objects.select_related("party", "knockout", "evening").filter(**{field: event}).first()


def shape_of(entry_list: EntryList) -> dict[str, bool]:
    """How the event takes entries: a knockout's are pairs, a card evening's players, a party's as it is mixed
    and keeps partners."""
    if entry_list.knockout_id is not None:
        return {"mixed": False, "pairs": True}
    if entry_list.evening_id is not None:
        return {"mixed": False, "pairs": False}
    party = entry_list.party
    return {"mixed": bool(party and party.mixed), "pairs": bool(party and party.keep_partners)}


@dataclass(frozen=True)
class Line:
    entry: Entry
    list_name: str  # "lady", "gentleman", "pair" or "player"
    place: int | None  # on the waiting list


@dataclass(frozen=True)
class Board:
    """The hostess's live list: the entries in order, the counts against the places, the balance."""

    entry_list: EntryList
    confirmed: list[Line]
    waiting: list[Line]
    cancelled: list[Line]
    places: dict[str, int]
    taken: dict[str, int]
    ladies: int
    gentlemen: int
    players: int
    problems: list[Words]  # "2 more gentlemen needed", in English: shown with |say_each
    not_on_guest_list: int  # confirmed entries the guest list does not have yet

    @property
    def needed(self) -> int:
        return 4 * self.entry_list.tables

    @property
    def is_open(self) -> bool:
        return self.entry_list.is_open()


def _bucket(kind: str, shape: dict[str, bool]) -> str:
    if shape["mixed"] and not shape["pairs"] and kind not in (rules.LADY, rules.GENTLEMAN):
        return ""
    return rules.list_of(kind, **shape)


def board(entry_list: EntryList) -> Board:
    """One query for the entries (their members with them)."""
    shape = shape_of(entry_list)
    places = rules.places(entry_list.tables, **shape)
    confirmed, waiting, cancelled = [], [], []
    taken: dict[str, int] = {}
    queue: dict[str, int] = {}
    for entry in entry_list.entries.select_related("member").order_by("pk"):
        name = _bucket(entry.kind, shape)
        if entry.state == Entry.State.CONFIRMED:
            taken[name] = taken.get(name, 0) + 1
            confirmed.append(Line(entry, name, None))
        elif entry.state == Entry.State.WAITING:
            queue[name] = queue.get(name, 0) + 1
            waiting.append(Line(entry, name, queue[name]))
        else:
            cancelled.append(Line(entry, name, None))
    ladies, gentlemen, players = rules.people([line.entry.kind for line in confirmed], pairs=shape["pairs"])
    # A knockout takes any number of pairs (its plan fits the tables to them), a card evening shares its players
    # out when the tables are made: no balance to keep.
    problems = (
        []
        if entry_list.knockout_id or entry_list.evening_id
        else draw.numbers_problems(
            entry_list.tables, ladies=ladies, gentlemen=gentlemen, players=players, mixed=shape["mixed"]
        )
    )
    made = (lambda e: e.pair_id) if entry_list.knockout_id else (lambda e: e.guest_id)
    # A card evening's entries are made into its tables all at once, from the evening's page.
    missing = 0 if entry_list.evening_id else sum(1 for line in confirmed if made(line.entry) is None)
    return Board(
        entry_list, confirmed, waiting, cancelled, places, taken, ladies, gentlemen, players, problems, missing
    )


def place_of(entry: Entry) -> int | None:
    """A waiting entry's place on its list's waiting list (one query)."""
    if entry.state != Entry.State.WAITING:
        return None
    shape = shape_of(entry.entry_list)
    mine = _bucket(entry.kind, shape)
    earlier = entry.entry_list.entries.filter(state=Entry.State.WAITING, pk__lte=entry.pk).values_list(
        "kind", flat=True
    )
    return sum(1 for kind in earlier if _bucket(kind, shape) == mine)

"""Who plays at an event, as the table money sees them: one `Player` per person who owes a fee.

The ledger holds a person by a number of the event (MoneyRow.guest_id, FreePlace.guest_id), the same number
for every row of that night (docs/money.md, "Players of each kind of event"):
a party's guest's id; a Towie table's player's id; a Boston table's seat (1 to 4); a knockout pair's
id twice, plus 0 for its first player and 1 for its second; a card evening's confirmed entry's id twice,
plus 0 for the entrant and 1 for a partner named on the entry.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.http import Http404

from tournaments.directors import Director
from tournaments.models import BostonTable, CardEvening, Club, Entry, Knockout, Party, TowieTable
from tournaments.models.money import EventKind
from tournaments.selectors.boston import table_get
from tournaments.selectors.evening import evening_get
from tournaments.selectors.knockout.event import knockout_get
from tournaments.selectors.party import party_get
from tournaments.selectors.towie import towie_get

AnyEvent = Party | Knockout | TowieTable | BostonTable | CardEvening


@dataclass(frozen=True)
class Player:
    pk: int
    name: str
    member_id: int | None


@dataclass(frozen=True)
class MoneyEvent:
    """An event whose table money is kept: its kind and id as the ledger names them, its club and its name."""

    kind: str
    id: int
    club: Club
    name: str
    event: AnyEvent

    @property
    def books_name(self) -> str:
        """The name the ledger writes: the event's name and its date."""
        date = getattr(self.event, "date", None)
        return f"{self.name} {date:%Y-%m-%d}" if date else self.name


_GETTERS: dict[str, Callable[..., AnyEvent]] = {
    EventKind.PARTY: party_get,
    EventKind.KNOCKOUT: knockout_get,
    EventKind.TOWIE: towie_get,
    EventKind.BOSTON: table_get,
    EventKind.EVENING: evening_get,
}


def money_event(kind: str, event_id: int, *, user: Director) -> MoneyEvent:
    """The event of this kind, if one of the director's clubs' (any other is a 404, as each getter does)."""
    if kind not in _GETTERS:
        raise Http404
    return of_event(kind, _GETTERS[kind](event_id, user=user))


def of_event(kind: str, event: AnyEvent) -> MoneyEvent:
    return MoneyEvent(kind=kind, id=event.pk, club=event.club, name=event.name, event=event)


def players(event: MoneyEvent) -> list[Player]:
    """Everyone who plays at the event, by name."""
    found = _PLAYERS[event.kind](event.event)
    return sorted(found, key=lambda p: (p.name.casefold(), p.pk))


def _party(party: Party) -> list[Player]:
    return [Player(g.pk, g.name, g.member_id) for g in party.guests.all()]


def _towie(table: TowieTable) -> list[Player]:
    return [Player(p.pk, p.name, p.member_id) for p in table.players.all()]


def _boston(table: BostonTable) -> list[Player]:
    return [
        Player(seat, getattr(table, f"player_{seat}"), getattr(table, f"member_{seat}_id")) for seat in (1, 2, 3, 4)
    ]


def _knockout(knockout: Knockout) -> list[Player]:
    found = []
    for pair in knockout.pairs.all():
        found.append(Player(pair.pk * 2, pair.player_a, pair.member_a_id))
        found.append(Player(pair.pk * 2 + 1, pair.player_b, pair.member_b_id))
    return found


def _evening(evening: CardEvening) -> list[Player]:
    found = []
    for entry in Entry.objects.filter(entry_list__evening=evening, state=Entry.State.CONFIRMED):
        found.append(Player(entry.pk * 2, entry.name, entry.member_id))
        if entry.partner:
            found.append(Player(entry.pk * 2 + 1, entry.partner, None))
    return found


_PLAYERS: dict[str, Callable[..., list[Player]]] = {
    EventKind.PARTY: _party,
    EventKind.TOWIE: _towie,
    EventKind.BOSTON: _boston,
    EventKind.KNOCKOUT: _knockout,
    EventKind.EVENING: _evening,
}

"""Reads about a club's members: the list, the few letters typed when picking a guest, a member's nights."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from django.db.models import Case, IntegerField, Q, QuerySet, Value, When
from django.shortcuts import get_object_or_404

from tournaments.directors import Director
from tournaments.models import BostonTable, Club, Guest, KnockoutPair, Member, Seat, TableResult, TowiePlayer
from tournaments.rules import standings as ranking
from tournaments.rules.collation import name_key
from tournaments.selectors.clubs import of_my_clubs

SIDE = {"N": "ns", "S": "ns", "E": "ew", "W": "ew"}


def member_get(member_id: int, *, user: Director) -> Member:
    """A member of one of the director's clubs; any other is a 404."""
    return get_object_or_404(of_my_clubs(Member.objects.select_related("club"), user), pk=member_id)


def member_list(club: Club, *, archived: bool = False, text: str = "") -> list[Member]:
    members = Member.objects.filter(club=club, active=not archived)
    if text:
        members = members.filter(name__icontains=text.strip())
    return _by_name(members)


def _by_name(members: QuerySet[Member]) -> list[Member]:
    """By name as the club's language sorts them (rules/collation.py), then by number."""
    return sorted(members, key=lambda m: (name_key(m.name), m.number))


def member_all(club: Club) -> QuerySet[Member]:
    """Every member, the archived too (the file a club keeps)."""
    return Member.objects.filter(club=club).order_by("name", "number")


def member_search(club: Club, text: str, *, limit: int = 10) -> list[dict]:
    """Active members whose name holds the letters typed, those starting with them first: plain
    values, one query (an index on the club and name; a few thousand members are read in a few ms)."""
    text = " ".join(text.split())
    if len(text) < 2:
        return []
    found = (
        Member.objects.filter(club=club, active=True, name__icontains=text)
        .annotate(
            starts=Case(When(name__istartswith=text, then=Value(0)), default=Value(1), output_field=IntegerField())
        )
        .order_by("starts", "name")
        .values("id", "name", "kind", "number", "starts")[:limit]
    )
    # Those shown, in the collation's order (the database's puts "Émile" after "Zoé").
    return [
        {key: row[key] for key in ("id", "name", "kind", "number")}
        for row in sorted(found, key=lambda row: (row["starts"], name_key(row["name"])))
    ]


@dataclass(frozen=True)
class Night:
    party_id: int
    party: str
    day: date
    total: int
    place: str  # "1", "=2"
    players: int
    prize: bool  # placed in the first three (the usual prizes)
    booby: bool


@dataclass(frozen=True)
class Game:
    """A knockout, Towie or Boston table the member played at."""

    kind: str  # "knockout", "towie", "boston": the page names it and links to it
    event_id: int
    event: str
    day: date


@dataclass(frozen=True)
class History:
    nights: list[Night]
    games: list[Game] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(n.total for n in self.nights)

    @property
    def wins(self) -> int:
        return sum(1 for n in self.nights if n.place.lstrip("=") == "1")


def night_totals(party_ids: Iterable[int]) -> dict[int, dict[str, int]]:
    """Each party's totals by guest name, for many parties at once: two queries. A party with no
    result in yet has no totals (it is not yet a night played)."""
    totals: dict[int, dict[str, int]] = {pid: {} for pid in party_ids}
    results = {
        (pid, number, table): (ns, ew)
        for pid, number, table, ns, ew in TableResult.objects.filter(
            round__party_id__in=totals, status="agreed"
        ).values_list("round__party_id", "round__number", "table", "ns", "ew")
    }
    played = {pid for pid, _, _ in results}
    for pid, number, table, seat, name in Seat.objects.filter(round__party_id__in=played).values_list(
        "round__party_id", "round__number", "table", "seat", "guest__name"
    ):
        result = results.get((pid, number, table))
        points = 0 if result is None else (result[0] if SIDE[seat] == "ns" else result[1]) or 0
        totals[pid][name] = totals[pid].get(name, 0) + points
    return totals


def member_history(member: Member) -> History:
    """Every party night the member played: total, place among everyone, prize. Three queries,
    however many nights."""
    guests = {
        g["party_id"]: g
        for g in Guest.objects.filter(member=member).values("party_id", "name", "party__name", "party__date")
    }
    if not guests:
        return History([], member_games(member))
    totals = night_totals(guests)
    nights = []
    for pid, guest in guests.items():
        night = totals[pid]
        if guest["name"] not in night:
            continue  # on the list but never seated (a reserve)
        placed = {p.name: p for p in ranking.rank(night)}
        mine = placed[guest["name"]]
        nights.append(
            Night(
                party_id=pid,
                party=guest["party__name"],
                day=guest["party__date"],
                total=mine.total,
                place=mine.label,
                players=len(night),
                prize=mine.position <= 3,
                booby=guest["name"] in ranking.booby(night),
            )
        )
    nights.sort(key=lambda n: (n.day, n.party_id), reverse=True)
    return History(nights, member_games(member))


def member_games(member: Member) -> list[Game]:
    """The knockouts, Towie and Boston tables the member played at, latest first: three queries."""
    either = Q(member_a=member) | Q(member_b=member)
    seats = Q(member_1=member) | Q(member_2=member) | Q(member_3=member) | Q(member_4=member)
    found = [
        *(("knockout", *row) for row in KnockoutPair.objects.filter(either).values_list(
            "knockout_id", "knockout__name", "knockout__date")),
        *(("towie", *row) for row in TowiePlayer.objects.filter(member=member).values_list(
            "table_id", "table__name", "table__date")),
        *(("boston", *row) for row in BostonTable.objects.filter(seats).values_list("id", "name", "date")),
    ]  # fmt: skip
    games = {(kind, event_id): Game(kind, event_id, name, day) for kind, event_id, name, day in found}
    return sorted(games.values(), key=lambda g: (g.day, g.kind, g.event_id), reverse=True)

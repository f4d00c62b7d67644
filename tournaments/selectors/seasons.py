"""A season's standings: its nights read at once (a fixed number of queries, however many nights),
scored by tournaments/rules/season.py."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from django.shortcuts import get_object_or_404

from tournaments.directors import Director
from tournaments.models import Club, Guest, KnockoutMatch, Member, Series
from tournaments.models.memory import DEFAULT_PLACE_POINTS
from tournaments.rules import season as season_rules
from tournaments.selectors.clubs import of_my_clubs
from tournaments.selectors.members import night_totals


@dataclass(frozen=True)
class Event:
    kind: str  # "party" or "knockout"
    id: int
    name: str
    day: date


@dataclass(frozen=True)
class Row:
    key: str
    name: str
    kind: str  # "lady", "gentleman" or ""
    initials_only: bool
    points: Fraction
    label: str
    position: int
    nights: int
    by_night: tuple[Fraction | None, ...]
    counted: tuple[int, ...]


@dataclass(frozen=True)
class SeasonTable:
    series: Series
    events: list[Event]
    rows: list[Row]

    def best(self, kind: str) -> list[Row]:
        """The best lady (or gentleman) of the season: those placed first among their kind."""
        mine = [row for row in self.rows if row.kind == kind]
        return [row for row in mine if row.points == mine[0].points] if mine else []


def series_get(series_id: int, *, user: Director) -> Series:
    return get_object_or_404(of_my_clubs(Series.objects.select_related("club"), user), pk=series_id)


def series_list(club: Club) -> list[Series]:
    return list(Series.objects.filter(club=club).prefetch_related("parties", "knockouts"))


def _events(series: Series) -> list[Event]:
    events = [Event("party", p.id, p.name, p.date) for p in series.parties.all()]
    events += [Event("knockout", k.id, k.name, k.date) for k in series.knockouts.all()]
    return sorted(events, key=lambda e: (e.day, e.kind, e.id))


class _People:
    """One key per person across nights: the member when known (a guest picked from the members,
    or a name that is exactly one member's), else the name as written."""

    def __init__(self, club: Club) -> None:
        # Plain rows, not Member objects: a club may have thousands of members, only a few of them
        # played this season.
        self.members: dict[int, tuple[str, str, bool]] = {
            mid: (name, kind, initials_only)
            for mid, name, kind, initials_only in Member.objects.filter(club=club).values_list(
                "id", "name", "kind", "initials_only"
            )
        }
        by_name: dict[str, list[int]] = {}
        for mid, (name, _, _) in self.members.items():
            by_name.setdefault(name.casefold(), []).append(mid)
        self.by_name = {name: ids[0] for name, ids in by_name.items() if len(ids) == 1}
        self.names: dict[str, tuple[str, str, bool]] = {}
        # The same players night after night: each (name, kind, member) worked out once.
        self.keys: dict[tuple[str, str, int | None], tuple[str, tuple[str, str, bool], bool]] = {}

    def key(self, name: str, kind: str = "", member_id: int | None = None) -> str:
        found = self.keys.get((name, kind, member_id))
        if found is None:
            found = self.keys[(name, kind, member_id)] = self._key(name, kind, member_id)
        key, shown, member = found
        if member:
            self.names[key] = shown  # a member without a kind takes the latest night's
        else:
            self.names.setdefault(key, shown)
        return key

    def _key(self, name: str, kind: str, member_id: int | None) -> tuple[str, tuple[str, str, bool], bool]:
        mid = member_id if member_id else self.by_name.get(name.casefold())
        member = self.members.get(mid) if mid else None
        if member is not None:
            return f"member:{mid}", (member[0], member[1] or kind, member[2]), True
        return f"name:{name.casefold()}", (name, kind, False), False


def _knockout_totals(knockout_ids: Iterable[int]) -> dict[int, dict[tuple, int]]:
    """Each knockout's rubber points by pair (its two players: name and member, if known), all matches summed."""
    totals: dict[int, dict[tuple, int]] = {k: {} for k in knockout_ids}
    rows = KnockoutMatch.objects.filter(round__knockout_id__in=totals).values_list(
        "round__knockout_id", "ns__player_a", "ns__member_a", "ns__player_b", "ns__member_b", "ns_total",
        "ew__player_a", "ew__member_a", "ew__player_b", "ew__member_b", "ew_total",
    )  # fmt: skip
    for kid, *ns, ns_total, ew_a, ew_ma, ew_b, ew_mb, ew_total in rows:
        for pair, points in ((tuple(ns), ns_total), ((ew_a, ew_ma, ew_b, ew_mb), ew_total)):
            totals[kid][pair] = totals[kid].get(pair, 0) + (points or 0)
    return totals


def series_standings(series: Series) -> SeasonTable:
    events = _events(series)
    people = _People(series.club)
    party_ids = [e.id for e in events if e.kind == "party"]
    guests = {
        (pid, name): (kind, member_id)
        for pid, name, kind, member_id in Guest.objects.filter(party_id__in=party_ids).values_list(
            "party_id", "name", "kind", "member_id"
        )
    }
    parties = night_totals(party_ids)
    knockouts = _knockout_totals([e.id for e in events if e.kind == "knockout"])
    nights = []
    for event in events:
        night: dict[str, int] = {}
        if event.kind == "party":
            for name, total in parties[event.id].items():
                kind, member_id = guests.get((event.id, name), ("", None))
                night[people.key(name, kind, member_id)] = total
        else:
            for (a, member_a, b, member_b), total in knockouts[event.id].items():
                night[people.key(a, member_id=member_a)] = total
                night[people.key(b, member_id=member_b)] = total
        nights.append(night)
    lines = season_rules.season_standings(
        nights,
        scoring=series.scoring,
        table=series.place_points or DEFAULT_PLACE_POINTS,
        best_of=series.best_of,
    )
    rows = [
        Row(
            key=line.player,
            name=people.names[line.player][0],
            kind=people.names[line.player][1],
            initials_only=people.names[line.player][2],
            points=line.points,
            label=line.label,
            position=line.position,
            nights=line.nights,
            by_night=line.by_night,
            counted=line.counted,
        )
        for line in lines
    ]
    return SeasonTable(series, events, rows)

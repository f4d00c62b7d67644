"""The public results pages: found by their link alone (no login), or not at all."""

from dataclasses import dataclass

from django.http import Http404

from tournaments.models import Knockout, KnockoutMatch, Party, PublicLink, Series
from tournaments.presentation.names import Where, name_for, pair_name_for
from tournaments.presentation.names import shown_name as shown_name  # the rule's old home: still importable
from tournaments.selectors.names import party_namer
from tournaments.selectors.seasons import Row, series_standings
from tournaments.selectors.standings import party_standings


def public_link(token: str) -> PublicLink:
    link = (
        PublicLink.objects.select_related("club", "party", "knockout", "series").filter(token=token).first()
        if token
        else None
    )
    if link is None:
        raise Http404("no such page")
    return link


@dataclass(frozen=True)
class Line:
    label: str
    name: str
    total: object  # an int (a night) or a Fraction (a season's points)


@dataclass(frozen=True)
class Board:
    """What a public page shows: lines by place, the best lady and gentleman, the booby prize."""

    title: str
    day: object
    lines: list[Line]
    ladies: list[Line]
    gentlemen: list[Line]
    booby: list[str]
    played: bool


def party_board(party: Party) -> Board:
    standings = party_standings(party)
    shown = party_namer(party.pk, Where.PUBLIC_PAGE)

    played = any(r.result is not None for line in standings.players for r in line.rounds.values())
    return Board(
        title=party.name,
        day=party.date,
        lines=[Line(p.label, shown(p.name), p.total) for p in standings.players],
        ladies=[Line(p.label, shown(p.name), p.total) for p in standings.best_ladies] if played else [],
        gentlemen=[Line(p.label, shown(p.name), p.total) for p in standings.best_gentlemen] if played else [],
        booby=[shown(name) for name in standings.booby],
        played=played,
    )


def series_board(series: Series) -> Board:
    table = series_standings(series)

    def line(row: Row) -> Line:
        return Line(row.label, name_for(Where.PUBLIC_PAGE, row.name, row.initials_only), row.points)

    return Board(
        title=series.name,
        day=None,
        lines=[line(r) for r in table.rows],
        ladies=[line(r) for r in table.best("lady")],
        gentlemen=[line(r) for r in table.best("gentleman")],
        booby=[],
        played=bool(table.rows),
    )


@dataclass(frozen=True)
class MatchLine:
    bracket: str
    round: int
    table: int
    ns: str
    ew: str
    ns_total: int | None
    ew_total: int | None
    winner: str
    walkover: bool = False  # the loser withdrew and conceded: no score decided it


_PAIR = ("name", "player_a", "player_b", "member_a__initials_only", "member_b__initials_only")


def _pair_shown(name: str, a: str, b: str, a_initials: bool | None, b_initials: bool | None) -> str:
    return pair_name_for(Where.PUBLIC_PAGE, name, a, b, a_initials, b_initials)


def knockout_matches(knockout: Knockout) -> list[MatchLine]:
    """One query: every match, its two pairs and the members they are."""
    rows = (
        KnockoutMatch.objects.filter(round__knockout=knockout)
        .order_by("round__bracket", "round__number", "table")
        .values_list(
            "round__bracket",
            "round__number",
            "table",
            "ns_total",
            "ew_total",
            "ns_id",
            "ew_id",
            "winner_id",
            "conceded_by_id",
            *(f"ns__{name}" for name in _PAIR),
            *(f"ew__{name}" for name in _PAIR),
        )  # fmt: skip
    )
    lines = []
    for bracket, number, table, ns_total, ew_total, ns_id, ew_id, winner_id, conceded, *pairs in rows:
        ns, ew = _pair_shown(*pairs[: len(_PAIR)]), _pair_shown(*pairs[len(_PAIR) :])
        winner = ns if winner_id == ns_id else ew if winner_id == ew_id else ""
        if conceded is not None:
            ns_total = ew_total = None  # a walkover: what was played before the pair left decides nothing
        lines.append(MatchLine(bracket, number, table, ns, ew, ns_total, ew_total, winner, conceded is not None))
    return lines

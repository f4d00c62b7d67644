"""The knockout's bracket read: each round's column, the pairs gone out, and the boxes and lines the chart draws."""

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TypedDict

from django.utils.translation import gettext as _

from tournaments.models import Knockout, KnockoutMatch, KnockoutPair, KnockoutRound
from tournaments.presentation.knockout import short_names
from tournaments.presentation.names import Form, Where
from tournaments.printing import knockout as printed
from tournaments.selectors.knockout.event import CountedKnockout, PlanLine, PlanView, plan_view, with_consolation
from tournaments.selectors.knockout.rounds import _round_order, knockout_rounds, status_words
from tournaments.selectors.names import knockout_pair_names


@dataclass
class BracketColumn:
    plan: PlanLine
    round: KnockoutRound | None  # None until the round is drawn
    matches: list[KnockoutMatch] = field(default_factory=list)
    came_up: set[int] = field(default_factory=set)  # pair ids who came in as best losers


@dataclass
class BracketSide:
    bracket: str
    columns: list[BracketColumn]
    winner: KnockoutPair | None = None
    runner_up: KnockoutPair | None = None

    @property
    def title(self) -> str:
        return _("Main tournament") if self.bracket == "main" else _("Consolation tournament")


@dataclass(frozen=True)
class OutPair:
    pair: KnockoutPair
    how: str  # "lost the semi-final"


@dataclass
class BracketView:
    knockout: Knockout
    plan: PlanView
    sides: list[BracketSide]
    out: list[OutPair]  # knocked out, playing rubber bridge at free tables
    chart: printed.BracketChart  # the bracket drawn: boxes and the lines joining them
    rounds: list[KnockoutRound] = field(default_factory=list)
    # The pairs `where` names otherwise, in full by pair (name, player_a, player_b): the score pads' names.
    full: dict[int, tuple[str, str, str]] = field(default_factory=dict)

    @property
    def short_names(self) -> dict[str, str]:
        """The big screen's names ("K. Wolstenholme & C. Wolstenholme") by the pairs' full names."""
        pairs = {pair.pk: pair for side in self.sides for column in side.columns for m in column.matches
                 for pair in (m.ns, m.ew)}  # fmt: skip
        pairs.update({out.pair.pk: out.pair for out in self.out})
        return {pairs[pk].name: short for pk, short in short_names(pairs.values()).items()}

    @property
    def free_tables(self) -> list[tuple[OutPair, OutPair | None]]:
        """The knocked-out pairs two to a table, in the order they went out; an odd one waits for the next."""
        return [(self.out[i], self.out[i + 1] if i + 1 < len(self.out) else None) for i in range(0, len(self.out), 2)]


def _went_out(round_: KnockoutRound) -> str:
    """How a pair knocked out in this round went out, by the round's stage: "lost the semi-final"."""
    main = round_.bracket == "main"
    if round_.tables == 2:
        return _("lost the semi-final") if main else _("lost the consolation semi-final")
    if main:
        return _("lost in round %(number)s") % {"number": round_.number}
    return _("lost in consolation round %(number)s") % {"number": round_.number}


def _knocked_out(
    rounds: list[KnockoutRound], matches_of: dict[int, list[KnockoutMatch]], plan: PlanView
) -> list[OutPair]:
    """The pairs at the free tables, in the order they went out: the losers of every closed round but the main
    first round (its losers play the consolation) and the finals (their losers are the runners-up)."""
    out = []
    closed = sorted((r for r in rounds if r.is_closed), key=lambda r: (r.closed_at, _round_order(r)))
    consolation = next((r for r in rounds if r.bracket == "consolation" and r.number == 1), None)
    playing = {pk for m in matches_of[consolation.pk] for pk in (m.ns_id, m.ew_id)} if consolation else set()
    for round_ in closed:
        to_consolation = round_.bracket == "main" and round_.number == 1 and bool(plan.consolation)
        if round_.is_final:
            continue
        for m in matches_of[round_.pk]:
            # A pair that withdrew has gone home; after main round 1 only an odd one out misses the consolation.
            if m.loser is None or m.best_loser or m.walkover or (to_consolation and m.loser.pk in playing):
                continue
            out.append(OutPair(m.loser, _went_out(round_)))
    return out


def _side(bracket: str, lines: list[PlanLine], rounds: dict, matches_of: dict) -> BracketSide:
    side, came_up = BracketSide(bracket, []), set[int]()
    for line in lines:
        round_ = rounds.get((bracket, line.number))
        column = BracketColumn(line, round_, matches_of.get(round_.pk, []) if round_ else [], came_up)
        side.columns.append(column)
        came_up = {m.loser.pk for m in column.matches if m.best_loser and m.loser is not None}
        if round_ is not None and round_.is_closed and round_.is_final and column.matches:
            final = column.matches[0]
            side.winner, side.runner_up = final.winner, final.loser
    return side


# --- the bracket drawn: boxes joined by lines -----------------------------------------------------------------
#
# Each round is drawn afresh at random, so the bracket is laid out backwards from its last drawn round: each
# match sits beside the two matches its pairs came from, and a pair that came up as best loser has a box of its
# own beside them (so a match never has more than two feeders, and the lines never cross). Rounds still to be
# drawn are boxes to come, fed in table order. Every box of column c spans 2**c units (a first-round match one),
# so every match sits exactly halfway between its two feeders.


@dataclass
class _Node:
    column: int
    match: KnockoutMatch | None = None  # None: a match still to be drawn
    children: list["_Node"] = field(default_factory=list)
    best_loser: KnockoutPair | None = None  # a best loser going up from this column into the next
    lost_in: KnockoutMatch | None = None
    stub: bool = False  # a best loser's box (known or still to come)
    start: int = 0
    end: int = 0


def _sources(column: int, match: KnockoutMatch, previous: list[KnockoutMatch], used: set[int]) -> list[_Node]:
    """Where the two pairs of a drawn match came from: the match each won, or the match a best loser lost."""
    where = {pair_id: m for m in previous for pair_id in (m.ns_id, m.ew_id)}
    children = []
    for pair in (match.ns, match.ew):
        source = where.get(pair.pk)
        if source is None:
            continue
        if source.winner_id is not None and source.winner_id != pair.pk:
            children.append(_Node(column - 1, best_loser=pair, lost_in=source, stub=True))
        elif source.pk not in used:
            used.add(source.pk)
            children.append(_Node(column - 1, source))
    return children


def _chart_nodes(side: BracketSide) -> list[_Node]:
    """The bracket's trees (one, unless the rounds were changed by hand), the last column's boxes at the roots."""
    columns = side.columns
    drawn = [i for i, column in enumerate(columns) if column.round is not None]
    last = drawn[-1] if drawn else -1
    by_column: list[list[_Node]] = [[] for _ in columns]
    orphans: list[_Node] = []
    if last >= 0:
        by_column[last] = [_Node(last, m) for m in columns[last].matches]
    for c in range(last, 0, -1):
        used: set[int] = set()
        for node in by_column[c]:
            if node.match is not None:
                node.children = _sources(c, node.match, columns[c - 1].matches, used)
            by_column[c - 1] += [child for child in node.children if not child.stub]
        orphans += [_Node(c - 1, m) for m in columns[c - 1].matches if m.pk not in used]
    for c in range(last + 1, len(columns)):
        if c == 0:
            by_column[0] = [_Node(0) for _ in range(columns[0].plan.tables)]
            continue
        line = columns[c].plan
        sources = by_column[c - 1] + [_Node(c - 1, stub=True) for _ in range(line.best_losers_in)]
        by_column[c] = [_Node(c, children=sources[2 * j : 2 * j + 2]) for j in range(line.tables)]
    return (by_column[-1] if by_column else []) + orphans


def _place(node: _Node, start: int) -> int:
    """Give the node its units from `start`; returns where the next one starts."""
    if node.children:
        end = start
        for child in node.children:
            end = _place(child, end)
    else:
        end = start + 2**node.column
    node.start, node.end = start, end
    return end


def _chart_pair(pair: KnockoutPair, total: int | None, m: KnockoutMatch, came_up: set[int]) -> printed.ChartPair:
    return printed.ChartPair(
        name=pair.name,
        total=total,
        won=m.winner_id == pair.pk,
        came_up=pair.pk in came_up,
        went_up=m.best_loser and m.winner_id is not None and m.winner_id != pair.pk,
    )


class _Where(TypedDict):
    """Where a box sits in the chart: its column and the units it spans."""

    column: int
    start: int
    end: int


def _chart_box(node: _Node, side: BracketSide) -> printed.ChartBox:
    where = _Where(column=node.column, start=node.start, end=node.end)
    if node.stub:
        if node.best_loser is None or node.lost_in is None:
            return printed.ChartBox(kind="best_loser_to_come", **where)
        return printed.ChartBox(
            kind="best_loser", pair=node.best_loser.name, lost_by=node.lost_in.margin, table=node.lost_in.table,
            **where,
        )  # fmt: skip
    m = node.match
    if m is None:
        return printed.ChartBox(kind="to_come", **where)
    came_up = side.columns[node.column].came_up
    return printed.ChartBox(
        kind="match", table=m.table, status=m.status, note=status_words(m),
        pairs=(
            _chart_pair(m.ns, None if m.walkover else m.ns_total, m, came_up),
            _chart_pair(m.ew, None if m.walkover else m.ew_total, m, came_up),
        ),
        **where,
    )  # fmt: skip


def _chart_side(side: BracketSide) -> printed.ChartSide:
    roots = _chart_nodes(side)
    end = 0
    for root in roots:
        end = _place(root, end)
    boxes, joins = [], []
    todo = list(roots)
    while todo:
        node = todo.pop(0)
        boxes.append(_chart_box(node, side))
        for child in node.children:
            joins.append(
                printed.ChartJoin(
                    column=node.column, child=child.start + child.end, parent=node.start + node.end,
                    best_loser=child.stub,
                )
            )  # fmt: skip
        todo += node.children
    boxes.sort(key=lambda box: (box.column, box.start))
    final = roots[0] if roots else None
    columns = [
        printed.ChartColumn(
            stage=column.plan.stage, tables=column.plan.tables, who=column.plan.who, number=column.plan.number,
            drawn=column.round is not None,
        )
        for column in side.columns
    ]  # fmt: skip
    return printed.ChartSide(
        bracket=side.bracket,
        title=side.title,
        columns=columns,
        boxes=boxes,
        joins=joins,
        units=end,
        final_start=final.start if final else 0,
        final_end=final.end if final else end,
        # Halves only where each holds two rounds or more (up to the semi-finals).
        half=final.children[0].end if final and len(final.children) == 2 and len(columns) >= 3 else 0,
        winner=side.winner.name if side.winner else "",
        runner_up=side.runner_up.name if side.runner_up else "",
    )


def bracket_chart(knockout: Knockout, plan: PlanView, sides: list[BracketSide]) -> printed.BracketChart:
    """The bracket as boxes and lines, for the page and the wall chart (no query of its own)."""
    return printed.BracketChart(
        name=knockout.name,
        date=knockout.date,
        sides=[_chart_side(side) for side in sides if side.columns],
        note=plan.problem or plan.note or "",
    )


def _named(matches: list[KnockoutMatch], knockout_id: int, where: Where) -> dict[int, tuple[str, str, str]]:
    """The pairs named as `where` prints them (presentation/names.py): the matches' pairs as read are renamed in
    place (read only for this view, never saved). Returns the names in full of those renamed, by pair, for what
    the same print hands to the table (the score pads)."""
    names, players = knockout_pair_names(knockout_id, where)
    full: dict[int, tuple[str, str, str]] = {}
    renamed: set[int] = set()  # the instances renamed already (a match's winner may be its ns or ew itself)
    for m in matches:
        for pair in (m.ns, m.ew, m.winner):
            if pair is None or pair.pk not in names or id(pair) in renamed:
                continue
            renamed.add(id(pair))
            name, a, b = full.setdefault(pair.pk, (pair.name, pair.player_a, pair.player_b))
            pair.name, pair.player_a, pair.player_b = names[pair.pk], players(a), players(b)
    return full


def bracket_view(knockout: CountedKnockout, where: Where = Where.DIRECTOR_PAGES) -> BracketView:
    """Both brackets round by round, with every match: two queries after the event itself (three where a
    player is named as they chose: `where`, presentation/names.py)."""
    plan = plan_view(knockout.pair_count)
    rounds = knockout_rounds(knockout)
    matches_of: dict[int, list[KnockoutMatch]] = defaultdict(list)
    matches = list(
        KnockoutMatch.objects.filter(round__knockout=knockout).select_related("ns", "ew", "winner").order_by("table")
    )
    full = _named(matches, knockout.pk, where) if where.form is Form.CHOSEN else {}
    for m in matches:
        matches_of[m.round_id].append(m)
    by_key = {(r.bracket, r.number): r for r in rounds}
    if ("consolation", 1) in by_key:
        plan = with_consolation(plan, by_key["consolation", 1].tables)
    sides = [_side("main", plan.main, by_key, matches_of)]
    if plan.consolation:
        sides.append(_side("consolation", plan.consolation, by_key, matches_of))
    out = _knocked_out(rounds, matches_of, plan)
    return BracketView(knockout, plan, sides, out, bracket_chart(knockout, plan, sides), rounds, full)

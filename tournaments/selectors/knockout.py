"""Reads for the knockout pages: each a fixed number of queries, whatever the tables or rounds played.

The pad of a match is replayed by the rubber engine from its deals (nothing scored is stored but the two
totals), and the plan and best losers come from the knockout engine: these functions only gather the rows.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias, TypedDict

from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from tournaments import l10n
from tournaments.models import Knockout, KnockoutDeal, KnockoutMatch, KnockoutPair, KnockoutRound
from tournaments.models.knockout import DEALS_PER_MATCH
from tournaments.printing import knockout as printed
from tournaments.rules import knockout as knockout_rules
from tournaments.rules import rubber
from tournaments.selectors.clubs import of_my_clubs

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class _PairCount(TypedDict):
    pair_count: int


# A knockout as knockout_get reads it: with its number of pairs.
CountedKnockout: TypeAlias = "WithAnnotations[Knockout, _PairCount]"

BRACKETS = ("main", "consolation")
SIDE_WORDS = {"NS": gettext_lazy("North–South"), "EW": gettext_lazy("East–West")}
SIDE_SHORT = {"NS": gettext_lazy("N–S"), "EW": gettext_lazy("E–W")}
SEAT_WORDS = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
}
VULNERABLE_WORDS = {
    "none": gettext_lazy("neither side"),
    "NS": gettext_lazy("North–South"),
    "EW": gettext_lazy("East–West"),
    "both": gettext_lazy("both sides"),
}
# A seat's letter as shown (the data keeps N, E, S, W): N E S O in French, N O S W in German, N O Z W in Dutch.
SEAT_LETTERS = {
    "N": pgettext_lazy("seat", "N"),
    "E": pgettext_lazy("seat", "E"),
    "S": pgettext_lazy("seat", "S"),
    "W": pgettext_lazy("seat", "W"),
}
# The rubber engine's labels of its entries (data), as the pad shows them.
ENTRY_WORDS = {
    "slam": gettext_lazy("slam"),
    "honours": gettext_lazy("honours"),
    "unfinished rubber: a game": gettext_lazy("unfinished rubber: a game"),
    "unfinished rubber: part score": gettext_lazy("unfinished rubber: part score"),
}


def seat_letter(seat: str) -> str:
    return str(SEAT_LETTERS.get(seat, seat or ""))


def entry_words(label: str) -> str:
    """An entry's label in the page's language ("slam" -> "chelem")."""
    return str(ENTRY_WORDS[label]) if label in ENTRY_WORDS else l10n.say(label)


# --- the event ------------------------------------------------------------------------------------------------


def knockout_list(club):
    closed = Q(rounds__status=KnockoutRound.Status.CLOSED)
    return (
        Knockout.objects.filter(club=club)
        .for_list()
        .annotate(pair_count=Count("pairs", distinct=True), rounds_closed=Count("rounds", filter=closed, distinct=True))
    )


def knockout_get(knockout_id: int, *, user) -> CountedKnockout:
    """The event, if of one of the director's clubs, with its number of pairs (`pair_count`) and its club (the
    language and paper of its printed matter): one query."""
    knockouts = of_my_clubs(Knockout.objects.select_related("club"), user).annotate(pair_count=Count("pairs"))
    return get_object_or_404(knockouts, pk=knockout_id)


def knockout_pairs(knockout: Knockout) -> list[KnockoutPair]:
    return list(knockout.pairs.order_by("id"))


def _stage(tables: int, number: int) -> str:
    if tables == 1:
        return _("Final")
    if tables == 2:
        return _("Semi-final")
    return _("Round %(number)s") % {"number": number}


@dataclass(frozen=True)
class PlanLine:
    bracket: str
    number: int
    stage: str
    tables: int
    pairs: int
    best_losers_in: int
    best_losers_out: int
    who: str  # who plays, in plain words

    @property
    def goes_on(self) -> str:
        """Who this round sends on, in plain words."""
        if self.tables == 1:
            return _("its winner wins the knockout") if self.bracket == "main" else _("its winner wins the consolation")
        if self.best_losers_out:
            count = self.best_losers_out
            words = ngettext(
                "the winners and the best loser go on", "the winners and the %(count)s best losers go on", count
            )
            return words % {"count": count}
        return _("the winners go on")


@dataclass
class PlanView:
    pairs: int
    tables: int | None
    problem: str | None  # why no plan can be made yet
    note: str | None  # the plan goes beyond the Four Aces' advice
    main: list[PlanLine] = field(default_factory=list)
    consolation: list[PlanLine] = field(default_factory=list)

    @property
    def lines(self) -> list[PlanLine]:
        return self.main + self.consolation


def _who(plan: dict, bracket: str, index: int) -> str:
    rounds = plan[bracket]
    current = rounds[index]
    if index > 0:
        winners, count = rounds[index - 1].tables, current.best_losers_in
        if not count:
            return ngettext("the winner", "the %(winners)s winners", winners) % {"winners": winners}
        words = ngettext(
            "the %(winners)s winners and the best loser", "the %(winners)s winners and the %(count)s best losers", count
        )
        return words % {"winners": winners, "count": count}
    if bracket == "main":
        return _("all %(pairs)s pairs") % {"pairs": current.pairs}
    if plan["main"][0].best_losers_out:
        return _("the %(pairs)s first-round losers who did not go up as best loser") % {"pairs": current.pairs}
    return _("the %(pairs)s first-round losers") % {"pairs": current.pairs}


def plan_view(pair_count: int) -> PlanView:
    """The evening's plan for this many pairs, in plain words; a problem instead while the numbers do not fit."""
    try:
        tables = knockout_rules.tables_for_pairs(pair_count)
    except ValueError as error:
        text = l10n.say(error)
        return PlanView(pair_count, None, f"{text[:1].upper()}{text[1:]}{'' if text.endswith('.') else '.'}", None)
    plan = knockout_rules.plan_rounds(tables)
    advice = knockout_rules.advice_note(tables)
    view = PlanView(pair_count, tables, None, l10n.say(advice) if advice else None)
    for bracket in BRACKETS:
        lines = [
            PlanLine(
                bracket, r.number, _stage(r.tables, r.number), r.tables, r.pairs, r.best_losers_in,
                r.best_losers_out, _who(plan, bracket, i),
            )
            for i, r in enumerate(plan[bracket])
        ]  # fmt: skip
        setattr(view, bracket, lines)
    return view


# --- rounds ---------------------------------------------------------------------------------------------------


def _round_order(round_: KnockoutRound) -> tuple[int, int]:
    return BRACKETS.index(round_.bracket), round_.number


def knockout_rounds(knockout: Knockout) -> list[KnockoutRound]:
    """Main rounds first, then the consolation: one query."""
    return sorted(knockout.rounds.all(), key=_round_order)


def round_get(knockout: Knockout, bracket: str, number: int) -> KnockoutRound:
    if bracket not in BRACKETS:
        raise Http404(_("No such bracket."))
    return get_object_or_404(
        KnockoutRound.objects.select_related("knockout"), knockout=knockout, bracket=bracket, number=number
    )


def round_matches(round_: KnockoutRound) -> list[KnockoutMatch]:
    return list(round_.matches.select_related("ns", "ew", "winner").order_by("table"))


def close_problems(matches: list[KnockoutMatch]) -> list[str]:
    """What keeps a round from closing, table by table; [] when every match is decided."""
    problems = []
    for m in matches:
        figures = {"table": m.table, "ns": m.ns.name, "ew": m.ew.name}
        if not m.started:
            problems.append(_("Table %(table)s (%(ns)s v %(ew)s) has no result yet.") % figures)
        elif not m.finished and m.entry == KnockoutMatch.Entry.TOTALS:
            problems.append(
                _("Table %(table)s (%(ns)s v %(ew)s) tied at %(total)s and plays one more deal: enter the two totals "
                  "after it.") % {**figures, "total": l10n.number(m.ns_total)}
            )  # fmt: skip
        elif not m.finished:
            words = ngettext(
                "Table %(table)s (%(ns)s v %(ew)s) is still playing: %(played)s of %(allowed)s deal in.",
                "Table %(table)s (%(ns)s v %(ew)s) is still playing: %(played)s of %(allowed)s deals in.",
                m.deals_allowed,
            )
            problems.append(words % {**figures, "played": m.deals_played, "allowed": m.deals_allowed})
        elif m.winner_id is None:
            problems.append(
                _("Table %(table)s (%(ns)s v %(ew)s) is tied at %(total)s: decide it first, by a cut or one more "
                  "deal.") % {**figures, "total": l10n.number(m.ns_total)}
            )  # fmt: skip
    return problems


def status_words(m: KnockoutMatch) -> str:
    """How a match stands, in a few words: for the tiles, the bracket and the prints."""
    if not m.started:
        return _("not started")
    if not m.finished and m.entry == KnockoutMatch.Entry.TOTALS:
        # The totals tied and the director chose one more deal: no deal is on the pad, the new totals are to come.
        return _("one more deal")
    if not m.finished:
        words = ngettext("%(played)s of %(allowed)s deal in", "%(played)s of %(allowed)s deals in", m.deals_allowed)
        return words % {"played": m.deals_played, "allowed": m.deals_allowed}
    if m.winner_id is None:
        return _("tied: to decide")
    if m.decision == KnockoutMatch.Decision.CUT:
        return _("won on a cut")
    if m.decision == KnockoutMatch.Decision.DEAL:
        return _("margin %(margin)s, after one more deal") % {"margin": l10n.number(m.margin)}
    return _("margin %(margin)s") % {"margin": l10n.number(m.margin)}


def round_outcome(round_: KnockoutRound, matches: list[KnockoutMatch], cut: list[str] | None = None):
    """The knockout engine's reading of a round whose matches are all decided (raises ValueError otherwise).

    A closed round is read again from its kept seed, or from the pairs the director put through.
    """
    rows = []
    for m in matches:
        # The callers read only a round whose matches are all finished (close_problems), and a finished match has
        # both totals: every write of a match's result sets them with it.
        assert m.ns_total is not None and m.ew_total is not None, f"table {m.table} is finished without its totals"
        rows.append((m.ns.name, m.ns_total, m.ew.name, m.ew_total))
    decided = [m.winner.name for m in matches if m.ns_total == m.ew_total and m.winner is not None]
    if cut is None and round_.cut.get("by_director"):
        cut = round_.cut["drawn"]
    return knockout_rules.advance_detail(rows, round_.places, round_.cut_seed, decided=decided, cut=cut)


@dataclass
class RoundView:
    round: KnockoutRound
    matches: list[KnockoutMatch]
    problems: list[str]
    outcome: knockout_rules.Advance | None = None
    outcome_error: str = ""
    entrants: list[KnockoutPair] = field(default_factory=list)

    @property
    def started(self) -> bool:
        return any(m.started for m in self.matches)

    @property
    def tiles(self) -> list[tuple[KnockoutMatch, str]]:
        """Each match with how it stands, in words."""
        return [(m, status_words(m)) for m in self.matches]

    @property
    def live(self) -> bool:
        """The round page polls for new scores, except while the director may be ticking pairs for the cut."""
        return not (not self.round.is_closed and not self.problems and self.outcome and self.cut_among)

    @property
    def done(self) -> int:
        return sum(1 for m in self.matches if m.finished and m.winner_id is not None)

    @property
    def cut_among(self) -> list[KnockoutPair]:
        """The tied losers a best-loser cut chose among (the director may put others of them through)."""
        if self.outcome is None or self.outcome.cut is None:
            return []
        by_name = {pair.name: pair for pair in self.entrants}
        return [by_name[name] for name in self.outcome.cut.among]

    @property
    def to_consolation(self) -> bool:
        """Main first-round losers play the consolation (there is none after a one-table first round)."""
        return self.round.bracket == "main" and self.round.number == 1 and self.round.tables >= 2

    @property
    def qualified_label(self) -> str:
        if self.round.is_final:
            if self.round.bracket == "main":
                return _("Winner of the knockout")
            return _("Winner of the consolation tournament")
        return _("Go on to the next round")

    @property
    def others_label(self) -> str:
        if self.round.is_final:
            return _("Runner-up")
        if self.to_consolation:
            return _("To the consolation tournament")
        return _("Knocked out: free tables, playing rubber bridge")

    @property
    def cut_drawn(self) -> list[str]:
        return list(self.outcome.cut.drawn) if self.outcome and self.outcome.cut else []


def round_view(round_: KnockoutRound) -> RoundView:
    """The round with its matches and what closing it does (or did): one query."""
    matches = round_matches(round_)
    view = RoundView(round_, matches, close_problems(matches))
    view.entrants = sorted((pair for m in matches for pair in (m.ns, m.ew)), key=lambda pair: pair.name.casefold())
    if matches and not view.problems:
        try:
            view.outcome = round_outcome(round_, matches)
        except ValueError as error:
            view.outcome_error = l10n.say(error)
    return view


# --- a match's score pad --------------------------------------------------------------------------------------


def match_get(round_: KnockoutRound, table: int) -> KnockoutMatch:
    return get_object_or_404(KnockoutMatch.objects.select_related("ns", "ew", "winner"), round=round_, table=table)


def _vulnerability(pad: rubber.RubberPad) -> str:
    ns, ew = pad.vulnerable("NS"), pad.vulnerable("EW")
    if ns and ew:
        return "both"
    if ns or ew:
        return "NS" if ns else "EW"
    return "none"


def seat_names(match: KnockoutMatch) -> dict[str, str]:
    """Who sits where: the pair's first player North (or East), the second South (or West)."""
    return {"N": match.ns.player_a, "S": match.ns.player_b, "E": match.ew.player_a, "W": match.ew.player_b}


def honours_words(code: str) -> str:
    """The pad's honours code in words: "NS100" -> "honours 100 to North–South"; "" for none."""
    side, points = (code or "")[:2].upper(), (code or "")[2:]
    if side not in SIDE_WORDS or not points.isdigit():
        return code or ""
    return _("honours %(points)s to %(side)s") % {"points": points, "side": SIDE_WORDS[side]}


@dataclass(frozen=True)
class PadRow:
    number: int
    contract: str
    declarer: str
    player: str
    tricks: int
    honours: str
    vulnerable: str  # before the deal: "none", "NS", "EW", "both"
    ns_above: int
    ns_below: int
    ew_above: int
    ew_below: int
    ns_running: int
    ew_running: int
    notes: tuple[str, ...]
    extra: bool  # a deal beyond eight, to break a tie

    @property
    def passed(self) -> bool:
        return self.contract == "PASS"

    @property
    def vulnerable_words(self) -> str:
        return str(VULNERABLE_WORDS[self.vulnerable])

    @property
    def honours_words(self) -> str:
        """ "honours 100 to North–South" for "NS100"; "" for none."""
        return honours_words(self.honours)


@dataclass
class PadView:
    rows: list[PadRow]
    finish: list[rubber.Entry]  # the unfinished-rubber bonuses, once the last deal is in
    ns_total: int
    ew_total: int
    rubbers_finished: int
    games: dict[str, int]
    part: dict[str, int]
    next_number: int | None  # the deal to enter next; None when all are in
    next_vulnerable: str

    @property
    def next_breaks_a_tie(self) -> bool:
        return self.next_number is not None and self.next_number > DEALS_PER_MATCH

    @property
    def next_vulnerable_words(self) -> str:
        return str(VULNERABLE_WORDS[self.next_vulnerable])

    @property
    def standing(self) -> str:
        """Where the rubber in progress stands, in plain words."""
        words = []
        for side in ("NS", "EW"):
            if self.games[side]:
                words.append(_("%(side)s have a game") % {"side": SIDE_WORDS[side]})
            if self.part[side]:
                points = l10n.number(self.part[side])
                words.append(
                    _("%(side)s have %(points)s below the line") % {"side": SIDE_WORDS[side], "points": points}
                )
        return "; ".join(words) or _("a fresh rubber: nobody vulnerable, no part score")

    @property
    def finish_words(self) -> list[str]:
        """The unfinished-rubber bonuses in words: "E–W unfinished rubber: a game 300"."""
        return [
            _("%(side)s %(label)s %(points)s")
            % {"side": SIDE_SHORT.get(e.side, e.side), "label": entry_words(e.label), "points": l10n.number(e.points)}
            for e in self.finish
        ]

    @property
    def finish_ns(self) -> int:
        return sum(e.points for e in self.finish if e.side == "NS")

    @property
    def finish_ew(self) -> int:
        return sum(e.points for e in self.finish if e.side == "EW")


def _side_points(record: rubber.DealRecord, side: str, below: bool) -> int:
    return sum(e.points for e in record.entries if e.side == side and e.below == below)


def _notes(record: rubber.DealRecord) -> tuple[str, ...]:
    notes = [
        _("%(label)s %(points)s") % {"label": entry_words(e.label), "points": l10n.number(e.points)}
        for e in record.entries
        if not e.below and e.label in ("slam", "honours")
    ]
    if record.game_won_by:
        notes.append(_("game to %(side)s") % {"side": SIDE_WORDS[record.game_won_by]})
    if record.rubber_won_by:
        bonus = next(e.points for e in record.entries if e.label == "rubber")
        notes.append(
            _("rubber to %(side)s (%(bonus)s)")
            % {"side": SIDE_WORDS[record.rubber_won_by], "bonus": l10n.signed(bonus)}
        )
    return tuple(notes)


def pad_view(match: KnockoutMatch, deals: list[KnockoutDeal], rules: str) -> PadView:
    """The match's pad replayed deal by deal: above and below the line, vulnerability, games and rubbers."""
    pad, rows, names = rubber.RubberPad(rules), [], seat_names(match)
    for deal in deals:
        vulnerable = _vulnerability(pad)
        record = pad.play(deal.contract, deal.declarer, deal.tricks, deal.honours)
        rows.append(
            PadRow(
                deal.number, record.contract, record.declarer, names.get(record.declarer, ""), record.tricks,
                deal.honours, vulnerable,
                _side_points(record, "NS", False), _side_points(record, "NS", True),
                _side_points(record, "EW", False), _side_points(record, "EW", True),
                pad.totals["NS"], pad.totals["EW"], _notes(record), deal.number > DEALS_PER_MATCH,
            )
        )  # fmt: skip
    if match.entry == KnockoutMatch.Entry.DEALS and len(deals) >= match.deals_allowed:
        pad.finish(unfinished_bonus=True)
    # Over the two totals the pad can still be started, from deal 1 (its deals replace the totals).
    more = len(deals) < match.deals_allowed
    return PadView(
        rows=rows,
        finish=list(pad.finish_entries),
        ns_total=pad.totals["NS"],
        ew_total=pad.totals["EW"],
        rubbers_finished=pad.rubbers_finished,
        games=dict(pad.games),
        part=dict(pad.part),
        next_number=len(deals) + 1 if more else None,
        next_vulnerable=_vulnerability(pad),
    )


def match_pad(match: KnockoutMatch, rules: str) -> PadView:
    """One query: the match's deals."""
    return pad_view(match, list(match.deals.order_by("number")), rules)


# --- the bracket ----------------------------------------------------------------------------------------------


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
    for round_ in closed:
        to_consolation = round_.bracket == "main" and round_.number == 1 and bool(plan.consolation)
        if to_consolation or round_.is_final:
            continue
        for m in matches_of[round_.pk]:
            if m.loser is not None and not m.best_loser:
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
        pairs=(_chart_pair(m.ns, m.ns_total, m, came_up), _chart_pair(m.ew, m.ew_total, m, came_up)),
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


def bracket_view(knockout: CountedKnockout) -> BracketView:
    """Both brackets round by round, with every match: two queries after the event itself."""
    plan = plan_view(knockout.pair_count)
    rounds = knockout_rounds(knockout)
    matches_of: dict[int, list[KnockoutMatch]] = defaultdict(list)
    for m in (
        KnockoutMatch.objects.filter(round__knockout=knockout).select_related("ns", "ew", "winner").order_by("table")
    ):
        matches_of[m.round_id].append(m)
    by_key = {(r.bracket, r.number): r for r in rounds}
    sides = [_side("main", plan.main, by_key, matches_of)]
    if plan.consolation:
        sides.append(_side("consolation", plan.consolation, by_key, matches_of))
    out = _knocked_out(rounds, matches_of, plan)
    return BracketView(knockout, plan, sides, out, bracket_chart(knockout, plan, sides), rounds)


# --- printed matter -------------------------------------------------------------------------------------------


def _printed_match(
    round_: KnockoutRound, m: KnockoutMatch, deals: list[KnockoutDeal], rules: str
) -> printed.MatchSheet:
    pad = pad_view(m, deals, rules) if m.entry == KnockoutMatch.Entry.DEALS else None
    lines = [
        printed.PadLine(
            r.number, r.contract, r.declarer, r.tricks, r.honours, r.vulnerable,
            r.ns_above, r.ns_below, r.ew_above, r.ew_below, r.ns_running, r.ew_running, "; ".join(r.notes),
        )
        for r in (pad.rows if pad else [])
    ]  # fmt: skip
    decided = {"cut": _("a cut"), "deal": _("one more deal")}.get(m.decision, "") if m.winner_id else ""
    return printed.MatchSheet(
        round_title=round_.title,
        table=m.table,
        ns=m.ns.name,
        ew=m.ew.name,
        seats=seat_names(m),
        deals_allowed=m.deals_allowed,
        lines=lines,
        finish_ns=pad.finish_ns if pad else None,
        finish_ew=pad.finish_ew if pad else None,
        ns_total=m.ns_total if m.started else None,
        ew_total=m.ew_total if m.started else None,
        finished=m.finished,
        winner=m.winner.name if m.winner is not None else "",
        margin=m.margin,
        decided_by=decided,
        best_loser=m.best_loser,
        entry=m.entry,
        progress=status_words(m),
    )


def knockout_book(knockout: CountedKnockout, only: KnockoutRound | None = None) -> printed.KnockoutBook:
    """Everything the bracket PDF and the results workbook print (or one round's draw and pads): three queries."""
    view = bracket_view(knockout)
    deals_of: dict[int, list[KnockoutDeal]] = defaultdict(list)
    deals = KnockoutDeal.objects.filter(match__round__knockout=knockout).order_by("match_id", "number")
    if only is not None:
        deals = deals.filter(match__round=only)
    for deal in deals:
        deals_of[deal.match_id].append(deal)
    rounds = []
    for side in view.sides:
        for column in side.columns:
            if column.round is None or (only is not None and column.round.pk != only.pk):
                continue
            round_ = column.round
            rounds.append(
                printed.DrawRound(
                    title=round_.title,
                    bracket=round_.bracket,
                    number=round_.number,
                    closed=round_.is_closed,
                    arranged=round_.arranged,
                    draw_seed=round_.draw_seed,
                    matches=[_printed_match(round_, m, deals_of[m.pk], knockout.rules) for m in column.matches],
                    cut_note=_cut_note(round_.cut),
                )
            )
    return printed.KnockoutBook(
        name=knockout.name,
        date=knockout.date,
        plan=[printed.PlanRow(line.bracket, line.stage, line.tables, line.who) for line in view.plan.lines],
        plan_note=view.plan.note or view.plan.problem or "",
        rounds=rounds,
        winners={side.bracket: side.winner.name for side in view.sides if side.winner},
        runners_up={side.bracket: side.runner_up.name for side in view.sides if side.runner_up},
        free=[printed.FreePair(o.pair.name, o.how) for o in view.out],
    )


def _cut_note(cut: dict) -> str:
    if not cut:
        return ""
    figures = {"among": ", ".join(cut["among"]), "margin": l10n.number(cut["margin"]), "drawn": ", ".join(cut["drawn"])}
    if cut.get("by_director"):
        return _("%(among)s lost by %(margin)s: the director put through %(drawn)s.") % figures
    return _("%(among)s lost by %(margin)s: a cut put through %(drawn)s.") % figures

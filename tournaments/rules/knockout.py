"""The rubber bridge knockout: bracket plans and best losers (docs/rules/rubber-knockout.md).

The Four Aces give plans for five to eight tables. The rule behind them, which this module
applies to any number of tables:
- The winners of a round go on; the next round needs an even number of pairs, so when a round
  leaves an odd number of winners the best loser (the loser by the smallest margin) joins them.
  A bracket so goes from `n` tables to `ceil(n / 2)` until a one-table final.
- The first-round losers who do not go up that way form the consolation tournament, which
  follows the same rule. With `t` first-round tables that is `t // 2` tables (none for one table).
- Pairs knocked out later play ordinary rubber bridge; this module only names them.

Choices made where the rules are silent:
- `plan` and `plan_rounds` work for any number of tables from one; `within_advice` and
  `advice_note` tell the UI when the plan goes beyond the Four Aces' five to eight tables.
- `places` (how many pairs a round sends on) must be even so the next round fills whole tables,
  or 1 for a one-match final (its winner wins the bracket).
- `qualified` lists the winners in match order, then the best losers by smallest margin;
  `others` lists the remaining losers by smallest margin. Equal margins keep match order.
- A tie for the last best-loser place is cut with `random.Random(seed)`, so the same seed gives
  the same cut; the director may override it by naming the pairs to put through (`cut=`).
- A tied match is never guessed: it raises ValueError until the director decides it, either by
  new totals (one more deal) or by naming its winner in `decided=` (a cut). A match decided by a
  cut has a margin of 0, so its loser is the first candidate for best loser.
"""

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tournaments.rules.errors import RuleError, Words, joined, plural_words, words

BRACKETS = ("main", "consolation")
# The Four Aces describe five to eight tables, and warn that more makes the evening run too long.
ADVISED_TABLES = range(5, 9)


def check_tables(tables: int) -> int:
    if isinstance(tables, bool) or not isinstance(tables, int):
        raise RuleError("the number of tables must be a whole number, not %(tables)r", tables=tables)
    if tables < 1:
        raise RuleError("a knockout needs at least one table (two pairs), not %(tables)s", tables=tables)
    return tables


def tables_for_pairs(pairs: int) -> int:
    """The first round's tables for a number of pairs (every pair plays, so it must be even)."""
    if isinstance(pairs, bool) or not isinstance(pairs, int):
        raise RuleError("the number of pairs must be a whole number, not %(pairs)r", pairs=pairs)
    if pairs < 2:
        raise RuleError("a knockout needs at least two pairs, not %(pairs)s", pairs=pairs)
    if pairs % 2:
        raise RuleError("%(pairs)s pairs cannot fill whole tables: one more pair is needed, or one fewer", pairs=pairs)
    return pairs // 2


def within_advice(tables: int) -> bool:
    """True for five to eight tables, the plans the Four Aces give themselves."""
    return check_tables(tables) in ADVISED_TABLES


def advice_note(tables: int) -> Words | None:
    """What the UI should say outside five to eight tables; None within them. Only more than eight
    goes against the Four Aces' advice; fewer than five is simply not described."""
    tables = check_tables(tables)
    if tables > ADVISED_TABLES[-1]:
        return words(
            "%(tables)s tables goes beyond the Four Aces' advice: they advise no more than eight, "
            "or the evening runs too long. The plan follows their rule all the same.",
            tables=tables,
        )
    if tables < ADVISED_TABLES[0]:
        # Not described by the source, but not against its advice either (docs/rules/rubber-knockout.md).
        return words(
            "The Four Aces describe five to eight tables; for %(tables)s the plan follows their general rule: "
            "each round needs an even number of pairs, and the best loser joins an odd number of winners.",
            tables=tables,
        )
    return None


@dataclass(frozen=True)
class RoundPlan:
    bracket: str  # "main" or "consolation"
    number: int  # 1 for the bracket's first round
    tables: int
    best_losers_in: int  # best losers of the bracket's previous round who play in this one
    places: int  # pairs this round sends on; 1 for the final, whose winner wins the bracket

    @property
    def pairs(self) -> int:
        return 2 * self.tables

    @property
    def final(self) -> bool:
        return self.tables == 1

    @property
    def best_losers_out(self) -> int:
        """How many of this round's losers go on with the winners."""
        return self.places - self.tables


def _places(tables: int) -> int:
    # Every winner goes on; an odd number of winners takes the best loser to make it even.
    return 1 if tables == 1 else tables + tables % 2


def _bracket(name: str, tables: int) -> list[RoundPlan]:
    rounds: list[RoundPlan] = []
    best_losers_in = 0
    while tables:
        places = _places(tables)
        rounds.append(RoundPlan(name, len(rounds) + 1, tables, best_losers_in, places))
        best_losers_in = places - tables
        tables = 0 if tables == 1 else places // 2
    return rounds


def bracket_rounds(name: str, tables: int) -> list[RoundPlan]:
    """One bracket's rounds from its first round's tables (none for 0 tables)."""
    if name not in BRACKETS:
        raise RuleError("a bracket is 'main' or 'consolation', not %(name)r", name=name)
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 0:
        raise RuleError("the number of tables must be a whole number, 0 or more, not %(tables)r", tables=tables)
    return _bracket(name, tables)


def plan_rounds(tables: int) -> dict[str, list[RoundPlan]]:
    """Both brackets round by round; the consolation is empty when no pair is left for it."""
    tables = check_tables(tables)
    # The first-round losers not taken up as best loser: one fewer than the tables when odd.
    return {"main": _bracket("main", tables), "consolation": _bracket("consolation", tables // 2)}


def plan(tables: int) -> dict[str, list[int]]:
    """Tables per round: plan(7) == {"main": [7, 4, 2, 1], "consolation": [3, 2, 1]}."""
    return {name: [r.tables for r in rounds] for name, rounds in plan_rounds(tables).items()}


@dataclass(frozen=True)
class Result:
    match: int  # 1-based, in the order the matches were given
    winner: str
    winner_total: int
    loser: str
    loser_total: int
    decided: bool = False  # a tie the director decided by a cut
    walkover: bool = False  # the loser withdrew and conceded (rules/withdrawals.py): no margin

    @property
    def margin(self) -> int:
        return self.winner_total - self.loser_total


@dataclass(frozen=True)
class Loser:
    pair: str
    margin: int
    match: int


@dataclass(frozen=True)
class Cut:
    margin: int  # the margin the tied losers share
    among: tuple[str, ...]  # the tied losers, in match order
    places: int  # how many of them go on
    drawn: tuple[str, ...]  # those who go on, in match order
    by_director: bool  # the director named them instead of the software drawing


@dataclass
class Advance:
    results: list[Result]
    winners: list[str]
    best_losers: list[Loser]  # smallest margin first
    eliminated: list[Loser]  # smallest margin first; after the main first round, the consolation
    cut: Cut | None = None
    notes: list[Words] = field(default_factory=list)  # `tournaments.l10n.say` translates each
    withdrawn: list[str] = field(default_factory=list)  # pairs gone home: neither best losers nor others

    @property
    def qualified(self) -> list[str]:
        return self.winners + [loser.pair for loser in self.best_losers]

    @property
    def others(self) -> list[str]:
        return [loser.pair for loser in self.eliminated]

    @property
    def cut_needed(self) -> bool:
        return self.cut is not None


def _check_name(name: str, number: int) -> str:
    if not isinstance(name, str) or not name.strip():
        raise RuleError("match %(number)s: each pair needs a name, not %(name)r", number=number, name=name)
    return name


def _check_total(total: int, name: str, number: int) -> int:
    if isinstance(total, bool) or not isinstance(total, int) or total < 0:
        raise RuleError(
            "match %(number)s: %(name)s's total must be a whole number of points, 0 or more, not %(total)r",
            number=number,
            name=name,
            total=total,
        )
    return total


def _read_match(match: tuple[str, int, str, int], number: int) -> tuple[str, int, str, int]:
    if isinstance(match, (str, bytes)) or not isinstance(match, (tuple, list)) or len(match) != 4:
        raise RuleError(
            "match %(number)s must be (pair, total, pair, total), not %(match)r", number=number, match=match
        )
    a, b = _check_name(match[0], number), _check_name(match[2], number)
    return a, _check_total(match[1], a, number), b, _check_total(match[3], b, number)


def _read_matches(matches: Iterable[tuple[str, int, str, int]]) -> list[tuple[str, int, str, int]]:
    if isinstance(matches, (str, bytes)):
        raise RuleError("matches must be a list of (pair, total, pair, total)")
    try:
        matches = list(matches)
    except TypeError:
        raise RuleError("matches must be a list of (pair, total, pair, total)") from None
    if not matches:
        raise RuleError("a round needs at least one match")
    read = [_read_match(match, number) for number, match in enumerate(matches, start=1)]
    seen: set[str] = set()
    for a, _, b, _ in read:
        for name in (a, b):
            if name in seen:
                raise RuleError("%(name)s plays twice in the round", name=name)
            seen.add(name)
    return read


def _names(given: Iterable[str] | None, what: str) -> list[str]:
    if given is None:
        return []
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise RuleError("%(what)s must be a list of pair names, not %(given)r", what=what, given=given)
    names = list(given)
    if len(set(names)) != len(names):
        raise RuleError("%(what)s names a pair twice", what=what)
    return names


def _results(read: list[tuple[str, int, str, int]], decided: Iterable[str] | None) -> list[Result]:
    decided = set(_names(decided, "decided"))
    results: list[Result] = []
    undecided: list[Words] = []
    for number, (a, ta, b, tb) in enumerate(read, start=1):
        if ta != tb:
            if decided & {a, b}:
                raise RuleError(
                    "match %(number)s (%(a)s v %(b)s) is not tied: its totals decide it", number=number, a=a, b=b
                )
            winner, loser = (a, b) if ta > tb else (b, a)
            results.append(Result(number, winner, max(ta, tb), loser, min(ta, tb)))
        elif a in decided or b in decided:
            if a in decided and b in decided:
                raise RuleError(
                    "match %(number)s (%(a)s v %(b)s): name only its winner as decided", number=number, a=a, b=b
                )
            winner, loser = (a, b) if a in decided else (b, a)
            results.append(Result(number, winner, ta, loser, tb, decided=True))
        else:
            undecided.append(
                words("match %(number)s (%(a)s v %(b)s, %(total)s each)", number=number, a=a, b=b, total=ta)
            )
    if undecided:
        raise RuleError(
            "tied: %(matches)s. The director must decide each by a cut or one more deal.", matches=joined(undecided)
        )
    unknown = decided - {name for r in results for name in (r.winner, r.loser)}
    if unknown:
        raise RuleError("decided names pairs not in the round: %(pairs)s", pairs=", ".join(sorted(unknown)))
    return results


def _check_places(places: int, matches: int) -> int:
    if isinstance(places, bool) or not isinstance(places, int):
        raise RuleError("places must be a whole number of pairs, not %(places)r", places=places)
    if places < matches:
        raise RuleError(
            "%(places)s places are fewer than the %(matches)s winners: every winner goes on",
            places=places,
            matches=matches,
        )
    if places > 2 * matches:
        raise RuleError(
            "%(places)s places are more than the %(pairs)s pairs in the round", places=places, pairs=2 * matches
        )
    if places % 2 and not (matches == 1 and places == 1):
        raise RuleError(
            "%(places)s places would leave a pair without opponents: the next round needs an even number "
            "(only a final sends on one pair)",
            places=places,
        )
    return places


def _draw(
    tied: list[Loser], places: int, seed: int | str | None, cut: Sequence[str] | None
) -> tuple[list[Loser], bool]:
    """The tied losers who take the last places: named by the director, or cut by the software."""
    among = [loser.pair for loser in tied]
    if cut is not None:
        named = cut
        if len(named) != places or not set(named) <= set(among):
            # English writes "place(s)" either way; other languages choose their form by the count.
            raise RuleError.of(
                plural_words(
                    "the cut is for %(count)s place(s) among %(among)s: name exactly %(count)s of them",
                    "the cut is for %(count)s place(s) among %(among)s: name exactly %(count)s of them",
                    places,
                    among=", ".join(among),
                )
            )
        drawn = set(named)
    else:
        try:
            rng = random.Random(seed)
        except TypeError:
            raise RuleError("the seed must be a number or text, not %(seed)r", seed=seed) from None
        drawn = set(rng.sample(among, places))
    return [loser for loser in tied if loser.pair in drawn], cut is not None


def _best_losers(
    losers: list[Loser], wanted: int, seed: int | str | None, cut: Iterable[str] | None
) -> tuple[list[Loser], Cut | None]:
    cut = _names(cut, "cut") or None  # naming nobody is no override
    if wanted == 0:
        if cut is not None:
            raise RuleError("no best loser goes on in this round, so there is nothing to cut for")
        return [], None
    last = losers[wanted - 1].margin
    sure = [loser for loser in losers if loser.margin < last]
    tied = [loser for loser in losers if loser.margin == last]  # in match order: losers is sorted stably
    open_places = wanted - len(sure)
    if len(tied) == open_places:
        if cut is not None:
            raise RuleError(
                "no cut is needed: the best losers are clear (%(pairs)s)",
                pairs=", ".join(lo.pair for lo in sure + tied),
            )
        return sure + tied, None
    drawn, by_director = _draw(tied, open_places, seed, cut)
    record = Cut(last, tuple(lo.pair for lo in tied), open_places, tuple(lo.pair for lo in drawn), by_director)
    return sure + drawn, record


def advance_detail(
    matches: Iterable[tuple[str, int, str, int]],
    places: int,
    seed: int | str | None = None,
    *,
    decided: Iterable[str] | None = None,
    cut: Iterable[str] | None = None,
) -> Advance:
    """One round's results: the winners, the best losers who join them, and the pairs left out.

    matches: [(pair_a, total_a, pair_b, total_b), ...]; places: how many pairs go on.
    decided: winners of tied matches, as the director decided them by a cut.
    cut: the tied losers the director puts through, overriding the software's cut.
    """
    read = _read_matches(matches)
    results = _results(read, decided)
    places = _check_places(places, len(results))
    # Smallest margin first; sorted() is stable, so equal margins keep match order.
    losers = sorted((Loser(r.loser, r.margin, r.match) for r in results), key=lambda lo: lo.margin)
    best, record = _best_losers(losers, places - len(results), seed, cut)
    chosen = {loser.pair for loser in best}
    advance = Advance(
        results=results,
        winners=[r.winner for r in results],
        best_losers=best,
        eliminated=[loser for loser in losers if loser.pair not in chosen],
        cut=record,
    )
    if record is not None:
        among, drawn = ", ".join(record.among), ", ".join(record.drawn)
        if record.by_director:
            note = words(
                "%(among)s lost by %(margin)s: the director put through %(drawn)s",
                among=among,
                margin=record.margin,
                drawn=drawn,
            )
        else:
            note = words(
                "%(among)s lost by %(margin)s: a cut put through %(drawn)s",
                among=among,
                margin=record.margin,
                drawn=drawn,
            )
        advance.notes.append(note)
    return advance


def advance(
    matches: Iterable[tuple[str, int, str, int]],
    places: int,
    seed: int | str | None = None,
    *,
    decided: Iterable[str] | None = None,
    cut: Iterable[str] | None = None,
) -> tuple[list[str], list[str]]:
    """(qualified, others): the winners in match order and the best losers, then the rest."""
    detail = advance_detail(matches, places, seed, decided=decided, cut=cut)
    return detail.qualified, detail.others

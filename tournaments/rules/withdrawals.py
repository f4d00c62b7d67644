"""Pairs that must leave a rubber bridge knockout (docs/rules/rubber-knockout.md, "Withdrawals").

- During a round (before or during its match) a pair that leaves concedes: the other pair goes
  through by a walkover, recorded as such, with no margin. The pair gone is neither a best loser
  nor one of the others (the consolation or the free tables): a best-loser place passes to the
  loser by the next smallest margin.
- Between rounds (a pair already through leaves before the next draw) its place passes to the
  loser of that round by the next smallest margin, so the next round is still full.
- The consolation takes the first round's others as they come; an odd number would leave a pair
  without opponents, so the one who lost by the most plays at the free tables instead.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from tournaments.rules import knockout
from tournaments.rules.errors import RuleError, plural_words, words
from tournaments.rules.knockout import Advance, Loser, Result, RoundPlan


def _withdrawn(given: Iterable[str], read: list[tuple[str, int, str, int]]) -> set[str]:
    names = knockout._names(given, "withdrawn")
    if not names:
        raise RuleError("name the pair that withdrew")
    playing = {name for a, _, b, _ in read for name in (a, b)}
    for name in names:
        if name not in playing:
            raise RuleError("%(name)s is not in this round, so cannot withdraw from it", name=name)
    return set(names)


def _conceded(read: list[tuple[str, int, str, int]], gone: set[str]) -> list[tuple[str, int, str, int]]:
    """The matches with a walkover given totals that decide them, so the usual checks run on the rest."""
    return [(a, 0, b, 1) if a in gone else (a, 1, b, 0) if b in gone else (a, ta, b, tb) for a, ta, b, tb in read]


def advance_with_withdrawals(
    matches: Iterable[tuple[str, int, str, int]],
    places: int,
    seed: int | str | None = None,
    *,
    withdrawn: Iterable[str],
    decided: Iterable[str] | None = None,
    cut: Iterable[str] | None = None,
) -> Advance:
    """A round in which pairs withdrew: each concedes its match (the totals given for it are ignored).

    places: what the bracket's plan sends on, as for knockout.advance_detail. When both pairs of a
    match withdraw the match has no winner and a best loser takes its place too.
    """
    read = knockout._read_matches(matches)
    gone = _withdrawn(withdrawn, read)
    places = knockout._check_places(places, len(read))
    results = knockout._results(_conceded(read, gone), decided)
    played = [r for r in results if r.winner not in gone and r.loser not in gone]
    walkovers = [replace(r, winner_total=0, loser_total=0, walkover=True) for r in results if r.loser in gone]
    walkovers = [r for r in walkovers if r.winner not in gone]
    losers = sorted((Loser(r.loser, r.margin, r.match) for r in played), key=lambda lo: lo.margin)
    wanted = places - len(played) - len(walkovers)
    if wanted > len(losers):
        raise RuleError.of(
            plural_words(
                "%(places)s pairs should go on, but only %(count)s is left in the round",
                "%(places)s pairs should go on, but only %(count)s are left in the round",
                len(played) + len(walkovers) + len(losers),
                places=places,
            )
        )
    best, record = knockout._best_losers(losers, wanted, seed, cut)
    chosen = {loser.pair for loser in best}
    ordered = sorted(played + walkovers, key=lambda r: r.match)
    advance = Advance(
        results=ordered,
        winners=[r.winner for r in ordered],
        best_losers=best,
        eliminated=[loser for loser in losers if loser.pair not in chosen],
        cut=record,
        withdrawn=[name for a, _, b, _ in read for name in (a, b) if name in gone],
    )
    for r in walkovers:
        advance.notes.append(
            words("%(loser)s withdrew: %(winner)s go through by a walkover", loser=r.loser, winner=r.winner)
        )
    return advance


def replace_withdrawn(advance: Advance, withdrawn: Iterable[str]) -> Advance:
    """After a round, before the next draw: pairs through that withdraw give their places to the
    losers by the next smallest margins; a pair among the others simply leaves."""
    names = knockout._names(withdrawn, "withdrawn")
    everyone = set(advance.qualified) | set(advance.others)
    for name in names:
        if name not in everyone:
            raise RuleError("%(name)s is not in this round, so cannot withdraw from it", name=name)
    gone = set(names)
    waiting = [loser for loser in advance.eliminated if loser.pair not in gone]
    freed = sum(name in gone for name in advance.qualified)
    if freed > len(waiting):
        raise RuleError.of(
            plural_words(
                "%(freed)s places are free but only %(count)s loser is left to take them: "
                "draw the next round with the pairs gone and give their opponents a walkover",
                "%(freed)s places are free but only %(count)s losers are left to take them: "
                "draw the next round with the pairs gone and give their opponents a walkover",
                len(waiting),
                freed=freed,
            )
        )
    promoted = waiting[:freed]
    new = replace(
        advance,
        winners=[w for w in advance.winners if w not in gone],
        best_losers=[lo for lo in advance.best_losers if lo.pair not in gone] + promoted,
        eliminated=waiting[freed:],
        withdrawn=advance.withdrawn + [n for n in names if n not in advance.withdrawn],
        notes=list(advance.notes),
    )
    for pair, loser in zip([n for n in advance.qualified if n in gone], promoted, strict=True):
        new.notes.append(words("%(pair)s withdrew: %(loser)s take their place", pair=pair, loser=loser.pair))
    return new


@dataclass(frozen=True)
class Consolation:
    entrants: list[str]  # the first round's others who play it, smallest margin first
    to_free_tables: list[str]  # left over: an odd one out plays at the free tables
    rounds: list[RoundPlan]


def consolation(others: Sequence[str]) -> Consolation:
    """The consolation from the main first round's others (smallest margin first), after withdrawals."""
    pairs = knockout._names(others, "others")
    kept = len(pairs) - len(pairs) % 2
    entrants = pairs[:kept] if kept >= 2 else []
    return Consolation(entrants, pairs[len(entrants) :], knockout.bracket_rounds("consolation", len(entrants) // 2))


def walkover_results(advance: Advance) -> list[Result]:
    """The round's matches won by a walkover, for the bracket to mark them."""
    return [r for r in advance.results if r.walkover]

"""A knockout's rounds read: their order, a round's matches, what stops it closing, its outcome and its page."""

from dataclasses import dataclass, field

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import l10n
from tournaments.models import Knockout, KnockoutMatch, KnockoutPair, KnockoutRound
from tournaments.rules import knockout as knockout_rules
from tournaments.rules import withdrawals
from tournaments.selectors.knockout.event import BRACKETS


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
        if m.walkover:
            continue  # conceded: decided whatever its pad says
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
    if m.walkover:
        return _("walkover: %(pair)s withdrew") % {"pair": m.conceded_pair.name if m.conceded_pair else ""}
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


def round_outcome(
    round_: KnockoutRound, matches: list[KnockoutMatch], cut: list[str] | None = None
) -> knockout_rules.Advance:
    """The knockout engine's reading of a round whose matches are all decided (raises ValueError otherwise).

    A closed round is read again from its kept seed, or from the pairs the director put through.
    """
    rows = []
    for m in matches:
        if m.walkover:
            rows.append((m.ns.name, 0, m.ew.name, 0))  # the engine ignores a conceded match's totals
            continue
        # The callers read only a round whose matches are all finished (close_problems), and a finished match has
        # both totals: every write of a match's result sets them with it.
        assert m.ns_total is not None and m.ew_total is not None, f"table {m.table} is finished without its totals"
        rows.append((m.ns.name, m.ns_total, m.ew.name, m.ew_total))
    decided = [m.winner.name for m in matches if not m.walkover and m.ns_total == m.ew_total and m.winner is not None]
    if cut is None and round_.cut.get("by_director"):
        cut = round_.cut["drawn"]
    gone = [pair.name for m in matches if (pair := m.conceded_pair) is not None]
    if gone:
        return withdrawals.advance_with_withdrawals(
            rows, round_.places, round_.cut_seed, withdrawn=gone, decided=decided, cut=cut
        )
    return knockout_rules.advance_detail(rows, round_.places, round_.cut_seed, decided=decided, cut=cut)


def cut_note(cut: dict) -> str:
    """A round's best-loser cut (as the round keeps it) in a sentence; "" for none."""
    if not cut:
        return ""
    figures = {"among": ", ".join(cut["among"]), "margin": l10n.number(cut["margin"]), "drawn": ", ".join(cut["drawn"])}
    if cut.get("by_director"):
        return _("%(among)s lost by %(margin)s: the director put through %(drawn)s.") % figures
    return _("%(among)s lost by %(margin)s: a cut put through %(drawn)s.") % figures


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
    def cut_note(self) -> str:
        """The best-loser tie in words, its margin in the club's style of numbers ("lost by 1,110")."""
        if self.outcome is None or self.outcome.cut is None:
            return ""
        cut = self.outcome.cut
        return cut_note({"among": cut.among, "margin": cut.margin, "drawn": cut.drawn, "by_director": cut.by_director})

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
    def consolation(self) -> withdrawals.Consolation | None:
        """Main round 1's others as the consolation takes them: an odd one out (after a withdrawal) plays at the
        free tables."""
        if self.outcome is None or not self.to_consolation:
            return None
        return withdrawals.consolation(self.outcome.others)

    @property
    def cut_drawn(self) -> list[str]:
        return list(self.outcome.cut.drawn) if self.outcome and self.outcome.cut else []


def round_view(round_: KnockoutRound, matches: list[KnockoutMatch] | None = None) -> RoundView:
    """The round with its matches and what closing it does (or did): one query (none when the matches are given,
    as the withdrawal's preview gives them changed in memory)."""
    matches = round_matches(round_) if matches is None else matches
    view = RoundView(round_, matches, close_problems(matches))
    view.entrants = sorted((pair for m in matches for pair in (m.ns, m.ew)), key=lambda pair: pair.name.casefold())
    if matches and not view.problems:
        try:
            view.outcome = round_outcome(round_, matches)
        except ValueError as error:
            view.outcome_error = l10n.say(error)
    return view

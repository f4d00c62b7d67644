"""A pair leaving the knockout, read: the match it would concede, why it cannot, and what follows (the preview).

The rule (docs/rules/rubber-knockout.md, "Withdrawals"): the pair concedes its match in the round it is playing,
its opponents go through by a walkover, and a best-loser place passes to the loser by the next smallest margin.
"""

from dataclasses import dataclass

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.models import Knockout, KnockoutMatch, KnockoutPair
from tournaments.selectors.knockout.rounds import RoundView, round_matches, round_view


def open_match(knockout: Knockout, pair: KnockoutPair) -> KnockoutMatch | None:
    """The pair's match in a round still open (a pair plays in one open round at a time): one query."""
    matches = KnockoutMatch.objects.filter(round__knockout=knockout, round__status="playing")
    return (
        matches.filter(ns=pair).select_related("round__knockout", "ns", "ew", "winner").first()
        or matches.filter(ew=pair).select_related("round__knockout", "ns", "ew", "winner").first()
    )


def withdrawal_refusal(pair: KnockoutPair, match: KnockoutMatch | None) -> str:
    """Why the pair cannot concede a match now, in a sentence; "" when it can."""
    if match is None:
        return _("%(pair)s are no longer playing in the knockout: there is no match for them to concede.") % {
            "pair": pair.name
        }
    figures = {"pair": pair.name, "table": match.table, "round": match.round.title}
    if match.walkover:
        return _("Table %(table)s of %(round)s was already conceded: nothing was changed.") % figures
    if match.finished and match.winner is not None:
        figures["winner"] = match.winner.name
        return (
            _("Table %(table)s of %(round)s is finished (%(winner)s won): %(pair)s can no longer concede it.") % figures
        )
    return ""


@dataclass
class WithdrawalPreview:
    pair: KnockoutPair
    match: KnockoutMatch | None
    refusal: str
    view: RoundView | None = None  # the round as it would stand, the match conceded

    @property
    def opponents(self) -> KnockoutPair | None:
        if self.match is None:
            return None
        return self.match.ew if self.match.ns_id == self.pair.pk else self.match.ns

    @property
    def still_playing(self) -> list[int]:
        """The tables whose result is still to come: the best losers wait for them."""
        if self.view is None:
            return []
        return [m.table for m in self.view.matches if not m.walkover and not (m.finished and m.winner_id)]


def withdrawal_pair(knockout: Knockout, pair_id: int) -> KnockoutPair:
    """A pair of this knockout (the knockout already read for the director's club), else 404."""
    return get_object_or_404(KnockoutPair, knockout=knockout, pk=pair_id)


def withdrawal_preview(knockout: Knockout, pair: KnockoutPair) -> WithdrawalPreview:
    """What the withdrawal would do, worked out on the round's matches read and changed in memory only."""
    match = open_match(knockout, pair)
    refusal = withdrawal_refusal(pair, match)
    if refusal or match is None:
        return WithdrawalPreview(pair, match, refusal)
    matches = round_matches(match.round)
    for m in matches:
        if m.pk == match.pk:
            _conceded_in_memory(m, pair)
    view = round_view(match.round, matches)
    return WithdrawalPreview(pair, match, "", view)


def _conceded_in_memory(m: KnockoutMatch, pair: KnockoutPair) -> None:
    """The match as the service would leave it (never saved: the preview reads only)."""
    winner = m.ew if m.ns_id == pair.pk else m.ns
    m.conceded_by, m.winner, m.finished = pair, winner, True

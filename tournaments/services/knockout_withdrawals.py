"""A pair leaving the knockout: it concedes its match (a walkover), and the director may undo that until the next
round starts. Rules: docs/rules/rubber-knockout.md, "Withdrawals"; the round's outcome then comes from
tournaments/rules/withdrawals.py (selectors/knockout/rounds.py), so nothing here picks a best loser.

The knockout keeps no audit trail of its own: the walkover is recorded on the match itself (who conceded), which
is the one record the undo reverses.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Knockout, KnockoutMatch, KnockoutPair
from tournaments.selectors import knockout as knockout_selectors
from tournaments.services import knockout as knockout_services
from tournaments.services import live_knockout as live


@transaction.atomic
def pair_withdraw(*, knockout: Knockout, pair: KnockoutPair) -> KnockoutMatch:
    """The pair concedes its match in the round it is playing: its opponents win it by a walkover."""
    live.touched(knockout.pk)
    knockout = Knockout.objects.select_for_update().get(pk=knockout.pk)
    if pair.knockout_id != knockout.pk:
        raise ValidationError(_("%(pair)s do not play in this knockout.") % {"pair": pair.name})
    found = knockout_selectors.open_match(knockout, pair)
    refusal = knockout_selectors.withdrawal_refusal(pair, found)
    if refusal or found is None:
        raise ValidationError(refusal)
    match = KnockoutMatch.objects.select_for_update(of=("self",)).select_related("ns", "ew").get(pk=found.pk)
    match.conceded_by = pair
    match.winner = match.ew if match.ns_id == pair.pk else match.ns
    match.finished = True
    match.save(update_fields=["conceded_by", "winner", "finished", "updated_at"])
    return match


def _finished_as_played(match: KnockoutMatch) -> bool:
    """Whether the pad (or the two totals) was complete before the walkover: the match then stands tied, since a
    decided match cannot be conceded."""
    if match.entry == KnockoutMatch.Entry.TOTALS:
        return match.decision != KnockoutMatch.Decision.DEAL
    return match.entry == KnockoutMatch.Entry.DEALS and match.deals_played >= match.deals_allowed


@transaction.atomic
def walkover_undo(*, match: KnockoutMatch) -> KnockoutMatch:
    """The pair stays after all: the match is played on as it stood. A closed round opens again (its next
    rounds drawn again later), as long as none of them has started."""
    live.match_touched(match.pk)
    match = (
        KnockoutMatch.objects.select_for_update(of=("self",))
        .select_related("round__knockout", "ns", "ew")
        .get(pk=match.pk)
    )
    if not match.walkover:
        raise ValidationError(
            _("Table %(table)s was not conceded: there is no walkover to undo.") % {"table": match.table}
        )
    round_ = match.round
    if round_.is_closed:
        for later in knockout_services.following_rounds(round_):
            if later.is_closed or later.matches.exclude(entry="", conceded_by__isnull=True).exists():
                words = _("%(later)s has started: the walkover at table %(table)s of %(round)s stands.")
                raise ValidationError(words % {"later": later.title, "table": match.table, "round": round_.title})
        knockout_services.round_reopen(round_=round_)
    match.conceded_by, match.winner, match.finished = None, None, _finished_as_played(match)
    match.save(update_fields=["conceded_by", "winner", "finished", "updated_at"])
    return match

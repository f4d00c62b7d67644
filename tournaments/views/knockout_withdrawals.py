"""A pair leaving the knockout: the preview of what follows, the confirmation, and the undo of a walkover."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.directors import DirectorRequest
from tournaments.selectors import knockout as selectors
from tournaments.services import knockout_withdrawals as services
from tournaments.views.common import CONFIRM_FIELD, CONFIRM_VALUE, confirmed, error_messages


def knockout_pair_withdraw(request: DirectorRequest, knockout_id: int, pair_id: int) -> HttpResponse:
    """GET (or a post not yet confirmed): what the withdrawal does. A confirmed post: the walkover is recorded."""
    knockout = selectors.knockout_get(knockout_id, user=request.user)
    pair = selectors.withdrawal_pair(knockout, pair_id)
    if request.method == "POST" and confirmed(request):
        try:
            match = services.pair_withdraw(knockout=knockout, pair=pair)
        except ValidationError as error:
            for message in error_messages(error):
                messages.error(request, message)
        else:
            assert match.winner is not None, "a walkover always has its winner"
            words = _("%(pair)s withdrew: %(winner)s go through by a walkover at table %(table)s.")
            messages.success(request, words % {"pair": pair.name, "winner": match.winner.name, "table": match.table})
            return redirect(
                "knockout_round", knockout_id=knockout.pk, bracket=match.round.bracket, number=match.round.number
            )
    preview = selectors.withdrawal_preview(knockout, pair)
    context = {
        "knockout": knockout,
        "preview": preview,
        "view": preview.view,
        "round": preview.match.round if preview.match else None,
        "rounds": selectors.knockout_rounds(knockout),
        "field": CONFIRM_FIELD,
        "value": CONFIRM_VALUE,
        "tab": "rounds",
    }
    return render(request, "knockout/withdraw.html", context)


@require_POST
def knockout_walkover_undo(
    request: DirectorRequest, knockout_id: int, bracket: str, number: int, table: int
) -> HttpResponse:
    knockout = selectors.knockout_get(knockout_id, user=request.user)
    round_ = selectors.round_get(knockout, bracket, number)
    match = selectors.match_get(round_, table)
    try:
        services.walkover_undo(match=match)
    except ValidationError as error:
        for message in error_messages(error):
            messages.error(request, message)
    else:
        messages.success(request, _("The walkover at table %(table)s is undone: the match goes on.") % {"table": table})
    return redirect("knockout_round", knockout_id=knockout.pk, bracket=bracket, number=number)

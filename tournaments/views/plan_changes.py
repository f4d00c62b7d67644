"""Changes of plan between two rounds (issue 46): choose, see the next round's seating, confirm, undo."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.directors import DirectorRequest
from tournaments.forms.common import posted_number
from tournaments.models import Guest, Party, PlanChange
from tournaments.presentation import plan_changes as words
from tournaments.selectors import party as party_selectors
from tournaments.selectors import plan_changes as selectors
from tournaments.selectors import rounds as round_selectors
from tournaments.services import midround as midround_services
from tournaments.services import plan_changes as services
from tournaments.services import results as result_services
from tournaments.views.common import ask_first, confirmed, error_messages

ACTIONS = ("join", "table", "guests")


def _flash(request: DirectorRequest, error: ValidationError) -> None:
    for message in error_messages(error):
        messages.error(request, message)


def plan_changes(request: DirectorRequest, party_id: int) -> HttpResponse:
    """The page: what can change now (or why nothing can), and the changes made, each with its undo."""
    party = _party(request, party_id)
    history = [(change, words.action(change.action)) for change in selectors.history(party)]
    context: dict = {"party": party, "tab": "rounds", "history": history}
    try:
        pause = selectors.break_get(party)
    except ValidationError as error:
        context["closed"] = error_messages(error)
    else:
        context |= {"pause": pause} | selectors.choices(party, pause)
    return render(request, "tournaments/plan_changes.html", context)


def _party(request: DirectorRequest, party_id: int) -> Party:
    return party_selectors.party_get(party_id, user=request.user)


def _chosen(request: DirectorRequest, party: Party) -> tuple[list[Guest], list[Guest]]:
    """The guests joining and leaving as posted, every one of this party's (others are a ValidationError)."""
    action = request.POST.get("action", "")
    if action not in ACTIONS:
        raise ValidationError(_("Choose a change: a table joins, a table leaves, or guests go home."))
    if action == "table":
        table = posted_number(request.POST.get("table")) or 0
        leaving = selectors.table_guests(selectors.break_get(party), table)
        if not leaving:
            raise ValidationError(_("Choose the table that leaves."))
        return [], [g for g in leaving if g.left_after is None]
    ids = [i for i in map(posted_number, request.POST.getlist("guest")) if i is not None]
    chosen = selectors.guests_of(party, ids)
    if len(chosen) != len(set(ids)):
        raise ValidationError(_("One of the guests chosen is not at this party."))
    if action == "join":
        return chosen, []
    return [], chosen


@require_POST
def plan_change(request: DirectorRequest, party_id: int) -> HttpResponse:
    """First the preview (nothing written); with `confirm` the change itself."""
    party = _party(request, party_id)
    try:
        joining, leaving = _chosen(request, party)
        if joining:
            services.check_join(party, joining)
        else:
            services.check_leave(leaving)
        if request.POST.get("confirm") == "1":
            services.plan_apply(party=party, joining=joining, leaving=leaving, by_user=request.user)
        else:
            shown = selectors.preview(party, joining=joining, leaving=leaving)
    except ValidationError as error:
        _flash(request, error)
        messages.error(request, _("Nothing was changed."))
        return redirect("plan_changes", party_id=party.id)
    if request.POST.get("confirm") == "1":
        messages.success(
            request, _("The change is made: here is where everyone goes. You can undo it until the round starts.")
        )
        return redirect("round_movement", party_id=party.id, number=selectors.break_get(party).following.number)
    posted = [(k, v) for k in ("action", "table") for v in request.POST.getlist(k)]
    posted += [("guest", str(g.pk)) for g in [*joining, *leaving]]
    sitters = shown.plan.sitting_out
    context = {
        "party": party,
        "preview": shown,
        "posted": posted,
        "rows": [(guest, move, words.reason(move.reason)) for guest, move in shown.rows()],
        "sitting_out": sitters,
        "sit_out_rule": words.SIT_OUT_RULE,
        "towie_ok": 3 <= len(sitters) <= 5,
        "tab": "rounds",
    }
    return render(request, "tournaments/plan_preview.html", context)


@require_POST
def plan_undo(request: DirectorRequest, party_id: int, change_id: int) -> HttpResponse:
    party = _party(request, party_id)
    change = get_object_or_404(PlanChange, pk=change_id, party=party)
    try:
        services.plan_undo(change=change, by_user=request.user)
    except ValidationError as error:
        _flash(request, error)
    else:
        messages.success(request, _("The change is undone (and the undo is in the history)."))
    return redirect("plan_changes", party_id=party.id)


@require_POST
def result_close_unfinished(request: DirectorRequest, party_id: int, number: int, table: int) -> HttpResponse:
    """A player went home mid-round: the director sees the figures, then the table's round is closed."""
    party = _party(request, party_id)
    round_ = round_selectors.round_get(party, number)
    back = redirect("table_enter", party_id=party.id, number=number, table=table)
    shown = selectors.unfinished_preview(round_, table)
    if shown is not None and not confirmed(request):
        return ask_first(
            request, question=words.unfinished_question(table, shown), button=_("Close the round"), back=back.url
        )
    try:
        _result, notices = result_services.result_close_unfinished(round_=round_, table=table, by_user=request.user)
    except ValidationError as error:
        _flash(request, error)
        return back
    for notice in notices:
        messages.warning(request, notice)
    messages.success(request, _("Table %(table)s's round is closed as played so far.") % {"table": table})
    return back


@require_POST
def seat_replace_mid_round(request: DirectorRequest, party_id: int, number: int) -> HttpResponse:
    """A player goes home during the round: a reserve plays the rest of her deals (services/midround.py)."""
    party = _party(request, party_id)
    round_ = round_selectors.round_get(party, number)
    back = redirect("round_movement", party_id=party.id, number=number)
    chosen = posted_number(request.POST.get("guest"))
    guest = get_object_or_404(Guest, pk=chosen, party=party) if chosen is not None else None
    try:
        table, seat = int(request.POST.get("table", "")), request.POST.get("seat", "")
        row = midround_services.seat_replace_mid_round(
            round_=round_, table=table, seat=seat, guest=guest, user=request.user
        )
    except ValueError:
        messages.error(request, _("Choose the table and seat the reserve takes."))
    except ValidationError as error:
        _flash(request, error)
    else:
        messages.success(
            request,
            _("%(name)s plays from deal %(deal)s in %(leaver)s's seat; the deals before stay with %(leaver)s.")
            % {"name": row.came.name, "deal": row.from_deal, "leaver": row.left.name},
        )
    return back


@require_POST
def seat_replace_mid_round_undo(request: DirectorRequest, party_id: int, number: int) -> HttpResponse:
    """Give the seat back to the player who was to go home, until the reserve's first deal is entered."""
    party = _party(request, party_id)
    round_ = round_selectors.round_get(party, number)
    try:
        table = int(request.POST.get("table", ""))
        row = midround_services.seat_replace_mid_round_undo(
            round_=round_, table=table, seat=request.POST.get("seat", "")
        )
    except ValueError:
        messages.error(request, _("Choose the table and seat the reserve takes."))
    except ValidationError as error:
        _flash(request, error)
    else:
        messages.success(
            request,
            _("%(leaver)s is back in her seat; %(name)s is a reserve again.")
            % {"leaver": row.left.name, "name": row.came.name},
        )
    return redirect("round_movement", party_id=party.id, number=number)

"""The Boston pages: the list of tables, a table's settings, its sheet with the deal entry, the printed sheet."""

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import l10n
from tournaments.directors import DirectorRequest
from tournaments.forms.boston import BostonDealForm, BostonTableForm, FinishForm
from tournaments.forms.common import posted_number, timing_initial
from tournaments.http.once import once_only
from tournaments.models import BostonDeal, BostonTable, Club
from tournaments.presentation import boston as presentation
from tournaments.presentation.boston import ShownSheet
from tournaments.printing import boston as boston_printing
from tournaments.rules import boston as boston_rules
from tournaments.selectors import boston as selectors
from tournaments.selectors import live_cards
from tournaments.selectors.clubs import current_club
from tournaments.services import boston as services
from tournaments.views.common import add_errors, error_messages, file_response, form_messages, live, texts, unchanged
from tournaments.views.forms_flow import delete_asked, form_saved


def _flash_errors(request: HttpRequest, error: ValidationError) -> None:
    for message in error_messages(error):
        messages.error(request, message)


def boston_list(request: DirectorRequest) -> HttpResponse:
    asked = request.GET.get("party")
    party_id = posted_number(asked)
    club = current_club(request)
    return render(
        request,
        "boston/list.html",
        {
            # A director in no club has no tables (none has a club of None).
            "lines": presentation.shown_lines(selectors.tables_list(club, party_id) if club else []),
            "party_id": party_id,
        },
    )


@once_only
def boston_create(request: DirectorRequest) -> HttpResponseBase:
    initial = {"date": timezone.localdate(), "variant": "english", "name": _("Boston table"), "money_per": "white"}
    initial |= timing_initial(current_club(request))
    party_id = posted_number(request.GET.get("party"))
    if party_id is not None:
        initial["party"] = party_id
    form = BostonTableForm(request.POST or None, initial=initial, club=current_club(request))
    done = form_saved(
        request,
        form,
        lambda _data: services.boston_table_create(
            **form.table_fields(), user=request.user, club=current_club(request)
        ),
        said=lambda table: (
            _("The Boston table “%(table)s” is set up: %(player)s deals first.")
            % {"table": table.name, "player": table.player_1}
        ),
        then=lambda table: redirect("boston_table", table_id=table.id),
    )
    return done or render(request, "boston/table_form.html", {"form": form, "creating": True})


def boston_edit(request: DirectorRequest, table_id: int) -> HttpResponseBase:
    table = selectors.table_get(table_id, user=request.user)
    form = BostonTableForm(request.POST or None, initial=BostonTableForm.initial_for(table), club=table.club)
    done = form_saved(
        request,
        form,
        lambda _data: services.boston_table_update(table=table, **form.table_fields()),
        said=_("Saved: every deal is settled with these settings."),
        then=lambda _made: redirect("boston_table", table_id=table.id),
    )
    if done:
        return done
    seats = [(name, getattr(table, f"member_{seat}_id")) for seat, name in enumerate(table.players, start=1)]
    context = {"form": form, "table": table, "creating": False, "has_deals": selectors.table_has_deals(table)}
    context["seats"] = seats
    return render(request, "boston/table_form.html", context)


def _preview(
    request: HttpRequest, table: BostonTable, deals: list[BostonDeal], form: BostonDealForm, number: int
) -> HttpResponse:
    """What the deal would do (who pays whom, the pools after it); nothing is saved."""
    preview, waiting = None, []
    if table.is_finished:
        waiting = [str(services.FINISHED)]
    elif not form.is_valid():
        waiting = form_messages(form)
    else:
        try:
            candidate = services.boston_deal_build(table=table, number=number, **form.inputs())
        except ValidationError as error:
            waiting = error_messages(error)
        else:
            preview = presentation.shown_preview(selectors.deal_preview(table, deals, candidate))
    return render(request, "boston/_deal_preview.html", {"preview": preview, "waiting": waiting})


def _saved_message(
    request: HttpRequest,
    deal_number: int,
    table: BostonTable,
    result: boston_rules.DealResult,
    *,
    corrected: bool = False,
) -> None:
    row = selectors.row_for(result, table)
    messages.success(request, presentation.saved_words(deal_number, row, corrected=corrected))


def _refuse_finished(form: BostonDealForm) -> None:
    """A deal sent to a finished game: only that is said (not what the deal itself lacks), nothing saved."""
    form.is_valid()
    form.errors.clear()
    form.add_error(None, str(services.FINISHED))


def _poll_tag(request: DirectorRequest, table_id: int) -> str | None:
    """A poll's validator (the mark its page was opened with is part of it: the out-of-date note)."""
    if not (request.htmx and request.method == "GET"):
        return None
    return live_cards.boston_sheet_etag(table_id, request.user, request.GET.get("shown", "")[:16])


def boston_table(request: DirectorRequest, table_id: int) -> HttpResponse:
    """The sheet, with the form for the next deal (a POST here records it).

    The page keeps itself up to date: htmx asks for the running sheet and the settlement every few
    seconds and replaces only them, never the deal form being filled in. A poll that finds the
    sheet as it showed it is answered 304 before the table is read (selectors/live_cards.py).
    """
    tag = _poll_tag(request, table_id)
    if (same := unchanged(request, tag)) is not None:
        return same
    table = selectors.table_get(table_id, user=request.user)
    deals = selectors.table_deals(table)
    following = len(deals) + 1
    form = BostonDealForm(request.POST or None, table=table, initial={"number": following, "kind": "bid"})
    if request.method == "POST":
        if request.POST.get("preview"):
            return _preview(request, table, deals, form, following)
        if table.is_finished:
            _refuse_finished(form)
        elif form.is_valid():
            number = form.cleaned_data.get("number")
            try:
                deal, result = services.boston_deal_add(table=table, number=number, user=request.user, **form.inputs())
            except ValidationError as error:
                add_errors(form, error)
            else:
                _saved_message(request, deal.number, table, result)
                return redirect("boston_table", table_id=table.id)
    sheet = presentation.shown(selectors.table_sheet(table, deals))
    context = _sheet_context(request, table, sheet, form)
    if form.is_bound and form.errors and not context["can_enter"]:
        # The page shows no deal form (the game is finished or over): say why nothing was saved up here.
        for message in texts(form.non_field_errors()) or [_("Nothing was saved: the sheet takes no more deals.")]:
            messages.error(request, message)
    if request.method == "POST":
        return render(request, "boston/sheet.html", context)
    return live(request, "boston/sheet.html", "boston/_sheet_live.html", context, tag)


def _sheet_context(
    request: DirectorRequest, table: BostonTable, sheet: ShownSheet, form: BostonDealForm
) -> dict[str, Any]:
    progress = sheet.progress
    can_enter = bool(progress and not progress.over and not table.is_finished and not sheet.problem)
    # A poll brings back the mark its page was opened with: a newer sheet means the form is out of date.
    shown = request.GET.get("shown", "")[:16] if request.htmx else ""
    return {
        "table": table,
        "sheet": sheet,
        "shown": shown or sheet.state,
        "stale": bool(shown) and shown != sheet.state,
        "oob": bool(request.htmx),
        "form": form,
        "finish_form": FinishForm(table=table),
        "progress_text": sheet.progress_text,
        "can_enter": can_enter,
        "twelfth": can_enter and sheet.family == "fontainebleau" and progress.next_number == 12,
        "save_label": _("Save deal %(number)s") % {"number": progress.next_number} if progress else "",
        "money": selectors.money_value(table) is not None,
        "counters": sheet.counters,
    }


def boston_deal_edit(request: DirectorRequest, table_id: int, number: int) -> HttpResponse:
    table = selectors.table_get(table_id, user=request.user)
    deals = selectors.table_deals(table)
    deal = next((d for d in deals if d.number == number), None)
    if deal is None:
        deal = get_object_or_404(BostonDeal, table=table, number=number)
    form = BostonDealForm(request.POST or None, table=table, initial=BostonDealForm.initial_for(deal))
    if request.method == "POST":
        if request.POST.get("preview"):
            return _preview(request, table, deals, form, number)
        if form.is_valid():
            try:
                _deal, result = services.boston_deal_update(deal=deal, user=request.user, **form.inputs())
            except ValidationError as error:
                add_errors(form, error)
            else:
                _saved_message(request, number, table, result, corrected=True)
                return redirect("boston_table", table_id=table.id)
    sheet = presentation.shown(selectors.table_sheet(table, deals))
    row = next((r for r in sheet.rows if r.number == number), None)
    context = {"table": table, "deal": deal, "form": form, "row": row, "sheet": sheet}
    return render(request, "boston/deal_edit.html", context)


@require_POST
def boston_deal_remove(request: DirectorRequest, table_id: int, number: int) -> HttpResponse:
    table = selectors.table_get(table_id, user=request.user)
    deal = get_object_or_404(BostonDeal, table=table, number=number)
    try:
        services.boston_deal_remove(deal=deal)
    except ValidationError as error:
        _flash_errors(request, error)
        return redirect("boston_deal_edit", table_id=table.id, number=number)
    messages.success(
        request,
        _("Deal %(number)s removed; the deals after it moved up one and are settled again.") % {"number": number},
    )
    return redirect("boston_table", table_id=table.id)


@require_POST
def boston_finish(request: DirectorRequest, table_id: int) -> HttpResponse:
    table = selectors.table_get(table_id, user=request.user)
    form = FinishForm(request.POST, table=table)
    if not form.is_valid():
        messages.error(request, _("Choose the player who won the last trick, or leave it empty."))
        return redirect("boston_table", table_id=table.id)
    try:
        services.boston_table_finish(table=table, **form.cleaned_data)
    except ValidationError as error:
        _flash_errors(request, error)
    else:
        messages.success(request, _("The game is finished. Here is the settlement."))
    return redirect("boston_table", table_id=table.id)


@require_POST
def boston_reopen(request: DirectorRequest, table_id: int) -> HttpResponse:
    table = selectors.table_get(table_id, user=request.user)
    services.boston_table_reopen(table=table)
    messages.success(request, _("The game is open again: the pools are back on the table."))
    return redirect("boston_table", table_id=table.id)


def _paper(request: HttpRequest, club: Club) -> str:
    """The club's paper ("A4" or "letter"); ?paper=A4 or ?paper=letter asks for the other one."""
    asked = request.GET.get("paper", "")
    if asked.lower() in ("a4", "letter"):
        return "A4" if asked.lower() == "a4" else "letter"
    return getattr(club, "paper", "") or "A4"


def boston_sheet_pdf(request: DirectorRequest, table_id: int) -> HttpResponse:
    table = selectors.table_get(table_id, user=request.user)  # with its club: the language and the paper
    sheet = selectors.table_sheet(table)
    with l10n.printed_for(table.club):
        built = boston_printing.boston_sheet_pdf(
            presentation.sheet_print(presentation.shown(sheet)), pagesize=_paper(request, table.club)
        )
    return file_response(built)


@require_POST
def boston_delete(request: DirectorRequest, table_id: int) -> HttpResponseBase:
    table = selectors.table_get(table_id, user=request.user)
    return delete_asked(
        request,
        question=_("Delete %(name)s and its whole sheet?") % {"name": table.name},
        button=_("Delete"),
        back=reverse("boston_edit", args=[table.pk]),
        delete=lambda: services.boston_table_delete(table=table),
        said=_("%(name)s is deleted.") % {"name": table.name},
        to="boston_list",
    )

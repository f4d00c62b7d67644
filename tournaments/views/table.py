"""The table's own page, reached from the QR code on its table card: no login, one table only."""

import logging

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render

from tournaments import forms, link_limit
from tournaments.selectors import rounds as round_selectors
from tournaments.selectors import table as table_selectors
from tournaments.services import results as result_services
from tournaments.views.rounds import _initial, _names, preview, stored_deals

log = logging.getLogger("tournaments.table")


@login_not_required
def table_page(request, token):
    table_token, refused = link_limit.check(request, table_selectors.token_get, token)
    if refused:
        return refused
    current, previous, view = table_selectors.table_page(table_token)
    if request.method == "POST":
        return _post(request, table_token, (current, previous, view))
    return _render(request, table_token, (current, previous, view))


def _render(request, table_token, page, deal_forms_=None):
    """The table's page; with the posted forms after a refused entry, so nothing typed is lost."""
    current, previous, view = page
    party = table_token.party
    result = view.result if view else None
    if view and deal_forms_ is None:
        deal_forms_ = forms.deal_forms(names=_names(view), initial=_initial(result))
    if deal_forms_ is not None:
        shown = preview(party, deal_forms_) if deal_forms_[0].is_bound else preview(party, deals=stored_deals(result))
    else:
        shown = None
    context = {
        "party": party,
        "token": table_token,
        "round": current,
        "view": view,
        "rows": list(zip(round_selectors.round_deals(), deal_forms_, strict=True)) if view else [],
        "preview": shown if (result or (deal_forms_ and deal_forms_[0].is_bound)) else None,
        "moves": table_selectors.next_places(previous, table_token.table) if previous else [],
        "previous": previous,
    }
    return render(request, "tournaments/table_phone.html", context)


def _refuse(request, table_token, message: str, detail: str):
    log.warning("table %s of party %s: refused entry: %s", table_token.table, table_token.party_id, detail)
    messages.error(request, message)


def _form_problem(request, current, view) -> tuple[str, str] | None:
    """(message for the table, detail for the log) when the post cannot be taken at all."""
    posted_round = request.POST.get("round", "")
    if current is None or view is None or not view.seats:
        return "There is no round to enter yet: wait for the director.", "no round"
    if posted_round != str(current.number):
        return "That round is closed: results can no longer be entered for it.", f"round {posted_round!r}"
    if not request.POST.get("version", "").isdigit():
        return "The form was damaged: reload the page and enter again.", "version missing"
    extra = forms.extra_deals(request.POST)
    if extra:
        return "A round has four deals, numbered 1 to 4: nothing was saved.", f"fields {extra}"
    return None


def _post(request, table_token, page):
    current, _, view = page
    back = redirect("table_page", token=table_token.token)
    problem = _form_problem(request, current, view)
    if problem:
        _refuse(request, table_token, *problem)
        return back
    version = int(request.POST["version"])
    deal_forms_ = forms.deal_forms(request.POST, names=_names(view))
    if request.POST.get("preview"):
        context = {"party": table_token.party, **preview(table_token.party, deal_forms_)}
        return render(request, "tournaments/_preview.html", context)
    try:
        if request.POST.get("agree") in ("NS", "EW"):
            result_services.result_agree(
                round_=current,
                table=table_token.table,
                side=request.POST["agree"],
                by_token=table_token,
                expected_version=version,
            )
            messages.success(request, "Thank you: agreed.")
            return back
        deals, errors = forms.deals_from_forms(deal_forms_)
        if errors or not deals:
            message = "Nothing was saved: see what is wrong below the deals." if errors else "Enter at least one deal."
            _refuse(request, table_token, message, "; ".join(errors) or "no deals")
            return _render(request, table_token, page, deal_forms_)
        result_services.result_record(
            round_=current,
            table=table_token.table,
            deals=deals,
            complete=len(deals) == 4,
            by_token=table_token,
            expected_version=version,
            action="entered at the table",
        )
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        _refuse(request, table_token, "Nothing was saved.", "; ".join(error.messages))
        return back
    messages.success(request, "Saved." + (" Now both sides agree the result below." if len(deals) == 4 else ""))
    return back

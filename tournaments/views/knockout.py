"""The rubber-bridge knockout pages: the event and its pairs, the draws, the score pads, the bracket, the prints."""

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.forms import BaseForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments import l10n
from tournaments.directors import DirectorRequest
from tournaments.files import transfer
from tournaments.forms import knockout as forms
from tournaments.forms.common import posted_number, timing_initial
from tournaments.http.once import once_only
from tournaments.models import Knockout, KnockoutMatch, KnockoutPair, KnockoutRound
from tournaments.presentation.names import Where
from tournaments.printing import knockout as printing
from tournaments.printing.common import file_words, slug
from tournaments.selectors import knockout as selectors
from tournaments.selectors import live_knockout as live_selectors
from tournaments.selectors.clubs import current_club
from tournaments.selectors.results_mail import mail_counts
from tournaments.services import knockout as services
from tournaments.views.common import (
    ask_first,
    confirmed,
    content_disposition,
    error_messages,
    file_response,
    form_messages,
    live,
    unchanged,
)
from tournaments.views.forms_flow import delete_asked, form_saved


def _flash(request: HttpRequest, error: ValidationError) -> None:
    for message in error_messages(error):
        messages.error(request, message)


# --- the event ------------------------------------------------------------------------------------------------


def knockout_list(request: DirectorRequest) -> HttpResponse:
    club = current_club(request)
    # A director in no club has no knockouts (none has a club of None).
    return render(request, "knockout/list.html", {"knockouts": selectors.knockout_list(club) if club else []})


@once_only
def knockout_create(request: DirectorRequest) -> HttpResponseBase:
    form = forms.KnockoutForm(
        request.POST or None,
        request.FILES or None,
        initial={"date": timezone.localdate()} | timing_initial(current_club(request)),
    )
    done = form_saved(
        request,
        form,
        lambda data: services.knockout_create(
            name=data["name"],
            date=data["date"],
            rules=data["rules"],
            **form.timing(),
            pairs=data["entries"],
            user=request.user,
            club=current_club(request),
        ),
        said=lambda knockout: (
            _("The knockout “%(name)s” is set up. Here is the plan for the evening.") % {"name": knockout.name}
        ),
        then=lambda knockout: redirect("knockout_detail", knockout_id=knockout.id),
    )
    return done or render(request, "knockout/form.html", {"form": form, "creating": True})


def knockout_edit(request: DirectorRequest, knockout_id: int) -> HttpResponseBase:
    knockout = selectors.knockout_get(knockout_id, user=request.user)
    form = forms.KnockoutEditForm(request.POST or None, instance=knockout)
    done = form_saved(
        request,
        form,
        lambda data: services.knockout_update(knockout=selectors.knockout_get(knockout_id, user=request.user), **data),
        said=_("Saved."),
        then=lambda _made: redirect("knockout_detail", knockout_id=knockout.id),
    )
    return done or render(request, "knockout/form.html", {"form": form, "knockout": knockout, "creating": False})


def knockout_detail(request: DirectorRequest, knockout_id: int) -> HttpResponse:
    knockout = selectors.knockout_get(knockout_id, user=request.user)
    rounds = selectors.knockout_rounds(knockout)
    context = {
        "knockout": knockout,
        "plan": selectors.plan_view(knockout.pair_count),
        "pairs": selectors.knockout_pairs(knockout),
        "rounds": rounds,
        "playing": [r for r in rounds if not r.is_closed],
        # The services refuse a change once a score is in; the form is offered until the first round closes.
        "pairs_open": len(rounds) <= 1 and not any(r.is_closed for r in rounds),
        "pairs_form": forms.PairsForm(),
        "tab": "overview",
        "finished": bool(rounds) and all(r.is_closed for r in rounds),
        "mail": mail_counts(f"knockout:{knockout.pk}"),
    }
    return render(request, "knockout/detail.html", context)


def _cleared(request: HttpRequest, cleared: bool) -> None:
    if cleared:
        messages.warning(request, _("The pairs changed, so the first-round draw was cleared: draw it again."))


@require_POST
@once_only
def knockout_pairs_add(request: DirectorRequest, knockout_id: int) -> HttpResponse:
    knockout = selectors.knockout_get(knockout_id, user=request.user)
    form = forms.PairsForm(request.POST, request.FILES)
    if not form.is_valid():
        for message in form_messages(form):
            messages.error(request, message)
        return redirect("knockout_detail", knockout_id=knockout.id)
    try:
        added, cleared = services.pairs_add(
            knockout=knockout, entries=form.cleaned_data["entries"], picked=form.cleaned_data.get("picked")
        )
    except ValidationError as error:
        _flash(request, error)
        messages.error(request, _("No pair was added: correct the list and try again."))
    else:
        messages.success(
            request, ngettext("%(count)s pair added.", "%(count)s pairs added.", len(added)) % {"count": len(added)}
        )
        _cleared(request, cleared)
    return redirect("knockout_detail", knockout_id=knockout.id)


@require_POST
def knockout_pair_remove(request: DirectorRequest, knockout_id: int, pair_id: int) -> HttpResponse:
    knockout = selectors.knockout_get(knockout_id, user=request.user)
    pair = get_object_or_404(KnockoutPair, pk=pair_id, knockout=knockout)
    if not confirmed(request):
        question = _("Remove the pair %(name)s from the knockout?") % {"name": pair.name}
        back = reverse("knockout_detail", args=[knockout.id])
        return ask_first(request, question=question, button=_("Remove the pair"), back=back)
    try:
        cleared = services.pair_remove(pair=pair)
    except ValidationError as error:
        _flash(request, error)
    else:
        messages.success(request, _("The pair %(pair)s is removed.") % {"pair": pair.name})
        _cleared(request, cleared)
    return redirect("knockout_detail", knockout_id=knockout.id)


@require_POST
def knockout_draw(request: DirectorRequest, knockout_id: int) -> HttpResponse:
    knockout = selectors.knockout_get(knockout_id, user=request.user)
    try:
        round_ = services.knockout_draw(knockout=knockout)
    except ValidationError as error:
        _flash(request, error)
        return redirect("knockout_detail", knockout_id=knockout.id)
    messages.success(request, _("The first round is drawn. Check it, change any table if you wish, then print it."))
    return redirect("knockout_round", knockout_id=knockout.id, bracket=round_.bracket, number=round_.number)


# --- rounds ---------------------------------------------------------------------------------------------------


def _round(
    request: DirectorRequest, knockout_id: int, bracket: str, number: int
) -> tuple[selectors.CountedKnockout, KnockoutRound]:
    knockout = selectors.knockout_get(knockout_id, user=request.user)
    return knockout, selectors.round_get(knockout, bracket, number)


def _back_to_round(round_: KnockoutRound) -> HttpResponse:
    return redirect("knockout_round", knockout_id=round_.knockout_id, bracket=round_.bracket, number=round_.number)


def knockout_round(request: DirectorRequest, knockout_id: int, bracket: str, number: int) -> HttpResponse:
    # The page's poll (htmx, every 5 s): 304 and nothing read or drawn while the knockout is as shown.
    tag = live_selectors.round_etag(knockout_id, bracket, number, request.user) if request.htmx else None
    if (same := unchanged(request, tag)) is not None:
        return same
    knockout, round_ = _round(request, knockout_id, bracket, number)
    view = selectors.round_view(round_)
    initial = {f"t{m.table}_{side}": getattr(m, f"{side}_id") for m in view.matches for side in ("ns", "ew")}
    context = {
        "knockout": knockout,
        "round": round_,
        "view": view,
        "rounds": selectors.knockout_rounds(knockout),
        "arrange_form": forms.ArrangeForm(tables=round_.tables, pairs=view.entrants, initial=initial),
        "close_form": forms.CloseForm(among=view.cut_among, initial={"cut": _drawn_ids(view)}),
        "tab": "rounds",
    }
    return live(request, "knockout/round.html", "knockout/_round_live.html", context, tag)


def _drawn_ids(view: selectors.RoundView) -> list[int]:
    drawn = set(view.cut_drawn)
    return [pair.pk for pair in view.cut_among if pair.name in drawn]


@require_POST
def knockout_round_redraw(request: DirectorRequest, knockout_id: int, bracket: str, number: int) -> HttpResponseBase:
    _knockout, round_ = _round(request, knockout_id, bracket, number)
    return delete_asked(
        request,
        question=_("Draw %(round)s again? The tables drawn now are thrown away.") % {"round": round_.title},
        button=_("Draw again"),
        back=reverse("knockout_round", args=[knockout_id, bracket, number]),
        delete=lambda: services.round_draw(round_=round_),
        said=_("%(round)s is drawn again.") % {"round": round_.title},
        to=reverse("knockout_round", args=[knockout_id, bracket, number]),
    )


@require_POST
def knockout_round_arrange(request: DirectorRequest, knockout_id: int, bracket: str, number: int) -> HttpResponse:
    _knockout, round_ = _round(request, knockout_id, bracket, number)
    view = selectors.round_view(round_)
    form = forms.ArrangeForm(request.POST, tables=round_.tables, pairs=view.entrants)
    if not form.is_valid():
        messages.error(
            request, _("Choose both pairs at every table, from the pairs in this round. Nothing was changed.")
        )
        return _back_to_round(round_)
    try:
        services.round_arrange(round_=round_, tables=form.arrangement())
    except ValidationError as error:
        _flash(request, error)
        messages.error(request, _("Nothing was changed."))
    else:
        messages.success(request, _("%(round)s is arranged as you chose.") % {"round": round_.title})
    return _back_to_round(round_)


def _closed_message(round_: KnockoutRound, created: list[KnockoutRound]) -> str:
    if not created:
        return _("%(round)s is closed: that was the final.") % {"round": round_.title}
    if len(created) == 1:
        return _("%(round)s is closed. %(next)s is drawn.") % {"round": round_.title, "next": created[0].title}
    figures = {"round": round_.title, "first": created[0].title, "second": ", ".join(r.title for r in created[1:])}
    return _("%(round)s is closed. %(first)s and %(second)s are drawn.") % figures


@require_POST
def knockout_round_close(request: DirectorRequest, knockout_id: int, bracket: str, number: int) -> HttpResponse:
    knockout, round_ = _round(request, knockout_id, bracket, number)
    view = selectors.round_view(round_)
    form = forms.CloseForm(request.POST, among=view.cut_among)
    if not form.is_valid():
        messages.error(request, _("Tick only pairs in the cut for best loser. The round stays open."))
        return _back_to_round(round_)
    try:
        created = services.round_close(round_=round_, cut=form.cleaned_data["cut"] or None)
    except ValidationError as error:
        _flash(request, error)
        return _back_to_round(round_)
    messages.success(request, _closed_message(round_, created))
    if created:
        return _back_to_round(created[0])
    return redirect("knockout_bracket", knockout_id=knockout.id)


@require_POST
def knockout_round_reopen(request: DirectorRequest, knockout_id: int, bracket: str, number: int) -> HttpResponse:
    _knockout, round_ = _round(request, knockout_id, bracket, number)
    try:
        services.round_reopen(round_=round_)
    except ValidationError as error:
        _flash(request, error)
    else:
        messages.success(
            request, _("%(round)s is open again: correct it, then close it again.") % {"round": round_.title}
        )
    return _back_to_round(round_)


# --- a match --------------------------------------------------------------------------------------------------


def _deal_form(
    match: KnockoutMatch, pad: selectors.PadView, data: Any = None, number: int | None = None
) -> forms.PadDealForm:
    names = selectors.seat_names(match)  # the form shows "Kathleen Smith (N)"
    row = next((r for r in pad.rows if r.number == number), None)
    initial = forms.deal_initial(row) if row else {"number": pad.next_number}
    return forms.PadDealForm(data, names=names, initial=initial)


def _record_deal(request: HttpRequest, match: KnockoutMatch, form: Any) -> ValidationError | None:
    if not form.is_valid():
        return ValidationError(_("Nothing was saved: correct the deal below."))
    contract, declarer, tricks, honours = form.cleaned_data["deal"]
    number = form.cleaned_data["number"]
    services.match_deal_record(
        match=match, number=number, contract=contract, declarer=declarer, tricks=tricks, honours=honours
    )
    messages.success(request, _("Deal %(number)s is on the pad.") % {"number": number})
    return None


def _record_totals(request: HttpRequest, match: KnockoutMatch, form: Any) -> ValidationError | None:
    if not form.is_valid():
        return ValidationError(_("Give both match totals as whole numbers of points. Nothing was saved."))
    services.match_totals_record(match=match, ns=form.cleaned_data["ns"], ew=form.cleaned_data["ew"])
    messages.success(request, _("Table %(table)s's totals are in.") % {"table": match.table})
    return None


def _remove_deal(request: HttpRequest, match: KnockoutMatch, form: Any) -> ValidationError | None:
    services.match_deal_remove(match=match)
    messages.success(request, _("The last deal is taken off the pad."))
    return None


def _decide(request: HttpRequest, match: KnockoutMatch, form: Any) -> ValidationError | None:
    if not form.is_valid():
        return ValidationError(_("Decide the tie by a cut or by one more deal."))
    match = services.match_decide(match=match, how=form.cleaned_data["how"], winner=form.cleaned_data["winner"])
    if form.cleaned_data["how"] == "deal" and match.entry == match.Entry.TOTALS:
        messages.success(
            request,
            _("One more deal decides the tie: enter the two totals after it below, or the pad deal by deal."),
        )
    elif form.cleaned_data["how"] == "deal":
        messages.success(request, _("One more deal decides the tie: enter it below."))
    else:
        winner = match.winner
        assert winner is not None  # a cut always names the pair that won it
        messages.success(request, _("The cut is made: %(pair)s won it.") % {"pair": winner.name})
    return None


ACTIONS = {
    "deal": (forms.PadDealForm, _record_deal),
    "totals": (forms.TotalsForm, _record_totals),
    "remove": (None, _remove_deal),
    "decide": (forms.DecideForm, _decide),
}


def _post_match(
    request: DirectorRequest, match: KnockoutMatch, pad: selectors.PadView
) -> tuple[HttpResponse | None, dict[str, BaseForm | None]]:
    """Run the posted action; (redirect, None) when done, else (None, bound forms to show again)."""
    action = request.POST.get("action", "")
    if action not in ACTIONS:
        messages.error(request, _("That is not something this page does: nothing was saved."))
        return None, {}
    form_class, handle = ACTIONS[action]
    form: BaseForm | None
    if form_class is forms.PadDealForm:
        form = _deal_form(match, pad, request.POST)
    else:
        form = form_class(request.POST) if form_class else None
    try:
        problem = handle(request, match, form)
    except ValidationError as error:
        problem = error
    if problem is None:
        return redirect(
            "knockout_match", match.round.knockout_id, match.round.bracket, match.round.number, match.table
        ), {}
    _flash(request, problem)
    return None, {f"{action}_form": form}


def knockout_match(request: DirectorRequest, knockout_id: int, bracket: str, number: int, table: int) -> HttpResponse:
    knockout, round_ = _round(request, knockout_id, bracket, number)
    match = selectors.match_get(round_, table)
    match.round = round_
    pad = selectors.match_pad(match, knockout.rules)
    bound: dict[str, BaseForm | None] = {}
    if request.method == "POST":
        done, bound = _post_match(request, match, pad)
        if done:
            return done
        if bound:
            return render(
                request, "knockout/match.html", _match_context(knockout, round_, match, pad, bound), status=200
            )
    editing = posted_number(request.GET.get("deal"))
    deal = editing if editing is not None and any(r.number == editing for r in pad.rows) else None
    bound = {"deal_form": _deal_form(match, pad, number=deal)} if deal else {}
    return render(request, "knockout/match.html", _match_context(knockout, round_, match, pad, bound))


def _form_number(form: BaseForm) -> int | None:
    raw = form.data.get("number") if form.is_bound else form.initial.get("number")
    return posted_number(raw or "")


def _match_context(
    knockout: Knockout,
    round_: KnockoutRound,
    match: KnockoutMatch,
    pad: selectors.PadView,
    bound: dict[str, BaseForm | None],
) -> dict[str, Any]:
    deal_form = bound.get("deal_form") or _deal_form(match, pad)
    number = _form_number(deal_form)
    editing = number is not None and number <= len(pad.rows)
    return {
        "knockout": knockout,
        "round": round_,
        "match": match,
        "pad": pad,
        "seats": selectors.seat_names(match),
        "rounds": selectors.knockout_rounds(knockout),
        "deal_form": deal_form,
        "deal_number": number,
        "editing": editing,
        "show_deal_form": pad.next_number is not None or editing,
        "totals_form": bound.get("totals_form")
        or forms.TotalsForm(initial={"ns": match.ns_total, "ew": match.ew_total} if match.finished else None),
        "tab": "rounds",
    }


# --- the bracket and the prints -------------------------------------------------------------------------------


def knockout_bracket(request: DirectorRequest, knockout_id: int) -> HttpResponse:
    """The bracket drawn, refreshing itself; ?projector=1 for the big screen (large type, no navigation)."""
    # Its poll (htmx, every 5 s): 304 and nothing read or drawn while the knockout is as shown.
    extra = sorted(request.GET.items())
    tag = live_selectors.bracket_etag(knockout_id, request.user, extra) if request.htmx else None
    if (same := unchanged(request, tag)) is not None:
        return same
    knockout = selectors.knockout_get(knockout_id, user=request.user)
    projector = request.GET.get("projector") == "1"
    # The big screen names each member as they chose; the director's own page in full (docs/names.md).
    bracket = selectors.bracket_view(knockout, Where.KNOCKOUT_BRACKET_BIG_SCREEN if projector else Where.DIRECTOR_PAGES)
    context = {
        "knockout": knockout,
        "bracket": bracket,
        "projector": projector,
        "names": bracket.short_names if projector else {},  # the big screen's shorter names, by the full name
        "tab": "bracket",
    }
    return live(request, "knockout/bracket.html", "knockout/_bracket_live.html", context, tag)


def _paper(request: HttpRequest, knockout: Knockout) -> str:
    """The club's paper ("A4" or "letter"); ?paper=letter or ?paper=A4 prints on the other this once."""
    asked = request.GET.get("paper", "").lower()
    if asked in ("a4", "letter"):
        return "letter" if asked == "letter" else "A4"
    return "letter" if knockout.club.paper == "letter" else "A4"


# The prints speak the club's language (its words are read inside `printed_for`, the selectors' too).


def knockout_bracket_pdf(request: DirectorRequest, knockout_id: int) -> HttpResponse:
    knockout = selectors.knockout_get(knockout_id, user=request.user)
    with l10n.printed_for(knockout.club):
        built = printing.bracket_pdf(
            selectors.knockout_book(knockout, where=Where.KNOCKOUT_BRACKET_PDF), pagesize=_paper(request, knockout)
        )
    return file_response(built)


def knockout_bracket_wall_pdf(request: DirectorRequest, knockout_id: int) -> HttpResponse:
    """The bracket for the wall: one landscape page, on the club's paper (or ?paper=letter, ?paper=A4)."""
    knockout = selectors.knockout_get(knockout_id, user=request.user)
    with l10n.printed_for(knockout.club):
        chart = selectors.bracket_view(knockout, Where.KNOCKOUT_WALL_PDF).chart
        built = printing.bracket_chart_pdf(chart, pagesize=_paper(request, knockout))
    return file_response(built)


def knockout_round_pdf(request: DirectorRequest, knockout_id: int, bracket: str, number: int) -> HttpResponse:
    knockout, round_ = _round(request, knockout_id, bracket, number)
    with l10n.printed_for(knockout.club):
        book = selectors.knockout_book(knockout, only=round_, where=Where.KNOCKOUT_DRAW_PDF)
        built = printing.draw_pdf(book, pagesize=_paper(request, knockout))
    return file_response(built)


def knockout_results_xlsx(request: DirectorRequest, knockout_id: int) -> HttpResponse:
    knockout = selectors.knockout_get(knockout_id, user=request.user)
    with l10n.printed_for(knockout.club):
        built = printing.results_xlsx(selectors.knockout_book(knockout, where=Where.KNOCKOUT_XLSX))
    return file_response(built, download=True)


def knockout_export(request: DirectorRequest, knockout_id: int) -> JsonResponse:
    knockout = selectors.knockout_get(knockout_id, user=request.user)
    response = JsonResponse(transfer.knockout_export(knockout), json_dumps_params={"indent": 1, "ensure_ascii": False})
    response["Content-Disposition"] = content_disposition(f"{slug(file_words('knockout'))}-{knockout.id}.json")
    return response

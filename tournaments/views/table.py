"""The table's own page, reached from the QR code on its table card: no login, one table only."""

import logging
from collections.abc import Iterable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse, QueryDict
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRefresh

from tournaments.directors import HtmxRequest
from tournaments.forms import rounds as forms
from tournaments.forms.common import posted_number
from tournaments.http import link_limit
from tournaments.models import DealEntry, Round, TableResult, TableToken
from tournaments.presentation import phone_page
from tournaments.selectors import live as live_selectors
from tournaments.selectors import rounds as round_selectors
from tournaments.selectors import table as table_selectors
from tournaments.selectors.live import PhonePatch
from tournaments.selectors.phone_read import TableRead
from tournaments.selectors.rounds import TableView
from tournaments.services import results as result_services
from tournaments.views import phone_patch
from tournaments.views.common import form_messages
from tournaments.views.rounds import _initial, _names, preview, stored_deals

log = logging.getLogger("tournaments.table")
THEME_COLOUR = "#0b4f8a"  # the site's blue (static/css/site.css --accent)
# A table's page as the selectors read it: the round being played, the round before, the table in it.
Page = tuple[Round | None, Round | None, TableView | None]


@login_not_required
@require_http_methods(["GET", "HEAD", "POST"])
def table_page(request: HtmxRequest, token: str) -> HttpResponseBase:
    if request.method == "POST" and (
        request.POST.get("action") in ("deal", "accept") or not request.POST.get("preview")
    ):
        return _saved(request, token)
    if request.method == "GET" and request.GET.get("state"):
        return _state(request, token)
    if request.method == "GET" and request.GET.get("all") != "1":
        if request.GET.get("part") == "1" and request.META.get("HTTP_IF_NONE_MATCH"):
            # The phone's poll asks for its part at once: 304 when nothing changed (one statement), else
            # the part, drawn in the same request (phone.js no longer asks twice).
            answered = _part_unchanged(request, token)
            if answered is not None:
                return answered
        # The deal-by-deal page, whole or its part (drawn again on every change at the table): two statements.
        drawn, refused = link_limit.check(request, table_selectors.phone_page, token)
        if drawn is None:
            assert refused is not None  # the check gives what it found or its refusal
            return refused
        table_token, page, deals = drawn
        return _render_deals(request, table_token, page, deals=deals)
    # The whole-round form drawn (?all=1) or previewed: two statements, and the result's deals for the form.
    found, refused = link_limit.check(request, table_selectors.form_page, token)
    if found is None:
        assert refused is not None  # the check gives what it found or its refusal
        return refused
    table_token, page = found
    if request.method == "POST":
        return _preview(request, table_token, page)
    if request.GET.get("all") == "1":
        return _render(request, table_token, page)
    return _render_deals(request, table_token, page)


def _saved(request: HtmxRequest, token: str) -> HttpResponse:
    """A save: a deal or its acceptance (the phone's script, or its form), the whole-round form, a side's
    agreement. Each reads the table as its service does, in one statement with the link (the service takes
    the read); the page only when the save is refused."""
    client_id = request.POST.get("client_id", "")  # never cut: a longer one is refused (SendRefused)
    posted, refused = link_limit.check(request, lambda key: table_selectors.phone_post(key, client_id), token)
    if posted is None:
        assert refused is not None  # the check gives what it found or its refusal
        return refused
    if request.POST.get("action") in ("deal", "accept"):
        return _post_one(request, *posted, client_id)
    return _post(request, *posted)


def _state(request: HttpRequest, token: str) -> HttpResponse:
    """The phone's poll (phone.js, every 5 s): one plain statement; 304 and nothing drawn when the
    phone's page already shows it (it sends the validator it holds as If-None-Match)."""
    state, refused = link_limit.check(request, _state_get, token)
    if state is None:
        assert refused is not None  # the check gives what it found or its refusal
        return refused
    tag = f'"{state["live"]}"'
    response: HttpResponse = HttpResponseNotModified() if live_selectors.matches(request, tag) else JsonResponse(state)
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


def _part_unchanged(request: HttpRequest, token: str) -> HttpResponse | None:
    """304 when the part the phone shows is current (the refusal, for too many wrong links); the
    table's last patch when the phone shows the page before it; None when the part must be drawn."""
    found, refused = link_limit.check(request, _poll_get, token)
    if found is None:
        return refused
    state, patch = found
    tag = f'"{state["live"]}"'
    if not live_selectors.matches(request, tag):
        return phone_patch.on_poll(request, state, patch)
    response = HttpResponseNotModified()
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


def _poll_get(token: str) -> tuple[dict[str, Any], PhonePatch | None]:
    found = live_selectors.phone_poll(token)
    if found is None:
        raise Http404
    return found


def _state_get(token: str) -> dict[str, Any]:
    state = live_selectors.phone_state(token)
    if state is None:
        raise Http404
    return state


def _not_seated(previous: Round | None, table: int, moves: list[tuple[str, int, str]]) -> list[tuple[str, bool]]:
    """Who sat at this table in the round before and has no seat now (gone home, sitting out). A table still
    playing after a change of plan (renumbered into a closed table's place) says so too, not only a closed
    one; a table whose four players all have a seat asks nothing more."""
    if previous is None or len(moves) >= 4:
        return []
    return table_selectors.not_seated_next(previous, table)


def _render_deals(
    request: HttpRequest,
    table_token: TableToken,
    page: Page,
    form: forms.DealForm | None = None,
    status: int = 200,
    deals: list[DealEntry] | None = None,
) -> HttpResponse:
    """The phone's deal-by-deal page: the deals so far, the one being played, the round clock."""
    current, previous, view = page
    correcting = _number(request.GET.get("deal"))
    context = table_selectors.deal_by_deal(table_token, page, correcting=correcting, deals=deals)
    if form is None and context["current"] is not None and view is not None and view.seats:
        assert view is not None  # a deal being played is at a table of the round
        form = forms.DealForm(prefix="deal", names=_names(view), initial=context["current"].initial)
    # Where everyone goes from the round before, until this round's first deal is in.
    moves = table_selectors.next_places(previous, table_token.table) if previous and not context["deals_in"] else []
    # A table a change of plan closed (issue 46): no seats this round; its phone says where its players went.
    gone = current is not None and not current.is_closed and view is not None and not view.seats
    told = gone or not context["deals_in"]  # the round's news, until its first deal is in
    not_seated = _not_seated(previous, table_token.table, moves) if told else []
    context |= {"form": form, "moves": moves, "previous": previous, "table_gone": gone, "not_seated": not_seated}
    if request.GET.get("part") == "1":  # the page's own part only (phone.js draws it again in place)
        return HttpResponse(phone_page.part_html(request, context), status=status)
    # The frame is the same for every table in one language, drawn once per language (presentation/phone_page.py).
    return HttpResponse(phone_page.page_html(request, context), status=status)


def _number(value: str | None) -> int | None:
    return posted_number(value)


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.META.get("HTTP_ACCEPT", "")  # not request.headers: built from all of META


def _answer(
    request: HttpRequest,
    table_token: TableToken,
    *,
    ok: bool,
    message: str,
    form: forms.DealForm | None = None,
    current: Round | None = None,
    saved: TableResult | None = None,
    status: int = 400,
    fields: Iterable[str] = (),
) -> HttpResponse:
    """The phone's script gets JSON (and keeps refused entries off its queue); a plain form, the page.
    `current`: the round the save has just read (a save never closes it), not read again; `saved`: the
    result as the save wrote it; `fields`: the deal's fields a refusal is about (the phone marks them)."""
    if _wants_json(request):
        state = table_selectors.table_state(table_token, current, saved)
        answer: dict[str, Any] = {"ok": ok, "message": message, "state": state}
        if fields:
            answer["fields"] = list(fields)
        if ok and saved is not None and current is not None:
            answer["patch"] = phone_patch.after_save(request, table_token, current, saved)
        return JsonResponse(answer, status=200 if ok else status)
    if ok:
        messages.success(request, message)
        return redirect("table_page", token=table_token.token)
    messages.error(request, message)
    page = table_selectors.table_page(table_token)
    return _render_deals(request, table_token, page, form=form, status=status)


def _post_one(
    request: HttpRequest, table_token: TableToken, current: Round | None, read: TableRead | None, client_id: str
) -> HttpResponse:
    """One deal saved, or one deal accepted, from the phone (a repeated send is recognised).

    Read before, in one statement: the token, the round, and the table in it as the save reads it.
    """
    posted_round = request.POST.get("round", "")
    if current is None or read is None or not read.seated:  # no read without a round
        message = _("There is no round to enter yet: wait for the director.")
        return _answer(request, table_token, ok=False, message=message)
    if posted_round != str(current.number) or current.is_closed:
        return _answer(
            request, table_token, ok=False,
            message=_("Round %(number)s is closed: results can no longer be entered for it.")
            % {"number": posted_round or "?"},
        )  # fmt: skip
    number, side = _number(request.POST.get("number")), request.POST.get("side", "NS")
    form = None
    try:
        if request.POST["action"] == "accept":
            saved = result_services.deal_accept(
                round_=current, table=table_token.table, number=number or 0, side=side,
                by_token=table_token, client_id=client_id, shown=request.POST.get("shown"), read=read,
            )  # fmt: skip
            said = _("Deal %(number)s accepted.") % {"number": number}
            return _answer(request, table_token, ok=True, message=said, current=current, saved=saved)
        deal = forms.plain_deal(request.POST) if _wants_json(request) else None  # the script's: no form
        if deal is None:
            seated = table_selectors.seat_names(current, table_token.table)
            names = {seat: seated.get(seat, "—") for seat in "NESW"}
            form = forms.DealForm(_passed_out_alone(request.POST), prefix="deal", names=names)
            if not form.is_valid() or not form.cleaned_data.get("deal"):
                errors = form_messages(form) or [_("Choose the contract, or Passed out.")]
                _refuse(request, table_token, _("Nothing was saved."), "; ".join(errors))
                fields = [name for name in form.errors if name != "__all__"]  # the phone marks these
                return _answer(request, table_token, ok=False, message=" ".join(errors), form=form, fields=fields)
            deal = form.cleaned_data["deal"]
        saved, notices = result_services.deal_record(
            round_=current, table=table_token.table, number=number or 0, deal=deal,
            side=side, by_token=table_token, client_id=client_id, correcting=request.POST.get("correcting") == "1",
            read=read,
        )  # fmt: skip
    except ValidationError as error:
        _refuse(request, table_token, _("Nothing was saved."), "; ".join(error.messages))
        status = 409 if isinstance(error, result_services.SendRefused) else 400
        return _answer(request, table_token, ok=False, message=" ".join(error.messages), form=form, status=status)
    parts = [_("Deal %(number)s saved.") % {"number": number}, *notices]
    return _answer(request, table_token, ok=True, message=" ".join(parts), current=current, saved=saved)


def _passed_out_alone(posted: QueryDict) -> QueryDict:
    """The "Passed out" button pressed (without the phone's script): the choices made before it go."""
    if "save" in posted or posted.getlist("deal-level")[-1:] != ["P"]:
        return posted
    data = posted.copy()
    for key in ("deal-strain", "deal-doubled", "deal-declarer", "deal-tricks"):
        data.pop(key, None)
    data.setlist("deal-level", ["P"])
    return data


def _render(
    request: HttpRequest, table_token: TableToken, page: Page, deal_forms_: list[forms.DealForm] | None = None
) -> HttpResponse:
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
    context: dict[str, Any] = {
        "party": party,
        "token": table_token,
        "round": current,
        "view": view,
        "rows": list(zip(round_selectors.round_deals(), deal_forms_, strict=True))
        if view and deal_forms_ is not None
        else [],
        "preview": shown if (result or (deal_forms_ and deal_forms_[0].is_bound)) else None,
        "moves": table_selectors.next_places(previous, table_token.table) if previous and not result else [],
        "previous": previous,
    }
    context["not_seated"] = _not_seated(previous, table_token.table, context["moves"]) if not result else []
    if current is not None and not current.is_closed and view is not None and not view.seats:
        # A table a change of plan closed (issue 46): no form; where its players went, as on the deals page.
        gone = table_selectors.not_seated_next(previous, table_token.table) if previous else []
        context |= {"table_gone": True, "not_seated": gone, "rows": [], "preview": None}
    return render(request, "phone/table.html", context)


def _refuse(request: HttpRequest, table_token: TableToken, message: str, detail: str) -> None:
    log.warning("table %s of party %s: refused entry: %s", table_token.table, table_token.party_id, detail)
    if not _wants_json(request):  # the script shows its own answer: kept, it would show on the next page
        messages.error(request, message)


def _form_problem(request: HttpRequest, current: Round | None, seated: bool) -> tuple[str, str] | None:
    """(message for the table, detail for the log) when the post cannot be taken at all."""
    posted_round = request.POST.get("round", "")
    if current is None or not seated:
        return _("There is no round to enter yet: wait for the director."), "no round"
    if posted_round != str(current.number):
        return _("That round is closed: results can no longer be entered for it."), f"round {posted_round!r}"
    if posted_number(request.POST.get("version")) is None:
        return _("The form was damaged: reload the page and enter again."), "version missing"
    extra = forms.extra_deals(request.POST)
    if extra:
        return _("A round has four deals, numbered 1 to 4: nothing was saved."), f"fields {extra}"
    return None


def _refused_at_once(request: HtmxRequest, table_token: TableToken, problem: tuple[str, str]) -> HttpResponse:
    _refuse(request, table_token, *problem)
    if request.htmx:
        # A page left open across a round change: draw the whole page again, never nest it in itself.
        return HttpResponseClientRefresh()
    return redirect("table_page", token=table_token.token)


def _preview(request: HtmxRequest, table_token: TableToken, page: Page) -> HttpResponse:
    """The whole-round form's preview: the round's figures as they would stand, nothing saved."""
    current, _previous, view = page
    problem = _form_problem(request, current, view is not None and bool(view.seats))
    if problem:
        return _refused_at_once(request, table_token, problem)
    assert view is not None  # else _form_problem refused the post
    deal_forms_ = forms.deal_forms(request.POST, names=_names(view))
    context = {"party": table_token.party, **preview(table_token.party, deal_forms_)}
    return render(request, "tournaments/_preview.html", context)


def _post(request: HtmxRequest, table_token: TableToken, current: Round | None, read: TableRead | None) -> HttpResponse:
    """The whole-round form's entry, or a side's agreement: saved, then the page again (a redirect)."""
    back = redirect("table_page", token=table_token.token)
    problem = _form_problem(request, current, read is not None and read.seated)
    if problem:
        return _refused_at_once(request, table_token, problem)
    assert current is not None and read is not None  # else _form_problem refused the post
    table, version = table_token.table, posted_number(request.POST["version"])
    try:
        # An agreement sends no deals: no forms are built (a third of its time under a round's burst).
        if request.POST.get("agree") in ("NS", "EW"):
            side = request.POST["agree"]
            result_services.result_agree(
                round_=current, table=table, side=side, by_token=table_token, expected_version=version, read=read
            )
            messages.success(request, _("Thank you: agreed."))
            return back
        # The deals as the script-less form posts them, read without forms where they are plain choices.
        deals = forms.plain_round(request.POST)
        if deals is None:
            deals, errors = forms.deals_from_forms(forms.deal_forms(request.POST))
            if errors or not deals:
                return _round_refused(request, table_token, errors)
        result_services.round_enter(
            round_=current, table=table, deals=deals, complete=len(deals) == 4, by_token=table_token,
            expected_version=version, read=read,
        )  # fmt: skip
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        _refuse(request, table_token, _("Nothing was saved."), "; ".join(error.messages))
        return back
    messages.success(request, _("Saved. Now both sides agree the result below.") if len(deals) == 4 else _("Saved."))
    return back


def _round_refused(request: HttpRequest, table_token: TableToken, errors: list[str]) -> HttpResponse:
    """The whole-round form again, with what was typed and what is wrong below each deal."""
    message = _("Nothing was saved: see what is wrong below the deals.") if errors else _("Enter at least one deal.")
    _refuse(request, table_token, message, "; ".join(errors) or "no deals")
    page = table_selectors.table_page(table_token)
    view = page[2]
    if view is None:  # the round went between the post's read and this one: the page as it is now
        return redirect("table_page", token=table_token.token)
    return _render(request, table_token, page, forms.deal_forms(request.POST, names=_names(view)))


@login_not_required
def table_manifest(request: HttpRequest, token: str) -> HttpResponse:
    """The table's page as an app on the phone's home screen."""
    table_token, refused = link_limit.check(request, table_selectors.token_get, token)
    if refused:
        return refused
    assert table_token is not None  # the check gives what it found or its refusal
    start = reverse("table_page", args=[table_token.token])
    manifest = {
        # In the phone's language (the browser asks for the manifest with its Accept-Language).
        "name": _("Table %(table)s · %(party)s") % {"table": table_token.table, "party": table_token.party.name},
        "short_name": _("Table %(table)s") % {"table": table_token.table},
        "start_url": start,
        "scope": "/t/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": "#ffffff",
        "icons": [
            {"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png"}
            for size in (192, 512)
        ],
    }
    return JsonResponse(manifest, content_type="application/manifest+json")


@login_not_required
def service_worker(request: HttpRequest) -> HttpResponse:
    response = render(request, "phone/sw.js", content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response

"""The director's evening: seats, the room, entering results, closing rounds, the movement sheet."""

from collections.abc import Callable, Sequence
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from tournaments import l10n
from tournaments.clock import round_clock
from tournaments.directors import DirectorRequest
from tournaments.forms import rounds as forms
from tournaments.forms.common import posted_number
from tournaments.http.once import once_only
from tournaments.models import Guest, Party, ResultChange, Round, TableResult
from tournaments.presentation.names import Namer, Where
from tournaments.rules import party as party_rules
from tournaments.rules.collation import by_name
from tournaments.selectors import live as live_selectors
from tournaments.selectors import midround as midround_selectors
from tournaments.selectors import party as party_selectors
from tournaments.selectors import rounds as round_selectors
from tournaments.selectors.names import party_namer
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services import seating as seating_services
from tournaments.tables import movement_rows_html, round_tiles_html, squares_html
from tournaments.templatetags.bridge import seat as seat_shown
from tournaments.views.common import ask_first, confirmed, error_messages, live, unchanged


def _back(request: HttpRequest) -> str | None:
    """The page to go back to, if it is one of this site's (never another site's address)."""
    back = request.POST.get("back") or ""
    return back if url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}) else None


def _flash_errors(request: HttpRequest, error: ValidationError) -> None:
    for message in error_messages(error):
        messages.error(request, message)


def party_seats(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    first = party.rounds.filter(number=1).first()
    # Echoed in the reader's letters (French "2 O" is West), as they typed them: parsed back the same.
    pins_text = "\n".join(f"{t} {seat_shown(s)} {n}" for t, s, n in party.pins)
    tables = round_selectors.round_tables(first) if first else []
    form = forms.PinsForm(request.POST or None, initial={"pins": pins_text})
    if request.method == "POST" and form.is_valid():
        try:
            pins = seating_services.pins_parse(form.cleaned_data["pins"], party=party)
            seating_services.seats_draw(party=party, pins=pins)
        except ValidationError as error:
            _flash_errors(request, error)
        else:
            messages.success(request, _("The seats are drawn. Check the tables, then print the tallies."))
            return redirect("party_seats", party_id=party.id)
    context = {
        "party": party,
        "form": form,
        "count": party_selectors.guest_count(party),
        "round": first,
        "tables": tables,
        "squares_html": squares_html(tables),
        "started": bool(
            first and (first.is_closed or first.clock_started_at or TableResult.objects.filter(round=first).exists())
        ),
        "tab": "seats",
    }
    return render(request, "tournaments/party_seats.html", context)


def round_current(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    current = round_selectors.round_current(party)
    if current is None:
        messages.info(request, _("Draw the seats first: round 1 starts from the draw."))
        return redirect("party_seats", party_id=party.id)
    return redirect("round_detail", party_id=party.id, number=current.number)


def _round_context(round_: Round) -> dict[str, Any]:
    tables = round_selectors.round_tables(round_)
    done, waiting = round_selectors.round_progress(tables)
    clock = None if round_.is_closed else round_clock(round_, round_.party.round_minutes, timezone.now())
    if clock is not None:
        round_selectors.mark_behind(tables, clock.deals_due)
    return {
        "round": round_,
        "party": round_.party,
        "tables": tables,
        "done": done,
        "waiting": waiting,
        "clock": clock,
        "behind": [t.number for t in tables if t.behind],
    }


def round_detail(request: DirectorRequest, party_id: int, number: int) -> HttpResponse:
    projector = request.GET.get("projector") == "1"
    tag = live_selectors.round_tiles_etag(party_id, number, request.user, projector) if request.htmx else None
    if (same := unchanged(request, tag)) is not None:
        return same
    round_ = round_selectors.round_of_mine(party_id, number, user=request.user)
    party = round_.party
    context = _round_context(round_) | {"tab": "rounds", "projector": projector}
    # The big screen names each member as they chose; the director's own page in full (docs/names.md).
    shown = party_namer(party.pk, Where.ROUND_BIG_SCREEN) if projector else Namer(Where.DIRECTOR_PAGES)
    context["tiles_html"] = round_tiles_html(
        context["tables"], party_id=party.id, round_number=round_.number, projector=projector, shown=shown
    )
    return live(request, "tournaments/round_detail.html", "tournaments/_round_tiles.html", context, tag)


@require_POST
def round_start(request: DirectorRequest, party_id: int, number: int) -> HttpResponse:
    """The director says the round starts: its clock runs from now."""
    party = party_selectors.party_get(party_id, user=request.user)
    round_ = round_selectors.round_get(party, number)
    try:
        round_services.round_start(round_=round_)
    except ValidationError as error:
        _flash_errors(request, error)
    else:
        messages.success(request, _("Round %(number)s has started: the clock runs.") % {"number": number})
    return redirect("round_detail", party_id=party.id, number=number)


CLOCK_ACTIONS: dict[str, tuple[Callable[..., Round], Promise]] = {
    "pause": (round_services.clock_pause, gettext_lazy("The clock is paused.")),
    "resume": (round_services.clock_resume, gettext_lazy("The clock runs again.")),
    "extend": (round_services.clock_extend, gettext_lazy("Two more minutes on the clock.")),
    "restart": (round_services.clock_restart, gettext_lazy("The clock starts again from now.")),
}


@require_POST
def round_clock_set(request: DirectorRequest, party_id: int, number: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    round_ = round_selectors.round_get(party, number)
    action = CLOCK_ACTIONS.get(request.POST.get("clock", ""))
    if action is None:
        messages.error(request, _("Pause, resume, extend or restart the clock."))
    else:
        try:
            action[0](round_=round_)
        except ValidationError as error:
            _flash_errors(request, error)
        else:
            messages.success(request, str(action[1]))
    return redirect("round_detail", party_id=party.id, number=number)


@require_POST
def round_close(request: DirectorRequest, party_id: int, number: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    round_ = round_selectors.round_get(party, number)
    try:
        following = round_services.round_close(round_=round_, another=request.POST.get("another") == "1")
    except ValidationError as error:
        _flash_errors(request, error)
        return redirect("round_detail", party_id=party.id, number=number)
    if following is None:
        messages.success(
            request, _("Round %(number)s closed: that was the last round. Here are the results.") % {"number": number}
        )
        return redirect("party_standings", party_id=party.id)
    messages.success(
        request,
        _("Round %(number)s closed. Round %(next)s: here is where everyone goes.")
        % {"number": number, "next": following.number},
    )
    return redirect("round_movement", party_id=party.id, number=following.number)


def round_movement(request: DirectorRequest, party_id: int, number: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    round_ = round_selectors.round_get(party, number)
    seats = round_selectors.round_seats(round_)  # read once, for the sheet and the squares
    moves, tables = round_selectors.movement_sheet(round_, seats), round_selectors.round_tables(round_, seats)
    context = {
        "party": party,
        "round": round_,
        "moves": moves,
        "move_rows": movement_rows_html(moves, show_from=round_.number > 1),
        "tables": tables,
        "squares_html": squares_html(tables),
        "reserves": [] if round_.is_closed else by_name(party.guests.filter(reserve=True), lambda g: g.name),
        "undoable": midround_selectors.undoable(round_),
        "tab": "rounds",
    }
    return render(request, "tournaments/round_movement.html", context)


@require_POST
def seat_swap(request: DirectorRequest, party_id: int, number: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    round_ = round_selectors.round_get(party, number)
    form = forms.SwapForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose two seats to swap: a table and a seat each."))
    else:
        try:
            first, second = seating_services.seat_swap(round_=round_, user=request.user, **form.cleaned_data)
        except ValidationError as error:
            _flash_errors(request, error)
        else:
            data = form.cleaned_data
            messages.success(
                request,
                _(
                    "%(first)s now sits at table %(other_table)s %(other_seat)s, %(second)s at table "
                    "%(table)s %(seat)s. The change is recorded."
                )
                % {
                    "first": first,
                    "second": second,
                    "table": data["table"],
                    "seat": seat_shown(data["seat"]),
                    "other_table": data["other_table"],
                    "other_seat": seat_shown(data["other_seat"]),
                },
            )
    return redirect(_back(request) or "round_movement", party_id=party.id, number=number)


@require_POST
def seat_replace(request: DirectorRequest, party_id: int, number: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    round_ = round_selectors.round_get(party, number)
    guest = get_object_or_404(Guest, pk=request.POST.get("guest") or 0, party=party)
    try:
        table, seat = int(request.POST.get("table", "")), request.POST.get("seat", "")
        seating_services.seat_replace(round_=round_, table=table, seat=seat, guest=guest, user=request.user)
    except ValueError:
        messages.error(request, _("Choose the table and seat the reserve takes."))
    except ValidationError as error:
        _flash_errors(request, error)
    else:
        messages.success(request, _("%(name)s takes the seat; the change is recorded.") % {"name": guest.name})
    return redirect("round_movement", party_id=party.id, number=number)


def _names(view: round_selectors.TableView) -> dict[str, str]:
    return {seat: view.name(seat) for seat in "NESW"}


def _initial(result: TableResult | None) -> dict[int, dict[str, Any]]:
    if result is None:
        return {}
    initial: dict[int, dict[str, Any]] = {}
    for deal in result.deals.all():
        if deal.contract == "PASS":
            initial[deal.number] = {"level": "P"}
            continue
        level, rest = deal.contract[0], deal.contract[1:]
        strain, doubled = rest[0], rest[1:]
        initial[deal.number] = {
            "level": level,
            "strain": strain,
            "doubled": doubled,
            "declarer": deal.declarer,
            "tricks": deal.tricks,
        }
    return initial


def stored_deals(result: TableResult | None) -> list[tuple[str, str, int]]:
    return [(d.contract, d.declarer, d.tricks) for d in result.deals.all()] if result else []


def preview(
    party: Party,
    deal_forms_: list[forms.DealForm] | None = None,
    deals: Sequence[tuple[str, str, int]] | None = None,
) -> dict[str, Any]:
    """Each deal's score and the round result so far, or the errors: nothing is saved.

    From the posted forms, or from deals already stored.
    """
    errors: list[str] = []
    if deal_forms_ is not None:
        deals, errors = forms.deals_from_forms(deal_forms_)
    assert deals is not None  # given, or read from the forms
    scored = []
    if not errors:
        try:
            scored = party_rules.score_round(deals, party.rules)
        except ValueError as error:
            errors.append(l10n.say(error))
    ns, ew = party_rules.net_result(scored)
    if party.tally_mode == "actual":
        ns, ew = party_rules.actual_points(scored)
    complete = len(scored) == party_rules.DEALS_PER_ROUND
    return {"scored": scored, "errors": errors, "ns": ns, "ew": ew, "complete": complete, "deals": deals}


def table_enter(request: DirectorRequest, party_id: int, number: int, table: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    round_ = round_selectors.round_get(party, number)
    view = round_selectors.table_view(round_, table)
    if not view.seats:
        raise Http404(_("No such table in this round."))
    names = _names(view)
    data = request.POST if request.method == "POST" else None
    deal_forms_ = forms.deal_forms(data, names=names, initial=_initial(view.result))
    deal_forms_[0].fields["level"].widget.attrs["autofocus"] = True  # the director types at once
    net_form = forms.NetForm(
        data if request.POST.get("mode") == "net" else None,
        initial={"ns": view.result.ns, "ew": view.result.ew} if view.result else None,
    )
    if request.method == "POST" and request.POST.get("preview"):
        return render(request, "tournaments/_preview.html", {"party": party, **preview(party, deal_forms_)})
    if request.method == "POST" and _net_over_deals(request, view) and not confirmed(request):
        return ask_first(
            request,
            question=ngettext(
                "Save the net figures instead of the %(count)s deal entered? That deal goes.",
                "Save the net figures instead of the %(count)s deals entered? Those deals go.",
                view.deals_in,
            )
            % {"count": view.deals_in},
            button=_("Save the net figures"),
            back=request.path,
        )
    if request.method == "POST":
        saved = _save(request, round_, table, deal_forms_, net_form, party)
        if saved:
            return redirect("round_detail", party_id=party.id, number=number)
    context = {
        "party": party,
        "round": round_,
        "view": view,
        "rows": list(zip(round_selectors.round_deals(), deal_forms_, strict=True)),
        "net_form": net_form,
        "preview": preview(party, deal_forms_) if data else preview(party, deals=stored_deals(view.result)),
        "history": view.result.changes.select_related("by_user", "by_token")[:20] if view.result else [],
        "tab": "rounds",
    }
    return render(request, "tournaments/table_enter.html", context)


def _net_over_deals(request: DirectorRequest, view: round_selectors.TableView) -> bool:
    """Net figures sent for a table whose deals are entered: the deals would go, so the director is asked."""
    return request.POST.get("mode") == "net" and view.deals_in > 0


def _save(
    request: DirectorRequest,
    round_: Round,
    table: int,
    deal_forms_: list[forms.DealForm],
    net_form: forms.NetForm,
    party: Party,
) -> bool:
    expected = posted_number(request.POST.get("version"))
    try:
        if request.POST.get("mode") == "net":
            if not net_form.is_valid():
                messages.error(request, _("Give both sides' round results as whole numbers."))
                return False
            net = (net_form.cleaned_data["ns"], net_form.cleaned_data["ew"])
            _result, notices = result_services.result_record(
                round_=round_, table=table, net=net, by_user=request.user, expected_version=expected
            )
        else:
            if forms.extra_deals(request.POST):
                messages.error(request, _("A round has four deals, numbered 1 to 4: nothing was saved."))
                return False
            deals, errors = forms.deals_from_forms(deal_forms_)
            if errors:
                messages.error(request, _("Nothing was saved: see what is wrong below the deals."))
                return False
            _result, notices = result_services.result_record(
                round_=round_, table=table, deals=deals, by_user=request.user, expected_version=expected
            )
    except ValidationError as error:
        _flash_errors(request, error)
        messages.error(request, _("Nothing was saved."))
        return False
    for notice in notices:
        messages.warning(request, l10n.say(notice))
    messages.success(request, _("Table %(table)s's result is in.") % {"table": table})
    return True


@require_POST
def result_cut(request: DirectorRequest, party_id: int, number: int, table: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    round_ = round_selectors.round_get(party, number)
    result = get_object_or_404(TableResult, round=round_, table=table)
    try:
        result_services.result_cut_override(result=result, winner=request.POST.get("winner", ""), by_user=request.user)
    except ValidationError as error:
        _flash_errors(request, error)
    else:
        messages.success(request, _("Table %(table)s: the cut is recorded as the director decided.") % {"table": table})
    return redirect("table_enter", party_id=party.id, number=number, table=table)


@require_POST
def result_lock(request: DirectorRequest, party_id: int, number: int, table: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    round_ = round_selectors.round_get(party, number)
    locked = request.POST.get("locked") == "1"
    try:
        result_services.result_lock(round_=round_, table=table, locked=locked, by_user=request.user)
    except ValidationError as error:
        _flash_errors(request, error)
    else:
        if locked:
            messages.success(request, _("Table %(table)s locked: only you can change it now.") % {"table": table})
        else:
            messages.success(request, _("Table %(table)s unlocked.") % {"table": table})
    return redirect("table_enter", party_id=party.id, number=number, table=table)


@require_POST
def result_undo(request: DirectorRequest, party_id: int, number: int, table: int, change_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    round_ = round_selectors.round_get(party, number)
    change = get_object_or_404(ResultChange, pk=change_id, result__round=round_, result__table=table)
    _result, notices = result_services.result_undo(change=change, by_user=request.user)
    for notice in notices:
        messages.warning(request, l10n.say(notice))
    messages.success(request, _("The change is undone (and the undo is in the history)."))
    return redirect("table_enter", party_id=party.id, number=number, table=table)


@require_POST
@once_only
def round_extend(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    try:
        following = round_services.round_extend(party=party)
    except ValidationError as error:
        _flash_errors(request, error)
        return redirect("party_dashboard", party_id=party.id)
    messages.success(request, _("Round %(number)s added. Here is where everyone goes.") % {"number": following.number})
    return redirect("round_movement", party_id=party.id, number=following.number)

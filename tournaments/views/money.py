"""Table money pages: the club's rates (Club page), and any event's night: fees, who paid and how."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.directors import DirectorRequest
from tournaments.forms import money as forms
from tournaments.models.money import EventKind
from tournaments.presentation.money import METHODS, NAVS, event_context_name, money_words
from tournaments.presentation.treasury import night_urls
from tournaments.selectors import clubs as club_selectors
from tournaments.selectors import table_money as selectors
from tournaments.selectors.event_players import MoneyEvent, Player, money_event, players
from tournaments.services import ledger
from tournaments.views.common import texts


def _refused(request: DirectorRequest, error: ValidationError) -> None:
    for message in error.messages:
        messages.error(request, message)


@require_POST
def club_money(request: DirectorRequest) -> HttpResponse:
    """The treasurer's (or an owner's) currency, rates and overdraft limit, from the Club page."""
    membership = club_selectors.current_membership(request)
    if membership is None:
        raise Http404
    club = membership.club
    form = forms.RatesForm(request.POST, club=club)
    if not form.is_valid():
        _refused(request, ValidationError([m for errors in form.errors.values() for m in texts(errors)]))
        return redirect("club_page")
    data = form.cleaned_data
    try:
        ledger.rates_save(
            club=club,
            currency=data["currency"],
            member_rate=data["member_rate"] or 0,
            visitor_rate=data["visitor_rate"] or 0,
            balance_floor=data["balance_floor"] or 0,
            by=request.user,
            results_mail_balance=data["results_mail_balance"],
        )
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("The club's table money is saved."))
    return redirect("club_page")


def party_money(request: DirectorRequest, party_id: int) -> HttpResponse:
    """The party's night: each guest's fee, what they paid and how, who is still to pay."""
    return event_money(request, EventKind.PARTY, party_id)


def event_money(request: DirectorRequest, kind: str, event_id: int) -> HttpResponse:
    """Any event's table money: each player's fee, what they paid and how, who is still to pay."""
    event = money_event(kind, event_id, user=request.user)
    return _page(request, event, fee_form=None)


def _urls(event: MoneyEvent) -> dict[str, str]:
    """The tab's own address and its forms' (a party keeps the addresses it had before the other kinds)."""
    if event.kind == EventKind.PARTY:
        names = ("party_money", "party_money_fee", "party_money_pay", "party_money_all_cash", "party_money_free")
        page, fee, pay, all_cash, free = (reverse(n, args=[event.id]) for n in names)
    else:
        names = ("event_money", "event_money_fee", "event_money_pay", "event_money_all_cash", "event_money_free")
        page, fee, pay, all_cash, free = (reverse(n, args=[event.kind, event.id]) for n in names)
    refund = reverse("event_money_refund", args=[event.kind, event.id])
    refunds = night_urls(event.kind, event.id)[1]
    return {
        "page": page, "fee": fee, "pay": pay, "all_cash": all_cash, "free": free, "refund": refund,
        "refunds": refunds,
    }  # fmt: skip


def _page(
    request: DirectorRequest, event: MoneyEvent, fee_form: forms.EventFeeForm | None, refund_form: bool = False
) -> HttpResponse:
    rows = selectors.night_of(event)
    rates = selectors.event_rates(event.club, event.kind, event.id)
    words = money_words(event.club)
    context = {
        "money": event,
        event_context_name(event.kind): event.event,
        "nav": NAVS.get(event.kind, ""),
        "urls": _urls(event),
        "lines": [words.line(row) for row in rows],
        "unpaid": [words.line(row) for row in selectors.unpaid(rows)],
        "removed": [words.removed(r) for r in selectors.removed(event)],
        "treasurer": selectors.is_treasurer(request, event.club),
        "refund_methods": METHODS,
        "rates": words.rates(rates),
        "methods": METHODS,
        "fee_form": fee_form or forms.EventFeeForm(initial=words.rates_initial(rates), club=event.club),
        "tab": "money",
    }
    bad = fee_form is not None or refund_form
    return render(request, "money/party_money.html", context, status=400 if bad else 200)


@require_POST
def party_money_fee(request: DirectorRequest, party_id: int) -> HttpResponse:
    return event_money_fee(request, EventKind.PARTY, party_id)


@require_POST
def event_money_fee(request: DirectorRequest, kind: str, event_id: int) -> HttpResponse:
    event = money_event(kind, event_id, user=request.user)
    form = forms.EventFeeForm(request.POST, club=event.club)
    if not form.is_valid():
        return _page(request, event, fee_form=form)
    try:
        ledger.event_fee_save(
            event=event, member_rate=form.cleaned_data["member_rate"], visitor_rate=form.cleaned_data["visitor_rate"]
        )
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("The table money of %(name)s is saved.") % {"name": event.name})
    return redirect(_urls(event)["page"])


def _player(event: MoneyEvent, player_id: int) -> Player:
    found = next((p for p in players(event) if p.pk == player_id), None)
    if found is None:
        raise Http404
    return found


@require_POST
def party_money_pay(request: DirectorRequest, party_id: int) -> HttpResponse:
    return event_money_pay(request, EventKind.PARTY, party_id)


@require_POST
def event_money_pay(request: DirectorRequest, kind: str, event_id: int) -> HttpResponse:
    """One tap: the player paid what they owe, by the method tapped."""
    event = money_event(kind, event_id, user=request.user)
    page = _urls(event)["page"]
    form = forms.PayForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose how it was paid."))
        return redirect(page)
    player = _player(event, form.cleaned_data["guest"])
    try:
        paid = ledger.pay_owed(event=event, player_id=player.pk, method=form.cleaned_data["method"], by=request.user)
    except ValidationError as error:
        _refused(request, error)
    else:
        if paid is None:
            messages.info(request, _("%(name)s owes nothing.") % {"name": player.name})
        else:
            messages.success(request, _("%(name)s paid.") % {"name": player.name})
    return redirect(page)


@require_POST
def party_money_all_cash(request: DirectorRequest, party_id: int) -> HttpResponse:
    return event_money_all_cash(request, EventKind.PARTY, party_id)


@require_POST
def event_money_all_cash(request: DirectorRequest, kind: str, event_id: int) -> HttpResponse:
    """Everyone still owing paid cash, in one step."""
    event = money_event(kind, event_id, user=request.user)
    count = ledger.all_owed_paid_cash(event=event, by=request.user)
    messages.success(request, _("Marked paid in cash: %(count)s.") % {"count": count})
    return redirect(_urls(event)["page"])


@require_POST
def party_money_free(request: DirectorRequest, party_id: int) -> HttpResponse:
    return event_money_free(request, EventKind.PARTY, party_id)


@require_POST
def event_money_free(request: DirectorRequest, kind: str, event_id: int) -> HttpResponse:
    """The hostess's free place for a player, or the place paying again."""
    event = money_event(kind, event_id, user=request.user)
    form = forms.FreeForm(request.POST)
    if form.is_valid():
        player = _player(event, form.cleaned_data["guest"])
        ledger.event_free_set(event=event, player=player, free=form.cleaned_data["free"], by=request.user)
    return redirect(_urls(event)["page"])


@require_POST
def event_money_refund(request: DirectorRequest, kind: str, event_id: int) -> HttpResponse:
    """Money paid for the night given back (a guest removed after paying, a fee come down): by a method, or
    credited to the member's balance. The treasurer or an owner, saying why."""
    event = money_event(kind, event_id, user=request.user)
    form = forms.RefundForm(request.POST, club=event.club)
    if not form.is_valid():
        _refused(request, ValidationError([m for errors in form.errors.values() for m in texts(errors)]))
        return redirect(_urls(event)["page"])
    data = form.cleaned_data
    try:
        ledger.event_refund(
            event=event, player_id=data["guest"], amount=data["amount"], method=data["method"],
            reason=data["reason"], by=request.user,
        )  # fmt: skip
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("The money is given back."))
    return redirect(_urls(event)["page"])


@require_POST
def director_treasurer(request: DirectorRequest, user_id: int) -> HttpResponse:
    """An owner's button on the Club page: this director is the club's treasurer, or no longer."""
    membership = club_selectors.current_membership(request)
    if membership is None:
        raise Http404
    treasurer = request.POST.get("treasurer") == "on"
    try:
        ledger.treasurer_set(club=membership.club, user_id=user_id, treasurer=treasurer, by=request.user)
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("The club's treasurers are saved."))
    return redirect("club_page")

"""Table money pages: the club's rates (Club page), and a party's night: fees, who paid and how."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.directors import DirectorRequest
from tournaments.forms import money as forms
from tournaments.models import Guest, Party
from tournaments.presentation.money import METHODS, money_words
from tournaments.selectors import clubs as club_selectors
from tournaments.selectors import table_money as selectors
from tournaments.selectors.party import party_get
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
        )
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("The club's table money is saved."))
    return redirect("club_page")


def party_money(request: DirectorRequest, party_id: int) -> HttpResponse:
    """The night's table money: each guest's fee, what they paid and how, who is still to pay."""
    party = party_get(party_id, user=request.user)
    return _page(request, party, fee_form=None)


def _page(request: DirectorRequest, party: Party, fee_form: forms.EventFeeForm | None) -> HttpResponse:
    rows = selectors.night(party)
    rates = selectors.party_rates(party)
    words = money_words(party.club)
    context = {
        "party": party,
        "lines": [words.line(row) for row in rows],
        "unpaid": [words.line(row) for row in selectors.unpaid(rows)],
        "rates": words.rates(rates),
        "methods": METHODS,
        "fee_form": fee_form or forms.EventFeeForm(initial=words.rates_initial(rates), club=party.club),
        "tab": "money",
        "treasurer": selectors.is_treasurer(request, party.club),
    }
    return render(request, "money/party_money.html", context, status=400 if fee_form else 200)


@require_POST
def party_money_fee(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_get(party_id, user=request.user)
    form = forms.EventFeeForm(request.POST, club=party.club)
    if not form.is_valid():
        return _page(request, party, fee_form=form)
    try:
        ledger.party_fee_save(
            party=party, member_rate=form.cleaned_data["member_rate"], visitor_rate=form.cleaned_data["visitor_rate"]
        )
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("The party's table money is saved."))
    return redirect("party_money", party.pk)


def _guest(party: Party, guest_id: int) -> Guest:
    return get_object_or_404(Guest, pk=guest_id, party=party)


@require_POST
def party_money_pay(request: DirectorRequest, party_id: int) -> HttpResponse:
    """One tap: the guest paid what they owe, by the method tapped."""
    party = party_get(party_id, user=request.user)
    form = forms.PayForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose how it was paid."))
        return redirect("party_money", party.pk)
    guest = _guest(party, form.cleaned_data["guest"])
    row = next(r for r in selectors.night(party) if r.guest.pk == guest.pk)
    if row.settled:
        messages.info(request, _("%(name)s owes nothing.") % {"name": guest.name})
        return redirect("party_money", party.pk)
    try:
        method = form.cleaned_data["method"]
        ledger.fee_paid(club=party.club, guest=guest, amount=row.owed, method=method, by=request.user)
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("%(name)s paid.") % {"name": guest.name})
    return redirect("party_money", party.pk)


@require_POST
def party_money_all_cash(request: DirectorRequest, party_id: int) -> HttpResponse:
    """Everyone still owing paid cash, in one step."""
    party = party_get(party_id, user=request.user)
    owed = [(r.guest, r.owed) for r in selectors.unpaid(selectors.night(party))]
    count = ledger.all_paid_cash(party=party, owed=owed, by=request.user)
    messages.success(request, _("Marked paid in cash: %(count)s.") % {"count": count})
    return redirect("party_money", party.pk)


@require_POST
def party_money_free(request: DirectorRequest, party_id: int) -> HttpResponse:
    """The hostess's free place for a guest, or the place paying again."""
    party = party_get(party_id, user=request.user)
    form = forms.FreeForm(request.POST)
    if form.is_valid():
        guest = _guest(party, form.cleaned_data["guest"])
        ledger.free_place_set(guest=guest, free=form.cleaned_data["free"], by=request.user)
    return redirect("party_money", party.pk)


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

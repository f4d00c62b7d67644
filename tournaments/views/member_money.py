"""A member's table money: their balance, a top-up recorded by a director, their statement (page and CSV)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.directors import DirectorRequest
from tournaments.forms.money import CorrectForm, TopUpForm
from tournaments.models import Member, MoneyRow
from tournaments.presentation.money import ledger_csv, money_words, statement_lines
from tournaments.selectors.ledger import balance_of, statement
from tournaments.selectors.members import member_get
from tournaments.selectors.table_money import is_treasurer
from tournaments.services import ledger
from tournaments.views.common import content_disposition, texts


def member_money(request: DirectorRequest, member_id: int) -> HttpResponse:
    member = member_get(member_id, user=request.user)
    return _page(request, member, TopUpForm(club=member.club), status=200)


def _page(request: DirectorRequest, member: Member, form: TopUpForm, status: int) -> HttpResponse:
    words = money_words(member.club)
    context = {
        "member": member,
        "balance": words.amount(balance_of(member)),
        "lines": statement_lines(statement(member), words),
        "form": form,
        "treasurer": is_treasurer(request, member.club),
    }
    return render(request, "money/member_money.html", context, status=status)


@require_POST
def member_top_up(request: DirectorRequest, member_id: int) -> HttpResponse:
    member = member_get(member_id, user=request.user)
    form = TopUpForm(request.POST, club=member.club)
    if not form.is_valid():
        return _page(request, member, form, status=400)
    data = form.cleaned_data
    try:
        ledger.top_up(
            club=member.club, member=member, amount=data["amount"], method=data["method"],
            reference=data["reference"], by=request.user,
        )  # fmt: skip
    except ValidationError as error:
        for message in texts(error.messages):
            form.add_error(None, message)
        return _page(request, member, form, status=400)
    messages.success(request, _("The top-up is recorded."))
    return redirect("member_money", member_id=member.pk)


def member_statement_csv(request: DirectorRequest, member_id: int) -> HttpResponse:
    """The member's statement as the ledger command writes it (the same columns)."""
    member = member_get(member_id, user=request.user)
    data = ledger_csv(statement(member), member.club.currency)
    response = HttpResponse(data, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition(f"statement-{member.pk}.csv")
    return response


@require_POST
def member_correct(request: DirectorRequest, member_id: int) -> HttpResponse:
    """The treasurer reverses one of the member's rows, saying why."""
    member = member_get(member_id, user=request.user)
    form = CorrectForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why the row is corrected."))
        return redirect("member_money", member_id=member.pk)
    row = get_object_or_404(MoneyRow, pk=form.cleaned_data["row"], club=member.club, member=member)
    try:
        ledger.correct(row=row, reason=form.cleaned_data["reason"], by=request.user)
    except ValidationError as error:
        for message in texts(error.messages):
            messages.error(request, message)
    else:
        messages.success(request, _("The row is corrected."))
    return redirect("member_money", member_id=member.pk)

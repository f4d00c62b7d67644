"""The treasurer's pages: the view of every night's table money and a period's sum, its XLSX and CSV files,
the corrections page, and a night's refunds. Only the club's treasurer or an owner: a director who is
neither gets 403 (the page is the club's, not hers to read); another club's director never finds a party (404)."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.directors import DirectorRequest
from tournaments.files.money_exports import treasury_csv, treasury_xlsx
from tournaments.forms.money import CorrectForm
from tournaments.forms.treasury import PeriodForm, RefundForm
from tournaments.models import Club, MoneyRow
from tournaments.models.money import EventKind
from tournaments.presentation import treasury as words_of
from tournaments.presentation.money import (
    NAVS,
    NightLine,
    RemovedLine,
    event_context_name,
    money_words,
    statement_lines,
)
from tournaments.presentation.treasury import night_urls
from tournaments.selectors import clubs as club_selectors
from tournaments.selectors import table_money
from tournaments.selectors.event_players import MoneyEvent, money_event
from tournaments.selectors.ledger import ledger_lines, lines_for
from tournaments.selectors.treasury import Period, this_month, treasury
from tournaments.services import ledger
from tournaments.views.common import content_disposition, texts

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _treasurers_club(request: DirectorRequest) -> Club:
    membership = club_selectors.current_membership(request)
    if membership is None:
        raise Http404
    if not membership.is_treasurer:
        raise PermissionDenied
    return membership.club


def _period(request: DirectorRequest, club: Club) -> tuple[PeriodForm, Period]:
    form = PeriodForm(request.GET or None)
    start, end = form.period(this_month(timezone.localdate(timezone=club.zone)))
    return form, treasury(club, start, end)


def _query(period: Period) -> str:
    return f"?start={period.start:%Y-%m-%d}&end={period.end:%Y-%m-%d}"


def treasury_page(request: DirectorRequest) -> HttpResponse:
    """Per night: takings by method, free places, what is still owed; then the period's sum."""
    club = _treasurers_club(request)
    form, period = _period(request, club)
    words = money_words(club)
    context = {
        "club": club,
        "form": form,
        "period": period,
        "nights": [words_of.night_words(n, words) for n in period.nights],
        "total": words_of.night_words(period.sum, words),
        "methods": words_of.method_headings(),
        "query": _query(period),
    }
    return render(request, "money/treasury.html", context)


def treasury_xlsx_file(request: DirectorRequest) -> HttpResponse:
    club = _treasurers_club(request)
    _form, period = _period(request, club)
    lines = lines_for(club, period.rows)
    data = treasury_xlsx(period, club.currency, words_of.headings(), lines, words_of.total_label())
    response = HttpResponse(data, content_type=XLSX)
    response["Content-Disposition"] = content_disposition(f"{_('table-money')}-{period.start}-{period.end}.xlsx")
    return response


def treasury_csv_file(request: DirectorRequest) -> HttpResponse:
    club = _treasurers_club(request)
    _form, period = _period(request, club)
    data = treasury_csv(period, club.currency, words_of.headings()["nights"], words_of.total_label())
    response = HttpResponse(data, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition(f"{_('table-money')}-{period.start}-{period.end}.csv")
    return response


def treasury_rows(request: DirectorRequest) -> HttpResponse:
    """The corrections page: every row of the period, each with a Reverse button and a box for why."""
    club = _treasurers_club(request)
    form, period = _period(request, club)
    lines = ledger_lines(club, period.start, period.end)
    context = {
        "form": form,
        "period": period,
        "lines": zip(statement_lines(lines, money_words(club)), (line.who for line in lines), strict=True),
        "query": _query(period),
    }
    return render(request, "money/treasury_rows.html", context)


@require_POST
def treasury_correct(request: DirectorRequest) -> HttpResponse:
    club = _treasurers_club(request)
    form = CorrectForm(request.POST)
    back = reverse("treasury_rows") + (f"?{request.GET.urlencode()}" if request.GET else "")
    if not form.is_valid():
        messages.error(request, _("Say why the row is corrected."))
        return redirect(back)
    row = get_object_or_404(MoneyRow, pk=form.cleaned_data["row"], club=club)
    try:
        ledger.correct(row=row, reason=form.cleaned_data["reason"], by=request.user)
    except ValidationError as error:
        for message in texts(error.messages):
            messages.error(request, message)
    else:
        messages.success(request, _("The row is corrected."))
    return redirect(back)


def _refund_choices(event: MoneyEvent) -> tuple[list[NightLine], list[RemovedLine], dict[int, tuple[str, str]]]:
    """Who paid for the night: its players who paid, then those who paid and no longer play (a guest removed
    after paying, a pair withdrawn, an entry cancelled), each by number with their name and what they paid."""
    words = money_words(event.club)
    lines = [words.line(row) for row in table_money.night_of(event) if row.paid > 0]
    gone = [words.removed(row) for row in table_money.removed(event)]
    paid = {line.guest_id: (line.name, line.paid) for line in lines}
    for line in gone:
        paid[line.player_id] = (line.name or _("Player no. %(number)s") % {"number": line.player_id}, line.paid)
    return lines, gone, paid


def _form(event: MoneyEvent, paid: dict[int, tuple[str, str]], data: QueryDict | None = None) -> RefundForm:
    guests = [(pk, f"{name} ({amount})") for pk, (name, amount) in paid.items()]
    return RefundForm(data, club=event.club, guests=guests)


def _refund_page(request: DirectorRequest, event: MoneyEvent, form: RefundForm | None, status: int) -> HttpResponse:
    lines, gone, choices = _refund_choices(event)
    context = {
        "money": event,
        event_context_name(event.kind): event.event,
        "nav": NAVS.get(event.kind, ""),
        "money_url": night_urls(event.kind, event.id)[0],
        "form": form or _form(event, choices),
        "lines": lines,
        "removed": gone,
        "tab": "money",
    }
    return render(request, "money/treasury_refund.html", context, status=status)


def party_money_refund(request: DirectorRequest, party_id: int) -> HttpResponse:
    """A party night's refunds, at the address it had before the other kinds."""
    return event_money_refunds(request, EventKind.PARTY, party_id)


def event_money_refunds(request: DirectorRequest, kind: str, event_id: int) -> HttpResponse:
    """A night's refunds, for any kind of event: money given back to a player who paid (or who paid and no
    longer plays), by a method or credited to their member's balance; the treasurer or an owner, saying why."""
    event = money_event(kind, event_id, user=request.user)
    if not table_money.is_treasurer(request, event.club):
        raise PermissionDenied
    if request.method != "POST":
        return _refund_page(request, event, None, 200)
    paid = _refund_choices(event)[2]
    form = _form(event, paid, request.POST)
    if not form.is_valid():
        return _refund_page(request, event, form, 400)
    data = form.cleaned_data
    try:
        ledger.event_refund(event=event, player_id=data["guest"], amount=data["amount"], method=data["method"],
                            reason=data["reason"], by=request.user)  # fmt: skip
    except ValidationError as error:
        for message in texts(error.messages):
            form.add_error(None, message)
        return _refund_page(request, event, form, 400)
    name = paid[data["guest"]][0]
    messages.success(request, _("The refund to %(name)s is recorded.") % {"name": name})
    return redirect(night_urls(event.kind, event.id)[1])

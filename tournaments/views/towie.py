"""The Towie pages: the tables, setting one up, the seat draw, the seats, the score sheet, settlement and print.

A table's pages are reached by a director (logged in) or by the table's own phone link (`p/<token>/`),
which opens that one table and nothing else. Views parse, call a service or a selector, and render.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, Concatenate

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.forms import BaseForm
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import l10n
from tournaments.directors import DirectorRequest, HtmxRequest
from tournaments.forms import towie as forms
from tournaments.forms.common import posted_number, timing_initial
from tournaments.http import link_limit
from tournaments.http.once import once_only
from tournaments.http.site_url import is_loopback_url, site_url
from tournaments.models import Club, Party, TowieTable
from tournaments.printing import towie as towie_printing
from tournaments.selectors import live_cards
from tournaments.selectors import party as party_selectors
from tournaments.selectors import towie as selectors
from tournaments.selectors.clubs import LANGUAGE_KEY, current_club
from tournaments.services import towie as services
from tournaments.views.common import add_errors, error_messages, file_response, live, unchanged
from tournaments.views.forms_flow import delete_asked, form_saved

# htmx stops polling on this status: a live page whose table is gone says so once, and asks no more.
STOP_POLLING = 286


@dataclass(frozen=True)
class Access:
    """How a table's page was reached: by a director, or by the table's phone link (token)."""

    table: TowieTable
    token: str | None = None

    @property
    def phone(self) -> bool:
        return self.token is not None

    def url(self, name: str, *args: object) -> str:
        if self.token is not None:
            return reverse(f"towie_phone_{name}", args=[self.token, *args])
        return reverse(f"towie_{name}", args=[self.table.pk, *args])


def _stop_polling(message: str) -> HttpResponse:
    """The answer to a live page's poll that can no longer be answered with the sheet."""
    return HttpResponse(format_html('<p class="notice" role="alert">{}</p>', message), status=STOP_POLLING)


def _speak_as_director(request: HttpRequest, table: TowieTable) -> None:
    """A director's page speaks as the other director pages do (the middleware's choice for them):
    the director's own language, else the club's, with the club's numbers. The table's phone link
    keeps the browser's language (guests at one table may differ)."""
    club = table.club
    language = request.session.get(LANGUAGE_KEY) or club.language
    if language:
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
    l10n.set_style(club.format_style)


def _club_paper(club: Club) -> str:
    return "letter" if club.paper == "letter" else "A4"


def _paper(request: HttpRequest, club: Club) -> str:
    """The paper of a printout: ?paper=letter or ?paper=A4 when asked, else the club's own."""
    asked = request.GET.get("paper", "").lower()
    if asked in ("a4", "letter"):
        return "A4" if asked == "a4" else "letter"
    return _club_paper(club)


# A table's page as written (it is given the table) and as routed (by the table's id or its phone link).
TableView = Callable[Concatenate[HtmxRequest, "Access", ...], HttpResponseBase]
Routed = Callable[Concatenate[HtmxRequest, ...], HttpResponseBase]


def table_page(view: TableView) -> Routed:
    """Give the view the table, from its id (a director must be logged in) or from its phone link.

    A live page's poll (htmx) that finds no table, or no login, gets a notice and stops polling,
    instead of a login page or an error swapped into the sheet.
    """

    @wraps(view)
    def wrapper(
        request: HtmxRequest, *args: Any, table_id: int | None = None, token: str | None = None, **kwargs: Any
    ) -> HttpResponseBase:
        try:
            if token is not None:
                table, refused = link_limit.check(request, selectors.towie_by_token, token)
                if table is None:  # too many wrong links: refused, with no table
                    assert refused is not None  # the check gives the table or the refusal
                    return _stop_polling(_("This link no longer opens the table.")) if request.htmx else refused
                access = Access(table, token)
            elif not request.user.is_authenticated:
                if request.htmx:
                    return _stop_polling(_("You are logged out: reload the page and log in to see the sheet."))
                return redirect_to_login(request.get_full_path())
            else:
                assert table_id is not None  # a director's URL carries the table's id, a phone's its token
                access = Access(selectors.towie_get(table_id, user=request.user))
                _speak_as_director(request, access.table)
        except Http404:
            # A live page's poll of a table gone stops polling; anything posted (a foreign director's
            # form, htmx or not) gets the plain 404 of every other page.
            if request.htmx and request.method == "GET":
                return _stop_polling(_("This link no longer opens the table: ask the director for the new one."))
            raise
        return view(request, access, *args, **kwargs)

    # The phone link needs no login; the director's way in checks the login itself, above.
    return login_not_required(wrapper)


def _flash(request: HttpRequest, error: ValidationError) -> None:
    for message in error_messages(error):
        messages.error(request, message)


def _deal_errors(form: BaseForm, error: ValidationError) -> None:
    """A service's error next to the field it is about; the contract's on its level."""
    if hasattr(error, "error_dict") and "contract" in error.error_dict:
        error = ValidationError({("level" if k == "contract" else k): v for k, v in error.error_dict.items()})
    add_errors(form, error)


def _phone_link(request: HttpRequest, table: TowieTable) -> str:
    """The table's phone link as phones reach this site (as the party's table cards print it)."""
    return site_url(request) + reverse("towie_phone_sheet", args=[table.token])


def _phone_context(request: HttpRequest, table: TowieTable) -> dict[str, Any]:
    """The phone link, its QR code, and whether phones can reach it at all (for a director's page)."""
    link = _phone_link(request, table)
    label = _("QR code of the phone link for %(table)s") % {"table": table.name}
    paper = _club_paper(table.club)
    other = "A4" if paper == "letter" else "letter"
    words = {"A4": "A4", "letter": _("US Letter")}
    return {
        "paper_words": words[paper],  # the club's paper, with no ?paper=
        "other_paper": other,
        "other_paper_words": words[other],
        "phone_link": link,
        # Our own markup: squares drawn from the link by the QR encoder, the label escaped there.
        "phone_qr": mark_safe(towie_printing.qr_svg(link, label=label)),
        "phones_cannot_reach": is_loopback_url(link),
    }


# --- the tables --------------------------------------------------------------------------------


def towie_list(request: DirectorRequest) -> HttpResponse:
    party = None
    party_id = posted_number(request.GET.get("party"))
    if party_id is not None:
        party = party_selectors.party_get(party_id, user=request.user)
    club = current_club(request)
    # A director in no club has no tables (none has a club of None).
    tables = selectors.towie_list(club, party) if club else []
    return render(request, "towie/list.html", {"tables": tables, "party": party})


def _party_from(request: DirectorRequest) -> Party | None:
    party_id = posted_number(request.POST.get("party") or request.GET.get("party"))
    return party_selectors.party_get(party_id, user=request.user) if party_id is not None else None


@once_only
def towie_create(request: DirectorRequest) -> HttpResponseBase:
    party = _party_from(request)
    offer = selectors.party_candidates(party) if party else None
    initial = {"name": "Towie", "date": timezone.localdate()} | timing_initial(current_club(request))
    if party and offer:
        initial |= {"name": _("Towie at %(party)s") % {"party": party.name}, "date": party.date}
        initial |= {"start_time": party.start_time, "length_minutes": party.length_minutes}
        initial |= forms.TowieTableForm.initial_players(offer.players)
    form = forms.TowieTableForm(request.POST or None, initial=initial)
    done = form_saved(
        request,
        form,
        lambda data: services.towie_table_create(
            name=data["name"],
            date=data["date"],
            stake=data["stake"],
            **form.timing(),
            players=data["players"],
            party=party,
            user=request.user,
            club=current_club(request),
            picked=data["picked"],
        ),
        said=_("The table is set up. Now draw for seats."),
        then=lambda table: redirect("towie_sheet", table_id=table.pk),
    )
    context = {"form": form, "party": party, "offer": offer, "creating": True}
    return done or render(request, "towie/table_form.html", context)


def towie_edit(request: DirectorRequest, table_id: int) -> HttpResponseBase:
    table = selectors.towie_get(table_id, user=request.user)
    players = selectors.towie_players(table)
    initial = {"name": table.name, "date": table.date, "stake": table.stake}
    initial |= {"start_time": table.start_time, "length_minutes": table.length_minutes}
    form = forms.TowieTableForm(
        request.POST or None, initial=initial | forms.TowieTableForm.initial_players([p.name for p in players])
    )
    was_drawn = table.is_drawn
    done = form_saved(
        request,
        form,
        lambda data: services.towie_table_update(
            table=table,
            name=data["name"],
            date=data["date"],
            stake=data["stake"],
            **form.timing(),
            players=data["players"],
            picked=data["picked"],
        ),
        said=lambda saved: (
            _("Saved. The players changed: draw for seats again.") if was_drawn and not saved.is_drawn else _("Saved.")
        ),
        then=lambda _saved: redirect("towie_sheet", table_id=table.pk),
    )
    if done:
        return done
    access = Access(table)
    context = {"form": form, "table": table, "access": access, "creating": False, "tab": "settings", "players": players}
    return render(request, "towie/table_form.html", context | _phone_context(request, table))


def towie_card_pdf(request: DirectorRequest, table_id: int) -> HttpResponse:
    """The card to leave on the table: its name, players and the QR code of its phone link."""
    table = selectors.towie_get(table_id, user=request.user)
    card = selectors.towie_card(table, _phone_link(request, table))
    with l10n.printed_for(table.club):
        return file_response(towie_printing.towie_card_pdf(card, pagesize=_paper(request, table.club)))


@require_POST
def towie_link_renew(request: DirectorRequest, table_id: int) -> HttpResponse:
    services.towie_link_renew(table=selectors.towie_get(table_id, user=request.user))
    messages.success(request, _("The table has a new phone link: the old one no longer works."))
    return redirect("towie_edit", table_id=table_id)


@require_POST
def towie_delete(request: DirectorRequest, table_id: int) -> HttpResponseBase:
    table = selectors.towie_get(table_id, user=request.user)
    return delete_asked(
        request,
        question=_("Delete %(name)s and its whole sheet?") % {"name": table.name},
        button=_("Delete"),
        back=reverse("towie_edit", args=[table.pk]),
        delete=lambda: services.towie_table_delete(table=table),
        said=_("%(name)s is deleted.") % {"name": table.name},
        to="towie_list",
    )


# --- the sheet ---------------------------------------------------------------------------------


def _sheet_context(
    request: HtmxRequest,
    access: Access,
    deal_form: forms.TowieDealForm | None = None,
    cards_form: forms.CardsForm | None = None,
) -> dict[str, Any]:
    page = selectors.sheet_page(access.table)
    if deal_form is None:
        deal_form = forms.TowieDealForm(initial={"kind": "played", "dealer": page.dealer, "number": page.next_number})
    # A poll brings back the state its page was opened with: a newer sheet means the form is out of date.
    shown = request.GET.get("shown", "")[:16] if request.htmx else ""
    context = {
        "table": access.table,
        "access": access,
        "page": page,
        "shown": shown or page.state,
        "stale": bool(shown) and shown != page.state,
        "oob": bool(request.htmx),
        "deal_form": deal_form,
        "cards_form": cards_form or forms.CardsForm(players=page.names),
        "tab": "sheet",
    }
    if not access.phone and not request.htmx:
        context |= _phone_context(request, access.table)
    return context


def sheet_poll(view: Routed) -> Routed:
    """A sheet's poll (htmx, every 5 s, from the director's page or the table's phone) that finds
    the sheet as it showed it: 304, before the table is even read (selectors/live_cards.py). A table
    gone, a link renewed or another club's table has no validator: the poll goes on to `table_page`,
    which answers it as it always has."""

    @wraps(view)
    def wrapper(
        request: HtmxRequest, *args: Any, table_id: int | None = None, token: str | None = None, **kwargs: Any
    ) -> HttpResponseBase:
        tag = None
        if request.htmx and request.method == "GET":
            shown = request.GET.get("shown", "")[:16]
            language = request.session.get(LANGUAGE_KEY)
            tag = live_cards.towie_sheet_etag(
                table_id=table_id, token=token, user=request.user, language=language, shown=shown
            )
            if (same := unchanged(request, tag)) is not None:
                return same
        return view(request, *args, table_id=table_id, token=token, tag=tag, **kwargs)

    return login_not_required(wrapper)


@sheet_poll
@table_page
def towie_sheet(request: HtmxRequest, access: Access, tag: str | None = None) -> HttpResponse:
    """The score sheet, with the form for the next deal (a POST here records it).

    The page keeps itself up to date: htmx asks for the sheet and totals every few seconds and
    replaces only them, never the entry form being filled in (`tag`: the poll's validator).
    """
    if request.method != "POST":
        return live(request, "towie/sheet.html", "towie/_sheet_live.html", _sheet_context(request, access), tag)
    form = forms.TowieDealForm(request.POST)
    if form.is_valid():
        try:
            services.towie_deal_record(table=access.table, **form.service_arguments, number=form.expected_number)
        except ValidationError as error:
            _deal_errors(form, error)
        else:
            messages.success(request, _("Deal entered."))
            return redirect(access.url("sheet"))
    messages.error(request, _("Nothing was saved: correct the deal below."))
    return render(request, "towie/sheet.html", _sheet_context(request, access, deal_form=form))


@table_page
@require_POST
def towie_draw(request: HtmxRequest, access: Access) -> HttpResponse:
    """Draw for seats: the software draws the cards, or the players enter the cards they drew."""
    cards = None
    if request.POST.get("how") == "cards":
        form = forms.CardsForm(request.POST, players=[p.name for p in selectors.towie_players(access.table)])
        if not form.is_valid():
            messages.error(request, _("Nothing was saved: correct the cards below."))
            return render(request, "towie/sheet.html", _sheet_context(request, access, cards_form=form))
        cards = form.cleaned_data["cards"]
    try:
        draw = services.towie_seats_draw(table=access.table, cards=cards)
    except ValidationError as error:
        _flash(request, error)
    else:
        messages.success(request, _("%(name)s drew the highest card and deals first.") % {"name": draw.dealer})
    return redirect(access.url("sheet"))


@table_page
def towie_seats(request: HtmxRequest, access: Access) -> HttpResponse:
    """Who plays the next deal: the rules' proposal and why, and the table's own choice."""
    page = selectors.sheet_page(access.table)
    picture = page.seat_picture
    initial = {"dealer": picture.get("south"), "left": picture.get("west"), "beyond": picture.get("north")}
    form = forms.SeatsForm(request.POST or None, players=page.names, initial=initial)
    if request.method == "POST":
        try:
            if request.POST.get("reset"):
                services.towie_seats_reset(table=access.table)
                messages.success(request, _("Back to the seats the rules propose."))
                return redirect(access.url("sheet"))
            if form.is_valid():
                data = form.cleaned_data
                services.towie_seats_choose(table=access.table, seated=data["seated"], dealer=data["dealer"])
                messages.success(request, _("The seats for the next deal are changed."))
                return redirect(access.url("sheet"))
        except ValidationError as error:
            add_errors(form, error)
    context = {"table": access.table, "access": access, "page": page, "form": form, "tab": "seats"}
    return render(request, "towie/seats.html", context)


@table_page
def towie_deal_edit(request: HtmxRequest, access: Access, deal_id: int) -> HttpResponseBase:
    """Correct a deal: the sheet is worked again from the deals as corrected."""
    deal = selectors.towie_deal_get(access.table, deal_id)
    page = selectors.sheet_page(access.table)
    row = next((row for row in page.rows if row.deal.pk == deal.pk), None)
    names = {player.pk: player.name for player in page.players}
    form = forms.TowieDealForm(request.POST or None, initial=forms.TowieDealForm.initial_for(deal, names))
    number = row.number if row else ""
    done = form_saved(
        request,
        form,
        lambda _data: services.towie_deal_update(deal=deal, **form.service_arguments),
        said=_("Deal %(number)s corrected: the sheet is worked again.") % {"number": number},
        then=lambda _made: redirect(access.url("sheet")),
        refused=_deal_errors,
    )
    if done:
        return done
    if request.method == "POST":
        messages.error(request, _("Nothing was saved: correct the deal below."))
    seated = [names[pk] for pk in (deal.seat_1_id, deal.seat_2_id, deal.seat_3_id)]
    context = {"table": access.table, "access": access, "deal": deal, "row": row, "form": form, "seated": seated}
    return render(request, "towie/deal_edit.html", context)


@table_page
@require_POST
def towie_deal_remove(request: HtmxRequest, access: Access, deal_id: int) -> HttpResponse:
    deal = selectors.towie_deal_get(access.table, deal_id)
    try:
        services.towie_deal_remove(deal=deal)
    except ValidationError as error:
        _flash(request, error)
        return redirect(access.url("deal_edit", deal.pk))
    messages.success(request, _("The deal is removed: the sheet is worked again without it."))
    return redirect(access.url("sheet"))


@table_page
def towie_settlement(request: HtmxRequest, access: Access) -> HttpResponse:
    """Settle up at any moment: rounded totals, who pays whom, each net; in money at a stake if given."""
    form = forms.StakeForm(request.GET if "stake" in request.GET else None)
    stake = None
    if form.is_bound and form.is_valid():
        stake = form.cleaned_data["stake"]
    page = selectors.sheet_page(access.table, stake=stake)
    context = {"table": access.table, "access": access, "page": page, "form": form, "tab": "settlement"}
    return render(request, "towie/settlement.html", context)


@table_page
def towie_pdf(request: HtmxRequest, access: Access) -> HttpResponse:
    """The sheet and settlement, printed in the club's language and on its paper (?paper= to choose)."""
    club = access.table.club
    with l10n.printed_for(club):  # the selector words the deals, the builder the rest
        data = selectors.towie_print(access.table)
        return file_response(towie_printing.towie_pdf(data, pagesize=_paper(request, club)))

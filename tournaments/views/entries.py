"""Entries: the public form an entrant fills in from a phone (no login, an unguessable link, never
indexed), the entrant's own page with its cancel button, and the hostess's live list beside the party's
pages.

The public pages look their link up first, through the wrong-link limit the table phones use
(tournaments/http/link_limit.py): a guessed link is a 404, and many from one address a 429. An entry form
sent from one address past the hour's limit (tournaments/http/entry_limit.py), or one with the honeypot
filled, is answered with a plain sentence and writes nothing.
"""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.directors import DirectorRequest
from tournaments.forms import entries as forms
from tournaments.http import entry_limit, link_limit
from tournaments.http.once import once_only
from tournaments.http.site_url import site_url
from tournaments.models import CardEvening, Entry, EntryList, Knockout, Party
from tournaments.presentation.money import entry_fee
from tournaments.printing.towie import qr_svg
from tournaments.selectors import entries as selectors
from tournaments.selectors import evening as evening_selectors
from tournaments.selectors import knockout as knockout_selectors
from tournaments.selectors import live_season
from tournaments.selectors import party as party_selectors
from tournaments.services import entries as services
from tournaments.views.common import add_errors, error_messages, live, unchanged

# The events that take entries.
Event = Party | Knockout | CardEvening


def _public(response: HttpResponse) -> HttpResponse:
    # Not for search engines, and the link never leaves for another site in a Referer. Same-origin rather
    # than the results pages' no-referrer: under no-referrer a browser posts these pages' forms with
    # "Origin: null", which CSRF's check refuses.
    response["X-Robots-Tag"] = "noindex, nofollow"
    response["Referrer-Policy"] = "same-origin"
    # An entrant's page holds their name and their cancel button: no shared cache keeps it.
    response["Cache-Control"] = "no-store"
    return response


def _entry_form_page(
    request: HttpRequest, entry_list: EntryList, form: forms.EntryForm, *, problem: str = "", status: int = 200
) -> HttpResponse:
    shape = selectors.shape_of(entry_list)
    context = {
        "link": entry_list,
        "title": entry_list.event.name,
        "event": entry_list.event,
        "entry_list": entry_list,
        "fee": entry_fee(entry_list),
        "form": form,
        "problem": problem,
        "is_open": entry_list.is_open(),
        "pairs": shape["pairs"],
        "honeypot": forms.HONEYPOT,
    }
    return _public(render(request, "entrant/enter.html", context, status=status))


@login_not_required
@require_http_methods(["GET", "POST"])
@once_only
def entry_page(request: HttpRequest, token: str) -> HttpResponse:
    """The public entry form: GET shows it, POST takes the entry and sends the entrant to their own page."""
    entry_list, refused = link_limit.check(request, selectors.entry_list_by_token, token)
    if refused is not None:
        return refused
    assert entry_list is not None
    shape = selectors.shape_of(entry_list)
    if request.method == "GET":
        return _entry_form_page(request, entry_list, forms.EntryForm(**shape))
    form = forms.EntryForm(request.POST, **shape)
    if not entry_limit.allowed(request):
        problem = _("Too many entries from this address: wait an hour, or ask the hostess to enter you.")
        return _entry_form_page(request, entry_list, form, problem=problem, status=429)
    if form.is_bot:
        return _entry_form_page(request, entry_list, form, problem=_("Your entry could not be taken."), status=400)
    if not form.is_valid():
        return _entry_form_page(request, entry_list, form, status=400)
    try:
        entry = services.entry_add(
            entry_list=entry_list,
            address=entry_limit.address_hash(request),
            language=translation.get_language() or "",
            site=site_url(request),
            **form.cleaned_data_for_entry(),
        )
    except ValidationError as error:
        add_errors(form, error)
        return _entry_form_page(request, entry_list, form, status=400)
    return redirect("entry_status", token=entry.cancel_token)


@login_not_required
@require_http_methods(["GET", "POST"])
def entry_status(request: HttpRequest, token: str) -> HttpResponse:
    """An entrant's own page (their link): confirmed, waiting at place N, or cancelled; POST cancels."""
    entry, refused = link_limit.check(request, selectors.entry_by_token, token)
    if refused is not None:
        return refused
    assert entry is not None
    problem = ""
    if request.method == "POST":
        try:
            services.entry_cancel(entry=entry)
            return redirect("entry_status", token=entry.cancel_token)
        except ValidationError as error:
            problem = " ".join(error_messages(error))
    entry.refresh_from_db()
    context = {
        "link": entry.entry_list,
        "title": entry.entry_list.event.name,
        "event": entry.entry_list.event,
        "entry": entry,
        "fee": entry_fee(entry.entry_list),
        "place": selectors.place_of(entry),
        "problem": problem,
    }
    return _public(render(request, "entrant/status.html", context, status=400 if problem else 200))


# ---- the hostess's pages --------------------------------------------------------------------------


def _link_box(request: HttpRequest, entry_list: EntryList | None) -> dict[str, str]:
    if entry_list is None:
        return {}
    url = site_url(request) + reverse("entry_page", args=[entry_list.token])
    return {"entry_url": url, "entry_qr": mark_safe(qr_svg(url, label=url))}


# Each kind of event's pages for its entries: (the entries page, Give a place, Remove).
PAGES = {
    "party": ("party_entries", "entry_move_up", "entry_remove"),
    "knockout": ("knockout_entries", "knockout_entry_move_up", "knockout_entry_remove"),
    "evening": ("evening_entries", "evening_entry_move_up", "evening_entry_remove"),
}


def _poll_tag(request: DirectorRequest, kind: str, event_id: int) -> str | None:
    """The board's poll (htmx, every 10 s): its validator, worked out before anything is read."""
    if not (request.htmx and request.method == "GET"):
        return None
    return live_season.entries_etag(kind, event_id, request.user)


def _entries_page(
    request: DirectorRequest, event: Event, kind: str, default_tables: int, tag: str | None = None
) -> HttpResponse:
    """The entries of a party, a knockout or a card evening: open or close them, the link and its QR code, the
    live list."""
    entry_list = selectors.entry_list_of(event)
    initial: dict[str, object] = {"open": True, "tables": default_tables}
    if entry_list is not None:
        initial = {"open": entry_list.open, "closes_at": entry_list.closes_at, "tables": entry_list.tables}
    form = forms.EntryListForm(request.POST or None, initial=initial, pairs=kind == "knockout")
    page, move_up_url, remove_url = PAGES[kind]
    if request.method == "POST" and form.is_valid():
        try:
            services.entry_list_save(event=event, **form.cleaned_data)
        except ValidationError as error:
            add_errors(form, error)
        else:
            messages.success(request, _("The entries' settings are saved."))
            return redirect(page, event.id)
    context: dict[str, Any] = {"event": event, "kind": kind, "tab": "entries", "form": form, "entry_list": entry_list}
    context |= {"move_up_url": move_up_url, "remove_url": remove_url}
    context[kind] = event  # the format's own navigation names it
    if isinstance(event, Knockout):  # kind "knockout"
        context["rounds"] = list(event.rounds.all())
    context |= _link_box(request, entry_list)
    context["board"] = selectors.board(entry_list) if entry_list is not None else None
    return live(request, "entries/manage.html", "entries/_board.html", context, tag)


@require_http_methods(["GET", "POST"])
def party_entries(request: DirectorRequest, party_id: int) -> HttpResponse:
    tag = _poll_tag(request, "party", party_id)
    if (same := unchanged(request, tag)) is not None:
        return same
    party = party_selectors.party_get(party_id, user=request.user)
    return _entries_page(request, party, "party", party.tables, tag)


@require_http_methods(["GET", "POST"])
def knockout_entries(request: DirectorRequest, knockout_id: int) -> HttpResponse:
    tag = _poll_tag(request, "knockout", knockout_id)
    if (same := unchanged(request, tag)) is not None:
        return same
    knockout = knockout_selectors.knockout_get(knockout_id, user=request.user)
    return _entries_page(request, knockout, "knockout", services.KNOCKOUT_TABLES, tag)


def _entry_of(event: Event, entry_id: int) -> Entry:
    field = {Knockout: "entry_list__knockout", CardEvening: "entry_list__evening"}.get(type(event), "entry_list__party")
    return get_object_or_404(Entry.objects.select_related("entry_list"), **{field: event}, pk=entry_id)


def _move_up(request: HttpRequest, event: Event, entry_id: int, page: str) -> HttpResponse:
    entry = _entry_of(event, entry_id)
    try:
        services.entry_move_up(entry=entry)
    except ValidationError as error:
        for message in error_messages(error):
            messages.error(request, message)
    else:
        messages.success(request, _("%(name)s has a place now.") % {"name": entry.name})
    return redirect(page, event.id)


def _remove(request: HttpRequest, event: Event, entry_id: int, page: str) -> HttpResponse:
    entry = _entry_of(event, entry_id)
    try:
        moved = services.entry_cancel(entry=entry, by_hostess=True)
    except ValidationError as error:
        for message in error_messages(error):
            messages.error(request, message)
    else:
        messages.success(request, _("The entry of %(name)s is removed.") % {"name": entry.name})
        for other in moved:
            messages.info(request, _("%(name)s moved up from the waiting list.") % {"name": other.name})
    return redirect(page, event.id)


@require_POST
def entry_move_up(request: DirectorRequest, party_id: int, entry_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    return _move_up(request, party, entry_id, "party_entries")


@require_POST
def entry_remove(request: DirectorRequest, party_id: int, entry_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    return _remove(request, party, entry_id, "party_entries")


@require_POST
def knockout_entry_move_up(request: DirectorRequest, knockout_id: int, entry_id: int) -> HttpResponse:
    knockout = knockout_selectors.knockout_get(knockout_id, user=request.user)
    return _move_up(request, knockout, entry_id, "knockout_entries")


@require_POST
def knockout_entry_remove(request: DirectorRequest, knockout_id: int, entry_id: int) -> HttpResponse:
    knockout = knockout_selectors.knockout_get(knockout_id, user=request.user)
    return _remove(request, knockout, entry_id, "knockout_entries")


@require_http_methods(["GET", "POST"])
def evening_entries(request: DirectorRequest, evening_id: int) -> HttpResponse:
    tag = _poll_tag(request, "evening", evening_id)
    if (same := unchanged(request, tag)) is not None:
        return same
    evening = evening_selectors.evening_get(evening_id, user=request.user)
    return _entries_page(request, evening, "evening", evening.tables, tag)


@require_POST
def evening_entry_move_up(request: DirectorRequest, evening_id: int, entry_id: int) -> HttpResponse:
    evening = evening_selectors.evening_get(evening_id, user=request.user)
    return _move_up(request, evening, entry_id, "evening_entries")


@require_POST
def evening_entry_remove(request: DirectorRequest, evening_id: int, entry_id: int) -> HttpResponse:
    evening = evening_selectors.evening_get(evening_id, user=request.user)
    return _remove(request, evening, entry_id, "evening_entries")


def _made(
    request: HttpRequest, make: Callable[..., int], entry_list: EntryList | None, page: str, event: Event
) -> int | HttpResponse:
    """Make the guests (or pairs) from the entries; the page of what was made, or back with the reason."""
    if entry_list is None:
        messages.error(request, _("This event takes no entries."))
        return redirect(page, event.id)
    try:
        added = make(entry_list=entry_list)
    except ValidationError as error:
        for message in error_messages(error):
            messages.error(request, message)
        return redirect(page, event.id)
    return added


@require_POST
@once_only
def entries_to_guests(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    added = _made(request, services.guests_from_entries, selectors.entry_list_of(party), "party_entries", party)
    if not isinstance(added, int):
        return added
    if added:
        said = ngettext("%(count)s guest added from the entries.", "%(count)s guests added from the entries.", added)
        messages.success(request, said % {"count": added})
    else:
        messages.info(request, _("Every confirmed entry is on the guest list already."))
    return redirect("party_guests", party_id=party.id)


@require_POST
@once_only
def knockout_entries_to_pairs(request: DirectorRequest, knockout_id: int) -> HttpResponse:
    knockout = knockout_selectors.knockout_get(knockout_id, user=request.user)
    entry_list = selectors.entry_list_of(knockout)
    added = _made(request, services.pairs_from_entries, entry_list, "knockout_entries", knockout)
    if not isinstance(added, int):
        return added
    if added:
        said = ngettext("%(count)s pair added from the entries.", "%(count)s pairs added from the entries.", added)
        messages.success(request, said % {"count": added})
    else:
        messages.info(request, _("Every confirmed pair is in the knockout already."))
    return redirect("knockout_detail", knockout_id=knockout.id)

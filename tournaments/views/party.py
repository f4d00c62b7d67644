"""Setting up a party: create, edit, the dashboard and the guest list."""

from collections.abc import Sequence

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from tournaments import l10n
from tournaments.directors import DirectorRequest
from tournaments.files import transfer, uploads
from tournaments.forms import party as forms
from tournaments.forms.common import timing_initial
from tournaments.http.once import once_only
from tournaments.models import Guest, Party
from tournaments.printing.common import file_words, slug
from tournaments.selectors import party as party_selectors
from tournaments.selectors import rounds as round_selectors
from tournaments.selectors.clubs import current_club
from tournaments.selectors.results_mail import mail_counts
from tournaments.services import members as member_services
from tournaments.services import party as party_services
from tournaments.views.common import content_disposition, error_messages, form_messages
from tournaments.views.forms_flow import delete_asked, form_saved


@once_only
def party_create(request: DirectorRequest) -> HttpResponseBase:
    form = forms.PartyForm(
        request.POST or None,
        initial={"date": timezone.localdate(), "tables": 5} | timing_initial(current_club(request)),
    )
    done = form_saved(
        request,
        form,
        lambda data: party_services.party_create(**data, user=request.user, club=current_club(request)),
        said=lambda party: _("The party “%(name)s” is set up. Now add the guests.") % {"name": party.name},
        then=lambda party: redirect("party_guests", party_id=party.id),
    )
    return done or render(request, "tournaments/party_form.html", {"form": form, "creating": True})


def party_edit(request: DirectorRequest, party_id: int) -> HttpResponseBase:
    party = party_selectors.party_get(party_id, user=request.user)
    form = forms.PartyForm(request.POST or None, instance=party)
    done = form_saved(
        request,
        form,
        lambda data: party_services.party_update(party=party_selectors.party_get(party_id, user=request.user), **data),
        said=_("Saved."),
        then=lambda _made: redirect("party_dashboard", party_id=party.id),
    )
    return done or render(request, "tournaments/party_form.html", {"form": form, "party": party, "creating": False})


@require_POST
def party_delete(request: DirectorRequest, party_id: int) -> HttpResponseBase:
    party = party_selectors.party_get(party_id, user=request.user)
    return delete_asked(
        request,
        question=_("Delete %(name)s and everything entered for it?") % {"name": party.name},
        button=_("Delete the party"),
        back=reverse("party_edit", args=[party.id]),
        delete=lambda: party_services.party_delete(party=party),
        said=_("%(name)s is deleted.") % {"name": party.name},
        to="home",
    )


def party_export(request: DirectorRequest, party_id: int) -> JsonResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    response = JsonResponse(transfer.party_export(party), json_dumps_params={"indent": 1, "ensure_ascii": False})
    response["Content-Disposition"] = content_disposition(f"{slug(file_words('party'))}-{party.id}.json")
    return response


def party_dashboard(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    rounds = round_selectors.round_summaries(party)
    finished = bool(rounds) and rounds[-1].is_closed
    context = {
        "party": party,
        "count": party_selectors.guest_count(party),
        "rounds": rounds,
        "finished": finished,
        "tab": "dashboard",
        "mail": mail_counts(f"party:{party.pk}") if finished else None,  # one query, once there is mail to send
    }
    return render(request, "tournaments/party_dashboard.html", context)


def party_guests(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    return _guests_page(request, party)


def _guests_page(
    request: HttpRequest, party: Party, *, paste_form: forms.PasteGuestsForm | None = None, panel_open: bool = False
) -> HttpResponse:
    """The guests page; after a refused paste or upload, the list's panel open and the pasted text kept."""
    guests = party_selectors.guest_list(party)
    context = {
        "party": party,
        "guests": guests,
        "rows": party_selectors.guest_rows(party, guests),
        "count": party_selectors.guest_count(party, guests),
        "add_form": forms.GuestForm(),
        "paste_form": paste_form or forms.PasteGuestsForm(),
        "upload_form": forms.UploadGuestsForm(),
        "drawn": party.rounds.exists(),  # a guest added now is a reserve (services/party.py)
        "panel_open": panel_open,
        "tab": "guests",
    }
    return render(request, "tournaments/party_guests.html", context)


# Where the names came from, in the sentence "Nothing was added from the ...".
NOTHING_ADDED = {
    "form": gettext_lazy("Nothing was added from the form: correct it and try again."),
    "pasted list": gettext_lazy("Nothing was added from the pasted list: correct it and try again."),
    "file": gettext_lazy("Nothing was added from the file: correct it and try again."),
}


def _add_entries(request: HttpRequest, party: Party, entries: Sequence[tuple[str, str]], what: str) -> bool:
    """Add the guests, or say what is wrong with which line (and add none); whether they were added."""
    try:
        added = party_services.guests_add(party=party, entries=list(entries))
    except ValidationError as error:
        for message in error_messages(error):
            messages.error(request, message)
        messages.error(request, str(NOTHING_ADDED[what]))
        return False
    count = len(added)
    messages.success(
        request,
        ngettext("%(count)s guest added.", "%(count)s guests added.", count) % {"count": l10n.number(count)},
    )
    return True


@require_POST
@once_only
def guest_add(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    form = forms.GuestForm(request.POST)
    if not form.is_valid():
        for message in form_messages(form):
            messages.error(request, message)
        return redirect("party_guests", party_id=party.id)
    name = form.cleaned_data["name"]
    known = set(party.guests.values_list("id", flat=True))
    _add_entries(request, party, [(name, form.cleaned_data["kind"])], "form")
    # The guest just added (not one of the same name already there) is the member picked, if any.
    guest = party.guests.exclude(id__in=known).filter(name__iexact=name).first()
    if guest is not None:
        member_services.guest_pick_member(guest=guest, member_id=form.cleaned_data["member"])
    return redirect("party_guests", party_id=party.id)


@require_POST
@once_only
def guests_paste(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    form = forms.PasteGuestsForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Paste at least one name."))
        return redirect("party_guests", party_id=party.id)
    entries = uploads.pasted_entries(form.cleaned_data["names"], kinds=party.mixed)
    if _add_entries(request, party, entries, "pasted list"):
        return redirect("party_guests", party_id=party.id)
    # A mistake: the text stays in the box and the panel open, the bad lines named above, to correct and send again.
    return _guests_page(request, party, paste_form=form, panel_open=True)


@require_POST
@once_only
def guests_upload(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    form = forms.UploadGuestsForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, _("Choose a guest list file (XLSX or CSV) to upload."))
        return redirect("party_guests", party_id=party.id)
    upload = form.cleaned_data["file"]
    try:
        rows = uploads.read_rows(upload.name, uploads.upload_bytes(upload))
    except ValidationError as error:
        for message in error_messages(error):
            messages.error(request, message)
        return _guests_page(request, party, panel_open=True)
    if _add_entries(request, party, uploads.guest_entries(rows), "file"):
        return redirect("party_guests", party_id=party.id)
    return _guests_page(request, party, panel_open=True)  # the panel open, the bad rows named above


def guest_edit(request: DirectorRequest, party_id: int, guest_id: int) -> HttpResponseBase:
    party = party_selectors.party_get(party_id, user=request.user)
    guest = get_object_or_404(Guest, pk=guest_id, party=party)
    form = forms.GuestEditForm(request.POST or None, instance=guest)
    done = form_saved(
        request,
        form,
        lambda data: party_services.guest_update(guest=Guest.objects.get(pk=guest.pk), **data),
        said=_("Saved."),
        then=lambda _made: redirect("party_guests", party_id=party.id),
    )
    return done or render(request, "tournaments/guest_form.html", {"party": party, "guest": guest, "form": form})


@require_POST
def guest_remove(request: DirectorRequest, party_id: int, guest_id: int) -> HttpResponseBase:
    party = party_selectors.party_get(party_id, user=request.user)
    guest = get_object_or_404(Guest, pk=guest_id, party=party)
    return delete_asked(
        request,
        question=_("Remove %(name)s from the guest list?") % {"name": guest.name},
        button=_("Remove the guest"),
        back=reverse("party_guests", args=[party.id]),
        delete=lambda: party_services.guest_remove(guest=guest),
        said=_("%(name)s is no longer on the guest list.") % {"name": guest.name},
        to=reverse("party_guests", args=[party.id]),
    )

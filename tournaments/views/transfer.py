"""A whole event (a party or a knockout) imported from its export file into the director's club."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments.directors import DirectorRequest
from tournaments.files import transfer
from tournaments.forms.transfer import EventFileForm
from tournaments.http.once import once_only
from tournaments.models import Party
from tournaments.selectors.clubs import current_club


@once_only
def event_import(request: DirectorRequest) -> HttpResponse:
    club = current_club(request)
    if club is None:
        raise Http404
    form = EventFileForm(request.POST or None, request.FILES or None)
    if request.method != "POST":
        return render(request, "transfer/import.html", {"form": form})
    if not form.is_valid():
        messages.error(request, _("Choose a Club Director event file (.json) to import."))
        return render(request, "transfer/import.html", {"form": form})
    notes: list[str] = []
    try:
        raw = form.cleaned_data["file"].read(transfer.MAX_FILE_BYTES + 1)
        event = transfer.event_import(raw, user=request.user, club=club, notes=notes)
    except ValidationError as error:
        messages.error(request, _("Nothing was imported:") + " " + " ".join(error.messages))
        return render(request, "transfer/import.html", {"form": EventFileForm()})
    messages.success(request, _("Imported %(name)s.") % {"name": event.name})
    for note in notes:
        messages.warning(request, note)
    if isinstance(event, Party):
        return redirect("party_dashboard", party_id=event.id)
    return redirect("knockout_detail", knockout_id=event.id)

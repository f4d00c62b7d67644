"""The party's results for other bridge software: USEBIO, BridgeWebs CSV, PBN (downloads)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect

from tournaments.interchange import formats
from tournaments.selectors import party as party_selectors
from tournaments.selectors.interchange import party_results


def results_export(request, party_id, fmt):
    if fmt not in formats.WRITERS:
        raise Http404("no such format")
    party = party_selectors.party_get(party_id, user=request.user)
    try:
        data = formats.WRITERS[fmt](party_results(party))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("party_dashboard", party_id=party.id)
    response = HttpResponse(data, content_type=formats.MEDIA_TYPES[fmt])
    filename = f"party-{party.id}-{party.date:%Y-%m-%d}.{formats.ENDINGS[fmt]}"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response

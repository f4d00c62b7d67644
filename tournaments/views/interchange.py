"""Results for other bridge software (downloads): a party's as USEBIO, BridgeWebs CSV or PBN, a knockout's
deals as PBN."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect

from tournaments.directors import DirectorRequest
from tournaments.files.interchange import formats
from tournaments.printing.common import file_words, slug
from tournaments.selectors import knockout as knockout_selectors
from tournaments.selectors import party as party_selectors
from tournaments.selectors.interchange import knockout_results, party_results
from tournaments.views.common import content_disposition


def results_export(request: DirectorRequest, party_id: int, fmt: str) -> HttpResponse:
    if fmt not in formats.WRITERS:
        raise Http404("no such format")
    party = party_selectors.party_get(party_id, user=request.user)
    try:
        data = formats.WRITERS[fmt](party_results(party))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("party_dashboard", party_id=party.id)
    return _download(data, fmt, f"{slug(file_words('party'))}-{party.id}-{party.date:%Y-%m-%d}")


def knockout_pbn(request: DirectorRequest, knockout_id: int) -> HttpResponse:
    knockout = knockout_selectors.knockout_get(knockout_id, user=request.user)
    try:
        data = formats.WRITERS["pbn"](knockout_results(knockout))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("knockout_detail", knockout_id=knockout.id)
    return _download(data, "pbn", f"{slug(file_words('knockout'))}-{knockout.id}-{knockout.date:%Y-%m-%d}")


def _download(data: bytes, fmt: str, stem: str) -> HttpResponse:
    response = HttpResponse(data, content_type=formats.MEDIA_TYPES[fmt])
    response["Content-Disposition"] = content_disposition(f"{stem}.{formats.ENDINGS[fmt]}")
    return response

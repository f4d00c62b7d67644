"""A person's own data: the member's copy as a zip, and erasing a member or a guest (asked first)."""

from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.directors import DirectorRequest
from tournaments.files.member_data import member_zip
from tournaments.printing.common import slug
from tournaments.selectors import members as member_selectors
from tournaments.selectors import party as party_selectors
from tournaments.selectors.member_data import member_data
from tournaments.services import erasure
from tournaments.views.common import content_disposition
from tournaments.views.forms_flow import delete_asked, flash_joined


def member_data_zip(request: DirectorRequest, member_id: int) -> HttpResponse:
    member = member_selectors.member_get(member_id, user=request.user)
    response = HttpResponse(member_zip(member_data(member)), content_type="application/zip")
    response["Content-Disposition"] = content_disposition(f"{slug(member.name)}-{member.pk}.zip")
    return response


@require_POST
def member_erase(request: DirectorRequest, member_id: int) -> HttpResponseBase:
    member = member_selectors.member_get(member_id, user=request.user)
    question = _(
        "Erase %(name)s? Their name becomes a neutral label in every event, page and export, and their "
        "address, phone and member number are removed. Their figures stay. This cannot be undone."
    ) % {"name": member.name}
    return delete_asked(
        request,
        question=question,
        button=_("Erase this member"),
        back=reverse("member_detail", args=[member.pk]),
        delete=lambda: erasure.member_erase(member=member),
        said=lambda erased: _("Erased: the member is %(label)s from now on.") % {"label": erased.name},
        to=reverse("member_detail", args=[member.pk]),
        refused=flash_joined,
    )


@require_POST
def guest_erase(request: DirectorRequest, party_id: int, guest_id: int) -> HttpResponseBase:
    party = party_selectors.party_get(party_id, user=request.user)
    guest = get_object_or_404(party.guests, pk=guest_id)
    question = _(
        "Erase %(name)s? Their name becomes a neutral label in this party and in every event of the club "
        "where it stands for no member, and the contact details of their entries are removed. Their figures "
        "stay. This cannot be undone."
    ) % {"name": guest.name}
    return delete_asked(
        request,
        question=question,
        button=_("Erase this guest"),
        back=reverse("party_guests", args=[party.pk]),
        delete=lambda: erasure.guest_erase(guest=guest),
        said=lambda erased: _("Erased: the guest is %(label)s from now on.") % {"label": erased.name},
        to=reverse("party_guests", args=[party.pk]),
        refused=flash_joined,
    )

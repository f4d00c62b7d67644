"""A person's own data: the member's copy as a zip, and erasing a member or a guest (asked first)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.files.member_data import member_zip
from tournaments.printing.common import slug
from tournaments.selectors import members as member_selectors
from tournaments.selectors import party as party_selectors
from tournaments.selectors.member_data import member_data
from tournaments.services import erasure
from tournaments.views.common import ask_first, confirmed, content_disposition


def member_data_zip(request, member_id: int) -> HttpResponse:
    member = member_selectors.member_get(member_id, user=request.user)
    response = HttpResponse(member_zip(member_data(member)), content_type="application/zip")
    response["Content-Disposition"] = content_disposition(f"{slug(member.name)}-{member.pk}.zip")
    return response


@require_POST
def member_erase(request, member_id: int) -> HttpResponse:
    member = member_selectors.member_get(member_id, user=request.user)
    if not confirmed(request):
        question = _(
            "Erase %(name)s? Their name becomes a neutral label in every event, page and export, and their "
            "address, phone and member number are removed. Their figures stay. This cannot be undone."
        ) % {"name": member.name}
        back = reverse("member_detail", args=[member.pk])
        return ask_first(request, question=question, button=_("Erase this member"), back=back)
    try:
        member = erasure.member_erase(member=member)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("Erased: the member is %(label)s from now on.") % {"label": member.name})
    return redirect("member_detail", member_id=member.pk)


@require_POST
def guest_erase(request, party_id: int, guest_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    guest = get_object_or_404(party.guests, pk=guest_id)
    if not confirmed(request):
        question = _(
            "Erase %(name)s? Their name becomes a neutral label in this party and in every event of the club "
            "where it stands for no member, and the contact details of their entries are removed. Their figures "
            "stay. This cannot be undone."
        ) % {"name": guest.name}
        back = reverse("party_guests", args=[party.pk])
        return ask_first(request, question=question, button=_("Erase this guest"), back=back)
    try:
        guest = erasure.guest_erase(guest=guest)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("Erased: the guest is %(label)s from now on.") % {"label": guest.name})
    return redirect("party_guests", party_id=party.pk)

"""A club's members: the list and its search, a member's page with their nights, add, edit,
archive, merge, and the list as a file (out and back in)."""

from collections.abc import Callable, Collection

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.forms import BaseForm
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.directors import DirectorRequest
from tournaments.files import members as member_files
from tournaments.files import uploads
from tournaments.forms import members as forms
from tournaments.http.once import once_only
from tournaments.models import Club, Member
from tournaments.printing.common import file_words, slug
from tournaments.selectors import boston as boston_selectors
from tournaments.selectors import knockout as knockout_selectors
from tournaments.selectors import members as selectors
from tournaments.selectors import party as party_selectors
from tournaments.selectors import towie as towie_selectors
from tournaments.selectors.clubs import current_club
from tournaments.services import members as services
from tournaments.views.common import add_errors, content_disposition
from tournaments.views.forms_flow import delete_asked, flash_joined, form_saved


def _club(request: HttpRequest) -> Club:
    club = current_club(request)
    if club is None:
        raise Http404
    return club


def member_list(request: DirectorRequest) -> HttpResponse:
    club = _club(request)
    archived = request.GET.get("archived") == "1"
    text = request.GET.get("q", "")
    context = {
        "club": club,
        "members": selectors.member_list(club, archived=archived, text=text),
        "archived": archived,
        "q": text,
        "file_form": forms.MembersFileForm(),
    }
    return render(request, "members/list.html", context)


def member_search(request: DirectorRequest) -> JsonResponse:
    """The few letters typed in a guest's name: the members that match, as JSON for the page."""
    club = _club(request)
    return JsonResponse({"members": selectors.member_search(club, request.GET.get("q", ""))})


@once_only
def member_create(request: DirectorRequest) -> HttpResponseBase:
    club = _club(request)
    form = forms.MemberForm(request.POST or None)
    done = form_saved(
        request,
        form,
        lambda data: services.member_create(club=club, **data),
        said=lambda member: _("%(name)s is a member.") % {"name": member.name},
        then=lambda member: redirect("member_detail", member_id=member.id),
    )
    return done or render(request, "members/form.html", {"form": form, "club": club})


def member_detail(request: DirectorRequest, member_id: int) -> HttpResponseBase:
    member = selectors.member_get(member_id, user=request.user)
    form = forms.MemberForm(request.POST or None, instance=member)

    def refused(form: BaseForm, error: ValidationError) -> None:
        add_errors(form, error)
        member.refresh_from_db()  # the form's instance took the refused values: the page shows the stored ones

    done = form_saved(
        request,
        form,
        lambda data: services.member_update(member=member, **data),
        said=lambda _made: _("%(name)s saved.") % {"name": member.name},
        then=lambda _made: redirect("member_detail", member_id=member.id),
        refused=refused,
    )
    if done:
        return done
    context = {
        "member": member,
        "form": form,
        "history": selectors.member_history(member),
        "merge_form": forms.MergeForm(club=member.club, member=member),
    }
    return render(request, "members/detail.html", context)


@require_POST
def member_archive(request: DirectorRequest, member_id: int) -> HttpResponse:
    member = selectors.member_get(member_id, user=request.user)
    services.member_archive(member=member, archived=member.active)
    if member.active:
        messages.success(request, _("%(name)s is an active member again.") % {"name": member.name})
    else:
        messages.success(
            request, _("%(name)s is archived: kept with their nights, out of the list.") % {"name": member.name}
        )
    return redirect("member_detail", member_id=member.id)


@require_POST
def member_merge(request: DirectorRequest, member_id: int) -> HttpResponseBase:
    member = selectors.member_get(member_id, user=request.user)
    form = forms.MergeForm(request.POST, club=member.club, member=member)
    if not form.is_valid():
        messages.error(request, _("Choose the other record of this member."))
        return redirect("member_detail", member_id=member.id)
    other = form.cleaned_data["other"]
    # A merge deletes the other record: asked first.
    question = _("Merge %(other)s into %(name)s? The record of %(other)s is deleted; its nights move here.") % {
        "other": f"{other.name} ({other.number})" if other.number else other.name,
        "name": member.name,
    }
    return delete_asked(
        request,
        question=question,
        button=_("Merge into this record"),
        back=reverse("member_detail", args=[member.id]),
        delete=lambda: services.member_merge(keep=member, drop=other),
        said=lambda _made: _("The two records are one: %(name)s.") % {"name": member.name},
        to=reverse("member_detail", args=[member.id]),
        refused=flash_joined,
    )


@require_POST
@once_only
def members_import(request: DirectorRequest) -> HttpResponse:
    club = _club(request)
    form = forms.MembersFileForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, _("Choose a members file (CSV or XLSX) to import."))
        return redirect("member_list")
    upload = form.cleaned_data["file"]
    try:
        rows = member_files.member_rows(upload.name, uploads.upload_bytes(upload, wording=uploads.MEMBERS))
        done = services.members_import(club=club, rows=rows)
    except ValidationError as error:
        messages.error(request, _("Nothing was imported:") + " " + " ".join(error.messages))
        return redirect("member_list")
    added = ngettext("%(count)s member added", "%(count)s members added", done.created) % {"count": done.created}
    updated = ngettext("%(count)s updated", "%(count)s updated", done.updated) % {"count": done.updated}
    messages.success(request, f"{added}, {updated}.")
    return redirect("member_list")


def _members_file(request: HttpRequest, data: bytes, ending: str, content_type: str) -> HttpResponse:
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = content_disposition(f"{slug(file_words('members'))}.{ending}")
    return response


def members_csv(request: DirectorRequest) -> HttpResponse:
    club = _club(request)
    data = member_files.members_csv(selectors.member_all(club))
    return _members_file(request, data, "csv", "text/csv; charset=utf-8")


def members_xlsx(request: DirectorRequest) -> HttpResponse:
    club = _club(request)
    data = member_files.members_xlsx(selectors.member_all(club))
    return _members_file(request, data, "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")


@require_POST
def guest_membership(request: DirectorRequest, party_id: int, guest_id: int) -> HttpResponse:
    """A newcomer at a party joins the club: made a member from the guest list."""
    party = party_selectors.party_get(party_id, user=request.user)
    guest = get_object_or_404(party.guests, pk=guest_id)
    try:
        member = services.guest_make_member(guest=guest)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("%(name)s is a member.") % {"name": member.name})
    return redirect("party_guests", party_id=party.id)


@require_POST
def guest_link(request: DirectorRequest, party_id: int, guest_id: int) -> HttpResponse:
    """The hostess picks which of the members offered a guest is (a shared name, an accent apart)."""
    party = party_selectors.party_get(party_id, user=request.user)
    guest = get_object_or_404(party.guests, pk=guest_id)
    form = forms.GuestLinkForm(request.POST)
    member_id = form.cleaned_data["member"] if form.is_valid() else None
    try:
        member = services.guest_link_member(guest=guest, member_id=member_id)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("%(guest)s is the member %(name)s.") % {"guest": guest.name, "name": member.name})
    return redirect("party_guests", party_id=party.id)


def _joined(request: HttpRequest, make: Callable[[], Member]) -> None:
    try:
        member = make()
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("%(name)s is a member.") % {"name": member.name})


def _posted(request: HttpRequest, field: str, allowed: Collection[str]) -> str:
    value = request.POST.get(field, "")
    if value not in allowed:
        raise Http404("no such seat")
    return value


@require_POST
def knockout_pair_membership(request: DirectorRequest, knockout_id: int, pair_id: int) -> HttpResponse:
    """A newcomer of a knockout pair joins the club; `player` says which of the two."""
    knockout = knockout_selectors.knockout_get(knockout_id, user=request.user)
    pair = get_object_or_404(knockout.pairs.select_related("knockout__club"), pk=pair_id)
    which = _posted(request, "player", ("a", "b"))
    _joined(request, lambda: services.pair_make_member(pair=pair, which=which))
    return redirect("knockout_detail", knockout_id=knockout.id)


@require_POST
def towie_membership(request: DirectorRequest, table_id: int) -> HttpResponse:
    """A newcomer at a Towie table joins the club; `player` is the player's id (the draw reorders them)."""
    table = towie_selectors.towie_get(table_id, user=request.user)
    players = {str(p.pk): p for p in table.players.select_related("table__club", "guest__member")}
    player = players[_posted(request, "player", players)]
    _joined(request, lambda: services.towie_player_make_member(player=player))
    return redirect("towie_sheet", table_id=table.id)


@require_POST
def boston_membership(request: DirectorRequest, table_id: int) -> HttpResponse:
    """A newcomer at a Boston table joins the club; `seat` is 1 to 4."""
    table = boston_selectors.table_get(table_id, user=request.user)
    seat = int(_posted(request, "seat", ("1", "2", "3", "4")))
    _joined(request, lambda: services.boston_player_make_member(table=table, seat=seat))
    return redirect("boston_table", table_id=table.id)

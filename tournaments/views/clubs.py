"""The club: the first run's setup, its directors and one-time links, the club switcher, the demo events."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournaments import forms_clubs as forms
from tournaments.client_address import on_this_machine
from tournaments.models import DirectorInvite
from tournaments.selectors import clubs as selectors
from tournaments.services import clubs as services
from tournaments.services.demo import demo_add
from tournaments.site_url import site_url
from tournaments.views.common import add_errors

BACKEND = "django.contrib.auth.backends.ModelBackend"


def _club_or_404(request):
    membership = selectors.current_membership(request)
    if membership is None:
        raise Http404
    return membership


@login_not_required
def club_setup(request):
    if not selectors.setup_needed():
        messages.info(request, "Club Director is already set up: log in.")
        return redirect("login")
    if not on_this_machine(request):
        return render(request, "clubs/setup_refused.html", {"port": request.get_port()}, status=403)
    form = forms.SetupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            user, club = services.club_setup(
                club_name=data["club_name"], username=data["username"], password=data["password1"]
            )
        except ValidationError as error:
            add_errors(form, error)
        else:
            login(request, user, backend=BACKEND)
            demo_add(club=club, user=user)
            messages.success(request, f"Welcome to {club.name}. A demo party is here to try; delete it when done.")
            return redirect("home")
    return render(request, "clubs/setup.html", {"form": form})


def club_page(request):
    membership = _club_or_404(request)
    club = membership.club
    context = {
        "club": club,
        "membership": membership,
        "directors": selectors.club_directors(club),
        "invites": selectors.open_invites(club) if membership.is_owner else [],
        "director_form": forms.DirectorForm(prefix="new"),
        "invite_form": forms.InviteForm(prefix="invite"),
        "club_form": forms.ClubForm(initial={"club_name": club.name}),
        "new_invite": request.session.pop("new_invite", None),
    }
    return render(request, "clubs/club.html", context)


def _refused(request, error: ValidationError):
    for message in error.messages:
        messages.error(request, message)
    return redirect("club_page")


@require_POST
def club_rename(request):
    club = _club_or_404(request).club
    form = forms.ClubForm(request.POST)
    if not form.is_valid():
        return _refused(request, ValidationError(form.errors["club_name"]))
    try:
        services.club_rename(club=club, name=form.cleaned_data["club_name"], by=request.user)
    except ValidationError as error:
        return _refused(request, error)
    messages.success(request, "The club's name is saved.")
    return redirect("club_page")


@require_POST
def director_create(request):
    club = _club_or_404(request).club
    form = forms.DirectorForm(request.POST, prefix="new")
    if form.is_valid():
        data = form.cleaned_data
        try:
            services.director_create(
                club=club, username=data["username"], password=data["password1"], role=data["role"], by=request.user
            )
        except ValidationError as error:
            add_errors(form, error)
        else:
            messages.success(request, f"{data['username']} can now log in and run {club.name}'s events.")
            return redirect("club_page")
    for errors in form.errors.values():
        for message in errors:
            messages.error(request, message)
    return redirect("club_page")


def _owner_action(request, action, done: str, **ids):
    """An owner's button on the Club page: the service does it (or says why not), then back."""
    club = _club_or_404(request).club
    try:
        action(club=club, by=request.user, **ids)
    except ValidationError as error:
        return _refused(request, error)
    messages.success(request, done)
    return redirect("club_page")


@require_POST
def director_remove(request, user_id):
    return _owner_action(request, services.director_remove, "The director is removed from the club.", user_id=user_id)


@require_POST
def invite_create(request):
    club = _club_or_404(request).club
    form = forms.InviteForm(request.POST, prefix="invite")
    role = form.cleaned_data["role"] if form.is_valid() else "director"
    try:
        invite = services.invite_create(club=club, role=role, by=request.user)
    except ValidationError as error:
        return _refused(request, error)
    # The address the tables' phones use, not the laptop's own 127.0.0.1: the link is for another device.
    request.session["new_invite"] = site_url(request) + reverse("invite_accept", args=[invite.token])
    return redirect("club_page")


@require_POST
def invite_revoke(request, invite_id):
    return _owner_action(request, services.invite_revoke, "The link no longer works.", invite_id=invite_id)


@login_not_required
def invite_accept(request, token):
    invite = DirectorInvite.objects.select_related("club").filter(token=token[:64]).first()
    try:
        services.invite_check(invite)
    except ValidationError as error:
        return render(request, "clubs/join_refused.html", {"message": error.messages[0]}, status=410)
    form = forms.PasswordTwiceForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            user, club = services.invite_accept(token=token, username=data["username"], password=data["password1"])
        except ValidationError as error:
            add_errors(form, error)
        else:
            login(request, user, backend=BACKEND)
            request.session[selectors.SESSION_KEY] = club.pk
            messages.success(request, f"Welcome: you are a director of {club.name}.")
            return redirect("home")
    return render(request, "clubs/join.html", {"form": form, "invite": invite})


@require_POST
def club_switch(request):
    wanted = request.POST.get("club", "")
    mine = {m.club_id: m.club for m in selectors.memberships(request)}
    if not wanted.isdigit() or int(wanted) not in mine:
        raise Http404
    request.session[selectors.SESSION_KEY] = int(wanted)
    messages.success(request, f"Now working in {mine[int(wanted)].name}.")
    return redirect("home")


@require_POST
def demo_delete(request):
    club = _club_or_404(request).club
    removed = services.demo_remove(club=club)
    messages.success(request, "The demo events are deleted." if removed else "There were no demo events left.")
    return redirect("home")

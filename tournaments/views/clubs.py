"""The club: the first run's setup, its directors and one-time links, the club switcher, the demo events, the
club's language, paper and number style, its national club number, and each director's own language."""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.directors import DirectorRequest
from tournaments.forms import clubs as forms
from tournaments.forms.common import posted_number
from tournaments.forms.money import RatesForm
from tournaments.http.client_address import on_this_machine
from tournaments.http.once import once_only
from tournaments.http.site_url import site_url
from tournaments.models import Club, DirectorInvite, DirectorSettings, Membership
from tournaments.presentation.money import money_words
from tournaments.selectors import clubs as selectors
from tournaments.selectors.table_money import club_rates
from tournaments.services import clubs as services
from tournaments.services.demo import demo_add
from tournaments.views.common import add_errors, form_messages, texts
from tournaments.views.forms_flow import delete_asked, form_saved

BACKEND = "django.contrib.auth.backends.ModelBackend"


def _club_or_404(request: HttpRequest) -> Membership:
    membership = selectors.current_membership(request)
    if membership is None:
        raise Http404
    return membership


@login_not_required
def club_setup(request: HttpRequest) -> HttpResponseBase:
    if not selectors.setup_needed():
        messages.info(request, _("Club Director is already set up: log in."))
        return redirect("login")
    if not on_this_machine(request):
        return render(request, "clubs/setup_refused.html", {"port": request.get_port()}, status=403)
    form = forms.SetupForm(request.POST or None)

    def set_up(data: dict[str, Any]) -> Club:
        user, club = services.club_setup(
            club_name=data["club_name"], username=data["username"], password=data["password1"]
        )
        login(request, user, backend=BACKEND)
        demo_add(club=club, user=user)
        return club

    done = form_saved(
        request,
        form,
        set_up,
        said=lambda club: (
            _("Welcome to %(club)s. A demo party is here to try; delete it when done.") % {"club": club.name}
        ),
        then=lambda _club: redirect("home"),
    )
    return done or render(request, "clubs/setup.html", {"form": form})


def club_page(request: DirectorRequest) -> HttpResponse:
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
        "settings_form": forms.ClubSettingsForm(
            initial={
                "language": club.language,
                "paper": club.paper,
                "format_style": club.format_style,
                "time_zone": club.time_zone,
                "usual_start": club.usual_start,
            }
        ),
        "national_form": forms.ClubNationalForm(
            initial={"national_number": club.national_number, "federation": club.federation}
        ),
        "rates_form": RatesForm(initial=RatesForm.initial_for(club), club=club),
        "club_rates": money_words(club).rates(club_rates(club)),
        "new_invite": request.session.pop("new_invite", None),
        "calendar_url": site_url(request) + reverse("calendar_feed", args=[club.calendar_token]),
    }
    context["webcal_url"] = "webcal://" + context["calendar_url"].split("://", 1)[-1]
    return render(request, "clubs/club.html", context)


def _refused(request: HttpRequest, error: ValidationError) -> HttpResponse:
    for message in error.messages:
        messages.error(request, message)
    return redirect("club_page")


@require_POST
def club_rename(request: DirectorRequest) -> HttpResponse:
    club = _club_or_404(request).club
    form = forms.ClubForm(request.POST)
    if not form.is_valid():
        return _refused(request, ValidationError(texts(form.errors["club_name"])))
    try:
        services.club_rename(club=club, name=form.cleaned_data["club_name"], by=request.user)
    except ValidationError as error:
        return _refused(request, error)
    messages.success(request, _("The club's name is saved."))
    return redirect("club_page")


@require_POST
def club_national(request: DirectorRequest) -> HttpResponse:
    """The owner's record of the club's national club number and the federation that gave it."""
    club = _club_or_404(request).club
    form = forms.ClubNationalForm(request.POST)
    if not form.is_valid():
        return _refused(request, ValidationError([m for errors in form.errors.values() for m in errors]))
    try:
        services.club_national_save(club=club, by=request.user, **form.cleaned_data)
    except ValidationError as error:
        return _refused(request, error)
    messages.success(request, _("The club's national number is saved."))
    return redirect("club_page")


@require_POST
def club_settings(request: DirectorRequest) -> HttpResponse:
    """The owner's choice of the club's language, paper and number style; the answer speaks the new language."""
    club = _club_or_404(request).club
    form = forms.ClubSettingsForm(request.POST)
    if not form.is_valid():
        return _refused(request, ValidationError([m for errors in form.errors.values() for m in errors]))
    data = form.cleaned_data
    try:
        services.club_settings_save(
            club=club,
            language=data["language"],
            paper=data["paper"],
            format_style=data["format_style"],
            time_zone=data["time_zone"],
            usual_start=data["usual_start"],
            by=request.user,
        )
    except ValidationError as error:
        return _refused(request, error)
    with translation.override(_page_language(request, club.language)):
        messages.success(request, _("The club's language, paper and number style are saved."))
    return redirect("club_page")


def _page_language(request: HttpRequest, club_language: str) -> str:
    """The language the director's next page speaks (as tournaments.http.middleware.Language chooses it)."""
    return (
        request.session.get(selectors.LANGUAGE_KEY) or club_language or translation.get_language_from_request(request)
    )


def _back(request: HttpRequest, wanted: str) -> str:
    """Where to go back to after choosing: the page the director came from, if it is one of this site's."""
    if wanted and url_has_allowed_host_and_scheme(wanted, {request.get_host()}, require_https=request.is_secure()):
        return wanted
    return reverse("home")


def my_language(request: DirectorRequest) -> HttpResponse:
    """Any director's own language for their pages (or none: the club's, else the browser's)."""
    if request.method == "POST":
        form = forms.MyLanguageForm(request.POST)
        if form.is_valid():
            language = form.cleaned_data["language"]
            try:
                services.director_language_save(user=request.user, language=language)
            except ValidationError as error:
                add_errors(form, error)
            else:
                if language:
                    request.session[selectors.LANGUAGE_KEY] = language
                else:
                    request.session.pop(selectors.LANGUAGE_KEY, None)
                club = selectors.current_club(request)
                with translation.override(_page_language(request, club.language if club else "")):
                    messages.success(request, _("Your language is saved."))
                return redirect(_back(request, form.cleaned_data["next"]))
    else:
        chosen = DirectorSettings.objects.filter(user=request.user).values_list("language", flat=True).first()
        form = forms.MyLanguageForm(initial={"language": chosen or "", "next": request.GET.get("next", "")})
    return render(request, "clubs/my_language.html", {"form": form})


@require_POST
@once_only
def director_create(request: DirectorRequest) -> HttpResponse:
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
            messages.success(
                request,
                _("%(name)s can now log in and run %(club)s's events.") % {"name": data["username"], "club": club.name},
            )
            return redirect("club_page")
    for message in form_messages(form):
        messages.error(request, message)
    return redirect("club_page")


def _owner_action(request: DirectorRequest, action: Callable[..., object], done: str, **ids: int) -> HttpResponse:
    """An owner's button on the Club page: the service does it (or says why not), then back."""
    club = _club_or_404(request).club
    try:
        action(club=club, by=request.user, **ids)
    except ValidationError as error:
        return _refused(request, error)
    messages.success(request, done)
    return redirect("club_page")


@require_POST
def director_remove(request: DirectorRequest, user_id: int) -> HttpResponse:
    done = _("The director is removed from the club.")
    return _owner_action(request, services.director_remove, done, user_id=user_id)


@require_POST
@once_only
def invite_create(request: DirectorRequest) -> HttpResponse:
    club = _club_or_404(request).club
    form = forms.InviteForm(request.POST, prefix="invite")
    role = form.cleaned_data["role"] if form.is_valid() else "director"
    label = request.POST.get("invite-label", "")  # the service says when it is too long
    try:
        invite = services.invite_create(club=club, role=role, by=request.user, label=label)
    except ValidationError as error:
        return _refused(request, error)
    # The address the tables' phones use, not the laptop's own 127.0.0.1: the link is for another device.
    request.session["new_invite"] = site_url(request) + reverse("invite_accept", args=[invite.token])
    return redirect("club_page")


@require_POST
def invite_revoke(request: DirectorRequest, invite_id: int) -> HttpResponse:
    return _owner_action(request, services.invite_revoke, _("The link no longer works."), invite_id=invite_id)


@login_not_required
def invite_accept(request: HttpRequest, token: str) -> HttpResponseBase:
    invite = DirectorInvite.objects.select_related("club").filter(token=token[:64]).first()
    try:
        services.invite_check(invite)
    except ValidationError as error:
        return render(request, "clubs/join_refused.html", {"message": error.messages[0]}, status=410)
    form = forms.PasswordTwiceForm(request.POST or None)

    def join(data: dict[str, Any]) -> Club:
        user, club = services.invite_accept(token=token, username=data["username"], password=data["password1"])
        login(request, user, backend=BACKEND)
        request.session[selectors.SESSION_KEY] = club.pk
        return club

    done = form_saved(
        request,
        form,
        join,
        said=lambda club: _("Welcome: you are a director of %(club)s.") % {"club": club.name},
        then=lambda _club: redirect("home"),
    )
    return done or render(request, "clubs/join.html", {"form": form, "invite": invite})


@require_POST
def club_switch(request: DirectorRequest) -> HttpResponse:
    wanted = posted_number(request.POST.get("club"))
    mine = {m.club_id: m.club for m in selectors.memberships(request)}
    if wanted is None or wanted not in mine:
        raise Http404
    request.session[selectors.SESSION_KEY] = wanted
    club = mine[int(wanted)]
    with translation.override(_page_language(request, club.language)):
        messages.success(request, _("Now working in %(club)s.") % {"club": club.name})
    return redirect("home")


@require_POST
def demo_delete(request: DirectorRequest) -> HttpResponseBase:
    club = _club_or_404(request).club
    return delete_asked(
        request,
        question=_("Delete the demo events and everything entered in them?"),
        button=_("Delete the demo events"),
        back=reverse("home"),
        delete=lambda: services.demo_remove(club=club),
        said=lambda removed: _("The demo events are deleted.") if removed else _("There were no demo events left."),
        to="home",
    )

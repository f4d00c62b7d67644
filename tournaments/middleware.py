"""Site-wide answers: the first run's "Set up your club", and a busy database's "press Save again"."""

import logging

from django.contrib.auth.middleware import LoginRequiredMiddleware
from django.db import OperationalError
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django_htmx.http import HttpResponseClientRefresh

from clubdirector.sqlite import base as sqlite_base
from tournaments import l10n
from tournaments.selectors.clubs import LANGUAGE_KEY, current_club, setup_needed

log = logging.getLogger("tournaments.busy")


class LoginRequired(LoginRequiredMiddleware):
    """Django's LoginRequiredMiddleware, except that a live page's poll (htmx) after the login has
    gone draws the whole page again, so the login page appears as a page, never inside a fragment."""

    def handle_no_permission(self, request, view_func):
        if getattr(request, "htmx", False):
            return HttpResponseClientRefresh()
        return super().handle_no_permission(request, view_func)


class Language:
    """Which language a page speaks.

    Every page starts in the browser's language (Accept-Language), as Django's LocaleMiddleware
    does. A director's page (any view that needs a login) then speaks the director's own choice,
    kept in the session, else the club's; its numbers and dates take the club's style. A table's
    phone, the login page and the first run keep the browser's: guests at one table may differ.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = translation.get_language_from_request(request)
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
        l10n.set_style("")
        response = self.get_response(request)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", translation.get_language())
        translation.deactivate()
        l10n.set_style("")
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not getattr(view_func, "login_required", True) or not request.user.is_authenticated:
            return None
        # One small query (the memberships, which the page's header reuses): a poll or a PDF pays it.
        club = current_club(request)
        language = request.session.get(LANGUAGE_KEY) or (club.language if club else "")
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
        l10n.set_style(club.format_style if club else "")
        return None


# Once set up, a database stays set up: after the first club is seen, no query on any request of
# this process.
_seen_set_up = False


def forget_set_up() -> None:
    """For tests that start again from an empty database."""
    global _seen_set_up
    _seen_set_up = False


class FirstRunMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        global _seen_set_up
        if not _seen_set_up:
            if not setup_needed():
                _seen_set_up = True
            # The health check answers a monitor before the club is set up, too.
            elif request.path not in (reverse("club_setup"), reverse("health")) and not request.path.startswith(
                "/static/"
            ):
                return redirect("club_setup")
        return self.get_response(request)


def _busy(exception: Exception) -> bool:
    """The database could not give the write lock in time (SQLite busy, PostgreSQL lock timeout)."""
    if not isinstance(exception, OperationalError):
        return False
    text = str(exception).lower()
    return "locked" in text or "lock timeout" in text or "could not obtain lock" in text or "busy" in text


def _kept_fields(request) -> list[tuple[str, str]]:
    """What was posted, to send again; never a password (the page would hold it in plain text)."""
    if request.method != "POST":
        return []
    return [
        (key, value)
        for key in request.POST
        if key != "csrfmiddlewaretoken" and "password" not in key
        for value in request.POST.getlist(key)
    ]


class BusyDatabaseMiddleware:
    """A write that cannot get the lock answers 503 with the entry kept, never a bare 500.

    The page offers the same form again with every posted value in it, so one press sends the
    entry again: nothing typed at the table is lost.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not _busy(exception):
            return None
        log.warning("database busy on %s %s: %s", request.method, request.path, exception)
        fields = _kept_fields(request)
        response = render(request, "busy.html", {"fields": fields, "action": request.get_full_path()}, status=503)
        response["Retry-After"] = "5"
        return response

def _restored(request):
    """503 "The database was restored: restart the server", as JSON for a phone's script (which keeps
    the entry and sends it again later), else as a plain page that reads nothing from the database."""
    said = translation.gettext("The database was restored: restart the server.")
    if "application/json" in request.headers.get("Accept", ""):
        response: HttpResponse = JsonResponse({"ok": False, "message": said, "restored": True}, status=503)
    else:
        response = HttpResponse(render_to_string("restored.html"), status=503)
    response["Retry-After"] = "30"
    return response


class RestoredDatabaseMiddleware:
    """After `restore_db --force` under a running server, every request answers 503 until it restarts.

    The server's connections still have the database file that was moved aside open: what they read
    is stale, and what they would write would be lost with it. So a request that begins once the file
    at the database's path is not the one this server started on is refused before it reads anything,
    and a write already under way is refused by the SQLite backend (clubdirector/sqlite/base.py,
    DatabaseReplaced), checked under the writers' lock that the restore holds while it swaps files.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.path = sqlite_base.default_database_file()

    def __call__(self, request):
        if sqlite_base.replaced(self.path):
            return _restored(request)
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, sqlite_base.DatabaseReplaced):
            return None
        log.error("refused %s %s: the database file was replaced (restore_db)", request.method, request.path)
        return _restored(request)

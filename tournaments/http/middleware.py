"""Site-wide answers: the first run's "Set up your club", and a busy database's or a full disk's "press Save again"."""

import errno
import logging
import sqlite3
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.middleware import LoginRequiredMiddleware
from django.db import DatabaseError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django_htmx.http import HttpResponseClientRefresh

from tournaments import l10n
from tournaments.selectors.clubs import LANGUAGE_KEY, club_words, setup_needed

log = logging.getLogger("tournaments.busy")
# Retry-After, in seconds: a busy database frees in moments; a full disk waits for whoever runs the
# server, and the phones (static/phone/phone.js waits as asked) should not fill its log meanwhile.
BUSY_RETRY_S, DISK_FULL_RETRY_S = 5, 60


class LoginRequired(LoginRequiredMiddleware):
    """Django's LoginRequiredMiddleware, except that a live page's poll (htmx) after the login has
    gone draws the whole page again, so the login page appears as a page, never inside a fragment."""

    # The stubs type Django's answer as a redirect; Django returns whatever this gives (a refresh, here).
    def handle_no_permission(  # type: ignore[override]
        self, request: HttpRequest, view_func: Callable[..., HttpResponseBase]
    ) -> HttpResponse:
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

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
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

    def process_view(
        self, request: HttpRequest, view_func: Callable[..., Any], view_args: list[Any], view_kwargs: dict[str, Any]
    ) -> None:
        if not getattr(view_func, "login_required", True) or not request.user.is_authenticated:
            return None
        # One small query (the memberships, which the page's header reuses); none for a poll, which
        # speaks the words the director's last whole page kept in the session (selectors/clubs.py).
        club_language, style = club_words(request)
        language = request.session.get(LANGUAGE_KEY) or club_language
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
        l10n.set_style(style)
        return None


# Once set up, a database stays set up: after the first club is seen, no query on any request of
# this process.
_seen_set_up = False


def forget_set_up() -> None:
    """For tests that start again from an empty database."""
    global _seen_set_up
    _seen_set_up = False


class FirstRunMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
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


# How a full disk reads: SQLite's SQLITE_FULL, PostgreSQL's class 53 (53100 disk_full) and the words
# of its "could not extend file …: No space left on device", a file write's ENOSPC (or a quota's).
_DISK_FULL_WORDS = ("database or disk is full", "could not extend file", "no space left on device")
_DISK_FULL_ERRNOS = {errno.ENOSPC, errno.EDQUOT}
_DISK_FULL_SQLSTATE = "53100"


def _disk_full(exception: BaseException | None) -> bool:
    """The disk (or the database's file) has no room for the write, here or in what caused it."""
    for _ in range(5):  # the error itself, then what it wraps (Django's wrapper, psycopg's error)
        if exception is None:
            return False
        if isinstance(exception, OSError) and exception.errno in _DISK_FULL_ERRNOS:
            return True
        if _DISK_FULL_SQLSTATE in (getattr(exception, "sqlstate", None), getattr(exception, "pgcode", None)):
            return True
        if isinstance(exception, (DatabaseError, sqlite3.DatabaseError)):
            text = str(exception).lower()
            if any(words in text for words in _DISK_FULL_WORDS):
                return True
        exception = exception.__cause__ or exception.__context__
    return False


def _kept_fields(request: HttpRequest) -> list[tuple[str, str]]:
    """What was posted, to send again; never a password (the page would hold it in plain text)."""
    if request.method != "POST":
        return []
    return [
        (key, value)
        for key in request.POST
        if key != "csrfmiddlewaretoken" and "password" not in key
        for value in request.POST.getlist(key)
    ]


def _password_fields(request: HttpRequest) -> list[str]:
    """The password boxes posted, offered empty to be typed again (the login page's, say)."""
    if request.method != "POST":
        return []
    return [key for key in request.POST if "password" in key]


class BusyDatabaseMiddleware:
    """A write that cannot get the lock, or finds the disk full, answers 503 with the entry kept,
    never a bare 500.

    The page offers the same form again with every posted value in it, so one press sends the
    entry again: nothing typed at the table is lost. A phone's script keeps its entry on any 5xx and
    sends it again by itself (static/phone/phone.js).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        session = getattr(request, "session", None)
        if session is None or not session.modified or response.status_code >= 500 or session.is_empty():
            return response
        # SessionMiddleware saves a changed session after this middleware has answered, where a
        # full disk would be a bare 500: save it here first, where it can still be answered. (It
        # saves again, one more UPDATE, only on the few requests that change the session.)
        try:
            session.save()
        except Exception as error:
            # Anything else (a session deleted meanwhile, say) is left to SessionMiddleware's own
            # save, which answers it as it always has.
            return self._answer(request, error) or response
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponseBase | None:
        return self._answer(request, exception)

    def _answer(self, request: HttpRequest, exception: Exception) -> HttpResponseBase | None:
        if _disk_full(exception):
            log.error("disk full on %s %s: %s", request.method, request.path, exception)
            disk_full, retry_after = True, str(DISK_FULL_RETRY_S)
        elif _busy(exception):
            log.warning("database busy on %s %s: %s", request.method, request.path, exception)
            disk_full, retry_after = False, str(BUSY_RETRY_S)
        else:
            return None
        # What the view said it did ("Now working in …") did not happen: not on this page, nor the next.
        # Reading the messages marks them used, so none is stored for the next page (Django's public API
        # has no way to tell this request's from an earlier page's; those are dropped too), and the page
        # is given none to show.
        for _said in messages.get_messages(request):
            pass
        context = {
            "messages": [],
            "fields": _kept_fields(request),
            "passwords": _password_fields(request),
            "action": request.get_full_path(),
            "disk_full": disk_full,
            # A button that posts nothing but its token (Close the round) is pressed again too.
            "post": request.method == "POST",
        }
        response = render(request, "busy.html", context, status=503)
        response["Retry-After"] = retry_after
        return response

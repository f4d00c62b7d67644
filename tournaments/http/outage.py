"""The database out of reach (PostgreSQL stopped, restarting, refusing, full of connections): every page and
every phone's post answers 503 with Retry-After, never a bare 500.

The error can come from anywhere in the request: a middleware's first query (the first run's check, the
session, the login), the view, or the session's save after it. Django turns an exception anywhere into its
500 handler, so the answer is given there (handler500 in clubdirector/urls.py), from the exception being
handled. The page reads nothing from the database; a phone's script (asking for JSON) keeps its entry and
sends it again after Retry-After (static/phone/phone.js).
"""

import logging
import sys
from typing import Any

from django.db import InterfaceError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.views import defaults

log = logging.getLogger("tournaments.outage")
# PostgreSQL is usually back within seconds of a restart; a phone waits this long before sending again.
OUTAGE_RETRY_S = 5
# SQLSTATEs of a server out of reach: class 08 (connection exception), 53300 too many connections,
# 57P01-57P03 shutting down, crashed, starting up.
_CODES = {"53300", "57P01", "57P02", "57P03"}
# The same, as psycopg and SQLite word them when there is no SQLSTATE (the connection never opened).
_WORDS = (
    "connection refused",
    "could not connect",
    "connection failed",
    "server closed the connection",
    "connection is closed",
    "connection already closed",
    "consuming input failed",
    "terminating connection",
    "the database system is",
    "too many clients",
    "too many connections",
    "no such file or directory",
    "unable to open database file",
)


def database_down(exception: BaseException | None) -> bool:
    """The database cannot be reached at all (not a bad query, not a busy lock), here or in its cause."""
    for _ in range(5):  # the error itself, then what it wraps (Django's wrapper, psycopg's error)
        if exception is None:
            return False
        if isinstance(exception, InterfaceError):
            return True
        code = getattr(exception, "sqlstate", None) or getattr(exception, "pgcode", None)
        if code and (code in _CODES or str(code).startswith("08")):
            return True
        if type(exception).__name__ in ("OperationalError", "InterfaceError"):
            text = str(exception).lower()
            if any(words in text for words in _WORDS):
                return True
        exception = exception.__cause__ or exception.__context__
    return False


def outage_response(request: HttpRequest) -> HttpResponse:
    """503 "The database is not answering", as JSON for a phone's script, else a plain page."""
    said = translation.gettext("The database is not answering: try again in a moment.")
    if "application/json" in request.headers.get("Accept", ""):
        response: HttpResponse = JsonResponse({"ok": False, "message": said, "retry": True}, status=503)
    else:
        response = HttpResponse(render_to_string("outage.html"), status=503)
    response["Retry-After"] = str(OUTAGE_RETRY_S)
    return response


def server_error(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """Django's 500 handler: a database outage answers 503 with Retry-After, anything else the 500 page."""
    exception = sys.exc_info()[1]
    if database_down(exception):
        log.warning("database out of reach on %s %s: %s", request.method, request.path, exception)
        return outage_response(request)
    return defaults.server_error(request, *args, **kwargs)

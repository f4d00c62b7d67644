"""Request bodies are bounded before anything reads them: 413 for a body over its cap, 411 for one of no length.

Without this, the CSRF check (or a view's request.POST) parsed whatever arrived: an anonymous 300 MB body
to a phone's link or the login page was written to the temporary folder before any check. The first
middleware compares the declared Content-Length with a cap: settings.REQUEST_MAX_BYTES for every request,
settings.UPLOAD_REQUEST_MAX_BYTES only for a POST to one of settings.UPLOAD_URL_NAMES (the spreadsheet
uploads). A real form or file never reaches either: an upload's own limit (tournaments.files.uploads.MAX_BYTES,
2 MB) stays below the upload cap, so a too-big spreadsheet still gets the upload's own plain message.

A body sent in chunks with no Content-Length is refused too (411): Django reads only a declared length, so
such a body would silently arrive empty. Nothing here reads the body, so a refused one is never stored.

Then a typed value holding a NUL character is refused (400) before any view sees it. Nothing a person types
has one; Django's form fields refuse it, but a value read straight from the request (an invite's label, say)
went on to PostgreSQL, which refuses NUL in text with an error: a 500. SQLite stored it.
"""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, QueryDict, UnreadablePostError
from django.http.response import HttpResponseBase
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve
from django.utils import translation

from tournaments import l10n


def declared_length(request: HttpRequest) -> int | None:
    """The body's declared length in bytes; None when it declares none (or nonsense)."""
    value = request.META.get("CONTENT_LENGTH", "")
    try:
        length = int(value)
    except (TypeError, ValueError):
        return None
    return length if length >= 0 else None


def chunked(request: HttpRequest) -> bool:
    return "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower()


def cap_for(request: HttpRequest) -> int:
    """The most bytes this request's body may hold."""
    if request.method == "POST":
        try:
            name = resolve(request.path_info).url_name
        except Resolver404:
            name = None
        if name in settings.UPLOAD_URL_NAMES:
            return settings.UPLOAD_REQUEST_MAX_BYTES
    return settings.REQUEST_MAX_BYTES


def refusal(request: HttpRequest, *, status: int, cap: int) -> HttpResponse:
    """The plain page, in the browser's language (this runs before the site's language is chosen)."""
    with translation.override(translation.get_language_from_request(request)):
        megabytes = l10n.number(max(1, cap // (1024 * 1024)))
        page = render_to_string("413.html", {"megabytes": megabytes, "no_length": status == 411})
    return HttpResponse(page, status=status, content_type="text/html; charset=utf-8")


def holds_nul(values: QueryDict) -> bool:
    """A NUL in any name or value of a QueryDict (a file's own bytes are not looked at)."""
    return any("\x00" in key or any("\x00" in value for value in listed) for key, listed in values.lists())


class RequestLimits:
    """First in MIDDLEWARE: nothing before it reads the body."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        length = declared_length(request)
        if length is None:
            if chunked(request):
                return refusal(request, status=411, cap=settings.REQUEST_MAX_BYTES)
        elif length > settings.REQUEST_MAX_BYTES:
            # Resolved only for a body over the small cap: ordinary requests pay nothing.
            cap = cap_for(request)
            if length > cap:
                return refusal(request, status=413, cap=cap)
        return self.get_response(request)


class NulRefused:
    """Right after RequestLimits: a query or form value with a NUL character is answered 400, unread."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        # request.POST parses a body already bounded above; CSRF's check would parse it next anyway.
        try:
            refused = (
                "\x00" in request.path_info
                or holds_nul(request.GET)
                or (request.method == "POST" and holds_nul(request.POST))
            )
        except UnreadablePostError:  # the client went away mid-body (CSRF's check answered it so before)
            return HttpResponse(status=400)
        if refused:
            with translation.override(translation.get_language_from_request(request)):
                page = render_to_string("400_nul.html")
            return HttpResponse(page, status=400, content_type="text/html; charset=utf-8")
        return self.get_response(request)

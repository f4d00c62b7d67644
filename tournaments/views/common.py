"""Small helpers the views share: errors into messages, printed files into responses, asking before deleting."""

import re
import unicodedata
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.forms import BaseForm
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils.cache import patch_vary_headers

from tournaments.selectors import live as live_selectors


def error_messages(error: ValidationError) -> list[str]:
    return list(error.messages)


def texts(errors: Iterable[object]) -> list[str]:
    """A form's error list as its messages. Django's ErrorList gives each one as a str already (a
    ValidationError yields its messages as str); the stubs type the items more widely."""
    return [str(error) for error in errors]


def form_messages(form: BaseForm) -> list[str]:
    """Every error message of a bound form, field by field."""
    return [message for errors in form.errors.values() for message in texts(errors)]


def add_errors(form: BaseForm, error: ValidationError) -> None:
    """Show a service's ValidationError on the form, by field where it names one."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            target = field if field in form.fields else None
            for item in errors:
                form.add_error(target if field != NON_FIELD_ERRORS else None, item.messages[0])
    else:
        for message in error.messages:
            form.add_error(None, message)


def file_response(built: tuple[str, str, bytes], *, download: bool = False) -> HttpResponse:
    """Wrap a printer's (filename, content_type, bytes): shown in the browser, or downloaded."""
    filename, content_type, content = built
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = content_disposition(filename, download=download)
    return response


def content_disposition(filename: str, *, download: bool = True) -> str:
    """The Content-Disposition of a file named in the reader's language (RFC 6266): an ASCII name every
    browser takes ("soiree-d-ete-resultats.pdf"), and beside it, when the name has other letters, the
    name itself in UTF-8 ("filename*=UTF-8''soir%C3%A9e-d-%C3%A9t%C3%A9-r%C3%A9sultats.pdf"), which a
    browser that reads it prefers."""
    how = "attachment" if download else "inline"
    fallback = ascii_filename(filename)
    if fallback == filename:
        return f'{how}; filename="{filename}"'
    return f"{how}; filename=\"{fallback}\"; filename*=UTF-8''{quote(filename, safe='')}"


def ascii_filename(filename: str) -> str:
    """ "soirée-d’été-résultats.pdf" -> "soiree-d-ete-resultats.pdf": accents dropped, every run of other
    characters but letters, digits and underscores a hyphen; a name left with no letters "download"."""
    stem, dot, ending = filename.rpartition(".")
    if not dot:
        stem, ending = filename, ""
    stem, ending = _ascii_words(stem) or "download", _ascii_words(ending)
    return f"{stem}.{ending}" if ending else stem


def _ascii_words(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^A-Za-z0-9_]+", "-", folded).strip("-")


def paper_of(request: HttpRequest) -> str:
    """?paper=letter for US Letter; A4 otherwise."""
    return "letter" if request.GET.get("paper") == "letter" else "A4"


def _htmx(request: HttpRequest) -> bool:
    """htmx sent it (django-htmx's middleware puts `htmx` on every request)."""
    return bool(getattr(request, "htmx", False))


def live(
    request: HttpRequest, template: str, fragment: str, context: dict[str, Any], tag: str | None = None
) -> HttpResponse:
    """A page that refreshes itself: htmx's polls get the fragment, a browser the whole page.

    The answer varies on HX-Request, so the browser's Back button never shows a bare fragment. `tag`,
    the fragment's validator (selectors/live.py), worked out before the page's data was read: a poll's
    fragment carries it as its ETag (static/js/live.js sends it back; see `unchanged`).
    """
    response = render(request, fragment if _htmx(request) else template, context)
    patch_vary_headers(response, ["HX-Request"])
    if tag and _htmx(request):
        response["ETag"] = tag
    return response


def unchanged(request: HttpRequest, tag: str | None) -> HttpResponse | None:
    """A poll whose fragment already shows what `tag` stands for: 304, nothing read or drawn.

    Not Django's `condition(etag_func=...)`: the tag stands for the htmx fragment only, so the full page at
    the same address must neither get it nor be answered 304 with it; our 304 carries Vary: HX-Request (and
    the public page adds its noindex and no-referrer headers to it), where `condition` answers a bare 304
    before the view runs; and `live` sets the tag on the poll's answer only. docs/development.md, "One shape".
    """
    if not (tag and _htmx(request) and live_selectors.matches(request, tag)):
        return None
    response = HttpResponseNotModified()
    response["ETag"] = tag
    patch_vary_headers(response, ["HX-Request"])
    return response


# Deleting asks first. The button's data-confirm asks in the browser, and site.js then sends confirm=yes with the
# form; without JavaScript the post comes without it and is answered by a page asking the same question, whose
# button sends the same post again with the answer. Nothing is deleted until then.
CONFIRM_FIELD, CONFIRM_VALUE = "confirm", "yes"


def confirmed(request: HttpRequest) -> bool:
    return request.POST.get(CONFIRM_FIELD) == CONFIRM_VALUE


def ask_first(request: HttpRequest, *, question: str, button: str, back: str) -> HttpResponse:
    """The second step without JavaScript: the question, a button sending this post again (its fields, such as
    the record a merge drops) with the answer, and the way back."""
    left_out = {CONFIRM_FIELD, "csrfmiddlewaretoken"}
    posted = [(name, value) for name in request.POST if name not in left_out for value in request.POST.getlist(name)]
    context = {"question": question, "button": button, "back": back, "action": request.path, "posted": posted}
    context |= {"field": CONFIRM_FIELD, "value": CONFIRM_VALUE}
    return render(request, "confirm.html", context)

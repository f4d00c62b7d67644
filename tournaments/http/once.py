"""A form that makes something is acted on once: three quick clicks on "Create the party" make one party.

Each rendering of a create form carries a one-time token in a hidden field (`{% once_field %}`, from
tournaments/templatetags/once_tags.py). The view wrapped in `@once_only` claims the token in the cache
(a database table shared by every worker, so `cache.add` lets exactly one request win) before it runs.
When the view made something (it answered with a redirect and no error message), the token remembers
where it sent the director; a repeat of the token is sent there too, told "That form was already
sent: here is what it made." A repeat arriving while the first is still working is answered at once
with a waiting page (`form_sent` in tournaments/views/forms_flow.py) that looks again every second on
its own, without JavaScript, and goes where the first post led once it has answered. No request waits
for another, and the director never sees the empty form again while her first post is at work (sending
it would make a second one). A view that refused the form (its errors shown again, or a new error
message) frees the token, so the corrected form goes through. A post without a token (a script, an
older page) is acted on as before: the token is a guard against repeats, not a permission.
"""

import contextlib
import re
import secrets
from collections.abc import Callable
from functools import wraps
from typing import Concatenate, ParamSpec, TypeVar

from django.contrib import messages
from django.contrib.messages.storage.base import BaseStorage
from django.core.cache import cache
from django.db import DatabaseError
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _

FIELD = "once"
PLAUSIBLE = re.compile(r"[A-Za-z0-9_-]{16,64}")
PENDING = "pending"
# A repeat comes within seconds (or from the Back button within minutes); an hour is plenty, and keeps the
# shared cache small (Django's database cache culls a third of its rows past 300, the phone links' counts
# among them: tournaments/http/link_limit.py).
REMEMBERED = 60 * 60
# The most a create can take; a claim left behind (its request crashed, or freeing it failed on a busy
# database or a full disk) frees itself after it, so "Save again" on the busy page soon goes through.
CLAIM = 15


def once_token() -> str:
    return secrets.token_urlsafe(18)


def _key(request: HttpRequest, token: str) -> str:
    # Per director: a token seen by someone else's browser names nothing of theirs.
    return f"once:{getattr(request.user, 'pk', None) or 0}:{token}"


def _errors_shown(request: HttpRequest) -> int:
    """How many error messages the request's message storage holds. Iterating the storage marks it used
    (its messages would be dropped at the response); `used = False` keeps them, as Django's documentation
    says, so they are shown on the next page all the same."""
    storage = messages.get_messages(request)
    count = sum(1 for message in storage if message.level >= messages.ERROR)
    if isinstance(storage, BaseStorage):  # a list when no message middleware runs
        storage.used = False
    return count


def _made_something(request: HttpRequest, response: HttpResponseBase, errors_before: int) -> bool:
    if response.status_code not in (301, 302, 303) or not response.has_header("Location"):
        return False
    # A redirect that carries a new error message refused the form: it made nothing.
    return _errors_shown(request) <= errors_before


def _repeat(request: HttpRequest, key: str) -> HttpResponseBase | None:
    """The answer to a token already used, at once (nothing waits inside a request): where the first post
    led when it has answered; "look again in a moment" while it is still working."""
    where = cache.get(key)
    if where is None:
        return None  # the first post was refused meanwhile: this one is acted on in its own right
    if where == PENDING:
        return redirect(reverse("form_sent", args=[_token_of(key)]) + "?" + urlencode({"from": _from(request)}))
    messages.info(request, _("That form was already sent: here is what it made."))
    return redirect(where)


def _token_of(key: str) -> str:
    return key.rsplit(":", 1)[1]


def _from(request: HttpRequest) -> str:
    """The page the form was sent from, when the browser says: the address posted to may take only POST
    (guests pasted, one more round…), where a GET is a 405."""
    page = request.META.get("HTTP_REFERER", "")
    if page and url_has_allowed_host_and_scheme(page, allowed_hosts={request.get_host()}):
        return page
    return request.get_full_path()


def _back(request: HttpRequest) -> HttpResponseBase:
    return redirect(_from(request))


def first_post(request: HttpRequest, token: str) -> str | None:
    """Where the director's first post of this token led: PENDING while it is still at work; None when it
    was refused (its token freed), long forgotten, never hers, or the token is not one of ours."""
    return cache.get(_key(request, token)) if PLAUSIBLE.fullmatch(token) else None


def safe_back(request: HttpRequest, page: str) -> str:
    """The page to go back to when it is one of this site's, else nothing."""
    return page if url_has_allowed_host_and_scheme(page, allowed_hosts={request.get_host()}) else ""


def _forget(key: str) -> None:
    # A write like the view's own: on a busy database or a full disk it can fail too, and must not hide
    # the view's answer (the 503 page that keeps what was typed). The claim then lapses after CLAIM.
    with contextlib.suppress(DatabaseError):
        cache.delete(key)


Params = ParamSpec("Params")
Request = TypeVar("Request", bound=HttpRequest)


def once_only(
    view: Callable[Concatenate[Request, Params], HttpResponseBase],
) -> Callable[Concatenate[Request, Params], HttpResponseBase]:
    """Act on a create form's post once per token (see the module's docstring)."""

    @wraps(view)
    def wrapper(request: Request, /, *args: Params.args, **kwargs: Params.kwargs) -> HttpResponseBase:
        token = request.POST.get(FIELD, "") if request.method == "POST" else ""
        if not PLAUSIBLE.fullmatch(token):
            return view(request, *args, **kwargs)
        key = _key(request, token)
        # Django's database cache answers False, not an error, when it cannot write (a busy database, a
        # full disk): a claim refused with nothing stored is no repeat, and the view is left to meet the
        # same trouble and answer it (503, what was typed kept).
        if not cache.add(key, PENDING, CLAIM) and cache.get(key) is not None:
            answer = _repeat(request, key)
            if answer is not None:
                return answer
            if not cache.add(key, PENDING, CLAIM) and cache.get(key) is not None:
                return _repeat(request, key) or _back(request)  # another repeat claimed it first
        errors_before = _errors_shown(request)
        try:
            response = view(request, *args, **kwargs)
        except BaseException:
            _forget(key)
            raise
        if _made_something(request, response, errors_before):
            with contextlib.suppress(DatabaseError):  # made all the same: only a later repeat is unguarded
                cache.set(key, response["Location"], REMEMBERED)
        else:
            _forget(key)
        return response

    return wrapper

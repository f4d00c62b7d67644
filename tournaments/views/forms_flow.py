"""The one shape of a view that makes, changes or deletes something.

A create or edit page: the form bound to the POST; when it is valid the service is called; a ValidationError
from the service is shown on the form (by field where it names one); otherwise a success message and a
redirect. `form_saved` does that and answers None whenever the form is to be drawn again (a GET, a form
with errors), so the view keeps its own render with its own context.

A delete (or any change that cannot be undone): asked first (`ask_first`, without JavaScript), then the
service, then a success message, or the service's refusal as error messages, and a redirect either way.
`delete_asked` does that.
"""

from collections.abc import Callable
from typing import Any, TypeVar

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.forms import BaseForm
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

from tournaments.directors import DirectorRequest
from tournaments.http import once
from tournaments.views.common import add_errors, ask_first, confirmed

Made = TypeVar("Made")


def _words(said: str | Callable[[Any], str], made: object) -> str:
    return said(made) if callable(said) else said


def form_saved(
    request: HttpRequest,
    form: BaseForm,
    save: Callable[[dict[str, Any]], Made],
    *,
    said: str | Callable[[Made], str],
    then: Callable[[Made], HttpResponseBase],
    refused: Callable[[BaseForm, ValidationError], None] = add_errors,
) -> HttpResponseBase | None:
    """The answer to a form that was saved (the message given, `then` of what `save` returned); None when
    the form is to be drawn again: not posted, not valid, or refused by the service (`refused` puts the
    service's errors on the form)."""
    if request.method != "POST" or not form.is_valid():
        return None
    try:
        made = save(form.cleaned_data)
    except ValidationError as error:
        refused(form, error)
        return None
    messages.success(request, _words(said, made))
    return then(made)


def flash_each(request: HttpRequest, error: ValidationError) -> None:
    """A refusal as error messages, one each."""
    for message in error.messages:
        messages.error(request, message)


def flash_joined(request: HttpRequest, error: ValidationError) -> None:
    """A refusal as one error message."""
    messages.error(request, " ".join(error.messages))


def delete_asked(
    request: HttpRequest,
    *,
    question: str,
    button: str,
    back: str,
    delete: Callable[[], Made],
    said: str | Callable[[Made], str],
    to: str,
    refused: Callable[[HttpRequest, ValidationError], None] = flash_each,
) -> HttpResponse | HttpResponseBase:
    """Asked first (see common.ask_first); once confirmed, `delete` is called and the director sent `to` (a URL
    or a URL's name), told `said` or the service's refusal."""
    if not confirmed(request):
        return ask_first(request, question=question, button=button, back=back)
    try:
        made = delete()
    except ValidationError as error:
        refused(request, error)
    else:
        messages.success(request, _words(said, made))
    return redirect(to)


def form_sent(request: DirectorRequest, token: str) -> HttpResponseBase:
    """The waiting page of a form sent again while its first post was still at work (tournaments/http/once.py):
    it looks again every second on its own, without JavaScript, until the first post has answered, then goes
    where it led. A token the director never sent, or long forgotten, is a 404 that says to send it again.
    Any method: a GET or a POST here changes nothing."""
    where = once.first_post(request, token)
    if where is not None and where != once.PENDING:
        messages.info(request, _("That form was already sent: here is what it made."))
        return redirect(where)
    context = {"back": once.safe_back(request, request.GET.get("from", "")), "waiting": where == once.PENDING}
    response = render(request, "once_wait.html", context, status=200 if context["waiting"] else 404)
    patch_cache_control(response, no_store=True)
    return response

"""The type of whoever a request carries: a director logged in, or nobody (Django's anonymous user).

Selectors and services take it as `user` (or `by`) and scope every query to that person's clubs."""

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

Director = User | AnonymousUser


class HtmxRequest(HttpRequest):
    """Any request, as the views see it: django-htmx's middleware (settings.MIDDLEWARE) gives every one its
    `htmx`, whether htmx sent it. Views that need no login (phones, public pages) take this."""

    htmx: HtmxDetails


class DirectorRequest(HtmxRequest):
    """A request to a director's page: past LoginRequired (every view that does not say login_not_required),
    so its user is a director, never the anonymous user."""

    user: User

"""The type of whoever a request carries: a director logged in, or nobody (Django's anonymous user).

Selectors and services take it as `user` (or `by`) and scope every query to that person's clubs."""

from django.contrib.auth.models import AnonymousUser, User

Director = User | AnonymousUser

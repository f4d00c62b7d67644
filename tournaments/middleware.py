"""The first run: until a club exists, every page leads to "Set up your club"."""

from django.shortcuts import redirect
from django.urls import reverse

from tournaments.selectors.clubs import setup_needed

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
            elif request.path != reverse("club_setup") and not request.path.startswith("/static/"):
                return redirect("club_setup")
        return self.get_response(request)

"""The first run: until a club exists, every page leads to "Set up your club"."""

from django.shortcuts import redirect
from django.urls import reverse

from tournaments.selectors.clubs import setup_needed


class FirstRunMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        # Once set up, a database stays set up: no query per request after the first club is seen.
        self.set_up = False

    def __call__(self, request):
        if not self.set_up:
            if not setup_needed():
                self.set_up = True
            elif request.path != reverse("club_setup") and not request.path.startswith("/static/"):
                return redirect("club_setup")
        return self.get_response(request)

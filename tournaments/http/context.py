"""What every page's header shows: the director's club, and the others to switch to."""

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from tournaments.selectors.clubs import current_club, memberships


def clubs(request: HttpRequest) -> dict[str, SimpleLazyObject]:
    # Lazy: pages that never show the header (phones, PDFs) read nothing.
    return {
        "my_clubs": SimpleLazyObject(lambda: memberships(request)),
        "my_club": SimpleLazyObject(lambda: current_club(request)),
    }

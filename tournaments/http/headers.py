"""Response headers for the director's pages: never stored by a browser or a proxy.

A director's page holds the club's guests, scores and links to every table: `Cache-Control: no-store`
keeps it out of the browser's cache (and the back button's after logging out) and out of any shared
cache. Every view that needs a login counts (as tournaments.http.middleware.Language decides it); the
phones', the public pages and static files keep their own caching.
"""

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils.cache import patch_cache_control


class DirectorPagesNoStore:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if getattr(request, "_director_page", False):
            patch_cache_control(response, no_store=True)
        return response

    def process_view(
        self, request: HttpRequest, view_func: Callable[..., Any], view_args: list[Any], view_kwargs: dict[str, Any]
    ) -> None:
        # A mark for __call__ on the way out; HttpRequest has no attribute for it.
        request._director_page = getattr(view_func, "login_required", True)  # type: ignore[attr-defined]
        return None

"""Response headers for the director's pages: never stored by a browser or a proxy.

A director's page holds the club's guests, scores and links to every table: `Cache-Control: no-store`
keeps it out of the browser's cache (and the back button's after logging out) and out of any shared
cache. Every view that needs a login counts (as tournaments.http.middleware.Language decides it); the
phones', the public pages and static files keep their own caching.
"""

from django.utils.cache import patch_cache_control


class DirectorPagesNoStore:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if getattr(request, "_director_page", False):
            patch_cache_control(response, no_store=True)
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        request._director_page = getattr(view_func, "login_required", True)
        return None

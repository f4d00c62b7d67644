"""The public results pages: no login, an unguessable link, read-only, never indexed; they refresh
during play and stay afterwards, until the club takes the link down."""

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.directors import DirectorRequest, HtmxRequest
from tournaments.models import Knockout, Party, Series
from tournaments.selectors import knockout as knockout_selectors
from tournaments.selectors import live_public as live_selectors
from tournaments.selectors import party as party_selectors
from tournaments.selectors import public as public_selectors
from tournaments.selectors import seasons as season_selectors
from tournaments.services import public as public_services
from tournaments.views.common import live, unchanged


@login_not_required
@require_GET
def public_page(request: HtmxRequest, token: str) -> HttpResponse:
    # The page's poll (htmx, every 15 s): 304 and nothing read or drawn while the results are as shown. A link
    # taken down has no validator: its poll reads the link below and gets the 404.
    tag = live_selectors.public_etag(token, sorted(request.GET.items())) if request.htmx else None
    if (same := unchanged(request, tag)) is not None:
        return _private(same)
    try:
        link = public_selectors.public_link(token)
    except Http404:
        return _gone(request)
    projector = request.GET.get("projector") == "1"
    if link.knockout is not None:  # read with the link (select_related), as are the party and the season
        context = {"link": link, "title": link.knockout.name, "day": link.knockout.date}
        context["matches"] = public_selectors.knockout_matches(link.knockout)
        response = live(request, "public/knockout.html", "public/_knockout_body.html", context, tag)
    else:
        if link.party is not None:
            board = public_selectors.party_board(link.party)
        elif link.series is not None:
            board = public_selectors.series_board(link.series)
        else:  # a link names one event (a database constraint): this cannot happen
            raise Http404
        context = {"link": link, "board": board, "title": board.title, "day": board.day, "projector": projector}
        context["season"] = bool(link.series_id)
        response = live(request, "public/board.html", "public/_board_body.html", context, tag)
    return _private(response)


def _private(response: HttpResponse) -> HttpResponse:
    """Not for search engines, and the link itself never leaves in a Referer."""
    response["X-Robots-Tag"] = "noindex, nofollow"
    response["Referrer-Policy"] = "no-referrer"
    return response


def _gone(request: HttpRequest) -> HttpResponse:
    """A results link taken down or mistyped: 404, with words about a results link (the site's own 404 speaks
    of table cards, which a guest following a results link never scanned), in the reader's language."""
    return _private(render(request, "public/gone.html", status=404))


def _event(request: DirectorRequest, kind: str, event_id: int) -> tuple[Party | Knockout | Series, str]:
    if kind == "party":
        return party_selectors.party_get(event_id, user=request.user), "party_dashboard"
    if kind == "knockout":
        return knockout_selectors.knockout_get(event_id, user=request.user), "knockout_detail"
    if kind == "series":
        return season_selectors.series_get(event_id, user=request.user), "series_detail"
    raise Http404("no such kind of event")


@require_POST
def publish_toggle(request: DirectorRequest, kind: str, event_id: int) -> HttpResponse:
    """Publish the event's results at a new link, or take its page down."""
    event, page = _event(request, kind, event_id)
    if request.POST.get("action") == "unpublish":
        public_services.unpublish(event=event)
        messages.success(request, _("The public page is taken down: its link no longer opens."))
    else:
        public_services.publish(event=event)
        messages.success(request, _("The results are public at the link below, for anyone who has it."))
    return redirect(page, event.id)

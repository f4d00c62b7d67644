"""The public results pages: no login, an unguessable link, read-only, never indexed; they refresh
during play and stay afterwards, until the club takes the link down."""

from django.contrib.auth.decorators import login_not_required
from django.views.decorators.http import require_GET

from tournaments.selectors import public as public_selectors
from tournaments.views.common import live


@login_not_required
@require_GET
def public_page(request, token):
    link = public_selectors.public_link(token)
    projector = request.GET.get("projector") == "1"
    if link.knockout_id:
        context = {"link": link, "title": link.knockout.name, "day": link.knockout.date}
        context["matches"] = public_selectors.knockout_matches(link.knockout)
        response = live(request, "public/knockout.html", "public/_knockout_body.html", context)
    else:
        board = (
            public_selectors.party_board(link.party) if link.party_id else public_selectors.series_board(link.series)
        )
        context = {"link": link, "board": board, "title": board.title, "day": board.day, "projector": projector}
        context["season"] = bool(link.series_id)
        response = live(request, "public/board.html", "public/_board_body.html", context)
    # Not for search engines, and the link itself never leaves in a Referer.
    response["X-Robots-Tag"] = "noindex, nofollow"
    response["Referrer-Policy"] = "no-referrer"
    return response

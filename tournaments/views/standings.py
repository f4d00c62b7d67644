from dataclasses import replace

from django.http import HttpResponse
from django_tables2 import RequestConfig

from tournaments.directors import DirectorRequest
from tournaments.presentation.names import Namer, Where, named_standings
from tournaments.selectors import live as live_selectors
from tournaments.selectors import party as party_selectors
from tournaments.selectors import plan_changes as plan_selectors
from tournaments.selectors import standings as standings_selectors
from tournaments.selectors.names import party_namer
from tournaments.tables import rows_into, standings_table
from tournaments.views.common import live, unchanged


def party_standings(request: DirectorRequest, party_id: int) -> HttpResponse:
    # The big screen's poll (htmx, every 10 s): 304 and nothing drawn while the party is as shown.
    extra = sorted(request.GET.items())
    tag = live_selectors.party_etag(party_id, request.user, "standings", extra) if request.htmx else None
    if (same := unchanged(request, tag)) is not None:
        return same
    party = party_selectors.party_get(party_id, user=request.user)
    standings = standings_selectors.party_standings(party)
    projector = request.GET.get("projector") == "1"
    # The big screen names each member as they chose; the director's own page in full (docs/names.md).
    shown = party_namer(party.pk, Where.STANDINGS_BIG_SCREEN) if projector else Namer(Where.DIRECTOR_PAGES)
    table = standings_table(standings, mixed=party.mixed, shown=shown)
    table.rows_later = True  # the body rows go in after the page is drawn (rows_into: a big party's are 3 MB)
    RequestConfig(request, paginate=False).configure(table)
    context = {
        "party": party,
        "standings": standings,
        "named": named_standings(standings, shown),
        "table": table,
        "projector": projector,
        # Full names: the director's page only, never the big screen (docs/names.md).
        "attendance": [] if projector else [replace(a, name=shown(a.name)) for a in plan_selectors.attendance(party)],
        "tab": "standings",
    }
    response = live(request, "tournaments/party_standings.html", "tournaments/_standings_body.html", context, tag)
    return rows_into(response, table)

"""A phone's save answered with what it changed on the page, so the phone puts it in place.

After a save the phone used to ask for its whole part again (a second request, and the part drawn:
most of a save's cost on a busy server). Where the page the phone showed was current when it saved,
what the save changed is one deal's line and the running score: the answer carries those two, drawn,
with the page's new validator; static/js/phone.js puts them in place and moves its form on itself.

Anything else (the round's first deal, which starts the clock and takes the moves away; the fourth,
which asks both sides to agree; a correction; an acceptance that makes the round count; a page that
was already behind) gets no patch, and the phone draws its part again, as before.
"""

from django.template.loader import render_to_string

from tournaments.models import DealEntry, Round, TableResult, TableToken
from tournaments.selectors import live
from tournaments.selectors import rounds as round_selectors
from tournaments.selectors.table import DealLine

IN_PROGRESS = TableResult.Status.IN_PROGRESS


def patch(request, token: TableToken, current: Round, saved: TableResult, *, correcting: bool) -> dict | None:
    """The answer's `patch` ({live, number, line, running}), or None when the phone must draw its part."""
    before = getattr(saved, "counted_before", None)
    deal = getattr(saved, "deal_written", None)
    if before is None or deal is None or correcting or saved.deals_counted is None:
        return None  # a repeated send (nothing written), or a correction (the form moves back)
    (_, _, _, deals_before, _), status_before = before
    if deals_before < 1 or status_before != IN_PROGRESS or saved.status != IN_PROGRESS or saved.locked:
        return None
    party_values, round_values = live.phone_values(token.party, current)
    shown = request.POST.get("live", "")
    if not shown or shown != live.state_of(party_values, round_values, *before)["live"]:
        return None  # the page was behind already: only a whole part brings it up to date
    deals_in, accepted = saved.deals_counted
    counted = (1, saved.version, saved.ns_agreed + saved.ew_agreed, deals_in, accepted)
    entry = DealEntry(
        number=deal.number, contract=deal.contract, declarer=deal.declarer, tricks=deal.tricks,
        score=deal.score, ns=deal.ns, ew=deal.ew, entered_by=deal.entered_by, accepted=deal.accepted,
    )  # fmt: skip
    info = round_selectors.round_deals()[deal.number - 1]
    context = {"line": DealLine(info, entry), "result": saved, "round": current, "deals_in": deals_in}
    return {
        "live": live.state_of(party_values, round_values, counted, saved.status)["live"],
        "number": deal.number,
        "line": render_to_string("tournaments/_phone_line.html", context, request),
        "running": render_to_string("tournaments/_phone_running.html", context, request).strip(),
    }

"""Printed matter: each view reads the data, calls a builder and wraps its bytes.

Printed matter speaks the club's language and style of numbers (`l10n.printed_for`) and comes on the club's
paper, unless the link asks for the other one (?paper=letter or ?paper=A4).
"""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments import l10n
from tournaments.directors import DirectorRequest
from tournaments.http.site_url import is_loopback_url, site_url
from tournaments.models import Club, Party
from tournaments.printing import cards, sheets, tallies, workbook
from tournaments.selectors import clubs as club_selectors
from tournaments.selectors import party as party_selectors
from tournaments.selectors import prints as print_selectors
from tournaments.selectors import rounds as round_selectors
from tournaments.selectors import tokens as token_selectors
from tournaments.services import tokens as token_services
from tournaments.views.common import file_response

PAPER_NAMES = {"A4": "A4", "letter": gettext_lazy("US Letter")}


def _club(request: HttpRequest, party: Party) -> Club:
    """The party's club, from the director's memberships this request has read already (no other query)."""
    for membership in club_selectors.memberships(request):
        if membership.club_id == party.club_id:
            party.club = membership.club
            break
    return party.club


def _paper(request: HttpRequest, party: Party) -> str:
    """ "A4" or "letter": what the link asks for (?paper=), else the club's paper."""
    asked = request.GET.get("paper", "").lower()
    if asked in ("a4", "letter"):
        return "A4" if asked == "a4" else "letter"
    return _club(request, party).paper


def party_print(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    paper = _club(request, party).paper
    other = "letter" if paper == "A4" else "A4"
    context = {
        "party": party,
        # the first column prints on the club's paper; the second asks for the other
        "paper": {"name": PAPER_NAMES.get(paper, paper), "query": ""},
        "other_paper": {"name": PAPER_NAMES[other], "query": f"?paper={other}"},
        "rounds": list(party.rounds.order_by("number")),
        "count": party_selectors.guest_count(party),
        "links": sorted(token_selectors.table_links(party, request).items()),
        "site_url": site_url(request),
        "phones_cannot_reach": is_loopback_url(site_url(request)),
        "unprintable": print_selectors.unprintable_names(party),
        "tab": "print",
    }
    return render(request, "tournaments/party_print.html", context)


@require_POST
def token_reissue(request: DirectorRequest, party_id: int, table: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    if not 1 <= table <= party.tables:
        raise Http404
    token_services.token_reissue(party=party, table=table)
    messages.success(
        request,
        _("Table %(table)s has a new link: print its table card again; the old QR code no longer works.")
        % {"table": table},
    )
    return redirect("party_print", party_id=party.id)


def tallies_pdf(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    paper = _paper(request, party)
    with l10n.printed_for(_club(request, party)):
        return file_response(tallies.tallies_pdf(print_selectors.tally_cards(party), paper=paper))


def table_cards_pdf(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    paper = _paper(request, party)
    links = token_selectors.table_links(party, request)
    with l10n.printed_for(_club(request, party)):
        return file_response(cards.table_cards_pdf(print_selectors.table_cards(party, links), paper=paper))


def score_cards_pdf(request: DirectorRequest, party_id: int, number: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    paper = _paper(request, party)
    round_ = round_selectors.round_get(party, number)
    with l10n.printed_for(_club(request, party)):
        return file_response(cards.score_cards_pdf(print_selectors.score_cards(round_), paper=paper))


def movement_pdf(request: DirectorRequest, party_id: int, number: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    paper = _paper(request, party)
    round_ = round_selectors.round_get(party, number)
    lines = print_selectors.movement_lines(round_)
    with l10n.printed_for(_club(request, party)):
        return file_response(sheets.movement_pdf(party.name, round_.number, lines, paper=paper))


def results_pdf(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    paper = _paper(request, party)
    with l10n.printed_for(_club(request, party)):
        return file_response(sheets.results_pdf(print_selectors.results_sheet(party), paper=paper))


def results_xlsx(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    with l10n.printed_for(_club(request, party)):
        return file_response(workbook.results_xlsx(print_selectors.workbook(party)), download=True)

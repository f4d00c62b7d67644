"""Printed matter: each view reads the data, calls a builder and wraps its bytes."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from tournaments.printing import cards, sheets, tallies, workbook
from tournaments.selectors import party as party_selectors
from tournaments.selectors import prints as print_selectors
from tournaments.selectors import rounds as round_selectors
from tournaments.selectors import tokens as token_selectors
from tournaments.services import tokens as token_services
from tournaments.site_url import is_loopback_url, site_url
from tournaments.views.common import file_response, paper_of


def party_print(request, party_id):
    party = party_selectors.party_get(party_id, user=request.user)
    context = {
        "party": party,
        "rounds": list(party.rounds.order_by("number")),
        "count": party_selectors.guest_count(party),
        "links": sorted(token_selectors.table_links(party, request).items()),
        "site_url": site_url(request),
        "phones_cannot_reach": is_loopback_url(site_url(request)),
        "tab": "print",
    }
    return render(request, "tournaments/party_print.html", context)


@require_POST
def token_reissue(request, party_id, table):
    party = party_selectors.party_get(party_id, user=request.user)
    if not 1 <= table <= party.tables:
        raise Http404
    token_services.token_reissue(party=party, table=table)
    messages.success(
        request, f"Table {table} has a new link: print its table card again; the old QR code no longer works."
    )
    return redirect("party_print", party_id=party.id)


def tallies_pdf(request, party_id):
    party = party_selectors.party_get(party_id, user=request.user)
    return file_response(tallies.tallies_pdf(print_selectors.tally_cards(party), pagesize=paper_of(request)))


def table_cards_pdf(request, party_id):
    party = party_selectors.party_get(party_id, user=request.user)
    links = token_selectors.table_links(party, request)
    return file_response(cards.table_cards_pdf(print_selectors.table_cards(party, links), pagesize=paper_of(request)))


def score_cards_pdf(request, party_id, number):
    party = party_selectors.party_get(party_id, user=request.user)
    round_ = round_selectors.round_get(party, number)
    return file_response(cards.score_cards_pdf(print_selectors.score_cards(round_), pagesize=paper_of(request)))


def movement_pdf(request, party_id, number):
    party = party_selectors.party_get(party_id, user=request.user)
    round_ = round_selectors.round_get(party, number)
    lines = print_selectors.movement_lines(round_)
    return file_response(sheets.movement_pdf(party.name, round_.number, lines, pagesize=paper_of(request)))


def results_pdf(request, party_id):
    party = party_selectors.party_get(party_id, user=request.user)
    return file_response(sheets.results_pdf(print_selectors.results_sheet(party), pagesize=paper_of(request)))


def results_xlsx(request, party_id):
    party = party_selectors.party_get(party_id, user=request.user)
    return file_response(workbook.results_xlsx(print_selectors.workbook(party)), download=True)

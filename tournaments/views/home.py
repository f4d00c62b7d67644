from django.http import HttpResponse
from django.shortcuts import render

from tournaments.directors import DirectorRequest
from tournaments.selectors.clubs import current_club
from tournaments.selectors.party import party_list


def home(request: DirectorRequest) -> HttpResponse:
    club = current_club(request)
    if club is None:
        return render(request, "tournaments/no_club.html")
    parties = list(party_list(club))
    context = {"parties": parties, "club": club, "has_demo": any(p.demo for p in parties)}
    return render(request, "tournaments/home.html", context)

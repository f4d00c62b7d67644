from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from tournaments.selectors.party import party_list


@login_required
def home(request):
    return render(request, "tournaments/home.html", {"parties": party_list()})

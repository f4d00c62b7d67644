"""Every URL of the app: the director's pages by format (a module each, as views/ names them), phone, public."""

from django.urls import include, path

from tournaments.views import forms_flow, home

# The table's phones and the party's pages come first: they are the most requests by far (every phone
# polls every 5 s, the round page every 4 s), and Django tries the patterns in order. No pattern of
# one module matches another's addresses, so the order changes nothing else.
urlpatterns = [
    path("", include("tournaments.urls.table")),
    path("", include("tournaments.urls.party")),
    path("", home.home, name="home"),
    path("", include("tournaments.urls.clubs")),
    path("knockouts/", include("tournaments.urls.knockout")),
    path("towie/", include("tournaments.urls.towie")),
    path("boston/", include("tournaments.urls.boston")),
    path("evenings/", include("tournaments.urls.evening")),
    path("members/", include("tournaments.urls.members")),
    path("seasons/", include("tournaments.urls.seasons")),
    path("", include("tournaments.urls.public")),
    path("", include("tournaments.urls.mail")),
    path("", include("tournaments.urls.transfer")),
    path("", include("tournaments.urls.money")),
    path("sent/<str:token>/", forms_flow.form_sent, name="form_sent"),
]

"""The app's URLs by format (a module each, as views/ names them), but the phone's and the party's, which
clubdirector/urls.py puts first."""

from django.urls import include, path

from tournaments.views import forms_flow, home

# The table's phone (urls/table.py) and the party's pages (urls/party.py) are not here: clubdirector/urls.py
# puts them first, at the top level, as they are the most requests by far.
urlpatterns = [
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

"""A whole event imported from its export file."""

from django.urls import path

from tournaments.views import transfer

urlpatterns = [
    path("events/import/", transfer.event_import, name="event_import"),
]

"""The public results, at /r/<token>/, and the director's switch that publishes an event's link; the public
entry form at /enter/<token>/ and an entrant's own entry (its cancel link) at /entry/<token>/."""

from django.urls import path

from tournaments.views import entries, public

urlpatterns = [
    path("publish/<slug:kind>/<int:event_id>/", public.publish_toggle, name="publish_toggle"),
    path("r/<str:token>/", public.public_page, name="public_page"),
    path("enter/<str:token>/", entries.entry_page, name="entry_page"),
    path("entry/<str:token>/", entries.entry_status, name="entry_status"),
]

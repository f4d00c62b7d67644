"""The public results, at /r/<token>/, and the director's switch that publishes an event's link."""

from django.urls import path

from tournaments.views import public

urlpatterns = [
    path("publish/<slug:kind>/<int:event_id>/", public.publish_toggle, name="publish_toggle"),
    path("r/<str:token>/", public.public_page, name="public_page"),
]

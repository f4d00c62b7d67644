"""The table's phone, at /t/<token>/ (the QR code on the table card): its page, its app manifest, the service worker."""

from django.urls import path

from tournaments.views import table

urlpatterns = [
    path("t/<str:token>/", table.table_page, name="table_page"),
    path("t/<str:token>/manifest.webmanifest", table.table_manifest, name="table_manifest"),
    path("sw.js", table.service_worker, name="service_worker"),
]

"""The app's URLs, and the bare baselines' beside them (under /bench-bare/, only in the bench's settings)."""

from django.urls import path

from bench import bare
from clubdirector import urls as app_urls

urlpatterns = [
    path("bench-bare/page/<int:queries>/<int:rows>/", bare.page, name="bench_bare_page"),
    path("bench-bare/phone/<str:phone>/<int:queries>/<int:rows>/", bare.phone, name="bench_bare_phone"),
    path("bench-bare/pdf/<str:key>/", bare.pdf, name="bench_bare_pdf"),
    path("bench-bare/poll/", bare.poll, name="bench_bare_poll"),
    path("bench-bare/poll/open/", bare.poll_open, name="bench_bare_poll_open"),
    path("bench-bare/xlsx/<str:key>/", bare.xlsx, name="bench_bare_xlsx"),
    *app_urls.urlpatterns,  # as the app has them: not included, which would add a resolver match to each
]

handler500 = "tournaments.http.outage.server_error"  # as clubdirector/urls.py

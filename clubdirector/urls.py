from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournaments.urls import party as party_urls
from tournaments.urls import table as table_urls
from tournaments.views.health import health

# The table's phones and the party's pages first, and at the top level, not included: they are the most
# requests by far (every phone polls every 5 s, the round page every 4 s), Django tries the patterns in
# order, and each include a request passes through is a resolver match of its own (a tenth of the time an
# unchanged poll takes). No other pattern matches their addresses, so the order changes nothing else.
urlpatterns = [
    *table_urls.urlpatterns,
    *party_urls.urlpatterns,
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("health/", health, name="health"),
    path("", include("tournaments.urls")),
]

# A database out of reach answers 503 with Retry-After on every page, never a bare 500 (tournaments/http/outage.py).
handler500 = "tournaments.http.outage.server_error"

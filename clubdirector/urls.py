from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournaments.views.health import health

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("health/", health, name="health"),
    path("", include("tournaments.urls")),
]

# A database out of reach answers 503 with Retry-After on every page, never a bare 500 (tournaments/http/outage.py).
handler500 = "tournaments.http.outage.server_error"

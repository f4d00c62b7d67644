from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        from tournaments.http import signals  # noqa: F401  (connects the login receiver)
        from tournaments.services import live, live_knockout

        live.connect()  # Party.changes, for the live pages' validators
        live_knockout.connect()  # Knockout.changes, and a member's initials on the public pages

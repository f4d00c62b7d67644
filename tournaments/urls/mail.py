"""E-mail and the calendar: a party's results by e-mail, the unsubscribe link, the club's calendar feed."""

from django.urls import path

from tournaments.views import mail

urlpatterns = [
    path("parties/<int:party_id>/mail-results/", mail.party_mail_results, name="party_mail_results"),
    path("knockouts/<int:knockout_id>/mail-results/", mail.knockout_mail_results, name="knockout_mail_results"),
    path("mail/stop/<str:token>/", mail.mail_unsubscribe, name="mail_unsubscribe"),
    path("calendar/<str:token>.ics", mail.calendar_feed, name="calendar_feed"),
]

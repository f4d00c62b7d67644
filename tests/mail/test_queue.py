"""The queue and its sending: a mail server down or refusing (4xx, 5xx) is retried with a growing wait, logged,
and given up after MAX_ATTEMPTS; the page that queued stays a 200; a message is never sent twice."""

import datetime
import logging

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from tests.mail.helpers import played_party
from tournaments.models import Club, MailStatus, OutgoingMail
from tournaments.presentation.calendar import event_ics
from tournaments.services import mail as mail_services
from tournaments.services import members

pytestmark = pytest.mark.django_db
SITE = "http://club.example"


def queue_results(party, *addresses):
    """The guests named become members with these addresses; then every guest's results are queued."""
    for email, name in addresses or [("mary@example.org", "Lady 003")]:
        guest = party.guests.get(name=name)
        guest.member = members.member_create(club=party.club, name=name, email=email)
        guest.save()
    from tournaments.services.results_mail import party_results_mail

    return party_results_mail(party=party, site=SITE)


def later(minutes):
    return timezone.now() + datetime.timedelta(minutes=minutes, seconds=1)


def test_a_mail_server_down_is_retried_later_logged_and_never_breaks_the_page(client_in, director, smtp, caplog):
    smtp.stop()  # the server is down
    party = played_party(director)
    queue_results(party)
    OutgoingMail.objects.all().delete()
    guest = party.guests.get(name="Lady 003")
    assert guest.member.email == "mary@example.org"
    response = client_in.post(reverse("party_mail_results", args=[party.pk]), follow=True)
    assert response.status_code == 200 and "1 message queued." in response.content.decode()

    with caplog.at_level(logging.WARNING, logger="tournaments.mail"):
        call_command("send_mail", verbosity=0)
    mail = OutgoingMail.objects.get()
    assert (mail.status, mail.attempts) == ("queued", 1)
    assert "ConnectionRefusedError" in mail.last_error
    waited = (mail.send_after - timezone.now()).total_seconds()
    assert 50 < waited <= 60  # the first retry a minute later
    assert f"mail #{mail.pk} to mary@example.org: attempt 1 failed, next at" in caplog.text

    call_command("send_mail", verbosity=0)  # not due yet: not tried again
    mail.refresh_from_db()
    assert mail.attempts == 1

    smtp.start()  # back up
    report = mail_services.mail_send_due(now=later(1))
    mail.refresh_from_db()
    assert (report.sent, mail.status, mail.attempts) == (1, "sent", 2)
    assert [m["To"] for m in smtp.messages] == ["mary@example.org"]


@pytest.mark.parametrize("answer", ["451 4.3.0 Try again later", "554 5.7.1 Refused"])
def test_a_refusing_server_is_retried_then_given_up(director, smtp, caplog, answer):
    party = played_party(director)
    queue_results(party)
    smtp.refuse = answer
    waits: list[int] = []
    with caplog.at_level(logging.WARNING, logger="tournaments.mail"):
        for attempt in range(1, mail_services.MAX_ATTEMPTS + 1):
            mail_services.mail_send_due(now=later(sum(waits)))
            mail = OutgoingMail.objects.get()
            assert mail.attempts == attempt and answer.split()[-1] in mail.last_error
            if attempt < mail_services.MAX_ATTEMPTS:
                assert mail.status == "queued"
                waits.append(round((mail.send_after - timezone.now()).total_seconds() / 60))
    assert waits == [1, 5, 15, 60, 180]
    assert mail.status == "failed" and smtp.messages == []
    assert f"mail #{mail.pk} to mary@example.org: attempt 6 failed, given up" in caplog.text
    mail_services.mail_send_due(now=later(10_000))  # never tried again
    mail.refresh_from_db()
    assert mail.attempts == 6


def test_one_refused_address_does_not_hold_up_the_others(director, smtp):
    party = played_party(director)
    queue_results(party, ("first@example.org", "Lady 003"), ("second@example.org", "Gent 002"))

    class RefuseFirst:
        async def handle_RCPT(self, server, session, envelope, address, options):
            if address == "first@example.org":
                return "550 5.1.1 No such user"
            envelope.rcpt_tos.append(address)
            return "250 OK"

    smtp.handle_RCPT = RefuseFirst().handle_RCPT
    report = mail_services.mail_send_due()
    assert (report.sent, report.failed, report.stopped) == (1, 1, False)
    assert [m["To"] for m in smtp.messages] == ["second@example.org"]
    assert OutgoingMail.objects.get(to="first@example.org").status == "queued"


def test_a_message_another_sender_took_is_never_sent_twice(director, smtp):
    party = played_party(director)
    queue_results(party, ("first@example.org", "Lady 003"), ("second@example.org", "Gent 002"))
    first = OutgoingMail.objects.get(to="first@example.org")
    assert mail_services._claim(first.pk, timezone.now()) is not None  # another sender took it
    assert mail_services._claim(first.pk, timezone.now()) is None  # nobody takes it again
    call_command("send_mail", verbosity=0)
    assert [m["To"] for m in smtp.messages] == ["second@example.org"]
    # That sender died mid-way: after an hour the message is marked failed, never sent again.
    mail_services.mail_send_due(now=timezone.now() + mail_services.STALE + datetime.timedelta(minutes=1))
    first.refresh_from_db()
    assert first.status == MailStatus.FAILED and "not sent again" in first.last_error
    assert [m["To"] for m in smtp.messages] == ["second@example.org"]


def test_the_ics_attachment_arrives_and_parses(director, smtp):
    """What an entry's confirmation will carry: an event's .ics, attached to a queued message."""
    party = played_party(director)
    party.date = datetime.date(2026, 12, 24)
    party.save()
    ics = event_ics(party)
    guest = party.guests.get(name="Lady 003")
    context = {"party": party, "guest": next(g for g in _results(party) if g.name == "Lady 003"), "public_url": ""}
    mail_services.mail_queue(
        club=party.club, kind="results", to="mary@example.org", context=context, member=guest.member,
        attachments=[mail_services.Attachment("party.ics", "text/calendar", ics)], site=SITE,
    )  # fmt: skip
    call_command("send_mail", verbosity=0)
    (message,) = smtp.messages
    (attached,) = list(message.iter_attachments())
    assert attached.get_filename() == "party.ics" and attached.get_content_type() == "text/calendar"
    calendar = Calendar.from_ical(attached.get_content())
    (event,) = calendar.walk("VEVENT")
    assert str(event["summary"]) == "Spring party"
    assert event.decoded("dtstart").isoformat() == "2026-12-24T19:30:00+00:00"  # 19:30 GMT in December


def _results(party):
    from tournaments.selectors.results_mail import party_results_by_guest

    return party_results_by_guest(party)


def test_nothing_is_queued_without_an_address_or_for_one_who_declined(director):
    club = Club.objects.get()
    assert mail_services.mail_queue(club=club, kind="results", to="  ", site=SITE) is None
    member = members.member_create(club=club, name="Ann", email="ann@example.org", never_email=True)
    assert mail_services.mail_queue(club=club, kind="results", to=member.email, member=member, site=SITE) is None
    assert OutgoingMail.objects.count() == 0


def test_queueing_without_the_sites_address_fails_loudly(director, settings):
    settings.SITE_URL = ""
    club = Club.objects.get()
    with pytest.raises(ValueError, match="SITE_URL"):
        mail_services.mail_queue(club=club, kind="results", to="ann@example.org")

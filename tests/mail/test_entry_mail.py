"""What an entrant receives by e-mail: the confirmation (with the event's .ics), the waiting list's place, the
move up, the cancel (theirs or the hostess's) and the day-before reminder, each sent by `send_mail` to a real
SMTP server and read back: subject, text, HTML, the language of the page they entered from, their own link."""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar
from icalendar.prop import vDDDTypes

from tests.conftest import make_party
from tournaments.models import Entry, MailRecipient, OutgoingMail
from tournaments.services import entries as services
from tournaments.services import members
from tournaments.services.entry_reminders import entry_reminders_queue

pytestmark = pytest.mark.django_db
NNBSP = "\u202f"


@pytest.fixture
def opened(director):
    """A one-table mixed party on 12 December 2026: two ladies' places, then the waiting list."""
    party = make_party(tables=1, mixed=True, user=director, draw=False, name="Winter party")
    party.guests.all().delete()
    party.date = date(2026, 12, 12)
    party.save(update_fields=["date"])
    return services.entry_list_save(event=party, open=True)


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run what each write leaves for after its commit (the notices), as a real request's commit would."""

    def run(action):
        with django_capture_on_commit_callbacks(execute=True):
            return action()

    return run


def enter(committed, entry_list, language="en", **data):
    data = {"name": "Ann Smith", "kind": "lady", "email": "ann@example.org"} | data
    phone = Client(HTTP_ACCEPT_LANGUAGE=language)
    answer = committed(lambda: phone.post(reverse("entry_page", args=[entry_list.token]), data))
    assert answer.status_code == 302
    return answer["Location"]


def text_of(message) -> str:
    return message.get_body(("plain",)).get_content().replace("\r\n", "\n")


def html_of(message) -> str:
    return message.get_body(("html",)).get_content()


def test_the_confirmation_speaks_the_entry_pages_language_and_carries_the_event(opened, committed, smtp):
    link = enter(committed, opened, language="fr", name="Anne Dupont", email="Anne@Example.org")
    entry = Entry.objects.get()
    assert entry.language == "fr" and entry.site == "http://club.example"
    call_command("send_mail", verbosity=0)
    [message] = smtp.messages
    assert message["To"] == "anne@example.org"
    assert message["Subject"] == f"Inscription confirmée{NNBSP}: Winter party"
    assert message["Content-Language"] == "fr"
    text = text_of(message)
    assert text.startswith("Bonjour Anne Dupont,\n")
    assert f"Votre inscription à Winter party le 12 décembre 2026 est confirmée{NNBSP}: vous avez une place." in text
    status_url = f"http://club.example{link}"
    assert status_url in text and f'href="{status_url}"' in html_of(message)
    assert "Winter party" in html_of(message) and 'lang="fr"' in html_of(message)
    unsubscribe = MailRecipient.objects.get(email="anne@example.org").token
    assert message["List-Unsubscribe"].strip() == f"<http://club.example/mail/stop/{unsubscribe}/>"
    [ics] = [part for part in message.iter_attachments() if part.get_content_type() == "text/calendar"]
    [event] = Calendar.from_ical(ics.get_content()).walk("VEVENT")
    start = event["DTSTART"]
    assert isinstance(start, vDDDTypes)  # a date and time
    assert str(event["SUMMARY"]) == "Winter party" and start.dt == datetime(2026, 12, 12, 19, 30, tzinfo=UTC)
    # The link in the mail is her page, and its button cancels: the cancel is mailed too.
    page = Client(HTTP_ACCEPT_LANGUAGE="fr")
    assert "Anne Dupont" in page.get(link).content.decode()
    committed(lambda: page.post(link))
    assert Entry.objects.get().state == "cancelled"
    call_command("send_mail", verbosity=0)
    cancelled = smtp.messages[1]
    assert cancelled["Subject"] == f"Inscription annulée{NNBSP}: Winter party"
    assert "Votre inscription à Winter party le 12 décembre 2026 est annulée, comme demandé." in text_of(cancelled)
    assert not list(cancelled.iter_attachments())


def test_the_waiting_list_the_move_up_and_the_hostesss_removal(opened, committed, smtp):
    enter(committed, opened, name="Ann", email="ann@example.org")
    enter(committed, opened, name="Beth", email="beth@example.org", language="de")
    enter(committed, opened, name="Cath", email="cath@example.org")  # the third lady: waits at place 1
    call_command("send_mail", verbosity=0)
    waiting = smtp.by_address("cath@example.org")[0]
    assert waiting["Subject"] == "You are on the waiting list: Winter party"
    assert "You are on the waiting list for Winter party on 12 Dec 2026, at place 1." in text_of(waiting)
    assert not list(waiting.iter_attachments())
    assert smtp.by_address("beth@example.org")[0]["Subject"] == "Anmeldung bestätigt: Winter party"

    committed(lambda: services.entry_cancel(entry=Entry.objects.get(name="Beth"), by_hostess=True))
    call_command("send_mail", verbosity=0)
    removed = smtp.by_address("beth@example.org")[1]
    assert "Die Gastgeberin hat Ihre Anmeldung" in text_of(removed)
    moved = smtp.by_address("cath@example.org")[1]
    assert moved["Subject"] == "You have a place: Winter party"
    assert "you have moved up from the waiting list and have a place at Winter party" in text_of(moved)
    assert len([p for p in moved.iter_attachments() if p.get_content_type() == "text/calendar"]) == 1
    assert len(smtp.messages) == 5


def test_a_phone_only_entrant_gets_nothing_and_an_unsubscribed_address_nothing_either(opened, committed, smtp):
    enter(committed, opened, name="Ann", email="", phone="01234 567890")
    MailRecipient.objects.create(club=opened.club, email="beth@example.org", unsubscribed_at=datetime.now(UTC))
    enter(committed, opened, name="Beth", email="beth@example.org")
    assert Entry.objects.filter(state="confirmed").count() == 2  # both entries stand
    call_command("send_mail", verbosity=0)
    assert smtp.messages == [] and not OutgoingMail.objects.exists()


def test_a_mail_that_cannot_be_queued_never_breaks_the_entry(opened, committed, smtp, monkeypatch, caplog):
    def broken(**_kwargs):
        raise RuntimeError("the queue is broken")

    monkeypatch.setattr("tournaments.services.entry_notices.mail_queue", broken)
    link = enter(committed, opened, name="Ann", email="ann@example.org")
    assert Entry.objects.get().state == "confirmed" and not OutgoingMail.objects.exists()
    assert Client().get(link).status_code == 200
    assert "entry notice entry_confirmed for entry" in caplog.text and "the queue is broken" in caplog.text


def test_no_site_address_anywhere_means_no_mail_and_no_error(opened, committed, settings, caplog):
    settings.SITE_URL = ""  # a service call (no request, no page's address) and no SITE_URL: no links to give
    committed(lambda: services.entry_add(entry_list=opened, name="Ann", kind="lady", email="ann@example.org"))
    assert Entry.objects.get().state == "confirmed" and not OutgoingMail.objects.exists()
    assert "not e-mailed: no site address" in caplog.text


def test_a_member_who_entered_with_no_page_language_reads_her_own(opened, committed, smtp):
    members.member_create(club=opened.club, name="Ann", email="ann@example.org", language="nl")
    committed(lambda: services.entry_add(entry_list=opened, name="Ann", kind="lady", email="ann@example.org"))
    call_command("send_mail", verbosity=0)
    assert smtp.messages[0]["Content-Language"] == "nl"


def test_the_reminder_goes_the_day_before_once_to_confirmed_entries_only(opened, committed, smtp):
    for name in ("Ann", "Beth", "Cath", "Dora"):  # Cath and Dora wait
        language = "fr" if name == "Ann" else "en"
        enter(committed, opened, name=name, email=f"{name.lower()}@example.org", language=language)
    committed(lambda: services.entry_cancel(entry=Entry.objects.get(name="Beth")))  # Cath moves up
    OutgoingMail.objects.all().delete()
    # 10 December, 23:30 in London: the party is on the 12th, not tomorrow yet.
    assert entry_reminders_queue(now=datetime(2026, 12, 10, 23, 30, tzinfo=UTC)) == 0
    # 11 December, 08:00: tomorrow. Ann and Cath have places; Beth cancelled, Dora waits.
    eve = datetime(2026, 12, 11, 8, 0, tzinfo=UTC)
    assert entry_reminders_queue(now=eve) == 2
    assert entry_reminders_queue(now=eve) == 0  # never twice
    assert set(Entry.objects.filter(reminded_at=eve).values_list("name", flat=True)) == {"Ann", "Cath"}
    call_command("send_mail", verbosity=0)
    assert sorted(m["To"] for m in smtp.messages) == ["ann@example.org", "cath@example.org"]
    ann = smtp.by_address("ann@example.org")[0]
    assert ann["Subject"] == f"Demain{NNBSP}: Winter party"
    assert "Rappel" in text_of(ann) and "12 décembre 2026" in text_of(ann)
    assert "/entry/" in text_of(ann) and ann["List-Unsubscribe"]
    # The 12th itself: the day, not the day before: nothing more.
    assert entry_reminders_queue(now=datetime(2026, 12, 11, 23, 59, tzinfo=UTC)) == 0


@pytest.mark.real_clock
def test_send_mail_itself_sends_the_reminders_of_tomorrows_events_once(opened, committed, smtp):
    party = opened.party
    party.date = timezone.localdate() + timedelta(days=1)
    party.save(update_fields=["date"])
    enter(committed, opened, name="Ann", email="ann@example.org")
    call_command("send_mail", verbosity=0)  # the confirmation and, the event being tomorrow, the reminder
    assert sorted(m["Subject"] for m in smtp.messages) == [
        "Tomorrow: Winter party",
        "Your entry is confirmed: Winter party",
    ]
    call_command("send_mail", verbosity=0)
    assert len(smtp.messages) == 2


def test_a_card_evenings_entrants_are_reminded_the_day_before_too(director, committed, smtp):
    """A Towie evening on 12 December: its confirmed entrant is reminded on the 11th, once."""
    from tournaments.services import evening as evening_services

    party = make_party(tables=1, user=director, draw=False, name="Any party")
    evening = evening_services.evening_save(club=party.club, name="Towie night", date=date(2026, 12, 12),
                                            game="towie", tables=1)  # fmt: skip
    entry_list = services.entry_list_save(event=evening, open=True)
    enter(committed, entry_list, name="Ann", email="ann@example.org")
    OutgoingMail.objects.all().delete()
    eve = datetime(2026, 12, 11, 8, 0, tzinfo=UTC)
    assert entry_reminders_queue(now=eve) == 1
    assert entry_reminders_queue(now=eve) == 0
    call_command("send_mail", verbosity=0)
    (ann,) = smtp.by_address("ann@example.org")
    assert ann["Subject"] == "Tomorrow: Towie night"


def test_a_member_below_zero_is_reminded_with_the_confirmation(opened, committed, smtp, director):
    """Issue 44 item 8: Ann's balance is 3.50 below zero (a fee from it, the club allowing 10.00 below); Beth's
    is zero. Only Ann's confirmation carries the reminder."""
    from tournaments.services import ledger

    club = opened.club
    club.balance_floor = 1000
    club.save(update_fields=["balance_floor"])
    ann = members.member_create(club=club, name="Ann", email="ann@example.org")
    members.member_create(club=club, name="Beth", email="beth@example.org")
    other = make_party(tables=1, user=director, draw=False, name="Autumn party")
    guest = other.guests.get(name="Player 001")
    guest.member = ann
    guest.save()
    ledger.fee_paid(club=club, guest=guest, amount=350, method="balance", by=director)
    enter(committed, opened, name="Ann", email="ann@example.org")
    enter(committed, opened, name="Beth", email="beth@example.org")
    call_command("send_mail", verbosity=0)
    said = "Your table money balance is -€3.50: please top it up at the next night."
    assert said in text_of(smtp.by_address("ann@example.org")[0])
    assert said in html_of(smtp.by_address("ann@example.org")[0])
    assert "table money" not in text_of(smtp.by_address("beth@example.org")[0])

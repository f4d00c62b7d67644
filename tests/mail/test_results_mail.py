"""After the night, each guest's own results by e-mail: queued from the party's page, sent by `send_mail` to a
real SMTP server, read back: subject, text, HTML, language, links, List-Unsubscribe."""

import re
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.mail.helpers import played_party
from tournaments.models import MailRecipient, OutgoingMail
from tournaments.selectors.results_mail import party_results_by_guest
from tournaments.services import members, public

pytestmark = pytest.mark.django_db
NNBSP, NBSP, MINUS = "\u202f", "\xa0", "\u2212"


@pytest.fixture
def night(director):
    """Alice's French club's party, played; four of its guests are members: two with an address (one reads
    English), one with none, one set never to be e-mailed."""
    club = director.memberships.get().club
    club.language = "fr"
    club.save()
    party = played_party(director)
    linked: dict[str, dict[str, Any]] = {  # member_create()'s details, by guest
        "Lady 003": {"email": "Lady3@Example.org"},
        "Gent 002": {"email": "gent2@example.org", "language": "en-gb"},
        "Lady 004": {},
        "Gent 001": {"email": "gent1@example.org", "never_email": True},
    }
    for name, details in linked.items():
        guest = party.guests.get(name=name)
        guest.member = members.member_create(club=club, name=name, **details)
        guest.save()
    return party


def test_the_figures_are_the_standings_own(night):
    by_name = {guest.name: guest for guest in party_results_by_guest(night)}
    lady = by_name["Lady 003"]
    assert (lady.total, lady.place, lady.players, lady.best, lady.booby) == (1020, "1", 8, "lady", False)
    assert [(r.round, r.table, r.seat, r.partner, r.opponents, r.score, r.theirs, r.total) for r in lady.rounds] == [
        (1, 1, "N", "Gent 003", ("Lady 004", "Gent 001"), 400, -400, 400),
        (2, 1, "N", "Gent 002", ("Lady 002", "Gent 003"), 620, -620, 1020),
    ]
    gent = by_name["Gent 002"]
    assert (gent.total, gent.place, gent.best) == (770, "2", "gentleman")
    assert [(r.seat, r.partner, r.opponents, r.score, r.total) for r in gent.rounds] == [
        ("W", "Lady 002", ("Lady 001", "Gent 004"), 150, 150),
        ("S", "Lady 003", ("Lady 002", "Gent 003"), 620, 770),
    ]
    assert (by_name["Lady 001"].total, by_name["Lady 001"].best) == (-50, "")  # third: no prize of her kind
    assert (by_name["Lady 004"].total, by_name["Lady 004"].place, by_name["Lady 004"].booby) == (-500, "8", True)


def test_each_guest_gets_their_own_results_in_their_language(client_in, night, smtp):
    link = public.publish(event=night)
    response = client_in.post(reverse("party_mail_results", args=[night.pk]), follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    said = "2 messages mis en file d’attente. 5 invités n’ont pas d’adresse. 1 invité ne veut pas d’e-mail."
    assert said in page  # the director's page speaks the club's French
    assert f"E-mails de cette partie{NNBSP}: 0 envoyés, 2 en attente, 0 non envoyés." in page

    call_command("send_mail", verbosity=0)
    assert len(smtp.messages) == 2
    public_url = f"http://club.example/r/{link.token}/"

    french = smtp.by_address("lady3@example.org")[0]
    assert french["Subject"] == f"Vos résultats{NNBSP}: Spring party"
    assert french["From"] == "Alice's club <results@club.example>"
    assert french["Content-Language"] == "fr"
    text = french.get_body(("plain",)).get_content().replace("\r\n", "\n")
    assert text.startswith("Bonjour Lady 003,\n")
    assert f"Vos résultats à Spring party le 28 novembre 2026, 19:30–22:30{NNBSP}:" in text
    assert f"Total +1{NBSP}020, place 1 sur 8." in text
    assert "Vous êtes la meilleure dame de la soirée." in text
    assert f"Tour 1, table 1 (N){NNBSP}: avec Gent 003, contre Lady 004 et Gent 001" in text
    assert f"+400 (eux {MINUS}400), total +400" in text
    assert f"+620 (eux {MINUS}620), total +1{NBSP}020" in text
    assert public_url in text
    recipient = MailRecipient.objects.get(email="lady3@example.org")
    unsubscribe = f"http://club.example/mail/stop/{recipient.token}/"
    assert unsubscribe in text
    assert french["List-Unsubscribe"].strip() == f"<{unsubscribe}>"  # folded onto its own line: it is long
    assert french["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    html = french.get_body(("html",)).get_content()
    assert '<html lang="fr">' in html and f'href="{public_url}"' in html and f'href="{unsubscribe}"' in html
    assert '<td style="padding: 0.2rem 0.5rem">Gent 003</td>' in html and "Partenaire" in html

    english = smtp.by_address("gent2@example.org")[0]
    assert english["Subject"] == "Your results: Spring party" and english["Content-Language"] == "en-gb"
    text = english.get_body(("plain",)).get_content().replace("\r\n", "\n")
    assert "Total +770, place 2 of 8." in text and "You are the best gentleman of the night." in text
    assert "Round 1, table 2 (W): with Lady 002, against Lady 001 and Gent 004" in text
    assert f"+150 (they {MINUS}150), total +150" in text

    assert set(OutgoingMail.objects.values_list("status", "attempts")) == {("sent", 1)}
    page = client_in.get(reverse("party_dashboard", args=[night.pk])).content.decode()
    assert f"E-mails de cette partie{NNBSP}: 2 envoyés, 0 en attente, 0 non envoyés." in page


def test_the_button_is_on_a_finished_party_only(client_in, director):
    from tests.conftest import make_party

    button = "E-mail every guest their results"
    unfinished = make_party(tables=1, rounds=2, user=director)
    assert button not in client_in.get(reverse("party_dashboard", args=[unfinished.pk])).content.decode()
    finished = played_party(director, name="Autumn party")
    assert button in client_in.get(reverse("party_dashboard", args=[finished.pk])).content.decode()


def test_unsubscribed_by_the_link_no_more_mail_is_queued(client, client_in, night, smtp):
    client_in.post(reverse("party_mail_results", args=[night.pk]))
    recipient = MailRecipient.objects.get(email="lady3@example.org")
    url = reverse("mail_unsubscribe", args=[recipient.token])
    asked = client.get(url)  # a link checker's visit changes nothing
    assert asked.status_code == 200 and "Ne plus recevoir aucun e-mail de Alice" in asked.content.decode()
    assert "l…@example.org" in asked.content.decode() and "lady3@" not in asked.content.decode()
    recipient.refresh_from_db()
    assert recipient.unsubscribed_at is None
    # The mail program's one-click (RFC 8058): a POST with no form of ours, no CSRF token.
    done = client.post(url, {"List-Unsubscribe": "One-Click"})
    assert done.status_code == 200 and "n’envoie plus d’e-mail à l…@example.org" in done.content.decode()
    recipient.refresh_from_db()
    assert recipient.unsubscribed_at is not None
    member = night.guests.get(name="Lady 003").member
    assert member.never_email  # the director sees it on the member's page
    # What was waiting for her is not sent; the next results are not queued for her.
    assert OutgoingMail.objects.get(to="lady3@example.org").status == "failed"
    call_command("send_mail", verbosity=0)
    assert [m["To"] for m in smtp.messages] == ["gent2@example.org"]
    response = client_in.post(reverse("party_mail_results", args=[night.pk]), follow=True)
    said = "1 message mis en file d’attente. 5 invités n’ont pas d’adresse. 2 invités ne veulent pas d’e-mail."
    assert said in response.content.decode()
    assert OutgoingMail.objects.filter(to="lady3@example.org").count() == 1


def test_a_director_unticking_never_email_lifts_the_unsubscribe(night, client):
    from tournaments.services.mail import mail_recipient

    recipient = mail_recipient(club=night.club, email="lady3@example.org")
    client.post(reverse("mail_unsubscribe", args=[recipient.token]))
    member = night.guests.get(name="Lady 003").member
    member.refresh_from_db()
    members.member_update(member=member, never_email=False)
    recipient.refresh_from_db()
    assert recipient.unsubscribed_at is None and not member.never_email


def test_a_wrong_unsubscribe_link_is_a_404(client, night):
    assert client.get(reverse("mail_unsubscribe", args=["not-a-real-token"])).status_code == 404
    assert client.post(reverse("mail_unsubscribe", args=["not-a-real-token"])).status_code == 404


def test_the_subject_and_body_escape_nothing_into_html(night, smtp):
    """A name with < and & is text in the plain part, escaped in the HTML part."""
    guest = night.guests.get(name="Gent 002")
    guest.name = "Gent <b>&"
    guest.save()
    from tournaments.services.results_mail import party_results_mail

    party_results_mail(party=night, site="http://club.example")
    mail = OutgoingMail.objects.get(to="gent2@example.org")
    assert "Dear Gent <b>&," in mail.text and "Gent &lt;b&gt;&amp;" in mail.html and "<b>&" not in mail.html
    assert re.search(r"Your results: Spring party$", mail.subject)


def test_another_clubs_director_can_neither_queue_nor_see(night, client):
    from django.contrib.auth import get_user_model

    from tournaments.models import Club, Membership

    bob = get_user_model().objects.create_user("bob")
    Membership.objects.create(club=Club.objects.create(name="Bramley Bridge Club"), user=bob, role="owner")
    client.force_login(bob)
    assert client.post(reverse("party_mail_results", args=[night.pk])).status_code == 404
    assert client.get(reverse("party_mail_results", args=[night.pk])).status_code == 405
    assert OutgoingMail.objects.count() == 0
    # His club's calendar holds none of Alice's events.
    feed = client.get(reverse("calendar_feed", args=[Club.objects.get(name="Bramley Bridge Club").calendar_token]))
    assert b"Spring party" not in feed.content and b"BEGIN:VCALENDAR" in feed.content


def test_the_member_page_sets_never_email_and_the_language(client_in, night):
    from tournaments.services.mail import mail_recipient

    member = night.guests.get(name="Lady 003").member
    recipient = mail_recipient(club=night.club, email=member.email)
    client_in.post(reverse("mail_unsubscribe", args=[recipient.token]))
    page = client_in.get(reverse("member_detail", args=[member.pk])).content.decode()
    assert 'name="never_email"' in page and "checked" in page.split('name="never_email"')[1].split(">")[0]
    data = {"name": member.name, "kind": "", "number": "", "email": member.email, "phone": "", "language": "de"}
    assert client_in.post(reverse("member_detail", args=[member.pk]), data).status_code == 302  # never_email unticked
    member.refresh_from_db()
    recipient.refresh_from_db()
    assert (member.never_email, member.language, recipient.unsubscribed_at) == (False, "de", None)
    refused = client_in.post(reverse("member_detail", args=[member.pk]), {**data, "language": "xx"})
    assert refused.status_code == 200
    member.refresh_from_db()
    assert member.language == "de"


def test_a_merge_keeps_never_email_and_the_language(night):
    club = night.club
    keep = members.member_create(club=club, name="Mary Smith", email="mary@example.org")
    drop = members.member_create(club=club, name="M. Smith", number="123", never_email=True, language="nl")
    members.member_merge(keep=keep, drop=drop)
    keep.refresh_from_db()
    assert (keep.never_email, keep.language, keep.number) == (True, "nl", "123")


def test_the_results_mail_tells_a_members_balance_only_when_the_club_chose_it(client_in, night, smtp, director):
    """Issue 44 item 8: Lady 003 (French) topped up 20.00 and paid the night's 3.50 from it: 16,50 € after the
    night; Gent 002 (English) has nothing in the books: €0.00. Off (the default), neither mail says a word."""
    from tournaments.services import ledger

    club = night.club
    lady = night.guests.get(name="Lady 003")
    assert lady.member is not None
    ledger.top_up(club=club, member=lady.member, amount=2000, method="cash", reference="", by=director)
    ledger.fee_paid(club=club, guest=lady, amount=350, method="balance", by=director)
    client_in.post(reverse("party_mail_results", args=[night.pk]))
    call_command("send_mail", verbosity=0)
    assert "solde" not in smtp.by_address("lady3@example.org")[0].get_body(("plain",)).get_content()
    smtp.messages.clear()
    OutgoingMail.objects.all().delete()

    form = {"currency": "EUR", "member_rate": "3.50", "visitor_rate": "5", "balance_floor": "0"}
    client_in.post(reverse("club_money"), form | {"results_mail_balance": "on"})
    club.refresh_from_db()
    assert club.results_mail_balance is True
    client_in.post(reverse("party_mail_results", args=[night.pk]))
    call_command("send_mail", verbosity=0)
    french = smtp.by_address("lady3@example.org")[0].get_body(("plain",)).get_content()
    assert f"Votre solde de droit de table après la soirée{NNBSP}: 16,50{NBSP}€." in french
    english = smtp.by_address("gent2@example.org")[0]
    assert "Your table money balance after the night: €0.00." in english.get_body(("plain",)).get_content()
    assert "Your table money balance after the night: €0.00." in english.get_body(("html",)).get_content()

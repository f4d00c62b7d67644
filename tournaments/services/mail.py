"""E-mail: a message queued (rendered at once, in its reader's language), the queue sent outside any request
(`manage.py send_mail`), an unsubscribe honoured. See docs/mail.md.

Queueing only writes a row: a mail server that is down or refusing never touches the page that queued it.
Sending claims each row before it sends it (a conditional update, so two senders never send one message),
retries a failure with a growing wait and gives up after MAX_ATTEMPTS, each step in the log.
"""

import base64
import logging
import re
import smtplib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.utils import formataddr

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.core.mail.backends.base import BaseEmailBackend
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from tournaments import l10n
from tournaments.models import Club, MailRecipient, MailStatus, Member, OutgoingMail

log = logging.getLogger("tournaments.mail")

# Minutes to wait after the 1st, 2nd … failed attempt: a server back within minutes gets the message at once,
# one down for the evening gets it within hours. After the last, the message is given up (status "failed").
BACKOFF_MINUTES = (1, 5, 15, 60, 180)
MAX_ATTEMPTS = len(BACKOFF_MINUTES) + 1
# A message a sender took and never finished (the sender was killed mid-way) may have gone out: it is never
# sent again (no message twice), but marked failed, after this long.
STALE = timedelta(hours=1)
# A refusal of this one message (its address, its content): the next messages are tried. Any other trouble
# (the server down, a login refused, the line cut) stops the run: the rest wait for the next.
ONE_MESSAGE = (smtplib.SMTPRecipientsRefused, smtplib.SMTPSenderRefused, smtplib.SMTPDataError)


@dataclass(frozen=True)
class Attachment:
    filename: str
    content_type: str
    content: bytes


def mail_language(*, club: Club, member: Member | None = None) -> str:
    """The reader's language: the member's own choice, else the club's, else the site's."""
    return (member.language if member is not None else "") or club.language or settings.LANGUAGE_CODE


def mail_recipient(*, club: Club, email: str) -> MailRecipient:
    recipient, _ = MailRecipient.objects.get_or_create(club=club, email=email.strip().lower())
    return recipient


def mail_declined(*, club: Club, email: str, member: Member | None = None) -> bool:
    """The member is set never to be e-mailed, or the address used an unsubscribe link of this club."""
    if member is not None and member.never_email:
        return True
    return MailRecipient.objects.filter(club=club, email=email.strip().lower(), unsubscribed_at__isnull=False).exists()


@transaction.atomic
def mail_queue(
    *,
    club: Club,
    kind: str,
    to: str,
    context: Mapping[str, object] | None = None,
    language: str = "",
    member: Member | None = None,
    attachments: Iterable[Attachment] = (),
    about: str = "",
    site: str = "",
) -> OutgoingMail | None:
    """Render the message `kind` for one address and queue it; None when there is no address, or the address
    or member declined the club's mail (nothing is queued then).

    - kind: its templates are templates/mail/<kind>.subject.txt, <kind>.txt (plain text) and <kind>.html,
      each given `context` with `club`, `member`, `site` and `unsubscribe_url` added; the HTML extends
      mail/_base.html and the text includes mail/_footer.txt (the unsubscribe link);
    - language: the reader's, else the member's, else the club's (mail_language);
    - attachments: Attachment(filename, content_type, bytes), e.g. an event's .ics (files.calendar.event_ics);
    - about: the event it concerns ("party:12"), so its page can count what was queued for it;
    - site: the site's address for links (tournaments.http.site_url.site_url(request)); else SITE_URL.
    """
    email = (to or "").strip().lower()
    if not email or mail_declined(club=club, email=email, member=member):
        return None
    base = (site or settings.SITE_URL or "").rstrip("/")
    if not base:
        raise ValueError("mail_queue needs the site's address for its links: pass site=, or set SITE_URL")
    recipient = mail_recipient(club=club, email=email)
    unsubscribe = base + reverse("mail_unsubscribe", args=[recipient.token])
    language = language or mail_language(club=club, member=member)
    full = {**(context or {}), "club": club, "member": member, "site": base, "unsubscribe_url": unsubscribe}
    with translation.override(language), l10n.styled(club.format_style):
        # One line, its no-break spaces kept (French puts one before a colon): only the template's breaks go.
        subject = re.sub(r"[ \t\r\n]+", " ", render_to_string(f"mail/{kind}.subject.txt", full)).strip()
        text = render_to_string(f"mail/{kind}.txt", full)
        html = render_to_string(f"mail/{kind}.html", full)
    headers = {
        # RFC 2369's link and RFC 8058's one-click: a mail program's own "Unsubscribe" button posts to it.
        "List-Unsubscribe": f"<{unsubscribe}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Content-Language": language,
        "Auto-Submitted": "auto-generated",
    }
    files = [
        {"filename": a.filename, "content_type": a.content_type, "content": base64.b64encode(a.content).decode()}
        for a in attachments
    ]
    return OutgoingMail.objects.create(
        club=club, recipient=recipient, member=member, kind=kind, about=about, to=email, subject=subject[:250],
        text=text, html=html, headers=headers, attachments=files, language=language,
    )  # fmt: skip


@transaction.atomic
def mail_unsubscribe(*, recipient: MailRecipient) -> None:
    """No more mail from the club to this address: its members are set never to be e-mailed, and what was
    waiting for it is not sent."""
    if recipient.unsubscribed_at is None:
        recipient.unsubscribed_at = timezone.now()
        recipient.save(update_fields=["unsubscribed_at"])
        log.info("mail: %s unsubscribed from club %s", recipient.email, recipient.club_id)
    Member.objects.filter(club=recipient.club_id, email=recipient.email).update(never_email=True)
    recipient.messages.filter(status=MailStatus.QUEUED).update(
        status=MailStatus.FAILED, last_error="The address unsubscribed before it was sent."
    )


def mail_resubscribe(*, club: Club, email: str) -> None:
    """The director unticked "never e-mail": the address's unsubscribe is lifted too."""
    if email:
        MailRecipient.objects.filter(club=club, email=email.lower()).update(unsubscribed_at=None)


# ---- sending (manage.py send_mail) ---------------------------------------------------------------------


@dataclass
class SendReport:
    sent: int = 0
    failed: int = 0  # attempts that failed, to be tried again
    given_up: int = 0
    stopped: bool = False  # the server could not be reached: the rest wait for the next run


def _message(mail: OutgoingMail, connection: BaseEmailBackend) -> EmailMultiAlternatives:
    sender = formataddr((mail.club.name, settings.DEFAULT_FROM_EMAIL))
    message = EmailMultiAlternatives(
        mail.subject, mail.text, sender, [mail.to], headers=mail.headers, connection=connection
    )
    if mail.html:
        message.attach_alternative(mail.html, "text/html")
    for attached in mail.attachments:
        message.attach(attached["filename"], base64.b64decode(attached["content"]), attached["content_type"])
    return message


def _claim(pk: int, now: datetime) -> OutgoingMail | None:
    """Take the message for this sender alone: one conditional update, committed at once (no other sender
    can take it after), then read. None when another sender took it first."""
    taken = OutgoingMail.objects.filter(pk=pk, status=MailStatus.QUEUED, send_after__lte=now).update(
        status=MailStatus.SENDING, claimed_at=timezone.now()
    )
    return OutgoingMail.objects.select_related("club", "member", "recipient").get(pk=pk) if taken else None


def _failed(mail: OutgoingMail, error: Exception, report: SendReport) -> None:
    mail.attempts += 1
    mail.last_error = f"{type(error).__name__}: {error}"[:2000]
    if mail.attempts >= MAX_ATTEMPTS:
        mail.status = MailStatus.FAILED
        report.given_up += 1
        log.error("mail #%s to %s: attempt %s failed, given up: %s", mail.pk, mail.to, mail.attempts, mail.last_error)
    else:
        mail.status = MailStatus.QUEUED
        mail.send_after = timezone.now() + timedelta(minutes=BACKOFF_MINUTES[mail.attempts - 1])
        report.failed += 1
        log.warning(
            "mail #%s to %s: attempt %s failed, next at %s: %s",
            mail.pk, mail.to, mail.attempts, mail.send_after.isoformat(timespec="seconds"), mail.last_error,
        )  # fmt: skip
    mail.save(update_fields=["attempts", "last_error", "status", "send_after"])


def _sent(mail: OutgoingMail) -> None:
    mail.attempts += 1
    mail.status, mail.sent_at = MailStatus.SENT, timezone.now()
    mail.save(update_fields=["attempts", "status", "sent_at"])
    log.info("mail #%s (%s) sent to %s", mail.pk, mail.kind, mail.to)


def _stale(now: datetime) -> None:
    """Messages a sender took and never finished: perhaps sent, so never again; marked failed, logged."""
    stale = OutgoingMail.objects.filter(status=MailStatus.SENDING, claimed_at__lt=now - STALE)
    for pk, to in stale.values_list("pk", "to"):
        log.error("mail #%s to %s: its sender stopped while sending it; not sent again", pk, to)
    stale.update(status=MailStatus.FAILED, last_error="Its sender stopped while sending it: not sent again.")


def mail_send_due(*, limit: int = 500, now: datetime | None = None) -> SendReport:
    """Send the messages due, oldest first, over one connection to the mail server (settings' EMAIL_*)."""
    now = now or timezone.now()
    _stale(now)
    report = SendReport()
    due = OutgoingMail.objects.filter(status=MailStatus.QUEUED, send_after__lte=now).order_by("send_after", "pk")
    connection = get_connection(fail_silently=False)
    try:
        for pk in list(due.values_list("pk", flat=True)[:limit]):
            mail = _claim(pk, now)
            if mail is None:
                continue
            try:
                if mail_declined(club=mail.club, email=mail.to, member=mail.member):  # since it was queued
                    mail.status, mail.last_error = MailStatus.FAILED, "The address declined the club's mail."
                    mail.save(update_fields=["status", "last_error"])
                    continue
                connection.open()
                connection.send_messages([_message(mail, connection)])
            except ONE_MESSAGE as error:
                _failed(mail, error, report)
            except (smtplib.SMTPException, OSError) as error:
                _failed(mail, error, report)
                report.stopped = True
                break
            except Exception as error:  # a message that cannot be built: counted, never blocking the others
                log.exception("mail #%s could not be sent", mail.pk)
                _failed(mail, error, report)
            else:
                _sent(mail)
                report.sent += 1
    finally:
        try:
            connection.close()
        except Exception:  # noqa: BLE001 (closing a broken connection: nothing left to do)
            log.debug("mail: closing the connection failed", exc_info=True)
    return report

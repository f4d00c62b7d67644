"""E-mail: the messages waiting to be sent (and those sent, as a record), and each address a club writes to
with its unsubscribe link. The queue is filled by services.mail.mail_queue and emptied by `manage.py
send_mail`, outside any request: a mail server that is down never touches a page."""

import secrets

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def new_mail_token() -> str:
    return secrets.token_urlsafe(24)


class MailRecipient(models.Model):
    """An address a club has written to: its unguessable unsubscribe link, and whether it used it."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="mail_recipients")
    email = models.EmailField()  # lower case, as the members' addresses are kept
    token = models.CharField(max_length=64, unique=True, default=new_mail_token)
    unsubscribed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "email"], name="mail_recipient_once_a_club")]

    def __str__(self) -> str:
        return f"{self.email} ({self.club})"


class MailStatus(models.TextChoices):
    QUEUED = "queued", _("Waiting")
    SENDING = "sending", _("Being sent")
    SENT = "sent", _("Sent")
    FAILED = "failed", _("Not sent")


class OutgoingMail(models.Model):
    """One message to one address, rendered when queued (its words fixed in its language then)."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="outgoing_mail")
    recipient = models.ForeignKey(MailRecipient, on_delete=models.CASCADE, related_name="messages")
    member = models.ForeignKey(
        "tournaments.Member", null=True, blank=True, on_delete=models.SET_NULL, related_name="messages"
    )
    # What the message is ("results", "entry", "waiting_list", "reminder"): its templates are mail/<kind>.*
    kind = models.CharField(max_length=40)
    # The event it is about ("party:12"), so its page can say what was queued for it.
    about = models.CharField(max_length=60, blank=True, db_index=True)
    to = models.EmailField()
    subject = models.CharField(max_length=250)
    text = models.TextField()
    html = models.TextField(blank=True)
    headers = models.JSONField(default=dict, blank=True)
    # [{"filename", "content_type", "content" (base64)}]: an event's .ics, small.
    attachments = models.JSONField(default=list, blank=True)
    language = models.CharField(max_length=8, blank=True)
    status = models.CharField(max_length=8, choices=MailStatus.choices, default=MailStatus.QUEUED)
    created_at = models.DateTimeField(default=timezone.now)
    # Not before: the next try after a failure (backoff), or now.
    send_after = models.DateTimeField(default=timezone.now)
    # When a sender took it (status "sending"): one sender only, never sent twice.
    claimed_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "send_after"], name="mail_due")]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["queued", "sending", "sent", "failed"]), name="mail_status_known"
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.to} ({self.status})"

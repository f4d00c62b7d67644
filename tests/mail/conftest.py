"""A real SMTP server (aiosmtpd) on 127.0.0.1 for the mail tests: it receives every message `send_mail` sends,
and can be told to refuse (4xx, 5xx) or be stopped (the server down)."""

import email
import functools
import socket
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller

from clubdirector.mail_url import mail_settings
from tournaments.management.commands import send_mail
from tournaments.services.entry_reminders import entry_reminders_queue

# The suite's events have fixed dates (5 and 12 December 2026, …); the wall clock moves on. send_mail queues
# the day-before reminders by today's date, so on the eve of a test's event a reminder joined the mails the
# test counted (CI, 4 December 2026: a knockout on the 5th). send_mail called in a mail test's own process
# runs at this moment, the eve of none of them (those run as subprocesses enter no one); the reminders'
# tests pass their own moment, and one (real_clock) uses today's.
SEND_MAIL_NOW = datetime(2026, 6, 1, 8, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def send_mail_clock(request, monkeypatch):
    if request.node.get_closest_marker("real_clock") is None:
        monkeypatch.setattr(
            send_mail, "entry_reminders_queue", functools.partial(entry_reminders_queue, now=SEND_MAIL_NOW)
        )


class Inbox:
    """What the server received, each message parsed; `refuse` set to an SMTP answer refuses the next ones."""

    def __init__(self):
        self.messages: list[EmailMessage] = []
        self.refuse = ""
        self.port = free_port()
        self.controller: Controller | None = None

    async def handle_DATA(self, server, session, envelope):
        if self.refuse:
            return self.refuse
        self.messages.append(email.message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted"

    def start(self) -> None:
        """Serve on its port (again, after stop: an aiosmtpd controller runs once, so a new one)."""
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None and self.controller.loop.is_running():
            self.controller.stop()
        self.controller = None

    def by_address(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if m["To"] == address]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def use_email_url(settings, url: str) -> None:
    """Django's EMAIL_* settings as the site reads them from EMAIL_URL (clubdirector/settings.py)."""
    server = mail_settings(url)
    settings.EMAIL_URL = url
    settings.EMAIL_BACKEND, settings.EMAIL_HOST, settings.EMAIL_PORT = server.backend, server.host, server.port
    settings.EMAIL_HOST_USER, settings.EMAIL_HOST_PASSWORD = server.user, server.password
    settings.EMAIL_USE_TLS, settings.EMAIL_USE_SSL = server.use_tls, server.use_ssl
    settings.EMAIL_TIMEOUT = 5


@pytest.fixture
def smtp(settings):
    """The SMTP server, running, with the site's EMAIL_URL pointing at it."""
    inbox = Inbox()
    inbox.start()
    use_email_url(settings, f"smtp://127.0.0.1:{inbox.port}")
    settings.SITE_URL = "http://club.example"
    settings.DEFAULT_FROM_EMAIL = "results@club.example"
    try:
        yield inbox
    finally:
        inbox.stop()

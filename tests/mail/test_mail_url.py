"""EMAIL_URL read into Django's e-mail settings (clubdirector/mail_url.py): every form, and a bad one refused at
start with a plain message that never shows the password."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from clubdirector.mail_url import CONSOLE, SMTP, MailServer, mail_settings
from tests.clubdirector.test_settings import run_django


@pytest.mark.parametrize(
    ("url", "server"),
    [
        ("", MailServer(CONSOLE)),
        ("console://", MailServer(CONSOLE)),
        ("smtp://mail.example.org", MailServer(SMTP, "mail.example.org", 25)),
        ("smtp://127.0.0.1:2525", MailServer(SMTP, "127.0.0.1", 2525)),
        ("smtp+tls://club%40example.org:p%40ss:word@mail.example.org",
         MailServer(SMTP, "mail.example.org", 587, "club@example.org", "p@ss:word", use_tls=True)),
        ("smtp+tls://u:p@mail.example.org:2587", MailServer(SMTP, "mail.example.org", 2587, "u", "p", use_tls=True)),
        ("smtps://u:p@mail.example.org", MailServer(SMTP, "mail.example.org", 465, "u", "p", use_ssl=True)),
        ("SMTP://Mail.Example.org:25/", MailServer(SMTP, "mail.example.org", 25)),
    ],
)  # fmt: skip
def test_each_form_of_email_url(url, server):
    assert mail_settings(url) == server


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("http://mail.example.org", "names no mail server this site knows"),
        ("mail.example.org:25", "names no mail server this site knows"),
        ("smtp://mail.example.org:port", "has a port that is not a number from 1 to 65535"),
        ("smtp://mail.example.org:70000", "has a port that is not a number from 1 to 65535"),
        ("smtp://:25", "has no server name"),
        ("smtp://mail.example.org/inbox", "has more after the server and port"),
        ("smtp+tls://user@mail.example.org", "has a user name but no password"),
    ],
)
def test_a_bad_email_url_is_refused_in_plain_words(url, why):
    with pytest.raises(ImproperlyConfigured) as refused:
        mail_settings(url)
    assert why in str(refused.value)
    assert "smtp://HOST:PORT, smtp+tls://USER:PASSWORD@HOST:PORT or smtps://USER:PASSWORD@HOST:PORT" in str(
        refused.value
    )


def test_the_message_never_shows_the_password():
    with pytest.raises(ImproperlyConfigured) as refused:
        mail_settings("smtp+tls://club:secret-word@mail.example.org/x")
    assert "secret-word" not in str(refused.value) and "smtp+tls://…@mail.example.org/x" in str(refused.value)


def test_the_site_does_not_start_with_a_bad_email_url():
    result = run_django("import django; django.setup()", EMAIL_URL="smtp://mail.example.org:99999")
    assert result.returncode != 0
    assert "EMAIL_URL 'smtp://mail.example.org:99999' has a port that is not a number" in result.stderr


def test_the_site_reads_email_url_from_the_environment():
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_HOST_USER, s.EMAIL_USE_TLS, s.DEFAULT_FROM_EMAIL)"
    )
    result = run_django(code, EMAIL_URL="smtp+tls://me:pw@mail.example.org", EMAIL_FROM="club@example.org")
    assert result.stdout.split() == [SMTP, "mail.example.org", "587", "me", "True", "club@example.org"]
    result = run_django(code.replace("s.EMAIL_HOST_USER, ", ""), EMAIL_URL="")
    assert result.stdout.split()[0] == CONSOLE

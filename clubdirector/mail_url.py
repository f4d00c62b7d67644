"""EMAIL_URL, the mail server as one address, read into Django's e-mail settings (docs/mail.md).

    smtp://HOST:PORT                      plain SMTP (port 25 if none)
    smtp+tls://USER:PASSWORD@HOST:PORT    SMTP upgraded with STARTTLS (port 587 if none)
    smtps://USER:PASSWORD@HOST:PORT       SMTP over TLS from the first byte (port 465 if none)
    console://                            messages written to the console, never sent

A user name or password holding @, : or / is written percent-encoded (%40, %3A, %2F). A URL that is
none of these stops the start with a plain message: a mail server set wrongly is found at once, not
on the night the results go out.
"""

from typing import NamedTuple
from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

SMTP = "django.core.mail.backends.smtp.EmailBackend"
CONSOLE = "django.core.mail.backends.console.EmailBackend"
PORTS = {"smtp": 25, "smtp+tls": 587, "smtps": 465}
FORMS = "smtp://HOST:PORT, smtp+tls://USER:PASSWORD@HOST:PORT or smtps://USER:PASSWORD@HOST:PORT"


def _bad(url: str, why: str) -> ImproperlyConfigured:
    shown = url if "@" not in url else url.split("://", 1)[0] + "://…@" + url.rsplit("@", 1)[1]  # no password
    return ImproperlyConfigured(f"EMAIL_URL {shown!r} {why}: write it as {FORMS}.")


class MailServer(NamedTuple):
    """Django's EMAIL_BACKEND, EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS and
    EMAIL_USE_SSL, in that order."""

    backend: str
    host: str = "localhost"
    port: int = 25
    user: str = ""
    password: str = ""
    use_tls: bool = False
    use_ssl: bool = False


def mail_settings(url: str) -> MailServer:
    """The mail server the URL names; empty: the console (nothing sent)."""
    if not url:
        return MailServer(CONSOLE)
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    if scheme == "console":
        return MailServer(CONSOLE)
    if scheme not in PORTS:
        raise _bad(url, "names no mail server this site knows")
    try:
        port = parts.port or PORTS[scheme]
    except ValueError:
        raise _bad(url, "has a port that is not a number from 1 to 65535") from None
    if not parts.hostname:
        raise _bad(url, "has no server name")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise _bad(url, "has more after the server and port")
    if parts.username is not None and parts.password is None:
        raise _bad(url, "has a user name but no password")
    return MailServer(
        SMTP,
        parts.hostname,
        port,
        unquote(parts.username or ""),
        unquote(parts.password or ""),
        use_tls=scheme == "smtp+tls",
        use_ssl=scheme == "smtps",
    )

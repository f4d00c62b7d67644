"""A club owns every event; its directors run them, its owners also manage the directors.

A director may belong to several clubs. Whoever runs the server (staff) uses the admin;
directors never need staff rights.
"""

import secrets
import zoneinfo

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.timing import USUAL_START, validate_time_zone

# The languages a club, a director and a phone can have (settings.LANGUAGES lists the same).
LANGUAGES = [("en-gb", "English"), ("fr", "Français"), ("de", "Deutsch"), ("nl", "Nederlands")]

# How numbers and dates are written, by the locale whose Django formats give them: 1,000 and
# 31/12/2026 (British), 1,000 and 12/31/2026 (American), 1 000 (French), 1.000 (German, Dutch).
FORMAT_STYLES = [
    ("en-gb", _("1,000.5 · 31/12/2026 (British)")),
    ("en", _("1,000.5 · 12/31/2026 (American)")),
    ("fr", _("1 000,5 · 31/12/2026 (French)")),
    ("de", _("1.000,5 · 31.12.2026 (German)")),
    ("nl", _("1.000,5 · 31-12-2026 (Dutch)")),
]


class Paper(models.TextChoices):
    A4 = "A4", "A4"
    LETTER = "letter", _("Letter")


def default_time_zone() -> str:
    return str(settings.TIME_ZONE)


def default_currency() -> str:
    return str(getattr(settings, "CLUB_CURRENCY", "EUR"))


def new_calendar_token() -> str:
    return secrets.token_urlsafe(24)


class Club(models.Model):
    name = models.CharField(_("name"), max_length=80, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    # Empty: pages follow each director's or browser's language, printed matter the director's.
    language = models.CharField(
        _("language"),
        max_length=8,
        blank=True,
        choices=LANGUAGES,
        help_text=_("Pages, tally cards, score sheets and workbooks. Empty: each browser's own language."),
    )
    paper = models.CharField(_("paper"), max_length=8, choices=Paper.choices, default=Paper.A4)
    # Empty: the language's own style.
    format_style = models.CharField(
        _("numbers and dates"),
        max_length=8,
        blank=True,
        choices=FORMAT_STYLES,
        help_text=_("Empty: the style of the page's language."),
    )
    # The club's calendar of coming events (an .ics feed a phone subscribes to) opens with this alone.
    calendar_token = models.CharField(max_length=64, unique=True, default=new_calendar_token)
    # The club's number at its national federation (EBU, FFB, DBV, NBB…), written as USEBIO's CLUB_ID_NUMBER.
    national_number = models.CharField(_("national club number"), max_length=20, blank=True)
    federation = models.CharField(
        _("federation"), max_length=40, blank=True, help_text=_("The national body that gave the club its number.")
    )
    # Where the club plays: every event's start and end are read in this zone (pages, mail, the .ics).
    time_zone = models.CharField(
        _("time zone"), max_length=64, default=default_time_zone, validators=[validate_time_zone]
    )
    usual_start = models.TimeField(
        _("usual start"), default=USUAL_START, help_text=_("A new event starts at this time unless you change it.")
    )
    # Table money (docs/money.md): amounts in the currency's minor units. The currency is fixed once the
    # club's ledger has a row (services/ledger.py).
    currency = models.CharField(_("currency"), max_length=3, default=default_currency)
    member_rate = models.BigIntegerField(_("member's table money"), default=0)
    visitor_rate = models.BigIntegerField(_("visitor's table money"), default=0)
    # How far below zero a member's balance may go (0: never below zero).
    balance_floor = models.BigIntegerField(_("overdraft allowed"), default=0)
    # The results mail tells each member their balance after the night (the club's choice: some keep it private).
    results_mail_balance = models.BooleanField(_("balance in the results mail"), default=False)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.time_zone)


class Role(models.TextChoices):
    OWNER = "owner", _("Owner")
    DIRECTOR = "director", _("Director")


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=8, choices=Role.choices, default=Role.DIRECTOR)
    # The club's treasurer (an owner always is): sees the takings, corrects and refunds, sets the rates.
    treasurer = models.BooleanField(_("treasurer"), default=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["club", "user__username"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="membership_unique")]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()} of {self.club})"

    @property
    def is_owner(self) -> bool:
        return self.role == Role.OWNER

    @property
    def is_treasurer(self) -> bool:
        return self.treasurer or self.is_owner


def new_invite_token() -> str:
    return secrets.token_urlsafe(24)


class DirectorInvite(models.Model):
    """A one-time link an owner hands to a new director: it opens once, before it expires."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites")
    role = models.CharField(max_length=8, choices=Role.choices, default=Role.DIRECTOR)
    # Whom the owner made it for: two links waiting are told apart on the Club page.
    label = models.CharField(max_length=80, blank=True, default="")
    token = models.CharField(max_length=64, unique=True, default=new_invite_token)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"invite to {self.club} ({self.role})"

    @property
    def usable(self) -> bool:
        return self.used_at is None and self.expires_at > timezone.now()


class DirectorSettings(models.Model):
    """What one director chose for themselves: the language of their pages, whatever the club's."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="director_settings")
    language = models.CharField(
        _("my language"),
        max_length=8,
        blank=True,
        choices=LANGUAGES,
        help_text=_("Empty: the club's language, or else the browser's."),
    )

    def __str__(self) -> str:
        return f"settings of {self.user}"

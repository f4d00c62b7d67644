"""Entries taken from a public link: the list an event opens, and each entrant on it.

The list belongs to its event (and so to its club); the entrants are found by the list's link, and each by
their own cancel link. See tournaments/rules/entries.py for the places and the waiting list.
"""

import secrets

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.party import MAX_TABLES, Kind


def new_entry_token() -> str:
    return secrets.token_urlsafe(18)  # 144 bits: the link is the only key, as a public results page's


class EntryList(models.Model):
    """An event's entries (a party's, a knockout's or a card evening's): open or closed, until when, for how many
    tables."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="entry_lists")
    party = models.OneToOneField(
        "tournaments.Party", null=True, blank=True, on_delete=models.CASCADE, related_name="entry_list"
    )
    knockout = models.OneToOneField(
        "tournaments.Knockout", null=True, blank=True, on_delete=models.CASCADE, related_name="entry_list"
    )
    evening = models.OneToOneField(
        "tournaments.CardEvening", null=True, blank=True, on_delete=models.CASCADE, related_name="entry_list"
    )
    token = models.CharField(max_length=40, unique=True, default=new_entry_token, editable=False)
    open = models.BooleanField(_("open for entries"), default=True)
    closes_at = models.DateTimeField(_("entries close at"), null=True, blank=True)
    tables = models.PositiveSmallIntegerField(
        _("tables"), validators=[MinValueValidator(1), MaxValueValidator(MAX_TABLES)]
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(tables__gte=1) & Q(tables__lte=MAX_TABLES), name="entries_tables_1_to_500"
            ),
            models.CheckConstraint(
                condition=Q(party__isnull=False, knockout__isnull=True, evening__isnull=True)
                | Q(party__isnull=True, knockout__isnull=False, evening__isnull=True)
                | Q(party__isnull=True, knockout__isnull=True, evening__isnull=False),
                name="entries_of_one_event",
            ),
        ]

    def __str__(self) -> str:
        return f"entries for {self.event}"

    @property
    def event(self):
        """The party, the knockout or the card evening the entries are for."""
        if self.party_id:
            return self.party
        return self.knockout if self.knockout_id else self.evening

    def is_open(self, now=None) -> bool:
        now = now or timezone.now()
        return self.open and (self.closes_at is None or now < self.closes_at)


class Entry(models.Model):
    class State(models.TextChoices):
        CONFIRMED = "confirmed", _("Confirmed")
        WAITING = "waiting", _("Waiting list")
        CANCELLED = "cancelled", _("Cancelled")

    entry_list = models.ForeignKey(EntryList, on_delete=models.CASCADE, related_name="entries")
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=10, choices=Kind.choices, blank=True)
    # Kept lower-case, so that one address is one entrant whatever its capitals.
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=30, blank=True)
    partner = models.CharField(max_length=80, blank=True)
    member = models.ForeignKey(
        "tournaments.Member", null=True, blank=True, on_delete=models.SET_NULL, related_name="entries"
    )
    state = models.CharField(max_length=10, choices=State.choices)
    cancel_token = models.CharField(max_length=40, unique=True, default=new_entry_token, editable=False)
    # The guests the entry became (the entrant, and a pair's partner) once the hostess made the guest list.
    guest = models.ForeignKey("tournaments.Guest", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    partner_guest = models.ForeignKey(
        "tournaments.Guest", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The knockout's pair the entry became once the director made the pairs from the entries.
    pair = models.ForeignKey(
        "tournaments.KnockoutPair", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # A hash of the address it came from (tournaments/http/entry_limit.py): enough to see a flood, no more.
    address = models.CharField(max_length=32, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    # The language of the page they entered from, and the site's address then: their e-mails speak it and
    # link back to it (docs/entries.md, "Telling the entrant").
    language = models.CharField(max_length=10, blank=True)
    site = models.CharField(max_length=200, blank=True)
    # The day-before reminder, once queued: never queued twice.
    reminded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["entry_list", "pk"]  # the order they entered: the waiting list's order
        constraints = [
            models.UniqueConstraint(
                "entry_list", Lower("name"), condition=~Q(state="cancelled"), name="entry_name_once_in_list"
            ),
            models.UniqueConstraint(
                fields=["entry_list", "email"],
                condition=~Q(email="") & ~Q(state="cancelled"),
                name="entry_email_once_in_list",
            ),
            models.UniqueConstraint(
                fields=["entry_list", "member"],
                condition=Q(member__isnull=False) & ~Q(state="cancelled"),
                name="entry_member_once_in_list",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.state})"

"""A club's memory: its members, its seasons (series of events scored together), and the public
results pages it chose to publish."""

import secrets

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.club import LANGUAGES
from tournaments.models.party import Kind

# Points by place, the usual club table: 10 to the winner, 8 to the second, … 1 to the eighth.
DEFAULT_PLACE_POINTS = [10, 8, 6, 5, 4, 3, 2, 1]


class Member(models.Model):
    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="members")
    name = models.CharField(_("name"), max_length=80)
    kind = models.CharField(_("lady or gentleman"), max_length=10, choices=Kind.choices, blank=True)
    # The national body's number (EBU, FFB, DBV, NBB…): optional, but never two members with one.
    number = models.CharField(_("member number"), max_length=20, blank=True)
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=30, blank=True)
    active = models.BooleanField(_("active"), default=True)
    # Published results show this member by initials only ("J. S.").
    initials_only = models.BooleanField(_("initials only on public pages"), default=False)
    # No e-mail at all from the club: the director's choice, or the member's by a mail's unsubscribe link.
    never_email = models.BooleanField(_("never e-mail"), default=False)
    # The language of the club's e-mails to this member; empty: the club's.
    language = models.CharField(_("language of e-mails"), max_length=8, blank=True, choices=LANGUAGES)
    created_at = models.DateTimeField(default=timezone.now)
    # Counts the member's saves: a season's live page shows members' names, kinds and initials-only
    # choices, and its validator sums this over the club's members (selectors/live_season.py).
    changes = models.PositiveIntegerField(default=0, editable=False)
    # Set when the member asked to be forgotten: the name is a neutral label from then on, contact details gone.
    erased_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "number"], condition=~Q(number=""), name="member_number_unique_in_club"
            ),
        ]
        indexes = [models.Index(fields=["club", "name"], name="member_club_name")]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        # Every save counts, a partial one too (no query more: the count goes with the save).
        if not self._state.adding:
            self.changes += 1
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "changes"}
        super().save(*args, **kwargs)


class Scoring(models.TextChoices):
    TOTALS = "totals", _("Sum of totals")
    PLACES = "places", _("Points by place")


class Series(models.Model):
    """A season: a club's party nights (and knockouts, if chosen) scored together."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="series")
    name = models.CharField(_("name"), max_length=120)
    scoring = models.CharField(_("scoring"), max_length=8, choices=Scoring.choices, default=Scoring.TOTALS)
    place_points = models.JSONField(_("points by place"), default=list, blank=True)
    # Best N of M nights: each player's N best nights count (by the scoring above); empty: all count.
    best_of = models.PositiveSmallIntegerField(_("best nights counted"), null=True, blank=True)
    parties = models.ManyToManyField("tournaments.Party", blank=True, related_name="series")
    knockouts = models.ManyToManyField("tournaments.Knockout", blank=True, related_name="series")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "series"

    def __str__(self) -> str:
        return self.name


def new_public_token() -> str:
    return secrets.token_urlsafe(18)


class PublicLink(models.Model):
    """An opt-in, read-only results page anyone with the link may open; deleting it takes the page down."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="public_links")
    token = models.CharField(max_length=40, unique=True, default=new_public_token)
    party = models.OneToOneField(
        "tournaments.Party", null=True, blank=True, on_delete=models.CASCADE, related_name="public_link"
    )
    knockout = models.OneToOneField(
        "tournaments.Knockout", null=True, blank=True, on_delete=models.CASCADE, related_name="public_link"
    )
    series = models.OneToOneField(Series, null=True, blank=True, on_delete=models.CASCADE, related_name="public_link")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(party__isnull=False, knockout__isnull=True, series__isnull=True)
                    | Q(party__isnull=True, knockout__isnull=False, series__isnull=True)
                    | Q(party__isnull=True, knockout__isnull=True, series__isnull=False)
                ),
                name="public_link_one_event",
            )
        ]

    def __str__(self) -> str:
        return f"public link of {self.party or self.knockout or self.series}"

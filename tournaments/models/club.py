"""A club owns every event; its directors run them, its owners also manage the directors.

A director may belong to several clubs. Whoever runs the server (staff) uses the admin;
directors never need staff rights.
"""

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone


class Club(models.Model):
    name = models.CharField(max_length=80, unique=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    OWNER = "owner", "Owner"
    DIRECTOR = "director", "Director"


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=8, choices=Role.choices, default=Role.DIRECTOR)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["club", "user__username"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="membership_unique")]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()} of {self.club})"

    @property
    def is_owner(self) -> bool:
        return self.role == Role.OWNER


def new_invite_token() -> str:
    return secrets.token_urlsafe(24)


class DirectorInvite(models.Model):
    """A one-time link an owner hands to a new director: it opens once, before it expires."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites")
    role = models.CharField(max_length=8, choices=Role.choices, default=Role.DIRECTOR)
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

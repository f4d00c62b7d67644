"""The club's table money: a ledger of rows that are written once and never edited or deleted.

Every movement of money is one MoneyRow in the club's currency's minor units (docs/money.md). A mistake is
put right by a reversing row (`reverses`, with who and why), never by changing the first. A member's
balance is the sum of their balance rows; MoneyAccount holds that sum, written in the same transaction as
the row and checked against the rows there (services/ledger.py), so a page reads a balance in one query.

People are held by id: a member by a protected link (a member with money is erased, never deleted, and an
erased member's rows stay, under the erased label), a guest by their id alone (a deleted party's payments
stay in the books). The event is its kind and id, with its name as the books wrote it that night.
"""

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class LedgerRefused(Exception):
    """A row edited or deleted: the ledger only grows (a programming error, never a person's)."""


class Kind(models.TextChoices):
    TOP_UP = "top_up", _("Top-up")
    FEE = "fee", _("Table money")
    REFUND = "refund", _("Refund")
    CORRECTION = "correction", _("Correction")


class Method(models.TextChoices):
    CASH = "cash", _("Cash")
    CARD = "card", _("Card")
    TRANSFER = "transfer", _("Bank transfer")
    BALANCE = "balance", _("From balance")


class EventKind(models.TextChoices):
    PARTY = "party", _("Party")
    KNOCKOUT = "knockout", _("Knockout")
    TOWIE = "towie", _("Towie table")
    BOSTON = "boston", _("Boston table")
    EVENING = "evening", _("Card evening")


class MoneyRow(models.Model):
    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="money_rows")
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    method = models.CharField(max_length=10, choices=Method.choices, blank=True)
    # Signed, in the currency's minor units, as the club receives it: a payment or a top-up is positive
    # (a fee paid from a balance too, by the method "from balance"), a refund negative.
    amount = models.BigIntegerField()
    currency = models.CharField(max_length=3)
    member = models.ForeignKey(
        "tournaments.Member", null=True, blank=True, on_delete=models.PROTECT, related_name="money_rows"
    )
    guest_id = models.BigIntegerField(null=True, blank=True)
    # What the row does to the member's pre-paid balance: + a top-up, - a fee paid from it, 0 most rows.
    balance_change = models.BigIntegerField(default=0)
    balance_after = models.BigIntegerField(null=True, blank=True)
    event_kind = models.CharField(max_length=10, choices=EventKind.choices, blank=True)
    event_id = models.BigIntegerField(null=True, blank=True)
    event_name = models.CharField(max_length=120, blank=True)
    reference = models.CharField(_("reference"), max_length=80, blank=True)
    reverses = models.OneToOneField("self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by")
    reason = models.CharField(_("why"), max_length=200, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["club", "id"]
        indexes = [
            models.Index(fields=["club", "member", "id"], name="money_member_rows"),
            models.Index(fields=["club", "event_kind", "event_id"], name="money_event_rows"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount} {self.currency}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise LedgerRefused("A ledger row is never edited: write a reversing row.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise LedgerRefused("A ledger row is never deleted: write a reversing row.")


class MoneyAccount(models.Model):
    """A member's balance: the sum of their rows' balance_change, kept beside them (services/ledger.py)."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="money_accounts")
    member = models.OneToOneField("tournaments.Member", on_delete=models.PROTECT, related_name="money_account")
    balance = models.BigIntegerField(default=0)

    def __str__(self) -> str:
        return f"balance of member {self.member_id}: {self.balance}"


class EventFee(models.Model):
    """An event's table money per player: a member's and a visitor's rate (empty: the club's)."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="event_fees")
    event_kind = models.CharField(max_length=10, choices=EventKind.choices)
    event_id = models.BigIntegerField()
    member_rate = models.BigIntegerField(null=True, blank=True)
    visitor_rate = models.BigIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event_kind", "event_id"], name="event_fee_unique"),
        ]

    def __str__(self) -> str:
        return f"fee of {self.event_kind} {self.event_id}"


class FreePlace(models.Model):
    """A guest the hostess lets play free (herself, a stand-in): owes nothing that night."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="free_places")
    event_kind = models.CharField(max_length=10, choices=EventKind.choices)
    event_id = models.BigIntegerField()
    guest_id = models.BigIntegerField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event_kind", "event_id", "guest_id"], name="free_place_unique"),
        ]

    def __str__(self) -> str:
        return f"free place of guest {self.guest_id}"

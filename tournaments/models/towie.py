"""A Towie table (docs/rules/towie.md): three to five players, each for himself, on its own or at a party.

The models store what the table said, never a computed figure: the players and their drawn cards,
and each deal as entered (who sat, who dealt, the contract, the tricks, the honours). The sheet, the
seats proposed next and the settlement are worked out again from these by tournaments/rules/towie.py.
"""

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.party import Guest, Party
from tournaments.models.timing import Timed

__all__ = ["TowieDeal", "TowiePlayer", "TowieTable"]


def new_towie_token() -> str:
    return secrets.token_urlsafe(32)


class TowieTableQuerySet(models.QuerySet):
    def for_list(self):
        return self.select_related("party").order_by("-date", "-id")


class TowieTable(Timed):
    name = models.CharField(max_length=120)
    date = models.DateField()
    party = models.ForeignKey(
        Party,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="towie_tables",
        help_text=_("The party night"),
    )
    # The card evening the table was made for, from its entries.
    evening = models.ForeignKey(
        "tournaments.CardEvening", null=True, blank=True, on_delete=models.SET_NULL, related_name="towie_tables"
    )
    stake = models.DecimalField(
        max_digits=9,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(0)],
        help_text=_("Money per hundred points, to show the settlement in money (optional)."),
    )
    drawn_at = models.DateTimeField(null=True, blank=True, help_text=_("When the cards were drawn for seats."))
    cards_by_software = models.BooleanField(default=False, help_text=_("The software drew the cards."))
    # The table's own choice of seats for the next deal, over the proposal: {"seated": [ids], "dealer": id}.
    next_seats = models.JSONField(null=True, blank=True)
    token = models.CharField(max_length=64, unique=True, default=new_towie_token, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    club = models.ForeignKey("tournaments.Club", on_delete=models.PROTECT, related_name="towie_tables")
    demo = models.BooleanField(default=False, help_text=_("Made by the demo: deleted with the other demo events."))
    created_at = models.DateTimeField(auto_now_add=True)

    objects = TowieTableQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def is_drawn(self) -> bool:
        return self.drawn_at is not None


class TowiePlayer(models.Model):
    table = models.ForeignKey(TowieTable, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=80)
    order = models.PositiveSmallIntegerField(help_text=_("1 for the highest card drawn (as entered before the draw)."))
    card = models.CharField(max_length=3, blank=True, help_text=_("The card drawn for seats, like AS or 10H."))
    guest = models.ForeignKey(Guest, null=True, blank=True, on_delete=models.SET_NULL, related_name="towie_seats")
    # The club member this player is (picked from the members, or the guest's member at a party).
    member = models.ForeignKey("tournaments.Member", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["table", "order"]
        constraints = [
            models.UniqueConstraint(fields=["table", "order"], name="towie_player_order_unique"),
            models.UniqueConstraint(fields=["table", "name"], name="towie_player_name_unique"),
            models.CheckConstraint(condition=Q(order__gte=1), name="towie_player_order_from_1"),
        ]

    def __str__(self) -> str:
        return self.name


class TowieDeal(models.Model):
    class Kind(models.TextChoices):
        PLAYED = "played", _("Played")
        GOULASH = "goulash", _("Goulash (no game bid: redealt)")
        EXPOSURE = "exposure", _("Dealer turned up more than six dummy cards")

    table = models.ForeignKey(TowieTable, on_delete=models.CASCADE, related_name="deals")
    position = models.PositiveIntegerField(help_text=_("Order on the sheet; gaps are left where a deal was removed."))
    kind = models.CharField(max_length=10, choices=Kind.choices)
    # Who sat (clockwise) and who dealt, as the deal was played: the seats are a fact of the evening.
    seat_1 = models.ForeignKey(TowiePlayer, on_delete=models.RESTRICT, related_name="+")
    seat_2 = models.ForeignKey(TowiePlayer, on_delete=models.RESTRICT, related_name="+")
    seat_3 = models.ForeignKey(TowiePlayer, on_delete=models.RESTRICT, related_name="+")
    dealer = models.ForeignKey(TowiePlayer, on_delete=models.RESTRICT, related_name="+")
    contract = models.CharField(max_length=6, blank=True, help_text=_("4S, 3NX...; a goulash's final bid or PASS."))
    declarer = models.ForeignKey(TowiePlayer, null=True, blank=True, on_delete=models.RESTRICT, related_name="+")
    tricks = models.PositiveSmallIntegerField(null=True, blank=True, validators=[MaxValueValidator(13)])
    honours_holder = models.ForeignKey(TowiePlayer, null=True, blank=True, on_delete=models.RESTRICT, related_name="+")
    honours = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="towie_deal_position_unique"),
            models.CheckConstraint(
                condition=Q(kind__in=["played", "goulash", "exposure"]), name="towie_deal_kind_known"
            ),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=13), name="towie_deal_tricks_at_most_13"
            ),
            models.CheckConstraint(
                condition=Q(honours__isnull=True) | Q(honours__in=[100, 150]), name="towie_deal_honours_100_or_150"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table.name}: {self.get_kind_display()} {self.contract}"

"""A card evening: a club's night of Towie or Boston tables, taken from entries (docs/evenings.md).

The evening holds what the hostess set (its name, date, game, tables and, for Boston, the house settings a
table needs); the tables themselves are ordinary Towie or Boston tables pointing back at it once made.
"""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.boston import BostonVariant
from tournaments.models.party import MAX_TABLES
from tournaments.models.timing import Timed

__all__ = ["CardEvening", "CardGame"]


class CardGame(models.TextChoices):
    TOWIE = "towie", _("Towie")
    BOSTON = "boston", _("Boston")


class CardEveningQuerySet(models.QuerySet):
    def for_list(self):
        return self.select_related("entry_list").order_by("-date", "-id")


class CardEvening(Timed):
    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="card_evenings")
    name = models.CharField(_("name"), max_length=100)
    date = models.DateField(_("date"))
    game = models.CharField(_("game"), max_length=6, choices=CardGame.choices)
    tables = models.PositiveSmallIntegerField(
        _("tables"), validators=[MinValueValidator(1), MaxValueValidator(MAX_TABLES)]
    )
    # Boston's settings, given to every table made (the pool's feed and limit the book leaves to the house).
    variant = models.CharField(_("Boston's rules"), max_length=24, choices=BostonVariant.choices, blank=True)
    pool_feed = models.PositiveIntegerField(_("pool feed"), null=True, blank=True)
    pool_limit = models.PositiveIntegerField(_("pool limit"), null=True, blank=True)
    pool_unlimited = models.BooleanField(_("the pool has no limit"), default=False)
    # When the hostess made the tables from the entries: once only.
    tables_made_at = models.DateTimeField(null=True, blank=True)
    # The confirmed entrants no Boston table could seat (a remainder of one to three), in entry order.
    left_over = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = CardEveningQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(tables__gte=1) & Q(tables__lte=MAX_TABLES), name="evening_tables_1_to_500"
            ),
            models.CheckConstraint(condition=Q(game__in=CardGame.values), name="evening_game_is_known"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def is_boston(self) -> bool:
        return self.game == CardGame.BOSTON

    @property
    def tables_made(self) -> bool:
        return self.tables_made_at is not None

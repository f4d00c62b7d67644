"""Boston tables: Boston, Boston de Fontainebleau and French Boston, settled deal by deal.

Only the inputs are stored: the table's players, variant, counter values and house settings, and
what happened on each deal (caller, bid, suit, tricks...). Every figure on the sheet is worked out
again by replaying the deals through tournaments/rules/boston.py, so a deal can be corrected or
removed and everything after it follows. The writes live in tournaments/services/boston.py.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.timing import Timed

__all__ = ["BostonDeal", "BostonTable", "BostonVariant"]

SEAT_NUMBERS = (1, 2, 3, 4)


MEMBER = "tournaments.Member"


class BostonVariant(models.TextChoices):
    # The values are the engine's variant names.
    ENGLISH = "english", _("Boston, English tables")
    AMERICAN = "american", _("Boston, American tables")
    FONTAINEBLEAU = "fontainebleau", _("Boston de Fontainebleau, Table 1")
    FONTAINEBLEAU_AMERICAN = "fontainebleau-american", _("Boston de Fontainebleau, American Table 2")
    FRENCH = "french", _("French Boston")


class MoneyPer(models.TextChoices):
    WHITE = "white", _("white counter")
    RED = "red", _("red counter (ten white)")


class BostonTableQuerySet(models.QuerySet):
    def for_list(self):
        return self.select_related("party").annotate(deals_played=Count("deals")).order_by("-date", "-id")


class BostonTable(Timed):
    name = models.CharField(max_length=120)
    date = models.DateField()
    party = models.ForeignKey(
        "tournaments.Party", null=True, blank=True, on_delete=models.SET_NULL, related_name="boston_tables"
    )
    # The card evening the table was made for, from its entries.
    evening = models.ForeignKey(
        "tournaments.CardEvening", null=True, blank=True, on_delete=models.SET_NULL, related_name="boston_tables"
    )
    variant = models.CharField(max_length=24, choices=BostonVariant.choices)
    # Seated clockwise; player 1 deals first.
    player_1 = models.CharField(max_length=40)
    player_2 = models.CharField(max_length=40)
    player_3 = models.CharField(max_length=40)
    player_4 = models.CharField(max_length=40)
    # The club members the players are, seat by seat, when picked from the members or named exactly as one.
    member_1 = models.ForeignKey(MEMBER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    member_2 = models.ForeignKey(MEMBER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    member_3 = models.ForeignKey(MEMBER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    member_4 = models.ForeignKey(MEMBER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    money_value = models.DecimalField(
        max_digits=10,
        decimal_places=4,
        null=True,
        blank=True,
        help_text=_("Money for one counter, if they play for it."),
    )
    money_per = models.CharField(max_length=5, choices=MoneyPer.choices, default=MoneyPer.WHITE)
    currency = models.CharField(max_length=8, blank=True, help_text=_("Printed before amounts of money, like £ or $."))
    # House settings: the figures the book leaves to the club.
    pool_feed = models.PositiveIntegerField(null=True, blank=True, help_text=_("Boston: counters the dealer puts in."))
    pool_limit = models.PositiveIntegerField(null=True, blank=True, help_text=_("Boston: the most one pool holds."))
    pool_unlimited = models.BooleanField(default=False, help_text=_("Boston: the pool has no limit."))
    no_trump = models.JSONField(default=dict, blank=True, help_text=_('Fontainebleau: {"7": 80, "spread slam": 900}.'))
    french_rows = models.JSONField(
        default=dict, blank=True, help_text=_('French Boston\'s unprinted rows: {"7": {"base": {"S": 5, ...}}}.')
    )
    play_for_pool = models.BooleanField(
        default=False, help_text=_("French Boston: after the fortieth deal, play on until someone wins the pool.")
    )
    # The end of the game, as the players decided it.
    finished_at = models.DateTimeField(null=True, blank=True)
    stopped_early = models.BooleanField(default=False, help_text=_("Finished before the last deal, by agreement."))
    last_trick = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Boston's thirteenth deal at no trump: the seat that won its last trick.")
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    club = models.ForeignKey("tournaments.Club", on_delete=models.PROTECT, related_name="boston_tables")
    demo = models.BooleanField(default=False, help_text=_("Made by the demo: deleted with the other demo events."))
    created_at = models.DateTimeField(auto_now_add=True)

    objects = BostonTableQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(variant__in=BostonVariant.values), name="boston_table_variant_is_known"),
            models.CheckConstraint(
                condition=Q(pool_limit__isnull=True) | Q(pool_limit__gte=1), name="boston_pool_limit_at_least_1"
            ),
            models.CheckConstraint(
                condition=Q(last_trick__isnull=True) | Q(last_trick__in=SEAT_NUMBERS), name="boston_last_trick_a_seat"
            ),
            models.CheckConstraint(
                condition=Q(money_value__isnull=True) | Q(money_value__gte=0), name="boston_money_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_variant_display()})"

    @property
    def players(self) -> list[str]:
        return [self.player_1, self.player_2, self.player_3, self.player_4]

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None


class BostonDeal(models.Model):
    """What the players said and took on one deal: inputs only, never the figures."""

    class Kind(models.TextChoices):
        BID = "bid", _("A bid")
        PARTOUT = "partout", _("Misère partout (everyone passed)")
        PASSED = "passed", _("Everyone passed (thrown in)")

    table = models.ForeignKey(BostonTable, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.BID)
    caller = models.PositiveSmallIntegerField(null=True, blank=True, help_text=_("Seat 1 to 4."))
    bid = models.CharField(max_length=20, blank=True, help_text=_('The engine\'s name: "5" ... "13", "little misere".'))
    suit = models.CharField(
        max_length=2, blank=True, help_text=_("S, C, D, H or NT (trumps; a French misère: turned).")
    )
    tricks = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(13)], help_text=_("The caller's (with his partner's).")
    )
    honours = models.PositiveSmallIntegerField(default=0)
    partner = models.PositiveSmallIntegerField(null=True, blank=True, help_text=_("Seat 1 to 4."))
    i_pay = models.BooleanField(default=False, help_text=_('The adversaries said "I pay" before the second trick.'))
    turned = models.CharField(max_length=1, blank=True, help_text=_("French Boston: the suit turned."))
    # Misère partout: each seat's tricks.
    tricks_1 = models.PositiveSmallIntegerField(null=True, blank=True, validators=[MaxValueValidator(13)])
    tricks_2 = models.PositiveSmallIntegerField(null=True, blank=True, validators=[MaxValueValidator(13)])
    tricks_3 = models.PositiveSmallIntegerField(null=True, blank=True, validators=[MaxValueValidator(13)])
    tricks_4 = models.PositiveSmallIntegerField(null=True, blank=True, validators=[MaxValueValidator(13)])
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="boston_one_deal_per_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="boston_deal_number_from_1"),
            models.CheckConstraint(condition=Q(kind__in=["bid", "partout", "passed"]), name="boston_deal_kind_known"),
            models.CheckConstraint(
                condition=Q(caller__isnull=True) | Q(caller__in=SEAT_NUMBERS), name="boston_caller_a_seat"
            ),
            models.CheckConstraint(
                condition=Q(partner__isnull=True) | Q(partner__in=SEAT_NUMBERS), name="boston_partner_a_seat"
            ),
            models.CheckConstraint(condition=Q(honours__in=[0, 3, 4]), name="boston_honours_0_3_or_4"),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=13), name="boston_tricks_at_most_13"
            ),
        ]

    def __str__(self) -> str:
        return f"deal {self.number}: {self.get_kind_display()}"

    @property
    def partout(self) -> list[int | None]:
        return [self.tricks_1, self.tricks_2, self.tricks_3, self.tricks_4]

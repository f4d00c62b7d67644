"""A rubber-bridge knockout evening: pairs, rounds of the two brackets, matches and their deals.

The models hold data and database constraints only. The bracket plans and best losers live in
tournaments/rules/knockout.py, the rubber scoring in tournaments/rules/rubber.py, and every write
in tournaments/services/knockout.py. A match keeps its totals (worked out by the rubber engine from
its deals, or typed in) so the bracket page reads them without replaying any deal.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.models.party import RuleSet
from tournaments.models.timing import Timed

__all__ = ["Knockout", "KnockoutDeal", "KnockoutMatch", "KnockoutPair", "KnockoutRound"]

DEALS_PER_MATCH = 8  # rubber-knockout.md: "a match of eight deals"


class Bracket(models.TextChoices):
    MAIN = "main", pgettext_lazy("bracket", "Main")
    CONSOLATION = "consolation", pgettext_lazy("bracket", "Consolation")


class KnockoutQuerySet(models.QuerySet):
    def for_list(self):
        return self.order_by("-date", "-id")


class Knockout(Timed):
    name = models.CharField(max_length=120)
    date = models.DateField()
    rules = models.CharField(max_length=8, choices=RuleSet.choices, default=RuleSet.MODERN)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    club = models.ForeignKey("tournaments.Club", on_delete=models.PROTECT, related_name="knockouts")
    demo = models.BooleanField(default=False, help_text=_("Made by the demo: deleted with the other demo events."))
    created_at = models.DateTimeField(auto_now_add=True)
    # Counts every write the knockout's live pages show (a score, a draw, a round closed or reopened, a pair added,
    # a member asking for initials): their validators read it (selectors/live_knockout.py, services/live_knockout.py).
    changes = models.PositiveIntegerField(default=0, editable=False)

    objects = KnockoutQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"


class KnockoutPair(models.Model):
    """A fixed pair: the first player sits North (or East), the second South (or West)."""

    knockout = models.ForeignKey(Knockout, on_delete=models.CASCADE, related_name="pairs")
    player_a = models.CharField(max_length=60)
    player_b = models.CharField(max_length=60)
    name = models.CharField(max_length=125, help_text=_("“Ada Brown & Bob Carter”: how the pair is shown everywhere."))
    # The club members the two players are, when picked from the members or named exactly as one.
    member_a = models.ForeignKey(
        "tournaments.Member", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    member_b = models.ForeignKey(
        "tournaments.Member", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["knockout", "id"]
        constraints = [models.UniqueConstraint(fields=["knockout", "name"], name="knockout_pair_name_unique")]

    def __str__(self) -> str:
        return self.name


class KnockoutRound(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        CLOSED = "closed", _("Closed")

    knockout = models.ForeignKey(Knockout, on_delete=models.CASCADE, related_name="rounds")
    bracket = models.CharField(max_length=12, choices=Bracket.choices)
    number = models.PositiveSmallIntegerField(help_text=_("1 for the bracket's first round."))
    tables = models.PositiveSmallIntegerField()
    places = models.PositiveSmallIntegerField(help_text=_("Pairs this round sends on (1 for a final)."))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    draw_seed = models.BigIntegerField(null=True, blank=True, help_text=_("The random draw's seed; empty if arranged."))
    arranged = models.BooleanField(default=False, help_text=_("The director arranged the tables by hand."))
    cut_seed = models.BigIntegerField(help_text=_("Kept so a cut for best loser is the one shown before closing."))
    cut = models.JSONField(default=dict, blank=True, help_text=_("The best-loser cut made when the round closed."))
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["knockout", "bracket", "number"]
        constraints = [
            models.UniqueConstraint(fields=["knockout", "bracket", "number"], name="knockout_round_unique"),
            models.CheckConstraint(condition=Q(bracket__in=["main", "consolation"]), name="knockout_round_bracket"),
        ]

    def __str__(self) -> str:
        return f"{self.knockout.name}, {self.bracket} round {self.number}"

    @property
    def is_closed(self) -> bool:
        return self.status == self.Status.CLOSED

    @property
    def is_final(self) -> bool:
        return self.tables == 1

    @property
    def title(self) -> str:
        """ "Main final", "Consolation semi-final", "Main round 1" (in the reader's language)."""
        main = self.bracket == Bracket.MAIN
        if self.tables == 1:
            return gettext("Main final") if main else gettext("Consolation final")
        if self.tables == 2:
            return gettext("Main semi-final") if main else gettext("Consolation semi-final")
        text = gettext("Main round %(number)s") if main else gettext("Consolation round %(number)s")
        return text % {"number": self.number}


class KnockoutMatch(models.Model):
    """One table's match of eight deals (more only when the director decides a tie by one more deal)."""

    class Entry(models.TextChoices):
        NONE = "", _("Nothing yet")
        DEALS = "deals", _("Deal by deal")
        TOTALS = "totals", _("The two totals")

    class Decision(models.TextChoices):
        NONE = "", "—"
        CUT = "cut", _("A cut")
        DEAL = "deal", _("One more deal")

    round = models.ForeignKey(KnockoutRound, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField()
    ns = models.ForeignKey(KnockoutPair, on_delete=models.RESTRICT, related_name="+", verbose_name=_("North–South"))
    ew = models.ForeignKey(KnockoutPair, on_delete=models.RESTRICT, related_name="+", verbose_name=_("East–West"))
    entry = models.CharField(max_length=6, choices=Entry.choices, blank=True, default=Entry.NONE)
    deals_played = models.PositiveSmallIntegerField(default=0)
    ns_total = models.PositiveIntegerField(null=True, blank=True)
    ew_total = models.PositiveIntegerField(null=True, blank=True)
    finished = models.BooleanField(default=False, help_text=_("All deals in (or the totals typed in)."))
    winner = models.ForeignKey(KnockoutPair, null=True, blank=True, on_delete=models.RESTRICT, related_name="+")
    decision = models.CharField(max_length=4, choices=Decision.choices, blank=True, default=Decision.NONE)
    extra_deals = models.PositiveSmallIntegerField(default=0, help_text=_("Deals granted beyond eight to break a tie."))
    cut_seed = models.BigIntegerField(null=True, blank=True)
    cut_by_director = models.BooleanField(
        default=False, help_text=_("The players cut at the table; the director says who won.")
    )
    best_loser = models.BooleanField(default=False, help_text=_("The loser went on as a best loser."))
    # A pair that had to leave concedes its match (docs/rules/rubber-knockout.md, "Withdrawals"): the match is
    # finished, won by the other pair, and its totals (if any were in) stay as played but decide nothing.
    conceded_by = models.ForeignKey(
        KnockoutPair,
        null=True,
        blank=True,
        on_delete=models.RESTRICT,
        related_name="+",
        help_text=_("The pair that withdrew and conceded the match: its opponents won by a walkover."),
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="knockout_match_table_unique"),
            models.CheckConstraint(condition=~Q(ns=F("ew")), name="knockout_match_two_pairs"),
        ]

    def __str__(self) -> str:
        return f"{self.round}, table {self.table}: {self.ns} v {self.ew}"

    @property
    def deals_allowed(self) -> int:
        return DEALS_PER_MATCH + self.extra_deals

    @property
    def tied(self) -> bool:
        return self.finished and self.ns_total == self.ew_total

    @property
    def loser(self) -> KnockoutPair | None:
        if self.winner_id is None:
            return None
        return self.ew if self.winner_id == self.ns_id else self.ns

    @property
    def walkover(self) -> bool:
        return self.conceded_by_id is not None

    @property
    def conceded_pair(self) -> KnockoutPair | None:
        """The pair that withdrew, read from the match's own two pairs (no query of its own)."""
        if self.conceded_by_id is None:
            return None
        return self.ns if self.conceded_by_id == self.ns_id else self.ew

    @property
    def margin(self) -> int | None:
        if self.walkover:
            return None  # a walkover has no margin: it never makes or takes a best-loser place
        if self.winner_id is None or self.ns_total is None or self.ew_total is None:
            return None
        return abs(self.ns_total - self.ew_total)

    @property
    def started(self) -> bool:
        return self.entry != self.Entry.NONE

    @property
    def status(self) -> str:
        """not_started, playing, tied, won, walkover: for the tiles and the bracket."""
        if self.walkover:
            return "walkover"
        if not self.started:
            return "not_started"
        if not self.finished:
            return "playing"
        if self.winner_id is None:
            return "tied"
        return "won"


class KnockoutDeal(models.Model):
    """One deal as written on the rubber pad; its points are worked out by the engine, never stored."""

    match = models.ForeignKey(KnockoutMatch, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    contract = models.CharField(max_length=6)
    declarer = models.CharField(max_length=1, blank=True)
    tricks = models.PositiveSmallIntegerField(default=0)
    honours = models.CharField(max_length=5, blank=True, help_text=_("“NS100”, “EW150” or empty."))

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="knockout_deal_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="knockout_deal_number_from_1"),
            models.CheckConstraint(condition=Q(tricks__lte=13), name="knockout_deal_tricks_at_most_13"),
        ]

    def __str__(self) -> str:
        return f"deal {self.number}: {self.contract} by {self.declarer or '-'} {self.tricks}"

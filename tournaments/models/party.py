"""A progressive party night: guests, rounds, seats and the tables' results.

The models hold data and database constraints only; the rules live in tournaments/rules and
the writes in tournaments/services.
"""

import secrets
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.timing import Timed

# A ballroom charity night or a federation's simultaneous party: up to 500 tables.
MAX_TABLES = 500
# An evening of four-deal rounds: six to eight is usual; thirty is a long day and then some.
MAX_ROUNDS = 30
# Seven or eight minutes a deal is the usual pace at a club: four deals and the move take half an hour.
DEFAULT_ROUND_MINUTES = 30
SEATS = [("N", _("North")), ("E", _("East")), ("S", _("South")), ("W", _("West"))]
SIDES = [("NS", _("North–South")), ("EW", _("East–West"))]


class Kind(models.TextChoices):
    LADY = "lady", _("Lady")
    GENTLEMAN = "gentleman", _("Gentleman")


class RuleSet(models.TextChoices):
    MODERN = "modern", _("Modern (Laws of 2017)")
    OLD = "1938", _("1938 (Laws of 1935)")


class TallyMode(models.TextChoices):
    NET = "net", _("Net per round (the Four Aces' way)")
    ACTUAL = "actual", _("Actual points (each side its own points: not recommended)")


class PartyQuerySet(models.QuerySet):
    def for_list(self):
        return self.order_by("-date", "-id")


class Party(Timed):
    name = models.CharField(max_length=120)
    date = models.DateField()
    tables = models.PositiveSmallIntegerField(validators=[MinValueValidator(1), MaxValueValidator(MAX_TABLES)])
    mixed = models.BooleanField(default=False, help_text=_("Ladies and gentlemen: every partnership one of each."))
    keep_partners = models.BooleanField(default=False, help_text=_("Pairs stay together all evening."))
    rounds_planned = models.PositiveSmallIntegerField(
        default=6, validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)]
    )
    round_minutes = models.PositiveSmallIntegerField(
        default=DEFAULT_ROUND_MINUTES,
        validators=[MinValueValidator(4), MaxValueValidator(120)],
        help_text=_("The round clock: minutes for the four deals."),
    )
    rules = models.CharField(max_length=8, choices=RuleSet.choices, default=RuleSet.MODERN)
    tally_mode = models.CharField(max_length=8, choices=TallyMode.choices, default=TallyMode.NET)
    draw_seed = models.BigIntegerField(null=True, blank=True, help_text=_("Kept so the tallies reprint the same."))
    pins = models.JSONField(default=list, blank=True, help_text=_("Seats the hostess fixed: [table, seat, name]."))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    club = models.ForeignKey("tournaments.Club", on_delete=models.PROTECT, related_name="parties")
    demo = models.BooleanField(default=False, help_text=_("Made by the demo: deleted with the other demo events."))
    created_at = models.DateTimeField(default=timezone.now)
    # Counts the director's changes a live page shows besides the rounds and results (a guest renamed,
    # seats drawn or swapped): part of the live pages' validator (selectors/live.py), so a poll that
    # finds it, the round and the results as before is answered 304 without drawing anything.
    changes = models.PositiveIntegerField(default=0, editable=False)
    # Set once a reserve took a seat during a round (MidRoundSeat): only then do the standings read the
    # replacements, so a night without one reads its standings as fast as ever.
    replaced_mid_round = models.BooleanField(default=False, editable=False)

    objects = PartyQuerySet.as_manager()

    class Meta:
        verbose_name_plural = _("parties")
        constraints = [
            models.CheckConstraint(
                condition=Q(tables__gte=1) & Q(tables__lte=MAX_TABLES), name="party_tables_1_to_500"
            ),
            models.CheckConstraint(
                condition=Q(rounds_planned__gte=1) & Q(rounds_planned__lte=MAX_ROUNDS), name="party_rounds_1_to_30"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def players_needed(self) -> int:
        return 4 * self.tables


class Guest(models.Model):
    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="guests")
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=10, choices=Kind.choices, blank=True)
    plays_as = models.CharField(
        max_length=10, choices=Kind.choices, blank=True, help_text=_("Plays as the other kind to even the numbers.")
    )
    reserve = models.BooleanField(default=False, help_text=_("Set aside: not seated."))
    # Gone home after this round (a change of plan): the scores stay, the guest is seated no more.
    left_after = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    # The club member this guest is, when picked from the members (their history and number).
    member = models.ForeignKey(
        "tournaments.Member", null=True, blank=True, on_delete=models.SET_NULL, related_name="guests"
    )
    created_at = models.DateTimeField(default=timezone.now)
    # Set when this guest's name was erased (a member's erasure, or a guest who asked): the name is a label.
    erased_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["party", "name"], name="guest_name_unique_in_party")]

    def __str__(self) -> str:
        return self.name

    @property
    def playing_kind(self) -> str:
        return self.plays_as or self.kind


class Round(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        CLOSED = "closed", _("Closed")

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    movement_seed = models.BigIntegerField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # The round clock: started when the round starts (the director's "Start round N", or else the
    # round's first deal saved), not when it is seated; None until then. Paused and extended by the director.
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_paused_at = models.DateTimeField(null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(default=0)
    clock_extra_minutes = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["party", "number"]
        constraints = [models.UniqueConstraint(fields=["party", "number"], name="round_number_unique_in_party")]

    def __str__(self) -> str:
        return f"{self.party.name}, round {self.number}"

    @property
    def is_closed(self) -> bool:
        return self.status == self.Status.CLOSED


class Seat(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.PositiveSmallIntegerField()
    seat = models.CharField(max_length=1, choices=SEATS)
    guest = models.ForeignKey(Guest, on_delete=models.CASCADE, related_name="seats")

    class Meta:
        ordering = ["round", "table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table", "seat"], name="seat_taken_once"),
            models.UniqueConstraint(fields=["round", "guest"], name="guest_seated_once_a_round"),
        ]

    def __str__(self) -> str:
        return f"table {self.table} {self.seat}: {self.guest}"


class SeatOverride(models.Model):
    """The director moved someone before the round started: kept as a record."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="overrides")
    table = models.PositiveSmallIntegerField()
    seat = models.CharField(max_length=1, choices=SEATS)
    old_guest = models.ForeignKey(Guest, on_delete=models.CASCADE, related_name="+")
    new_guest = models.ForeignKey(Guest, on_delete=models.CASCADE, related_name="+")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"round {self.round.number} table {self.table} {self.seat}: {self.old_guest} → {self.new_guest}"


class MidRoundSeat(models.Model):
    """A player went home during a round and a reserve took the seat from deal `from_deal` on: the seat's
    guest is the reserve; the deals before `from_deal` are credited to the player who left (rules/midround.py,
    read by the standings only when the party's `replaced_mid_round` is set)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="mid_round_seats")
    table = models.PositiveSmallIntegerField()
    seat = models.CharField(max_length=1, choices=SEATS)
    from_deal = models.PositiveSmallIntegerField()
    left = models.ForeignKey(Guest, on_delete=models.CASCADE, related_name="+")
    came = models.ForeignKey(Guest, on_delete=models.CASCADE, related_name="+")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["round", "table", "seat", "from_deal"]
        constraints = [
            models.CheckConstraint(
                condition=Q(from_deal__gte=1) & Q(from_deal__lte=4), name="mid_round_seat_from_deal_1_to_4"
            ),
        ]

    def __str__(self) -> str:
        return f"round {self.round.number} table {self.table} {self.seat} from deal {self.from_deal}"


class TableResult(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("In progress")
        SUBMITTED = "submitted", _("Submitted")
        AGREED = "agreed", _("Agreed")

    class Entry(models.TextChoices):
        DEALS = "deals", _("Deal by deal")
        NET = "net", _("Net figures")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="results")
    table = models.PositiveSmallIntegerField()
    entry = models.CharField(max_length=5, choices=Entry.choices, default=Entry.DEALS)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    ns = models.IntegerField(null=True, blank=True, help_text=_("North–South's round result for the tally."))
    ew = models.IntegerField(null=True, blank=True)
    winner = models.CharField(max_length=2, choices=SIDES, blank=True)
    cut = models.BooleanField(default=False, help_text=_("The winner was decided by a cut (a tie)."))
    cut_overridden = models.BooleanField(default=False)
    ns_agreed = models.BooleanField(default=False)
    ew_agreed = models.BooleanField(default=False)
    locked = models.BooleanField(
        default=False, help_text=_("Locked by the director: the table can no longer change it.")
    )
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)
    # The table's last phone write, where it changed one deal's line and the running score only:
    # "<validator before>:<validator after>:<deal>" (selectors/live.py), else blank. The other phone's
    # poll, showing the page before, is answered with that line and score (views/phone_patch.py), not
    # the whole part; valid only while the page's validator is still the one after (checked then).
    patch = models.CharField(max_length=80, blank=True, default="")

    # Not stored: a phone's save sets it, (deals in, deals accepted) as written, so its answer needs no read.
    deals_counted: tuple[int, int] | None = None
    # Not stored either: a phone's save sets them, its patch link (as `patch`) and the deal as written
    # (services/results/deal_by_deal.py), for the save's answer (views/phone_patch.py).
    patch_link: str = ""
    deal_written: Any = None
    # Not stored: with a patch link, the phone's state after the save (worked out for the link already).
    state_after: dict | None = None
    # Not stored: the round's tiles read each result with its deals counted (selectors/rounds.py).
    deals_in: int | None = None

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="one_result_per_table_and_round"),
            models.CheckConstraint(condition=Q(winner__in=["", "NS", "EW"]), name="result_winner_is_a_side"),
        ]

    def __str__(self) -> str:
        return f"round {self.round.number} table {self.table}: {self.ns} / {self.ew}"

    @property
    def is_complete(self) -> bool:
        return self.complete(self.status, self.winner)

    @classmethod
    def complete(cls, status: str, winner: str) -> bool:
        """Whether a result with this status and winner counts (for reads of plain values, not instances)."""
        # A table's own entry counts once both sides agree; the director's counts at once.
        return status == cls.Status.AGREED and bool(winner)


class DealEntry(models.Model):
    result = models.ForeignKey(TableResult, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    contract = models.CharField(max_length=6)
    declarer = models.CharField(max_length=1, blank=True)
    tricks = models.PositiveSmallIntegerField(default=0)
    score = models.IntegerField(default=0, help_text=_("For the declaring side, before the cap."))
    ns = models.IntegerField(default=0)
    ew = models.IntegerField(default=0)
    # Entered deal by deal at the table: the side that entered it, and whether the other side accepted.
    entered_by = models.CharField(max_length=2, choices=SIDES, blank=True)
    accepted = models.BooleanField(default=False)

    class Meta:
        ordering = ["result", "number"]
        constraints = [
            models.UniqueConstraint(fields=["result", "number"], name="one_entry_per_deal"),
            models.CheckConstraint(condition=Q(number__gte=1) & Q(number__lte=4), name="deal_number_1_to_4"),
            models.CheckConstraint(condition=Q(tricks__lte=13), name="deal_tricks_at_most_13"),
        ]

    def __str__(self) -> str:
        return f"deal {self.number}: {self.contract} by {self.declarer or '-'} {self.tricks}"


class PhoneSend(models.Model):
    """An entry sent from a table's phone, by the id the phone made for it: a repeat is recognised.

    A phone that lost the Wi-Fi keeps its entries and sends them again when the network returns;
    the id makes the second arrival of the same entry a no-op instead of a second deal.
    """

    token = models.ForeignKey("TableToken", on_delete=models.CASCADE, related_name="sends")
    client_id = models.CharField(max_length=64)
    # A digest of what the send carried (what, which round and deal, the contract): the same id with
    # other content is no repeat but a phone's mistake, refused. Empty for sends from before it was kept.
    content = models.CharField(max_length=64, blank=True, default="")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["token", "client_id"], name="phone_send_once")]

    def __str__(self) -> str:
        return f"{self.token} {self.client_id}"


class ResultChange(models.Model):
    """Every change to a table's result, by a director or a table's token: who, when, before, after."""

    result = models.ForeignKey(TableResult, on_delete=models.CASCADE, related_name="changes")
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    by_token = models.ForeignKey("TableToken", null=True, blank=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(default=timezone.now)
    action = models.CharField(max_length=40)
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.action} at {self.at:%H:%M:%S}"

    @property
    def by(self) -> str:
        # A null key reads as None without a query, so each is read only when it is there.
        if self.by_user is not None:
            return self.by_user.get_username()
        if self.by_token is not None:
            return f"table {self.by_token.table} (phone)"
        author = self.after.get("author") if isinstance(self.after, dict) else None  # an import's (files/transfer)
        return author if isinstance(author, str) and author else "system"


class PlanChange(models.Model):
    """A change of plan between two rounds (a table joins or leaves, a guest goes home), as ResultChange
    records a result's: who, when, and the next round's seats and the guests' state before and after,
    so that it can be undone until that round starts (services/plan_changes.py)."""

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="plan_changes")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="plan_changes")  # the round re-seated
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(default=timezone.now)
    action = models.CharField(max_length=40)
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.action} at {self.at:%H:%M:%S}"


def new_token() -> str:
    return secrets.token_urlsafe(16)  # 128 bits: unguessable, and short enough to type from the card


class TableToken(models.Model):
    """The long unguessable key in a table's entry link; revoking it kills the printed QR code."""

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="tokens")
    table = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    revoked_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["party", "table"], condition=Q(revoked_at__isnull=True), name="one_live_token_per_table"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.party.name} table {self.table}"

"""A knockout read: the director's list, one event with its pairs counted, the plan of rounds; the words they share."""

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias, TypedDict

from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from tournaments import l10n
from tournaments.directors import Director
from tournaments.models import Club, Knockout, KnockoutPair, KnockoutRound
from tournaments.rules import knockout as knockout_rules
from tournaments.selectors.clubs import of_my_clubs

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class _PairCount(TypedDict):
    pair_count: int


# A knockout as knockout_get reads it: with its number of pairs.
CountedKnockout: TypeAlias = "WithAnnotations[Knockout, _PairCount]"

BRACKETS = ("main", "consolation")
SIDE_WORDS = {"NS": gettext_lazy("North–South"), "EW": gettext_lazy("East–West")}
SIDE_SHORT = {"NS": gettext_lazy("N–S"), "EW": gettext_lazy("E–W")}
SEAT_WORDS = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
}
VULNERABLE_WORDS = {
    "none": gettext_lazy("neither side"),
    "NS": gettext_lazy("North–South"),
    "EW": gettext_lazy("East–West"),
    "both": gettext_lazy("both sides"),
}
# A seat's letter as shown (the data keeps N, E, S, W): N E S O in French, N O S W in German, N O Z W in Dutch.
SEAT_LETTERS = {
    "N": pgettext_lazy("seat", "N"),
    "E": pgettext_lazy("seat", "E"),
    "S": pgettext_lazy("seat", "S"),
    "W": pgettext_lazy("seat", "W"),
}
# The rubber engine's labels of its entries (data), as the pad shows them.
ENTRY_WORDS = {
    "slam": gettext_lazy("slam"),
    "honours": gettext_lazy("honours"),
    "unfinished rubber: a game": gettext_lazy("unfinished rubber: a game"),
    "unfinished rubber: part score": gettext_lazy("unfinished rubber: part score"),
}


def seat_letter(seat: str) -> str:
    return str(SEAT_LETTERS.get(seat, seat or ""))


def entry_words(label: str) -> str:
    """An entry's label in the page's language ("slam" -> "chelem")."""
    return str(ENTRY_WORDS[label]) if label in ENTRY_WORDS else l10n.say(label)


# --- the event ------------------------------------------------------------------------------------------------


def knockout_list(club: Club) -> QuerySet[Knockout]:
    closed = Q(rounds__status=KnockoutRound.Status.CLOSED)
    return (
        Knockout.objects.filter(club=club)
        .for_list()
        .annotate(pair_count=Count("pairs", distinct=True), rounds_closed=Count("rounds", filter=closed, distinct=True))
    )


def knockout_get(knockout_id: int, *, user: Director) -> CountedKnockout:
    """The event, if of one of the director's clubs, with its number of pairs (`pair_count`) and its club (the
    language and paper of its printed matter): one query."""
    knockouts = of_my_clubs(Knockout.objects.select_related("club"), user).annotate(pair_count=Count("pairs"))
    return get_object_or_404(knockouts, pk=knockout_id)


def knockout_pairs(knockout: Knockout) -> list[KnockoutPair]:
    return list(knockout.pairs.order_by("id"))


def _stage(tables: int, number: int) -> str:
    if tables == 1:
        return _("Final")
    if tables == 2:
        return _("Semi-final")
    return _("Round %(number)s") % {"number": number}


@dataclass(frozen=True)
class PlanLine:
    bracket: str
    number: int
    stage: str
    tables: int
    pairs: int
    best_losers_in: int
    best_losers_out: int
    who: str  # who plays, in plain words

    @property
    def goes_on(self) -> str:
        """Who this round sends on, in plain words."""
        if self.tables == 1:
            return _("its winner wins the knockout") if self.bracket == "main" else _("its winner wins the consolation")
        if self.best_losers_out:
            count = self.best_losers_out
            words = ngettext(
                "the winners and the best loser go on", "the winners and the %(count)s best losers go on", count
            )
            return words % {"count": count}
        return _("the winners go on")


@dataclass
class PlanView:
    pairs: int
    tables: int | None
    problem: str | None  # why no plan can be made yet
    note: str | None  # the plan goes beyond the Four Aces' advice
    main: list[PlanLine] = field(default_factory=list)
    consolation: list[PlanLine] = field(default_factory=list)

    @property
    def lines(self) -> list[PlanLine]:
        return self.main + self.consolation


def _who(plan: dict, bracket: str, index: int) -> str:
    rounds = plan[bracket]
    current = rounds[index]
    if index > 0:
        winners, count = rounds[index - 1].tables, current.best_losers_in
        if not count:
            return ngettext("the winner", "the %(winners)s winners", winners) % {"winners": winners}
        words = ngettext(
            "the %(winners)s winners and the best loser", "the %(winners)s winners and the %(count)s best losers", count
        )
        return words % {"winners": winners, "count": count}
    if bracket == "main":
        return _("all %(pairs)s pairs") % {"pairs": current.pairs}
    if plan["main"][0].best_losers_out:
        return _("the %(pairs)s first-round losers who did not go up as best loser") % {"pairs": current.pairs}
    return _("the %(pairs)s first-round losers") % {"pairs": current.pairs}


def _lines(plan: dict, bracket: str) -> list[PlanLine]:
    return [
        PlanLine(
            bracket, r.number, _stage(r.tables, r.number), r.tables, r.pairs, r.best_losers_in,
            r.best_losers_out, _who(plan, bracket, i),
        )
        for i, r in enumerate(plan[bracket])
    ]  # fmt: skip


def with_consolation(view: PlanView, tables: int) -> PlanView:
    """The plan with the consolation as it was drawn: a pair that withdrew in the main first round can leave it
    a table short (rules/withdrawals.py)."""
    if view.tables is None or not view.consolation or view.consolation[0].tables == tables:
        return view
    plan = knockout_rules.plan_rounds(view.tables)
    plan["consolation"] = knockout_rules.bracket_rounds("consolation", tables)
    return PlanView(view.pairs, view.tables, view.problem, view.note, view.main, _lines(plan, "consolation"))


def plan_view(pair_count: int) -> PlanView:
    """The evening's plan for this many pairs, in plain words; a problem instead while the numbers do not fit."""
    try:
        tables = knockout_rules.tables_for_pairs(pair_count)
    except ValueError as error:
        text = l10n.say(error)
        return PlanView(pair_count, None, f"{text[:1].upper()}{text[1:]}{'' if text.endswith('.') else '.'}", None)
    plan = knockout_rules.plan_rounds(tables)
    advice = knockout_rules.advice_note(tables)
    view = PlanView(pair_count, tables, None, l10n.say(advice) if advice else None)
    for bracket in BRACKETS:
        setattr(view, bracket, _lines(plan, bracket))
    return view

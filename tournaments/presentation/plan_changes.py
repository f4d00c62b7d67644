"""The words of a change of plan: why each player is where he is in the next round (rules/changes.py)."""

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from tournaments import l10n
from tournaments.rules import changes
from tournaments.rules import party as party_rules

REASONS: dict[str, Promise] = {
    changes.STAYS: pgettext_lazy("a player in the next round", "stays"),
    changes.MOVES: pgettext_lazy("a player in the next round", "moves"),
    changes.TAKES_SEAT: pgettext_lazy("a player in the next round", "takes a seat left empty"),
    changes.JOINS: pgettext_lazy("a player in the next round", "joins"),
    changes.RETURNS: pgettext_lazy("a player in the next round", "comes back after sitting out"),
    changes.SITS_OUT: pgettext_lazy("a player in the next round", "sits out this round"),
    changes.GOES_HOME: pgettext_lazy("a player in the next round", "goes home"),
}
ACTIONS: dict[str, Promise] = {
    "table joins": _("A table joins"),
    "guests leave": _("Guests go home"),
    "undone": _("Undo"),
}
# The rule for sitting out, shown before the hostess confirms (docs/rules/four-aces-party.md).
SIT_OUT_RULE = _(
    "The players left over sit out one round: those who have sat out fewest rounds first, and among them the "
    "players at the foot, a pair at a time. A round sat out scores 0. Three to five can play a Towie table instead."
)


def reason(code: str) -> str:
    return str(REASONS.get(code, code))


def action(code: str) -> str:
    return str(ACTIONS.get(code, code))


def unfinished_question(table: int, shown: party_rules.UnfinishedRound) -> str:
    """The question before a round is closed early, with the figures it makes."""
    played = len(shown.scored)
    return ngettext(
        "Close table %(table)s's round with %(played)s deal played? North–South %(ns)s, East–West %(ew)s; "
        "the deals not played score 0.",
        "Close table %(table)s's round with %(played)s deals played? North–South %(ns)s, East–West %(ew)s; "
        "the deals not played score 0.",
        played,
    ) % {"table": table, "played": played, "ns": l10n.signed(shown.ns), "ew": l10n.signed(shown.ew)}

"""The plain data the knockout's printed matter is drawn from (built by selectors/knockout.py), and its shared words.

The book (KnockoutBook: plan, draw per round, score pads, free tables), the bracket as boxes and lines
(BracketChart), and the few words and names every knockout printout uses. No ORM, no drawing here.
"""

from dataclasses import dataclass, field
from datetime import date

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from tournaments import l10n
from tournaments.printing.common import (
    SIDE_WORDS,
    filename,
    side_word,
    slug,
)

SIDE_SHORT = SIDE_WORDS  # "N–S", "E–W" in the printout's language (lazy)
UNFINISHED_RULE = gettext_lazy(
    "After the last deal, an unfinished rubber scores 300 to a side with a game in it and 50 to a side with a "
    "part score in the unfinished game. The higher total wins the match; the margin is the difference."
)
BRACKET_WORDS = {"main": pgettext_lazy("bracket", "Main"), "consolation": pgettext_lazy("bracket", "Consolation")}


def bracket_word(bracket: str) -> str:
    """ "main" -> "Main" in the printout's language."""
    return str(BRACKET_WORDS[bracket]) if bracket in BRACKET_WORDS else bracket.capitalize()


@dataclass(frozen=True)
class PlanRow:
    bracket: str
    stage: str
    tables: int
    who: str


@dataclass(frozen=True)
class PadLine:
    number: int
    contract: str  # "4S", "3NX", "PASS"
    declarer: str  # seat
    tricks: int
    honours: str  # "NS100" or ""
    vulnerable: str  # before the deal: "none", "NS", "EW", "both"
    ns_above: int
    ns_below: int
    ew_above: int
    ew_below: int
    ns_running: int
    ew_running: int
    notes: str


@dataclass(frozen=True)
class MatchSheet:
    round_title: str
    table: int
    ns: str
    ew: str
    seats: dict[str, str]  # seat -> player
    deals_allowed: int
    lines: list[PadLine]  # the deals entered (none when only the totals were)
    finish_ns: int | None  # the unfinished-rubber bonuses, once the last deal is in
    finish_ew: int | None
    ns_total: int | None
    ew_total: int | None
    finished: bool
    winner: str
    margin: int | None
    decided_by: str  # "", "a cut", "one more deal"
    best_loser: bool  # the loser went on as best loser
    entry: str  # "", "deals", "totals"
    progress: str = ""  # how the match stands, in words: "3 of 8 deals in", "one more deal"
    # The pairs as the score pad (handed to the table) names them: in full (docs/names.md); "" for ns and ew.
    pad_ns: str = ""
    pad_ew: str = ""
    walkover: str = ""  # the pair that withdrew and conceded (the winner went through by a walkover); "" none

    @property
    def loser(self) -> str:
        if not self.winner:
            return ""
        return self.ew if self.winner == self.ns else self.ns


@dataclass(frozen=True)
class DrawRound:
    title: str
    bracket: str
    number: int
    closed: bool
    arranged: bool
    draw_seed: int | None
    matches: list[MatchSheet]
    cut_note: str = ""


@dataclass(frozen=True)
class FreePair:
    """A pair knocked out after the main first round, at the free tables."""

    name: str
    how: str  # "lost the semi-final"


@dataclass(frozen=True)
class KnockoutBook:
    name: str
    date: date
    plan: list[PlanRow]
    plan_note: str
    rounds: list[DrawRound]
    winners: dict[str, str] = field(default_factory=dict)  # bracket -> pair
    runners_up: dict[str, str] = field(default_factory=dict)
    free: list[FreePair] = field(default_factory=list)  # knocked out, playing rubber bridge, in the order they went

    @property
    def free_tables(self) -> list[tuple[FreePair, FreePair | None]]:
        """Two to a table, in the order they went out; an odd one waits for the next."""
        return [
            (self.free[i], self.free[i + 1] if i + 1 < len(self.free) else None) for i in range(0, len(self.free), 2)
        ]


# --- the bracket drawn (the wall chart, and the same boxes and lines on the bracket page) ----------------------
#
# Positions are in units down the page: a first-round match takes one unit, a box of round c 2**c units, and a
# match sits halfway between the two boxes it is fed from. "Half-units" (start + end) give a box's middle.


@dataclass(frozen=True)
class ChartPair:
    name: str
    total: int | None = None
    won: bool = False
    came_up: bool = False  # came into this round as a best loser
    went_up: bool = False  # lost here, and went on as a best loser


@dataclass(frozen=True)
class ChartBox:
    kind: str  # "match", "to_come" (not drawn yet), "best_loser" (a best loser going up), "best_loser_to_come"
    column: int  # 0 for the bracket's first round
    start: int  # the units it spans, top to bottom
    end: int
    table: int | None = None  # a match's table; a best loser's: where it lost
    pairs: tuple[ChartPair, ...] = ()  # a match: North–South, East–West
    status: str = ""  # a match: not_started, playing, tied, won
    note: str = ""  # a match: how it stands, in words
    pair: str = ""  # a best loser's box: the pair
    lost_by: int | None = None

    @property
    def number(self) -> int:
        """The bracket's round number."""
        return self.column + 1

    @property
    def fed(self) -> bool:
        """A match of a later round: lines come into it from the two boxes it is fed from."""
        return self.column > 0 and self.kind in ("match", "to_come")

    @property
    def middle(self) -> int:
        """In half-units."""
        return self.start + self.end

    # On the page: a grid of two rows a unit under a row of headings, a gap column after each round's column.
    @property
    def grid_column(self) -> int:
        return 2 * self.column + 1

    @property
    def row_start(self) -> int:
        return 2 * self.start + 2

    @property
    def row_end(self) -> int:
        return 2 * self.end + 2


@dataclass(frozen=True)
class ChartJoin:
    """The line from a box into the match it feeds (the upper or the lower half of the bracket's "]")."""

    column: int  # the fed match's column: the line runs in the gap before it
    child: int  # the feeding box's middle, in half-units
    parent: int  # the fed match's middle
    best_loser: bool = False  # a best loser's way up

    @property
    def upper(self) -> bool:
        return self.child < self.parent

    @property
    def grid_column(self) -> int:
        return 2 * self.column

    @property
    def row_start(self) -> int:
        return min(self.child, self.parent) + 2

    @property
    def row_end(self) -> int:
        return max(self.child, self.parent) + 2


@dataclass(frozen=True)
class ChartColumn:
    stage: str  # "Round 1", "Semi-final", "Final"
    tables: int
    who: str  # who plays, in plain words
    number: int
    drawn: bool

    @property
    def grid_column(self) -> int:
        return 2 * self.number - 1


@dataclass(frozen=True)
class ChartSide:
    bracket: str  # "main" or "consolation"
    title: str
    columns: list[ChartColumn]
    boxes: list[ChartBox]
    joins: list[ChartJoin]
    units: int
    final_start: int = 0  # the units of the final's box (the winner's box sits level with it)
    final_end: int = 1
    # The unit where the final's second feeder starts: the bracket's top half above it, its bottom half from it
    # (the big screen shows a side too large for its screen in halves, then the final); 0 when not split.
    half: int = 0
    winner: str = ""
    runner_up: str = ""

    @property
    def rows(self) -> int:
        return 2 * self.units

    @property
    def winner_column(self) -> int:
        return 2 * len(self.columns) + 1

    @property
    def winner_row_start(self) -> int:
        return 2 * self.final_start + 2

    @property
    def winner_row_end(self) -> int:
        return 2 * self.final_end + 2


@dataclass(frozen=True)
class BracketChart:
    name: str
    date: date
    sides: list[ChartSide]
    note: str = ""  # the plan's note or problem


def honours_short(code: str) -> str:
    """ "NS100" -> "100 N–S" (the pad's narrow column); "" for none."""
    side, points = (code or "")[:2].upper(), (code or "")[2:]
    return f"{points} {side_word(side)}" if side in SIDE_SHORT and points.isdecimal() else (code or "")


def honours_long(code: str) -> str:
    """ "NS100" -> "100 to N–S" (the workbook); "" for none."""
    side, points = (code or "")[:2].upper(), (code or "")[2:]
    if side in SIDE_SHORT and points.isdecimal():
        return _("%(points)s to %(side)s") % {"points": points, "side": side_word(side)}
    return code or ""


def _number(value: int | None) -> str:
    """1,250 in the printout's style of numbers (1 250 in French, 1.250 in German and Dutch); "" for none."""
    return "" if value is None else l10n.number(value)


def _called_knockout(name: str) -> bool:
    """Whether the event's name already says it is a knockout, anywhere in it: "Knockout night", "Spring
    knockout", "Four Aces KO", "Soirée élimination directe"."""
    spaced = " " + " ".join(name.casefold().replace("-", " ").split()) + " "
    said = " ".join(pgettext("a knockout evening", "knockout").casefold().replace("-", " ").split())
    return any(f" {words} " in spaced for words in {"knockout", "knock out", "ko", "k o", said})


def _knockout_filename(name: str, what: str, extension: str) -> str:
    """ "Spring night", "knockout" -> "spring-night-knockout.pdf"; an event already called a knockout keeps one
    "knockout": "Spring knockout" -> "spring-knockout.pdf", "spring-knockout-results.xlsx",
    "Knockout night" -> "knockout-night.pdf"."""
    named = slug(name)
    if _called_knockout(name) and (what == "knockout" or what.startswith("knockout-")):
        what = what.removeprefix("knockout").lstrip("-")
    return filename(name, what, extension) if what else f"{named}.{extension}"


def _event_title(name: str) -> str:
    """ "Spring night – knockout"; an event already called a knockout (anywhere in its name: "Knockout night",
    "Spring knockout") is not called so twice."""
    if _called_knockout(name):
        return name
    return _("%(name)s – knockout") % {"name": name}

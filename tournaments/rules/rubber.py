"""Rubber bridge scoring, deal by deal, above and below the line (docs/rules/scoring.md).

`RubberPad` is the score pad a knockout match keeps: each deal's entries, the games and
rubbers as they finish, and the unfinished-rubber bonuses when the match stops.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import cast

from tournaments.rules.contract import SIDE_OF_SEAT, check_seat, check_tricks, other_side, parse_contract
from tournaments.rules.errors import RuleError, words
from tournaments.rules.scoring import (
    check_rules,
    insult_bonus,
    overtrick_points,
    slam_bonus,
    trick_points,
    undertrick_penalty,
)

SIDES = ("NS", "EW")
GAME = 100
HONOURS_POINTS = (100, 150)


@dataclass(frozen=True)
class Entry:
    side: str  # "NS" or "EW"
    points: int
    below: bool  # below the line (counts towards game) or above it
    label: str  # in words (a str): `tournaments.l10n.say` translates it


@dataclass
class DealRecord:
    number: int
    contract: str
    declarer: str
    tricks: int
    honours: str
    vulnerable: bool  # the declaring side's vulnerability when the deal was played
    entries: list[Entry] = field(default_factory=list)
    game_won_by: str | None = None
    rubber_won_by: str | None = None


def parse_honours(honours: str) -> tuple[str, int] | None:
    """ "" for none, else a side and points: "NS100", "EW150"."""
    if honours is None or honours == "":
        return None
    if not isinstance(honours, str):
        raise RuleError("honours must be written like 'NS100' or 'EW150', not %(honours)r", honours=honours)
    written = honours.strip().upper()
    side, points = written[:2], written[2:]
    if side not in SIDES or not points.isdecimal() or int(points) not in HONOURS_POINTS:
        raise RuleError(
            "honours must be a side and 100 or 150, like 'NS100' or 'EW150', not %(honours)r", honours=honours
        )
    return side, int(points)


class RubberPad:
    """A rubber-bridge score pad for a match of several deals."""

    def __init__(self, rules: str = "modern") -> None:
        self.rules = check_rules(rules)
        self.deals: list[DealRecord] = []
        self.finish_entries: list[Entry] = []
        self.totals = {"NS": 0, "EW": 0}
        self.games = {"NS": 0, "EW": 0}  # games won in the current rubber
        self.part = {"NS": 0, "EW": 0}  # below the line in the current game
        self.rubbers_finished = 0
        self.finished = False

    def vulnerable(self, side: str) -> bool:
        return self.games[side] >= 1

    def _add(self, record: DealRecord | None, side: str, points: int, below: bool, label: str) -> None:
        if points == 0:
            return
        entry = Entry(side, points, below, label)
        (record.entries if record else self.finish_entries).append(entry)
        self.totals[side] += points

    def play(self, contract: str, declarer: str, tricks: int, honours: str = "") -> DealRecord:
        if self.finished:
            raise RuleError("the match is finished: no more deals")
        parsed = parse_contract(contract)
        claimed = parse_honours(honours)
        if parsed is None:
            if claimed:
                raise RuleError("a passed-out deal has no honours")
            record = DealRecord(len(self.deals) + 1, "PASS", "", 0, "", False)
            self.deals.append(record)
            return record
        if claimed and parsed.strain == "N" and claimed[1] != 150:
            raise RuleError("at no-trump only all four aces in one hand count as honours: 150, not 100")
        seat = check_seat(declarer)
        check_tricks(tricks)
        side = SIDE_OF_SEAT[seat]
        vulnerable = self.vulnerable(side)
        record = DealRecord(len(self.deals) + 1, str(parsed), seat, tricks, honours or "", vulnerable)
        needed = parsed.tricks_needed
        if tricks >= needed:
            below = trick_points(parsed)
            self._add(record, side, below, True, words("tricks"))
            self._add(record, side, overtrick_points(parsed, vulnerable, tricks - needed), False, words("overtricks"))
            self._add(record, side, slam_bonus(parsed, vulnerable), False, words("slam"))
            self._add(record, side, insult_bonus(parsed, self.rules), False, words("doubled contract made"))
            self.part[side] += below
        else:
            penalty = undertrick_penalty(parsed, vulnerable, needed - tricks, self.rules)
            self._add(record, other_side(side), penalty, False, words("undertricks"))
        if claimed:
            self._add(record, claimed[0], claimed[1], False, words("honours"))
        self.deals.append(record)
        self._settle_game(record)
        return record

    def _settle_game(self, record: DealRecord) -> None:
        winner = next((s for s in SIDES if self.part[s] >= GAME), None)
        if winner is None:
            return
        record.game_won_by = winner
        self.games[winner] += 1
        self.part = {"NS": 0, "EW": 0}
        if self.games[winner] == 2:
            bonus = 500 if self.games[other_side(winner)] else 700
            self._add(record, winner, bonus, False, words("rubber"))
            record.rubber_won_by = winner
            self.rubbers_finished += 1
            self.games = {"NS": 0, "EW": 0}

    def finish(self, unfinished_bonus: bool = True) -> tuple[int, int]:
        """Close the match: the unfinished-rubber bonuses, then the two totals."""
        if not self.finished and unfinished_bonus:
            for side in SIDES:
                if self.games[side] == 1:
                    self._add(None, side, 300, False, words("unfinished rubber: a game"))
                if self.part[side] > 0:
                    self._add(None, side, 50, False, words("unfinished rubber: part score"))
        self.finished = True
        return self.totals["NS"], self.totals["EW"]


def _unpack(deal: tuple[str, str, int] | tuple[str, str, int, str], number: int) -> tuple[str, str, int, str]:
    if not isinstance(deal, (tuple, list)) or len(deal) not in (3, 4):
        raise RuleError(
            "deal %(number)s must be (contract, declarer, tricks) or (contract, declarer, tricks, honours)",
            number=number,
        )
    return cast(tuple[str, str, int, str], tuple(deal) if len(deal) == 4 else (*deal, ""))


def match_pad(
    deals: Iterable[tuple[str, str, int] | tuple[str, str, int, str]],
    unfinished_bonus: bool = True,
    rules: str = "modern",
) -> RubberPad:
    if isinstance(deals, (str, bytes)):
        raise RuleError("deals must be a list of (contract, declarer, tricks[, honours])")
    try:
        deals = list(deals)
    except TypeError:
        raise RuleError("deals must be a list of (contract, declarer, tricks[, honours])") from None
    pad = RubberPad(rules)
    for number, deal in enumerate(deals, start=1):
        pad.play(*_unpack(deal, number))
    pad.finish(unfinished_bonus)
    return pad


def match_score(
    deals: Iterable[tuple[str, str, int] | tuple[str, str, int, str]], unfinished_bonus: bool = True
) -> tuple[int, int]:
    """A match of rubber bridge, deal by deal; returns (ns_total, ew_total)."""
    pad = match_pad(deals, unfinished_bonus)
    return pad.totals["NS"], pad.totals["EW"]

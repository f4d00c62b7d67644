"""The plain data the printers draw from; the selectors build it, the builders never touch the ORM."""

from dataclasses import dataclass, field
from datetime import date
from typing import NamedTuple


@dataclass(frozen=True)
class TallyLine:
    round: int
    table: int | None  # None: not yet known (a later round)
    seat: str  # "N", "E", "S", "W" or ""
    partner: str
    result: int | None  # the round result on the tally; None while not in
    running: int | None  # the running total after this round


@dataclass(frozen=True)
class TallyCard:
    party_name: str
    party_date: date
    name: str
    kind: str  # "lady", "gentleman" or "" (a party that is not mixed)
    table: int  # first-round table
    seat: str  # first-round seat
    lines: list[TallyLine]  # one per round planned (blank lines for rounds not yet played)
    total: int | None  # None until a result is in


@dataclass(frozen=True)
class TableCard:
    party_name: str
    table: int
    link: str  # the table's entry link ("" when there is none yet)


@dataclass(frozen=True)
class DealHeading:
    number: int
    dealer: str  # "N", "E", "S", "W"
    vulnerable: str  # "none", "NS", "EW", "both"


@dataclass(frozen=True)
class ScoreCard:
    party_name: str
    round: int
    table: int
    names: dict[str, str]  # seat -> player name
    deals: list[DealHeading]


@dataclass(frozen=True)
class MovementLine:
    name: str
    kind: str
    table: int
    seat: str
    partner: str


@dataclass(frozen=True)
class ResultLine:
    label: str  # "1", "=2"
    name: str
    kind: str
    total: int
    booby: bool
    rounds: list[tuple[int, int | None, str, str, int | None]] = field(default_factory=list)
    # (round, table, seat, partner, result)


@dataclass(frozen=True)
class ResultsSheet:
    party_name: str
    party_date: date
    mixed: bool
    keep_partners: bool
    rounds: list[int]
    lines: list[ResultLine]
    best_ladies: list[tuple[str, int]]
    best_gentlemen: list[tuple[str, int]]
    pairs: list[tuple[str, str, int]]  # (label, pair name, total) at a keep-partners party
    booby: list[str]


# The workbook's rows are named tuples, not dataclasses: a 100-table party has 3,200 deals and 900 seatings,
# and a frozen dataclass costs five times a tuple to build.
class DealRecordRow(NamedTuple):
    round: int
    table: int
    number: int
    contract: str
    declarer: str
    tricks: int
    score: int
    ns: int
    ew: int


class SeatingRow(NamedTuple):
    round: int
    table: int
    north: str
    east: str
    south: str
    west: str
    ns: int | None
    ew: int | None
    winner: str


@dataclass(frozen=True)
class Workbook:
    sheet: ResultsSheet
    seating: list[SeatingRow]
    deals: list[DealRecordRow]

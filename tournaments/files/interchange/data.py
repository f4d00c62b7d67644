"""The plain data an export is written from."""

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Player:
    name: str
    number: str  # the national body's member number, "" when not known
    kind: str  # "lady", "gentleman" or ""
    place: int  # 1, 2, 2, 4: tied players share a place
    tied: bool
    total: int


@dataclass(frozen=True)
class Deal:
    round: int
    table: int
    number: int  # 1 to 4 within the round
    dealer: str  # "N", "E", "S", "W"
    vulnerable: str  # "none", "NS", "EW", "both"
    players: dict[str, str]  # seat -> name
    contract: str  # "4SX", "3N", "PASS"
    declarer: str  # "" when passed out
    tricks: int  # tricks the declarer took
    ns: int  # the deal's score from North-South's side (negative when E-W scored)
    ew: int  # the same from East-West's side (at rubber bridge both sides may score on one deal)
    board: int = 0  # the board number to write; 0: counted through the evening (round 2's first deal is 5)
    round_name: str = ""  # the round's name to write ("Main semi-final"); "": its number


@dataclass(frozen=True)
class Results:
    event: str
    club: str
    day: date
    rounds: int  # rounds with a result
    players: list[Player]  # by place
    deals: list[Deal]  # every deal entered, by round, table and number
    program: str = "Club Director"
    identifier: str = ""
    scoring: str = "Chicago"  # PBN's Scoring tag: a party round is Chicago, a knockout match "Rubber"

"""The plain data an export is written from."""

from dataclasses import dataclass, field
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
class Pair:
    """A keep-partners party's pair: numbered by where it sat in the first round (table t: N-S 2t-1, E-W 2t)."""

    number: int
    players: tuple[Player, Player]
    place: int
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
    ns: int  # credited (+) or charged (-) to North-South (a party: after the 1,000 cap)
    ew: int  # the same for East-West (at rubber bridge both sides may score on one deal)
    board: int = 0  # the deal's number in the file: no two deals of one file share it
    round_name: str = ""  # the round's name to write ("Main semi-final"); "": its number
    score: int = 0  # a party deal: the contract's duplicate score (today's Laws) for the declaring side, before the cap
    ns_pair: str = ""  # who sat North-South, as the USEBIO and BridgeWebs travellers name them
    ew_pair: str = ""
    # A changing-partners party: each seated player's number for the night (1, 2, 3 … in the ranking's order).
    seat_numbers: dict[str, int] = field(default_factory=dict)


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
    pairs: list[Pair] = field(default_factory=list)  # a keep-partners party's pairs, by place; else none
    club_number: str = ""  # the club's number at its national federation (USEBIO's CLUB_ID_NUMBER); "": none
    deals_played: int = 0  # a party: four for each table's round with a result, net-only tables included

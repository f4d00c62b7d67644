"""Contracts as written on a score card: "4S", "3NX", "6HXX", "PASS"."""

from dataclasses import dataclass

from tournaments.rules.errors import RuleError

STRAINS = ("C", "D", "H", "S", "N")
STRAIN_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "N": "no-trump"}
SEATS = ("N", "E", "S", "W")
SIDE_OF_SEAT = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
PASS = "PASS"


@dataclass(frozen=True)
class Contract:
    level: int
    strain: str
    doubled: int = 0  # 0 undoubled, 1 doubled, 2 redoubled

    @property
    def tricks_needed(self) -> int:
        return 6 + self.level

    @property
    def is_slam(self) -> bool:
        return self.level >= 6

    @property
    def is_major(self) -> bool:
        return self.strain in ("H", "S")

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{'X' * self.doubled}"


def parse_contract(text: str) -> Contract | None:
    """Parse a written contract; None for a passed-out deal."""
    if not isinstance(text, str):
        raise RuleError("a contract must be written like '4S' or 'PASS', not %(text)r", text=text)
    written = text.strip().upper().replace(" ", "")
    if written in ("PASS", "P", "PASSED"):
        return None
    if not written:
        raise RuleError("the contract is missing: write it like '4S', '3NX' or 'PASS'")
    level_char, rest = written[0], written[1:]
    if not level_char.isdecimal() or not 1 <= int(level_char) <= 7:
        raise RuleError("the level in '%(text)s' must be 1 to 7", text=text)
    doubled = 0
    if rest.endswith("XX"):
        doubled, rest = 2, rest[:-2]
    elif rest.endswith("X"):
        doubled, rest = 1, rest[:-1]
    if rest == "NT":
        rest = "N"
    if rest not in STRAINS:
        if not rest:
            raise RuleError("unknown strain 'nothing' in '%(text)s': use C, D, H, S or N (NT)", text=text)
        raise RuleError("unknown strain '%(strain)s' in '%(text)s': use C, D, H, S or N (NT)", strain=rest, text=text)
    return Contract(level=int(level_char), strain=rest, doubled=doubled)


def check_tricks(tricks: int) -> int:
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise RuleError("tricks must be a whole number between 0 and 13, not %(tricks)r", tricks=tricks)
    if not 0 <= tricks <= 13:
        raise RuleError("tricks must be between 0 and 13, not %(tricks)s", tricks=tricks)
    return tricks


def check_seat(seat: str) -> str:
    if not isinstance(seat, str) or seat.strip().upper() not in SEATS:
        raise RuleError("declarer must be a seat N, E, S or W, not %(seat)r", seat=seat)
    return seat.strip().upper()


def check_vulnerable(vulnerable: bool) -> bool:
    if not isinstance(vulnerable, bool):
        raise RuleError("vulnerable must be true or false, not %(vulnerable)r", vulnerable=vulnerable)
    return vulnerable


def other_side(side: str) -> str:
    return "EW" if side == "NS" else "NS"

"""The score of one contract, by the tables in docs/rules/scoring.md.

Two rule sets: "modern" (Laws of 2017, the default) and "1938" (Laws of 1935). They differ only
in the doubled non-vulnerable undertricks from the fourth on and the redoubled-making bonus.
"""

from dataclasses import dataclass

from tournaments.rules.contract import Contract, check_tricks, check_vulnerable, parse_contract
from tournaments.rules.errors import RuleError

RULE_SETS = ("modern", "1938")


def check_rules(rules: str) -> str:
    if rules not in RULE_SETS:
        raise RuleError("unknown rule set %(rules)r: use 'modern' or '1938'", rules=rules)
    return rules


def trick_value(strain: str, nth: int) -> int:
    """Undoubled points for the nth odd trick (1-based) in a strain."""
    if strain in ("C", "D"):
        return 20
    if strain in ("H", "S"):
        return 30
    return 40 if nth == 1 else 30


def trick_points(contract: Contract) -> int:
    """Points below the line for the odd tricks bid (and made), doubling included."""
    base = sum(trick_value(contract.strain, n) for n in range(1, contract.level + 1))
    return base * (1, 2, 4)[contract.doubled]


def overtrick_points(contract: Contract, vulnerable: bool, overtricks: int) -> int:
    if contract.doubled == 0:
        return overtricks * (30 if contract.strain == "N" else trick_value(contract.strain, 2))
    each = (100, 200)[vulnerable] * contract.doubled
    return overtricks * each


def undertrick_penalty(contract: Contract, vulnerable: bool, undertricks: int, rules: str = "modern") -> int:
    """What the defenders score for the undertricks (a positive figure)."""
    if contract.doubled == 0:
        return undertricks * (100 if vulnerable else 50)
    total = 0
    for nth in range(1, undertricks + 1):
        if vulnerable:
            step = 200 if nth == 1 else 300
        elif rules == "1938":
            step = 100 if nth == 1 else 200
        else:
            step = 100 if nth == 1 else (200 if nth <= 3 else 300)
        total += step
    return total * contract.doubled


def slam_bonus(contract: Contract, vulnerable: bool) -> int:
    if contract.level == 6:
        return 750 if vulnerable else 500
    if contract.level == 7:
        return 1500 if vulnerable else 1000
    return 0


def insult_bonus(contract: Contract, rules: str = "modern") -> int:
    """The bonus for making a doubled (50) or redoubled (modern 100, 1938 50) contract."""
    if contract.doubled == 0:
        return 0
    if contract.doubled == 1 or rules == "1938":
        return 50
    return 100


@dataclass(frozen=True)
class DealScore:
    """One deal's duplicate-style score, broken down for display."""

    total: int  # for the declaring side: positive made, negative set
    trick_points: int = 0
    overtricks: int = 0
    game_bonus: int = 0  # 300/500 for a game, 50 for a part score
    slam_bonus: int = 0
    insult: int = 0
    undertricks: int = 0
    made: bool = False
    slam_made: bool = False


def deal_breakdown(contract: str, vulnerable: bool, tricks: int, rules: str = "modern") -> DealScore:
    check_rules(rules)
    check_vulnerable(vulnerable)
    parsed = parse_contract(contract)
    check_tricks(tricks)
    if parsed is None:
        return DealScore(total=0)
    if tricks < parsed.tricks_needed:
        penalty = undertrick_penalty(parsed, vulnerable, parsed.tricks_needed - tricks, rules)
        return DealScore(total=-penalty, undertricks=penalty)
    below = trick_points(parsed)
    over = overtrick_points(parsed, vulnerable, tricks - parsed.tricks_needed)
    game = (500 if vulnerable else 300) if below >= 100 else 50
    slam = slam_bonus(parsed, vulnerable)
    insult = insult_bonus(parsed, rules)
    return DealScore(
        total=below + over + game + slam + insult,
        trick_points=below,
        overtricks=over,
        game_bonus=game,
        slam_bonus=slam,
        insult=insult,
        made=True,
        slam_made=parsed.is_slam,
    )


def deal_score(contract: str, vulnerable: bool, tricks: int, rules: str = "modern") -> int:
    """Duplicate-style score of one deal for the declaring side: positive when made, negative when set."""
    return deal_breakdown(contract, vulnerable, tricks, rules).total

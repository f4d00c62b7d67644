"""How a contract and its result read at the table: 4♠× by N, made with one over (+1)."""

from django import template

register = template.Library()

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "N": "NT"}
DOUBLES = {"": "", "X": "×", "XX": "××"}


@register.filter
def contract(code: str) -> str:
    """ "4SX" -> "4♠×"; "PASS" -> "Passed out"."""
    if not code or code == "PASS":
        return "Passed out"
    return f"{code[0]}{SUITS.get(code[1], code[1])}{DOUBLES.get(code[2:], code[2:])}"


@register.filter
def made(entry) -> str:
    """The tricks against the contract: "=", "+1", "−2" (blank for a passed-out deal)."""
    if entry is None or entry.contract == "PASS":
        return ""
    difference = entry.tricks - (6 + int(entry.contract[0]))
    if difference == 0:
        return "="
    return f"+{difference}" if difference > 0 else f"−{-difference}"

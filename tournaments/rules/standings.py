"""Standings: totals ranked, shared places ("=2"), prizes (docs/rules/four-aces-party.md, "End of the party")."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Placed:
    position: int
    label: str  # "1", "=2"
    name: str
    total: int


def rank(totals: Mapping[str, int]) -> list[Placed]:
    """Highest total first; equal totals share a place, shown "=2", and the next place is skipped."""
    ordered = sorted(totals.items(), key=lambda item: (-item[1], item[0].casefold()))
    counts: dict[int, int] = {}
    for _, total in ordered:
        counts[total] = counts.get(total, 0) + 1
    placed = []
    position = 0
    for index, (name, total) in enumerate(ordered):
        if index == 0 or total != ordered[index - 1][1]:
            position = index + 1
        label = f"={position}" if counts[total] > 1 else str(position)
        placed.append(Placed(position, label, name, total))
    return placed


def booby(totals: Mapping[str, int]) -> list[str]:
    """Everyone with the lowest total (the booby prize; a tie is the hostess's to settle)."""
    if len(totals) < 2:
        return []
    lowest = min(totals.values())
    return sorted((n for n, t in totals.items() if t == lowest), key=str.casefold)


def leading(placed: Sequence[Placed], places: int = 3) -> list[Placed]:
    """Everyone placed in the first `places` places, ties included: two players "=3" are both third."""
    return [p for p in placed if p.position <= places]

"""Standings: totals ranked, shared places ("=2"), prizes (docs/rules/four-aces-party.md, "End of the party")."""

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from tournaments.rules.collation import name_key


@dataclass(frozen=True)
class Placed:
    position: int
    label: str  # "1", "=2"
    name: str
    total: int


def rank(totals: Mapping[str, int]) -> list[Placed]:
    """Highest total first; equal totals share a place, shown "=2", and the next place is skipped."""
    ordered = sorted(totals.items(), key=best_first)
    return [
        Placed(position, label, name, total)
        for (name, total), (position, label) in zip(ordered, placings([total for _, total in ordered]), strict=True)
    ]


def best_first(item: tuple[str, int]) -> tuple[int, tuple[tuple[int, ...], str]]:
    """rank()'s order: the highest total first, equal totals by name (as the alphabet goes in the club's
    language: "Éloïse" before "Jean", whatever the case and the accents; see rules/collation.py)."""
    return -item[1], name_key(item[0])


def placings(totals: Iterable[int]) -> Iterator[tuple[int, str]]:
    """Each place and its label ("2", "=2"), for totals in rank order (the highest first): equal totals, side
    by side in that order, share the place of the first of them, and the next place is skipped. One at a
    time (the best three places of a list need only its head)."""
    following = iter(totals)
    current = next(following, None)
    if current is None:
        return
    index, position, shared = 1, 1, False  # shared: the total before is the same
    for total in following:
        yield position, f"={position}" if shared or total == current else str(position)
        index += 1
        shared = total == current
        if not shared:
            position = index
        current = total
    yield position, f"={position}" if shared else str(position)


def booby(totals: Mapping[str, int]) -> list[str]:
    """Everyone with the lowest total (the booby prize; a tie is the hostess's to settle)."""
    if len(totals) < 2:
        return []
    lowest = min(totals.values())
    return sorted((n for n, t in totals.items() if t == lowest), key=name_key)


def leading(placed: Sequence[Placed], places: int = 3) -> list[Placed]:
    """Everyone placed in the first `places` places, ties included: two players "=3" are both third."""
    return [p for p in placed if p.position <= places]

"""Who played which rounds, and the figure a late-comer or early-leaver stands on.

Rules: docs/rules/four-aces-party.md, "Changes of plan during the night"; why, in
docs/rules/decisions.md. A round not played (joined later, sat out, gone home) counts 0: the
neutral figure of the Four Aces' net scoring, where the two sides of a table enter results that
nearly cancel out. The standing figure is therefore the plain total, as for everyone else; what
the standings add is the record of rounds played, so the room can see who played fewer.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from tournaments.rules.errors import RuleError


@dataclass(frozen=True)
class Standing:
    total: int  # what the player is ranked on
    played: tuple[int, ...]  # the rounds played, in order
    missed: tuple[int, ...]  # the rounds of the party not played: 0 each

    @property
    def first_round(self) -> int | None:
        """The round a late-comer joined in; None for a player who has not played yet."""
        return self.played[0] if self.played else None

    @property
    def last_round(self) -> int | None:
        return self.played[-1] if self.played else None

    def joined_late(self) -> bool:
        return bool(self.played) and self.played[0] > 1

    def left_early(self, rounds: int) -> bool:
        return bool(self.played) and self.played[-1] < rounds


def standing(results: Mapping[int, int | None], rounds: int) -> Standing:
    """A player's standing figure after `rounds` rounds.

    results: {round: the player's round result}; a round missing, or None, was not played
    (joined later, sat out, gone home). A round closed early counts as played.
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise RuleError("the party has played a whole number of rounds, 0 or more, not %(rounds)r", rounds=rounds)
    if not isinstance(results, Mapping):
        raise RuleError("results must map each round played to its result")
    for number, result in results.items():
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= rounds:
            raise RuleError("there is no round %(number)r in a party of %(rounds)s", number=number, rounds=rounds)
        if result is not None and (isinstance(result, bool) or not isinstance(result, int)):
            raise RuleError(
                "round %(number)s: a result is a whole number of points, not %(result)r", number=number, result=result
            )
    played = tuple(n for n in range(1, rounds + 1) if results.get(n) is not None)
    missed = tuple(n for n in range(1, rounds + 1) if results.get(n) is None)
    return Standing(sum(results[n] or 0 for n in played), played, missed)

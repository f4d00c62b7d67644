"""The round clock: how long a round has left, and which tables are behind it.

Plain arithmetic on the round's stored times: started, paused (and for how long in all), extended.
A round seated but not started yet shows its whole time, stands still, and has no deal due.
"""

import datetime
from dataclasses import dataclass

from tournaments.rules.party import DEALS_PER_ROUND

WARNING_SECONDS = 120  # the last two minutes are marked


@dataclass(frozen=True)
class Clock:
    total_seconds: int
    elapsed_seconds: int
    paused: bool
    ends_at: datetime.datetime | None  # None while paused or not started
    started: bool = True  # False until the round starts: the director's "Start round N" or its first deal

    @property
    def running(self) -> bool:
        return self.started and not self.paused

    @property
    def remaining_seconds(self) -> int:
        return max(0, self.total_seconds - self.elapsed_seconds)

    @property
    def ending(self) -> bool:
        return self.remaining_seconds <= WARNING_SECONDS

    @property
    def over(self) -> bool:
        return self.remaining_seconds == 0

    @property
    def shown(self) -> str:
        minutes, seconds = divmod(self.remaining_seconds, 60)
        return f"{minutes}:{seconds:02d}"

    @property
    def deals_due(self) -> int:
        """The deals a table keeping to time has finished by now (a deal is due once its share is up)."""
        if not self.started:
            return 0
        if self.total_seconds <= 0:
            return DEALS_PER_ROUND
        return min(DEALS_PER_ROUND, self.elapsed_seconds * DEALS_PER_ROUND // self.total_seconds)


def round_clock(round_, minutes: int, now: datetime.datetime) -> Clock:
    total = 60 * (minutes + round_.clock_extra_minutes)
    if round_.clock_started_at is None:
        return Clock(total, 0, False, None, started=False)
    stopped_at = round_.clock_paused_at or now
    elapsed = int((stopped_at - round_.clock_started_at).total_seconds()) - round_.clock_paused_seconds
    elapsed = max(0, elapsed)
    paused = round_.clock_paused_at is not None
    ends_at = None if paused else now + datetime.timedelta(seconds=max(0, total - elapsed))
    return Clock(total, elapsed, paused, ends_at)

from tournaments.models.boston import *  # noqa: F403
from tournaments.models.knockout import *  # noqa: F403
from tournaments.models.party import (
    DealEntry,
    Guest,
    Party,
    ResultChange,
    Round,
    Seat,
    SeatOverride,
    TableResult,
    TableToken,
)
from tournaments.models.towie import *  # noqa: F403

__all__ = [
    "DealEntry",
    "Guest",
    "Party",
    "ResultChange",
    "Round",
    "Seat",
    "SeatOverride",
    "TableResult",
    "TableToken",
]

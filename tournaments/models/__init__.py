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

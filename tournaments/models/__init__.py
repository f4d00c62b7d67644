from tournaments.models.boston import *  # noqa: F403
from tournaments.models.club import Club, DirectorInvite, DirectorSettings, Membership, Paper, Role
from tournaments.models.entries import Entry, EntryList
from tournaments.models.evening import CardEvening, CardGame
from tournaments.models.knockout import *  # noqa: F403
from tournaments.models.mail import MailRecipient, MailStatus, OutgoingMail
from tournaments.models.memory import Member, PublicLink, Scoring, Series
from tournaments.models.money import EventFee, FreePlace, MoneyAccount, MoneyRow
from tournaments.models.party import (
    DealEntry,
    Guest,
    MidRoundSeat,
    Party,
    PhoneSend,
    PlanChange,
    ResultChange,
    Round,
    Seat,
    SeatOverride,
    TableResult,
    TableToken,
)
from tournaments.models.towie import *  # noqa: F403

__all__ = [
    "Club",
    "DirectorSettings",
    "Paper",
    "DirectorInvite",
    "Membership",
    "Role",
    "CardEvening",
    "CardGame",
    "Entry",
    "EntryList",
    "MailRecipient",
    "MailStatus",
    "OutgoingMail",
    "Member",
    "EventFee",
    "FreePlace",
    "MoneyAccount",
    "MoneyRow",
    "PublicLink",
    "Scoring",
    "Series",
    "DealEntry",
    "PlanChange",
    "Guest",
    "MidRoundSeat",
    "Party",
    "PhoneSend",
    "ResultChange",
    "Round",
    "Seat",
    "SeatOverride",
    "TableResult",
    "TableToken",
]

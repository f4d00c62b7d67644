"""Everything the club holds on one member, gathered for the member's own copy (files/member_data.py writes
it): their record, their entries, the nights they played and their other games, each round's result at their
table, and the mails written to them. Plain values only: the builder needs no query of its own."""

from dataclasses import dataclass
from datetime import date, datetime

from django.db.models import Q

from tournaments.models import Entry, Member, OutgoingMail, Seat, TableResult
from tournaments.selectors.members import Game, Night, member_history

SIDE = {"N": "ns", "S": "ns", "E": "ew", "W": "ew"}
RECORD_FIELDS = (
    "id", "name", "kind", "number", "email", "phone", "active", "initials_only", "never_email", "language",
    "created_at", "erased_at",
)  # fmt: skip


@dataclass(frozen=True)
class EntryLine:
    event: str
    day: date | None
    name: str
    partner: str
    email: str
    phone: str
    state: str
    entered_at: datetime
    cancelled_at: datetime | None


@dataclass(frozen=True)
class RoundLine:
    """One round at the member's table: the side's score for the round, as the tally has it."""

    party_id: int
    party: str
    day: date
    round: int
    table: int
    seat: str
    score: int | None
    status: str


@dataclass(frozen=True)
class MailLine:
    kind: str
    to: str
    subject: str
    text: str
    status: str
    queued_at: datetime
    sent_at: datetime | None


@dataclass(frozen=True)
class MemberData:
    club: str
    record: dict
    entries: list[EntryLine]
    nights: list[Night]
    games: list[Game]
    rounds: list[RoundLine]
    mails: list[MailLine]


def member_data(member: Member) -> MemberData:
    """A handful of queries, however many nights."""
    history = member_history(member)
    return MemberData(
        club=member.club.name,
        record={key: getattr(member, key) for key in RECORD_FIELDS},
        entries=_entries(member),
        nights=history.nights,
        games=history.games,
        rounds=_rounds(member),
        mails=_mails(member),
    )


def _entries(member: Member) -> list[EntryLine]:
    rows = (
        Entry.objects.filter(Q(member=member) | Q(guest__member=member))
        .select_related("entry_list__party", "entry_list__knockout", "entry_list__evening")
        .order_by("created_at", "pk")
    )
    lines = []
    for e in rows.distinct():
        event = e.entry_list.event
        lines.append(
            EntryLine(
                event=event.name, day=event.date, name=e.name, partner=e.partner, email=e.email, phone=e.phone,
                state=e.state, entered_at=e.created_at, cancelled_at=e.cancelled_at,
            )
        )  # fmt: skip
    return lines


def _rounds(member: Member) -> list[RoundLine]:
    seats = list(
        Seat.objects.filter(guest__member=member).values_list(
            "round__party_id", "round__party__name", "round__party__date", "round__number", "round_id", "table", "seat"
        )
    )
    results = {
        (round_id, table): (ns, ew, status)
        for round_id, table, ns, ew, status in TableResult.objects.filter(
            round_id__in={s[4] for s in seats}
        ).values_list("round_id", "table", "ns", "ew", "status")
    }
    lines = []
    for party_id, party, day, number, round_id, table, seat in seats:
        ns, ew, status = results.get((round_id, table), (None, None, ""))
        score = ns if SIDE[seat] == "ns" else ew
        lines.append(RoundLine(party_id, party, day, number, table, seat, score, status))
    return sorted(lines, key=lambda r: (r.day, r.party_id, r.round))


def _mails(member: Member) -> list[MailLine]:
    found = Q(member=member) | Q(to=member.email) if member.email else Q(member=member)
    return [
        MailLine(m.kind, m.to, m.subject, m.text, m.status, m.created_at, m.sent_at)
        for m in OutgoingMail.objects.filter(Q(club=member.club_id) & found).order_by("created_at", "pk")
    ]

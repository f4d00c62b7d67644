"""What each guest's own results e-mail says, read from the party's standings (selectors.standings: the same
totals, places and best lady and gentleman as the results sheet, never worked out again here)."""

from dataclasses import dataclass, field

from django.db.models import Count

from tournaments.models import (
    Entry,
    Guest,
    Knockout,
    KnockoutMatch,
    KnockoutPair,
    KnockoutRound,
    MailStatus,
    Member,
    OutgoingMail,
    Party,
)
from tournaments.models.knockout import Bracket
from tournaments.presentation.names import Where
from tournaments.selectors.names import knockout_pair_names, party_namer
from tournaments.selectors.standings import party_standings


@dataclass(frozen=True)
class RoundOfGuest:
    round: int
    table: int
    seat: str
    partner: str
    opponents: tuple[str, str]
    score: int | None  # the guest's side's result for the round (None: not in)
    theirs: int | None  # the opponents' side's
    total: int  # the guest's total after this round


@dataclass
class GuestResults:
    name: str
    member: Member | None
    total: int
    place: str  # "3" or "=3", as the results sheet labels it
    players: int
    best: str = ""  # "lady" or "gentleman": first of their kind at a mixed party
    booby: bool = False
    rounds: list[RoundOfGuest] = field(default_factory=list)
    # What the guest gave when they entered online (a guest made from an entry): the address, and the
    # language of the page they entered from.
    entry_email: str = ""
    entry_language: str = ""

    @property
    def email(self) -> str:
        """The member's address, else the one they entered with."""
        return (self.member.email if self.member is not None else "") or self.entry_email


def party_results_by_guest(party: Party) -> list[GuestResults]:
    """Every guest who sat at a table, in the standings' order, each with the rounds they played, and what they
    gave when they entered online. Five queries."""
    standings = party_standings(party)
    # The mail lists other players: each named as they chose; the guest's own name (the greeting) in full.
    shown = party_namer(party.pk, Where.RESULTS_MAIL)
    members = {
        guest.name: guest.member
        for guest in Guest.objects.filter(party=party, member__isnull=False).select_related("member")
    }
    entered = {
        name: (email, language)
        for name, email, language in Entry.objects.filter(guest__party=party).values_list(
            "guest__name", "email", "language"
        )
    }
    firsts = {placed.name: "lady" for placed in standings.ladies if placed.position == 1}
    firsts |= {placed.name: "gentleman" for placed in standings.gentlemen if placed.position == 1}
    names = standings.seating.names
    rounds: dict[str, list[tuple]] = {name: [] for name in names}
    for number, table, e, n, s, w, ns, ew in standings.seating.tables():
        seats = {"E": e, "N": n, "S": s, "W": w}
        for seat, partner, left, right, ours, theirs in (
            ("N", "S", "E", "W", ns, ew), ("S", "N", "E", "W", ns, ew),
            ("E", "W", "N", "S", ew, ns), ("W", "E", "N", "S", ew, ns),
        ):  # fmt: skip
            place = seats[seat]
            if place is not None:
                others = [shown(names[p]) if p is not None else "" for p in (seats[partner], seats[left], seats[right])]
                rounds[names[place]].append((number, table, seat, others[0], (others[1], others[2]), ours, theirs))
    everyone = []
    for line in standings.players:
        guest = GuestResults(
            name=line.name, member=members.get(line.name), total=line.total, place=line.label,
            players=len(standings.players), best=firsts.get(line.name, ""), booby=line.name in standings.booby,
            entry_email=entered.get(line.name, ("", ""))[0], entry_language=entered.get(line.name, ("", ""))[1],
        )  # fmt: skip
        total = 0
        for number, table, seat, partner, opponents, ours, theirs in sorted(rounds[line.name]):
            total += ours or 0
            guest.rounds.append(RoundOfGuest(number, table, seat, partner, opponents, ours, theirs, total))
        everyone.append(guest)
    return everyone


@dataclass(frozen=True)
class MailCounts:
    sent: int = 0
    waiting: int = 0
    failed: int = 0

    @property
    def any(self) -> bool:
        return bool(self.sent or self.waiting or self.failed)


def mail_counts(about: str) -> MailCounts:
    """What was queued about one event ("party:12"): sent, still waiting, not sent. One query."""
    counts = dict.fromkeys(MailStatus.values, 0)
    for status, count in (
        OutgoingMail.objects.filter(about=about).order_by().values_list("status").annotate(Count("pk"))
    ):
        counts[status] = count
    return MailCounts(
        counts[MailStatus.SENT], counts[MailStatus.QUEUED] + counts[MailStatus.SENDING], counts[MailStatus.FAILED]
    )


# ---- a knockout: each pair's path --------------------------------------------------------------------


@dataclass(frozen=True)
class MatchOfPair:
    round: KnockoutRound  # its title is said in the reader's language when the message is written
    table: int
    opponents: str
    ours: int | None
    theirs: int | None
    outcome: str  # "won", "lost", "best_loser" (lost, but went on), "playing"
    # A walkover (services/knockout_withdrawals.py): "won" the opponents conceded, "conceded" this pair did; "" none.
    # No score decided it, so the mail shows none.
    walkover: str = ""


@dataclass
class PairPath:
    pair: KnockoutPair
    pair_name: str = ""  # the pair as the mail names it: each player as they chose
    matches: list[MatchOfPair] = field(default_factory=list)
    won_final: str = ""  # "main" or "consolation": the pair won that bracket's final


def _outcome(match: KnockoutMatch, pair_id: int) -> str:
    if match.winner_id is None:
        return "playing"
    if match.winner_id == pair_id:
        return "won"
    return "best_loser" if match.best_loser else "lost"


def _walkover(match: KnockoutMatch, pair_id: int) -> str:
    return "conceded" if match.conceded_by_id == pair_id else "won"


def knockout_results_by_pair(knockout: Knockout) -> list[PairPath]:
    """Every pair with each match it played, in the order they were played (round by round, the main bracket's
    before the consolation's). Two queries."""
    # The mail lists other players: each pair named as its players chose (the reader's own name in full).
    names, _ = knockout_pair_names(knockout.pk, Where.KNOCKOUT_RESULTS_MAIL)
    paths = {
        pair.pk: PairPath(pair, pair_name=names.get(pair.pk, pair.name))
        for pair in knockout.pairs.select_related("member_a", "member_b")
    }
    matches = KnockoutMatch.objects.filter(round__knockout=knockout).select_related("round", "ns", "ew")
    for match in sorted(matches, key=lambda m: (m.round.number, m.round.bracket != Bracket.MAIN, m.table)):
        for ours, theirs, total, other in (
            (match.ns, match.ew, match.ns_total, match.ew_total), (match.ew, match.ns, match.ew_total, match.ns_total),
        ):  # fmt: skip
            outcome = _outcome(match, ours.pk)
            walkover = "" if match.conceded_by_id is None else _walkover(match, ours.pk)
            paths[ours.pk].matches.append(
                MatchOfPair(
                    match.round, match.table, names.get(theirs.pk, theirs.name), total, other, outcome, walkover
                )
            )
            if outcome == "won" and match.round.is_final and match.round.is_closed:
                paths[ours.pk].won_final = match.round.bracket
    return list(paths.values())

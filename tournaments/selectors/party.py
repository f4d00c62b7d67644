"""Reads for the party pages: each a fixed number of queries, whatever the number of tables."""

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404

from tournaments.directors import Director
from tournaments.models import Club, Guest, Party
from tournaments.rules import draw
from tournaments.rules.collation import by_name
from tournaments.rules.errors import Words
from tournaments.selectors.clubs import of_my_clubs
from tournaments.selectors.member_match import MemberMatch, match_members


def party_list(club: Club) -> QuerySet[Party]:
    return (
        Party.objects.filter(club=club)
        .for_list()
        .annotate(rounds_closed=Count("rounds", filter=Q(rounds__status="closed")))
    )


@dataclass(frozen=True)
class GuestCount:
    playing: int
    ladies: int
    gentlemen: int
    reserves: int
    needed: int
    problems: list[Words]  # in English: the page shows them with |say_each (tournaments.l10n.say)

    @property
    def fits(self) -> bool:
        return not self.problems


def guest_count(party: Party, guests: Sequence[Guest] | None = None) -> GuestCount:
    """The live count against what the tables need ("2 more gentlemen needed").

    From the guests given, else from the party's read as plain values (one query; a 500-table party has
    2,000 guests, too many to make a model object of each just to count them).
    """
    if guests is None:
        rows = party.guests.order_by().values_list("reserve", "kind", "plays_as")
        kinds = [plays_as or kind for reserve, kind, plays_as in rows if not reserve]
        everyone = len(rows)
    else:
        kinds = [g.playing_kind for g in guests if not g.reserve]
        everyone = len(guests)
    ladies, gentlemen, playing = kinds.count("lady"), kinds.count("gentleman"), len(kinds)
    problems = draw.numbers_problems(
        party.tables, ladies=ladies, gentlemen=gentlemen, players=playing, mixed=party.mixed
    )
    return GuestCount(playing, ladies, gentlemen, everyone - playing, party.players_needed, problems)


def guest_list(party: Party) -> list[Guest]:
    """The party's guests with their members (one query), by name as the club's language sorts them
    ("Éloïse" before "Jean-Pierre"): the database would put every accented capital after "Z"."""
    return by_name(party.guests.select_related("member"), lambda guest: guest.name)


def guest_rows(party: Party, guests: list[Guest]) -> list[tuple[Guest, MemberMatch | None]]:
    """Each guest, with the members for the hostess to pick from when the guest is linked to none and the
    name is one members share, or differs from a member's only by accents; else None. Two queries, however
    many guests."""
    unlinked = [guest for guest in guests if guest.member_id is None]
    matches = match_members(club=party.club_id, people=[(guest.name, "") for guest in unlinked])
    choices = {guest.pk: match for guest, match in zip(unlinked, matches, strict=True) if match.ambiguous}
    return [(guest, choices.get(guest.pk)) for guest in guests]


def party_get(party_id: int, *, user: Director) -> Party:
    """The party, if it belongs to one of the director's clubs; any other is a 404 (ids do not leak)."""
    return get_object_or_404(of_my_clubs(Party.objects.select_related("club"), user), pk=party_id)

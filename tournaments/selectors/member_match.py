"""Which club member a name is: the one rule every way a guest comes in uses (typed, pasted, a guest list
file, an entry, an import), so a member who chose initials only is never published in full for want of a match.

- A member number given and held by a member: that member, whatever the name says.
- Else the name, cleaned as every name is (rules/names.py) and compared without case: the member if exactly
  one has it.
- Two members of that name, or none of it but some whose name differs only by accents ("Helene" and
  "Hélène"): the candidates, for the hostess to pick from. Never a guess: a wrong link publishes one person's
  night under another's number.
- Erased members (erased_at set) never match: their name is a label now. Archived members do: leaving the
  club does not undo the choice of initials only.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tournaments.models import Club, Member
from tournaments.rules.collation import name_key
from tournaments.rules.names import clean_name, same_name_key, unaccented_key


class Why(StrEnum):
    NUMBER = "number"  # the member with the number given
    NAME = "name"  # the only member of that name
    SHARED = "shared"  # two members or more of that name: candidates
    ACCENTS = "accents"  # no member of that name, some differing only by accents: candidates
    NONE = "none"  # nobody: a newcomer


@dataclass(frozen=True)
class MemberMatch:
    """The member a name is (when exactly one), else the members to pick from, and why."""

    member: Member | None = None
    candidates: tuple[Member, ...] = ()
    why: Why = Why.NONE

    @property
    def ambiguous(self) -> bool:
        return bool(self.candidates)


NO_MATCH = MemberMatch()


@dataclass(frozen=True)
class Named:
    pk: int
    name: str
    number: str


class NameIndex:
    """The club's members who can match, by number, by name and by name without accents."""

    def __init__(self, rows: Iterable[Named]) -> None:
        self.by_number: dict[str, int] = {}
        self.by_name: dict[str, list[Named]] = {}
        self.by_letters: dict[str, list[Named]] = {}
        for row in rows:
            if row.number:
                self.by_number[row.number] = row.pk
            self.by_name.setdefault(same_name_key(row.name), []).append(row)
            self.by_letters.setdefault(unaccented_key(row.name), []).append(row)

    def find(self, name: str, number: str) -> tuple[Why, list[int]]:
        number = clean_name(number)
        if number and number in self.by_number:
            return Why.NUMBER, [self.by_number[number]]
        if not clean_name(name):
            return Why.NONE, []
        same = self.by_name.get(same_name_key(name), [])
        if len(same) == 1:
            return Why.NAME, [same[0].pk]
        if same:
            return Why.SHARED, [row.pk for row in same]
        near = self.by_letters.get(unaccented_key(name), [])
        return (Why.ACCENTS, [row.pk for row in near]) if near else (Why.NONE, [])


def _index(club: Club | int) -> NameIndex:
    rows = Member.objects.filter(club=club, erased_at__isnull=True).values_list("pk", "name", "number")
    return NameIndex(Named(pk, name, number) for pk, name, number in rows)


def match_members(*, club: Club | int, people: Sequence[tuple[str, str]]) -> list[MemberMatch]:
    """Each (name, number) of `people` matched, in their order. Two queries, however many people: the club's
    members' names and numbers, then the members found."""
    if not people:
        return []
    index = _index(club)
    found = [index.find(name, number) for name, number in people]
    wanted = {pk for _why, pks in found for pk in pks}
    members = Member.objects.filter(club=club).in_bulk(wanted) if wanted else {}
    matches = []
    for why, pks in found:
        chosen = sorted((members[pk] for pk in pks if pk in members), key=lambda m: (name_key(m.name), m.number, m.pk))
        if why in (Why.NUMBER, Why.NAME) and chosen:
            matches.append(MemberMatch(member=chosen[0], why=why))
        elif chosen:
            matches.append(MemberMatch(candidates=tuple(chosen), why=why))
        else:
            matches.append(NO_MATCH)
    return matches


def match_member(*, club: Club | int, name: str, number: str = "") -> MemberMatch:
    """The member `name` (or `number`) is, else the candidates to pick from (see the module's rules)."""
    return match_members(club=club, people=[(name, number)])[0]

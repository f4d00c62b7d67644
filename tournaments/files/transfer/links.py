"""What ties an event's file to the rest of the club: the members its players are, and the event's own
identifiers (its id and its public page's token).

A member is named in the file by a key: their member number, or, for a member without one, a key of the export's
own ("~1", "~2"…) that means nothing outside the file. On import each of the file's members is matched among the
importing club's members (tournaments/selectors/member_match.py: the number first, else a name equal but for case,
accents' composition and spaces) or made a new member of the club; a name that matches more than one member is not
guessed: nobody is linked and the import says so. Contact details never leave the club in a file.
"""

from collections.abc import Iterable

from django.core.management.color import no_style
from django.db import connection, models
from django.utils.translation import gettext

from tournaments.files.transfer.common import _damaged, _once, _record, _shown, _wrong
from tournaments.models import Club, Member, PublicLink
from tournaments.selectors.member_match import match_members

MEMBER_FIELDS = ("number", "name", "kind", "initials_only")
KEY_MOST = 40


# --- out -------------------------------------------------------------------------------------------------------------


def members_out(members: Iterable[Member]) -> tuple[list[dict], dict[int, str]]:
    """The file's "members" section, and each member's key by their id. An erased member is left out: their
    guest stays, their link does not."""
    kept = {m.id: m for m in members if m.erased_at is None}
    numbers = {m.number for m in kept.values() if m.number}
    keys: dict[int, str] = {}
    own = 0
    for member_id, member in sorted(kept.items()):
        if member.number:
            keys[member_id] = member.number
            continue
        own += 1
        while f"~{own}" in numbers:  # a number could read "~1"; the export's own keys step round it
            own += 1
        keys[member_id] = f"~{own}"
    rows = [{"key": keys[i], **{f: getattr(kept[i], f) for f in MEMBER_FIELDS}} for i in kept]
    rows.sort(key=lambda row: row["key"])  # by key, not id: the same members give the same file
    return rows, keys


def public_out(link: PublicLink | None) -> str | None:
    return link.token if link is not None else None


# --- checked ---------------------------------------------------------------------------------------------------------


def members_section(rows: list) -> dict[str, dict]:
    """The file's members by key: each checked against the Member model, keys and numbers once each."""
    members: dict[str, dict] = {}
    keys: dict[str, str] = {}
    numbers: dict[str, str] = {}
    for position, raw in enumerate(rows, start=1):
        where = f"member {position}"
        member = _record(raw, where, Member, MEMBER_FIELDS, refs=("key",))
        key = member.pop("key")
        if not isinstance(key, str) or not key or len(key) > KEY_MOST:
            raise _wrong(where, "key", key, gettext("text of 1 to %(most)s characters") % {"most": KEY_MOST})
        sentence = gettext("%(first)s and %(second)s both have the key %(value)s")
        _once(keys, key, where, sentence, value=_shown(key))
        if member["number"]:
            sentence = gettext("%(first)s and %(second)s both have the member number %(number)s")
            _once(numbers, member["number"], where, sentence, number=_shown(member["number"]))
        members[key] = member
    return members


def member_ref(value, members: dict[str, dict], where: str, name: str) -> None:
    """A guest's or a player's member: null, or a key of the file's members."""
    if value is not None and (not isinstance(value, str) or value not in members):
        values = {"where": where, "name": name, "value": _shown(value)}
        raise _damaged(gettext("%(where)s has %(name)s %(value)s, who is not a member of the file") % values)


def id_ref(value, where: str) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 1 <= value < 2**31):
        raise _wrong(where, "id", value, gettext("a whole number from %(least)s to %(most)s or null") % {
            "least": 1, "most": 2**31 - 1,
        })  # fmt: skip


def public_ref(value, where: str) -> None:
    most = PublicLink._meta.get_field("token").max_length or 40
    if value is not None and (not isinstance(value, str) or not value or len(value) > most):
        raise _wrong(where, "public", value, gettext("a public page's token or null"))


# --- written ---------------------------------------------------------------------------------------------------------


def members_write(members: dict[str, dict], club: Club) -> tuple[dict[str, Member | None], list[str]]:
    """Each of the file's members as a member of the club (matched or made), by key; a key left None where the
    name could be several members (two of that name, or names differing only by accents), with a sentence for
    each saying so: an import has nobody to ask, and a wrong link publishes one person under another's choice."""
    found: dict[str, Member | None] = {}
    notes: list[str] = []
    people = [(member["name"], member["number"]) for member in members.values()]
    for (key, member), match in zip(members.items(), match_members(club=club, people=people), strict=True):
        if match.ambiguous:
            found[key] = None
            notes.append(
                gettext("“%(name)s” matches more than one member of the club: this player is not linked to any.")
                % {"name": member["name"]}
            )
        elif match.member is not None:
            found[key] = match.member
        else:
            made = Member(club=club, **member)
            made.full_clean(exclude=["club"], validate_unique=False, validate_constraints=False)
            made.save()
            found[key] = made
    return found, notes


def kept_id(model: type[models.Model], wanted: int | None) -> dict:
    """The file's id for the new event when no row of the model has it (the same address as before), else none."""
    if wanted is None or model._default_manager.filter(pk=wanted).exists():
        return {}
    return {"id": wanted}


def ids_taken(model: type[models.Model]) -> None:
    """After a row written with its own id: the database's next id moves past it (PostgreSQL's sequence does not
    by itself; SQLite needs nothing)."""
    statements = connection.ops.sequence_reset_sql(no_style(), [model])
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)


def public_write(token: str | None, club: Club, **event) -> None:
    """The event's public page again at its old address, when that address is free (a copy of an event still
    published stays unpublished: publishing is the director's choice)."""
    if token and not PublicLink.objects.filter(token=token).exists():
        PublicLink.objects.create(club=club, token=token, **event)

"""Reads for a table's phone page: the token, the round it plays, where its players go next."""

from django.http import Http404

from tournaments.models import Seat, TableToken
from tournaments.selectors import rounds as round_selectors


def token_get(token: str) -> TableToken:
    """A live token, or a plain 404 (a wrong or revoked link says nothing more)."""
    if not token or len(token) > 64:
        raise Http404
    found = TableToken.objects.select_related("party").filter(token=token, revoked_at__isnull=True).first()
    if found is None:
        raise Http404
    return found


def next_places(round_, table: int) -> list[tuple[str, int, str]]:
    """For the players at this table in a closed round: (name, next table, next seat)."""
    following = round_.party.rounds.filter(number=round_.number + 1).first()
    if following is None:
        return []
    here = Seat.objects.filter(round=round_, table=table).values_list("guest_id", "guest__name")
    names = dict(here)
    nxt = Seat.objects.filter(round=following, guest_id__in=names).values_list("guest_id", "table", "seat")
    order = {"N": 0, "E": 1, "S": 2, "W": 3}
    return sorted(((names[g], t, s) for g, t, s in nxt), key=lambda x: (x[1], order[x[2]]))


def table_page(token: TableToken):
    party = token.party
    current = round_selectors.round_current(party)
    previous = None
    if current is not None and current.number > 1:
        previous = party.rounds.select_related("party").get(number=current.number - 1)
    view = round_selectors.table_view(current, token.table) if current else None
    return current, previous, view

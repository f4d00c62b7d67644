"""Who asks for initials, read for one event, so that an output names them by presentation/names.py's rule."""

from django.db.models import Q

from tournaments.models import Guest, KnockoutPair
from tournaments.presentation.names import Form, Namer, Where, pair_name_for


def party_namer(party_id: int, where: Where) -> Namer:
    """The party's names as `where` prints them: one query, none where names are printed in full."""
    if where.form is Form.FULL:
        return Namer(where)
    hidden = Guest.objects.filter(party_id=party_id, member__initials_only=True).values_list("name", flat=True)
    return Namer(where, hidden)


def knockout_pair_names(knockout_id: int, where: Where) -> tuple[dict[int, str], Namer]:
    """The pairs whose name `where` prints otherwise (by id: the name shown), and a Namer for their players
    (the score pads' seats, a player's name alone). One query, none where names are printed in full."""
    if where.form is Form.FULL:
        return {}, Namer(where)
    asking = Q(member_a__initials_only=True) | Q(member_b__initials_only=True)
    rows = KnockoutPair.objects.filter(asking, knockout_id=knockout_id).values_list(
        "id", "name", "player_a", "player_b", "member_a__initials_only", "member_b__initials_only"
    )
    names, hidden = {}, []
    for pk, name, a, b, a_initials, b_initials in rows:
        names[pk] = pair_name_for(where, name, a, b, a_initials, b_initials)
        hidden += [player for player, asked in ((a, a_initials), (b, b_initials)) if asked]
    return names, Namer(where, hidden)

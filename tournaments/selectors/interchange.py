"""The results of a party as plain data for the exports (USEBIO, BridgeWebs CSV, PBN): four queries."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.interchange.data import Deal, Player, Results
from tournaments.models import DealEntry, Guest, Party, Seat
from tournaments.rules.party import deal_dealer, deal_vulnerability
from tournaments.selectors.standings import party_standings


def party_results(party: Party) -> Results:
    """Raises ValidationError when no table's result is in yet: there is nothing to send."""
    standings = party_standings(party)
    played = sorted({r.round for line in standings.players for r in line.rounds.values() if r.result is not None})
    if not played:
        raise ValidationError(
            _("%(party)s has no results yet: there is nothing to export until a table's round is in.")
            % {"party": party.name}
        )
    numbers = dict(Guest.objects.filter(party=party).values_list("name", "member__number"))
    tied: dict[int, int] = {}
    for line in standings.players:
        tied[line.position] = tied.get(line.position, 0) + 1
    players = [
        Player(
            name=line.name,
            number=numbers.get(line.name) or "",
            kind=line.kind,
            place=line.position,
            tied=tied[line.position] > 1,
            total=line.total,
        )
        for line in standings.players
    ]
    return Results(
        event=party.name,
        club=party.club.name,
        day=party.date,
        rounds=len(played),
        players=players,
        deals=_deals(party),
        identifier=f"party-{party.pk}",
    )


def _deals(party: Party) -> list[Deal]:
    names: dict[tuple[int, int], dict[str, str]] = {}
    for number, table, seat, name in Seat.objects.filter(round__party=party).values_list(
        "round__number", "table", "seat", "guest__name"
    ):
        names.setdefault((number, table), {})[seat] = name
    entries = (
        DealEntry.objects.filter(result__round__party=party)
        .order_by("result__round__number", "result__table", "number")
        .values_list("result__round__number", "result__table", "number", "contract", "declarer", "tricks", "ns", "ew")
    )
    return [
        Deal(
            round=round_number,
            table=table,
            number=number,
            dealer=deal_dealer(number),
            vulnerable=deal_vulnerability(number),
            players=names.get((round_number, table), {}),
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            ns=ns,
            ew=ew,
        )
        for round_number, table, number, contract, declarer, tricks, ns, ew in entries
    ]

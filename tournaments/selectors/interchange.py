"""The results of a party (USEBIO, BridgeWebs CSV, PBN: six queries) and a knockout's deals (PBN) as plain
data for the exports.

These files are made to be published: a member who asked for initials only appears as initials in every one
("M. J. W.", as the public page shows them), whether ranked or seated at a deal."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.files.interchange.data import Deal, Pair, Player, Results
from tournaments.files.interchange.pbn import UNKNOWN
from tournaments.models import DealEntry, Guest, Knockout, KnockoutDeal, KnockoutMatch, Party, Seat, TableResult
from tournaments.rules import standings as ranking
from tournaments.rules.contract import SIDE_OF_SEAT
from tournaments.rules.party import deal_dealer, deal_vulnerability, side_vulnerable
from tournaments.rules.scoring import deal_breakdown
from tournaments.selectors import knockout as knockout_selectors
from tournaments.selectors.public import shown_name
from tournaments.selectors.standings import party_standings


def party_results(party: Party) -> Results:
    """Six queries, whatever the size. Raises ValidationError when no table's result is in yet: there is nothing
    to send."""
    standings = party_standings(party)
    tables = {(r.round, r.table) for line in standings.players for r in line.rounds.values() if r.result is not None}
    played = sorted({number for number, _table in tables})
    if not played:
        raise ValidationError(
            _("%(party)s has no results yet: there is nothing to export until a table's round is in.")
            % {"party": party.name}
        )
    members = Guest.objects.filter(party=party).values_list("name", "member__number", "member__initials_only")
    numbers = {name: number for name, number, _ in members}
    initials = {name for name, _, wanted in members if wanted}
    tied: dict[int, int] = {}
    for line in standings.players:
        tied[line.position] = tied.get(line.position, 0) + 1
    players = [
        Player(
            name=shown_name(line.name, line.name in initials),
            number=numbers.get(line.name) or "",
            kind=line.kind,
            place=line.position,
            tied=tied[line.position] > 1,
            total=line.total,
        )
        for line in standings.players
    ]
    seats = _seats(party)
    by_name = {line.name: player for line, player in zip(standings.players, players, strict=True)}
    pairs, pair_of = _pairs(seats, played[0], by_name) if party.keep_partners else ([], {})
    # Individual: each player's number for the night is their place in the ranking's order; a deal's partnership
    # is named by its two players' numbers ("3-7").
    player_of = {line.name: index for index, line in enumerate(standings.players, start=1)}
    return Results(
        event=party.name,
        club=party.club.name,
        day=party.date,
        rounds=len(played),
        players=players,
        deals=_deals(party, seats, initials, pair_of or None, player_of),
        identifier=f"party-{party.pk}",
        pairs=pairs,
        club_number=party.club.national_number,
        deals_played=4 * len(tables),  # each table deals its own four a round
    )


# Of each sixteen duplicate board numbers, the one whose dealer and vulnerability are a party round's deal's:
# board 1 (North, none), 6 (East, E-W), 15 (South, N-S), 4 (West, both).
BOARD_OF_DEAL = {1: 1, 2: 6, 3: 15, 4: 4}


def board_number(round_number: int, table: int, deal: int, tables: int) -> int:
    """The deal's number in an export. Each table deals its own cards, so every deal of the evening gets a number
    of its own: table by table and round by round, each table's round takes the next sixteen numbers, and its
    deal takes the one of them whose duplicate dealer and vulnerability are the deal's (docs/formats.md)."""
    return 16 * ((round_number - 1) * tables + table - 1) + BOARD_OF_DEAL[deal]


Seating = dict[tuple[int, int], dict[str, str]]  # (round, table) -> seat -> guest name as entered


def _seats(party: Party) -> Seating:
    seats: Seating = {}
    for number, table, seat, name in Seat.objects.filter(round__party=party).values_list(
        "round__number", "table", "seat", "guest__name"
    ):
        seats.setdefault((number, table), {})[seat] = name
    return seats


def _pairs(seats: Seating, first: int, by_name: dict[str, Player]) -> tuple[list[Pair], dict[str, int]]:
    """A keep-partners party's pairs as they sat in its first round played: table t's N-S pair is 2t-1, its
    E-W pair 2t. Partners share every result, so a pair's total is each partner's; equal totals share a place."""
    found: list[tuple[int, Player, Player]] = []
    pair_of: dict[str, int] = {}
    for (number, table), sitting in sorted(seats.items()):
        if number != first:
            continue
        for offset, (one, other) in enumerate((("N", "S"), ("E", "W")), start=1):
            if one in sitting and other in sitting:
                pair = 2 * (table - 1) + offset
                pair_of[sitting[one]] = pair_of[sitting[other]] = pair
                found.append((pair, by_name[sitting[one]], by_name[sitting[other]]))
    found.sort(key=lambda entry: (-entry[1].total, entry[0]))
    shared: dict[int, int] = {}
    placed = list(ranking.placings(entry[1].total for entry in found))
    for position, _label in placed:
        shared[position] = shared.get(position, 0) + 1
    pairs = [
        Pair(number=pair, players=(a, b), place=position, tied=shared[position] > 1, total=a.total)
        for (pair, a, b), (position, _label) in zip(found, placed, strict=True)
    ]
    return pairs, pair_of


def _side(
    sitting: dict[str, str], one: str, other: str, pair_of: dict[str, int] | None, player_of: dict[str, int]
) -> str:
    if pair_of is not None:
        return str(pair_of.get(sitting.get(one, ""), ""))
    return "-".join(str(player_of[sitting[seat]]) for seat in (one, other) if seat in sitting)


def _duplicate_score(number: int, contract: str, declarer: str, tricks: int) -> int:
    """The contract's duplicate score for the declaring side, by today's Laws whatever the party's rules (a 1938
    party's own figures are its credits): what any reader of a traveller works out from the contract."""
    if contract == "PASS":
        return 0
    vulnerable = side_vulnerable(number, SIDE_OF_SEAT[declarer])
    return deal_breakdown(contract, vulnerable, tricks, "modern").total


def _deals(
    party: Party, seats: Seating, initials: set[str], pair_of: dict[str, int] | None, player_of: dict[str, int]
) -> list[Deal]:
    entries = (
        # Only agreed tables' deals: the ranking counts only theirs (a table still entering, or waiting for the
        # other side to accept, is in neither).
        DealEntry.objects.filter(result__round__party=party, result__status=TableResult.Status.AGREED)
        .order_by("result__round__number", "result__table", "number")
        .values_list("result__round__number", "result__table", "number", "contract", "declarer", "tricks", "ns", "ew")
    )
    deals = []
    for round_number, table, number, contract, declarer, tricks, ns, ew in entries:
        sitting = seats.get((round_number, table), {})
        deals.append(
            Deal(
                round=round_number,
                table=table,
                number=number,
                dealer=deal_dealer(number),
                vulnerable=deal_vulnerability(number),
                players={seat: shown_name(name, name in initials) for seat, name in sitting.items()},
                contract=contract,
                declarer=declarer,
                tricks=tricks,
                ns=ns,
                ew=ew,
                board=board_number(round_number, table, number, party.tables),
                score=_duplicate_score(number, contract, declarer, tricks),
                ns_pair=_side(sitting, "N", "S", pair_of, player_of),
                ew_pair=_side(sitting, "E", "W", pair_of, player_of),
                seat_numbers={} if pair_of is not None else {seat: player_of[name] for seat, name in sitting.items()},
            )
        )
    return deals


def _knockout_seats(match: KnockoutMatch) -> dict[str, str]:
    """Who sat where, a player who is a member asking for initials as initials."""
    seats = {"N": (match.ns, "a"), "S": (match.ns, "b"), "E": (match.ew, "a"), "W": (match.ew, "b")}
    return {
        seat: shown_name(
            getattr(pair, f"player_{which}"),
            bool(getattr(pair, f"member_{which}_id")) and getattr(pair, f"member_{which}").initials_only,
        )
        for seat, (pair, which) in seats.items()
    }


def knockout_results(knockout: Knockout) -> Results:
    """A knockout's deals for PBN: every match's pad replayed for its vulnerability and each deal's points.
    Three queries. Raises ValidationError when no deal is on any pad (totals alone have no deals to send)."""
    matches = sorted(
        KnockoutMatch.objects.filter(round__knockout=knockout).select_related(
            "round", "ns__member_a", "ns__member_b", "ew__member_a", "ew__member_b"
        ),
        key=lambda m: (m.round.bracket != "main", m.round.number, m.table),
    )
    deals_of: dict[int, list[KnockoutDeal]] = {}
    for deal in KnockoutDeal.objects.filter(match__in=matches).order_by("number"):
        deals_of.setdefault(deal.match_id, []).append(deal)
    deals: list[Deal] = []
    for match in matches:
        pad = knockout_selectors.pad_view(match, deals_of.get(match.pk, []), knockout.rules)
        names = _knockout_seats(match)
        deals += [
            Deal(
                round=match.round.number,
                table=match.table,
                number=row.number,
                dealer=UNKNOWN,  # a rubber is cut for deal: the pad does not say who dealt first
                vulnerable=row.vulnerable,
                players=names,
                contract=row.contract,
                declarer=row.declarer,
                tricks=row.tricks,
                ns=row.ns_above + row.ns_below,
                ew=row.ew_above + row.ew_below,
                board=len(deals) + index,  # through the file: every match has a deal 1
                round_name=match.round.title,
            )
            for index, row in enumerate(pad.rows, start=1)
        ]
    if not deals:
        raise ValidationError(
            _("%(knockout)s has no deals entered yet: there is nothing to export until a pad's deals are in.")
            % {"knockout": knockout.name}
        )
    return Results(
        event=knockout.name,
        club=knockout.club.name,
        day=knockout.date,
        rounds=len({(m.round.bracket, m.round.number) for m in matches if deals_of.get(m.pk)}),
        players=[],
        deals=deals,
        identifier=f"knockout-{knockout.pk}",
        scoring="Rubber",
    )

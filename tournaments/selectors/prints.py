"""The data behind the printed matter, read in a fixed number of queries."""

from tournaments.models import DealEntry, MidRoundSeat, Party, Round, TableResult
from tournaments.presentation.names import Namer, Where, pair_of_players, seat_sitters
from tournaments.printing import data
from tournaments.printing.common import unprintable
from tournaments.selectors import rounds as round_selectors
from tournaments.selectors.names import party_namer
from tournaments.selectors.standings import Standings, party_standings


def tally_cards(party: Party, standings: Standings | None = None) -> list[data.TallyCard]:
    """One card per seated player, in first-round table and seat order."""
    standings = standings or party_standings(party)
    planned = max([party.rounds_planned, *standings.rounds]) if standings.rounds else party.rounds_planned
    cards = []
    for line in standings.players:
        first = line.rounds.get(1)
        if first is None:
            continue
        rows, running = [], 0
        any_result = False
        for number in range(1, planned + 1):
            r = line.rounds.get(number)
            if r is None:  # a round not drawn yet: where is not known; a partner kept all evening is
                partner = first.partner if party.keep_partners else ""
                rows.append(data.TallyLine(number, None, "", partner, None, None))
                continue
            if r.result is not None:
                running += r.result
                any_result = True
            rows.append(
                data.TallyLine(number, r.table, r.seat, r.partner, r.result, running if r.result is not None else None)
            )
        cards.append(
            data.TallyCard(
                party_name=party.name,
                party_date=party.date,
                name=line.name,
                kind=line.kind if party.mixed else "",
                table=first.table,
                seat=first.seat,
                lines=rows,
                total=line.total if any_result else None,
            )
        )
    order = {"N": 0, "E": 1, "S": 2, "W": 3}
    return sorted(cards, key=lambda c: (c.table, order[c.seat]))


def unprintable_names(party: Party) -> list[tuple[int, str, str]]:
    """The guests whose names hold a character no font of the printed matter draws (an emoji, a rare script):
    each guest's id, name and those characters, by name. The print page warns of them. One query."""
    guests = party.guests.order_by("name", "pk").values_list("pk", "name")
    return [(pk, name, missing) for pk, name in guests if (missing := unprintable(name))]


def table_cards(party: Party, links: dict[int, str]) -> list[data.TableCard]:
    return [data.TableCard(party.name, t, links.get(t, "")) for t in range(1, party.tables + 1)]


def score_cards(round_: Round) -> list[data.ScoreCard]:
    deals = [data.DealHeading(d.number, d.dealer, d.vulnerable) for d in round_selectors.round_deals()]
    return [
        data.ScoreCard(round_.party.name, round_.number, t.number, {s: t.name(s) for s in "NESW"}, deals)
        for t in round_selectors.round_tables(round_)
    ]


def movement_lines(round_: Round) -> list[data.MovementLine]:
    """The movement sheet posted on the wall: names as the players chose."""
    shown = party_namer(round_.party_id, Where.MOVEMENT_PDF)
    return [
        data.MovementLine(shown(m.name), m.kind, m.table, m.seat, shown(m.partner))
        for m in round_selectors.movement_sheet(round_)
    ]


def results_sheet(party: Party, standings: Standings | None = None, shown: Namer | None = None) -> data.ResultsSheet:
    """The printed results: names as the players chose (`shown`: the results sheet's, unless given)."""
    standings = standings or party_standings(party)
    shown = shown or party_namer(party.pk, Where.RESULTS_PDF)
    lines = [
        data.ResultLine(
            label=p.label,
            name=shown(p.name),
            kind=p.kind if party.mixed else "",
            total=p.total,
            booby=p.booby,
            rounds=[(n, r.table, r.seat, shown(r.partner), r.result) for n, r in sorted(p.rounds.items())],
        )
        for p in standings.players
    ]
    return data.ResultsSheet(
        party_name=party.name,
        party_date=party.date,
        mixed=party.mixed,
        keep_partners=party.keep_partners,
        rounds=standings.rounds,
        lines=lines,
        best_ladies=[(shown(p.name), p.total) for p in standings.ladies],
        best_gentlemen=[(shown(p.name), p.total) for p in standings.gentlemen],
        pairs=[(p.label, pair_of_players(p.name, shown), p.total) for p in standings.pairs],
        booby=[shown(name) for name in standings.booby],
    )


# DealRecordRow's fields, in order.
DEAL_COLUMNS = (
    "result__round__number",
    "result__table",
    "number",
    "contract",
    "declarer",
    "tricks",
    "score",
    "ns",
    "ew",
)


def _mid_round_sitters(party: Party) -> dict[tuple[int, int, str], tuple[str, list[tuple[str, int]]]]:
    """Each seat a reserve took during a round, by (round, table, seat): the player who sat first, then each
    reserve with the deal she sat from. One query."""
    spots: dict[tuple[int, int, str], tuple[str, list[tuple[str, int]]]] = {}
    rows = MidRoundSeat.objects.filter(round__party=party).order_by("round__number", "table", "seat", "from_deal", "pk")
    for number, table, seat, from_deal, left, came in rows.values_list(
        "round__number", "table", "seat", "from_deal", "left__name", "came__name"
    ):
        spots.setdefault((number, table, seat), (left, []))[1].append((came, from_deal))
    return spots


def workbook(party: Party) -> data.Workbook:
    """The results workbook, an export: names as the players chose."""
    standings = party_standings(party)
    shown = party_namer(party.pk, Where.RESULTS_XLSX)
    by_place: dict[tuple[int, int], dict[str, str]] = {}
    for line in standings.players:
        for number, r in line.rounds.items():
            by_place.setdefault((number, r.table), {})[r.seat] = shown(line.name)
    if party.replaced_mid_round:  # a reserve sat down during a round: the seat names each who played there
        for (number, table, seat), (first, reserves) in _mid_round_sitters(party).items():
            by_place.setdefault((number, table), {})[seat] = seat_sitters(first, reserves, shown)
    # Plain values, not instances: a 100-table party has 900 results, and building models was most of this read.
    whole = {
        (number, table): (ns, ew, winner)
        for number, table, status, winner, ns, ew in TableResult.objects.filter(round__party=party).values_list(
            "round__number", "table", "status", "winner", "ns", "ew"
        )
        if TableResult.complete(status, winner)  # only a whole result shows
    }
    seating = []
    for (number, table), names in sorted(by_place.items()):
        ns, ew, winner = whole.get((number, table), (None, None, ""))
        seating.append(
            data.SeatingRow(
                number,
                table,
                names.get("N", ""),
                names.get("E", ""),
                names.get("S", ""),
                names.get("W", ""),
                ns,
                ew,
                winner,
            )
        )
    entries = (
        DealEntry.objects.filter(result__round__party=party)
        .order_by("result__round__number", "result__table", "number")
        .values_list(*DEAL_COLUMNS)
    )
    deals = list(map(data.DealRecordRow._make, entries))
    return data.Workbook(results_sheet(party, standings, shown), seating, deals)

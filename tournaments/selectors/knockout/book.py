"""The printed matter's plain data: a knockout's whole book (plan, draw, pads, bracket) for printing/knockout/."""

from collections import defaultdict

from django.utils.translation import gettext as _

from tournaments.models import KnockoutDeal, KnockoutMatch, KnockoutRound
from tournaments.presentation.names import Where
from tournaments.printing import knockout as printed
from tournaments.selectors.knockout.bracket import bracket_view
from tournaments.selectors.knockout.event import CountedKnockout
from tournaments.selectors.knockout.pad import pad_view, seat_names
from tournaments.selectors.knockout.rounds import cut_note, status_words


def _printed_match(
    round_: KnockoutRound, m: KnockoutMatch, deals: list[KnockoutDeal], rules: str, full: dict
) -> printed.MatchSheet:
    pad = pad_view(m, deals, rules) if m.entry == KnockoutMatch.Entry.DEALS else None
    lines = [
        printed.PadLine(
            r.number, r.contract, r.declarer, r.tricks, r.honours, r.vulnerable,
            r.ns_above, r.ns_below, r.ew_above, r.ew_below, r.ns_running, r.ew_running, "; ".join(r.notes),
        )
        for r in (pad.rows if pad else [])
    ]  # fmt: skip
    decided = {"cut": _("a cut"), "deal": _("one more deal")}.get(m.decision, "") if m.winner_id else ""
    conceded = m.conceded_pair
    if conceded is not None:
        decided = _("a walkover: %(pair)s withdrew") % {"pair": conceded.name}
    return printed.MatchSheet(
        round_title=round_.title,
        table=m.table,
        ns=m.ns.name,
        ew=m.ew.name,
        # The score pad goes to the table: the names in full there (docs/names.md), whatever the draw prints.
        pad_ns=full.get(m.ns_id, (m.ns.name,))[0],
        pad_ew=full.get(m.ew_id, (m.ew.name,))[0],
        seats=_seats_in_full(m, full),
        deals_allowed=m.deals_allowed,
        lines=lines,
        finish_ns=pad.finish_ns if pad else None,
        finish_ew=pad.finish_ew if pad else None,
        ns_total=m.ns_total if m.started and conceded is None else None,
        ew_total=m.ew_total if m.started and conceded is None else None,
        finished=m.finished,
        winner=m.winner.name if m.winner is not None else "",
        margin=m.margin,
        decided_by=decided,
        best_loser=m.best_loser,
        entry=m.entry,
        progress=status_words(m),
        walkover=conceded.name if conceded is not None else "",
    )


def _seats_in_full(m: KnockoutMatch, full: dict[int, tuple[str, str, str]]) -> dict[str, str]:
    seats = seat_names(m)
    for pair_id, first, second in ((m.ns_id, "N", "S"), (m.ew_id, "E", "W")):
        if pair_id in full:
            seats[first], seats[second] = full[pair_id][1], full[pair_id][2]
    return seats


def knockout_book(
    knockout: CountedKnockout, only: KnockoutRound | None = None, where: Where = Where.DIRECTOR_PAGES
) -> printed.KnockoutBook:
    """Everything the bracket PDF and the results workbook print (or one round's draw and pads): three queries
    (four where a player is named as they chose: `where`, presentation/names.py; the pads always in full)."""
    view = bracket_view(knockout, where)
    deals_of: dict[int, list[KnockoutDeal]] = defaultdict(list)
    deals = KnockoutDeal.objects.filter(match__round__knockout=knockout).order_by("match_id", "number")
    if only is not None:
        deals = deals.filter(match__round=only)
    for deal in deals:
        deals_of[deal.match_id].append(deal)
    rounds = []
    for side in view.sides:
        for column in side.columns:
            if column.round is None or (only is not None and column.round.pk != only.pk):
                continue
            round_ = column.round
            rounds.append(
                printed.DrawRound(
                    title=round_.title,
                    bracket=round_.bracket,
                    number=round_.number,
                    closed=round_.is_closed,
                    arranged=round_.arranged,
                    draw_seed=round_.draw_seed,
                    matches=[
                        _printed_match(round_, m, deals_of[m.pk], knockout.rules, view.full) for m in column.matches
                    ],
                    cut_note=cut_note(round_.cut),
                )
            )
    return printed.KnockoutBook(
        name=knockout.name,
        date=knockout.date,
        plan=[printed.PlanRow(line.bracket, line.stage, line.tables, line.who) for line in view.plan.lines],
        plan_note=view.plan.note or view.plan.problem or "",
        rounds=rounds,
        winners={side.bracket: side.winner.name for side in view.sides if side.winner},
        runners_up={side.bracket: side.runner_up.name for side in view.sides if side.runner_up},
        free=[printed.FreePair(o.pair.name, o.how) for o in view.out],
    )

"""A match's rubber score pad, replayed by the rubber engine from its deals: the rows, the notes, the totals."""

from dataclasses import dataclass

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments import l10n
from tournaments.models import KnockoutDeal, KnockoutMatch, KnockoutRound
from tournaments.models.knockout import DEALS_PER_MATCH
from tournaments.rules import rubber
from tournaments.selectors.knockout.event import SIDE_SHORT, SIDE_WORDS, VULNERABLE_WORDS, entry_words


def match_get(round_: KnockoutRound, table: int) -> KnockoutMatch:
    return get_object_or_404(KnockoutMatch.objects.select_related("ns", "ew", "winner"), round=round_, table=table)


def _vulnerability(pad: rubber.RubberPad) -> str:
    ns, ew = pad.vulnerable("NS"), pad.vulnerable("EW")
    if ns and ew:
        return "both"
    if ns or ew:
        return "NS" if ns else "EW"
    return "none"


def seat_names(match: KnockoutMatch) -> dict[str, str]:
    """Who sits where: the pair's first player North (or East), the second South (or West)."""
    return {"N": match.ns.player_a, "S": match.ns.player_b, "E": match.ew.player_a, "W": match.ew.player_b}


def honours_words(code: str) -> str:
    """The pad's honours code in words: "NS100" -> "honours 100 to North–South"; "" for none."""
    side, points = (code or "")[:2].upper(), (code or "")[2:]
    if side not in SIDE_WORDS or not points.isdecimal():
        return code or ""
    return _("honours %(points)s to %(side)s") % {"points": points, "side": SIDE_WORDS[side]}


@dataclass(frozen=True)
class PadRow:
    number: int
    contract: str
    declarer: str
    player: str
    tricks: int
    honours: str
    vulnerable: str  # before the deal: "none", "NS", "EW", "both"
    ns_above: int
    ns_below: int
    ew_above: int
    ew_below: int
    ns_running: int
    ew_running: int
    notes: tuple[str, ...]
    extra: bool  # a deal beyond eight, to break a tie

    @property
    def passed(self) -> bool:
        return self.contract == "PASS"

    @property
    def vulnerable_words(self) -> str:
        return str(VULNERABLE_WORDS[self.vulnerable])

    @property
    def honours_words(self) -> str:
        """ "honours 100 to North–South" for "NS100"; "" for none."""
        return honours_words(self.honours)


@dataclass
class PadView:
    rows: list[PadRow]
    finish: list[rubber.Entry]  # the unfinished-rubber bonuses, once the last deal is in
    ns_total: int
    ew_total: int
    rubbers_finished: int
    games: dict[str, int]
    part: dict[str, int]
    next_number: int | None  # the deal to enter next; None when all are in
    next_vulnerable: str

    @property
    def next_breaks_a_tie(self) -> bool:
        return self.next_number is not None and self.next_number > DEALS_PER_MATCH

    @property
    def next_vulnerable_words(self) -> str:
        return str(VULNERABLE_WORDS[self.next_vulnerable])

    @property
    def standing(self) -> str:
        """Where the rubber in progress stands, in plain words."""
        words = []
        for side in ("NS", "EW"):
            if self.games[side]:
                words.append(_("%(side)s have a game") % {"side": SIDE_WORDS[side]})
            if self.part[side]:
                points = l10n.number(self.part[side])
                words.append(
                    _("%(side)s have %(points)s below the line") % {"side": SIDE_WORDS[side], "points": points}
                )
        return "; ".join(words) or _("a fresh rubber: nobody vulnerable, no part score")

    @property
    def finish_words(self) -> list[str]:
        """The unfinished-rubber bonuses in words: "E–W unfinished rubber: a game 300"."""
        return [
            _("%(side)s %(label)s %(points)s")
            % {"side": SIDE_SHORT.get(e.side, e.side), "label": entry_words(e.label), "points": l10n.number(e.points)}
            for e in self.finish
        ]

    @property
    def finish_ns(self) -> int:
        return sum(e.points for e in self.finish if e.side == "NS")

    @property
    def finish_ew(self) -> int:
        return sum(e.points for e in self.finish if e.side == "EW")


def _side_points(record: rubber.DealRecord, side: str, below: bool) -> int:
    return sum(e.points for e in record.entries if e.side == side and e.below == below)


def _notes(record: rubber.DealRecord) -> tuple[str, ...]:
    notes = [
        _("%(label)s %(points)s") % {"label": entry_words(e.label), "points": l10n.number(e.points)}
        for e in record.entries
        if not e.below and e.label in ("slam", "honours")
    ]
    if record.game_won_by:
        notes.append(_("game to %(side)s") % {"side": SIDE_WORDS[record.game_won_by]})
    if record.rubber_won_by:
        bonus = next(e.points for e in record.entries if e.label == "rubber")
        notes.append(
            _("rubber to %(side)s (%(bonus)s)")
            % {"side": SIDE_WORDS[record.rubber_won_by], "bonus": l10n.signed(bonus)}
        )
    return tuple(notes)


def pad_view(match: KnockoutMatch, deals: list[KnockoutDeal], rules: str) -> PadView:
    """The match's pad replayed deal by deal: above and below the line, vulnerability, games and rubbers."""
    pad, rows, names = rubber.RubberPad(rules), [], seat_names(match)
    for deal in deals:
        vulnerable = _vulnerability(pad)
        record = pad.play(deal.contract, deal.declarer, deal.tricks, deal.honours)
        rows.append(
            PadRow(
                deal.number, record.contract, record.declarer, names.get(record.declarer, ""), record.tricks,
                deal.honours, vulnerable,
                _side_points(record, "NS", False), _side_points(record, "NS", True),
                _side_points(record, "EW", False), _side_points(record, "EW", True),
                pad.totals["NS"], pad.totals["EW"], _notes(record), deal.number > DEALS_PER_MATCH,
            )
        )  # fmt: skip
    if match.entry == KnockoutMatch.Entry.DEALS and len(deals) >= match.deals_allowed:
        pad.finish(unfinished_bonus=True)
    # Over the two totals the pad can still be started, from deal 1 (its deals replace the totals).
    more = len(deals) < match.deals_allowed
    return PadView(
        rows=rows,
        finish=list(pad.finish_entries),
        ns_total=pad.totals["NS"],
        ew_total=pad.totals["EW"],
        rubbers_finished=pad.rubbers_finished,
        games=dict(pad.games),
        part=dict(pad.part),
        next_number=len(deals) + 1 if more else None,
        next_vulnerable=_vulnerability(pad),
    )


def match_pad(match: KnockoutMatch, rules: str) -> PadView:
    """One query: the match's deals."""
    return pad_view(match, list(match.deals.order_by("number")), rules)

"""PBN 2.1 records of every deal entered: who sat where, the contract, the result and the score.

A party deal is dealt at its table and played once: nothing records the cards. PBN lets a hand be
unknown ("-"), so every record has `[Deal "N:- - - -"]`: four unknown hands. Each table deals its own
cards, so no two deals of a file share a Board number: each table's round takes the next sixteen
numbers, table by table and round by round, and each deal the one of them whose duplicate dealer and
vulnerability are the party's own for it (deal 1 board 1, 2 board 6, 3 board 15, 4 board 4, plus 16 for
each table's round before), so a reader that takes them from the number agrees with the Dealer and
Vulnerable tags. Round and Table say where it was played.

Score is the contract's own duplicate score, named by the side that scored it ("NS 420", "EW 1080"):
what Contract, Declarer, Result and Vulnerable give. What the party counted after its 1,000-point cap
is our own tag, PartyCredit ("NS 1000 EW -1080": each side's credit or charge on the tally); PartyDeal
is the deal's number within its round (1 to 4). See docs/formats.md.

A knockout match is rubber bridge: Scoring "Rubber", vulnerability as the pad had it; nothing records
who dealt first, so Dealer is "?" (PBN's unknown). On a rubber deal both sides may score (honours to
one, the contract to the other): Score then names both, "NS 100 EW 120". MatchDeal is the deal's
number on its match's pad.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.files.interchange.data import Deal, Results

VULNERABLE = {"none": "None", "NS": "NS", "EW": "EW", "both": "All"}
UNKNOWN = "?"
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
OTHER = {"NS": "EW", "EW": "NS"}


def _tag(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _contract(code: str) -> str:
    """ "3N" -> "3NT", "4SX" -> "4SX", "PASS" -> "Pass"."""
    if code == "PASS":
        return "Pass"
    return code[0] + ("NT" if code[1] == "N" else code[1]) + code[2:]


def _rubber_score(deal: Deal) -> str:
    """A rubber deal's points, named by the side that scored them: "NS 220", "NS 100 EW 60" ("NS 0" passed out)."""
    if deal.ns > 0 and deal.ew > 0:
        return f"NS {deal.ns} EW {deal.ew}"
    if deal.ew > 0:
        return f"EW {deal.ew}"
    return f"NS {max(deal.ns, 0)}"


def _duplicate_score(deal: Deal) -> str:
    """The contract's duplicate score by the side that scored it: 4♠XX made by E-W vulnerable is "EW 1080"."""
    if deal.contract == "PASS":
        return "NS 0"
    side = SIDE[deal.declarer]
    return f"{side} {deal.score}" if deal.score >= 0 else f"{OTHER[side]} {-deal.score}"


def _record(results: Results, deal: Deal) -> list[str]:
    passed = deal.contract == "PASS"
    party = results.scoring != "Rubber"
    lines = [
        _tag("Event", results.event),
        _tag("Site", results.club),
        _tag("Date", results.day.strftime("%Y.%m.%d")),
        _tag("Board", str(deal.board)),
        _tag("West", deal.players.get("W", "")),
        _tag("North", deal.players.get("N", "")),
        _tag("East", deal.players.get("E", "")),
        _tag("South", deal.players.get("S", "")),
        _tag("Dealer", deal.dealer),
        _tag("Vulnerable", VULNERABLE[deal.vulnerable]),
        _tag("Deal", "N:- - - -"),
        _tag("Scoring", results.scoring),
        _tag("Declarer", "" if passed else deal.declarer),
        _tag("Contract", _contract(deal.contract)),
        _tag("Result", "" if passed else str(deal.tricks)),
        # Export format: the fifteen mandatory tags first, in the standard's order; then the supplemental ones.
        _tag("Round", deal.round_name or str(deal.round)),
        _tag("Table", str(deal.table)),
        _tag("Score", _duplicate_score(deal) if party else _rubber_score(deal)),
    ]
    if party:
        lines += [_tag("PartyDeal", str(deal.number)), _tag("PartyCredit", f"NS {deal.ns} EW {deal.ew}")]
    else:
        lines.append(_tag("MatchDeal", str(deal.number)))
    return lines


def pbn_bytes(results: Results) -> bytes:
    """Raises ValidationError when no deal was entered (a night entered as round results only)."""
    if not results.deals:
        raise ValidationError(
            _("%(event)s was entered as round results only, without its deals: there is nothing to write as PBN.")
            % {"event": results.event}
        )
    lines = ["% PBN 2.1", "% EXPORT", f"% {results.program}", ""]
    for deal in results.deals:
        lines.extend(_record(results, deal))
        lines.append("")
    return "\r\n".join(lines).encode()

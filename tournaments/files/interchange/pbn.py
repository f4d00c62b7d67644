"""PBN 2.1 records of every deal entered: who sat where, the contract, the result and the score.

A party deal is dealt at its table and played once: nothing records the cards. PBN lets a hand be
unknown ("-"), so every record has `[Deal "N:- - - -"]`: four unknown hands. Each table's deal is a
game of its own; Round and Table say where it was played, Board numbers the deals of the evening
(round 2's first deal is board 5). Scoring is "Chicago": four deals, dealer and vulnerability
rotating (none, EW, NS, both), as a party round plays them.

A knockout match is rubber bridge: Scoring "Rubber", each match's deals numbered 1 to 8 (more after a
tie) under the round's name, vulnerability as the pad had it; nothing records who dealt first, so
Dealer is "?" (PBN's unknown). On a rubber deal both sides may score (honours to one, the contract to
the other): Score then names both, "NS 100 EW 120".
"""

from tournaments.files.interchange.data import Deal, Results

VULNERABLE = {"none": "None", "NS": "NS", "EW": "EW", "both": "All"}
UNKNOWN = "?"


def _tag(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _contract(code: str) -> str:
    """ "3N" -> "3NT", "4SX" -> "4SX", "PASS" -> "Pass"."""
    if code == "PASS":
        return "Pass"
    return code[0] + ("NT" if code[1] == "N" else code[1]) + code[2:]


def _score(deal: Deal) -> str:
    """The deal's score, named by the side that scored it: "NS 420", "EW 400" ("NS 0" passed out)."""
    if deal.ns > 0 and deal.ew > 0:
        return f"NS {deal.ns} EW {deal.ew}"
    if deal.ew > 0:
        return f"EW {deal.ew}"
    return f"NS {max(deal.ns, 0)}"


def _record(results: Results, deal: Deal) -> list[str]:
    passed = deal.contract == "PASS"
    return [
        _tag("Event", results.event),
        _tag("Site", results.club),
        _tag("Date", results.day.strftime("%Y.%m.%d")),
        _tag("Board", str(deal.board or (deal.round - 1) * 4 + deal.number)),
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
        # Export format: the fifteen mandatory tags first, in the standard's order; then ours.
        _tag("Round", deal.round_name or str(deal.round)),
        _tag("Table", str(deal.table)),
        _tag("Score", _score(deal)),
    ]


def pbn_bytes(results: Results) -> bytes:
    lines = ["% PBN 2.1", "% EXPORT", f"% {results.program}", ""]
    for deal in results.deals:
        lines.extend(_record(results, deal))
        lines.append("")
    return "\r\n".join(lines).encode()

"""BridgeWebs' own CSV upload ("22.3 CSV Format", https://www.bridgewebs.com/guideus/page40.html).

Option lines first, each "#Name" and its value: #Version std1, #Source (this program), #Title, #Date
(DD/MM/YYYY), #Boards, #Aggregate (the party is scored by aggregate points), #Individual when partners
change every round (#Pairs when they stay together), #Winners 1 (one ranking). Then the data sections:
#Scores, a heading line and one line a player (an individual event) or a pair; #BoardFormat, what each
board line carries after "#Board" (its number); #Travellers, a heading line and, after each "#Board" line,
the deal's one traveller line (each table deals its own cards): the pairs (or, individually, the two
players' numbers in the ranking, "3-7"), the contract's score to the side that scored it, the party's
credit to each side after the 1,000 cap, the contract, tricks and declarer. The sections come in the
order a public reader of the format requires (Marc Shearer's ImportUsebio, "BridgeWebs Csv Parser.swift":
#Version first, then #Scores, #BoardFormat, #Travellers, #Board).

Comma-separated (the reader takes the separator from the first line), UTF-8 with no byte-order mark,
so the first line starts with "#" as the reader looks for. A shared place is written "4=", as the
format's own examples write it: nothing to mistake for a formula. A name that starts like a formula is
still written as text (the same guard as our workbooks).
"""

import csv
import io

from tournaments.files.interchange.data import Deal, Results

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TRAVELLER_HEADINGS = ["NS", "EW", "NSScore", "EWScore", "NSPts", "EWPts", "Contract", "Tricks", "Declarer"]


def _text(value: str) -> str:
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def _place(place: int, tied: bool) -> str:
    return f"{place}=" if tied else str(place)


def _contract(deal: Deal) -> str:
    if deal.contract == "PASS":
        return "PASS"
    return deal.contract[0] + ("NT" if deal.contract[1] == "N" else deal.contract[1]) + deal.contract[2:]


def _scores(deal: Deal) -> tuple[str, str]:
    """The contract's score in the column of the side that scored it (NSScore or EWScore), the other empty."""
    if deal.contract == "PASS":
        return "0", ""
    ns = deal.score if deal.declarer in "NS" else -deal.score
    return (str(ns), "") if ns >= 0 else ("", str(-ns))


def bridgewebs_bytes(results: Results) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["#Version", "std1"])
    writer.writerow(["#Source", results.program])
    writer.writerow(["#Title", _text(results.event)])
    writer.writerow(["#Date", results.day.strftime("%d/%m/%Y")])
    writer.writerow(["#Boards", results.rounds * 4])
    writer.writerow(["#Aggregate", 1])
    writer.writerow(["#Pairs", 1] if results.pairs else ["#Individual", 1])
    writer.writerow(["#Winners", 1])
    writer.writerow(["#Scores"])
    if results.pairs:
        writer.writerow(["Position", "Pair", "Name1", "Name2", "Score"])
        for pair in results.pairs:
            first, second = pair.players
            writer.writerow(
                [_place(pair.place, pair.tied), pair.number, _text(first.name), _text(second.name), pair.total]
            )
    else:
        writer.writerow(["Position", "Player", "Name", "Score"])
        for number, player in enumerate(results.players, start=1):
            writer.writerow([_place(player.place, player.tied), number, _text(player.name), player.total])
    # What follows "#Board" on each board line: the deal's number.
    writer.writerow(["#BoardFormat", "Board"])
    writer.writerow(["#Travellers"])
    writer.writerow(TRAVELLER_HEADINGS)
    for deal in results.deals:
        writer.writerow(["#Board", deal.board])
        ns_score, ew_score = _scores(deal)
        writer.writerow(
            [
                deal.ns_pair,
                deal.ew_pair,
                ns_score,
                ew_score,
                deal.ns,
                deal.ew,
                _contract(deal),
                deal.tricks,
                deal.declarer,
            ]
        )
    return out.getvalue().encode()

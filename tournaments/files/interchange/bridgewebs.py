"""BridgeWebs' own CSV upload ("22.3 CSV Format", https://www.bridgewebs.com/guideus/page40.html).

Option lines first, each "#Name" and its value: #Version std1, #Source (this program), #Title, #Date
(DD/MM/YYYY), #Boards (the deals the evening played: every table deals its own four a round), #Aggregate
(the party is scored by aggregate points), #Pairs when partners stay together or #Individual when they change
every round, #Winners 1 (one ranking). Then the data sections: #Scores, a heading line and one line a pair
or a player; #BoardFormat, what each board line carries after "#Board" (its number); #Travellers, a heading
line and, after each "#Board" line, the deal's one traveller line (each table deals its own cards).

The only public program that reads the format (Marc Shearer's ImportUsebio, "BridgeWebs Csv Parser.swift")
fixes the rest, and docs/formats.md says where it and the guide part:
- the sections in its order: #Version first, then #Scores, #BoardFormat, #Travellers, each #Board;
- lines split at CR and fields at every comma, nothing unquoted: so no field holds a comma, a CR or a LF,
  and nothing is quoted (a comma in a name becomes a semicolon);
- the ranking's columns by the names it reads (Position, Pair, Name1, Name2) and every place a whole number
  (it reads "1=" as no place at all): a shared place is the place itself on each line;
- every participant numbered in the Pair column (an individual's player by place in the ranking, the number
  its travellers use, "3-7").
UTF-8 with no byte-order mark, so the first line starts with "#" as both read. A name that starts like a
formula is still written as text (the same guard as our workbooks).
"""

from tournaments.files.interchange.data import Deal, Results

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TRAVELLER_HEADINGS = ["NS", "EW", "NSScore", "EWScore", "NSPts", "EWPts", "Contract", "Tricks", "Declarer"]


def _text(value: str) -> str:
    """One field as both readers split it: no comma, no line break; a formula start guarded."""
    value = value.replace("\r", " ").replace("\n", " ").replace(",", ";")
    return "'" + value if value.startswith(FORMULA_STARTS) else value


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


def _options(results: Results) -> list[list[str]]:
    return [
        ["#Version", "std1"],
        ["#Source", _text(results.program)],
        ["#Title", _text(results.event)],
        ["#Date", results.day.strftime("%d/%m/%Y")],
        ["#Boards", str(results.deals_played)],
        ["#Aggregate", "1"],
        ["#Pairs", "1"] if results.pairs else ["#Individual", "1"],
        ["#Winners", "1"],
    ]


def _ranking(results: Results) -> list[list[str]]:
    """The #Scores section. The total is aggregate points under "Score": not the percentage the one reader
    takes (docs/formats.md)."""
    if results.pairs:
        lines = [["Position", "Pair", "Name1", "Name2", "Score"]]
        for pair in results.pairs:
            first, second = pair.players
            lines.append([str(pair.place), str(pair.number), _text(first.name), _text(second.name), str(pair.total)])
        return lines
    lines = [["Position", "Pair", "Name1", "Score"]]
    for number, player in enumerate(results.players, start=1):
        lines.append([str(player.place), str(number), _text(player.name), str(player.total)])
    return lines


def _travellers(results: Results) -> list[list[str]]:
    lines = [["#BoardFormat", "Board"], ["#Travellers"], TRAVELLER_HEADINGS]
    for deal in results.deals:
        ns_score, ew_score = _scores(deal)
        lines.append(["#Board", str(deal.board)])
        lines.append(
            [
                _text(deal.ns_pair),
                _text(deal.ew_pair),
                ns_score,
                ew_score,
                str(deal.ns),
                str(deal.ew),
                _contract(deal),
                str(deal.tricks),
                deal.declarer,
            ]
        )
    return lines


def bridgewebs_bytes(results: Results) -> bytes:
    lines = [*_options(results), ["#Scores"], *_ranking(results), *_travellers(results)]
    return "".join(",".join(line) + "\r\n" for line in lines).encode()

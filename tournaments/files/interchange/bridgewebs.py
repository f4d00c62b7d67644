"""A BridgeWebs-style ranking CSV: one line a player, with place, name, member number and score.

UTF-8 with a byte-order mark, so that a spreadsheet opened by a club's webmaster shows accents
right. A name that starts like a formula is written as text (the same guard as our workbooks).
"""

import csv
import io

from tournaments.files.interchange.data import Results

HEADINGS = ["Place", "Name", "Member number", "Score"]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str) -> str:
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def bridgewebs_bytes(results: Results) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADINGS)
    for player in results.players:
        place = f"={player.place}" if player.tied else str(player.place)
        # A shared place starts with "=": written as text, it never becomes a formula.
        writer.writerow([_text(place), _text(player.name), _text(player.number), player.total])
    return ("\ufeff" + out.getvalue()).encode()

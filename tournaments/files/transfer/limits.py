"""The limits of an import, far beyond any real event: a hostile file is refused before it costs anything."""

import re

from django.core.exceptions import ValidationError
from django.utils.translation import ngettext

from tournaments.files.transfer.common import _damaged, _shown
from tournaments.models.knockout import DEALS_PER_MATCH
from tournaments.models.party import MAX_ROUNDS, MAX_TABLES
from tournaments.rules import party as party_rules
from tournaments.services.knockout import MAX_PAIRS

# Derived from the formats' own maxima: a party has at most 500 tables (MAX_TABLES) and 30 rounds (MAX_ROUNDS) of
# four deals, a knockout 64 pairs (MAX_PAIRS). Counted before a row is read: 200,000 history rows took 20 s to read.

MB = 1024 * 1024
MAX_FILE_MB = 100  # the largest party, 500 tables for 30 rounds entered deal by deal from the phones: about 50 MB
MAX_FILE_BYTES = MAX_FILE_MB * MB
MAX_DEPTH = 10  # lists and objects within each other: an export nests six deep (history, entry, after, deals, deal)
MAX_RESULTS = MAX_TABLES * MAX_ROUNDS  # 15,000
HISTORY_PER_RESULT = 50  # a table's result is entered, accepted, corrected: about ten changes, never fifty
MAX_EXTRA_DEALS = DEALS_PER_MATCH  # as MORE_BOUNDS has it
PARTY_LIMITS = {
    "guests": 2 * 4 * MAX_TABLES,  # twice the seats of the largest party: reserves and those who left
    "tables": MAX_TABLES,
    "rounds": MAX_ROUNDS,
    "seats": 4 * MAX_RESULTS,
    "overrides": 4 * MAX_RESULTS,
    # Each replacement seats a reserve, who is no reserve afterwards: one for each guest at most.
    "mid_round": 2 * 4 * MAX_TABLES,
    "results": MAX_RESULTS,
    "deals": party_rules.DEALS_PER_ROUND * MAX_RESULTS,
}
MAX_KNOCKOUT_ROUNDS = MAX_PAIRS  # each round sends at least one pair home
MAX_MATCHES = MAX_KNOCKOUT_ROUNDS * MAX_PAIRS // 2
KNOCKOUT_LIMITS = {
    "rounds": MAX_KNOCKOUT_ROUNDS,
    "matches": MAX_MATCHES,
    "deals": MAX_MATCHES * (DEALS_PER_MATCH + MAX_EXTRA_DEALS),
}


def _too_many(where: str, count: int, most: int) -> ValidationError:
    values = {"where": where, "count": count, "most": most}
    return _damaged(
        ngettext(
            "%(where)s has %(count)s row (at most %(most)s expected)",
            "%(where)s has %(count)s rows (at most %(most)s expected)",
            count,
        )
        % values
    )


def _within(data: dict, limits: dict[str, int]) -> None:
    """Each section's rows counted against its limit, before any is read."""
    for key, most in limits.items():
        rows = data.get(key)
        if isinstance(rows, list) and len(rows) > most:
            raise _too_many(_shown(key), len(rows), most)


def _history_within(data: dict) -> None:
    history, results = data.get("history"), data.get("results")
    if not isinstance(history, list) or not isinstance(results, list):
        return
    most = HISTORY_PER_RESULT * len(results)
    if len(history) > most:
        values = {"count": len(history), "most": most, "each": HISTORY_PER_RESULT, "results": len(results)}
        raise _damaged(
            ngettext(
                "“history” has %(count)s rows (at most %(most)s expected: %(each)s for each of the file's "
                "%(results)s result)",
                "“history” has %(count)s rows (at most %(most)s expected: %(each)s for each of the file's "
                "%(results)s results)",
                len(results),
            )
            % values
        )


_STRINGS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_SQUARE = bytes.maketrans(b"{}", b"[]")


def _too_deep(raw: bytes) -> bool:
    """Lists and objects nested more than MAX_DEPTH deep, seen without parsing: the strings taken out, then the
    brackets alone. Each pass takes out every innermost pair, so one level less; what is left after MAX_DEPTH passes
    is deeper. (An unclosed bracket is no JSON: the parser says so, or gives up deep down.)"""
    brackets = _STRINGS.sub(b"", raw).translate(_SQUARE, _NOT_BRACKETS)
    for _ in range(MAX_DEPTH):
        if b"[]" not in brackets:
            return False
        brackets = brackets.replace(b"[]", b"")
    return b"[]" in brackets

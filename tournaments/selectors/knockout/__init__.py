"""Reads for the knockout pages: each a fixed number of queries, whatever the tables or rounds played.

The pad of a match is replayed by the rubber engine from its deals (nothing scored is stored but the two
totals), and the plan and best losers come from the knockout engine: these functions only gather the rows.

The package: event.py (the list, one event, the plan), rounds.py, pad.py (a match's score pad), bracket.py
(the bracket and its chart) and book.py (the printed matter's data); every name is re-exported here.
"""

from tournaments.selectors.knockout.book import knockout_book
from tournaments.selectors.knockout.bracket import (
    BracketColumn,
    BracketSide,
    BracketView,
    OutPair,
    bracket_chart,
    bracket_view,
)
from tournaments.selectors.knockout.event import (
    BRACKETS,
    ENTRY_WORDS,
    SEAT_LETTERS,
    SEAT_WORDS,
    SIDE_SHORT,
    SIDE_WORDS,
    VULNERABLE_WORDS,
    CountedKnockout,
    PlanLine,
    PlanView,
    entry_words,
    knockout_get,
    knockout_list,
    knockout_pairs,
    plan_view,
    seat_letter,
)
from tournaments.selectors.knockout.pad import (
    PadRow,
    PadView,
    honours_words,
    match_get,
    match_pad,
    pad_view,
    seat_names,
)
from tournaments.selectors.knockout.rounds import (
    RoundView,
    close_problems,
    knockout_rounds,
    round_get,
    round_matches,
    round_outcome,
    round_view,
    status_words,
)
from tournaments.selectors.knockout.withdrawal import (
    WithdrawalPreview,
    open_match,
    withdrawal_pair,
    withdrawal_preview,
    withdrawal_refusal,
)

__all__ = [
    "BRACKETS",
    "BracketColumn",
    "BracketSide",
    "BracketView",
    "CountedKnockout",
    "ENTRY_WORDS",
    "OutPair",
    "PadRow",
    "PadView",
    "PlanLine",
    "PlanView",
    "RoundView",
    "SEAT_LETTERS",
    "SEAT_WORDS",
    "SIDE_SHORT",
    "SIDE_WORDS",
    "VULNERABLE_WORDS",
    "WithdrawalPreview",
    "bracket_chart",
    "bracket_view",
    "close_problems",
    "entry_words",
    "honours_words",
    "knockout_book",
    "knockout_get",
    "knockout_list",
    "knockout_pairs",
    "knockout_rounds",
    "match_get",
    "match_pad",
    "pad_view",
    "plan_view",
    "round_get",
    "round_matches",
    "round_outcome",
    "round_view",
    "seat_letter",
    "seat_names",
    "status_words",
    "open_match",
    "withdrawal_pair",
    "withdrawal_preview",
    "withdrawal_refusal",
]

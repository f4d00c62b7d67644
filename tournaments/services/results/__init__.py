"""Writes for a table's round result: entered deal by deal or as the two net figures.

Every write keeps a history row (who, when, before, after) and bumps the result's version, so
a second phone or director working from an old copy is told instead of overwriting silently.

The package: round_result.py (a result written whole: recorded, cut, locked, undone), deal_by_deal.py (the
plain-SQL hot path: the phone's one deal at a time, and a round's result agreed), whole_round.py (a round's
deals from the phone's whole-round form, on that path too) and common.py (what they share); every name is here.
"""

from tournaments.services.results.common import SEND_ID_MAX, SIDE_NAMES, SendRefused, StaleResult
from tournaments.services.results.deal_by_deal import (
    ATTEMPTS,
    deal_accept,
    deal_record,
    deal_shown,
    result_agree,
    send_content,
)
from tournaments.services.results.round_result import (
    result_cut_override,
    result_lock,
    result_record,
    result_undo,
)
from tournaments.services.results.unfinished import result_close_unfinished
from tournaments.services.results.whole_round import round_enter

__all__ = [
    "ATTEMPTS",
    "SEND_ID_MAX",
    "SIDE_NAMES",
    "SendRefused",
    "StaleResult",
    "deal_accept",
    "deal_record",
    "deal_shown",
    "result_agree",
    "result_close_unfinished",
    "result_cut_override",
    "result_lock",
    "result_record",
    "result_undo",
    "round_enter",
    "send_content",
]

"""A stored deal replayed onto the sheet (selectors.towie.deal_apply): half of the honours is refused in the
engine's own words, as the engine refuses the same pair given to it directly."""

import pytest

from tournaments.models import TowieDeal
from tournaments.rules import towie
from tournaments.rules.errors import RuleError
from tournaments.selectors.towie import deal_apply

NAMES = {1: "Ann", 2: "Bob", 3: "Cy", 4: "Di"}


def _stored(**honours) -> TowieDeal:
    """Ann declares 4S and takes ten tricks, seated with Bob and Cy, Ann dealing (not saved: no database)."""
    return TowieDeal(
        kind=TowieDeal.Kind.PLAYED,
        contract="4S",
        tricks=10,
        declarer_id=1,
        seat_1_id=1,
        seat_2_id=2,
        seat_3_id=3,
        dealer_id=1,
        **honours,
    )


@pytest.mark.parametrize(
    ("honours", "given", "message"),
    [
        (
            {"honours_holder_id": None, "honours": 150},
            (None, 150),
            "the honours holder must be one of the players (Ann, Bob, Cy, Di), not None",
        ),
        ({"honours_holder_id": 2, "honours": None}, ("Bob", None), "honours are worth 100 or 150, not None"),
    ],
)
def test_half_of_the_honours_is_refused_as_the_engine_refuses_it(honours, given, message):
    sheet = towie.TowieSheet(list(NAMES.values()))
    with pytest.raises(RuleError) as stored:
        deal_apply(sheet, _stored(**honours), NAMES)
    assert str(stored.value) == message
    assert sheet.deals == [] and sheet.totals == dict.fromkeys(NAMES.values(), 0)

    with pytest.raises(RuleError) as direct:
        towie.TowieSheet(list(NAMES.values())).play("Ann", "4S", 10, given)
    assert (stored.value.message, stored.value.figures) == (direct.value.message, direct.value.figures)


def test_whole_honours_score_for_their_holder():
    sheet = towie.TowieSheet(list(NAMES.values()))
    scored = deal_apply(sheet, _stored(honours_holder_id=2, honours=100), NAMES)
    assert scored.honours == ("Bob", 100)
    assert sheet.totals["Bob"] == 100

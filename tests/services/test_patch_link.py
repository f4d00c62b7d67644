"""TableResult.patch (issue 28 item 3): a phone's write that changes one deal's line and the running score
only keeps "<the page's validator before>:<after>:<deal>", the validators being the phone's own poll's
(selectors/live.py) before and after it; a phone's other writes keep none. The director's writes leave
the link as it was: each bumps the result's version, so the validator after it is no longer the link's
and the poll draws the part (selectors/live.phone_poll checks that)."""

import pytest

from tests.services.test_deal_by_deal import FOUR, accept, record, round_one, token_of  # noqa: F401 (fixture)
from tournaments.models import Round, TableResult
from tournaments.selectors import live

pytestmark = pytest.mark.django_db


def now_live(round_):
    state = live.phone_state(token_of(round_).token)
    assert state is not None  # the link is live
    return state["live"]


def fresh(round_):
    """The round as a phone's save reads it, afresh (the first deal started its clock)."""
    return Round.objects.select_related("party").get(pk=round_.pk)


def link(round_):
    return TableResult.objects.get(round=round_, table=1).patch


def test_a_deal_after_the_first_and_an_acceptance_keep_the_validators_before_and_after(round_one):  # noqa: F811
    record(round_one, 1, FOUR[0])
    assert link(round_one) == ""  # the first deal: the round's running score appears, the part is drawn
    before = now_live(round_one)
    result, _ = record(fresh(round_one), 2, FOUR[1])
    assert link(round_one) == result.patch_link == f"{before}:{now_live(round_one)}:2"
    before = now_live(round_one)
    result = accept(fresh(round_one), 1)
    assert link(round_one) == result.patch_link == f"{before}:{now_live(round_one)}:1"


@pytest.mark.parametrize("case", ["a correction", "the fourth deal", "the round agreed"])
def test_other_writes_keep_no_patch(round_one, case):  # noqa: F811
    for number, deal in enumerate(FOUR[:3], start=1):
        record(round_one, number, deal)
    if case == "a correction":
        record(round_one, 2, ("1N", "S", 7), correcting=True)
    elif case == "the fourth deal":
        record(round_one, 4, FOUR[3])
    else:
        record(round_one, 4, FOUR[3])
        for number in (1, 2, 3, 4):
            accept(round_one, number)
    assert link(round_one) == ""
    polled = live.phone_poll(token_of(round_one).token)
    assert polled is not None  # the link is live
    state, patch = polled
    assert patch is None


def test_the_first_deal_of_a_running_round_keeps_its_link(round_one):  # noqa: F811
    from tournaments.services import rounds as round_services

    round_services.round_start(round_=fresh(round_one))
    before = now_live(round_one)
    result, _ = record(fresh(round_one), 1, FOUR[0])
    assert link(round_one) == result.patch_link == f"{before}:{now_live(round_one)}:1"

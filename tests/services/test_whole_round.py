"""The phone's whole-round form on the plain-SQL path (services/results/whole_round.py): it stores what
result_record stores, refuses what it refuses with the same words and changes nothing then, and a change
made between its read and its write is seen."""

import pytest
from django.core.exceptions import ValidationError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import make_party
from tests.services.between import between_read_and_write
from tournaments.models import DealEntry, ResultChange, Round, TableResult, TableToken
from tournaments.services import results as result_services
from tournaments.services.results import whole_round

pytestmark = pytest.mark.django_db

CONTRACTS = ["PASS", "1C", "2NT", "3NTX", "4S", "4HX", "5DXX", "6C", "7NT"]


@st.composite
def a_round(draw) -> list[tuple[str, str, int]]:
    """One to four deals as the form gives them: a passed-out deal has no declarer and no tricks."""
    deals = []
    for _ in range(draw(st.integers(1, 4))):
        contract = draw(st.sampled_from(CONTRACTS))
        if contract == "PASS":
            deals.append(("PASS", "", 0))
        else:
            deals.append((contract, draw(st.sampled_from("NESW")), draw(st.integers(0, 13))))
    return deals


@pytest.fixture
def party(director):
    return make_party(tables=2, user=director)


def stored(round_: Round, table: int) -> dict:
    """What the table's result is, as a reader finds it (the cut aside: a tie's is drawn)."""
    result = TableResult.objects.get(round=round_, table=table)
    fields = ("entry", "status", "ns", "ew", "ns_agreed", "ew_agreed", "locked", "version", "cut_overridden")
    deals = DealEntry.objects.filter(result=result).order_by("number")
    changes = ResultChange.objects.filter(result=result).order_by("id")
    return {
        **{f: getattr(result, f) for f in fields},
        "winner": result.winner if not result.cut else "cut",
        "deals": [
            (d.number, d.contract, d.declarer, d.tricks, d.score, d.ns, d.ew, d.entered_by, d.accepted) for d in deals
        ],
        "history": [(c.action, c.by_token_id is not None, _uncut(c.before), _uncut(c.after)) for c in changes],
    }


def _uncut(snapshot: dict) -> dict:
    return snapshot | {"winner": "cut"} if snapshot.get("cut") else snapshot


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=a_round(), then=st.one_of(st.none(), a_round()))
def test_it_stores_what_result_record_stores(party, first, then):
    """Table 1 through result_record (the ORM's path), table 2 through round_enter: the same results, deals and
    history, for a first entry and an entry made again over it (four deals or fewer each time)."""
    round_ = party.rounds.get(number=1)
    TableResult.objects.filter(round=round_).delete()
    tokens = {t.table: t for t in TableToken.objects.filter(party=party)}
    for version, deals in enumerate(filter(None, (first, then))):
        entry = {"round_": round_, "deals": deals, "complete": len(deals) == 4, "expected_version": version}
        result_services.result_record(table=1, by_token=tokens[1], action="entered at the table", **entry)
        entered, notices = result_services.round_enter(table=2, by_token=tokens[2], **entry)
        assert (entered.version, entered.ns, entered.ew) == (version + 1, *TableResult.objects.filter(
            round=round_, table=2).values_list("ns", "ew").get())  # fmt: skip
        assert bool(notices) == entered.cut
    assert stored(round_, 2) == stored(round_, 1)


def test_four_deals_make_the_round_wait_for_both_sides(party):
    """Deal 1, 4♠ just made by North, not vulnerable: 120 for the tricks and 300 for the game; three passed out:
    N–S +420, E–W −420."""
    round_ = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=1)
    deals = [("4S", "N", 10), ("PASS", "", 0), ("PASS", "", 0), ("PASS", "", 0)]
    result, notices = result_services.round_enter(
        round_=round_, table=1, deals=deals, complete=True, by_token=token, expected_version=0
    )
    assert (result.ns, result.ew, result.winner, result.status, notices) == (420, -420, "NS", "submitted", [])
    stored_result = TableResult.objects.get(round=round_, table=1)
    assert (stored_result.ns, stored_result.ew, stored_result.status, stored_result.version) == (
        420,
        -420,
        "submitted",
        1,
    )
    assert Round.objects.get(pk=round_.pk).clock_started_at is not None  # the round's first entry starts its clock


def _refused(round_: Round, table: int, expected_version: int, message: str) -> None:
    before = list(TableResult.objects.filter(round=round_).values()), list(DealEntry.objects.values())
    changes = ResultChange.objects.count()
    token = TableToken.objects.get(party=round_.party, table=1)
    with pytest.raises(ValidationError) as refused:
        result_services.round_enter(
            round_=round_, table=table, deals=[("1NT", "S", 7)], complete=False, by_token=token,
            expected_version=expected_version,
        )  # fmt: skip
    assert refused.value.messages == [message]
    after = list(TableResult.objects.filter(round=round_).values()), list(DealEntry.objects.values())
    assert after == before and ResultChange.objects.count() == changes


def test_refusals_say_why_and_change_nothing(party, director):
    round_ = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=1)
    result_services.round_enter(
        round_=round_, table=1, deals=[("4S", "N", 10)], complete=False, by_token=token, expected_version=0
    )
    _refused(round_, 3, 0, "There is no table 3 at this party.")
    _refused(
        round_, 1, 0,
        "Someone else at this table saved a change a moment ago: their entry is shown now. Check it and save again.",
    )  # fmt: skip
    result_services.result_lock(round_=round_, table=1, locked=True, by_user=director)
    _refused(round_, 1, 2, "The director has locked this table: ask the director to change it.")
    result_services.result_lock(round_=round_, table=1, locked=False, by_user=director)
    four = [("4S", "N", 10), ("PASS", "", 0), ("PASS", "", 0), ("PASS", "", 0)]
    result_services.result_record(round_=round_, table=1, deals=four, by_user=director)
    _refused(round_, 1, 4, "This round is accepted: ask the director for any change.")
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
    _refused(round_, 1, 4, "Round 1 is closed: results can no longer be entered here.")


def test_a_change_between_its_read_and_its_write_is_seen(party, director, monkeypatch):
    """The director locks the table after the phone's entry was read and checked: its conditional update
    finds the result changed, so it reads again and is refused, and the director's lock stands."""
    round_ = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=1)
    result_services.round_enter(
        round_=round_, table=1, deals=[("4S", "N", 10)], complete=False, by_token=token, expected_version=0
    )
    reads = between_read_and_write(
        monkeypatch,
        whole_round,
        lambda: result_services.result_lock(round_=round_, table=1, locked=True, by_user=director),
    )
    with pytest.raises(ValidationError) as refused:
        result_services.round_enter(
            round_=round_, table=1, deals=[("3NT", "S", 9)], complete=False, by_token=token, expected_version=1
        )
    assert len(reads) == 2
    assert refused.value.messages == ["The director has locked this table: ask the director to change it."]
    result = TableResult.objects.get(round=round_, table=1)
    assert result.locked and [d.contract for d in result.deals.all()] == ["4S"]


def test_two_phones_entering_the_first_round_at_one_moment(party, monkeypatch):
    """Both phones at the table read no result yet; the other phone's round is written first. This one's
    insert then meets the other's row, so it reads again and is told someone else saved: the other's entry
    stands, whole, and nothing is doubled."""
    round_ = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=1)
    theirs = [("4S", "N", 10), ("PASS", "", 0)]
    between_read_and_write(
        monkeypatch,
        whole_round,
        lambda: result_services.result_record(
            round_=round_, table=1, deals=theirs, complete=False, by_token=token, expected_version=0
        ),
    )
    with pytest.raises(result_services.StaleResult) as refused:
        result_services.round_enter(
            round_=round_, table=1, deals=[("3NT", "S", 9)], complete=False, by_token=token, expected_version=0
        )
    # Read again, the other's entry is there: the words say so (result_record said "at the same moment").
    assert refused.value.messages == [
        "Someone else at this table saved a change a moment ago: their entry is shown now. Check it and save again."
    ]
    result = TableResult.objects.get(round=round_, table=1)
    assert [(d.contract, d.tricks) for d in result.deals.all()] == [("4S", 10), ("PASS", 0)]
    assert (result.version, ResultChange.objects.filter(result=result).count()) == (1, 1)


def test_both_sides_agreeing_between_its_read_and_its_write(party, monkeypatch):
    """An agreement changes no version: the entry's update is conditional on the state read too, so the round
    accepted meanwhile is seen, and the entry refused with the words for an accepted round."""
    round_ = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=1)
    four = [("4S", "N", 10), ("PASS", "", 0), ("PASS", "", 0), ("PASS", "", 0)]
    result_services.round_enter(round_=round_, table=1, deals=four, complete=True, by_token=token, expected_version=0)

    def both_agree() -> None:
        for side in ("NS", "EW"):
            result_services.result_agree(round_=round_, table=1, side=side, by_token=token, expected_version=1)

    between_read_and_write(monkeypatch, whole_round, both_agree)
    with pytest.raises(ValidationError) as refused:
        result_services.round_enter(
            round_=round_, table=1, deals=[("PASS", "", 0)] * 4, complete=True, by_token=token, expected_version=1
        )
    assert refused.value.messages == ["This round is accepted: ask the director for any change."]
    result = TableResult.objects.get(round=round_, table=1)
    assert (result.status, result.ns, result.version) == ("agreed", 420, 1)


def test_a_cut_the_director_overrode_stays_through_an_entry_of_fewer_deals(party, director):
    """Four passed-out deals tie (a cut); the director gives it to East–West; the table then enters two deals
    again: as through result_record, the round is in progress and the override's mark is kept."""
    round_ = party.rounds.get(number=1)
    tokens = {t.table: t for t in TableToken.objects.filter(party=party)}
    tie = [("PASS", "", 0)] * 4
    for table in (1, 2):
        entry = {"round_": round_, "table": table, "by_token": tokens[table], "expected_version": 0}
        if table == 1:
            result_services.result_record(deals=tie, complete=True, action="entered at the table", **entry)
        else:
            result_services.round_enter(deals=tie, complete=True, **entry)
        result_services.result_cut_override(
            result=TableResult.objects.get(round=round_, table=table), winner="EW", by_user=director
        )
    again = {"round_": round_, "deals": tie[:2], "complete": False, "expected_version": 2}
    result_services.result_record(table=1, by_token=tokens[1], action="entered at the table", **again)
    result_services.round_enter(table=2, by_token=tokens[2], **again)
    assert stored(round_, 2) == stored(round_, 1)
    assert TableResult.objects.get(round=round_, table=2).cut_overridden


def test_a_table_with_no_seats_in_the_round_is_refused(party):
    """Read with the table: a table the round seats nobody at (a change of plan closed it) has no entry."""
    round_ = party.rounds.get(number=1)
    round_.seats.filter(table=1).delete()
    _refused(round_, 1, 0, "Table 1 has no seats in round 1.")

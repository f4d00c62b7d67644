"""The workbook's seating sheet shows a table's figures only once its result is whole (agreed, with a winner)."""

import pytest

from tests.conftest import make_party
from tournaments.models import TableResult
from tournaments.selectors import prints as print_selectors
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


def test_only_a_whole_result_shows_in_the_seating(director):
    party = make_party(tables=3, rounds=2, user=director)
    first = party.rounds.get(number=1)
    result_record(round_=first, table=1, net=(400, -400), by_user=director)  # the director's: whole at once
    result_record(round_=first, table=2, net=(-150, 150), by_user=director)
    # Table 2's figures stand, but only one side has agreed: not whole yet.
    TableResult.objects.filter(round=first, table=2).update(status=TableResult.Status.SUBMITTED)
    seating = {(row.round, row.table): row for row in print_selectors.workbook(party).seating}
    assert (seating[1, 1].ns, seating[1, 1].ew, seating[1, 1].winner) == (400, -400, "NS")
    assert (seating[1, 2].ns, seating[1, 2].ew, seating[1, 2].winner) == (None, None, "")
    assert (seating[1, 3].ns, seating[1, 3].ew, seating[1, 3].winner) == (None, None, "")
    assert sorted(seating) == [(1, 1), (1, 2), (1, 3)]  # round 2 is not drawn yet

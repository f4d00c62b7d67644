"""Two phones accept the round's last deal at the same moment (issue 41 item 4): each asked for what is
now true (the deal accepted), so each hears it succeeded, though the other's acceptance made the round
count in between. A refusal is kept for a change the round can no longer take."""

import pytest
from django.core.exceptions import ValidationError

from tests.conftest import make_party
from tests.services.between import between_read_and_write
from tournaments.models import PhoneSend, TableResult, TableToken
from tournaments.services import results as result_services
from tournaments.services.results import deal_by_deal

pytestmark = pytest.mark.django_db

FOUR = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 8), ("PASS", "", 0)]


@pytest.fixture
def all_in(director):
    """Round 1 at table 1: four deals in (North–South), the first three accepted by East–West."""
    party = make_party(tables=2, user=director)
    round_ = party.rounds.get(number=1)
    token = TableToken.objects.get(party=party, table=1, revoked_at=None)
    for number, deal in enumerate(FOUR, start=1):
        result_services.deal_record(round_=round_, table=1, number=number, deal=deal, by_token=token)
    for number in (1, 2, 3):
        result_services.deal_accept(round_=round_, table=1, number=number, side="EW", by_token=token)
    return round_, token


def accept(round_, token, client_id, number=4, shown=None):
    return result_services.deal_accept(
        round_=round_, table=1, number=number, side="EW", by_token=token, client_id=client_id, shown=shown
    )


def test_the_second_phone_to_accept_the_last_deal_hears_it_succeeded(all_in):
    round_, token = all_in
    first = accept(round_, token, "east-phone")
    second = accept(round_, token, "west-phone", shown="PASS - 0")
    assert (first.status, second.status) == ("agreed", "agreed")
    assert second.deals_counted == (4, 4)
    result = TableResult.objects.get(round=round_, table=1)
    assert (result.status, result.ns_agreed, result.ew_agreed) == ("agreed", True, True)
    assert list(result.deals.values_list("accepted", flat=True)) == [True] * 4
    assert PhoneSend.objects.filter(client_id__in=["east-phone", "west-phone"]).count() == 2  # each repeat known


def test_both_read_before_either_wrote_and_both_succeed(all_in, monkeypatch):
    """The west phone reads deal 4 not accepted yet; the east phone's acceptance is written then (the round
    counts); the west phone's write finds the result changed, reads again, and succeeds."""
    round_, token = all_in
    reads = between_read_and_write(monkeypatch, deal_by_deal, lambda: accept(round_, token, "east-phone"))
    west = accept(round_, token, "west-phone")
    # West's first read, East's own, West's again after finding the result changed.
    assert len(reads) == 3 and west.status == "agreed" and west.deals_counted == (4, 4)
    assert TableResult.objects.get(round=round_, table=1).status == "agreed"


def test_a_deal_changed_since_it_was_shown_is_still_refused(all_in):
    round_, token = all_in
    accept(round_, token, "east-phone")
    with pytest.raises(ValidationError, match="This round is accepted: ask the director for any change."):
        accept(round_, token, "west-phone", shown="4S N 11")  # not what deal 4 says
    assert not PhoneSend.objects.filter(client_id="west-phone").exists()


def test_a_closed_round_refuses_even_an_acceptance_made_before(all_in, director):
    round_, token = all_in
    party = round_.party
    result_services.result_record(round_=round_, table=2, net=(300, -300), by_user=director)
    accept(round_, token, "east-phone")
    from tournaments.services import rounds as round_services

    round_services.round_close(round_=round_)
    round_.refresh_from_db()
    with pytest.raises(ValidationError, match="Round 1 is closed"):
        accept(round_, token, "west-phone")
    assert party.rounds.get(number=1).is_closed

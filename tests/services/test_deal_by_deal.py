"""Deal by deal at the table: entered as played, accepted by the other side, corrected, sent twice;
agreements that commute; the round clock. Figures by hand from docs/rules/scoring.md."""

import datetime
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connections
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import make_party
from tournaments.clock import round_clock
from tournaments.models import PhoneSend, ResultChange, TableResult, TableToken
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_one(director):
    party = make_party(tables=2, user=director)
    return party.rounds.get(number=1)


def token_of(round_, table=1):
    return TableToken.objects.get(party=round_.party, table=table, revoked_at=None)


def record(round_, number, deal, side="NS", client_id="", table=1, correcting=False):
    return result_services.deal_record(
        round_=round_, table=table, number=number, deal=deal, side=side, by_token=token_of(round_, table),
        client_id=client_id, correcting=correcting,
    )  # fmt: skip


def accept(round_, number, side="EW", table=1, client_id=""):
    return result_services.deal_accept(
        round_=round_, table=table, number=number, side=side, by_token=token_of(round_, table), client_id=client_id
    )


FOUR = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 8), ("PASS", "", 0)]
# By hand: deal 1 (nobody vulnerable) 4S made by N: 420 to N-S. Deal 3 (N-S vulnerable) 3NT by E
# one down, E-W not vulnerable: 50 to N-S. N-S +470, E-W -470.


def test_four_deals_entered_and_accepted_make_the_result_count(round_one):
    for number, deal in enumerate(FOUR, start=1):
        result, _ = record(round_one, number, deal)
        assert result.status == ("in_progress" if number < 4 else "submitted")
    assert (result.ns, result.ew, result.winner) == (470, -470, "NS")
    for number in (1, 2, 3):
        assert accept(round_one, number).status == "submitted"
    result = accept(round_one, 4)
    assert (result.status, result.ns_agreed, result.ew_agreed) == ("agreed", True, True)
    assert result.is_complete


def test_the_deals_go_in_order(round_one):
    with pytest.raises(ValidationError, match="Enter deal 1 first: the deals go in order."):
        record(round_one, 2, ("4S", "N", 10))
    assert not TableResult.objects.exists()


def test_a_correction_clears_its_acceptance_and_says_so(round_one):
    record(round_one, 1, ("4S", "N", 10))
    accept(round_one, 1)
    result, notices = record(round_one, 1, ("4S", "N", 9), correcting=True)  # one down after all: 50 to E-W
    assert notices == ["Deal 1 is corrected: East–West must accept it again before the round counts."]
    deal = result.deals.get(number=1)
    assert (deal.contract, deal.tricks, deal.ns, deal.accepted) == ("4S", 9, -50, False)
    assert (result.ns, result.ew) == (-50, 50)


def test_the_side_that_entered_a_deal_cannot_accept_it(round_one):
    record(round_one, 1, ("4S", "N", 10), side="NS")
    with pytest.raises(ValidationError, match="North–South entered deal 1: East–West accept it"):
        accept(round_one, 1, side="NS")
    assert not TableResult.objects.get().deals.get().accepted


def test_a_repeated_send_is_recognised_and_stores_nothing_twice(round_one):
    record(round_one, 1, ("4S", "N", 10), client_id="phone-1")
    record(round_one, 1, ("4S", "N", 10), client_id="phone-1")
    record(round_one, 2, ("PASS", "", 0), client_id="phone-2")
    record(round_one, 2, ("PASS", "", 0), client_id="phone-2")
    result = TableResult.objects.get()
    assert result.deals.count() == 2
    assert result.changes.count() == 2 and PhoneSend.objects.count() == 2


def test_a_refused_entry_keeps_no_send_id(round_one):
    with pytest.raises(ValidationError):
        record(round_one, 3, ("4S", "N", 10), client_id="phone-3")
    assert not PhoneSend.objects.exists()
    record(round_one, 1, ("4S", "N", 10), client_id="phone-3")  # the id was never spent
    assert TableResult.objects.get().deals.count() == 1


def test_an_accepted_round_is_the_directors_to_change(round_one):
    for number, deal in enumerate(FOUR, start=1):
        record(round_one, number, deal)
        accept(round_one, number)
    with pytest.raises(ValidationError, match="This round is accepted: ask the director for any change."):
        record(round_one, 1, ("4S", "N", 11), correcting=True)


def test_a_locked_or_closed_round_takes_no_deal(round_one, director):
    record(round_one, 1, ("4S", "N", 10))
    result_services.result_lock(round_=round_one, table=1, locked=True, by_user=director)
    with pytest.raises(ValidationError, match="The director has locked this table"):
        record(round_one, 2, ("PASS", "", 0))


@pytest.mark.django_db(transaction=True)
def test_both_sides_agreeing_at_the_same_moment_both_count(director):
    party = make_party(tables=1, user=director)
    round_ = party.rounds.get(number=1)
    token = token_of(round_)
    result, _ = result_services.result_record(
        round_=round_, table=1, deals=FOUR, by_token=token, action="entered at the table"
    )
    version, errors, start = result.version, [], threading.Barrier(2)

    def agree(side):
        try:
            start.wait()
            result_services.result_agree(round_=round_, table=1, side=side, by_token=token, expected_version=version)
        except Exception as error:  # noqa: BLE001 - the test reports any refusal
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=agree, args=(side,)) for side in ("NS", "EW")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    result.refresh_from_db()
    assert (result.status, result.ns_agreed, result.ew_agreed, result.version) == ("agreed", True, True, version)
    assert sorted(ResultChange.objects.filter(result=result).values_list("action", flat=True)) == [
        "EW agreed", "NS agreed", "entered at the table",
    ]  # fmt: skip


# ---- the phone's page ---------------------------------------------------------------------------


def test_the_phone_saves_a_deal_and_answers_json_to_its_script(round_one):
    url = reverse("table_page", args=[token_of(round_one).token])
    data = {"action": "deal", "round": 1, "number": 1, "side": "NS", "client_id": "abc"}
    data |= {"deal-level": "4", "deal-strain": "S", "deal-declarer": "N", "deal-tricks": "10", "save": "1"}
    answer = Client().post(url, data, HTTP_ACCEPT="application/json")
    assert answer.status_code == 200
    assert answer.json()["ok"] and answer.json()["state"]["deals"] == 1
    again = Client().post(url, data, HTTP_ACCEPT="application/json")
    assert again.json()["ok"] and TableResult.objects.get().deals.count() == 1


def test_passed_out_without_the_script_drops_what_was_chosen_before(round_one):
    url = reverse("table_page", args=[token_of(round_one).token])
    data = {"action": "deal", "round": 1, "number": 1, "side": "NS", "deal-level": ["4", "P"], "deal-tricks": "9"}
    response = Client().post(url, data, follow=True)
    assert "Deal 1 saved." in response.content.decode()
    assert TableResult.objects.get().deals.get().contract == "PASS"


def test_a_bad_deal_is_refused_with_one_message_and_the_choices_kept(round_one):
    url = reverse("table_page", args=[token_of(round_one).token])
    data = {"action": "deal", "round": 1, "number": 1, "side": "NS", "deal-level": "4", "deal-strain": "S"}
    data |= {"save": "1"}
    response = Client().post(url, data)
    page = response.content.decode()
    assert response.status_code == 400 and "Give the declarer, the tricks." in page
    assert 'name="deal-level" value="4" checked' in page
    assert not TableResult.objects.exists()


def test_the_manifest_makes_the_page_installable(round_one):
    token = token_of(round_one)
    manifest = Client().get(reverse("table_manifest", args=[token.token])).json()
    assert manifest["start_url"] == reverse("table_page", args=[token.token])
    assert manifest["display"] == "standalone" and manifest["theme_color"] == "#0b4f8a"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    worker = Client().get(reverse("service_worker"))
    assert worker["Content-Type"].startswith("text/javascript") and "caches.open" in worker.content.decode()


# ---- the round clock ----------------------------------------------------------------------------


def test_the_clock_counts_down_pauses_and_extends(round_one):
    start = timezone.now() - datetime.timedelta(minutes=10)
    round_one.clock_started_at = start
    round_one.save()
    clock = round_clock(round_one, 30, start + datetime.timedelta(minutes=10))
    assert (clock.remaining_seconds, clock.shown, clock.deals_due, clock.ending) == (1200, "20:00", 1, False)
    paused = round_services.clock_pause(round_=round_one)
    assert round_clock(paused, 30, timezone.now() + datetime.timedelta(hours=1)).paused
    resumed = round_services.clock_resume(round_=round_one)
    extended = round_services.clock_extend(round_=resumed)
    assert extended.clock_extra_minutes == 2
    assert extended.clock_started_at is not None  # the round has started
    late = round_clock(extended, 30, extended.clock_started_at + datetime.timedelta(minutes=30, seconds=30))
    assert late.ending and not late.over and late.remaining_seconds <= 120


def test_tables_behind_the_clock_are_marked_on_the_round_page(client_in, director):
    party = make_party(tables=2, user=director)
    round_ = party.rounds.get(number=1)
    round_.clock_started_at = timezone.now() - datetime.timedelta(minutes=16)  # two deals due of four
    round_.save()
    for number, deal in enumerate(FOUR[:2], start=1):
        record(round_, number, deal, table=1)
    record(round_, 1, FOUR[0], table=2)
    page = client_in.get(reverse("round_detail", args=[party.id, 1])).content.decode()
    assert "behind the clock: 2" in page
    assert page.count("2/4</span> deals in") == 1 and page.count("1/4</span> deals in") == 1


def test_a_deal_entered_from_another_phone_is_not_overwritten_by_a_stale_page(round_one):
    record(round_one, 1, ("4S", "N", 10))
    with pytest.raises(ValidationError, match="Deal 1 is already entered"):
        record(round_one, 1, ("3N", "S", 9))
    assert TableResult.objects.get().deals.get().contract == "4S"


def test_an_acceptance_is_of_what_the_side_saw(round_one):
    record(round_one, 1, ("4S", "N", 10))
    shown = result_services.deal_shown(TableResult.objects.get().deals.get())
    record(round_one, 1, ("4S", "N", 9), correcting=True)  # corrected after East-West's page showed 4S made
    with pytest.raises(ValidationError, match="Deal 1 was corrected meanwhile"):
        result_services.deal_accept(
            round_=round_one, table=1, number=1, side="EW", by_token=token_of(round_one), shown=shown
        )
    assert not TableResult.objects.get().deals.get().accepted


def test_a_repeat_of_a_stored_send_is_done_even_after_the_round_was_accepted(round_one):
    for number, deal in enumerate(FOUR, start=1):
        record(round_one, number, deal, client_id=f"d{number}")
        accept(round_one, number)
    result, _ = record(round_one, 4, FOUR[3], client_id="d4")  # its first answer was lost on the Wi-Fi
    assert result.status == "agreed" and result.deals.count() == 4


def test_the_whole_round_form_cannot_rewrite_an_accepted_round(round_one):
    for number, deal in enumerate(FOUR, start=1):
        record(round_one, number, deal)
        accept(round_one, number)
    result = TableResult.objects.get()
    with pytest.raises(ValidationError, match="This round is accepted"):
        result_services.result_record(
            round_=round_one, table=1, deals=FOUR, by_token=token_of(round_one), expected_version=result.version
        )


def test_every_write_of_a_result_runs_in_one_transaction():
    # SQLite ignores select_for_update outside a transaction; PostgreSQL refuses it: keep them atomic.
    for write in (
        result_services.deal_record, result_services.deal_accept, result_services.result_record,
        result_services.result_agree, result_services.result_lock, result_services.result_undo,
        result_services.result_cut_override,
    ):  # fmt: skip
        assert hasattr(write, "__wrapped__"), write.__name__

"""An import recomputes every figure by the rules: a tampered score, result, total or winner refuses the whole file,
naming the first mismatch (where, the file's figure, the rules' figure); and a file larger, deeper or longer than
any real event is refused at once, naming the limit. Nothing is written."""

import json
import time

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError
from django.core.serializers.json import DjangoJSONEncoder

from tests.files import test_import_validation as validation
from tournaments.files import transfer
from tournaments.files.transfer import knockout_import, party_import

pytestmark = pytest.mark.django_db

# The real played party's and knockout's exports, and the club they import into.
exports, club, party_file, knockout_file = (
    validation.exports,
    validation.club,
    validation.party_file,
    validation.knockout_file,
)
snapshot = validation.snapshot

DAMAGED = "The export is damaged: "


def refused(importer, data, club, message: str) -> None:
    before = snapshot()
    with pytest.raises(ValidationError) as error:
        importer(data, club=club)
    assert error.value.messages == [f"{DAMAGED}{message}."]
    assert snapshot() == before


def deal_row(data, round_number: int, table: int, number: int) -> list:
    return next(d for d in data["deals"] if d[:3] == [round_number, table, number])


def result_of(data, round_number: int, table: int) -> dict:
    return next(r for r in data["results"] if (r["round"], r["table"]) == (round_number, table))


# --- a party -----------------------------------------------------------------------------------------------------


def test_the_export_as_made_imports(club, party_file):
    assert party_import(party_file, club=club).rounds.count() == 3


def test_a_deal_score_of_999990_is_refused(club, party_file):
    # Round 1, table 1, deal 1: 4S by North with ten tricks, not vulnerable: 420.
    deal_row(party_file, 1, 1, 1)[6] = 999_990
    refused(
        party_import, party_file, club,
        "deal 1 of table 1 in round number 1 (4S by N, 10 tricks, not vulnerable) has score 999990 in the file, "
        "but the rules give 420",
    )  # fmt: skip


def test_a_deal_credited_to_the_wrong_side_is_refused(club, party_file):
    row = deal_row(party_file, 1, 1, 3)  # 3N by East, nine tricks, not vulnerable on deal 3: East-West 400
    assert row[6:] == [400, -400, 400]
    row[7], row[8] = 400, -400
    refused(
        party_import, party_file, club,
        "deal 3 of table 1 in round number 1 (3N by E, 9 tricks, not vulnerable) has ns 400 in the file, "
        "but the rules give -400",
    )  # fmt: skip


def test_a_deal_whose_tricks_changed_but_not_its_score_is_refused(club, party_file):
    deal_row(party_file, 2, 3, 1)[5] = 13  # 4S by North, all thirteen: 510, not the -50 written for nine
    refused(
        party_import, party_file, club,
        "deal 1 of table 3 in round number 2 (4S by N, 13 tricks, not vulnerable) has score -50 in the file, "
        "but the rules give 510",
    )  # fmt: skip


def test_a_result_of_5000_whose_deals_give_20_is_refused(club, party_file):
    result = result_of(party_file, 1, 1)
    assert (result["ns"], result["ew"]) == (20, -20)  # +420 and -400
    result["ns"] = 5000
    refused(
        party_import,
        party_file,
        club,
        "the result of table 1 in round number 1 has ns 5000 in the file, but the rules give 20",
    )


def test_a_result_and_its_deals_tampered_alike_are_refused_at_the_deal(club, party_file):
    row = deal_row(party_file, 1, 2, 1)  # 4S by North, nine tricks: one down, -50
    assert row[6:] == [-50, -50, 50]
    row[6:] = [5000, 5000, -5000]
    result = result_of(party_file, 1, 2)
    result["ns"], result["ew"] = result["ns"] + 50 + 5000, result["ew"] - 50 - 5000
    refused(
        party_import, party_file, club,
        "deal 1 of table 2 in round number 1 (4S by N, 9 tricks, not vulnerable) has score 5000 in the file, "
        "but the rules give -50",
    )  # fmt: skip


def test_a_winner_against_the_figures_is_refused(club, party_file):
    result = result_of(party_file, 1, 1)
    assert result["winner"] == "NS"
    result["winner"] = "EW"
    refused(
        party_import,
        party_file,
        club,
        "the result of table 1 in round number 1 has winner “EW” in the file, but the rules give “NS”",
    )


def test_a_result_agreed_with_three_deals_is_refused(club, party_file):
    party_file["deals"].remove(deal_row(party_file, 1, 1, 4))
    refused(
        party_import,
        party_file,
        club,
        "the result of table 1 in round number 1 is “agreed” with 3 deals (four expected)",
    )


NET = {
    "beyond four deals": (
        {"ns": 999_990, "ew": -999_990},
        "the result of table 2 in round number 3 has ns 999990 (a multiple of ten from -29200 to 10520 expected)",
    ),
    "not a multiple of ten": (
        {"ns": 305, "ew": -305},
        "the result of table 2 in round number 3 has ns 305 (a multiple of ten from -29200 to 10520 expected)",
    ),
    "both sides plus": (
        {"ns": 300, "ew": 300},
        "the result of table 2 in round number 3 has ns 300 and ew 300 in the file, but two net results never add up "
        "to more than 0",
    ),
}


@pytest.mark.parametrize("figures, message", NET.values(), ids=NET.keys())
def test_net_figures_outside_the_rules_bounds_are_refused(club, party_file, figures, message):
    result = result_of(party_file, 3, 2)
    assert (result["entry"], result["ns"], result["ew"]) == ("net", 300, -300)
    result.update(figures)
    refused(party_import, party_file, club, message)


def test_net_figures_with_actual_points_are_never_minus(club, party_file):
    party_file["party"]["tally_mode"] = "actual"
    for result in party_file["results"]:  # the deals' results as actual points: what each side scored
        if result["entry"] == "deals":
            deals = [d for d in party_file["deals"] if d[:2] == [result["round"], result["table"]]]
            result["ns"], result["ew"] = sum(max(d[7], 0) for d in deals), sum(max(d[8], 0) for d in deals)
    party_file["history"] = []
    refused(
        party_import, party_file, club,
        "the result of table 2 in round number 3 has ns 300 and ew -300 in the file, but with actual points neither "
        "side is minus",
    )  # fmt: skip


def test_the_net_bounds_are_the_rules_own(party_file):
    from tournaments.rules.party import net_bounds

    assert net_bounds("modern") == (-29200, 10520)


def test_a_history_entry_that_an_undo_would_restore_is_checked_too(club, party_file):
    """An undo puts a result back as its history entry says: a tampered figure there would come back."""
    entry = next(h for h in party_file["history"] if h["after"] and h["after"]["entry"] == "deals" and h["after"]["ns"])
    position = party_file["history"].index(entry) + 1
    figure = entry["after"]["ns"]
    entry["after"]["ns"] = 5000
    refused(
        party_import,
        party_file,
        club,
        f"history entry {position}'s after has ns 5000 in the file, but the rules give {figure}",
    )


def test_import_event_refuses_a_tampered_file_with_the_plain_message(club, party_file, tmp_path):
    deal_row(party_file, 1, 1, 1)[6] = 999_990
    path = tmp_path / "party.json"
    path.write_text(json.dumps(party_file), encoding="utf-8")
    before = snapshot()
    with pytest.raises(CommandError) as error:
        call_command("import_event", str(path), "--club", club.name)
    assert str(error.value) == (
        f"{DAMAGED}deal 1 of table 1 in round number 1 (4S by N, 10 tricks, not vulnerable) has score 999990 in the "
        "file, but the rules give 420."
    )
    assert snapshot() == before


# --- a knockout --------------------------------------------------------------------------------------------------


def first_played(data) -> tuple[dict, list[dict]]:
    match = data["matches"][0]
    where = [*match["round"], match["table"]]
    return match, sorted((d for d in data["deals"] if d["match"] == where), key=lambda d: d["number"])


def test_the_knockout_as_made_imports(club, knockout_file):
    assert knockout_import(knockout_file, club=club).rounds.count() == len(knockout_file["rounds"])


def test_a_match_total_tampered_is_refused(club, knockout_file):
    match, _ = first_played(knockout_file)
    total = match["ns_total"]
    match["ns_total"] = total + 5000
    refused(
        knockout_import, knockout_file, club,
        f"table 1 in the main round number 1 has ns_total {total + 5000} in the file, but the rules give {total}",
    )  # fmt: skip


def test_a_knockout_deal_tampered_is_refused_by_its_match_totals(club, knockout_file):
    from tournaments.rules.rubber import match_pad

    match, deals = first_played(knockout_file)
    assert match["entry"] == "deals" and len(deals) == 8
    deals[0]["contract"], deals[0]["declarer"], deals[0]["tricks"] = "7NXX", "N", 13
    pad = match_pad([(d["contract"], d["declarer"], d["tricks"], d["honours"]) for d in deals])
    side = "ns_total" if match["ns_total"] != pad.totals["NS"] else "ew_total"
    figures = {"ns_total": pad.totals["NS"], "ew_total": pad.totals["EW"]}
    refused(
        knockout_import, knockout_file, club,
        f"table 1 in the main round number 1 has {side} {match[side]} in the file, but the rules give {figures[side]}",
    )  # fmt: skip


def test_a_knockout_winner_against_the_totals_is_refused(club, knockout_file):
    match, _ = first_played(knockout_file)
    assert match["ns_total"] != match["ew_total"]
    right, wrong = (match["ns"], match["ew"]) if match["winner"] == match["ns"] else (match["ew"], match["ns"])
    match["winner"] = wrong
    refused(
        knockout_import, knockout_file, club,
        f"table 1 in the main round number 1 has winner “{wrong}” in the file, but the rules give “{right}”",
    )  # fmt: skip


def test_typed_totals_must_be_a_match_score(club, knockout_file):
    match, deals = first_played(knockout_file)
    knockout_file["deals"] = [d for d in knockout_file["deals"] if d not in deals]
    match.update(entry="totals", deals_played=0, ns_total=100_010, ew_total=0, winner=match["ns"])
    refused(
        knockout_import, knockout_file, club,
        "table 1 in the main round number 1 has ns_total 100010 (a multiple of ten from 0 to 100000 expected)",
    )  # fmt: skip


def test_a_pad_with_a_deal_missing_is_refused(club, knockout_file):
    _, deals = first_played(knockout_file)
    knockout_file["deals"].remove(deals[3])
    refused(
        knockout_import, knockout_file, club,
        "table 1 in the main round number 1 has deals numbered 1, 2, 3, 5, 6, 7, 8 (1 to 7 expected)",
    )  # fmt: skip


# --- limits: refused before anything is read, quickly -------------------------------------------------------------


def quickly(action) -> None:
    started = time.perf_counter()
    action()
    assert time.perf_counter() - started < 2


def test_200000_history_rows_are_refused_at_once(club, party_file):
    party_file["history"] = party_file["history"][:1] * 200_000
    count = len(party_file["results"])
    quickly(
        lambda: refused(
            party_import,
            party_file,
            club,
            f"“history” has 200000 rows (at most {50 * count} expected: 50 for each of the file's {count} results)",
        )  # fmt: skip
    )


def test_more_seats_than_the_largest_party_has_are_refused(club, party_file):
    party_file["seats"] = party_file["seats"][:1] * 60_001
    quickly(lambda: refused(party_import, party_file, club, "“seats” has 60001 rows (at most 60000 expected)"))


def test_more_knockout_deals_than_any_knockout_plays_are_refused(club, knockout_file):
    knockout_file["deals"] = knockout_file["deals"][:1] * 32_769
    quickly(lambda: refused(knockout_import, knockout_file, club, "“deals” has 32769 rows (at most 32768 expected)"))


def test_deep_nesting_is_refused_by_the_command_without_a_traceback(club, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000, encoding="utf-8")
    before = snapshot()
    started = time.perf_counter()
    with pytest.raises(CommandError) as error:
        call_command("import_event", str(path), "--club", club.name)
    assert time.perf_counter() - started < 2
    assert str(error.value) == f"{DAMAGED}it nests lists and objects more than 10 deep (an export nests 6 deep)."
    assert snapshot() == before


def test_the_nesting_count_ignores_brackets_within_names(party_file):
    party_file["guests"][0]["name"] = '[[[[[[[[[[[[{{{{{{{{\\"]]]]'
    assert transfer.export_read(json.dumps(party_file).encode()) == party_file
    assert not transfer._too_deep(json.dumps([[[[[[[[[[1]]]]]]]]]]).encode())  # ten deep: the limit
    assert transfer._too_deep(json.dumps([[[[[[[[[[[1]]]]]]]]]]]).encode())


def test_a_file_larger_than_any_export_is_refused(club, party_file, tmp_path, monkeypatch):
    monkeypatch.setattr(transfer, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "large.json"
    path.write_text(json.dumps(party_file), encoding="utf-8")
    before = snapshot()
    with pytest.raises(CommandError) as error:
        call_command("import_event", str(path), "--club", club.name)
    assert str(error.value) == "The file is larger than 100 MB: no export of a party or a knockout is that large."
    assert snapshot() == before


def test_a_file_that_is_not_json_is_refused_plainly(club, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": ', encoding="utf-8")
    with pytest.raises(CommandError, match=r"^The file is not JSON: Expecting value: line 1 column 12 \(char 11\)$"):
        call_command("import_event", str(path), "--club", club.name)


# --- what the app itself makes always imports: the checks follow the services ---------------------------------


def round_trip_party(party, club):
    from tests.files.test_import_validation import standings

    before = standings(party)
    again = party_import(json.loads(json.dumps(transfer.party_export(party))), club=club)
    assert standings(again) == before
    return again


def test_a_round_played_deal_by_deal_from_the_phones_with_a_correction_imports(club, director):
    from tests.conftest import make_party
    from tournaments.services import results as result_services

    party = make_party(tables=1, rounds=1, user=director)
    round_, token = party.rounds.get(), party.tokens.get(table=1)
    deals = [("4S", "N", 10), ("PASS", "", 0), ("3NX", "E", 7), ("6H", "S", 12)]
    for number, deal in enumerate(deals, start=1):
        result_services.deal_record(round_=round_, table=1, number=number, deal=deal, side="NS", by_token=token)
    result_services.deal_record(
        round_=round_, table=1, number=3, deal=("3NX", "E", 8), side="NS", by_token=token, correcting=True
    )
    for number in range(1, 5):
        result_services.deal_accept(round_=round_, table=1, number=number, side="EW", by_token=token)
    again = round_trip_party(party, club)
    result = again.rounds.get().results.get()
    # 4S made (420), 3NX by E one down after the correction (100 to N-S), 6H bid and made vulnerable (1,430).
    assert (result.status, result.ns, result.ew) == ("agreed", 420 + 100 + 1430, -420 - 100 - 1430)


def test_a_party_with_actual_points_imports(club, director):
    from tests.conftest import make_party
    from tournaments.services import results as result_services

    party = make_party(tables=1, rounds=1, user=director, tally_mode="actual")
    round_ = party.rounds.get()
    deals = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 9), ("PASS", "", 0)]
    result_services.result_record(round_=round_, table=1, deals=deals, by_user=director)
    result_services.result_record(round_=round_, table=1, net=(420, 400), by_user=director)
    assert (round_trip_party(party, club).rounds.get().results.get().ns) == 420


def test_a_match_tied_and_given_one_more_deal_imports_before_and_after_it(club, director):
    from tests.knockout.helpers import make_knockout
    from tournaments.models import KnockoutMatch
    from tournaments.services import knockout as knockout_services

    knockout = make_knockout(pairs=2, user=director, name="Tied final")
    match = knockout.rounds.get().matches.get()
    knockout_services.match_deal_record(match=match, number=1, contract="2H", declarer="N", tricks=8)
    knockout_services.match_deal_record(match=match, number=2, contract="2H", declarer="E", tricks=8)
    for number in range(3, 9):
        knockout_services.match_deal_record(match=match, number=number, contract="PASS", declarer="", tricks=0)
    match = knockout_services.match_decide(match=KnockoutMatch.objects.get(pk=match.pk), how="deal")
    assert (match.finished, match.ns_total, match.ew_total) == (False, 110, 110)

    def round_trip():
        data = json.loads(json.dumps(transfer.knockout_export(knockout), cls=DjangoJSONEncoder))
        again = knockout_import(data, club=club)
        copied = KnockoutMatch.objects.get(round__knockout=again)
        return copied.finished, copied.ns_total, copied.ew_total, copied.winner and copied.winner.name

    assert round_trip() == (False, 110, 110, None)
    knockout_services.match_deal_record(
        match=KnockoutMatch.objects.get(pk=match.pk), number=9, contract="1N", declarer="S", tricks=7
    )
    played = KnockoutMatch.objects.get(pk=match.pk)
    assert played.ns_total is not None and played.ew_total is not None  # the deals are in
    assert played.finished and played.ns_total > played.ew_total
    assert round_trip() == (True, played.ns_total, played.ew_total, match.ns.name)


def test_totals_tied_and_given_one_more_deal_import(club, director):
    from tests.knockout.helpers import make_knockout
    from tournaments.models import KnockoutMatch
    from tournaments.services import knockout as knockout_services

    knockout = make_knockout(pairs=2, user=director, name="Typed final")
    match = knockout.rounds.get().matches.get()
    knockout_services.match_totals_record(match=match, ns=1250, ew=1250)
    knockout_services.match_decide(match=KnockoutMatch.objects.get(pk=match.pk), how="deal")
    data = json.loads(json.dumps(transfer.knockout_export(knockout), cls=DjangoJSONEncoder))
    copied = KnockoutMatch.objects.get(round__knockout=knockout_import(data, club=club))
    assert (copied.entry, copied.finished, copied.ns_total, copied.winner) == ("totals", False, 1250, None)


def test_a_history_picture_of_more_deals_than_a_round_has_is_refused(club, party_file):
    entry = next(h for h in party_file["history"] if h["after"] and h["after"]["deals"])
    position = party_file["history"].index(entry) + 1
    entry["after"]["deals"] = entry["after"]["deals"][:1] * 200_000
    quickly(
        lambda: refused(
            party_import,
            party_file,
            club,
            f"history entry {position}'s after's deals has 200000 rows (at most 4 expected)",
        )
    )


def test_more_pins_than_the_largest_party_has_seats_are_refused(club, party_file):
    party_file["party"]["pins"] = [[1, "N", "Somebody"]] * 2001
    refused(party_import, party_file, club, "the party's pins has 2001 rows (at most 2000 expected)")


def test_a_knockout_deal_the_pad_cannot_score_is_refused(club, knockout_file):
    _, deals = first_played(knockout_file)
    deals[0].update(contract="3N", declarer="N", tricks=9, honours="NS100")
    refused(
        knockout_import, knockout_file, club,
        "deal 1 of table 1 in the main round number 1 cannot be scored: at no-trump only all four aces in one hand "
        "count as honours: 150, not 100",
    )  # fmt: skip


def test_a_name_holding_a_nul_is_refused(club, party_file):
    # PostgreSQL refuses NUL in text: such a file answered 500 there and imported on SQLite.
    party_file["guests"][0]["name"] = "Ann\x00Lee"
    refused(party_import, party_file, club, "guest 1 has a name holding a NUL character")

"""USEBIO, BridgeWebs CSV and PBN: each export opened and read back, the figures worked out by hand.

One table, one round: deal 1 (nobody vulnerable) 4♠ by North making ten: 120 + 300 = 420 to N-S;
deal 2 passed out; deal 3 (N-S vulnerable) 3NT by East making nine, E-W not vulnerable:
100 + 300 = 400 to E-W; deal 4 passed out. The net tally gives N-S +20 and E-W −20.
"""

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from lxml import etree

from tests.conftest import make_party
from tournaments.models import Guest, Member, Seat
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db

DTD = Path(__file__).with_name("usebio_standin.dtd")
DEALS = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 9), ("PASS", "", 0)]


@pytest.fixture
def played(director):
    party = make_party(tables=1, rounds=1, user=director, name="Ł&Σ night")
    seats = {s.seat: s.guest for s in Seat.objects.filter(round__party=party).select_related("guest")}
    member = Member.objects.create(club=party.club, name=seats["N"].name, number="EBU123")
    seats["N"].member = member
    seats["N"].save()
    result_services.result_record(round_=party.rounds.get(number=1), table=1, deals=DEALS, by_user=director)
    return party, {seat: guest.name for seat, guest in seats.items()}


def export(party, fmt: str, tmp_path) -> bytes:
    out = tmp_path / f"out.{fmt}"
    call_command("export_results", str(party.pk), "--format", fmt, "-o", str(out))
    return out.read_bytes()


def test_usebio_is_valid_against_the_dtd_and_holds_places_totals_and_numbers(played, tmp_path):
    party, names = played
    data = export(party, "usebio", tmp_path)
    root = etree.fromstring(data)
    assert etree.DTD(str(DTD)).validate(root), etree.DTD(str(DTD)).error_log
    assert root.get("Version") == "1.2"
    assert root.findtext("CLUB/CLUB_NAME") == "Alice's club"
    # No national club number given: the element is there, empty (readers look for it in every file).
    assert root.find("CLUB/CLUB_ID_NUMBER") is not None and root.findtext("CLUB/CLUB_ID_NUMBER") == ""
    event = root.find("EVENT")
    assert event.get("EVENT_TYPE") == "INDIVIDUAL"
    assert event.findtext("EVENT_DESCRIPTION") == "Ł&Σ night"
    assert event.findtext("DATE") == "28/11/2026"
    assert event.findtext("BOARDS_PLAYED") == "4"
    players = {
        p.findtext("PLAYER_NAME"): (p.findtext("PLACE"), p.findtext("TOTAL_SCORE"), p.findtext("NATIONAL_ID_NUMBER"))
        for p in event.iter("PLAYER")
    }
    # Shared places as real files write them: the place itself, twice.
    assert players[names["N"]] == ("1", "20", "EBU123")
    # A guest with no number: an empty NATIONAL_ID_NUMBER (readers index the element in every PLAYER).
    assert players[names["S"]] == ("1", "20", "")
    assert players[names["E"]] == ("3", "-20", "")
    assert players[names["W"]] == ("3", "-20", "")
    # Each player's number for the night (the ranking's order: N and S first, tied, then E and W), and the
    # travellers by those whole numbers: deal 1's North-South side is North's number, its East-West side East's.
    number = {p.findtext("PLAYER_NAME"): p.findtext("PLAYER_NUMBER") for p in event.iter("PLAYER")}
    assert sorted(number[names[seat]] for seat in "NS") == ["1", "2"]
    first = event.find("BOARD/TRAVELLER_LINE")
    assert (first.findtext("NS_PAIR_NUMBER"), first.findtext("EW_PAIR_NUMBER")) == (
        number[names["N"]],
        number[names["E"]],
    )
    assert [first.findtext(f"{seat}_PLAYER_NUMBER") for seat in ("NORTH", "SOUTH", "EAST", "WEST")] == [
        number[names[seat]] for seat in "NSEW"
    ]


def test_bridgewebs_csv_writes_ties_plainly_and_guards_a_formula_name(played, tmp_path):
    party, names = played
    Guest.objects.filter(name=names["W"]).update(name="=HYPERLINK(1)")
    text = export(party, "bridgewebs", tmp_path).decode()
    assert text.startswith("#Version,std1\r\n")  # no byte-order mark: the first line starts with "#"
    rows = [line.split(",") for line in text.split("\r\n")]  # nothing quoted: the one reader splits at commas
    assert ["#Boards", "4"] in rows  # one table, one round: four deals
    scores = rows[rows.index(["#Scores"]) + 1 : rows.index(["#BoardFormat", "Board"])]
    assert scores[0] == ["Position", "Pair", "Name1", "Score"]
    by_name = {row[2]: row for row in scores[1:]}
    # A shared place is the place itself, a whole number; a name that starts like a formula is written as text.
    assert by_name[names["N"]][0] == "1" and by_name[names["S"]][0] == "1" and by_name[names["N"]][3] == "20"
    assert by_name["'=HYPERLINK(1)"][0] == "3" and by_name["'=HYPERLINK(1)"][3] == "-20"
    assert sorted(row[1] for row in scores[1:]) == ["1", "2", "3", "4"]  # every player numbered


def test_pbn_has_every_deal_with_its_seats_contract_and_score(played, tmp_path):
    party, names = played
    text = export(party, "pbn", tmp_path).decode()
    assert text.startswith("% PBN 2.1\r\n% EXPORT")
    games = [g for g in text.split("\r\n\r\n") if g.startswith("[Event")]
    assert len(games) == 4
    first = dict(line[1:-1].split(" ", 1) for line in games[0].split("\r\n"))
    assert first["Event"] == '"Ł&Σ night"'
    assert first["Date"] == '"2026.11.28"'
    assert first["Board"] == '"1"' and first["Dealer"] == '"N"' and first["Vulnerable"] == '"None"'
    assert first["North"] == f'"{names["N"]}"' and first["West"] == f'"{names["W"]}"'
    assert first["Deal"] == '"N:- - - -"'
    assert first["Contract"] == '"4S"' and first["Declarer"] == '"N"' and first["Result"] == '"10"'
    assert first["Score"] == '"NS 420"'
    second = dict(line[1:-1].split(" ", 1) for line in games[1].split("\r\n"))
    assert second["Contract"] == '"Pass"' and second["Declarer"] == '""' and second["Result"] == '""'
    assert second["Vulnerable"] == '"EW"' and second["Dealer"] == '"E"'
    third = dict(line[1:-1].split(" ", 1) for line in games[2].split("\r\n"))
    assert third["Contract"] == '"3NT"' and third["Declarer"] == '"E"' and third["Score"] == '"EW 400"'
    assert third["Vulnerable"] == '"NS"'


def test_an_unplayed_party_is_refused_with_a_plain_message(director, tmp_path):
    party = make_party(tables=1, rounds=1, user=director, name="Not yet")
    out = tmp_path / "x.xml"
    with pytest.raises(CommandError, match="Not yet has no results yet"):
        call_command("export_results", str(party.pk), "--format", "usebio", "-o", str(out))
    assert not out.exists()


def test_an_unknown_party_is_refused(db):
    with pytest.raises(CommandError, match="There is no party 999"):
        call_command("export_results", "999", "--format", "pbn")


def test_the_party_page_downloads_each_format(played, client_in):
    party, names = played
    for fmt, kind in (("usebio", "application/xml"), ("bridgewebs", "text/csv"), ("pbn", "text/plain")):
        response = client_in.get(reverse("results_export", args=[party.pk, fmt]))
        assert response.status_code == 200
        assert response["Content-Type"].startswith(kind)
        assert "attachment" in response["Content-Disposition"]
        assert names["N"].encode() in response.content
    assert client_in.get(reverse("results_export", args=[party.pk, "docx"])).status_code == 404


def test_the_download_of_an_unplayed_party_says_why(director, client_in):
    party = make_party(tables=1, rounds=1, user=director, name="Quiet night")
    response = client_in.get(reverse("results_export", args=[party.pk, "usebio"]), follow=True)
    assert "Quiet night has no results yet" in response.content.decode()


# A knockout final of two pairs, rubber bridge: deal 1, 4♠ by North making ten with N-S's four trump honours:
# 120 below and 100 above to N-S (and their game); deal 2 (N-S now vulnerable), 2♥ by East making eight while
# N-S hold four honours: 60 below to E-W and 100 above to N-S; deal 3 passed out.
KNOCKOUT_DEALS = [("4S", "N", 10, "NS100"), ("2H", "E", 8, "NS100"), ("PASS", "", 0, "")]


@pytest.fixture
def knockout_played(director):
    from tests.knockout.helpers import make_knockout
    from tournaments.services import knockout as knockout_services

    knockout = make_knockout(pairs=2, user=director, name="Cup final")
    match = knockout.rounds.get().matches.get()
    for number, (contract, declarer, tricks, honours) in enumerate(KNOCKOUT_DEALS, start=1):
        knockout_services.match_deal_record(
            match=match, number=number, contract=contract, declarer=declarer, tricks=tricks, honours=honours
        )
    return knockout, match


def test_a_knockouts_deals_as_pbn_records_with_rubber_scores(knockout_played, tmp_path, client_in):
    knockout, match = knockout_played
    out = tmp_path / "cup.pbn"
    call_command("export_results", str(knockout.pk), "--knockout", "--format", "pbn", "-o", str(out))
    records = out.read_bytes().decode().strip().split("\r\n\r\n")[1:]
    assert len(records) == 3
    first, second, third = (dict(line[1:-1].split(" ", 1) for line in r.split("\r\n")) for r in records)
    # Export format: the fifteen mandatory tags first, in the standard's order.
    assert list(first)[:15] == [
        "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
        "Scoring", "Declarer", "Contract", "Result",
    ]  # fmt: skip
    assert first["Scoring"] == '"Rubber"' and first["Round"] == '"Main final"' and first["Board"] == '"1"'
    assert first["North"] == f'"{match.ns.player_a}"' and first["West"] == f'"{match.ew.player_b}"'
    assert (first["Dealer"], first["Vulnerable"], first["Deal"]) == ('"?"', '"None"', '"N:- - - -"')
    assert (first["Contract"], first["Declarer"], first["Result"], first["Score"]) == (
        '"4S"',
        '"N"',
        '"10"',
        '"NS 220"',
    )
    assert (second["Vulnerable"], second["Contract"], second["Score"]) == ('"NS"', '"2H"', '"NS 100 EW 60"')
    assert (third["Contract"], third["Result"], third["Score"]) == ('"Pass"', '""', '"NS 0"')
    # The same file from the knockout's page.
    response = client_in.get(reverse("knockout_pbn", args=[knockout.pk]))
    assert response["Content-Disposition"] == f'attachment; filename="knockout-{knockout.pk}-2026-12-05.pbn"'
    assert response.content == out.read_bytes()


def test_a_knockout_refuses_usebio_and_a_ranking_and_an_unplayed_one_says_so(director, client_in, tmp_path):
    from tests.knockout.helpers import make_knockout

    knockout = make_knockout(pairs=2, user=director, name="Cup final")
    with pytest.raises(CommandError, match="A knockout has no ranking of every player"):
        call_command("export_results", str(knockout.pk), "--knockout", "--format", "usebio")
    with pytest.raises(CommandError, match="Cup final has no deals entered yet"):
        call_command("export_results", str(knockout.pk), "--knockout", "--format", "pbn", "-o", str(tmp_path / "x"))
    assert not (tmp_path / "x").exists()
    with pytest.raises(CommandError, match="There is no knockout 999999"):
        call_command("export_results", "999999", "--knockout", "--format", "pbn")
    response = client_in.get(reverse("knockout_pbn", args=[knockout.pk]), follow=True)
    assert "Cup final has no deals entered yet" in response.content.decode()


def test_a_knockouts_deals_are_numbered_through_the_file(director, tmp_path):
    """Every match's pad has a deal 1: the Board numbers run through the file, MatchDeal keeps the pad's number."""
    from tests.knockout.helpers import get_round, make_knockout, matches
    from tournaments.services import knockout as knockout_services

    knockout = make_knockout(pairs=4, user=director, name="Cup")
    semis = matches(get_round(knockout))
    assert len(semis) == 2
    for match in semis:
        for number, (contract, declarer, tricks, honours) in enumerate(KNOCKOUT_DEALS[:2], start=1):
            knockout_services.match_deal_record(
                match=match, number=number, contract=contract, declarer=declarer, tricks=tricks, honours=honours
            )
    out = tmp_path / "cup.pbn"
    call_command("export_results", str(knockout.pk), "--knockout", "--format", "pbn", "-o", str(out))
    records = [
        dict(line[1:-1].split(" ", 1) for line in r.split("\r\n"))
        for r in out.read_bytes().decode().strip().split("\r\n\r\n")[1:]
    ]
    assert [(r["Board"], r["Table"], r["MatchDeal"]) for r in records] == [
        ('"1"', f'"{semis[0].table}"', '"1"'),
        ('"2"', f'"{semis[0].table}"', '"2"'),
        ('"3"', f'"{semis[1].table}"', '"1"'),
        ('"4"', f'"{semis[1].table}"', '"2"'),
    ]


def test_a_partys_results_for_export_take_six_queries(director, django_assert_num_queries):
    """The standings (three), the members' numbers, the seats and the deals: whatever the party's size."""
    from tests.interchange.evening import play_evening
    from tournaments.models import Party
    from tournaments.selectors.interchange import party_results

    party, _ = play_evening(director, keep_partners=True)
    party = Party.objects.select_related("club").get(pk=party.pk)
    with django_assert_num_queries(6):
        results = party_results(party)
    assert len(results.deals) == 12 and len(results.pairs) == 4

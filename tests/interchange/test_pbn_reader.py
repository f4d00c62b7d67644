"""The PBN export read by a real PBN reader: endplay's (endplay.parsers.pbn), which follows PBN 2.1
(https://www.tistis.nl/pbn/pbn_v21.txt: the Board, Vulnerable, Dealer, Contract, Declarer, Result and
Score tags; §4.9, a program may add tags of its own).

Every game parses; endplay's Contract.score for the Contract, Declarer, Result and Vulnerable given equals
the Score tag; no two deals of the file share a Board number; each deal's Dealer and Vulnerable are the
party's own for its deal of the round. The evening is tests/interchange/evening.py.
"""

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from endplay.parsers import pbn
from endplay.types import Board, Contract, Player, Vul

from tests.conftest import make_party
from tests.interchange.evening import BOARDS, DUPLICATE, FRENCH, GREEK, PRIVATE, play_evening, shown, where
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db

PARTY_DEALS = {1: ("N", Vul.none), 2: ("E", Vul.ew), 3: ("S", Vul.ns), 4: ("W", Vul.both)}
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


def export(party, tmp_path) -> str:
    out = tmp_path / "evening.pbn"
    call_command("export_results", str(party.pk), "--format", "pbn", "-o", str(out))
    return out.read_bytes().decode()


def played(board: Board) -> tuple[int, Contract, Vul]:
    """The board's number, contract and vulnerability: every board we write has all three."""
    assert board.board_num is not None and board.contract is not None and board.vul is not None
    return board.board_num, board.contract, board.vul


def declarer_side_score(board) -> int:
    """The Score tag ("NS 420", "EW 1080") as the declaring side's score, which Contract.score gives."""
    side, value = board.info["Score"].split()
    declarer = board.contract.declarer
    if declarer is None:  # passed out
        return int(value)
    return int(value) if SIDE[declarer.abbr] == side else -int(value)


@pytest.mark.parametrize("keep_partners", [False, True])
def test_endplay_reads_every_deal_and_its_score_agrees_with_its_contract(director, tmp_path, keep_partners):
    party, seats = play_evening(director, keep_partners=keep_partners)
    text = export(party, tmp_path)
    assert PRIVATE not in text  # the initials-only member is "M. J. W." at every deal
    boards = pbn.loads(text)
    # Twelve deals entered (round 2's table 2 was entered as net figures: no deals), each its own number.
    assert len(boards) == 12
    assert sorted(played(b)[0] for b in boards) == BOARDS
    for board in boards:
        number, contract, vul = played(board)
        round_, table, deal = where(number)
        assert (board.info["Round"], board.info["Table"], board.info["PartyDeal"]) == (
            str(round_),
            str(table),
            str(deal),
        )
        dealer, vulnerable = PARTY_DEALS[deal]
        assert board.vul == vulnerable == Vul.from_board(number)
        assert board.dealer is None or board.dealer.abbr == dealer
        # A reader that takes the dealer from the number (duplicate's pattern) agrees with the tag.
        assert Player.from_board(number).abbr == dealer
        side, score, ns, ew = DUPLICATE[(round_, table, deal)]
        assert board.info["Score"] == f"{side} {score}"
        assert contract.score(vul) == declarer_side_score(board)
        assert board.info["PartyCredit"] == f"NS {ns} EW {ew}"
        sitting = seats[(round_, table)]
        assert [board.info.get(seat) for seat in ("North", "East", "South", "West")] == [
            shown(sitting[s]) for s in "NESW"
        ]
    # The capped deals: the contract's own score, not the 1,000 the party credited.
    capped = {played(b)[0]: b for b in boards}
    assert capped[6].info["Score"] == "EW 1080" and played(capped[6])[1].score(Vul.ew) == 1080
    assert capped[15].info["Score"] == "EW 2000" and played(capped[15])[1].score(Vul.ns) == -2000
    names = {board.info[seat] for board in boards for seat in ("North", "East", "South", "West")}
    assert {GREEK, FRENCH, "M. J. W."} <= names and PRIVATE not in names


def test_the_dealer_tag_is_the_partys_own(director, tmp_path):
    party, _ = play_evening(director, keep_partners=False)
    games = [g for g in export(party, tmp_path).split("\r\n\r\n") if g.startswith("[Event")]
    dealers = [dict(line[1:-1].split(" ", 1) for line in g.split("\r\n") if line)["Dealer"] for g in games]
    assert dealers == ['"N"', '"E"', '"S"', '"W"'] * 3


def test_a_night_entered_as_net_figures_only_refuses_pbn_with_a_plain_message(director, tmp_path):
    party = make_party(tables=1, rounds=1, user=director, name="Totals night")
    result_services.result_record(round_=party.rounds.get(number=1), table=1, net=(300, -300), by_user=director)
    out = tmp_path / "x.pbn"
    with pytest.raises(CommandError, match="Totals night was entered as round results only, without its deals"):
        call_command("export_results", str(party.pk), "--format", "pbn", "-o", str(out))
    assert not out.exists()
    # The other formats still carry its ranking.
    call_command("export_results", str(party.pk), "--format", "usebio", "-o", str(tmp_path / "x.xml"))
    assert b"<TOTAL_SCORE>300</TOTAL_SCORE>" in (tmp_path / "x.xml").read_bytes()


def test_a_1938_partys_score_is_the_contracts_duplicate_score_and_its_credit_the_partys(director, tmp_path):
    # 4♠ redoubled by East making ten, E-W vulnerable (deal 2): today's Laws 480 + 500 + 100 = 1,080 (what
    # endplay gives); the 1938 rules give 50 for a redoubled contract made, 1,030. The party credits E-W 1,000
    # (the cap) and charges N-S its own 1,030.
    party = make_party(tables=1, rounds=1, user=director, name="Period night", rules="1938")
    deals = [("PASS", "", 0), ("4SXX", "E", 10), ("PASS", "", 0), ("PASS", "", 0)]
    result_services.result_record(round_=party.rounds.get(number=1), table=1, deals=deals, by_user=director)
    boards = {played(b)[0]: b for b in pbn.loads(export(party, tmp_path))}
    _number, contract, vul = played(boards[6])
    assert boards[6].info["Score"] == "EW 1080" and contract.score(vul) == 1080
    assert boards[6].info["PartyCredit"] == "NS -1030 EW 1000"


def test_only_agreed_tables_deals_are_written(director, tmp_path, client_in):
    """A table still entering its deals is in neither the ranking nor the deal records."""
    party = make_party(tables=2, rounds=1, user=director, name="Half night")
    first = party.rounds.get(number=1)
    deals = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 9), ("PASS", "", 0)]
    result_services.result_record(round_=first, table=1, deals=deals, by_user=director)
    result_services.result_record(round_=first, table=2, deals=deals[:2], complete=False, by_user=director)
    boards = pbn.loads(export(party, tmp_path))
    assert sorted((b.info["Table"], b.board_num) for b in boards) == [("1", 1), ("1", 4), ("1", 6), ("1", 15)]
    # The download of a night with no deals says why, on the party's page.
    totals_only = make_party(tables=1, rounds=1, user=director, name="Totals only")
    result_services.result_record(round_=totals_only.rounds.get(number=1), table=1, net=(0, 0), by_user=director)
    response = client_in.get(reverse("results_export", args=[totals_only.pk, "pbn"]), follow=True)
    assert "Totals only was entered as round results only, without its deals" in response.content.decode()

"""Towie scoring, seats and settlement (docs/rules/towie.md). Every figure is worked by hand."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rules import towie
from tournaments.rules.towie import TowieSheet, draw_seats, score_sheet, settle, settlement, who_plays_next

WORKED_EXAMPLE = [("B", "5H", 11), ("A", "4N", 12), ("B", "4SX", 8), ("A", "5DX", 11)]


def entries(deal):
    return [(entry.player, entry.points, entry.label) for entry in deal.entries]


# --- the worked example from the source, end to end -------------------------------------------


def test_worked_example_totals():
    assert score_sheet(["A", "B", "C"], WORKED_EXAMPLE) == {"A": 2640, "B": 650, "C": 600}


def test_worked_example_deal_by_deal():
    sheet = TowieSheet(["A", "B", "C"])
    first, second, third, fourth = (sheet.play(*hand) for hand in WORKED_EXAMPLE)

    assert entries(first) == [("B", 150, "tricks"), ("B", 500, "game")]
    assert first.column == {"A": 0, "B": 650, "C": 0}
    assert first.vulnerable == {"A": False, "B": False, "C": False}

    assert entries(second) == [("A", 140, "tricks"), ("A", 100, "overtricks"), ("A", 500, "game")]
    assert second.column == {"A": 740, "B": 0, "C": 0}
    assert second.vulnerable == {"A": False, "B": True, "C": False}

    assert third.made is False
    assert third.vulnerable["B"] is True
    assert third.column == {"A": 600, "B": 0, "C": 600}
    assert third.totals == {"A": 1340, "B": 650, "C": 600}

    assert entries(fourth) == [("A", 200, "tricks"), ("A", 100, "doubled contract made"), ("A", 1000, "rubber")]
    assert fourth.column == {"A": 1300, "B": 0, "C": 0}
    assert fourth.vulnerable == {"A": True, "B": True, "C": False}
    assert fourth.rubber == 1
    assert fourth.rubber_won_by == "A"
    assert fourth.totals == {"A": 2640, "B": 650, "C": 600}

    assert sheet.totals == {"A": 2640, "B": 650, "C": 600}
    assert sheet.rubbers_won == {"A": 1, "B": 0, "C": 0}
    assert sheet.rubber == 2
    assert sheet.vulnerability() == {"A": False, "B": False, "C": False}


def test_worked_example_settlement():
    result = settlement({"A": 2640, "B": 650, "C": 600})
    assert result.rounded == {"A": 2600, "B": 700, "C": 600}
    payments = {(p.payer, p.payee): p.points for p in result.payments}
    assert payments == {("B", "A"): 1900, ("C", "A"): 2000, ("C", "B"): 100}
    assert result.net == {"A": 3900, "B": -1800, "C": -2100}
    assert settle({"A": 2640, "B": 650, "C": 600}) == {"A": 3900, "B": -1800, "C": -2100}


def test_worked_example_in_money_at_ten_cents_a_hundred():
    sheet = TowieSheet(["A", "B", "C"])
    for hand in WORKED_EXAMPLE:
        sheet.play(*hand)
    money = sheet.settlement(stake="0.10")
    assert money.money == {"A": Decimal("3.90"), "B": Decimal("-1.80"), "C": Decimal("-2.10")}
    assert [p.money for p in money.payments] == [Decimal("1.90"), Decimal("2.00"), Decimal("0.10")]


def test_stake_per_point():
    assert settlement({"A": 2640, "B": 650, "C": 600}, stake="0.01", per=1).money == {
        "A": Decimal("39.00"),
        "B": Decimal("-18.00"),
        "C": Decimal("-21.00"),
    }


# --- trick score and the game contract rule ----------------------------------------------------


@pytest.mark.parametrize(
    "contract, points",
    [
        ("1N", 30),
        ("2N", 70),
        ("3N", 100),
        ("4N", 140),
        ("5N", 170),
        ("6N", 210),
        ("7N", 240),
        ("4S", 120),
        ("5H", 150),
        ("5D", 100),
        ("5C", 100),
        ("5DX", 200),
        ("2SX", 120),
        ("2SXX", 240),
        ("3NXX", 400),
    ],
)
def test_trick_score(contract, points):
    assert towie.trick_score(contract) == points


@pytest.mark.parametrize(
    "contract, game",
    [
        ("3N", True),
        ("2N", False),
        ("2NX", True),
        ("1NX", False),
        ("1NXX", True),
        ("4H", True),
        ("4S", True),
        ("3S", False),
        ("3H", False),
        ("2SX", True),
        ("1SX", False),
        ("1SXX", True),
        ("5C", True),
        ("5D", True),
        ("4C", False),
        ("4D", False),
        ("4DX", True),
        ("3CX", True),
        ("2CX", False),
        ("2CXX", True),
        ("1CXX", False),
        ("7N", True),
        ("PASS", False),
    ],
)
def test_game_contracts(contract, game):
    assert towie.is_game_contract(contract) is game


def test_a_contract_below_game_is_a_goulash_and_scores_nothing():
    hands = [("A", "3S", 9), ("", "PASS", 0), ("B", "2CX", 8), (None, "PASS", 0), ("C", "4D", 11)]
    # A passed-out hand's declarer as a caller may send it: None (the annotation says str).
    assert score_sheet(["A", "B", "C"], hands) == {"A": 0, "B": 0, "C": 0}  # type: ignore[arg-type]


def test_goulashes_leave_the_rubber_alone():
    totals = score_sheet(["A", "B", "C"], [("A", "4S", 10), ("A", "3S", 9), ("A", "4S", 10)])
    assert totals == {"A": 620 + 1120, "B": 0, "C": 0}


def test_two_spades_doubled_is_played_as_a_game():
    # 120 tricks + 1 overtrick doubled not vulnerable 100 + 50 for making it doubled + 500 game
    assert score_sheet(["A", "B", "C"], [("A", "2SX", 9)]) == {"A": 770, "B": 0, "C": 0}


def test_the_sheet_refuses_to_play_a_goulash_and_to_redeal_a_game():
    sheet = TowieSheet(["A", "B", "C"])
    with pytest.raises(ValueError, match="goulash"):
        sheet.play("A", "3S", 9)
    with pytest.raises(ValueError, match="goulash"):
        sheet.play("A", "PASS", 0)
    with pytest.raises(ValueError, match="game contract"):
        sheet.goulash("2SX")
    deal = sheet.goulash("3S")
    assert (deal.kind, deal.contract, deal.column) == ("goulash", "3S", {"A": 0, "B": 0, "C": 0})
    assert sheet.dealer == "A"  # the same dealer redeals


# --- undertricks: every row, both vulnerabilities, undoubled, doubled, redoubled ---------------

# down: (not vulnerable undoubled, doubled, redoubled, vulnerable undoubled, doubled, redoubled)
UNDERTRICK_ROWS = [
    (1, 50, 100, 200, 100, 200, 400),
    (2, 100, 200, 400, 300, 600, 1200),
    (3, 150, 400, 800, 500, 1000, 2000),
    (4, 200, 600, 1200, 700, 1400, 2800),
    (5, 250, 1000, 2000, 900, 1800, 3600),
    (6, 300, 1400, 2800, 1100, 2200, 4400),
    (13, 650, 4200, 8400, 2500, 5000, 10000),
]


@pytest.mark.parametrize("down, nv, nv_x, nv_xx, v, v_x, v_xx", UNDERTRICK_ROWS)
def test_undertrick_table(down, nv, nv_x, nv_xx, v, v_x, v_xx):
    assert towie.undertrick_penalty("7N", False, down) == nv
    assert towie.undertrick_penalty("7NX", False, down) == nv_x
    assert towie.undertrick_penalty("7NXX", False, down) == nv_xx
    assert towie.undertrick_penalty("7N", True, down) == v
    assert towie.undertrick_penalty("7NX", True, down) == v_x
    assert towie.undertrick_penalty("7NXX", True, down) == v_xx


@pytest.mark.parametrize("down, nv, nv_x, nv_xx, v, v_x, v_xx", UNDERTRICK_ROWS)
def test_undertricks_on_the_sheet_go_to_every_other_player(down, nv, nv_x, nv_xx, v, v_x, v_xx):
    for suffix, not_vulnerable, vulnerable in (("", nv, v), ("X", nv_x, v_x), ("XX", nv_xx, v_xx)):
        contract = "7N" + suffix
        assert score_sheet(["A", "B", "C", "D"], [("A", contract, 13 - down)]) == {
            "A": 0,
            "B": not_vulnerable,
            "C": not_vulnerable,
            "D": not_vulnerable,
        }
        # A wins a game first (3N making 9: 100 + 500), then goes down vulnerable
        assert score_sheet(["A", "B", "C", "D"], [("A", "3N", 9), ("A", contract, 13 - down)]) == {
            "A": 600,
            "B": vulnerable,
            "C": vulnerable,
            "D": vulnerable,
        }


def test_four_down_doubled_costs_each_other_player_600_or_1400_including_the_waiting_one():
    sheet = TowieSheet(["A", "B", "C", "D"])
    deal = sheet.play("B", "4SX", 6)
    assert deal.waiting == ("D",)
    assert deal.column == {"A": 600, "B": 0, "C": 600, "D": 600}

    sheet = TowieSheet(["A", "B", "C", "D"])
    sheet.play("B", "4S", 10)  # B: 120 + 500, vulnerable; D takes his seat
    sheet.seat(["A", "B", "C"])  # the table brings B back
    deal = sheet.play("B", "4SX", 6)
    assert deal.vulnerable["B"] is True
    assert deal.column == {"A": 1400, "B": 0, "C": 1400, "D": 1400}


# --- made contracts --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hands, declarer_total",
    [
        ([("A", "4S", 11)], 120 + 50 + 500),
        ([("A", "4SX", 11)], 240 + 100 + 50 + 500),
        ([("A", "4SXX", 11)], 480 + 200 + 50 + 500),
        ([("A", "3N", 9), ("A", "4S", 11)], 600 + 120 + 100 + 1000),
        ([("A", "3N", 9), ("A", "4SX", 11)], 600 + 240 + 200 + 100 + 1000),
        ([("A", "3N", 9), ("A", "3NXX", 10)], 600 + 400 + 400 + 100 + 1000),
        ([("A", "6S", 12)], 180 + 500 + 500),
        ([("A", "7N", 13)], 240 + 1000 + 500),
        ([("A", "3N", 9), ("A", "6H", 13)], 600 + 180 + 100 + 750 + 1000),
        ([("A", "3N", 9), ("A", "7C", 13)], 600 + 140 + 1500 + 1000),
    ],
)
def test_made_contracts(hands, declarer_total):
    assert score_sheet(["A", "B", "C"], hands) == {"A": declarer_total, "B": 0, "C": 0}


def test_slam_entries_are_labelled():
    deal = TowieSheet(["A", "B", "C"]).play("A", "7N", 13)
    assert entries(deal) == [("A", 240, "tricks"), ("A", 1000, "grand slam"), ("A", 500, "game")]


# --- rubbers ---------------------------------------------------------------------------------


def test_rubbers_finish_and_restart():
    sheet = TowieSheet(["A", "B", "C"])
    assert sheet.play("A", "4S", 10).column["A"] == 620
    assert sheet.play("B", "4H", 10).column["B"] == 620
    assert sheet.play("C", "3N", 9).column["C"] == 600
    assert sheet.vulnerability() == {"A": True, "B": True, "C": True}
    rubber_deal = sheet.play("B", "5C", 12)  # 100 + 1 overtrick vulnerable 100 + rubber 1,000
    assert rubber_deal.column == {"A": 0, "B": 1200, "C": 0}
    assert (rubber_deal.rubber, rubber_deal.game_won_by, rubber_deal.rubber_won_by) == (1, "B", "B")
    assert sheet.vulnerability() == {"A": False, "B": False, "C": False}
    restart = sheet.play("A", "4S", 11)  # not vulnerable again: 120 + 50 + 500, a first game
    assert restart.rubber == 2
    assert restart.vulnerable["A"] is False
    assert entries(restart) == [("A", 120, "tricks"), ("A", 50, "overtricks"), ("A", 500, "game")]
    assert restart.rubber_won_by is None
    assert sheet.totals == {"A": 1290, "B": 1820, "C": 600}
    assert sheet.rubbers_won == {"A": 0, "B": 1, "C": 0}
    assert sheet.vulnerability() == {"A": True, "B": False, "C": False}


def test_a_defeated_contract_wins_no_game():
    sheet = TowieSheet(["A", "B", "C"])
    sheet.play("A", "4S", 9)
    assert sheet.vulnerability() == {"A": False, "B": False, "C": False}
    assert sheet.play("A", "4S", 10).column["A"] == 620


# --- honours and the exposure penalty --------------------------------------------------------


def test_honours_go_to_whoever_held_them_made_or_defeated():
    sheet = TowieSheet(["A", "B", "C"])
    deal = sheet.play("A", "4S", 9, honours=("B", 100))
    assert deal.column == {"A": 0, "B": 150, "C": 50}
    deal = sheet.play("A", "4H", 10, honours=("a", 150))  # declarer's hand or the dummy
    assert deal.column == {"A": 770, "B": 0, "C": 0}
    deal = sheet.play("C", "3N", 9, honours=("B", 150))  # four aces at no-trump
    assert deal.column == {"A": 0, "B": 150, "C": 600}


def test_honours_score_sheet_rows_may_carry_them():
    assert score_sheet(["A", "B", "C"], [("A", "4S", 10, ("C", 100))]) == {"A": 620, "B": 0, "C": 100}


@pytest.mark.parametrize(
    "contract, honours, message",
    [
        ("3N", ("B", 100), "four aces"),
        ("4S", ("B", 120), "100 or 150"),
        ("4S", ("D", 100), "waiting"),
        ("4S", ("Z", 100), "honours holder"),
        ("4S", "B100", "who held them"),
        ("4S", ("B", True), "100 or 150"),
    ],
)
def test_bad_honours(contract, honours, message):
    sheet = TowieSheet(["A", "B", "C", "D"])
    with pytest.raises(ValueError, match=message):
        sheet.play("A", contract, 10, honours=honours)
    assert sheet.deals == []


def test_dealer_exposing_more_than_six_dummy_cards_pays_each_other_seated_player():
    sheet = TowieSheet(["A", "B", "C", "D"])
    deal = sheet.exposure()
    assert (deal.kind, deal.dealer) == ("exposure", "A")
    assert deal.column == {"A": 0, "B": 100, "C": 100, "D": 0}
    assert (sheet.seated, sheet.waiting, sheet.dealer) == (("A", "B", "C"), ("D",), "A")
    assert sheet.exposure("B").column == {"A": 100, "B": 0, "C": 100, "D": 0}
    assert sheet.totals == {"A": 100, "B": 100, "C": 200, "D": 0}
    assert sheet.dealer == "B"
    with pytest.raises(ValueError, match="waiting"):
        sheet.exposure("D")


def test_exposure_needs_the_seats_with_four_players():
    with pytest.raises(ValueError, match="follow the seats"):
        TowieSheet(["A", "B", "C", "D"], track_seats=False).exposure("A")
    deal = TowieSheet(["A", "B", "C"], track_seats=False).exposure("C")
    assert deal.column == {"A": 100, "B": 100, "C": 0}


# --- seats -----------------------------------------------------------------------------------


def test_draw_for_seats():
    draw = draw_seats({"Ann": "7H", "Bob": "AS", "Cid": "KD", "Dee": "KS", "Eve": "2C"})
    assert draw.order == ("Bob", "Dee", "Cid", "Ann", "Eve")
    assert draw.dealer == "Bob"
    assert draw.seated == ("Bob", "Dee", "Cid")
    assert draw.waiting == ("Ann", "Eve")
    sheet = TowieSheet.from_draw(draw)
    assert (sheet.seated, sheet.waiting, sheet.dealer) == (("Bob", "Dee", "Cid"), ("Ann", "Eve"), "Bob")


def test_draw_ranks_ten_above_nine_and_reads_symbols():
    draw = draw_seats({"Ann": "9S", "Bob": "10h", "Cid": "T♣", "Dee": "9D"})
    assert draw.order == ("Bob", "Cid", "Ann", "Dee")


@pytest.mark.parametrize(
    "cards, message",
    [
        ({"Ann": "AS", "Bob": "AS", "Cid": "2C"}, "same card"),
        ({"Ann": "AS", "Bob": "1S", "Cid": "2C"}, "not a card"),
        ({"Ann": "AS", "Bob": "KX", "Cid": "2C"}, "not a card"),
        ({"Ann": "AS", "Bob": 7, "Cid": "2C"}, "drawn card"),
        ({"Ann": "AS", "Bob": "KS"}, "at least three"),
        (
            {name: card for name, card in zip("ABCDEF", ["AS", "KS", "QS", "JS", "10S", "9S"], strict=True)},
            "two tables",
        ),
        (["AS", "KS", "QS"], "each player's card"),
    ],
)
def test_bad_draws(cards, message):
    with pytest.raises(ValueError, match=message):
        draw_seats(cards)


def test_three_players_never_move():
    proposal = who_plays_next(["A", "B", "C"], [], "B", made=True, vulnerable=["B"], dealer="A")
    assert (proposal.seated, proposal.waiting, proposal.dealer) == (("A", "B", "C"), (), "B")
    assert proposal.coming_in is None and proposal.going_out is None
    assert proposal.reason == "Three players: nobody changes seats."


def test_rotation_with_four_players():
    sheet = TowieSheet(["A", "B", "C", "D"])
    expected = [
        # declarer, contract, tricks -> seated after, waiting after, next dealer
        (("B", "4S", 10), ("A", "D", "C"), ("B",), "D"),  # made: B out, D in
        (("C", "3N", 8), ("A", "D", "C"), ("B",), "C"),  # C not vulnerable, B vulnerable: C stays
        (("D", "5C", 10), ("A", "D", "C"), ("B",), "A"),  # D not vulnerable, B vulnerable: D stays
        (("A", "4H", 10), ("B", "D", "C"), ("A",), "D"),  # made: A out, B in
        (("B", "4S", 9), ("A", "D", "C"), ("B",), "C"),  # B vulnerable fails, A vulnerable waiting
        (("D", "4S", 9), ("A", "D", "C"), ("B",), "A"),  # D not vulnerable, B vulnerable: D stays
        (("A", "4S", 10), ("B", "D", "C"), ("A",), "D"),  # A wins the rubber: out, B in
        (("C", "3N", 8), ("B", "D", "A"), ("C",), "A"),  # nobody vulnerable: C out, A in
    ]
    for hand, seated, waiting, dealer in expected:
        deal = sheet.play(*hand)
        assert (sheet.seated, sheet.waiting, sheet.dealer) == (seated, waiting, dealer), deal.number
        assert deal.next_seats is not None and deal.next_seats.seated == seated
    assert sheet.deals[-2].rubber_won_by == "A"
    kept, made = sheet.deals[1].next_seats, sheet.deals[0].next_seats
    assert kept is not None and made is not None  # every deal says who sits next
    assert kept.reason == ("C went down not vulnerable and B, next in the queue, is vulnerable: C keeps the seat.")
    assert made.reason == (
        "B made the contract, so D, first in the queue, takes the seat; B joins the end of the queue."
    )


def test_rotation_with_five_players():
    sheet = TowieSheet(["A", "B", "C", "D", "E"])
    expected = [
        (("A", "4S", 10), ("D", "B", "C"), ("E", "A"), "B"),  # made: A out, D in
        (("B", "4S", 9), ("D", "E", "C"), ("A", "B"), "C"),  # E, next, not vulnerable: B out
        (("C", "3N", 8), ("D", "E", "C"), ("A", "B"), "D"),  # A, next, vulnerable: C stays
        (("D", "3N", 9), ("A", "E", "C"), ("B", "D"), "E"),  # made: D out, A in
        (("A", "4H", 9), ("D", "E", "C"), ("B", "A"), "C"),  # A vulnerable fails: D jumps the queue
        (("E", "4H", 9), ("D", "B", "C"), ("A", "E"), "D"),  # B, next, not vulnerable: E out
        (("D", "4H", 10), ("A", "B", "C"), ("E", "D"), "B"),  # D wins the rubber: out, A in
    ]
    for hand, seated, waiting, dealer in expected:
        deal = sheet.play(*hand)
        assert (sheet.seated, sheet.waiting, sheet.dealer) == (seated, waiting, dealer), deal.number
    jump = sheet.deals[4].next_seats
    assert jump is not None  # every deal says who sits next
    assert (jump.coming_in, jump.going_out) == ("D", "A")
    assert jump.reason == (
        "A went down vulnerable, so D, waiting and vulnerable, takes the seat; A joins the end of the queue."
    )
    assert sheet.totals == {"A": 770, "B": 200, "C": 200, "D": 1970, "E": 200}


def test_vulnerable_declarer_failing_with_nobody_vulnerable_waiting_goes_out():
    proposal = who_plays_next(["A", "B", "C"], ["D", "E"], "A", made=False, vulnerable=["A", "B"], dealer="C")
    assert (proposal.seated, proposal.waiting, proposal.dealer) == (("D", "B", "C"), ("E", "A"), "D")
    assert proposal.reason.startswith("A went down vulnerable and nobody waiting is vulnerable, so D")


def test_non_vulnerable_declarer_stays_only_for_the_next_waiting_player():
    stays = who_plays_next(["A", "B", "C"], ["D", "E"], "A", made=False, vulnerable=["D"])
    assert (stays.seated, stays.waiting, stays.coming_in, stays.dealer) == (("A", "B", "C"), ("D", "E"), None, None)
    goes = who_plays_next(["A", "B", "C"], ["D", "E"], "A", made=False, vulnerable=["E"])
    assert (goes.seated, goes.waiting) == (("D", "B", "C"), ("E", "A"))


def test_the_table_may_override_the_proposal():
    sheet = TowieSheet(["A", "B", "C", "D", "E"])
    sheet.play("A", "4S", 10)  # proposal: D in at A's seat, dealer B
    sheet.seat(["E", "B", "C"])
    assert (sheet.seated, sheet.waiting, sheet.dealer) == (("E", "B", "C"), ("A", "D"), "B")
    sheet.seat(["E", "B", "D"], dealer="D")
    assert (sheet.seated, sheet.waiting, sheet.dealer) == (("E", "B", "D"), ("A", "C"), "D")
    with pytest.raises(ValueError, match="waiting"):
        sheet.play("A", "4S", 10)
    with pytest.raises(ValueError, match="three different"):
        sheet.seat(["E", "E", "D"])
    with pytest.raises(ValueError, match="dealer"):
        sheet.seat(["E", "B", "D"], dealer="A")


# --- settlement ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "total, rounded",
    [(0, 0), (40, 0), (49, 0), (50, 100), (150, 200), (640, 600), (650, 700), (2640, 2600), (2650, 2700), (-50, 0)],
)
def test_rounding(total, rounded):
    assert towie.round_total(total) == rounded


def test_settlement_rounds_40_to_nothing_50_and_150_up():
    assert settle({"A": 40, "B": 0, "C": 0}) == {"A": 0, "B": 0, "C": 0}
    assert settle({"A": 50, "B": 0, "C": 0}) == {"A": 200, "B": -100, "C": -100}
    assert settle({"A": 150, "B": 0, "C": 0}) == {"A": 400, "B": -200, "C": -200}
    assert settle({"A": 150, "B": 40, "C": 50, "D": 0}) == {"A": 500, "B": -300, "C": 100, "D": -300}


@pytest.mark.parametrize(
    "totals, message",
    [
        ({}, "at least two"),
        ({"A": 100}, "at least two"),
        ({"A": 100, "B": "200"}, "B's total"),
        ({"A": 100, "B": 2.5}, "B's total"),
        ({"A": True, "B": 0}, "A's total"),
        ({"A": 1, "a": 2}, "two players"),
        ({"A": 1, "": 2}, "name"),
        ([("A", 1), ("B", 2)], "each player's points"),
    ],
)
def test_bad_totals(totals, message):
    with pytest.raises(ValueError, match=message):
        settle(totals)


@pytest.mark.parametrize(
    "stake, per, message", [("ten", 100, "stake"), (-1, 100, "stake"), (True, 100, "stake"), (1, 0, "per")]
)
def test_bad_stakes(stake, per, message):
    with pytest.raises(ValueError, match=message):
        settlement({"A": 100, "B": 0}, stake=stake, per=per)


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, hands, message",
    [
        (["A", "B"], [], "at least three"),
        (["A", "B", "C", "D", "E", "F"], [], "two tables"),
        (["A", "B", "b"], [], "two players"),
        (["A", "B", ""], [], "name"),
        ("ABC", [], "list of names"),
        (["A", "B", "C"], "A 4S 10", "list"),
        (["A", "B", "C"], [("Z", "4S", 10)], "hand 1: the declarer"),
        (["A", "B", "C"], [("A", "4S", 10), ("A", "4Z", 10)], "hand 2: unknown strain"),
        (["A", "B", "C"], [("A", "8S", 10)], "level"),
        (["A", "B", "C"], [("A", "4S", 14)], "between 0 and 13"),
        (["A", "B", "C"], [("A", "4S", "10")], "whole number"),
        (["A", "B", "C"], [("A", "4S")], "hand 1 must be"),
        (["A", "B", "C"], [("Z", "3S", 9)], "declarer"),
        (["A", "B", "C"], [("A", "3S", 15)], "between 0 and 13"),
        (["A", "B", "C"], [("A", 4, 10)], "contract"),
    ],
)
def test_bad_score_sheets(players, hands, message):
    with pytest.raises(ValueError, match=message):
        score_sheet(players, hands)


@pytest.mark.parametrize(
    "args, message",
    [
        ((["A", "B"], [], "A", True), "three players sit"),
        ((["A", "B", "C"], ["A"], "A", True), "two players"),
        ((["A", "B", "C"], ["D"], "D", True), "declarer"),
        ((["A", "B", "C"], ["D"], "A", "yes"), "made"),
        ((["A", "B", "C"], ["D"], "A", True, ["Z"]), "vulnerable"),
        ((["A", "B", "C"], ["D"], "A", True, "D"), "vulnerable"),
        ((["A", "B", "C"], ["D"], "A", True, [], "D"), "dealer"),
        ((["A", "B", "C"], ["D", "E", "F"], "A", True), "two tables"),
        ((["A", "B", "C"], None, "A", True), "lists of names"),
        (("ABC", ["D"], "A", True), "lists of names"),
    ],
)
def test_bad_proposals(args, message):
    with pytest.raises(ValueError, match=message):
        who_plays_next(*args)


def test_sheet_errors():
    with pytest.raises(ValueError, match="takes no seating"):
        TowieSheet(["A", "B", "C", "D"], seated=["A", "B", "C"], track_seats=False)
    with pytest.raises(ValueError, match="does not follow"):
        TowieSheet(["A", "B", "C", "D"], track_seats=False).seat(["A", "B", "C"])
    with pytest.raises(ValueError, match="waiting"):
        TowieSheet(["A", "B", "C", "D"]).play("D", "4S", 10)
    with pytest.raises(ValueError, match="player"):
        TowieSheet(["A", "B", "C"]).vulnerable("Z")


# --- properties ------------------------------------------------------------------------------

names = st.lists(st.sampled_from(["Ann", "Bob", "Cid", "Dee", "Eve"]), min_size=3, max_size=5, unique=True)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.text(min_size=1).filter(str.strip), st.integers(-(10**6), 10**6), min_size=2, max_size=8))
def test_settlement_sums_to_zero(totals):
    if len({name.strip().casefold() for name in totals}) < len(totals):
        return
    result = settlement(totals)
    assert sum(result.net.values()) == 0
    assert all(points % 100 == 0 for points in result.net.values())
    assert all(abs(result.rounded[n] - t) <= 50 for n, t in zip(result.rounded, totals.values(), strict=True))
    received = dict.fromkeys(result.net, 0)
    for payment in result.payments:
        received[payment.payee] += payment.points
        received[payment.payer] -= payment.points
    assert received == result.net


contracts = st.builds(
    lambda level, strain, doubled: f"{level}{strain}{doubled}",
    st.integers(1, 7),
    st.sampled_from("CDHSN"),
    st.sampled_from(["", "X", "XX"]),
)


@settings(max_examples=60, deadline=None)
@given(names, st.lists(st.tuples(st.integers(0, 4), contracts, st.integers(0, 13)), max_size=12))
def test_a_played_sheet_settles_to_zero(players, raw_hands):
    hands = [(players[who % len(players)], contract, tricks) for who, contract, tricks in raw_hands]
    totals = score_sheet(players, hands)
    assert set(totals) == set(players)
    assert all(total >= 0 and total % 10 == 0 for total in totals.values())
    assert sum(settle(totals).values()) == 0

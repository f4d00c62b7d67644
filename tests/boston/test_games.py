"""A whole game of each variant kept on the pages, deal by deal, as four players would.

Every expected figure is copied by hand from docs/rules/boston.md (the table and cell named in the
comment), and each player's account is kept here apart from the app: a ledger of the dealer's feed,
what the adversaries pay or are paid, and what the caller takes from or pays into the pool.
"""

import io
from dataclasses import dataclass, field

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.boston.conftest import PLAYERS, create_table, nets, play, sheet

pytestmark = pytest.mark.django_db


@dataclass
class Step:
    deal: tuple  # (caller, bid, tricks) or () for a pass
    kw: dict
    amount: int | None  # counters per adversary, from the caller's side
    pools: list[int]  # after the deal
    nets: dict[str, int] | None = None  # given by hand where the plain ledger does not apply
    dealer: str = ""
    feed: int = 0
    extra: dict = field(default_factory=dict)


def ledger(step: Step, pool_before: int) -> dict[str, int]:
    """One caller against three: the dealer's feed, the payments, and the pool the caller took or fed."""
    result = dict.fromkeys(PLAYERS, 0)
    result[step.dealer] -= step.feed
    if step.deal:
        caller = step.deal[0]
        assert step.amount is not None  # a deal bid and played says what it paid
        for player in PLAYERS:
            if player != caller:
                result[player] -= step.amount
                result[caller] += step.amount
        result[caller] += pool_before + step.feed - sum(step.pools)
    return result


def keep_game(client, table, steps: list[Step], *, dealers: list[str], feed) -> dict[str, int]:
    totals = dict.fromkeys(PLAYERS, 0)
    pool = 0
    for number, step in enumerate(steps, start=1):
        step.dealer = dealers[(number - 1) % 4]
        step.feed = feed(number)
        row = play(client, table, *step.deal, **step.kw)
        assert row.number == number and row.dealer == step.dealer, number
        if step.amount is not None:
            assert row.amount == step.amount, (number, row.what, row.amount)
        assert row.pools == step.pools, (number, row.what, row.pools)
        expected = step.nets if step.nets is not None else ledger(step, pool)
        assert nets(row) == expected, (number, row.what, row.lines)
        assert sum(expected.values()) == pool - sum(step.pools)  # the players and the pool balance
        for player, gain in expected.items():
            totals[player] += gain
        assert {cell.player: cell.total for cell in row.cells} == totals, number
        pool = sum(step.pools)
    return totals


def pdf_text(client, table) -> str:
    response = client.get(reverse("boston_pdf", args=[table.id]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    return "\n".join(page.extract_text() for page in reader.pages)


def finish(client, table, **data):
    response = client.post(reverse("boston_finish", args=[table.id]), data)
    assert response.status_code == 302
    return sheet(client, table)


def assert_settles_to_zero(final):
    assert final.settlement.final
    assert sum(row.counters for row in final.settlement.rows) == 0
    if final.settlement.rows[0].money is not None:
        assert sum(row.money for row in final.settlement.rows) == 0
    assert final.pools == []


BOSTON_DEALERS = ["Ann", "Bob", "Cat", "Dan"]  # Boston deals to the left: down the list
FRENCH_DEALERS = ["Ann", "Dan", "Cat", "Bob"]  # French Boston deals to the right: up the list

ENGLISH = [
    # English table of failures, 8 short by 1: 23 ("bidding eight and taking seven costs 23"); the pool of 10 doubled
    Step(("Bob", "8", 7), {"suit": "H"}, -23, [20]),
    # English table, bid 9 taken 10: 34; a pool bid made takes the lone pool
    Step(("Cat", "9", 10), {"suit": "S"}, 34, []),
    # "I pay": bid 5 paid without over-tricks: 12; below a pool bid the pool is untouched
    Step(("Dan", "5", None), {"suit": "C", "i_pay": True}, 12, [10]),
    # bid 6 taken 8: 16; played out, so a lower bid takes the pool too
    Step(("Ann", "6", 8), {"suit": "D"}, 16, []),
    # misère partout, the book's example: A 6, Y 2, B 5, Z 0 -> A pays 4, 1 and 6 red; the pool is only fed
    Step((), {"partout": {"Ann": 6, "Bob": 2, "Cat": 5, "Dan": 0}}, None, [10],
         nets={"Ann": -10 - 110, "Bob": 40, "Cat": 10, "Dan": 60}),
    # little misère lost: 20 to each; doubles the pool of 20
    Step(("Cat", "little misere", 1), {}, -20, [40]),
    # 7 short by 3: 40; doubles 50 to the limit
    Step(("Dan", "7", 4), {"suit": "H"}, -40, [100]),
    # 10 short by 2: 56; the first pool (100) is doubled and forms a new pool
    Step(("Ann", "10", 8), {"suit": "S"}, -56, [100, 100, 10]),
    # grand misère won: 40 each; a pool bid, so he takes one pool holding the limit
    Step(("Bob", "grand misere", 0), {}, 40, [100, 20]),
    # bid 12 taken 13: 114; takes the full pool
    Step(("Cat", "12", 13), {"suit": "D"}, 114, [30]),
    # 6 short by 3: 35; doubles the lone pool of 40
    Step(("Dan", "6", 3), {"suit": "C"}, -35, [80]),
    # 5 short by 1: 11; doubles 90 past the limit
    Step(("Ann", "5", 4), {"suit": "S"}, -11, [100, 80]),
]  # fmt: skip


def test_a_whole_game_of_boston_with_the_english_tables(client_in):
    table = create_table(
        client_in, "english", pool_feed=10, pool_limit=100, money_value="0.01", money_per="white", currency="£"
    )
    totals = keep_game(client_in, table, ENGLISH, dealers=BOSTON_DEALERS, feed=lambda n: 10)
    assert totals == {"Ann": -545, "Bob": 137, "Cat": 571, "Dan": -343}  # added up by hand, deal by deal
    page = sheet(client_in, table)
    assert page.progress.over and page.pools == [100, 80]
    final = finish(client_in, table)  # after the twelfth deal the pools are divided equally: 45 each
    assert final.closing.cells[0].net == 45 and {c.net for c in final.closing.cells} == {45}
    assert dict(final.totals) == {"Ann": -500, "Bob": 182, "Cat": 616, "Dan": -298}
    assert_settles_to_zero(final)
    money = {row.player: row.money_text for row in final.settlement.rows}
    assert money == {"Ann": "−£5.00", "Bob": "£1.82", "Cat": "£6.16", "Dan": "−£2.98"}
    assert final.settlement.money_payments == [
        ("Ann", "Cat", "£5.00"),
        ("Dan", "Cat", "£1.16"),
        ("Dan", "Bob", "£1.82"),
    ]
    text = pdf_text(client_in, table)
    for expected in (
        "english table",
        "Boston, English tables",
        "Final settlement",
        "Ann pays Cat £5.00",
        "+616",
        "Bob pays Ann, Cat and Dan 23 each",
        "100 + 100 + 10",
        "club's choice",
        "10 counters each deal",
    ):
        assert expected in text, expected  # fmt: skip


AMERICAN = [
    Step(("Bob", "7", 9), {"suit": "S"}, 20, []),  # American table: 7 pays 20, no over-tricks
    Step(("Cat", "9", 7), {"suit": "H"}, -45, [10]),  # American failures, 9 short by 2: 45
    Step(("Dan", "13", 13), {"suit": "D"}, 170, []),  # 13: 170
    Step(("Ann", "6", None), {"suit": "C", "i_pay": True}, 15, [5]),  # 6: 15; "I pay" below a pool bid
    Step(("Bob", "12", 10), {"suit": "S"}, -130, [20]),  # 12 short by 2: 130
    Step(("Cat", "8", 4), {"suit": "H"}, -55, [50]),  # 8 short by 4: 55
    Step(("Dan", "little spread", 0), {}, 80, []),  # little spread: 80
    # misère partout, the book's tie: A 5, Y 5, B 1, Z 2 -> A and Y pay 3½ red each; B gets 4 red, Z 3
    Step((), {"partout": {"Ann": 5, "Bob": 5, "Cat": 1, "Dan": 2}}, None, [5],
         nets={"Ann": -35, "Bob": -35, "Cat": 40, "Dan": 30 - 5}),
    Step(("Bob", "10", 9), {"suit": "D"}, -45, [20]),  # 10 short by 1: 45
    Step(("Cat", "11", 11), {"suit": "C"}, 65, []),  # 11: 65
    Step(("Dan", "5", 0), {"suit": "H"}, -50, [10]),  # 5 short by 5: 50
    Step(("Ann", "grand spread", 1), {}, -160, [30]),  # grand spread lost: 160
]  # fmt: skip


def test_a_whole_game_of_boston_with_the_american_tables_and_a_thirteenth_deal(client_in):
    table = create_table(client_in, "american", pool_feed=5, pool_unlimited="on")
    totals = keep_game(client_in, table, AMERICAN, dealers=BOSTON_DEALERS, feed=lambda n: 5)
    assert sum(totals.values()) == -30
    # by agreement, a thirteenth deal at no trump: the winner of its last trick takes the pools
    final = finish(client_in, table, last_trick="3")
    assert {c.player: c.net for c in final.closing.cells} == {"Ann": 0, "Bob": 0, "Cat": 30, "Dan": 0}
    assert dict(final.totals) == {p: totals[p] + (30 if p == "Cat" else 0) for p in PLAYERS}
    assert_settles_to_zero(final)
    assert final.settlement.money_payments == []  # no money: they settle in counters
    paid = sum(n for _, _, n in final.settlement.counter_payments)
    assert paid == sum(t for _, t in final.totals if t > 0)
    assert "Cat took the last trick" in final.closing.what
    assert "Thirteenth deal at no trump" in pdf_text(client_in, table)


def fontainebleau_game(slam: int, spread_slam: int) -> list[Step]:
    return [
        # the book's example: nine hearts bid, six won: 115 to each adversary and 115 into the pool
        Step(("Bob", "9", 6), {"suit": "H"}, -115, [5 + 115]),
        # the book's example: seven diamonds with a partner, nine won, settled as ten diamonds: each pays 135
        # to his neighbour (Cat to Bob on his right, Ann to Dan on hers) and they put 135 in the pool
        Step(("Cat", "7", 9), {"suit": "D", "partner": "Ann"}, -135, [260],
             nets={"Ann": -135 - 67, "Bob": -5 + 135, "Cat": -135 - 68, "Dan": 135}),
        # six spades with three honours (two tricks), eight won: 30 + 5 x (2 + 2); takes the pool
        Step(("Dan", "6", 8), {"suit": "S", "honours": 3}, 50, []),
        Step(("Ann", "little misere", 0), {}, 75, []),  # little misère: 75
        # eight diamonds, four honours, "I pay" saves only over-tricks: 90 + 5 x 4
        Step(("Bob", "8", None), {"suit": "D", "honours": 4, "i_pay": True}, 110, []),
        # misère partout: the fewest tricks (Bob and Dan, 1 each) divide the pool of 5; Cat is eldest,
        # so Dan, next in play, takes the odd counter
        Step((), {"partout": {"Ann": 6, "Bob": 1, "Cat": 5, "Dan": 1}}, None, [],
             nets={"Ann": 0, "Bob": -5 + 2, "Cat": 0, "Dan": 3}),
        # seven at no trump: the club's figure 80, and 5 for the extra trick
        Step(("Dan", "7", 8), {"suit": "NT"}, 85, []),
        Step(("Ann", "13", 13), {"suit": "C"}, slam, []),  # slam in clubs
        # grand misère lost: 150 each, no 5 a trick; and 150 into the pool
        Step(("Bob", "grand misere", 1), {}, -150, [155]),
        Step(("Cat", "piccolissimo", 1), {}, 100, []),  # piccolissimo: 100
        Step(("Dan", "spread slam", 13), {"suit": "H"}, spread_slam, []),  # spread slam in hearts
        # the twelfth deal: seven clubs, five won: 50 + 5 x 2 = 60 each and 60 into the pool; the
        # adversaries divide the pool of 65, the odd counters from the eldest (Ann) round: Bob, Cat
        Step(("Ann", "7", 5), {"suit": "C"}, -60, [],
             nets={"Ann": -240, "Bob": 60 + 22, "Cat": 60 + 22, "Dan": -5 + 60 + 21}),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "slam", "spread_slam"),
    [("fontainebleau", 400, 700), ("fontainebleau-american", 300 - 50, 400)],  # table 1; table 2's rows
)
def test_a_whole_game_of_boston_de_fontainebleau(client_in, variant, slam, spread_slam):
    table = create_table(client_in, variant, nt_7="80", money_value="0.50", money_per="red", currency="$")
    page = client_in.get(reverse("boston_table", args=[table.id])).content.decode()
    assert "7: 80" in page and "club’s choice" in page
    totals = keep_game(
        client_in, table, fontainebleau_game(slam, spread_slam), dealers=BOSTON_DEALERS, feed=lambda n: 5
    )
    assert sum(totals.values()) == 0  # the twelfth deal emptied the pool
    final = finish(client_in, table)
    assert final.closing.lines == [] and dict(final.totals) == totals
    assert_settles_to_zero(final)
    ann = next(row for row in final.settlement.rows if row.player == "Ann")
    assert ann.money_text == f"{'-' if ann.counters < 0 else ''}${abs(ann.counters) * 5 / 100:,.2f}"  # 5 cents a white


def french_game() -> list[Step]:
    steps = [
        # belle is hearts. Five hearts, three honours, six won: 16 + 12 + 4 for the extra trick
        Step(("Bob", "5", 6), {"suit": "H", "honours": 3, "turned": "H"}, 32, []),
        Step(("Cat", "6", 6), {"suit": "D", "turned": "C"}, 18, []),  # six diamonds: 18
        # eight clubs failed: 16 to each, and the pool of 10 doubled
        Step(("Dan", "8", 7), {"suit": "C", "turned": "S"}, -16, [20]),
        # petite misère with a diamond turned: 48 to each; takes the pool
        Step(("Ann", "little misere", 0), {"turned": "D"}, 48, []),
        # partners' eight in belle (hearts), nine won, four honours between them: 16 + 4 x (1 + 4);
        # Ann pays Bob (on his right), Dan pays Cat (Cat's right is her partner); they divide the pool
        Step(("Bob", "8", 9), {"suit": "H", "partner": "Cat", "honours": 4, "turned": "S"}, 36, [],
             nets={"Ann": -10 - 36, "Bob": 36 + 5, "Cat": 36 + 5, "Dan": -36}),
        # seven diamonds alone: the club's row, 15 in diamonds
        Step(("Cat", "7", 7), {"suit": "D", "turned": "H"}, 15, []),
    ]  # fmt: skip
    pool = 0
    for number in range(7, 33):
        pool += 10
        steps.append(Step((), {"turned": "SCDH"[number % 4]}, None, [pool]))
    # the doubles: five spades, 4 doubled; takes the pool of 260 + 20
    steps.append(Step(("Dan", "5", 5), {"suit": "S", "turned": "C"}, 8, []))
    # six hearts failed in a double: 24 x 2 to each, and twice the pool of 20 into it
    steps.append(Step(("Bob", "6", 4), {"suit": "H", "turned": "D"}, -48, [60]))
    for number in range(35, 41):
        steps.append(Step((), {"turned": "SCDH"[number % 4]}, None, [60 + 20 * (number - 34)]))
    return steps


def test_a_whole_game_of_french_boston_forty_deals_with_eight_doubles(client_in):
    rows = {f"fr_7_base_{suit}": value for suit, value in zip("SCDH", (5, 10, 15, 20), strict=True)}
    table = create_table(client_in, "french", **rows)
    totals = keep_game(client_in, table, french_game(), dealers=FRENCH_DEALERS, feed=lambda n: 20 if n > 32 else 10)
    page = sheet(client_in, table)
    assert [row.double for row in page.rows] == [False] * 32 + [True] * 8
    assert page.progress.over and page.pools == [180]
    final = finish(client_in, table)
    assert {c.net for c in final.closing.cells} == {45}
    assert dict(final.totals) == {p: totals[p] + 45 for p in PLAYERS}
    assert_settles_to_zero(final)
    text = pdf_text(client_in, table)
    assert "33\ndouble" in text and "Final settlement" in text and "7 tricks alone" in text

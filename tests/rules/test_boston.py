"""Boston, Boston de Fontainebleau and French Boston (docs/rules/boston.md).

Every cell of every payment table is read from the repo's own docs/rules/boston.md and checked
against `payment()`; hand-copied spot checks keep the tests
meaningful if the markdown's layout ever changes under the parser.
"""

import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.rules import boston
from tournaments.rules.boston import POOL, BostonGame, misere_partout, payment

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "boston.md"
TEXT = RULES.read_text(encoding="utf-8")
FLAT = " ".join(TEXT.split())
SUIT_COLUMNS = {"♣ or ♠": ("C", "S"), "♡": ("H",), "♢": ("D",)}
ROW_BIDS = {
    "boston, five tricks": "5",
    "six tricks": "6",
    "seven tricks": "7",
    "eight tricks": "8",
    "nine tricks": "9",
    "ten tricks": "10",
    "eleven tricks": "11",
    "twelve tricks": "12",
    "slam, thirteen tricks": "13",
    "spread slam": "spread slam",
}


# ---- reading boston.md --------------------------------------------------------------------------


def _tables(text: str) -> list[list[list[str]]]:
    """Every markdown table: a list of rows of stripped cells, the separator row left out."""
    tables, current = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if not all(set(cell) <= set("-:") for cell in cells):
                current.append(cells)
        elif current:
            tables.append(current)
            current = []
    return tables


TABLES = _tables(TEXT)


def _table(first_cell: str, which: int = 0) -> list[list[str]]:
    found = [t for t in TABLES if t[0][0] == first_cell]
    return found[which] if len(found) > which else [[first_cell]]


def _grid(table) -> list[tuple[int, int, int]]:
    """(row bid, column number, figure) for every filled cell of a numbers-only table."""
    header = [int(cell) for cell in table[0][1:]]
    return [
        (int(row[0]), column, int(cell))
        for row in table[1:]
        for column, cell in zip(header, row[1:], strict=True)
        if cell
    ]


def _after(marker: str, pattern: str) -> list[tuple[str, ...]]:
    start = FLAT.find(marker)
    return re.findall(pattern, FLAT[start:]) if start >= 0 else []


ENGLISH_WIN = _grid(_table("bid \\ taken"))
ENGLISH_FAIL = _grid(_table("bid \\ short by", 0))
AMERICAN_FAIL = _grid(_table("bid \\ short by", 1))
AMERICAN_WIN = [(int(b), int(v)) for b, v in _after("**American table**", r"(\d+): (\d+)[,.]")[:9]]
MISERE_PATTERN = r"(little misère|grand misère|little spread|grand spread) (\d+)"
MISERES = [(m.replace("è", "e"), int(v)) for m, v in _after("**Misères**", MISERE_PATTERN)[:4]]


def _fontainebleau_cells() -> list[tuple[str, str, str | None, int]]:
    """(bid, column, suit, figure) from table 1."""
    table = _table("bid")
    header, cells = table[0], []
    for row in table[1:]:
        label = row[0].lower()
        bid = ROW_BIDS.get(label, label.replace("è", "e"))
        for column, cell in zip(header[1:], row[1:], strict=True):
            if cell:
                for suit in SUIT_COLUMNS.get(column, (None,)):
                    cells.append((bid, column, suit, int(cell)))
    return cells


FONTAINEBLEAU = _fontainebleau_cells()
TABLE_2 = _after("**Table 2**", r"slam (\d+) / (\d+) / (\d+), spread slam (\d+) / (\d+) / (\d+)")[:1]
FRENCH_ROW_NAMES = {
    "five tricks alone, or partners' eight": (("5", False), ("8", True)),
    "six tricks, or petite independence": (("6", False), ("petite independence", False)),
    "eight tricks, or grand independence": (("8", False), ("grand independence", False)),
}
FRENCH = _after(
    "## French Boston",
    r"(five tricks alone, or partners' eight|six tricks, or petite independence|eight tricks, or grand independence): "
    r"(\d+), (\d+), (\d+), (\d+) \(three honours (\d+), (\d+), (\d+), (\d+); four honours (\d+), (\d+), (\d+), (\d+); "
    r"each extra trick (\d+), (\d+), (\d+), (\d+)\)",
)
FRENCH_MISERE = _after("## French Boston", r"petite misère (\d+), (\d+), (\d+), (\d+)")[:1]
FRENCH_SUITS = ("S", "C", "D", "H")  # the book's order for French Boston's rows


def test_boston_md_is_beside_the_repo_and_every_table_was_read():
    assert RULES.exists(), f"boston.md not found at {RULES}"
    assert len(ENGLISH_WIN) == 45
    assert len(ENGLISH_FAIL) == len(AMERICAN_FAIL) == 81
    assert len(AMERICAN_WIN) == 9
    assert len(MISERES) == 4
    # 10 trick rows x 4 suits, 5 misères, 8 extra-trick figures
    assert len(FONTAINEBLEAU) == 10 * 4 + 5 + 8
    assert len(TABLE_2) == 1 and len(FRENCH) == 3 and len(FRENCH_MISERE) == 1


# ---- every cell of every table ------------------------------------------------------------------


@pytest.mark.parametrize(("bid", "taken", "figure"), ENGLISH_WIN)
def test_english_table_of_bids_made(bid, taken, figure):
    assert payment("english", str(bid), taken) == figure


@pytest.mark.parametrize(("bid", "short", "figure"), ENGLISH_FAIL)
def test_english_table_of_failures(bid, short, figure):
    assert payment("english", str(bid), bid - short) == -figure


@pytest.mark.parametrize(("bid", "figure"), AMERICAN_WIN)
def test_american_table_pays_no_over_tricks(bid, figure):
    for taken in range(bid, 14):
        assert payment("american", str(bid), taken) == figure


@pytest.mark.parametrize(("bid", "short", "figure"), AMERICAN_FAIL)
def test_american_table_of_failures(bid, short, figure):
    assert payment("american", str(bid), bid - short) == -figure


@pytest.mark.parametrize(("misere", "figure"), MISERES)
@pytest.mark.parametrize("variant", ["english", "american"])
def test_boston_misere_won_from_or_lost_to_each_adversary(variant, misere, figure):
    assert payment(variant, misere, 0) == figure
    assert payment(variant, misere, 1) == -figure
    assert payment(variant, misere, 5) == -figure


@pytest.mark.parametrize(("bid", "column", "suit", "figure"), FONTAINEBLEAU)
@pytest.mark.parametrize("variant", ["fontainebleau", "fontainebleau-american"])
def test_fontainebleau_table_1(variant, bid, column, suit, figure):
    if bid in ("13", "spread slam") and variant == "fontainebleau-american":
        return  # table 2 replaces these rows; see the next test
    if column == "no trump":
        target = 1 if bid == "piccolissimo" else 0
        assert payment(variant, bid, target) == figure
        assert payment(variant, bid, target + 1) == -figure
    elif column == "each extra trick":
        for suit in "SCDH":
            n = int(bid)
            assert payment(variant, bid, n + 1, suit=suit) - payment(variant, bid, n, suit=suit) == figure
    else:
        needed = 13 if bid == "spread slam" else int(bid)
        assert payment(variant, bid, needed, suit=suit) == figure


def test_fontainebleau_table_2_american_slams():
    (clubs, hearts, diamonds, s_clubs, s_hearts, s_diamonds) = map(int, TABLE_2[0])
    for suit, slam, spread in (("C", clubs, s_clubs), ("S", clubs, s_clubs), ("H", hearts, s_hearts)):
        assert payment("fontainebleau-american", "13", 13, suit=suit) == slam
        assert payment("fontainebleau-american", "spread slam", 13, suit=suit) == spread
    assert payment("fontainebleau-american", "13", 13, suit="D") == diamonds
    assert payment("fontainebleau-american", "spread slam", 13, suit="D") == s_diamonds


@pytest.mark.parametrize("row", FRENCH, ids=lambda row: row[0])
def test_french_rows_known_from_the_book(row):
    name, figures = row[0], [int(x) for x in row[1:]]
    base, three, four, extra = (dict(zip(FRENCH_SUITS, figures[i : i + 4], strict=True)) for i in range(0, 16, 4))
    for bid, partner in FRENCH_ROW_NAMES[name]:
        needed = int(boston.normalise_bid(boston.FRENCH_ALIASES.get(bid, bid)))
        for suit in FRENCH_SUITS:
            kw: dict[str, Any] = {"suit": suit, "partner": partner}  # payment()'s keyword arguments
            assert payment("french", bid, needed, **kw) == base[suit]
            assert payment("french", bid, needed + 1, **kw) == base[suit] + extra[suit]
            assert payment("french", bid, needed - 1, **kw) == -base[suit]
            if not partner:
                assert payment("french", bid, needed, honours=3, **kw) == base[suit] + three[suit]
                assert payment("french", bid, needed, honours=4, **kw) == base[suit] + four[suit]
            else:  # between partners three honours count as three tricks, four as four
                assert payment("french", bid, needed, honours=3, **kw) == base[suit] + 3 * extra[suit]
                assert payment("french", bid, needed, honours=4, **kw) == base[suit] + 4 * extra[suit]


def test_french_petite_misere_by_the_suit_turned():
    figures = dict(zip(FRENCH_SUITS, map(int, FRENCH_MISERE[0]), strict=True))
    for suit, figure in figures.items():
        assert payment("french", "little misere", 0, suit=suit) == figure
        assert payment("french", "little misere", 2, suit=suit) == -figure


# ---- hand-copied spot checks (independent of the parser) ----------------------------------------


@pytest.mark.parametrize(
    ("variant", "bid", "tricks", "kw", "expected"),
    [
        ("english", "5", 5, {}, 12),
        ("english", "7", 13, {}, 26),
        ("english", "12", 13, {}, 114),
        ("english", "13", 13, {}, 166),
        ("english", "9", 12, {"suit": "H", "honours": 4}, 39),  # Boston pays no honours
        ("english", "5", 0, {}, -50),
        ("english", "12", 11, {}, -113),
        ("english", "13", 0, {}, -433),
        ("american", "9", 11, {}, 35),
        ("american", "13", 13, {}, 170),
        ("american", "8", 3, {}, -70),
        ("american", "13", 2, {}, -390),
        ("english", "grand spread", 0, {}, 160),
        ("american", "little misere", 1, {}, -20),
        ("fontainebleau", "5", 5, {"suit": "S"}, 10),
        ("fontainebleau", "5", 7, {"suit": "D"}, 40),
        ("fontainebleau", "8", 8, {"suit": "H", "honours": 4}, 100),
        ("fontainebleau", "8", 9, {"suit": "C", "honours": 3}, 85),
        ("fontainebleau", "12", 12, {"suit": "D"}, 170),
        ("fontainebleau", "13", 13, {"suit": "H"}, 450),
        ("fontainebleau", "13", 11, {"suit": "H"}, -460),
        ("fontainebleau", "13", 13, {"suit": "H", "honours": 4}, 450),  # no honours on a slam
        ("fontainebleau", "10", 13, {"suit": "S", "partner": True, "honours": 3}, 400),
        ("fontainebleau", "spread slam", 13, {"suit": "D"}, 800),
        ("fontainebleau-american", "spread slam", 13, {"suit": "S"}, 350),
        ("fontainebleau-american", "13", 13, {"suit": "D"}, 350),
        ("fontainebleau", "little misere", 0, {}, 75),
        ("fontainebleau", "piccolissimo", 1, {}, 100),
        ("fontainebleau", "piccolissimo", 0, {}, -100),
        ("fontainebleau", "grand spread", 3, {}, -250),
        ("fontainebleau", "7", 10, {"suit": "D", "partner": True}, 130),
        ("fontainebleau", "5", 9, {"suit": "C", "partner": True, "honours": 4}, 95),
        ("french", "5", 5, {"suit": "H"}, 16),
        ("french", "8", 8, {"suit": "S", "partner": True}, 4),
        ("french", "6", 7, {"suit": "D", "honours": 4}, 18 + 6 + 18),
        ("french", "little misere", 0, {"suit": "S"}, 16),
        ("french", "little misere", 0, {"suit": "H"}, 64),
    ],
)
def test_spot_checks(variant, bid, tricks, kw, expected):
    assert payment(variant, bid, tricks, **kw) == expected


# ---- the book's worked examples -----------------------------------------------------------------


def test_eight_bid_and_seven_taken_costs_23_to_each_adversary():
    assert payment("english", "8", 7) == -23


def test_nine_hearts_making_six_pays_115_each_and_115_into_the_pool():
    assert payment("fontainebleau", "9", 6, suit="H") == -115
    game = BostonGame("fontainebleau", ["A", "Y", "B", "Z"], first_dealer="Z")
    deal = game.play("A", "9", 6, suit="H")
    assert deal.net == {"A": -115 * 4, "Y": 115, "B": 115, "Z": 115 - 5}
    assert deal.pools == [5 + 115]


def test_seven_diamonds_with_a_partner_making_nine():
    assert payment("fontainebleau", "7", 9, suit="D", partner=True) == -135
    # A and Y sit together; each pays the adversary next to him, and 135 goes into the pool.
    game = BostonGame("fontainebleau", ["A", "Y", "B", "Z"], first_dealer="B")
    deal = game.play("A", "7", 9, suit="D", partner="Y")
    paid = {(t.payer, t.payee): t.amount for t in deal.transfers}
    assert paid[("A", "Z")] == 135 and paid[("Y", "B")] == 135
    assert paid[("A", POOL)] + paid[("Y", POOL)] == 135
    assert deal.pools == [5 + 135]
    assert deal.net == {"A": -203, "Y": -202, "B": 135 - 5, "Z": 135}


def test_each_loser_pays_the_winner_on_his_right_the_books_example():
    # docs/rules/boston.md: players clockwise A, B, Y, Z; partners A and Y winning: B pays A and Z
    # pays Y; A and Y losing: A pays Z and Y pays B.
    game = BostonGame("fontainebleau", ["A", "B", "Y", "Z"], first_dealer="B")
    won = game.play("A", "5", 8, suit="C", partner="Y")  # settled as eight clubs: 70 from each loser
    paid = {(t.payer, t.payee): t.amount for t in won.transfers if POOL not in (t.payer, t.payee)}
    assert paid == {("B", "A"): 70, ("Z", "Y"): 70}
    lost = game.play("A", "7", 9, suit="D", partner="Y")  # ten diamonds short by one: 135 each
    paid = {(t.payer, t.payee): t.amount for t in lost.transfers if POOL not in (t.payer, t.payee)}
    assert paid == {("A", "Z"): 135, ("Y", "B"): 135}


def test_partners_sitting_together_the_loser_beside_his_partner_pays_the_winner_next_to_him():
    game = BostonGame("fontainebleau", ["A", "Y", "B", "Z"])
    # A and Y sit together. Winning: B's right is Y, a winner; Z's right is B, a loser, so Z pays A.
    assert sorted(game.pairs("A", "Y", made=True)) == [("A", "Z"), ("Y", "B")]
    # Losing: A's right is Z, a winner; Y's right is A, a loser, so Y pays B on his left.
    assert sorted(game.pairs("A", "Y", made=False)) == [("A", "Z"), ("Y", "B")]
    # Opposite partners A and B: winning, Y pays A and Z pays B; losing, A pays Z and B pays Y.
    assert sorted(game.pairs("A", "B", made=True)) == [("A", "Y"), ("B", "Z")]
    assert sorted(game.pairs("A", "B", made=False)) == [("A", "Z"), ("B", "Y")]


@given(st.permutations(["A", "B", "C", "D"]), st.booleans(), st.sampled_from([(0, 1), (0, 2), (1, 2), (1, 3)]))
def test_every_winner_is_paid_by_exactly_one_loser(players, made, seats):
    game = BostonGame("fontainebleau", list(players))
    caller, partner = (players[i] for i in seats)
    pairs = game.pairs(caller, partner, made=made)
    assert sorted(member for member, _ in pairs) == sorted([caller, partner])
    assert sorted(adversary for _, adversary in pairs) == sorted(set(players) - {caller, partner})


def test_misere_partout_the_most_tricks_pays_the_difference_in_red():
    assert misere_partout({"A": 6, "Y": 2, "B": 5, "Z": 0}) == {"A": -110, "Y": 40, "B": 10, "Z": 60}


def test_misere_partout_two_tied_for_most_share_the_payment():
    assert misere_partout({"A": 5, "Y": 5, "B": 1, "Z": 2}) == {"A": -35, "Y": -35, "B": 40, "Z": 30}


def test_misere_partout_three_tied_on_four_each_pay_the_fourth_a_red():
    assert misere_partout({"A": 4, "Y": 4, "B": 4, "Z": 1}) == {"A": -10, "Y": -10, "B": -10, "Z": 30}


def test_misere_partout_loss_is_three_times_tricks_less_tricks_not_taken():
    assert misere_partout({"A": 4, "Y": 3, "B": 3, "Z": 3})["A"] == -(3 * 4 - 9) * 10
    assert misere_partout({"A": 7, "Y": 3, "B": 3, "Z": 0})["A"] == -(3 * 7 - 6) * 10


@given(st.lists(st.integers(0, 3), min_size=13, max_size=13))
def test_misere_partout_sums_to_zero(owners):
    tricks = {name: owners.count(i) for i, name in enumerate("AYBZ")}
    net = misere_partout(tricks)
    most = max(tricks.values())
    assert sum(net.values()) == 0
    assert sum(v for v in net.values() if v < 0) == -10 * (4 * most - 13)
    assert all(net[p] < 0 for p in tricks if tricks[p] == most)


@pytest.mark.parametrize(
    "tricks",
    [{"A": 6, "Y": 2, "B": 5}, {"A": 6, "Y": 2, "B": 5, "Z": 1}, {"A": -1, "Y": 9, "B": 5, "Z": 0}, "A6 Y2"],
)
def test_misere_partout_refuses_bad_tricks(tricks):
    with pytest.raises(ValueError):
        misere_partout(tricks)


# ---- Boston's pools -----------------------------------------------------------------------------

BOSTON_HOUSE = {"pool_feed": 10, "pool_limit": 100}


def _boston(**house):
    return BostonGame("english", ["A", "Y", "B", "Z"], house={**BOSTON_HOUSE, **house})


def test_a_failed_caller_doubles_the_pool_and_a_full_one_starts_another():
    game = _boston()
    assert game.play("Y", "6", 4).pools == [20]  # fed 10, doubled
    assert game.play("B", "8", 7).pools == [60]  # fed to 30, doubled
    deal = game.play("Z", "5", 3)  # fed to 70, doubled past the limit
    assert deal.pools == [100, 40]
    assert deal.net["Z"] == -3 * 21 - 70
    deal = game.play("A", "7", 6)  # fed to [100, 50]: the first pool is doubled, forming another
    assert deal.pools == [100, 100, 50]
    assert {t.payee: t.amount for t in deal.transfers if t.payer == "A"}[POOL] == 100


def test_a_successful_caller_takes_one_pool_holding_the_limit():
    game = _boston()
    for caller in ("Y", "B", "Z", "A"):
        game.play(caller, "8", 0)  # four failures build up several pools
    assert game.pools.amounts() == [100, 100, 50]
    deal = game.play("Y", "9", 9)  # fed to [100, 100, 60]
    assert [t.amount for t in deal.transfers if t.payer == POOL] == [100]
    assert deal.pools == [100, 60]


def test_with_one_pool_the_winner_takes_it_however_small():
    game = _boston()
    deal = game.play("Y", "7", 8)
    assert deal.net == {"A": -20 - 10, "Y": 3 * 20 + 10, "B": -20, "Z": -20}
    assert deal.pools == []


def test_i_pay_saves_over_tricks_and_the_pool_below_a_pool_bid():
    game = _boston()
    deal = game.play("Y", "6", i_pay=True)
    assert deal.amount == 15 and deal.pools == [10]
    deal = game.play("B", "6", 9)  # played out: a lower bid made takes the pool too
    assert deal.amount == 17 and deal.pools == []
    deal = game.play("Z", "7", 11, i_pay=True)  # a pool bid takes the pool even so
    assert deal.amount == 18 and deal.pools == []
    deal = game.play("A", "grand misere", i_pay=True)  # misères rank above seven: pool bids
    assert deal.amount == 40 and deal.pools == []


def test_american_i_pay_is_the_same_as_making_the_bid():
    game = BostonGame("american", ["A", "Y", "B", "Z"], house=BOSTON_HOUSE)
    assert game.play("Y", "10", i_pay=True).amount == 45


def test_misere_partout_does_not_touch_the_pool():
    game = _boston()
    deal = game.misere_partout({"A": 6, "Y": 2, "B": 5, "Z": 0})
    assert deal.pools == [10]
    assert deal.net == {"A": -110 - 10, "Y": 40, "B": 10, "Z": 60}


def test_after_the_twelfth_deal_the_pools_are_divided_equally():
    game = _boston(pool_feed=7)
    for _ in range(12):
        game.misere_partout({"A": 4, "Y": 3, "B": 3, "Z": 3})
    assert game.over and game.pools.total == 84 and game.pools.amounts() == [84]
    with pytest.raises(ValueError):
        game.misere_partout({"A": 4, "Y": 3, "B": 3, "Z": 3})
    end = game.finish()
    assert end.pools == [] and sum(end.net.values()) == 84
    assert sorted(end.net.values()) == [21, 21, 21, 21]
    assert sum(game.totals.values()) == 0


def test_odd_counters_go_from_the_eldest_hand_round():
    game = _boston(pool_feed=5, pool_limit=None)
    for _ in range(12):
        game.misere_partout({"A": 4, "Y": 3, "B": 3, "Z": 3})
    end = game.finish()  # 60 counters: no odd ones
    assert set(end.net.values()) == {15}
    game = _boston(pool_feed=1, pool_limit=None)
    for _ in range(11):
        game.misere_partout({"A": 4, "Y": 3, "B": 3, "Z": 3})
    end = game.finish(stop_early=True)  # 11 counters; the twelfth dealer is Z, the eldest A
    assert end.net == {"A": 3, "Y": 3, "B": 3, "Z": 2}


def test_a_thirteenth_deal_at_no_trump_gives_all_the_pools_to_the_last_trick():
    game = _boston()
    for caller in ("A", "Y", "B", "Z") * 3:
        game.play(caller, "7", 2)
    total = game.pools.total
    assert len(game.pools.amounts()) > 1
    end = game.finish(last_trick="B")
    assert end.net == {"A": 0, "Y": 0, "B": total, "Z": 0}
    assert sum(game.totals.values()) == 0


def test_the_game_cannot_finish_early_without_saying_so():
    game = _boston()
    game.play("A", "5", 5)
    with pytest.raises(ValueError, match="11 deals"):
        game.finish()
    game.finish(stop_early=True)
    with pytest.raises(ValueError):
        game.finish(stop_early=True)
    with pytest.raises(ValueError):
        game.play("A", "5", 5)


# ---- Boston de Fontainebleau --------------------------------------------------------------------


def _fontainebleau(variant="fontainebleau"):
    return BostonGame(variant, ["A", "Y", "B", "Z"])


def test_fontainebleau_dealer_feeds_five_and_the_caller_takes_the_pool():
    game = _fontainebleau()
    game.play("Y", "5", 4, suit="S")  # fails: 15 each and 15 into the pool
    assert game.pools.amounts() == [5 + 15]
    deal = game.play("B", "6", 7, suit="H", honours=3)  # 40 + 5 + 10, and the pool
    assert deal.amount == 55 and deal.pools == []
    assert deal.net == {"A": -55, "Y": -55 - 5, "B": 165 + 25, "Z": -55}


def test_fontainebleau_i_pay_saves_only_over_tricks():
    game = _fontainebleau()
    deal = game.play("Y", "8", i_pay=True, suit="D", honours=4)
    assert deal.amount == 90 + 20 and deal.pools == []


def test_fontainebleau_successful_partners_divide_the_pool():
    game = _fontainebleau()
    game.play("Y", "5", 4, suit="S")  # pool 20
    deal = game.play("A", "5", 8, suit="C", partner="B")  # settled as eight clubs: 70
    assert deal.amount == 70
    # Y deals, so B is eldest and takes the odd counter of the 25
    assert deal.net == {"A": 70 + 12, "Y": -70 - 5, "B": 70 + 13, "Z": -70}


def test_fontainebleau_misere_partout_gives_the_pool_to_the_fewest_tricks():
    game = _fontainebleau()
    game.play("Y", "5", 4, suit="S")  # pool 20
    deal = game.misere_partout({"A": 6, "Y": 1, "B": 5, "Z": 1})  # pool 25, split Y / Z
    assert deal.net == {"A": 0, "Y": 12 - 5, "B": 0, "Z": 13}  # Z is eldest after Y deals
    assert deal.pools == []


def test_fontainebleau_twelfth_deal_a_failed_caller_pays_the_pool_and_adversaries_divide_it():
    game = _fontainebleau()
    for _ in range(11):
        game.misere_partout({"A": 4, "Y": 3, "B": 3, "Z": 3})  # the pool goes to the fewest each time
    assert game.deal_number == 12 and game.dealer == "Z"
    deal = game.play("A", "7", 5, suit="C")  # fails by 2: 60 each and 60 into the pool
    # the pool of 65 is divided from the eldest, A, round: Y and B take the odd counters
    assert deal.net == {"A": -240, "Y": 60 + 22, "B": 60 + 22, "Z": 60 - 5 + 21}
    assert deal.pools == [] and game.over


def test_fontainebleau_twelfth_deal_failed_partners():
    game = _fontainebleau()
    for _ in range(11):
        game.misere_partout({"A": 4, "Y": 3, "B": 3, "Z": 3})
    deal = game.play("A", "6", 8, suit="H", partner="Y")  # nine hearts short by one: 105
    assert deal.net == {"A": -105 - 53, "Y": -105 - 52, "B": 105 + 55, "Z": 105 + 55 - 5}
    assert deal.pools == []


def test_fontainebleau_before_the_twelfth_deal_the_pool_stays():
    game = _fontainebleau()
    deal = game.play("A", "7", 5, suit="C")
    assert deal.pools == [65]


# ---- French Boston ------------------------------------------------------------------------------


def test_french_forty_deals_the_last_eight_doubles_and_the_deal_passes_to_the_right():
    game = BostonGame("french", ["A", "Y", "B", "Z"])
    assert [game.dealer, game.deals_in_game, game.is_double] == ["A", 40, False]
    game.passed(turned="H")
    assert game.dealer == "Z"  # Z sits on A's right
    for _ in range(31):
        deal = game.passed(turned="S")
        assert not deal.double and deal.transfers[0].amount == 10
    assert game.pools.total == 320 and game.is_double
    deal = game.play("Y", "5", 6, suit="D", turned="C")  # 12 + 3, doubled; takes the pool
    assert deal.double and deal.amount == 30
    assert deal.transfers[0].amount == 20
    assert deal.net["Y"] == 3 * 30 + 340 - (20 if deal.dealer == "Y" else 0)
    deal = game.play("B", "6", 4, suit="H", turned="D")  # fails: 24 doubled, doubles doubled
    assert deal.amount == -48
    assert deal.pools == [20 + 2 * 20]
    for _ in range(6):
        game.passed(turned="C")
    assert game.over and not game.is_double
    end = game.finish()
    assert end.pools == [] and sum(game.totals.values()) == 0


def test_french_belle_and_petite_govern_partners_trumps():
    game = BostonGame("french", ["A", "Y", "B", "Z"])
    with pytest.raises(ValueError, match="belle or petite"):
        game.play("A", "8", 8, suit="S", partner="B", turned="H")
    deal = game.play("A", "8", 9, suit="H", partner="B", turned="H")
    assert game.belle == "H" and game.petite is None
    assert deal.amount == 16 + 4
    game.play("Y", "8", 8, suit="C", partner="B", turned="C")  # petite
    assert game.petite == "C"
    game.passed(turned="H")
    assert game.petite is None  # belle turned again: no petite
    with pytest.raises(ValueError, match="belle or petite"):
        game.play("Y", "8", 8, suit="C", partner="B", turned="H")


def test_french_misere_is_paid_by_the_suit_turned():
    game = BostonGame("french", ["A", "Y", "B", "Z"])
    assert game.play("Y", "little misere", 0, turned="H").amount == 64
    assert game.play("Y", "petite misère", 1, turned="S").amount == -16
    with pytest.raises(ValueError):
        game.play("Y", "little misere", 0, suit="H", turned="S")


def test_french_pool_can_be_played_for_until_won():
    game = BostonGame("french", ["A", "Y", "B", "Z"], play_for_pool=True)
    for _ in range(40):
        game.passed(turned="S")
    assert not game.over and game.pools.total == 32 * 10 + 8 * 20
    deal = game.passed(turned="S")  # extra deals are simples
    assert not deal.double and deal.transfers[0].amount == 10
    game.play("A", "5", 5, suit="S", turned="S")
    assert game.over and game.pools.total == 0
    game.finish()


def test_french_has_no_misere_partout_and_boston_no_passed_deal():
    with pytest.raises(ValueError):
        BostonGame("french", list("AYBZ")).misere_partout({"A": 4, "Y": 3, "B": 3, "Z": 3}, turned="H")
    with pytest.raises(ValueError):
        _fontainebleau().passed(turned="H")


# ---- house settings -----------------------------------------------------------------------------


def test_boston_pool_feed_and_limit_are_house_settings():
    with pytest.raises(ValueError, match="pool_limit"):
        BostonGame("english", ["A", "Y", "B", "Z"])
    with pytest.raises(ValueError, match="pool_feed"):
        BostonGame("american", ["A", "Y", "B", "Z"], house={"pool_limit": 100})
    BostonGame("english", ["A", "Y", "B", "Z"], house={"pool_feed": 10, "pool_limit": None})


def test_fontainebleau_no_trump_trick_bids_are_a_house_setting():
    with pytest.raises(ValueError, match="no_trump"):
        payment("fontainebleau", "7", 7, suit="NT")
    with pytest.raises(ValueError, match="no_trump"):
        payment("fontainebleau", "7", 7, suit="NT", house={"no_trump": {8: 75}})
    house = {"no_trump": {7: 80, "8": 90}}
    assert payment("fontainebleau", "7", 8, suit="NT", house=house) == 85
    assert payment("fontainebleau", "7", 5, suit="NT", house=house) == -90
    assert payment("fontainebleau", "5", 8, suit="NT", partner=True, house=house) == 90


@pytest.mark.parametrize(
    ("bid", "kw"),
    [
        ("7", {"suit": "H"}),
        ("9", {"suit": "S"}),
        ("13", {"suit": "D"}),
        ("9", {"suit": "C", "partner": True}),
        ("grand misere", {"suit": "H"}),
        ("little spread", {"suit": "S"}),
    ],
)
def test_french_unprinted_rows_are_house_settings(bid, kw):
    tricks = 0 if "misere" in bid or "spread" in bid else int(bid)
    with pytest.raises(ValueError, match="house setting"):
        payment("french", bid, tricks, **kw)


def test_french_house_rows_when_supplied():
    house = {
        "french": {
            "7": {"base": {"S": 7, "C": 14, "D": 21, "H": 28}, "extra_trick": 3},
            "Partners 9": {"base": 10, "extra_trick": 2},
            "grand misère": {"base": {"S": 32, "C": 64, "D": 96, "H": 128}},
        }
    }
    assert payment("french", "7", 8, suit="D", house=house) == 21 + 3
    assert payment("french", "9", 9, suit="C", partner=True, honours=3, house=house) == 10 + 6
    assert payment("french", "grand misere", 0, suit="H", house=house) == 128
    with pytest.raises(ValueError, match="three_honours"):
        payment("french", "7", 7, suit="D", honours=3, house=house)
    with pytest.raises(ValueError, match="printed in the book"):
        payment("french", "7", 7, suit="D", house={"french": {"5": {"base": 1}}})
    with pytest.raises(ValueError, match="unknown house"):
        payment("english", "7", 7, house={"pool_limt": 100})


# ---- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kw"),
    [
        (("whist", "7", 7), {}),
        (("english", "4", 4), {}),
        (("english", "7", 14), {}),
        (("english", "7", -1), {}),
        (("english", "7", True), {}),
        (("english", "piccolissimo", 1), {}),
        (("english", "7", 7), {"partner": True}),
        (("english", "7", 7), {"honours": 2}),
        (("english", "7", 7), {"honours": 3.0}),
        (("english", "7", 7.0), {}),
        ((None, "7", 7), {}),
        (("english", None, 7), {}),
        (("english", "little misere", 13), {}),
        (("english", "grand misere", 0), {"honours": 4}),
        (("fontainebleau", "7", 7), {}),
        (("fontainebleau", "7", 7), {"suit": "X"}),
        (("fontainebleau", "11", 13), {"suit": "H", "partner": True}),
        (("fontainebleau", "little misere", 0), {"partner": True}),
        (("french", "7", 7), {"suit": "NT"}),
        (("french", "5", 8), {"suit": "H", "partner": True}),
        (("french", "little misere", 0), {}),
    ],
)
def test_bad_input_raises_value_error(args, kw):
    with pytest.raises(ValueError):
        payment(*args, **kw)


@pytest.mark.parametrize(
    "players", [["A", "Y", "B"], ["A", "Y", "B", "B"], "AYBZ", ["A", "Y", "B", "pool"], ["A", "", "B", "Z"]]
)
def test_a_game_needs_four_named_players(players):
    with pytest.raises(ValueError):
        BostonGame("fontainebleau", players)


def test_a_bad_deal_changes_nothing():
    game = _boston()
    for bad in (
        lambda: game.play("Q", "7", 7),
        lambda: game.play("A", "7", 7, partner="Y"),
        lambda: game.play("A", "7"),
        lambda: game.play("A", "little misere", 0, honours=3),
    ):
        with pytest.raises(ValueError):
            bad()
    assert game.deals == [] and game.pools.total == 0 and set(game.totals.values()) == {0}


# ---- the money ----------------------------------------------------------------------------------


def test_settlement_in_counters_and_money():
    game = _fontainebleau()
    game.play("A", "9", 6, suit="H")
    with pytest.raises(ValueError, match="finish"):
        game.settlement("0.05")
    game.finish(stop_early=True)
    result = game.settlement("0.05")
    a = result.players["A"]
    # A dealt (5 into the pool) and lost 4 x 115; the pool of 120 is divided at the end
    assert (a.counters, a.red, a.white, a.money) == (-435, 43, 5, Decimal("-21.75"))
    assert sum(p.counters for p in result.players.values()) == 0
    assert sum(p.money for p in result.players.values()) == 0
    assert all(payer == "A" for payer, _, _ in result.payments)
    assert sum(amount for _, _, amount in result.payments) == Decimal("21.75")
    assert game.settlement(red_value="0.50").players["A"].money == Decimal("-21.75")
    for bad in ({}, {"white_value": 1, "red_value": 10}, {"white_value": "lots"}, {"white_value": -1}):
        with pytest.raises(ValueError):
            game.settlement(**bad)


# ---- every deal balances: four players and the pool ---------------------------------------------

FULL_HOUSE: dict[str, Any] = {  # the engine's house settings (boston.payment's `house`)
    "pool_feed": 10,
    "pool_limit": 60,
    "no_trump": {**{n: 20 * n for n in range(5, 14)}, "spread slam": 900},
    "french": {
        **{str(n): {"base": 3 * n, "three_honours": 5, "four_honours": 7, "extra_trick": 2} for n in (7, 9, 10)},
        **{str(n): {"base": 4 * n, "three_honours": 5, "four_honours": 7, "extra_trick": 2} for n in (11, 12, 13)},
        **{f"partners {n}": {"base": 2 * n, "extra_trick": 1} for n in range(9, 14)},
        **{m: {"base": 50} for m in ("grand misere", "little spread", "grand spread", "piccolissimo")},
        "spread slam": {"base": 200, "three_honours": 5, "four_honours": 7},
    },
}


def _bid_for(variant: str, draw) -> tuple[str, dict]:
    family = boston.FAMILY[variant]
    bids = boston._variant_bids(family)
    bid = draw(st.sampled_from(bids))
    kw: dict = {}
    if bid in boston.MISERE_BIDS:
        if family == "french":
            kw["suit"] = draw(st.sampled_from("SCDH"))  # the suit turned
        return bid, kw
    suits = ["S", "C", "D", "H"] + (["NT"] if family == "fontainebleau" else [])
    kw["suit"] = draw(st.sampled_from(suits))
    if kw["suit"] != "NT":
        kw["honours"] = draw(st.sampled_from([0, 3, 4]))
    return bid, kw


def _partner_allowed(variant: str, bid: str) -> bool:
    family = boston.FAMILY[variant]
    if bid in boston.MISERE_BIDS or family == "boston" or bid == "spread slam":
        return False
    return int(bid) <= 10 if family == "fontainebleau" else int(bid) >= 8


def _play_one(game: BostonGame, draw) -> boston.DealResult:
    players = game.players
    turned = draw(st.sampled_from("SCDH"))
    if game.family == "french" and draw(st.integers(0, 5)) == 0:
        return game.passed(turned=turned)
    if game.family != "french" and draw(st.integers(0, 5)) == 0:
        owners = draw(st.lists(st.integers(0, 3), min_size=13, max_size=13))
        return game.misere_partout({p: owners.count(i) for i, p in enumerate(players)}, turned=turned)
    caller = draw(st.sampled_from(players))
    bid, kw = _bid_for(game.variant, draw)
    if bid in boston.MISERE_BIDS and game.family == "french":
        kw["suit"] = turned
    if _partner_allowed(game.variant, bid) and draw(st.booleans()):
        kw["partner"] = draw(st.sampled_from([p for p in players if p != caller]))
        if game.family == "french":
            belle, petite = game._trumps_for(turned)
            kw["suit"] = draw(st.sampled_from([s for s in (belle, petite) if s]))
    most = 12 if bid in ("little misere", "piccolissimo", "little spread") else 13
    if draw(st.integers(0, 4)) == 0:
        return game.play(caller, bid, i_pay=True, turned=turned, **kw)
    return game.play(caller, bid, draw(st.integers(0, most)), turned=turned, **kw)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(boston.VARIANTS), st.booleans(), st.data())
def test_every_deal_sums_to_zero_across_the_players_and_the_pool(variant, play_for_pool, data):
    play_for_pool = play_for_pool and variant == "french"
    game = BostonGame(variant, ["A", "Y", "B", "Z"], house=FULL_HOUSE, play_for_pool=play_for_pool)
    deals = data.draw(st.integers(1, game.deals_in_game))
    pool = 0
    for _ in range(deals):
        deal = _play_one(game, data.draw)
        assert sum(deal.net.values()) + deal.pool_change == 0
        assert all(t.amount > 0 for t in deal.transfers)
        assert sum(deal.pools) == pool + deal.pool_change == game.pools.total >= 0
        if game.pools.limit:
            assert all(p == game.pools.limit for p in deal.pools[:-1]) and max(deal.pools, default=0) <= 60
        pool = game.pools.total
    end = game.finish(stop_early=True)
    assert sum(end.net.values()) + end.pool_change == 0
    assert end.pools == [] and sum(game.totals.values()) == 0


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(boston.VARIANTS), st.data())
def test_a_made_bid_is_paid_and_a_failed_one_pays(variant, data):
    bid, kw = _bid_for(variant, data.draw)
    partner = _partner_allowed(variant, bid) and data.draw(st.booleans())
    contract = boston.make_contract(variant, bid, suit=kw.get("suit"), partner=partner)
    tricks = data.draw(st.integers(0, contract.most))
    amount = payment(variant, bid, tricks, partner=partner, house=FULL_HOUSE, **kw)
    assert (amount > 0) == contract.made(tricks)
    if contract.made(tricks) and not contract.misere:
        assert amount >= payment(variant, bid, contract.target, partner=partner, house=FULL_HOUSE, **kw)

"""The book's tables for Boston, Boston de Fontainebleau and French Boston, in white counters, and the names of bids.

Figures from docs/rules/boston.md (Foster's Complete Hoyle, 1897); what the book leaves out is a house setting
(HOUSE_KEYS, read by boston_contract.check_house). Plain data: nothing here computes.
"""

VARIANTS = ("english", "american", "fontainebleau", "fontainebleau-american", "french")
FAMILY = {
    "english": "boston",
    "american": "boston",
    "fontainebleau": "fontainebleau",
    "fontainebleau-american": "fontainebleau",
    "french": "french",
}
SUITS = ("S", "C", "D", "H")
NO_TRUMP = "NT"
POOL = "pool"
RED = 10  # white counters in a red counter
PLAYERS = 4
TRICK_BIDS = tuple(str(n) for n in range(5, 14))
MISERE_BIDS = ("little misere", "piccolissimo", "grand misere", "little spread", "grand spread")

# ---- Boston -------------------------------------------------------------------------------------

# Bid -> what each adversary pays for 5..13 tricks taken, from the bid upwards (over-tricks included).
ENGLISH_WIN = {
    5: (12, 12, 13, 13, 14, 14, 14, 15, 15),
    6: (15, 16, 16, 17, 18, 19, 20, 20),
    7: (18, 20, 21, 22, 23, 24, 26),
    8: (23, 24, 26, 28, 29, 31),
    9: (32, 34, 36, 39, 41),
    10: (42, 45, 48, 52),
    11: (63, 68, 72),
    12: (106, 114),
    13: (166,),
}
AMERICAN_WIN = {5: 10, 6: 15, 7: 20, 8: 25, 9: 35, 10: 45, 11: 65, 12: 105, 13: 170}
# Bid -> what the failed caller pays each adversary, short by 1, 2, ...
ENGLISH_FAIL = {
    5: (11, 21, 31, 41, 50),
    6: (15, 24, 35, 45, 55, 66),
    7: (19, 29, 40, 50, 60, 72, 82),
    8: (23, 34, 46, 56, 67, 78, 89, 110),
    9: (33, 44, 57, 68, 82, 92, 103, 115, 127),
    10: (44, 56, 70, 82, 94, 107, 119, 132, 145, 157),
    11: (67, 80, 95, 109, 123, 138, 151, 165, 180, 194, 208),
    12: (113, 130, 148, 165, 182, 200, 217, 234, 252, 270, 286, 304),
    13: (177, 198, 222, 241, 262, 284, 305, 326, 348, 369, 390, 412, 433),
}
AMERICAN_FAIL = {
    5: (10, 20, 30, 40, 50),
    6: (15, 25, 35, 45, 55, 65),
    7: (20, 30, 40, 50, 60, 70, 80),
    8: (25, 35, 45, 55, 70, 85, 100, 115),
    9: (35, 45, 55, 65, 80, 95, 110, 125, 140),
    10: (45, 55, 70, 80, 95, 110, 125, 140, 155, 170),
    11: (70, 80, 95, 110, 125, 140, 155, 170, 185, 200, 220),
    12: (120, 130, 145, 160, 180, 200, 220, 240, 260, 280, 300, 320),
    13: (180, 200, 220, 240, 260, 280, 300, 320, 340, 360, 390, 420, 450),
}
BOSTON_MISERES = {"little misere": 20, "grand misere": 40, "little spread": 80, "grand spread": 160}
POOL_BID = 7  # seven tricks or more takes the pool even when the adversaries say "I pay"

# ---- Boston de Fontainebleau --------------------------------------------------------------------

# Trick row -> (clubs or spades, hearts, diamonds), table 1.
FONTAINEBLEAU_TRICKS = {
    5: (10, 20, 30),
    6: (30, 40, 50),
    7: (50, 60, 70),
    8: (70, 80, 90),
    9: (90, 100, 110),
    10: (110, 120, 130),
    11: (130, 140, 150),
    12: (150, 160, 170),
}
FONTAINEBLEAU_SLAMS = {"13": (400, 450, 500), "spread slam": (600, 700, 800)}  # table 1
FONTAINEBLEAU_SLAMS_AMERICAN = {"13": (250, 300, 350), "spread slam": (350, 400, 450)}  # table 2
FONTAINEBLEAU_MISERES = {
    "little misere": 75,
    "piccolissimo": 100,
    "grand misere": 150,
    "little spread": 200,
    "grand spread": 250,
}
FONTAINEBLEAU_COLUMN = {"C": 0, "S": 0, "H": 1, "D": 2}
EXTRA_TRICK = 5  # over-tricks, honours and tricks short are all paid at five counters each
HONOUR_TRICKS = {0: 0, 3: 2, 4: 4}  # honours count as extra tricks: three as two, four as four
PARTNER_TRICKS = 3  # a partner undertakes three tricks more than the bid
FONTAINEBLEAU_FEED = 5

# ---- French Boston ------------------------------------------------------------------------------

FRENCH_FEED = 10
FRENCH_DEALS = 40
FRENCH_SIMPLES = 32  # deals 33 to 40 are the doubles
ROW_PARTS = ("base", "three_honours", "four_honours", "extra_trick")


def _by_suit(*values: int) -> dict[str, int]:
    return dict(zip(SUITS, values, strict=True))  # the book's order: spades, clubs, diamonds, hearts


_FIVE = {
    "base": _by_suit(4, 8, 12, 16),
    "three_honours": _by_suit(3, 6, 9, 12),
    "four_honours": _by_suit(4, 8, 12, 16),
    "extra_trick": _by_suit(1, 2, 3, 4),
}
FRENCH_ROWS = {
    "5": _FIVE,
    "partners 8": _FIVE,
    "6": {
        "base": _by_suit(6, 12, 18, 24),
        "three_honours": _by_suit(4, 8, 12, 16),
        "four_honours": _by_suit(6, 12, 18, 24),
        "extra_trick": _by_suit(2, 4, 6, 8),
    },
    "8": {
        "base": _by_suit(8, 16, 24, 32),
        "three_honours": _by_suit(6, 12, 18, 24),
        "four_honours": _by_suit(8, 16, 24, 32),
        "extra_trick": _by_suit(4, 8, 12, 16),
    },
    "little misere": {"base": _by_suit(16, 32, 48, 64)},  # by the suit turned
}
FRENCH_ALIASES = {"petite independence": "6", "grand independence": "8", "grande independence": "8"}

BID_ALIASES = {
    "petite misere": "little misere",
    "grande misere": "grand misere",
    "petite spread": "little spread",
    "grande spread": "grand spread",
    "slam": "13",
    "grand slam": "13",
    "boston": "5",
}
SUIT_NAMES = {
    "S": "S", "SPADES": "S", "♠": "S",
    "C": "C", "CLUBS": "C", "♣": "C",
    "D": "D", "DIAMONDS": "D", "♦": "D", "♢": "D",
    "H": "H", "HEARTS": "H", "♥": "H", "♡": "H",
    "NT": NO_TRUMP, "N": NO_TRUMP, "GRAND": NO_TRUMP, "NO TRUMP": NO_TRUMP, "NO TRUMPS": NO_TRUMP,
}  # fmt: skip
HOUSE_KEYS = ("pool_feed", "pool_limit", "no_trump", "french")

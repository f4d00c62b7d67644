"""The party every format test exports: two tables, two rounds, both kinds of entry, ties, capped deals,
an initials-only member, a Greek and a French name.

Round 1, table 1, entered deal by deal:
  deal 1 (nobody vulnerable) 4♠ by North making ten: 120 + 300 = 420 to N-S;
  deal 2 (E-W vulnerable) 4♠ redoubled by East making ten: 4 × 30 × 4 = 480, game 500, redoubled
         contract made 100: 1,080 to E-W, credited 1,000 (the cap); N-S charged 1,080;
  deal 3 (N-S vulnerable) 7♠ doubled by North, six tricks, seven down doubled vulnerable:
         200 + 6 × 300 = 2,000 to E-W, credited 1,000; N-S charged 2,000;
  deal 4 passed out.
  N-S: 420 − 1,080 − 2,000 = −2,660; E-W: −420 + 1,000 + 1,000 = +1,580.
Round 1, table 2, entered deal by deal:
  deal 1 3NT by South making nine, not vulnerable: 100 + 300 = 400 to N-S;
  deal 3 3NT by East making nine, E-W not vulnerable: 400 to E-W; deals 2 and 4 passed out. Net 0 and 0.
Round 2, table 1, deal by deal: deal 1 1NT by North making seven, 40 + 50 = 90 to N-S; deal 2 1NT by West
  making seven, 90 to E-W (a part score is 50 vulnerable or not); deals 3 and 4 passed out. Net 0 and 0.
Round 2, table 2: entered as net figures only, 0 and 0.

So every player's total is their round-1 side's: two players +1,580 (first, shared), four 0 (third,
shared), two −2,660 (seventh, shared). With partners kept, the pairs are round 1's: table 1 N-S is
pair 1 (−2,660, fourth), E-W pair 2 (+1,580, first), table 2 N-S pair 3 and E-W pair 4 (0, second shared).
"""

from tests.conftest import make_party
from tournaments.models import Guest, Member, Seat
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services import seating as seating_services

GREEK = "Σοφία Παπαδοπούλου"
FRENCH = "Françoise Lefèvre-Aubigné"
PRIVATE = "Margaret Jane Wilson"  # a member who asked for initials only
PRIVATE_SHOWN = "M. J. W."

ROUND_1 = {
    1: [("4S", "N", 10), ("4SXX", "E", 10), ("7SX", "N", 6), ("PASS", "", 0)],
    2: [("3N", "S", 9), ("PASS", "", 0), ("3N", "E", 9), ("PASS", "", 0)],
}
ROUND_2_DEALS = [("1N", "N", 7), ("1N", "W", 7), ("PASS", "", 0), ("PASS", "", 0)]
ROUND_1_NET = {1: (-2660, 1580), 2: (0, 0)}
# Each deal's contract score for the declaring side, worked out above, and the tally's credits after the cap.
DUPLICATE = {
    (1, 1, 1): ("NS", 420, 420, -420),
    (1, 1, 2): ("EW", 1080, -1080, 1000),
    (1, 1, 3): ("EW", 2000, -2000, 1000),
    (1, 1, 4): ("NS", 0, 0, 0),
    (1, 2, 1): ("NS", 400, 400, -400),
    (1, 2, 2): ("NS", 0, 0, 0),
    (1, 2, 3): ("EW", 400, -400, 400),
    (1, 2, 4): ("NS", 0, 0, 0),
    (2, 1, 1): ("NS", 90, 90, -90),
    (2, 1, 2): ("EW", 90, -90, 90),
    (2, 1, 3): ("NS", 0, 0, 0),
    (2, 1, 4): ("NS", 0, 0, 0),
}


def play_evening(director, *, keep_partners: bool):
    """The evening above; returns the party and each round's seats {(round, table): {seat: name as entered}}."""
    party = make_party(tables=2, rounds=2, user=director, keep_partners=keep_partners, draw=False, name="Soirée Ω")
    guests = list(Guest.objects.filter(party=party).order_by("name"))
    for guest, name in zip(guests, [GREEK, FRENCH, PRIVATE], strict=False):
        guest.name = name
        guest.save()
    Member.objects.create(club=party.club, name=PRIVATE, number="EBU777", initials_only=True)
    Member.objects.create(club=party.club, name=GREEK, number="GR-42")
    for guest in Guest.objects.filter(party=party, name__in=[PRIVATE, GREEK]):
        guest.member = Member.objects.get(club=party.club, name=guest.name)
        guest.save()
    seating_services.seats_draw(party=party, seed=11)
    first = party.rounds.get(number=1)
    for table, deals in ROUND_1.items():
        result_services.result_record(round_=first, table=table, deals=deals, by_user=director)
    round_services.round_close(round_=first)
    second = party.rounds.get(number=2)
    result_services.result_record(round_=second, table=1, deals=ROUND_2_DEALS, by_user=director)
    result_services.result_record(round_=second, table=2, net=(0, 0), by_user=director)
    seats: dict[tuple[int, int], dict[str, str]] = {}
    for number, table, seat, name in Seat.objects.filter(round__party=party).values_list(
        "round__number", "table", "seat", "guest__name"
    ):
        seats.setdefault((number, table), {})[seat] = name
    return party, seats


def totals(seats) -> dict[str, int]:
    """Each player's total: their round-1 side's net (round 2 adds 0 everywhere)."""
    result = {}
    for table, (ns, ew) in ROUND_1_NET.items():
        for seat, name in seats[(1, table)].items():
            result[name] = ns if seat in "NS" else ew
    return result


# The boards the evening's deals are numbered (docs/formats.md): each table's round takes sixteen numbers, two
# tables a round; each deal of a round the number whose duplicate dealer and vulnerability are its own.
DEAL_OF_BOARD = {1: 1, 6: 2, 15: 3, 4: 4}
BOARDS = sorted(16 * group + board for group in range(3) for board in DEAL_OF_BOARD)  # round 2 table 2: net only


def where(number: int) -> tuple[int, int, int]:
    """A board number's (round, table, deal)."""
    group, board = divmod(number - 1, 16)
    return group // 2 + 1, group % 2 + 1, DEAL_OF_BOARD[board + 1]


def shown(name: str) -> str:
    return PRIVATE_SHOWN if name == PRIVATE else name

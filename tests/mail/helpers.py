"""A small mixed party, played: two tables, two rounds, the results typed as net figures (so every figure of
the guests' e-mails is worked out by hand below)."""

from tests.conftest import make_party
from tournaments.services import results, rounds

# (North-South, East-West) of each table, by round.
NETS = {1: {1: (400, -400), 2: (-150, 150)}, 2: {1: (620, -620), 2: (100, -100)}}

# The seats the draw (seed 7) and the movement give, and what follows from NETS, worked out by hand:
#   round 1, table 1: N Lady 003, S Gent 003 (+400) against E Lady 004, W Gent 001 (−400)
#   round 1, table 2: N Lady 001, S Gent 004 (−150) against E Lady 002, W Gent 002 (+150)
#   round 2, table 1: N Lady 003, S Gent 002 (+620) against E Lady 002, W Gent 003 (−620)
#   round 2, table 2: N Lady 001, S Gent 001 (+100) against E Lady 004, W Gent 004 (−100)
# Lady 003: 400 + 620 = 1,020, first of 8 and the best lady; Gent 002: 150 + 620 = 770, second and the best
# gentleman; Lady 001: −150 + 100 = −50, third; Gent 003: 400 − 620 = −220; Gent 004: −150 − 100 = −250;
# Gent 001: −400 + 100 = −300; Lady 002: 150 − 620 = −470; Lady 004: −400 − 100 = −500, last (the booby).


def played_party(director, **extra):
    party = make_party(tables=2, mixed=True, rounds=2, user=director, **extra)
    for number in (1, 2):
        round_ = party.rounds.get(number=number)
        for table in (1, 2):
            results.result_record(round_=round_, table=table, net=NETS[number][table], by_user=director)
        rounds.round_close(round_=round_)
    return party

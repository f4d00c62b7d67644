"""A whole night of changes in the real browser (issue 46): a five-table party, a sixth table joins after
round 1, table 2 goes home after round 3, and the standings after round 4 read as worked out by hand.

Partners are kept (keep_partners=True, not mixed): the Four Aces movement then moves pairs as units with no
cut to draw, so each pair's path, and so its total, can be followed on paper. The deals are entered as net
figures through the services (North-South +x, East-West -x); the hostess's own steps (the change, its
preview, the confirm, the standings) go through the browser.
"""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page

from tests.conftest import make_party
from tournaments.models import Club, Guest, Membership, Party, Seat, TableToken
from tournaments.services import party as party_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long party password"
MINUS = "\u2212"  # the standings' minus sign
Pairs = dict[str, tuple[str, str]]  # a pair's letter: its two names, North (or East) first

# The pairs, named by their seats in round 1 (the draw's): A = table 1 North-South, B = table 1 East-West,
# C, D = table 2, E, F = table 3, G, H = table 4, I, J = table 5; K = New 1 and New 2, L = New 3 and New 4.
#
# Round 1, five tables, North-South win everywhere:
#   T1 A v B +100   T2 C v D +200   T3 E v F +300   T4 G v H +400   T5 I v J +500
# Round 2, K and L join as table 6, "as if North-South (K) had lost there": K stays at 6 and meets table 1's
# losers B; L moves up to table 5. Table 1's winners stay, every other table's winners move up one:
#   T1 A v C   T2 E v D   T3 G v F   T4 I v H   T5 L v J   T6 K v B      (all North-South +100)
# Round 3 (the ordinary movement, six tables, North-South won everywhere):
#   T1 A v E +50   T2 G v D +50   T3 I v F -50   T4 L v H +50   T5 K v J -50   T6 C v B +50
# Table 2 (G and D) goes home. The gap closes: old 3, 4, 5, 6 become 2, 3, 4, 5, with their winners
# (old 3 East-West F, old 4 North-South L, old 5 East-West J, old 6 North-South C); old 3's winners F move up
# past the gap to table 1:
#   T1 A v F +10   T2 I v L +20   T3 J v H +30   T4 K v C +40   T5 E v B +50
ROUND_1 = {1: 100, 2: 200, 3: 300, 4: 400, 5: 500}
ROUND_2 = {1: 100, 2: 100, 3: 100, 4: 100, 5: 100, 6: 100}
ROUND_3 = {1: 50, 2: 50, 3: -50, 4: 50, 5: -50, 6: 50}
ROUND_4 = {1: 10, 2: 20, 3: 30, 4: 40, 5: 50}
SEATING = {  # round: {table: (North-South pair, East-West pair)}, as worked out above
    2: {1: "AC", 2: "ED", 3: "GF", 4: "IH", 5: "LJ", 6: "KB"},
    3: {1: "AE", 2: "GD", 3: "IF", 4: "LH", 5: "KJ", 6: "CB"},
    4: {1: "AF", 2: "IL", 3: "JH", 4: "KC", 5: "EB"},
}
# Each pair's running total after each round it played, as the standings' line of figures reads it (a round
# not played counts 0, so the late-comers' figures start from nothing and the leavers' stop after round 3):
RUNNING = {
    "A": [100, 200, 250, 260],  # +100 T1, +100 T1, +50 T1, +10 T1
    "B": [-100, -200, -250, -300],  # -100 T1, -100 T6, -50 T6, -50 T5
    "C": [200, 100, 150, 110],  # +200 T2, -100 T1, +50 T6, -40 T4
    "D": [-200, -300, -350],  # -200 T2, -100 T2, -50 T2, then gone home
    "E": [300, 400, 350, 400],  # +300 T3, +100 T2, -50 T1, +50 T5
    "F": [-300, -400, -350, -360],  # -300 T3, -100 T3, +50 T3 (East-West won), -10 T1
    "G": [400, 500, 550],  # +400 T4, +100 T3, +50 T2, then gone home
    "H": [-400, -500, -550, -580],  # -400 T4, -100 T4, -50 T4, -30 T3
    "I": [500, 600, 550, 570],  # +500 T5, +100 T4, -50 T3, +20 T2
    "J": [-500, -600, -550, -520],  # -500 T5, -100 T5, +50 T5, +30 T3
    "K": [100, 50, 90],  # joined in round 2 (round 1 counts 0): +100 T6, -50 T5, +40 T4
    "L": [100, 150, 130],  # joined in round 2 (round 1 counts 0): +100 T5, +50 T4, -20 T2
}


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"{MINUS}{-value}" if value else "0"


def row_of(page: Page, name: str):
    """The standings' row of `name` (the "Everyone" table)."""
    return page.locator(f"//tr[td/bdi[@class='person' and normalize-space()='{name}']]").first


def play(party: Party, number: int, figures: dict[int, int], director) -> None:
    """A round's net figures at every table (North-South +x, East-West -x), then the round closed."""
    round_ = party.rounds.get(number=number)
    for table, ns in figures.items():
        result_services.result_record(round_=round_, table=table, net=(ns, -ns), by_user=director)
    round_services.round_close(round_=round_)


def pairs_seated(party: Party, number: int, pairs: Pairs) -> dict[int, str]:
    """The round's seating as pair letters: {table: North-South letter + East-West letter}."""
    letter = {name: p for p, names in pairs.items() for name in names}
    seats = {(s.table, s.seat): s.guest.name for s in Seat.objects.filter(round__party=party, round__number=number)}
    tables = sorted({t for t, _s in seats})
    shown = {}
    for t in tables:
        ns, ew = {letter[seats[t, "N"]], letter[seats[t, "S"]]}, {letter[seats[t, "E"]], letter[seats[t, "W"]]}
        assert len(ns) == len(ew) == 1, f"round {number} table {t}: partners split"
        shown[t] = ns.pop() + ew.pop()
    return shown


def login(page: Page, url: str, next_path: str) -> None:
    page.goto(f"{url}/accounts/login/?next={next_path}")
    page.fill("#id_username", "dora")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")


def pairs_drawn(party: Party) -> Pairs:
    """The pairs by letter, from round 1's seats: A, B at table 1, C, D at table 2 … and the newcomers K, L."""
    first = {(s.table, s.seat): s.guest.name for s in Seat.objects.filter(round__party=party, round__number=1)}
    pairs = {}
    for table, letters in enumerate(["AB", "CD", "EF", "GH", "IJ"], start=1):
        pairs[letters[0]] = (first[table, "N"], first[table, "S"])
        pairs[letters[1]] = (first[table, "E"], first[table, "W"])
    return pairs | {"K": ("New 1", "New 2"), "L": ("New 3", "New 4")}


def table_joins(room: Page, party: Party, pairs: Pairs) -> None:
    """The hostess ticks the four reserves (partners one after the other), reads the preview, confirms."""
    for box in room.locator("#plan-join input[type=checkbox]").all():
        box.check()
    room.click("#plan-join button[type=submit]")
    room.wait_for_selector("#plan-moves")
    assert "Round 2 is played at 6 tables." in room.inner_text("#plan-tables")
    moves = room.inner_text("#plan-moves")
    # The preview's seating of the newcomers: K (New 1, New 2) stays at the foot, North-South; L (New 3,
    # New 4) moves up to table 5 as a winning pair, North-South there; table 1's losers B go to table 6.
    for name, where in [("New 1", "6 N"), ("New 2", "6 S"), ("New 3", "5 N"), ("New 4", "5 S")]:
        assert f"{name}\t—\t{where}" in moves, moves
    assert f"{pairs['B'][0]}\t1 E\t6 E" in moves, moves
    assert Party.objects.get(pk=party.pk).tables == 5  # nothing written before she confirms
    room.click("text=Confirm the change")
    room.wait_for_selector("text=The change is made")
    assert Party.objects.get(pk=party.pk).tables == 6


def table_leaves(room: Page, party: Party, pairs: Pairs, leavers: list[str]) -> None:
    """The hostess chooses table 2 of round 3, reads the preview, confirms."""
    room.select_option("#plan-table select[name=table]", "2")
    room.click("#plan-table button[type=submit]")
    room.wait_for_selector("#plan-moves")
    assert "Round 4 is played at 5 tables." in room.inner_text("#plan-tables")
    moves = {line.split("\t")[0]: line.split("\t")[1:3] for line in room.inner_text("#plan-moves").splitlines()}
    for name in leavers:  # from table 2 to no seat
        assert moves[name][0].startswith("2 ") and moves[name][1] == "—", moves[name]
    for name, seat in zip(pairs["F"], "EW", strict=True):  # old table 3's winners, up past the gap
        assert moves[name] == [f"3 {seat}", f"1 {seat}"], moves[name]
    assert Guest.objects.filter(left_after__isnull=False).count() == 0  # nothing written yet
    room.click("text=Confirm the change")
    room.wait_for_selector("text=The change is made")
    assert Party.objects.get(pk=party.pk).tables == 5
    assert set(Guest.objects.filter(left_after=3).values_list("name", flat=True)) == set(leavers)


def phones_after_the_leave(phone: Page, url: str, party: Party, pairs: Pairs, leavers: list[str]) -> None:
    """Before round 4's first deal. Table 6 no longer plays: its phone says where C and B go."""
    sixth = TableToken.objects.get(party=party, table=6, revoked_at__isnull=True).token
    phone.goto(f"{url}/t/{sixth}/")
    gone = phone.inner_text("#table-gone")
    assert "Table 6 does not play in round 4." in gone
    assert all(f"{name}: table 4" in gone for name in pairs["C"]), gone
    assert all(f"{name}: table 5" in gone for name in pairs["B"]), gone
    # Table 2 plays on, renumbered (I from old table 3, L from old table 4); its phone says that the players
    # who sat there in round 3 have left.
    second = TableToken.objects.get(party=party, table=2, revoked_at__isnull=True).token
    phone.goto(f"{url}/t/{second}/")
    said = phone.inner_text("#moves")
    assert all(f"{name} has left. Thank you for playing!" in said for name in leavers), said


def standings_read(room: Page, pairs: Pairs, leavers: list[str]) -> None:
    for pair, running in RUNNING.items():
        for name in pairs[pair]:
            row = row_of(room, name)
            assert row.locator("td").nth(2).inner_text() == signed(running[-1]), name
            spoken = row.locator("svg").get_attribute("aria-label") or ""
            assert spoken == "Running total after each round: " + ", ".join(map(signed, running))
    # By pair (partners kept): every pair on its total, the late table's two pairs and the leavers too.
    by_pair = [line.split("\t") for line in room.locator("table").first.inner_text().splitlines()[1:]]
    ranked = "IGEALCKBDFJH"  # +570, +550, +400, +260, +130, +110, +90, -300, -350, -360, -520, -580
    assert [(place, total) for place, _pair, total in by_pair] == [
        (str(n), signed(RUNNING[p][-1])) for n, p in enumerate(ranked, start=1)
    ]
    assert [set(pair.split(" & ")) for _place, pair, _total in by_pair] == [set(pairs[p]) for p in ranked]
    notes = room.inner_text("#attendance")
    for name in [*pairs["K"], *pairs["L"]]:
        assert f"{name}: joined late, in round 2" in notes, notes
    for name in leavers:
        assert f"{name}: left after round 3" in notes, notes
    assert notes.count("\n") == 7  # eight lines: the four late-comers and the four who left


def test_a_sixth_table_joins_table_two_leaves_and_the_standings_add_up(browser, live_server):
    director = get_user_model().objects.create_user("dora", password=PASSWORD)
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    party = make_party(tables=5, rounds=4, keep_partners=True, user=director)
    pairs = pairs_drawn(party)
    leavers = [*pairs["G"], *pairs["D"]]  # table 2 in round 3
    play(party, 1, ROUND_1, director)
    party_services.guests_add(party=party, entries=[(f"New {i}", "") for i in range(1, 5)])  # reserves

    context = browser.new_context()
    try:
        room = context.new_page()
        login(room, live_server.url, f"/parties/{party.id}/changes/")
        table_joins(room, party, pairs)
        assert pairs_seated(party, 2, pairs) == SEATING[2]
        play(party, 2, ROUND_2, director)
        assert pairs_seated(party, 3, pairs) == SEATING[3]
        play(party, 3, ROUND_3, director)

        room.goto(f"{live_server.url}/parties/{party.id}/changes/")
        table_leaves(room, party, pairs, leavers)
        assert pairs_seated(party, 4, pairs) == SEATING[4]
        phones_after_the_leave(context.new_page(), live_server.url, party, pairs, leavers)

        play(party, 4, ROUND_4, director)
        room.goto(f"{live_server.url}/parties/{party.id}/standings/")
        standings_read(room, pairs, leavers)
    finally:
        context.close()

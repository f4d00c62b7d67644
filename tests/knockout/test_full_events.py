"""Every Four Aces plan (5, 6, 7 and 8 tables) played to the end through the pages.

The test keeps its own account of who should go where (winners by the higher total, best losers by the
smallest margin, first-round losers to the consolation) from the totals it entered itself, and checks
the pages and the database against it round by round, until each bracket has exactly one winner.
Totals are random but reproducible (random.Random(seed)); one match a round is entered deal by deal.
"""

import random
from dataclasses import dataclass

import pytest
from django.urls import reverse

from tests.knockout.helpers import pair_text
from tests.knockout.play import match_url, post_deal, post_totals, random_deal, random_totals, round_url
from tournaments.models import Knockout, KnockoutRound
from tournaments.rules.rubber import match_score

pytestmark = pytest.mark.django_db

# rubber-knockout.md, "Bracket plans": tables per round.
FOUR_ACES = {
    8: {"main": [8, 4, 2, 1], "consolation": [4, 2, 1]},
    7: {"main": [7, 4, 2, 1], "consolation": [3, 2, 1]},
    6: {"main": [6, 3, 2, 1], "consolation": [3, 2, 1]},
    5: {"main": [5, 3, 2, 1], "consolation": [2, 1]},
}


@dataclass
class Played:
    winner: str
    loser: str
    margin: int


def places(tables: int, bracket: list[int], index: int) -> int:
    """Pairs a round sends on, read off the plan: the next round's pairs, or 1 after the final."""
    return 1 if index + 1 == len(bracket) else 2 * bracket[index + 1]


def expected_best_losers(results: list[Played], wanted: int) -> tuple[set[str], set[str], int]:
    """(sure best losers, losers tied for the last places, how many of the tied go up)."""
    if wanted == 0:
        return set(), set(), 0
    losers = sorted(results, key=lambda p: p.margin)
    boundary = losers[wanted - 1].margin
    sure = {p.loser for p in losers if p.margin < boundary}
    tied = {p.loser for p in losers if p.margin == boundary}
    return sure, tied, wanted - len(sure)


def play_by_deals(client, match, rng) -> Played:
    deals = [random_deal(rng) for _ in range(8)]
    for number, deal in enumerate(deals, start=1):
        assert post_deal(client, match, number, deal).status_code == 302
    ns, ew = match_score(deals)
    match.refresh_from_db()
    assert (match.ns_total, match.ew_total, match.finished) == (ns, ew, True)
    if ns == ew:  # a tie: the director has the software cut
        response = client.post(match_url(match), {"action": "decide", "how": "cut"})
        assert response.status_code == 302
        match.refresh_from_db()
        assert match.decision == "cut" and match.winner_id in (match.ns_id, match.ew_id)
        return Played(match.winner.name, match.loser.name, 0)
    winner, loser = (match.ns, match.ew) if ns > ew else (match.ew, match.ns)
    return Played(winner.name, loser.name, abs(ns - ew))


def play_round(client, round_: KnockoutRound, rng: random.Random) -> list[Played]:
    matches = list(round_.matches.select_related("ns", "ew").order_by("table"))
    margins = rng.sample(range(1, 120), len(matches))
    results = []
    for m, margin in zip(matches, margins, strict=True):
        if m.table == 1 and len(matches) > 1:
            results.append(play_by_deals(client, m, rng))
            continue
        ns, ew = random_totals(rng, 10 * margin)
        assert post_totals(client, m, ns, ew).status_code == 302
        winner, loser = (m.ns, m.ew) if ns > ew else (m.ew, m.ns)
        results.append(Played(winner.name, loser.name, 10 * margin))
    return results


def check_draw(client, round_: KnockoutRound, entrants: set[str], tables: int) -> None:
    """Who plays whom: the round page shows each table's two pairs; every entrant plays exactly once."""
    page = client.get(round_url(round_)).content.decode()
    matches = list(round_.matches.select_related("ns", "ew").order_by("table"))
    assert len(matches) == tables == round_.tables
    seated = [pair.name for m in matches for pair in (m.ns, m.ew)]
    assert sorted(seated) == sorted(entrants)
    for m in matches:
        row = f'<tr><td class="num">{m.table}</td><td>{m.ns.name}</td><td>{m.ew.name}</td></tr>'
        assert row.replace("&", "&amp;") in page


def close(client, round_: KnockoutRound):
    response = client.post(reverse("knockout_round_close", args=[round_.knockout_id, round_.bracket, round_.number]))
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.is_closed, [str(m) for m in response.wsgi_request._messages]


def check_close(round_, results, wanted) -> tuple[list[str], list[str]]:
    """The best losers marked as the account says; returns (going on, left out)."""
    sure, tied, open_places = expected_best_losers(results, wanted)
    marked = {m.loser.name for m in round_.matches.select_related("ns", "ew", "winner") if m.best_loser}
    assert sure <= marked and len(marked) == wanted
    assert marked - sure <= tied and len(marked - sure) == open_places
    if open_places and len(tied) > open_places:
        assert round_.cut["among"] and set(round_.cut["drawn"]) == marked - sure
    else:
        assert round_.cut == {}
    going_on = [p.winner for p in results] + sorted(marked)
    left_out = [p.loser for p in results if p.loser not in marked]
    return going_on, left_out


@pytest.mark.parametrize("tables", sorted(FOUR_ACES))
def test_every_four_aces_plan_played_to_the_end_through_the_pages(client_in, tables):
    rng = random.Random(2026 + tables)
    plan = FOUR_ACES[tables]
    name = f"{tables}-table knockout"
    response = client_in.post(
        reverse("knockout_create"),
        {"name": name, "date": "2026-12-05", "rules": "modern", "pairs": pair_text(2 * tables)},
    )
    knockout = Knockout.objects.get(name=name)
    assert response["Location"] == reverse("knockout_detail", args=[knockout.id])
    overview = client_in.get(response["Location"]).content.decode()
    assert f"{2 * tables} pairs: {tables} tables in the first round" in overview
    assert "beyond the Four Aces" not in overview
    client_in.post(reverse("knockout_draw", args=[knockout.id]))

    all_pairs = {f"North {i:02d} & South {i:02d}" for i in range(1, 2 * tables + 1)}
    expected = {("main", 1): all_pairs}
    knocked_out: set[str] = set()
    champions, runners_up = {}, {}
    for bracket in ("main", "consolation"):
        for index, round_tables in enumerate(plan[bracket]):
            number = index + 1
            # The main and consolation brackets run side by side: round n of each is open together.
            round_ = KnockoutRound.objects.get(knockout=knockout, bracket=bracket, number=number)
            assert not round_.is_closed
            check_draw(client_in, round_, expected[(bracket, number)], round_tables)
            results = play_round(client_in, round_, rng)
            wanted = places(tables, plan[bracket], index) - round_tables
            close(client_in, round_)
            going_on, left_out = check_close(round_, results, wanted)
            if round_tables == 1:
                champions[bracket] = going_on[0]
                runners_up[bracket] = left_out[0]  # the runner-up: not one for a free table
                assert not KnockoutRound.objects.filter(knockout=knockout, bracket=bracket, number=number + 1).exists()
                continue
            expected[(bracket, number + 1)] = set(going_on)
            if bracket == "main" and number == 1:
                expected[("consolation", 1)] = set(left_out)  # first-round losers: the consolation
                assert len(left_out) == 2 * plan["consolation"][0]
            else:
                knocked_out |= set(left_out)  # later losers: free tables

    # Each bracket ends with one winner, and the consolation was played by the first-round losers only.
    assert set(champions) == {"main", "consolation"}
    assert champions["consolation"] in expected[("consolation", 1)]
    assert champions["main"] not in expected[("consolation", 1)]
    rounds = KnockoutRound.objects.filter(knockout=knockout)
    assert rounds.count() == len(plan["main"]) + len(plan["consolation"])
    assert all(r.is_closed for r in rounds)
    finals = rounds.filter(tables=1)
    assert finals.count() == 2 and all(f.matches.count() == 1 for f in finals)

    page = client_in.get(reverse("knockout_bracket", args=[knockout.id])).content.decode()
    assert page.count("Winner: ") == 2
    assert f'id="main-winner">Winner: {champions["main"]}'.replace("&", "&amp;") in page
    assert f'id="consolation-winner">Winner: {champions["consolation"]}'.replace("&", "&amp;") in page
    free = page.split('id="free"')[1]
    for pair in knocked_out:
        assert pair.replace("&", "&amp;") in free
    for bracket, pair in runners_up.items():
        assert pair.replace("&", "&amp;") not in free
        assert f"runner-up: {pair}".replace("&", "&amp;") in page.split(f'id="{bracket}-winner"')[1].split("</div>")[0]

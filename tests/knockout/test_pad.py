"""A match's rubber score pad through the pages: deal by deal, or just the two totals.

The figures are worked out by hand from docs/rules/scoring.md ("Rubber bridge") and rubber-knockout.md:
trick points below the line, everything else above it, 700 or 500 for a rubber, and after the last deal
300 for a game and 50 for a part score in the unfinished rubber.
"""

import pytest
from django.urls import reverse

from tests.knockout.helpers import get_round, make_knockout
from tests.knockout.play import deal_form, match_url, post_deal, post_totals
from tournaments.models import KnockoutDeal, KnockoutMatch

pytestmark = pytest.mark.django_db

# NS: 120 (game), EW 60 part, NS 3N+1 vulnerable: 100 + 30 + rubber 700 (EW's 60 no longer counts);
# new rubber: EW 40 part, 4HX down 2 not vulnerable: 300 to EW, passed out, EW 6C: 120 (game) + slam 500
# + honours 100, NS 2D: 40 part. Unfinished: EW a game 300, NS a part score 50.
EVENING = [
    ("4S", "N", 10, ""),
    ("2H", "E", 8, ""),
    ("3N", "S", 10, ""),
    ("1N", "W", 7, ""),
    ("4HX", "N", 8, ""),
    ("PASS", "", 0, ""),
    ("6C", "E", 12, "EW100"),
    ("2D", "S", 8, ""),
]
NS_TOTAL, EW_TOTAL = 120 + 100 + 30 + 700 + 40 + 50, 60 + 40 + 300 + 120 + 500 + 100 + 300


@pytest.fixture
def knockout(director):
    return make_knockout(pairs=10, user=director)


@pytest.fixture
def match(knockout):
    return get_round(knockout).matches.select_related("round", "ns", "ew").get(table=1)


def messages_of(response) -> list[str]:
    return [str(m) for m in response.wsgi_request._messages]


def state(match: KnockoutMatch) -> tuple:
    match.refresh_from_db()
    deals = list(
        KnockoutDeal.objects.filter(match=match).values_list("number", "contract", "declarer", "tricks", "honours")
    )
    return (match.entry, match.deals_played, match.ns_total, match.ew_total, match.finished, match.winner_id,
            match.decision, match.extra_deals, deals)  # fmt: skip


def play(client, match, deals, start=1):
    for number, deal in enumerate(deals, start=start):
        response = post_deal(client, match, number, deal)
        assert response.status_code == 302, messages_of(response)


def test_the_pad_deal_by_deal_above_and_below_the_line(client_in, match):
    play(client_in, match, EVENING[:3])
    page = client_in.get(match_url(match)).content.decode()
    # Deal 3: North–South vulnerable; 100 below, 30 + 700 above; the first rubber is over.
    row3 = page.split('id="deal-3"')[1].split("</tr>")[0]
    assert "<td>North–South</td>" in row3 and "3N by S (South" in row3 and "10 tricks" in row3
    assert '<td class="num">730</td><td class="num">100</td>' in row3
    assert '<td class="num">950</td><td class="num">60</td>' in row3
    assert "game to North–South; rubber to North–South (+700)" in row3
    assert "rubbers finished: 1" in page
    assert "Deal 4</h2>" in page and "Vulnerable: neither side" in page

    play(client_in, match, EVENING[3:], start=4)
    match.refresh_from_db()
    assert (match.ns_total, match.ew_total, match.finished) == (NS_TOTAL, EW_TOTAL, True) == (1040, 1420, True)
    assert match.winner_id == match.ew_id and match.margin == 380 and match.deals_played == 8
    page = client_in.get(match_url(match)).content.decode()
    row7 = page.split('id="deal-7"')[1].split("</tr>")[0]
    assert "6C by E" in row7 and "honours 100 to East–West" in row7 and "EW100" not in row7
    assert '<td class="num">600</td><td class="num">120</td>' in row7
    assert "passed out" in page.split('id="deal-6"')[1].split("</tr>")[0]
    unfinished = page.split('id="unfinished"')[1].split("</tr>")[0]
    assert '<td class="num">50</td><td></td><td class="num">300</td>' in unfinished
    assert "E–W unfinished rubber: a game 300" in unfinished and "N–S unfinished rubber: part score 50" in unfinished
    assert '<th class="num big">1,040</th><th class="num big">1,420</th>' in page
    assert "won by 380" in page and "All 8 deals are in: the match is over." in page


def test_a_ninth_deal_is_refused_with_a_message(client_in, match):
    play(client_in, match, EVENING)
    before = state(match)
    response = post_deal(client_in, match, 9, ("1C", "N", 7, ""))
    assert "Deal 9 is refused: a match is eight deals, and they are all in." in messages_of(response)
    assert state(match) == before


def test_the_bonuses_wait_for_deal_eight(client_in, match):
    play(client_in, match, EVENING[:7])
    match.refresh_from_db()
    # No unfinished-rubber bonus yet: EW's game and NS's nothing below are still in play.
    assert (match.ns_total, match.ew_total, match.finished, match.winner_id) == (950, 1120, False, None)
    play(client_in, match, EVENING[7:], start=8)
    match.refresh_from_db()
    assert (match.ns_total, match.ew_total) == (1040, 1420)


def test_correcting_a_deal_and_taking_the_last_one_off(client_in, match):
    play(client_in, match, EVENING)
    page = client_in.get(match_url(match) + "?deal=5").content.decode()
    assert "Correct deal 5</h2>" in page and 'name="number" value="5"' in page
    # Deal 5 was 4HX down 2 (300 to EW); it was in fact made: 240 below (a game) + 50 for a doubled contract.
    # The rest replays on top of it: after deal 8 each side has a game (300 each) and NS a part score (50).
    assert post_deal(client_in, match, 5, ("4HX", "N", 10, "")).status_code == 302
    match.refresh_from_db()
    assert match.deals_played == 8
    assert (match.ns_total, match.ew_total) == (950 + 240 + 50 + 40 + 300 + 50, 60 + 40 + 120 + 500 + 100 + 300)
    response = client_in.post(match_url(match), {"action": "remove"})
    assert "The last deal is taken off the pad." in messages_of(response)
    match.refresh_from_db()
    assert match.deals_played == 7 and not match.finished and match.winner_id is None


def test_just_the_two_totals(client_in, match):
    play(client_in, match, EVENING[:3])
    response = post_totals(client_in, match, 1250, 980)
    assert "Table 1's totals are in." in messages_of(response)
    match.refresh_from_db()
    assert (match.entry, match.ns_total, match.ew_total, match.finished, match.margin) == (
        "totals",
        1250,
        980,
        True,
        270,
    )
    assert match.winner_id == match.ns_id and not match.deals.exists()
    page = client_in.get(match_url(match)).content.decode()
    assert "N–S 1,250 · E–W 980" in page and "Only the two match totals were entered." in page
    # Starting the pad again replaces the totals.
    play(client_in, match, EVENING[:1])
    match.refresh_from_db()
    assert (match.entry, match.ns_total, match.finished, match.winner_id) == ("deals", 120, False, None)


def test_a_tie_in_the_totals_decided_by_one_more_deal(client_in, match):
    post_totals(client_in, match, 990, 990)
    response = client_in.post(match_url(match), {"action": "decide", "how": "deal"})
    assert (
        "One more deal decides the tie: enter the two totals after it below, or the pad deal by deal."
        in messages_of(response)
    )
    assert "Enter the two totals after that deal below" in client_in.get(match_url(match)).content.decode()
    match.refresh_from_db()
    assert (match.finished, match.winner_id, match.decision) == (False, None, "deal")
    post_totals(client_in, match, 990, 1090)
    match.refresh_from_db()
    assert (match.finished, match.winner_id, match.decision, match.margin) == (True, match.ew_id, "deal", 100)


# 4S each way: a game to each side, then six passed-out deals: 120 + 300 each.
TIED = [("4S", "N", 10, ""), ("4S", "E", 10, "")] + [("PASS", "", 0, "")] * 6


def test_a_tied_match_asks_the_director_and_one_more_deal_decides(client_in, match):
    play(client_in, match, TIED)
    match.refresh_from_db()
    assert (match.ns_total, match.ew_total, match.finished, match.winner_id) == (420, 420, True, None)
    page = client_in.get(match_url(match)).content.decode()
    assert "The match is tied at 420 each." in page and "Play one more deal" in page and "Cut the cards" in page
    before = state(match)
    response = post_deal(client_in, match, 9, ("1N", "N", 7, ""))
    assert messages_of(response) == [
        "Deal 9 is refused: the match is tied after its 8 deals. Decide it first: a cut, or one more deal."
    ]
    assert state(match) == before

    response = client_in.post(match_url(match), {"action": "decide", "how": "deal"})
    assert "One more deal decides the tie: enter it below." in messages_of(response)
    match.refresh_from_db()
    assert (match.decision, match.extra_deals, match.finished) == ("deal", 1, False)
    page = client_in.get(match_url(match)).content.decode()
    assert "Deal 9 (one more deal, to break the tie)" in page and "Vulnerable: both sides" in page
    # 1N by North: 40 below; then North–South's unfinished game and part score: 300 + 50.
    play(client_in, match, [("1N", "N", 7, "")], start=9)
    match.refresh_from_db()
    assert (match.ns_total, match.ew_total, match.winner_id, match.decision) == (510, 420, match.ns_id, "deal")
    assert "after one more deal to break a tie" in client_in.get(match_url(match)).content.decode()
    response = post_deal(client_in, match, 10, ("1C", "N", 7, ""))
    assert "Deal 10 is refused: a match is eight deals and 1 more to break the tie, and they are all in." in (
        messages_of(response)
    )


def test_correcting_one_of_the_eight_deals_undoes_the_tie_break(client_in, match):
    play(client_in, match, TIED)
    client_in.post(match_url(match), {"action": "decide", "how": "deal"})
    play(client_in, match, [("1N", "N", 7, "")], start=9)
    play(client_in, match, [("4S", "N", 10, "")] + [("PASS", "", 0, "")] * 2, start=6)  # deal 6 was not passed out
    match.refresh_from_db()
    assert (match.deals_played, match.extra_deals, match.decision, match.finished) == (8, 0, "", True)
    assert not match.deals.filter(number=9).exists()
    # North–South's second game wins the first rubber (500); a fresh rubber is unfinished.
    assert (match.ns_total, match.ew_total, match.winner_id) == (120 + 120 + 500, 120, match.ns_id)


def test_a_tied_match_decided_by_the_softwares_cut_and_recorded(client_in, match):
    play(client_in, match, TIED)
    response = client_in.post(match_url(match), {"action": "decide", "how": "cut"})
    match.refresh_from_db()
    assert match.decision == "cut" and match.cut_seed is not None and not match.cut_by_director
    assert match.winner_id in (match.ns_id, match.ew_id)
    assert f"The cut is made: {match.winner.name} won it." in messages_of(response)
    page = client_in.get(match_url(match)).content.decode()
    assert f"the software cut the cards (cut number {match.cut_seed})" in page
    # The cut is not made twice; the director may record a cut made at the table instead.
    response = client_in.post(match_url(match), {"action": "decide", "how": "cut"})
    assert "Say who won if the players cut at the table." in messages_of(response)[-1]
    response = client_in.post(match_url(match), {"action": "decide", "how": "deal"})
    assert "was decided by a cut" in messages_of(response)[-1]
    client_in.post(match_url(match), {"action": "decide", "how": "cut", "winner": "EW"})
    match.refresh_from_db()
    assert (match.winner_id, match.cut_by_director, match.cut_seed) == (match.ew_id, True, None)
    assert "the players cut at the table" in client_in.get(match_url(match)).content.decode()


def test_a_cut_goes_when_a_correction_breaks_the_tie(client_in, match):
    play(client_in, match, TIED)
    client_in.post(match_url(match), {"action": "decide", "how": "cut", "winner": "EW"})
    play(client_in, match, [("5S", "N", 11, "")], start=1)  # deal 1 corrected: NS score more
    match.refresh_from_db()
    assert match.winner_id == match.ns_id and match.decision == "" and not match.cut_by_director


@pytest.mark.parametrize(
    "data, message",
    [
        ({"how": "maybe"}, "Decide the tie by a cut or by one more deal."),
        ({"how": "cut", "winner": "North"}, "Decide the tie by a cut or by one more deal."),
    ],
)
def test_bad_decisions_save_nothing(client_in, match, data, message):
    play(client_in, match, TIED)
    before = state(match)
    response = client_in.post(match_url(match), {"action": "decide", **data})
    assert response.status_code == 200 and message in messages_of(response)
    assert state(match) == before


def test_only_a_tied_match_is_decided(client_in, match):
    play(client_in, match, EVENING[:2])
    before = state(match)
    response = client_in.post(match_url(match), {"action": "decide", "how": "cut"})
    assert "Table 1 is not tied: its 8 deals are not all in yet." in messages_of(response)
    play(client_in, match, EVENING[2:], start=3)
    response = client_in.post(match_url(match), {"action": "decide", "how": "deal"})
    assert "Table 1 is not tied: its totals decide it." in messages_of(response)
    assert state(match)[-1] != before[-1]


BAD_DEALS = [
    ({"level": "9"}, "The contract&#x27;s level is 1 to 7, or Pass."),
    ({"level": ""}, "Choose the contract&#x27;s level, or Pass."),
    ({"strain": "Q"}, "The suit is clubs, diamonds, hearts, spades or no-trump."),
    ({"strain": ""}, "Give the suit."),
    ({"strain": "", "tricks": ""}, "Give the suit, the tricks taken."),
    ({"doubled": "XXX"}, "Choose doubled or redoubled, or leave it empty."),
    ({"declarer": "X"}, "The declarer is one of the four players at the table."),
    ({"declarer": ""}, "Give the declarer."),
    ({"tricks": "14"}, "Tricks taken are 0 to 13."),
    ({"tricks": "abc"}, "Tricks taken are 0 to 13."),
    ({"tricks": "-1"}, "Tricks taken are 0 to 13."),
    ({"honours": "NS200"}, "Honours are 100 or 150, to North–South or East–West."),
    ({"strain": "N", "honours": "NS100"}, "Deal 3: At no-trump only all four aces in one hand count as honours"),
    ({"level": "P", "honours": "EW150"}, "A passed-out deal has no honours."),
    ({"number": "0"}, "The form was damaged: reload the page and enter the deal again."),
    ({"number": "abc"}, "The form was damaged: reload the page and enter the deal again."),
    ({"number": ""}, "The form was damaged: reload the page and enter the deal again."),
    ({"number": "5"}, "Enter the deals in order: deal 3 comes next, not deal 5."),
    ({"action": "explode"}, "That is not something this page does: nothing was saved."),
]


@pytest.mark.parametrize("change, message", BAD_DEALS)
def test_bad_deal_input_saves_nothing(client_in, match, change, message):
    play(client_in, match, EVENING[:2])
    before = state(match)
    data = deal_form(3, ("4S", "N", 10, "")) | change
    response = client_in.post(match_url(match), data)
    assert response.status_code == 200
    page = response.content.decode()
    assert message in page or message in " ".join(messages_of(response)), page[page.find("errorlist") - 200 :][:800]
    assert state(match) == before


@pytest.mark.parametrize(
    "ns, ew, message",
    [
        ("12a", "300", "Give both match totals as whole numbers"),
        ("", "300", "Give both match totals as whole numbers"),
        ("1.5", "300", "Give both match totals as whole numbers"),
        ("-50", "300", "North–South's total cannot be below 0"),
        ("300", "55", "East–West's total of 55 is not a bridge score"),
        ("300", "10000000", "East–West's total of 10,000,000 is more than a match of rubber bridge can score."),
    ],
)
def test_bad_totals_save_nothing(client_in, match, ns, ew, message):
    play(client_in, match, EVENING[:2])
    before = state(match)
    response = client_in.post(match_url(match), {"action": "totals", "ns": ns, "ew": ew})
    assert response.status_code == 200 and any(message in m for m in messages_of(response)), messages_of(response)
    assert state(match) == before


def test_a_closed_round_takes_no_more_scores(client_in, knockout, match):
    for m in get_round(knockout).matches.all():
        post_totals(client_in, m, 500 + 10 * m.table, 200)
    client_in.post(reverse("knockout_round_close", args=[knockout.id, "main", 1]))
    before = state(match)
    for data in (deal_form(1, ("4S", "N", 10, "")), {"action": "totals", "ns": 100, "ew": 0}, {"action": "remove"}):
        response = client_in.post(match_url(match), data)
        assert "Main round 1 is closed: reopen it to correct table 1." in messages_of(response)
    assert state(match) == before
    page = client_in.get(match_url(match)).content.decode()
    assert "Put it on the pad" not in page and "Save the totals" not in page

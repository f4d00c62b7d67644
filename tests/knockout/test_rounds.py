"""Closing a round: winners on, best losers by the smallest margin, first-round losers to the consolation,
later losers to the free tables; a tie for best loser cut by the software, shown first and overridable.
A round with a match missing, still playing or tied does not close, and nothing changes."""

import pytest
from django.urls import reverse

from tests.knockout.helpers import get_round, make_knockout, matches, pairs_of
from tests.knockout.play import match_url, post_deal, post_totals, round_url
from tournaments.models import KnockoutMatch, KnockoutRound

pytestmark = pytest.mark.django_db


def messages_of(response) -> list[str]:
    return [str(m) for m in response.wsgi_request._messages]


def close_url(round_) -> str:
    return reverse("knockout_round_close", args=[round_.knockout_id, round_.bracket, round_.number])


def enter(client, round_, margins: dict[int, int], base: int = 500) -> dict[int, tuple[str, str]]:
    """North–South win every table by the given margin; returns table -> (winner, loser)."""
    out = {}
    for m in matches(round_):
        if m.table in margins:
            post_totals(client, m, base + margins[m.table], base)
            out[m.table] = (m.ns.name, m.ew.name)
    return out


def snapshot(knockout):
    rounds = list(KnockoutRound.objects.filter(knockout=knockout).values_list("bracket", "number", "status", "cut"))
    flags = list(KnockoutMatch.objects.filter(round__knockout=knockout).values_list("id", "best_loser"))
    return rounds, flags


def test_a_round_with_a_match_missing_playing_or_tied_does_not_close(client_in):
    knockout = make_knockout(pairs=10)
    round_ = get_round(knockout)
    enter(client_in, round_, {2: 100, 3: 200})
    post_deal(client_in, round_.matches.get(table=4), 1, ("4S", "N", 10, ""))
    post_totals(client_in, round_.matches.get(table=5), 700, 700)
    before = snapshot(knockout)
    page = client_in.get(round_url(round_)).content.decode()
    assert "Table 1 (" in page and "has no result yet" in page
    response = client_in.post(close_url(round_))
    text = messages_of(response)
    assert any(m.startswith("Table 1 (") and m.endswith("has no result yet.") for m in text)
    assert any("is still playing: 1 of 8 deals in." in m for m in text)
    assert any("is tied at 700: decide it first, by a cut or one more deal." in m for m in text)
    assert "Main round 1 stays open: nothing was changed." in text
    assert snapshot(knockout) == before


def test_closing_five_tables_sends_the_winners_and_the_best_loser_on(client_in):
    knockout = make_knockout(pairs=10)
    round_ = get_round(knockout)
    played = enter(client_in, round_, {1: 300, 2: 40, 3: 500, 4: 120, 5: 90})
    best = played[2][1]  # lost by 40
    page = client_in.get(round_url(round_)).content.decode()
    preview = page.split('id="outcome"')[1].split("</div>")[0]
    assert f"{best} (lost by 40)".replace("&", "&amp;") in preview and "To the consolation tournament" in preview
    response = client_in.post(close_url(round_))
    assert "Main round 1 is closed. Main round 2 and Consolation semi-final are drawn." in messages_of(response)
    assert response["Location"] == round_url(get_round(knockout, "main", 2))
    main2, consolation = get_round(knockout, "main", 2), get_round(knockout, "consolation", 1)
    assert main2.tables == 3 and consolation.tables == 2
    assert pairs_of(main2) == {w for w, _ in played.values()} | {best}
    assert pairs_of(consolation) == {lo for _, lo in played.values()} - {best}
    flagged = KnockoutMatch.objects.get(round=round_, best_loser=True)
    assert flagged.loser is not None  # a best loser lost its match
    assert flagged.table == 2 and flagged.loser.name == best
    bracket = client_in.get(reverse("knockout_bracket", args=[knockout.id])).content.decode()
    box = bracket.split('class="box best_loser"')[1].split("</div>")[0]
    assert "best loser: lost by 40 at table 2" in box and best.replace("&", "&amp;") in box


def tied_for_best_loser(client, knockout):
    """Five tables: tables 2 and 4 both lost by 40, the smallest margin; one place for a best loser."""
    round_ = get_round(knockout)
    played = enter(client, round_, {1: 300, 2: 40, 3: 500, 4: 40, 5: 90})
    return round_, played[2][1], played[4][1]


def test_a_tie_for_best_loser_is_cut_by_the_software_as_shown_before_closing(client_in):
    knockout = make_knockout(pairs=10)
    round_, a, b = tied_for_best_loser(client_in, knockout)
    page = client_in.get(round_url(round_)).content.decode()
    cut_note = page.split('id="cut"')[1].split("</div>")[0]
    assert "Tie for best loser." in cut_note and "lost by 40: a cut put through" in cut_note
    shown = a if f"a cut put through {a}".replace("&", "&amp;") in cut_note else b
    assert 'type="checkbox" name="cut"' in page
    client_in.post(close_url(round_))
    round_.refresh_from_db()
    assert round_.cut == {"margin": 40, "among": sorted([a, b], key=[a, b].index), "places": 1, "drawn": [shown],
                          "by_director": False}  # fmt: skip
    assert shown in pairs_of(get_round(knockout, "main", 2))
    assert ({a, b} - {shown}) <= pairs_of(get_round(knockout, "consolation", 1))
    assert (
        f"lost by 40: a cut put through {shown}".replace("&", "&amp;")
        in client_in.get(round_url(round_)).content.decode()
    )


def test_the_director_overrides_the_cut(client_in):
    knockout = make_knockout(pairs=10)
    round_, a, b = tied_for_best_loser(client_in, knockout)
    view_page = client_in.get(round_url(round_)).content.decode()
    shown = a if f"a cut put through {a}".replace("&", "&amp;") in view_page else b
    other = b if shown == a else a
    other_id = KnockoutMatch.objects.get(round=round_, ew__name=other).ew_id
    response = client_in.post(close_url(round_), {"cut": [other_id]})
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.cut["by_director"] and round_.cut["drawn"] == [other]
    assert other in pairs_of(get_round(knockout, "main", 2)) and shown in pairs_of(
        get_round(knockout, "consolation", 1)
    )
    page = client_in.get(round_url(round_)).content.decode()
    assert f"lost by 40: the director put through {other}".replace("&", "&amp;") in page


def test_ticking_the_softwares_own_choice_is_no_override(client_in):
    knockout = make_knockout(pairs=10)
    round_, a, b = tied_for_best_loser(client_in, knockout)
    page = client_in.get(round_url(round_)).content.decode()
    shown = a if f"a cut put through {a}".replace("&", "&amp;") in page else b
    shown_id = KnockoutMatch.objects.get(round=round_, ew__name=shown).ew_id
    client_in.post(close_url(round_), {"cut": [shown_id]})
    round_.refresh_from_db()
    assert round_.cut["drawn"] == [shown] and not round_.cut["by_director"]


@pytest.mark.parametrize("cut", ["winner", "both", "abc", "99999"])
def test_a_bad_cut_closes_nothing(client_in, cut):
    knockout = make_knockout(pairs=10)
    round_, a, b = tied_for_best_loser(client_in, knockout)
    before = snapshot(knockout)
    ids = {m.ew.name: m.ew_id for m in matches(round_)}
    posted = {
        "winner": [matches(round_)[0].ns_id],
        "both": [ids[a], ids[b]],
        "abc": ["abc"],
        "99999": ["99999"],
    }[cut]
    response = client_in.post(close_url(round_), {"cut": posted})
    text = " ".join(messages_of(response))
    assert "Tick only pairs in the cut" in text or "name exactly 1 of them" in text
    assert snapshot(knockout) == before


def test_a_tied_match_decided_by_a_cut_has_margin_nought_and_its_loser_goes_up(client_in):
    knockout = make_knockout(pairs=10)
    round_ = get_round(knockout)
    played = enter(client_in, round_, {1: 300, 2: 40, 3: 500, 4: 120})
    tied = round_.matches.get(table=5)
    post_totals(client_in, tied, 640, 640)
    client_in.post(match_url(tied), {"action": "decide", "how": "cut", "winner": "NS"})
    client_in.post(close_url(round_))
    tied.refresh_from_db()
    assert tied.best_loser and tied.margin == 0
    assert tied.ew.name in pairs_of(get_round(knockout, "main", 2))
    assert played[2][1] in pairs_of(get_round(knockout, "consolation", 1))


def test_reopening_a_round_to_correct_it(client_in):
    knockout = make_knockout(pairs=10)
    round_ = get_round(knockout)
    enter(client_in, round_, {1: 300, 2: 40, 3: 500, 4: 120, 5: 90})
    client_in.post(close_url(round_))
    response = client_in.post(reverse("knockout_round_reopen", args=[knockout.id, "main", 1]))
    assert "Main round 1 is open again: correct it, then close it again." in messages_of(response)
    assert KnockoutRound.objects.filter(knockout=knockout).count() == 1
    assert not KnockoutMatch.objects.filter(best_loser=True).exists()
    post_totals(client_in, round_.matches.get(table=2), 540, 700)  # East–West won table 2 after all
    client_in.post(close_url(round_))
    main2 = get_round(knockout, "main", 2)
    post_totals(client_in, main2.matches.get(table=1), 900, 100)
    response = client_in.post(reverse("knockout_round_reopen", args=[knockout.id, "main", 1]))
    assert "Main round 2 has started: Main round 1 can no longer be reopened." in messages_of(response)[-1]
    round_.refresh_from_db()
    assert round_.is_closed
    response = client_in.post(close_url(round_))
    assert "Main round 1 is already closed." in messages_of(response)


def test_seven_tables_later_losers_go_to_the_free_tables(client_in):
    """The issue's "done when": seven tables, the best loser up after round one, the consolation beside it."""
    knockout = make_knockout(pairs=14)
    first = get_round(knockout)
    played = enter(client_in, first, {1: 300, 2: 40, 3: 500, 4: 120, 5: 90, 6: 70, 7: 200})
    client_in.post(close_url(first))
    main2, consolation = get_round(knockout, "main", 2), get_round(knockout, "consolation", 1)
    assert (main2.tables, consolation.tables) == (4, 3)
    assert played[2][1] in pairs_of(main2)
    assert len(pairs_of(consolation)) == 6
    # Both brackets play side by side.
    second = enter(client_in, main2, {1: 10, 2: 20, 3: 30, 4: 40})
    enter(client_in, consolation, {1: 50, 2: 60, 3: 70})
    client_in.post(close_url(main2))
    client_in.post(close_url(consolation))
    bracket = client_in.get(reverse("knockout_bracket", args=[knockout.id])).content.decode()
    free = bracket.split('id="free"')[1]
    for _, loser in second.values():
        assert f"{loser} (lost in round 2)".replace("&", "&amp;") in free
    assert "Free table" in bracket and "Semi-final · 2 tables" in bracket
    consolation2 = get_round(knockout, "consolation", 2)
    assert consolation2.tables == 2 and len(pairs_of(consolation2)) == 4  # 3 winners and their best loser

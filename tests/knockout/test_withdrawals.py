"""A pair leaving the knockout (docs/rules/rubber-knockout.md, "Withdrawals"), through the services: a withdrawal
in each round of an eight-pair knockout (main 4, 2, 1 tables; consolation 2, 1), a best-loser place passing to
the next smallest margin, the refusals (nothing changed), and the undo until the next round starts."""

import json

import pytest
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Count

from tests.conftest import default_club
from tests.knockout.helpers import get_round, make_knockout, matches, pairs_of
from tournaments.files.transfer import knockout_export, knockout_import
from tournaments.models import Knockout, KnockoutMatch, KnockoutRound
from tournaments.selectors import knockout as selectors
from tournaments.services import knockout as services
from tournaments.services import knockout_withdrawals as withdrawals

pytestmark = pytest.mark.django_db


def play(round_: KnockoutRound, margins: dict[int, int], base: int = 500) -> None:
    """North–South win each given table by its margin."""
    for m in matches(round_):
        if m.table in margins:
            services.match_totals_record(match=m, ns=base + margins[m.table], ew=base)


def snapshot(knockout: Knockout) -> tuple[list, list]:
    rounds = list(KnockoutRound.objects.filter(knockout=knockout).values_list("bracket", "number", "status", "tables"))
    rows = KnockoutMatch.objects.filter(round__knockout=knockout).order_by("id")
    return rounds, list(rows.values_list("id", "winner", "finished", "conceded_by", "ns_total", "ew_total"))


def table(round_: KnockoutRound, number: int) -> KnockoutMatch:
    return matches(round_)[number - 1]


def test_a_withdrawal_in_main_round_1_gives_a_walkover_and_an_odd_consolation():
    knockout = make_knockout(pairs=8)
    first = get_round(knockout)
    t = {m.table: m for m in matches(first)}
    gone, through = t[1].ns, t[1].ew
    match = withdrawals.pair_withdraw(knockout=knockout, pair=gone)
    assert (match.table, match.winner, match.finished, match.margin, match.status) == (
        1,
        through,
        True,
        None,
        "walkover",
    )
    play(first, {2: 100, 3: 200, 4: 300})
    services.round_close(round_=first)
    main2, consolation = get_round(knockout, "main", 2), get_round(knockout, "consolation", 1)
    # Four go on: the walkover's winner and the three played winners; no best loser (four places, four winners).
    assert pairs_of(main2) == {through.name, t[2].ns.name, t[3].ns.name, t[4].ns.name}
    assert not KnockoutMatch.objects.filter(round=first, best_loser=True).exists()
    # Three losers remain for the consolation: it takes the two smallest margins (100, 200) to a one-table final;
    # the loser by 300 plays at the free tables; the pair gone is in neither.
    assert (consolation.tables, consolation.places) == (1, 1)
    assert pairs_of(consolation) == {t[2].ew.name, t[3].ew.name}
    view = selectors.bracket_view(_counted(knockout))
    assert [(o.pair.name, o.how) for o in view.out] == [(t[4].ew.name, "lost in round 1")]
    assert [line.tables for line in view.plan.consolation] == [1]
    assert selectors.status_words(table(first, 1)) == f"walkover: {gone.name} withdrew"


def _counted(knockout: Knockout) -> selectors.CountedKnockout:
    return Knockout.objects.select_related("club").annotate(pair_count=Count("pairs")).get(pk=knockout.pk)


def _round_1_played(knockout: Knockout) -> dict[int, KnockoutMatch]:
    first = get_round(knockout)
    play(first, {1: 100, 2: 200, 3: 300, 4: 400})
    services.round_close(round_=first)
    return {m.table: m for m in matches(first)}


def test_a_withdrawal_in_the_semi_final_sends_the_opponents_to_the_final():
    knockout = make_knockout(pairs=8)
    _round_1_played(knockout)
    semi = get_round(knockout, "main", 2)
    s = {m.table: m for m in matches(semi)}
    services.match_deal_record(match=s[1], number=1, contract="4S", declarer="N", tricks=10)
    gone = s[1].ew  # leaves mid-match, one deal played
    withdrawals.pair_withdraw(knockout=knockout, pair=gone)
    play(semi, {2: 50})
    services.round_close(round_=semi)
    final = get_round(knockout, "main", 3)
    assert pairs_of(final) == {s[1].ns.name, s[2].ns.name}
    view = selectors.bracket_view(_counted(knockout))
    # The semi-final's loser plays at the free tables; the pair that withdrew went home.
    assert [(o.pair.name, o.how) for o in view.out] == [(s[2].ew.name, "lost the semi-final")]
    conceded = table(semi, 1)
    assert (conceded.deals_played, conceded.conceded_by, conceded.winner) == (1, gone, s[1].ns)


def test_a_withdrawal_in_the_final_makes_the_opponents_winners():
    knockout = make_knockout(pairs=8)
    _round_1_played(knockout)
    semi = get_round(knockout, "main", 2)
    play(semi, {1: 10, 2: 20})
    services.round_close(round_=semi)
    final = get_round(knockout, "main", 3)
    f = table(final, 1)
    withdrawals.pair_withdraw(knockout=knockout, pair=f.ns)
    assert services.round_close(round_=final) == []
    main = selectors.bracket_view(_counted(knockout)).sides[0]
    assert (main.winner, main.runner_up) == (f.ew, f.ns)


def test_a_withdrawal_in_the_consolation_semi_final():
    knockout = make_knockout(pairs=8)
    _round_1_played(knockout)
    consolation = get_round(knockout, "consolation", 1)
    c = {m.table: m for m in matches(consolation)}
    withdrawals.pair_withdraw(knockout=knockout, pair=c[2].ns)
    play(consolation, {1: 70})
    services.round_close(round_=consolation)
    final = get_round(knockout, "consolation", 2)
    assert (final.tables, pairs_of(final)) == (1, {c[1].ns.name, c[2].ew.name})


def test_the_best_loser_place_passes_to_the_next_smallest_margin():
    knockout = make_knockout(pairs=10)  # five tables: the five winners and the best loser go on
    first = get_round(knockout)
    t = {m.table: m for m in matches(first)}
    withdrawals.pair_withdraw(knockout=knockout, pair=t[2].ew)  # would have lost by the smallest margin
    play(first, {1: 300, 3: 500, 4: 120, 5: 90})
    view = selectors.round_view(first)
    assert view.outcome is not None
    assert [(lo.pair, lo.margin) for lo in view.outcome.best_losers] == [(t[5].ew.name, 90)]
    services.round_close(round_=first)
    assert pairs_of(get_round(knockout, "main", 2)) == {m.ns.name for m in t.values()} | {t[5].ew.name}
    # The others: 120, 300, 500; odd, so the loser by 500 plays at the free tables.
    assert pairs_of(get_round(knockout, "consolation", 1)) == {t[4].ew.name, t[1].ew.name}


def test_refusals_say_why_and_change_nothing(django_user_model):
    knockout = make_knockout(pairs=8)
    first = get_round(knockout)
    t = {m.table: m for m in matches(first)}
    play(first, {2: 100})
    before = snapshot(knockout)
    with pytest.raises(ValidationError) as finished:
        withdrawals.pair_withdraw(knockout=knockout, pair=t[2].ew)
    assert finished.value.messages == [
        f"Table 2 of Main round 1 is finished ({t[2].ns.name} won): {t[2].ew.name} can no longer concede it."
    ]
    withdrawals.pair_withdraw(knockout=knockout, pair=t[1].ns)
    before = snapshot(knockout)
    with pytest.raises(ValidationError) as twice:
        withdrawals.pair_withdraw(knockout=knockout, pair=t[1].ew)
    assert twice.value.messages == ["Table 1 of Main round 1 was already conceded: nothing was changed."]
    play(first, {3: 10, 4: 20})
    services.round_close(round_=first)
    before = snapshot(knockout)
    with pytest.raises(ValidationError) as out:
        withdrawals.pair_withdraw(knockout=knockout, pair=t[1].ns)
    assert out.value.messages == [
        f"{t[1].ns.name} are no longer playing in the knockout: there is no match for them to concede."
    ]
    other = make_knockout(pairs=4, name="Another club's night")
    with pytest.raises(ValidationError) as foreign:
        withdrawals.pair_withdraw(knockout=knockout, pair=other.pairs.first())
    assert foreign.value.messages == ["North 01 & South 01 do not play in this knockout."]
    assert snapshot(knockout) == before


def test_a_score_cannot_go_on_a_conceded_match():
    knockout = make_knockout(pairs=8)
    m = table(get_round(knockout), 1)
    withdrawals.pair_withdraw(knockout=knockout, pair=m.ew)
    before = snapshot(knockout)
    with pytest.raises(ValidationError) as error:
        services.match_totals_record(match=m, ns=100, ew=200)
    assert error.value.messages == [
        f"{m.ew.name} withdrew and conceded table 1: undo the walkover first to enter a score."
    ]
    assert snapshot(knockout) == before


def test_undo_reopens_the_round_until_the_next_round_starts():
    knockout = make_knockout(pairs=8)
    first = get_round(knockout)
    m = table(first, 1)
    services.match_deal_record(match=m, number=1, contract="2S", declarer="N", tricks=8)
    withdrawals.pair_withdraw(knockout=knockout, pair=m.ns)
    play(first, {2: 100, 3: 200, 4: 300})
    services.round_close(round_=first)
    undone = withdrawals.walkover_undo(match=m)
    assert (undone.conceded_by, undone.winner, undone.finished, undone.deals_played) == (None, None, False, 1)
    assert list(KnockoutRound.objects.filter(knockout=knockout).values_list("bracket", "number", "status")) == [
        ("main", 1, "playing")
    ]
    # Again, then a score in the next round: the walkover stands.
    withdrawals.pair_withdraw(knockout=knockout, pair=m.ns)
    services.round_close(round_=first)
    play(get_round(knockout, "main", 2), {1: 10})
    before = snapshot(knockout)
    with pytest.raises(ValidationError) as error:
        withdrawals.walkover_undo(match=m)
    assert error.value.messages == ["Main semi-final has started: the walkover at table 1 of Main round 1 stands."]
    assert snapshot(knockout) == before


def test_the_export_keeps_the_walkover_and_imports_it_back():
    knockout = make_knockout(pairs=8)
    m = table(get_round(knockout), 1)
    services.match_deal_record(match=m, number=1, contract="4S", declarer="N", tricks=10)
    withdrawals.pair_withdraw(knockout=knockout, pair=m.ew)
    again = knockout_import(
        json.loads(json.dumps(knockout_export(knockout), cls=DjangoJSONEncoder)), club=default_club()
    )
    copied = KnockoutMatch.objects.get(round__knockout=again, round__bracket="main", round__number=1, table=1)
    assert copied.conceded_by is not None and copied.winner is not None
    assert (copied.conceded_by.name, copied.winner.name, copied.finished, copied.deals_played) == (
        m.ew.name, m.ns.name, True, 1,
    )  # fmt: skip

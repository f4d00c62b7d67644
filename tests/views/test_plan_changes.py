"""The changes-of-plan pages (issue 46): the preview writes nothing, the confirm writes one change, each
refusal says exactly why and changes nothing."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tournaments.models import Guest, Party, PlanChange, Seat
from tournaments.services import party as party_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = pytest.mark.django_db

NEW = ["New 1", "New 2", "New 3", "New 4"]


@pytest.fixture
def between(party_factory, director):
    """A 2-table party between rounds 1 and 2, four newcomers added after the draw."""
    party = party_factory(tables=2, rounds=3)
    first = party.rounds.get(number=1)
    for table in (1, 2):
        result_services.result_record(round_=first, table=table, net=(100, -100), by_user=director)
    round_services.round_close(round_=first)
    party_services.guests_add(party=party, entries=[(n, "") for n in NEW])
    return party


def seats(party):
    return sorted(Seat.objects.filter(round__party=party, round__number=2).values_list("table", "seat", "guest__name"))


def said(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def ids(names):
    return [str(g.pk) for g in Guest.objects.filter(name__in=names).order_by("pk")]


def test_the_guests_page_says_what_reserves_can_do_after_the_draw(client_in, between):
    page = client_in.get(reverse("party_guests", args=[between.pk])).content.decode()
    assert 'id="reserves-note"' in page and "four reserves can make a new table" in page


def test_the_preview_shows_the_next_round_and_writes_nothing(client_in, between):
    before = seats(between)
    url = reverse("plan_change", args=[between.pk])
    response = client_in.post(url, {"action": "join", "guest": ids(NEW)})
    page = response.content.decode()
    assert response.status_code == 200 and "Round 2 is played at 3 tables." in page
    assert page.count(">joins<") == 4 and 'name="confirm" value="1"' in page
    assert seats(between) == before and not PlanChange.objects.exists()


def test_the_confirm_seats_a_new_table_and_the_undo_takes_it_away(client_in, between):
    before = seats(between)
    url = reverse("plan_change", args=[between.pk])
    response = client_in.post(url, {"action": "join", "guest": ids(NEW), "confirm": "1"})
    assert response.status_code == 302 and response["Location"] == reverse("round_movement", args=[between.pk, 2])
    assert Party.objects.get(pk=between.pk).tables == 3 and len(seats(between)) == 12
    change = PlanChange.objects.get()
    assert change.action == "table joins" and change.after["names"] == NEW
    page = client_in.get(reverse("plan_changes", args=[between.pk])).content.decode()
    assert "A table joins" in page and reverse("plan_undo", args=[between.pk, change.pk]) in page
    client_in.post(reverse("plan_undo", args=[between.pk, change.pk]))
    assert Party.objects.get(pk=between.pk).tables == 2 and seats(between) == before


@pytest.mark.parametrize(
    ("posted", "message"),
    [
        ({"action": "join", "guest": NEW[:3]}, "A new table is four guests: choose four reserves."),
        (
            {"action": "join", "guest": ["Player 001", *NEW[:3]]},
            "Player 001 is not a reserve: only reserves make a new table.",
        ),
        ({"action": "table", "table": "9"}, "Choose the table that leaves."),
        ({"action": "guests"}, "Choose who goes home."),
        ({"action": "dance"}, "Choose a change: a table joins, a table leaves, or guests go home."),
    ],
)
def test_a_refused_change_says_why_and_changes_nothing(client_in, between, posted, message):
    before = seats(between)
    if "guest" in posted:
        posted = posted | {"guest": ids(posted["guest"])}
    response = client_in.post(reverse("plan_change", args=[between.pk]), posted | {"confirm": "1"})
    assert response.status_code == 302
    assert said(response) == [message, "Nothing was changed."]
    assert seats(between) == before and not PlanChange.objects.exists()
    assert Party.objects.get(pk=between.pk).tables == 2


def test_no_change_once_the_round_has_started(client_in, between):
    round_services.round_start(round_=between.rounds.get(number=2))
    page = client_in.get(reverse("plan_changes", args=[between.pk])).content.decode()
    assert "Round 2 has started: changes of plan are made between two rounds, after it closes." in page
    response = client_in.post(reverse("plan_change", args=[between.pk]), {"action": "join", "guest": ids(NEW)})
    assert said(response) == [
        "Round 2 has started: changes of plan are made between two rounds, after it closes.",
        "Nothing was changed.",
    ]


def test_a_table_leaves_its_players_marked_gone_and_the_standings_say_so(client_in, between, director):
    url = reverse("plan_change", args=[between.pk])
    first = Seat.objects.filter(round__party=between, round__number=1, table=2)
    leavers = list(first.values_list("guest__name", flat=True))  # the table is the last round's
    page = client_in.post(url, {"action": "table", "table": "2"}).content.decode()
    assert "Round 2 is played at 1 table." in page and page.count(">goes home<") == 4
    client_in.post(url, {"action": "table", "table": "2", "confirm": "1"})
    assert Party.objects.get(pk=between.pk).tables == 1
    assert sorted(Guest.objects.filter(left_after=1).values_list("name", flat=True)) == sorted(leavers)
    assert {n for _t, _s, n in seats(between)}.isdisjoint(leavers)
    round_ = between.rounds.get(number=2)
    result_services.result_record(round_=round_, table=1, net=(100, -100), by_user=director)
    round_services.round_close(round_=round_)
    page = client_in.get(reverse("party_standings", args=[between.pk])).content.decode()
    assert f'<bdi class="person">{sorted(leavers)[0]}</bdi>: left after round 1' in page


TWO_DEALS = [("4S", "N", 10), ("3NX", "E", 7)]
# By hand: 4S made by N-S on deal 1, not vulnerable: 420; 3NX two down, E-W vulnerable on deal 2: 200 + 300 =
# 500 to N-S. Deals 3 and 4 not played: 0 each. N-S +920, E-W -920.


def test_a_round_closed_as_played_so_far_asks_first_then_counts_the_deals_played(client_in, party_factory, director):
    party = party_factory(tables=2, rounds=2)
    first = party.rounds.get(number=1)
    result_services.result_record(round_=first, table=1, deals=TWO_DEALS, complete=False, by_user=director)
    url = reverse("result_close_unfinished", args=[party.pk, 1, 1])
    asked = client_in.post(url).content.decode()
    assert "Close table 1&#x27;s round with 2 deals played? North–South +920, East–West −920" in asked
    result = first.results.get(table=1)
    assert (result.status, result.winner) == ("in_progress", "")  # asking wrote nothing
    response = client_in.post(url, {"confirm": "yes"})
    assert said(response) == ["Table 1's round is closed as played so far."]
    result.refresh_from_db()
    assert (result.ns, result.ew, result.winner, result.status) == (920, -920, "NS", "agreed")
    assert result.changes.latest("pk").action == "closed unfinished"
    assert list(result.deals.values_list("number", flat=True)) == [1, 2]


def test_closing_a_table_without_a_deal_is_refused_and_changes_nothing(client_in, party_factory):
    party = party_factory(tables=2, rounds=2)
    result_services.result_record(round_=party.rounds.get(number=1), table=1, deals=[], complete=False)
    url = reverse("result_close_unfinished", args=[party.pk, 1, 1])
    response = client_in.post(url, {"confirm": "yes"})
    assert said(response) == ["Table 1 has not entered a deal yet: nothing to close. Enter the deals played first."]
    result = party.rounds.get(number=1).results.get(table=1)
    assert (result.status, result.winner, result.changes.count()) == ("in_progress", "", 1)


def test_an_odd_few_see_the_sit_out_rule_and_the_towie_offer_before_the_confirm(client_in, between):
    url = reverse("plan_change", args=[between.pk])
    page = client_in.post(url, {"action": "guests", "guest": ids(["Player 001"])}).content.decode()
    assert "Round 2 is played at 1 table." in page and "Sitting out: " in page
    assert "The players left over sit out one round: those who have sat out fewest rounds first" in page
    assert "Set up a Towie table" in page and page.count(">sits out this round<") == 3
    assert not PlanChange.objects.exists()


def test_a_round_closed_early_is_undone_like_any_result(client_in, party_factory, director):
    party = party_factory(tables=2, rounds=2)
    first = party.rounds.get(number=1)
    result_services.result_record(round_=first, table=1, deals=TWO_DEALS, complete=False, by_user=director)
    client_in.post(reverse("result_close_unfinished", args=[party.pk, 1, 1]), {"confirm": "yes"})
    change = first.results.get(table=1).changes.latest("pk")
    client_in.post(reverse("result_undo", args=[party.pk, 1, 1, change.pk]))
    result = first.results.get(table=1)
    assert (result.status, result.winner, result.deals.count()) == ("in_progress", "", 2)


def test_the_next_rounds_page_links_to_the_changes_until_it_starts(client_in, between):
    url = reverse("round_detail", args=[between.pk, 2])
    assert reverse("plan_changes", args=[between.pk]) in client_in.get(url).content.decode()
    round_services.round_start(round_=between.rounds.get(number=2))
    assert reverse("plan_changes", args=[between.pk]) not in client_in.get(url).content.decode()

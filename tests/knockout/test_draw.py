"""The draw for each round: random from a kept seed (reproducible), or arranged by the director with selects."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.knockout.helpers import get_round, make_knockout, matches, pairs_of
from tests.knockout.play import post_totals, round_url
from tournaments.services import knockout as services

pytestmark = pytest.mark.django_db


def tables_of(round_) -> list[tuple[str, str]]:
    return [(m.ns.name, m.ew.name) for m in matches(round_)]


def messages_of(response) -> list[str]:
    return [str(m) for m in response.wsgi_request._messages]


def test_the_first_round_is_drawn_at_random_from_a_kept_seed(client_in):
    knockout = make_knockout(pairs=14, draw=False)
    response = client_in.post(reverse("knockout_draw", args=[knockout.id]))
    round_ = get_round(knockout)
    assert response["Location"] == round_url(round_)
    assert round_.tables == 7 and round_.places == 8 and round_.draw_seed is not None and not round_.arranged
    drawn = tables_of(round_)
    assert len(pairs_of(round_)) == 14
    # The same seed draws the same tables again: the draw can be reprinted identically.
    services.round_draw(round_=round_, seed=round_.draw_seed)
    assert tables_of(get_round(knockout)) == drawn
    page = client_in.get(round_url(round_)).content.decode()
    assert f"draw number {round_.draw_seed}" in page


def test_seeds_draw_differently():
    knockout = make_knockout(pairs=14)
    round_ = get_round(knockout)
    draws = set()
    for seed in range(8):
        services.round_draw(round_=round_, seed=seed)
        draws.add(tuple(tables_of(round_)))
    assert len(draws) > 1


def test_drawing_again_keeps_the_same_pairs(client_in):
    knockout = make_knockout(pairs=10)
    round_ = get_round(knockout)
    before = pairs_of(round_)
    seed = round_.draw_seed
    response = client_in.post(reverse("knockout_round_redraw", args=[knockout.id, "main", 1]), {"confirm": "yes"})
    assert "Main round 1 is drawn again." in messages_of(response)
    round_.refresh_from_db()
    assert pairs_of(round_) == before and round_.draw_seed != seed


def arrangement(round_, order: list) -> dict:
    data = {}
    for table, (ns, ew) in enumerate(zip(order[::2], order[1::2], strict=True), start=1):
        data[f"t{table}_ns"], data[f"t{table}_ew"] = ns.pk, ew.pk
    return data


def test_the_director_arranges_the_tables_with_selects(client_in):
    knockout = make_knockout(pairs=10)
    round_ = get_round(knockout)
    page = client_in.get(round_url(round_)).content.decode()
    assert '<select name="t1_ns"' in page and '<select name="t5_ew"' in page
    pairs = list(knockout.pairs.order_by("id"))
    response = client_in.post(
        reverse("knockout_round_arrange", args=[knockout.id, "main", 1]), arrangement(round_, pairs)
    )
    assert "Main round 1 is arranged as you chose." in messages_of(response)
    round_.refresh_from_db()
    assert round_.arranged and round_.draw_seed is None
    assert tables_of(round_)[0] == ("North 01 & South 01", "North 02 & South 02")
    assert tables_of(round_)[4] == ("North 09 & South 09", "North 10 & South 10")
    assert "arranged by the director" in client_in.get(round_url(round_)).content.decode()


@pytest.mark.parametrize(
    "change, message",
    [
        ({"t2_ns": "first"}, "Choose both pairs at every table"),  # the first pair twice
        ({"t3_ew": ""}, "Choose both pairs at every table"),
        ({"t3_ew": "abc"}, "Choose both pairs at every table"),
        ({"t3_ew": "99999"}, "Choose both pairs at every table"),
        ({"t3_ew": "-1"}, "Choose both pairs at every table"),
    ],
)
def test_a_bad_arrangement_changes_nothing(client_in, change, message):
    knockout = make_knockout(pairs=10)
    round_ = get_round(knockout)
    before = tables_of(round_)
    pairs = list(knockout.pairs.order_by("id"))
    data = arrangement(round_, pairs)
    data.update({k: (pairs[0].pk if v == "first" else v) for k, v in change.items()})
    response = client_in.post(reverse("knockout_round_arrange", args=[knockout.id, "main", 1]), data)
    text = " ".join(messages_of(response))
    assert message in text or "is already at table" in text
    round_.refresh_from_db()
    assert tables_of(round_) == before and not round_.arranged


def test_a_pair_twice_is_named_by_the_service():
    knockout = make_knockout(pairs=10)
    round_ = get_round(knockout)
    pairs = list(knockout.pairs.order_by("id"))
    tables = [(pairs[0].pk, pairs[1].pk), (pairs[0].pk, pairs[3].pk)] + [
        (pairs[i].pk, pairs[i + 1].pk) for i in range(4, 10, 2)
    ]
    with pytest.raises(ValidationError) as error:
        services.round_arrange(round_=round_, tables=tables)
    assert "Table 2: North 01 & South 01 is already at table 1." in error.value.messages
    with pytest.raises(ValidationError, match="has 5 tables"):
        services.round_arrange(round_=round_, tables=tables[:4])


def test_the_draw_is_fixed_once_a_score_is_in(client_in):
    knockout = make_knockout(pairs=10)
    round_ = get_round(knockout)
    before = tables_of(round_)
    post_totals(client_in, round_.matches.get(table=2), 800, 200)
    page = client_in.get(round_url(round_)).content.decode()
    assert "Draw again at random" not in page and "Arrange the tables yourself" not in page
    response = client_in.post(reverse("knockout_round_redraw", args=[knockout.id, "main", 1]), {"confirm": "yes"})
    assert "Scores are in at table 2: the draw of Main round 1 can no longer change." in messages_of(response)
    pairs = list(knockout.pairs.order_by("id"))
    response = client_in.post(
        reverse("knockout_round_arrange", args=[knockout.id, "main", 1]), arrangement(round_, pairs)
    )
    assert "Scores are in at table 2: the draw of Main round 1 can no longer change." in messages_of(response)
    response = client_in.post(reverse("knockout_draw", args=[knockout.id]))
    assert "Scores are in at table 2" in messages_of(response)[0]
    assert tables_of(get_round(knockout)) == before


def test_a_round_that_is_not_in_the_plan_is_not_found(client_in):
    knockout = make_knockout(pairs=10)
    for bracket, number in (("semi", 1), ("main", 7), ("consolation", 1)):
        assert client_in.get(f"/knockouts/{knockout.id}/{bracket}/{number}/").status_code == 404
    assert client_in.get(f"/knockouts/{knockout.id}/main/1/tables/9/").status_code == 404
    assert client_in.get("/knockouts/9999/").status_code == 404

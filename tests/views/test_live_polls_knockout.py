"""The knockout's live pages (the bracket and its big screen, a round's page): an unchanged poll is answered 304
without reading or drawing anything, and every write those pages show changes their validator
(selectors/live_knockout.py, services/live_knockout.py)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.knockout.helpers import DATE, get_round, make_knockout
from tournaments.models import Club, Knockout, KnockoutMatch, Membership
from tournaments.services import knockout as services
from tournaments.services import members as member_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def knockout(director):
    """Eight pairs: main round 1 at four tables drawn, nothing played."""
    return make_knockout(pairs=8, user=director)


def poll(client, url, tag=None):
    return client.get(url, headers={"HX-Request": "true", **({"If-None-Match": tag} if tag else {})})


def bracket_url(knockout, projector=False):
    return reverse("knockout_bracket", args=[knockout.id]) + ("?projector=1" if projector else "")


def round_url(knockout, bracket="main", number=1):
    return reverse("knockout_round", args=[knockout.id, bracket, number])


def match(knockout, table=1, bracket="main", number=1) -> KnockoutMatch:
    return KnockoutMatch.objects.get(round=get_round(knockout, bracket, number), table=table)


def totals(knockout, table, ns, ew, bracket="main", number=1):
    return services.match_totals_record(match=match(knockout, table, bracket, number), ns=ns, ew=ew)


def deal(knockout, number, tricks=8, table=1):
    return services.match_deal_record(
        match=match(knockout, table), number=number, contract="2S", declarer="N", tricks=tricks
    )


def play_round(knockout, bracket="main", number=1):
    """Every table won by North–South, by 10 points more at each table (no tie for best loser)."""
    for m in get_round(knockout, bracket, number).matches.all():
        totals(knockout, m.table, 1000 + 10 * m.table, 1000, bracket, number)


def close_round(knockout, bracket="main", number=1):
    play_round(knockout, bracket, number)
    return services.round_close(round_=get_round(knockout, bracket, number))


def test_an_unchanged_poll_is_answered_304_with_nothing_drawn(client_in, knockout):
    for url in (bracket_url(knockout), bracket_url(knockout, projector=True), round_url(knockout)):
        first = poll(client_in, url)
        assert first.status_code == 200 and first["ETag"] and b"Table 1" in first.content
        again = poll(client_in, url, first["ETag"])
        assert (again.status_code, again.content, again["ETag"]) == (304, b"", first["ETag"])
    # The big screen draws another fragment (short names, no links): its own validator.
    assert poll(client_in, bracket_url(knockout))["ETag"] != poll(client_in, bracket_url(knockout, True))["ETag"]
    assert poll(client_in, round_url(knockout))["ETag"] != poll(client_in, bracket_url(knockout))["ETag"]


def test_a_full_page_load_is_never_answered_304(client_in, knockout):
    for url in (bracket_url(knockout), bracket_url(knockout, projector=True), round_url(knockout)):
        tag = poll(client_in, url)["ETag"]
        page = client_in.get(url, headers={"If-None-Match": tag})
        assert page.status_code == 200 and "ETag" not in page and b"<html" in page.content


def _writes(director):  # noqa: C901  (one small maker per write)
    """(what, (the write's maker, a text the bracket shows after it)): every write the knockout's pages show. A
    maker does what must come before, on the knockout as drawn, and returns the write itself."""

    def corrected(k):
        deal(k, 1)
        return lambda: deal(k, 1, tricks=9)

    def deal_removed(k):
        deal(k, 1)
        deal(k, 2)
        return lambda: services.match_deal_remove(match=match(k))

    def totals_corrected(k):
        totals(k, 1, 1500, 1000)
        return lambda: totals(k, 1, 1000, 1700)

    def tied(k):
        totals(k, 1, 1000, 1000)
        return k

    def cut(k):
        tied(k)
        return lambda: services.match_decide(match=match(k), how="cut", seed=1)

    def one_more_deal(k):
        tied(k)
        return lambda: services.match_decide(match=match(k), how="deal")

    def cut_at_the_table(k):
        cut(k)()
        return lambda: services.match_decide(match=match(k), how="cut", winner="EW" if match(k).winner_id ==
                                             match(k).ns_id else "NS")  # fmt: skip

    def closed(k):
        play_round(k)
        return lambda: services.round_close(round_=get_round(k))

    def reopened(k):
        close_round(k)
        return lambda: services.round_reopen(round_=get_round(k))

    def arranged(k):
        ms = list(get_round(k).matches.order_by("table"))
        tables = [(m.ew_id, m.ns_id) for m in ms]  # every table turned round
        return lambda: services.round_arrange(round_=get_round(k), tables=tables)

    def pair_removed(k):
        pair = k.pairs.order_by("id").last()
        return lambda: services.pair_remove(pair=pair)

    def member_linked(k):
        pair = k.pairs.order_by("id").first()
        return lambda: member_services.pair_make_member(pair=pair, which="a")

    def second_round_scored(k):
        close_round(k)
        return lambda: totals(k, 1, 2000, 1000, "main", 2)

    def free_tables(k):
        close_round(k)
        play_round(k, "main", 2)
        return lambda: services.round_close(round_=get_round(k, "main", 2))

    return {
        "a deal entered": (lambda k: lambda: deal(k, 1), "1 of 8 deals in"),
        "a deal corrected": (corrected, "1 of 8 deals in"),
        "the last deal taken off": (deal_removed, "1 of 8 deals in"),
        "the totals typed in": (lambda k: lambda: totals(k, 1, 1200, 1000), "margin 200"),
        "the totals corrected": (totals_corrected, "margin 700"),
        "a tie cut for": (cut, "won on a cut"),
        "a tie to one more deal": (one_more_deal, "one more deal"),
        "a cut made at the table": (cut_at_the_table, "won on a cut"),
        "the round closed": (closed, "not started"),
        "the round reopened": (reopened, "to be drawn"),
        "the round drawn again": (lambda k: lambda: services.round_draw(round_=get_round(k), seed=99), "Table 4"),
        "the tables arranged": (arranged, "Table 4"),
        "the first round drawn again": (lambda k: lambda: services.knockout_draw(knockout=k, seed=5), "Table 4"),
        "a pair added": (lambda k: lambda: services.pairs_add(knockout=k, entries=[["Ann Added", "Bo Added"]]), ""),
        "a pair removed": (pair_removed, ""),
        "the knockout renamed": (
            lambda k: lambda: services.knockout_update(knockout=k, name="Spring knockout", date=DATE, rules=k.rules),
            "Spring knockout",
        ),
        "a player linked to a member": (member_linked, "Table 1"),
        "a score in the next round": (second_round_scored, "margin 1,000"),
        "a round closed: free tables": (free_tables, "Free tables"),
    }


@pytest.mark.parametrize("what", list(_writes(None)))
def test_every_write_changes_the_validators(client_in, director, knockout, what):
    maker, shown = _writes(director)[what]
    write = maker(knockout)
    urls = [bracket_url(knockout, projector=True), bracket_url(knockout), round_url(knockout)]
    before = {url: poll(client_in, url)["ETag"] for url in urls}
    assert all(poll(client_in, url, tag).status_code == 304 for url, tag in before.items())
    write()
    for url, tag in before.items():
        after = poll(client_in, url, tag)
        if url == round_url(knockout) and after.status_code == 404:
            # The pairs changed before play: the unplayed draw went with its round.
            assert what in ("a pair added", "a pair removed") and "ETag" not in after
            continue
        assert after.status_code == 200 and after["ETag"] != tag, f"{url} missed {what}"
        if url == bracket_url(knockout, projector=True):
            assert shown in after.content.decode(), what


def test_the_projector_shows_the_short_names_of_the_pairs_as_they_change(client_in, knockout):
    url = bracket_url(knockout, projector=True)
    tag = poll(client_in, url)["ETag"]
    pair = knockout.pairs.order_by("id").first()
    type(pair).objects.filter(pk=pair.pk).update(player_a="Kathleen Wolstenholme", name="Kathleen Wolstenholme & "
                                                 + pair.player_b)  # fmt: skip
    # A write made past the services (as here, straight in the database) is not seen: the services' writes are.
    assert poll(client_in, url, tag).status_code == 304
    services.round_draw(round_=get_round(knockout), seed=3)
    after = poll(client_in, url, tag)
    assert (
        after.status_code == 200
        and '<span class="player">K.\u00a0Wolstenholme</span> <span class="player">&amp; ' in (after.content.decode())
    )


def test_another_knockouts_write_leaves_the_poll_be(client_in, director, knockout):
    other = make_knockout(pairs=8, user=director, name="Another knockout")
    tags = {url: poll(client_in, url)["ETag"] for url in (bracket_url(knockout), round_url(knockout))}
    totals(other, 1, 1200, 1000)
    assert all(poll(client_in, url, tag).status_code == 304 for url, tag in tags.items())


def test_a_refused_write_changes_nothing(client_in, knockout):
    """A service that refuses rolls its bump back with it."""
    from django.core.exceptions import ValidationError

    tag = poll(client_in, bracket_url(knockout))["ETag"]
    changes = Knockout.objects.get(pk=knockout.pk).changes
    with pytest.raises(ValidationError):
        services.match_decide(match=match(knockout), how="cut")  # not tied: refused
    assert poll(client_in, bracket_url(knockout), tag).status_code == 304
    assert Knockout.objects.get(pk=knockout.pk).changes == changes


def test_a_match_write_takes_the_knockouts_row_first(knockout):
    """Every knockout write bumps the counter before it writes or locks anything else: two writes at once then
    wait for each other in one order (the knockout's row, then a match's), never the other way round."""
    m = match(knockout)
    with CaptureQueriesContext(connection) as queries:
        services.match_totals_record(match=m, ns=1200, ew=1000)
    writes = [q["sql"] for q in queries if q["sql"].startswith(("UPDATE", "INSERT", "DELETE", "SELECT"))]
    assert writes[0].startswith('UPDATE "tournaments_knockout" SET "changes"'), writes[0]


def test_another_clubs_director_gets_404_never_304(client, client_in, knockout, django_user_model):
    tags = {url: poll(client_in, url)["ETag"] for url in (bracket_url(knockout), round_url(knockout))}
    other = django_user_model.objects.create_user("bob", password="x")
    Membership.objects.create(club=Club.objects.create(name="Bob's club"), user=other, role="owner")
    client.force_login(other)
    for url, tag in tags.items():
        answer = poll(client, url, tag)
        assert answer.status_code == 404 and "ETag" not in answer


def test_a_director_removed_from_the_club_loses_the_poll_at_once(client_in, director, knockout):
    url = bracket_url(knockout)
    tag = poll(client_in, url)["ETag"]
    assert poll(client_in, url, tag).status_code == 304
    Membership.objects.filter(user=director).delete()
    answer = poll(client_in, url, tag)
    assert answer.status_code == 404 and "ETag" not in answer


def test_the_page_in_another_language_has_another_validator(client_in, director, knockout):
    url = bracket_url(knockout)
    tag = poll(client_in, url)["ETag"]
    Club.objects.filter(memberships__user=director).update(language="fr")
    assert client_in.get(reverse("home"))["Content-Language"] == "fr"  # the whole page keeps the club's words
    answer = poll(client_in, url, tag)
    assert answer.status_code == 200 and answer["ETag"] != tag and answer["Content-Language"] == "fr"


@pytest.mark.parametrize("pairs", [8, 32])
def test_an_unchanged_poll_reads_the_validator_only(client_in, director, pairs):
    """The session, the user and the validator: the same at 4 and at 16 tables, and after rounds are played."""
    knockout = make_knockout(pairs=pairs, user=director, name=f"{pairs} pairs")
    close_round(knockout)
    play_round(knockout, "main", 2)
    for url in (bracket_url(knockout), bracket_url(knockout, projector=True), round_url(knockout, "main", 2)):
        assert client_in.get(url).status_code == 200  # the whole page: keeps the club's words in the session
        tag = poll(client_in, url)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            answer = poll(client_in, url, tag)
        assert (answer.status_code, len(queries)) == (304, 3), [q["sql"][:80] for q in queries]

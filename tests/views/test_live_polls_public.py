"""The public results pages (a party's board and its big screen, a knockout's matches), polled every 15 s by
anyone with the link: an unchanged poll is answered 304 without drawing anything; every write the page shows
changes its validator (selectors/live_public.py), a member asking for initials only among them; a link taken down
is a 404 at once, never a 304."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import make_party
from tests.knockout.helpers import DATE, get_round, make_knockout
from tests.views.test_live_polls import FOUR, _writes
from tests.views.test_live_polls_season import _season_writes, make_season
from tournaments.models import Club, KnockoutMatch, Member, Seat
from tournaments.rules.initials import private_initial
from tournaments.services import knockout as knockout_services
from tournaments.services import members as member_services
from tournaments.services import party as party_services
from tournaments.services import public as public_services
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db


def poll(client, token, tag=None, projector=False, language="en"):
    headers = {"HX-Request": "true", "Accept-Language": language, **({"If-None-Match": tag} if tag else {})}
    return client.get(f"/r/{token}/" + ("?projector=1" if projector else ""), headers=headers)


@pytest.fixture
def night(director):
    party = make_party(tables=2, user=director)
    return party, party.rounds.get(number=1)


@pytest.fixture
def played(director):
    """Round 1 of a two-table party played: the board shows every name."""
    party = make_party(tables=2, user=director, name="Charity night")
    for table in (1, 2):
        result_services.result_record(round_=party.rounds.get(number=1), table=table, deals=FOUR, by_user=director)
    return party


def club_of(director) -> Club:
    return Club.objects.get(memberships__user=director)


def east(party):
    """The guest at table 1 East in round 1."""
    return Seat.objects.select_related("guest").get(round__party=party, round__number=1, table=1, seat="E").guest


# --- the party's board ---------------------------------------------------------------------------------------------


def test_an_unchanged_poll_is_answered_304_with_nothing_drawn(client, played):
    token = public_services.publish(event=played).token
    for projector in (False, True):
        first = poll(client, token, projector=projector)
        assert first.status_code == 200 and first["ETag"] and b"Charity night" in first.content
        again = poll(client, token, first["ETag"], projector=projector)
        assert (again.status_code, again.content, again["ETag"]) == (304, b"", first["ETag"])
        assert again["X-Robots-Tag"] == "noindex, nofollow" and again["Referrer-Policy"] == "no-referrer"
    # The big screen's address is another poll: its own validator; the reader's language too.
    assert poll(client, token)["ETag"] != poll(client, token, projector=True)["ETag"]
    assert poll(client, token)["ETag"] != poll(client, token, language="fr")["ETag"]


def test_a_full_page_load_is_never_answered_304(client, played):
    token = public_services.publish(event=played).token
    tag = poll(client, token)["ETag"]
    page = client.get(f"/r/{token}/", headers={"If-None-Match": tag})
    assert page.status_code == 200 and "ETag" not in page and b"<html" in page.content


@pytest.mark.parametrize("what", [w for w in _writes(None) if not w.startswith(("the clock", "the round started"))])
def test_every_write_the_board_shows_changes_its_validator(client, director, night, what):
    """The writes the director's standings show (tests/views/test_live_polls.py) are the board's too."""
    party, round_ = night
    write = _writes(director)[what](round_)
    token = public_services.publish(event=party).token
    before = poll(client, token)["ETag"]
    assert poll(client, token, before).status_code == 304
    write()
    after = poll(client, token, before)
    assert after.status_code == 200 and after["ETag"] != before, f"the public board missed {what}"


def _linked(party, director, initials=False) -> Member:
    guest = east(party)
    member = member_services.guest_make_member(guest=guest)
    if initials:
        member_services.member_update(member=member, initials_only=True)
    return member


def _initials(name: str) -> str:
    """A letter's initial takes a full stop, a figure's none: "Player 008" is "P. 0" (rules/initials.py)."""
    return " ".join(private_initial(part) for part in name.split())


def test_a_member_asking_for_initials_changes_the_board(client, director, played):
    name = east(played).name
    _linked(played, director)
    token = public_services.publish(event=played).token
    before = poll(client, token)
    assert name in before.content.decode()
    member = Member.objects.get(guests__party=played, name=name)
    member_services.member_update(member=member, initials_only=True)
    after = poll(client, token, before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert _initials(name) in after.content.decode() and name not in after.content.decode()
    # And asking no longer: the full name again.
    again = poll(client, token, after["ETag"])
    assert again.status_code == 304
    member_services.member_update(member=member, initials_only=False)
    assert name in poll(client, token, after["ETag"]).content.decode()


def test_a_member_deleted_or_merged_changes_the_board(client, director, played):
    name = east(played).name
    member = _linked(played, director, initials=True)
    token = public_services.publish(event=played).token
    tag = poll(client, token)["ETag"]
    member.delete()  # the guest keeps its name, no longer a member's: shown in full
    answer = poll(client, token, tag)
    assert answer.status_code == 200 and name in answer.content.decode()
    # A merge: the guest's record (no initials) takes the other record's wish for initials.
    kept = member_services.guest_make_member(guest=east(played))
    other = member_services.member_create(club=club_of(director), name="Other Record", initials_only=True)
    tag = poll(client, token)["ETag"]
    member_services.member_merge(keep=kept, drop=other)
    answer = poll(client, token, tag)
    assert answer.status_code == 200 and _initials(name) in answer.content.decode()


def test_a_towie_player_joining_links_the_party_guest_and_changes_the_board(client, director, played):
    """A guest who played a Towie table joins the club there as a member asking for initials: the board names
    them by initials (the guest is linked by a bulk update, which bumps the party's counter itself)."""
    from tournaments.services import towie as towie_services

    name = east(played).name
    table = towie_services.towie_table_create(
        name="Towie", date=played.date, players=[name, "Ann Other", "Bo Other"], party=played, user=director
    )
    member_services.member_create(club=club_of(director), name=name, initials_only=True)
    token = public_services.publish(event=played).token
    tag = poll(client, token)["ETag"]
    member_services.towie_player_make_member(player=table.players.get(name=name))
    answer = poll(client, token, tag)
    assert answer.status_code == 200 and _initials(name) in answer.content.decode()


def test_a_write_the_board_does_not_show_leaves_it_be(client, director, played):
    member = _linked(played, director)
    token = public_services.publish(event=played).token
    tag = poll(client, token)["ETag"]
    member_services.member_archive(member=member)  # not on the board
    make_party(tables=1, rounds=1, user=director, name="Another night")
    assert poll(client, token, tag).status_code == 304


def test_a_link_taken_down_is_a_404_at_once_never_a_304(client, played):
    token = public_services.publish(event=played).token
    tag = poll(client, token)["ETag"]
    assert poll(client, token, tag).status_code == 304
    public_services.unpublish(event=played)
    answer = poll(client, token, tag)
    assert answer.status_code == 404 and "ETag" not in answer
    assert poll(client, "not-the-token", tag).status_code == 404


@pytest.fixture
def season(director):
    return make_season(director)


@pytest.mark.parametrize("what", list(_season_writes(None)))
def test_every_write_a_season_board_shows_changes_its_validator(client, director, season, what):
    """A season's public board is the season page's statement, found by the link: every write the
    director's season page sees changes it, and nothing else does."""
    series, party, knockout = season
    token = public_services.publish(event=series).token
    write = _season_writes(director)[what](series, party, knockout)
    first = poll(client, token)
    assert first.status_code == 200 and first["ETag"]
    assert (poll(client, token, first["ETag"]).status_code, poll(client, token, first["ETag"]).content) == (304, b"")
    write()
    again = poll(client, token, first["ETag"])
    assert again.status_code == 200 and again["ETag"] != first["ETag"], f"the season board missed {what}"


def test_a_season_board_poll_is_two_statements_and_its_link_taken_down_a_404(client, season):
    series, _, _ = season
    token = public_services.publish(event=series).token
    tag = poll(client, token)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert poll(client, token, tag).status_code == 304
    assert len(queries) == 2  # the link, the season's statement
    assert poll(client, token, tag, projector=True).status_code == 200  # the big screen: its own validator
    public_services.unpublish(event=series)
    answer = poll(client, token, tag)
    assert answer.status_code == 404 and "ETag" not in answer


# --- the knockout's page -------------------------------------------------------------------------------------------


@pytest.fixture
def knockout(director):
    return make_knockout(pairs=8, user=director, name="Spring knockout")


def match(knockout, table=1, bracket="main", number=1) -> KnockoutMatch:
    return KnockoutMatch.objects.get(round=get_round(knockout, bracket, number), table=table)


def _knockout_writes(director):  # noqa: C901  (one small maker per write)
    """(what, (the write's maker, a text the page shows after it))."""

    def totals(k, table, ns, ew):
        return knockout_services.match_totals_record(match=match(k, table), ns=ns, ew=ew)

    def cut(k):
        totals(k, 1, 1000, 1000)
        return lambda: knockout_services.match_decide(match=match(k), how="cut", seed=1)

    def closed(k):
        for table in range(1, 5):
            totals(k, table, 1000 + 10 * table, 1000)
        return lambda: knockout_services.round_close(round_=get_round(k))

    def initials(k):
        pair = k.pairs.order_by("id").first()
        member = member_services.pair_make_member(pair=pair, which="a")
        return lambda: member_services.member_update(member=member, initials_only=True)

    def linked_to_initials(k):
        pair = k.pairs.order_by("id").first()
        member_services.member_create(club=club_of(director), name=pair.player_a, initials_only=True)
        return lambda: member_services.pair_make_member(pair=pair, which="a")

    def member_deleted(k):
        initials(k)()
        member = Member.objects.get(name=k.pairs.order_by("id").first().player_a)
        return lambda: member.delete()

    def renamed(k):
        return lambda: knockout_services.knockout_update(knockout=k, name="Autumn cup", date=DATE, rules=k.rules)

    first = "North 01"  # the first pair's North ("N. 0" by initials)
    return {
        "the totals typed in": (lambda k: lambda: totals(k, 1, 1200, 1000), "1,200"),
        "a deal entered": (
            lambda k: (
                lambda: knockout_services.match_deal_record(
                    match=match(k), number=1, contract="2S", declarer="N", tricks=9
                )
            ),
            lambda k: f'<td class="num">{match(k).ns_total}</td>',  # what the pad's first deal scores
        ),
        "a tie cut for": (cut, "1,000"),
        "the round closed": (closed, "Consolation 1"),
        "the knockout renamed": (renamed, "Autumn cup"),
        "a member asking for initials": (initials, "N. 0 &amp; South 01"),
        "a player linked to a member asking for initials": (linked_to_initials, "N. 0 &amp; South 01"),
        "a member deleted": (member_deleted, f"{first} &amp; South 01"),
    }


@pytest.mark.parametrize("what", list(_knockout_writes(None)))
def test_every_write_the_knockout_page_shows_changes_its_validator(client, director, knockout, what):
    maker, shown = _knockout_writes(director)[what]
    write = maker(knockout)
    token = public_services.publish(event=knockout).token
    before = poll(client, token)["ETag"]
    assert poll(client, token, before).status_code == 304
    write()
    after = poll(client, token, before)
    assert after.status_code == 200 and after["ETag"] != before, f"the public knockout page missed {what}"
    assert (shown(knockout) if callable(shown) else shown) in after.content.decode(), what


def test_the_knockout_page_unchanged_is_304_and_taken_down_is_404(client, knockout):
    token = public_services.publish(event=knockout).token
    first = poll(client, token)
    assert first.status_code == 200 and b"Spring knockout" in first.content
    assert (poll(client, token, first["ETag"]).status_code, poll(client, token, first["ETag"]).content) == (304, b"")
    page = client.get(f"/r/{token}/", headers={"If-None-Match": first["ETag"]})
    assert page.status_code == 200 and b"<html" in page.content
    public_services.unpublish(event=knockout)
    answer = poll(client, token, first["ETag"])
    assert answer.status_code == 404 and "ETag" not in answer


def test_a_party_guest_renamed_leaves_the_knockout_page_be(client, director, knockout, played):
    token = public_services.publish(event=knockout).token
    tag = poll(client, token)["ETag"]
    guest = east(played)
    party_services.guest_update(guest=guest, name="Renamed Guest", kind=guest.kind, plays_as=guest.plays_as,
                                reserve=False)  # fmt: skip
    assert poll(client, token, tag).status_code == 304


# --- what an unchanged poll costs ----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [2, 20])
def test_an_unchanged_poll_is_one_query(client, director, size):
    """The validator alone (no session: a guest's browser has none), the same for a small and a large event."""
    party = make_party(tables=size, user=director, name=f"Party of {size}")
    for table in range(1, size + 1):
        result_services.result_record(round_=party.rounds.get(number=1), table=table, deals=FOUR, by_user=director)
    knockout = make_knockout(pairs=min(4 * size, 64), user=director, name=f"Knockout of {size}")
    for m in get_round(knockout).matches.all():
        knockout_services.match_totals_record(match=m, ns=1000 + 10 * m.table, ew=1000)
    for event, projector in ((party, False), (party, True), (knockout, False)):
        token = public_services.publish(event=event).token
        tag = poll(client, token, projector=projector)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            answer = poll(client, token, tag, projector=projector)
        assert (answer.status_code, len(queries)) == (304, 1), [q["sql"][:80] for q in queries]

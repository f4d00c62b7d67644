"""A knockout's entries: an entry is a pair, two pairs a table; the confirmed pairs join the knockout in one
step, members linked; a cancelled pair leaves it before play, never after."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.knockout.helpers import make_knockout
from tournaments.models import Entry, KnockoutMatch, KnockoutPair, Member
from tournaments.selectors import entries as selectors
from tournaments.services import entries as services
from tournaments.services import knockout as knockout_services

pytestmark = pytest.mark.django_db


def enter(entry_list, name, partner, **more):
    more.setdefault("email", f"{name.split()[0].lower()}@example.org")
    return services.entry_add(entry_list=entry_list, name=name, partner=partner, **more)


@pytest.fixture
def cup(director):
    return make_knockout(pairs=0, user=director, name="Spring cup", draw=False)


def test_two_pairs_a_table_the_fifth_pair_waits_and_moves_up(cup):
    entry_list = services.entry_list_save(event=cup, open=True, tables=2)  # 4 pairs' places
    assert selectors.board(entry_list).places == {"pair": 4}
    for i in range(1, 6):
        enter(entry_list, f"Ann{i} North", f"Bob{i} South")
    fifth = Entry.objects.get(name="Ann5 North")
    assert fifth.state == "waiting" and selectors.place_of(fifth) == 1
    with pytest.raises(ValidationError, match="Give your partner's name: a knockout is played by pairs."):
        enter(entry_list, "Cid Alone", "")
    with pytest.raises(ValidationError, match="Bob1 South is already on the list."):
        enter(entry_list, "Dan New", "Bob1 South")
    assert [e.name for e in services.entry_cancel(entry=Entry.objects.get(name="Ann2 North"))] == ["Ann5 North"]
    board = selectors.board(entry_list)
    assert (len(board.confirmed), len(board.waiting), board.players, board.problems) == (4, 0, 8, [])


def test_the_confirmed_pairs_join_the_knockout_once_and_a_member_is_linked(cup):
    entry_list = services.entry_list_save(event=cup, open=True)
    assert entry_list.tables == 8  # the Four Aces' most, when the director gives none
    ann = Member.objects.create(club=cup.club, name="Ann North", number="K1")
    enter(entry_list, "Ann North", "Bob South", member_number="K1")
    enter(entry_list, "Cid North", "Dot South")
    enter(entry_list, "Eve North", "Fay South")
    services.entry_cancel(entry=Entry.objects.get(name="Eve North"))
    assert services.pairs_from_entries(entry_list=entry_list) == 2
    assert services.pairs_from_entries(entry_list=entry_list) == 0
    pairs = list(KnockoutPair.objects.filter(knockout=cup).order_by("pk"))
    assert [(p.name, p.member_a) for p in pairs] == [("Ann North & Bob South", ann), ("Cid North & Dot South", None)]
    # Cancelled before play: the pair leaves the knockout.
    services.entry_cancel(entry=Entry.objects.get(name="Cid North"))
    assert list(KnockoutPair.objects.filter(knockout=cup).values_list("name", flat=True)) == ["Ann North & Bob South"]


def test_once_play_has_started_a_pair_cannot_cancel_itself(director):
    cup = make_knockout(pairs=4, user=director, name="Spring cup")
    entry_list = services.entry_list_save(event=cup, open=True, tables=4)
    enter(entry_list, "Gus North", "Hal South")
    enter(entry_list, "Ivy North", "Jo South")
    services.pairs_from_entries(entry_list=entry_list)  # the unplayed draw is cleared for the new pairs
    assert cup.rounds.count() == 0 and cup.pairs.count() == 6
    knockout_services.knockout_draw(knockout=cup, seed=3)
    match = KnockoutMatch.objects.filter(round__knockout=cup).first()
    assert match is not None  # the draw made the matches
    knockout_services.match_deal_record(match=match, number=1, contract="2S", declarer="N", tricks=8)
    gus = Entry.objects.get(name="Gus North")
    with pytest.raises(ValidationError, match="Play has started"):
        services.entry_cancel(entry=gus)
    gus.refresh_from_db()
    assert gus.state == "confirmed" and cup.pairs.count() == 6


def test_the_director_opens_a_knockouts_entries_and_adds_the_pairs_from_the_page(client_in, cup):
    url = reverse("knockout_entries", args=[cup.id])
    assert "Two pairs a table." in client_in.get(url).content.decode()
    client_in.post(url, {"open": "on", "tables": "40"})
    assert not hasattr(cup, "entry_list") or cup.entry_list is None
    page = client_in.post(url, {"open": "on", "tables": "40"}).content.decode()
    assert "A knockout&#x27;s entries are taken for 1 to 32 tables." in page
    client_in.post(url, {"open": "on", "tables": "2"})
    cup.refresh_from_db()
    enter(cup.entry_list, "Ann North", "Bob South")
    public = client_in.get(reverse("entry_page", args=[cup.entry_list.token])).content.decode()
    assert "Your partner&#x27;s name" in public and "You play as" not in public
    page = client_in.get(url).content.decode()
    assert "1 pair of 4" in page and "Add 1 confirmed pair to the knockout" in page
    made = client_in.post(reverse("knockout_entries_to_pairs", args=[cup.id]), follow=True).content.decode()
    assert "1 pair added from the entries." in made and "Ann North &amp; Bob South" in made

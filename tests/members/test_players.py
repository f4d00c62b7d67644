"""Players of a knockout, a Towie and a Boston table picked from the club's members; a newcomer made a member
from the event's page; a merge carries every seat along. Each case checks the stored link, not just the page."""

import datetime

import pytest
from django.urls import reverse

from tests.boston.conftest import create_table
from tournaments.models import BostonTable, Club, KnockoutPair, Member, TowiePlayer
from tournaments.services import knockout as knockout_services
from tournaments.services import members as member_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(director):
    return Club.objects.get(memberships__user=director)


@pytest.fixture
def knockout(director, club):
    return knockout_services.knockout_create(name="Cup", date=datetime.date(2026, 12, 5), user=director, club=club)


def test_a_pair_typed_name_by_name_links_the_picked_member_and_the_one_named_exactly(client_in, club, knockout):
    ann = member_services.member_create(club=club, name="Ann Other")
    bob = member_services.member_create(club=club, name="Bob Builder")
    page = client_in.get(reverse("knockout_detail", args=[knockout.id])).content.decode()
    assert 'list="member-names"' in page and 'data-member-field="member_a"' in page
    # Ann picked from the list under a shorter spelling; Bob typed in full, in other capitals.
    data = {"player_a": "Ann O.", "member_a": ann.id, "player_b": "bob builder", "pairs": ""}
    response = client_in.post(reverse("knockout_pairs_add", args=[knockout.id]), data, follow=True)
    assert "1 pair added." in response.content.decode()
    pair = KnockoutPair.objects.get(knockout=knockout)
    assert (pair.name, pair.member_a, pair.member_b) == ("Ann O. & bob builder", ann, bob)


def test_pasted_pairs_link_members_by_their_exact_names_and_leave_newcomers_unlinked(client_in, club, knockout):
    cat = member_services.member_create(club=club, name="Cat Dale")
    member_services.member_create(club=club, name="Dan Twice", number="EBU1")
    member_services.member_create(club=club, name="Dan Twice", number="EBU2")  # two of that name: neither
    data = {"pairs": "Cat Dale & Dan Twice\nEve New & Fay New"}
    client_in.post(reverse("knockout_pairs_add", args=[knockout.id]), data)
    links = list(KnockoutPair.objects.order_by("id").values_list("member_a", "member_b"))
    assert links == [(cat.id, None), (None, None)]


def test_a_knockout_newcomer_is_made_a_member_from_the_pairs_list(client_in, club, knockout):
    knockout_services.pairs_add(knockout=knockout, entries=[["Eve New", "Fay New"]])
    pair = KnockoutPair.objects.get(knockout=knockout)
    url = reverse("knockout_pair_membership", args=[knockout.id, pair.id])
    assert url in client_in.get(reverse("knockout_detail", args=[knockout.id])).content.decode()
    response = client_in.post(url, {"player": "b"}, follow=True)
    assert "Fay New is a member." in response.content.decode()
    pair.refresh_from_db()
    assert pair.member_b is not None, "Fay is no member"
    assert pair.member_a is None and pair.member_b.name == "Fay New" and pair.member_b.club == club
    # The same newcomer twice: no second record.
    client_in.post(url, {"player": "b"})
    assert Member.objects.filter(name="Fay New").count() == 1
    # A seat that is not one: refused, nothing made.
    assert client_in.post(url, {"player": "c"}).status_code == 404
    assert Member.objects.count() == 1


def test_towie_players_picked_kept_across_a_save_and_a_newcomer_joins(client_in, club):
    ann = member_services.member_create(club=club, name="Ann Other", kind="lady")
    data: dict[str, object] = {"name": "Towie", "date": "2026-12-05", "stake": ""}
    data |= {"player_1": "Ann", "member_1": ann.id, "player_2": "Bob", "player_3": "Cat"}
    assert client_in.post(reverse("towie_create"), data).status_code == 302
    players = dict(TowiePlayer.objects.values_list("name", "member"))
    assert players == {"Ann": ann.id, "Bob": None, "Cat": None}
    table = TowiePlayer.objects.get(name="Ann").table
    # Saved again without the list: Ann keeps her member; Cat joins from the settings page.
    data.pop("member_1")
    assert client_in.post(reverse("towie_edit", args=[table.id]), data).status_code == 302
    assert TowiePlayer.objects.get(name="Ann").member == ann
    page = client_in.get(reverse("towie_edit", args=[table.id])).content.decode()
    assert reverse("towie_membership", args=[table.id]) in page
    cat = TowiePlayer.objects.get(name="Cat")
    client_in.post(reverse("towie_membership", args=[table.id]), {"player": str(cat.pk)})
    cat_member = TowiePlayer.objects.get(name="Cat").member
    assert cat_member is not None and cat_member.name == "Cat"


def test_boston_players_picked_and_a_newcomer_joins(client_in, club):
    dan = member_services.member_create(club=club, name="Dan Dare")
    table = create_table(client_in, "fontainebleau", member_4=dan.id)
    assert (table.member_1, table.member_4) == (None, dan)
    page = client_in.get(reverse("boston_edit", args=[table.id])).content.decode()
    assert 'data-member-field="member_4"' in page and reverse("boston_membership", args=[table.id]) in page
    response = client_in.post(reverse("boston_membership", args=[table.id]), {"seat": "1"}, follow=True)
    assert "Ann is a member." in response.content.decode()
    table.refresh_from_db()
    assert table.member_1 is not None and table.member_1.name == "Ann" and table.member_4 == dan
    assert client_in.post(reverse("boston_membership", args=[table.id]), {"seat": "5"}).status_code == 404


def test_a_member_of_another_club_is_never_linked(client_in, club, knockout):
    stranger = member_services.member_create(club=Club.objects.create(name="Elsewhere"), name="Eve Else")
    data = {"player_a": "Eve Else", "member_a": stranger.id, "player_b": "Fay", "pairs": ""}
    client_in.post(reverse("knockout_pairs_add", args=[knockout.id]), data)
    assert KnockoutPair.objects.get(knockout=knockout).member_a is None


def test_a_merge_moves_every_seat_to_the_kept_record(club, knockout):
    keep = member_services.member_create(club=club, name="Ann Other", number="EBU1")
    drop = member_services.member_create(club=club, name="Ann O.")
    knockout_services.pairs_add(knockout=knockout, entries=[["Ann O.", "Bob"]])
    table = BostonTable.objects.create(
        club=club, name="B", date="2026-12-05", variant="fontainebleau", player_1="Ann O.", player_2="Bob",
        player_3="Cat", player_4="Dan", member_1=drop,
    )  # fmt: skip
    member_services.member_merge(keep=keep, drop=drop)
    assert KnockoutPair.objects.get(knockout=knockout).member_a == keep
    table.refresh_from_db()
    assert table.member_1 == keep


def test_a_members_page_lists_the_other_games_they_played(client_in, club, knockout):
    ann = member_services.member_create(club=club, name="Ann Other")
    knockout_services.pairs_add(knockout=knockout, entries=[["Ann Other", "Bob"]])
    BostonTable.objects.create(
        club=club, name="Friday Boston", date="2026-12-04", variant="fontainebleau", player_1="Ann Other",
        player_2="Bob", player_3="Cat", player_4="Dan", member_1=ann,
    )  # fmt: skip
    page = client_in.get(reverse("member_detail", args=[ann.id])).content.decode()
    games = page[page.index("Other games") :]
    # Latest first: the knockout of 5 December, then the Boston table of the 4th.
    assert games.index("Cup") < games.index("Friday Boston")
    assert reverse("knockout_detail", args=[knockout.id]) in games


@pytest.mark.parametrize("bad", ["99999999999999999999999", "abc", "-3", "0"])
def test_a_tampered_member_id_is_no_pick_and_never_an_error(client_in, club, knockout, director, bad):
    data = {"player_a": "Ann", "member_a": bad, "player_b": "Bob", "pairs": ""}
    response = client_in.post(reverse("knockout_pairs_add", args=[knockout.id]), data, follow=True)
    assert "1 pair added." in response.content.decode()
    assert KnockoutPair.objects.get(knockout=knockout).member_a is None
    from tests.conftest import make_party

    party = make_party(tables=1, rounds=1, user=director, draw=False, name="Tampered")
    assert client_in.post(reverse("guest_add", args=[party.id]), {"name": "Cid", "member": bad}).status_code == 302
    assert party.guests.get(name="Cid").member is None


def test_seats_keep_their_members_when_players_change_places_and_a_wrong_link_can_be_repicked(client_in, club):
    ann = member_services.member_create(club=club, name="Ann Other")
    other_ann = member_services.member_create(club=club, name="Ann Twin")
    # Boston: Ann picked under a short name in seat 1, then Ann and Dan swap seats.
    table = create_table(client_in, "fontainebleau", member_1=ann.id)
    from tests.boston.conftest import table_data

    swapped = table_data("fontainebleau", player_1="Dan", player_4="Ann")
    client_in.post(reverse("boston_edit", args=[table.id]), swapped)
    table.refresh_from_db()
    assert (table.player_4, table.member_4, table.member_1) == ("Ann", ann, None)
    # Picked again, as the other member: the new pick wins over the kept link.
    client_in.post(reverse("boston_edit", args=[table.id]), swapped | {"member_4": other_ann.id})
    table.refresh_from_db()
    assert table.member_4 == other_ann
    # Towie: Ann keeps her member when a fourth player joins (every player row is made afresh).
    data: dict[str, object] = {"name": "Towie", "date": "2026-12-05", "stake": ""}
    data |= {"player_1": "Ann", "member_1": ann.id, "player_2": "Bob", "player_3": "Cat"}
    client_in.post(reverse("towie_create"), data)
    towie = TowiePlayer.objects.get(name="Ann").table
    client_in.post(reverse("towie_edit", args=[towie.id]), data | {"member_1": "", "player_4": "Dee"})
    assert dict(TowiePlayer.objects.filter(table=towie).values_list("name", "member")) == {
        "Ann": ann.id,
        "Bob": None,
        "Cat": None,
        "Dee": None,
    }


def test_make_a_member_links_the_member_of_that_name_and_a_towie_guests_member(client_in, club, knockout, director):
    ann = member_services.member_create(club=club, name="Ann Other")
    pair = KnockoutPair.objects.create(knockout=knockout, player_a="Ann Other", player_b="Bob", name="A & B")
    client_in.post(reverse("knockout_pair_membership", args=[knockout.id, pair.id]), {"player": "a"})
    pair.refresh_from_db()
    assert pair.member_a == ann and Member.objects.filter(name="Ann Other").count() == 1
    # A Towie player who is a party guest linked to a member after the table was set up.
    from tests.conftest import make_party
    from tournaments.services import towie as towie_services

    party = make_party(tables=1, rounds=1, user=director, draw=False, name="With Towie")
    guest = party.guests.order_by("name").first()
    table = towie_services.towie_table_create(
        name="T", date=party.date, players=[guest.name, "Bob", "Cat"], party=party, user=director
    )
    guest.member = member_services.member_create(club=club, name="Guest Member")
    guest.save()
    player = TowiePlayer.objects.get(table=table, name=guest.name)
    client_in.post(reverse("towie_membership", args=[table.id]), {"player": str(player.pk)})
    player.refresh_from_db()
    assert player.member == guest.member and not Member.objects.filter(name=guest.name).exists()

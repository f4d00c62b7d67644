"""A Towie table at a party night: the guests page offers it for three to five reserves; six or more form two tables."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import make_party
from tournaments.models import Guest, TowiePlayer, TowieTable
from tournaments.selectors.towie import party_offer

pytestmark = pytest.mark.django_db


def party_with_reserves(director, count: int, *, extra_playing: int = 0):
    party = make_party(tables=1, user=director, draw=False, name="Spring party")
    Guest.objects.bulk_create(Guest(party=party, name=f"Reserve {n}", reserve=True) for n in range(1, count + 1))
    Guest.objects.bulk_create(Guest(party=party, name=f"Late {n}") for n in range(1, extra_playing + 1))
    return party


def guests_page(client, party) -> str:
    return client.get(reverse("party_guests", args=[party.id])).content.decode()


@pytest.mark.parametrize("count", [3, 4, 5])
def test_three_to_five_reserves_are_offered_a_towie_table(client_in, director, count):
    party = party_with_reserves(director, count)
    html = guests_page(client_in, party)
    names = [f"Reserve {n}" for n in range(1, count + 1)]
    assert f"{', '.join(names[:-1])} and {names[-1]} can play Towie at a table of their own, each for himself." in html
    assert f'href="{reverse("towie_create")}?party={party.id}"' in html


def test_six_reserves_are_told_to_form_two_tables(client_in, director):
    party = party_with_reserves(director, 6)
    html = guests_page(client_in, party)
    assert (
        "6 reserves are too many for one Towie table (three to five play): form two tables, each of three to five."
        in html
    )


def test_two_reserves_are_one_short(client_in, director):
    party = party_with_reserves(director, 2)
    html = guests_page(client_in, party)
    assert (
        "Reserve 1 and Reserve 2 are set aside: Towie needs three to five players, so 1 more would make a table."
        in html
    )
    assert "Set up a Towie table" not in html


def test_guests_beyond_the_tables_are_told_to_set_them_aside(client_in, director):
    party = party_with_reserves(director, 0, extra_playing=3)
    html = guests_page(client_in, party)
    assert "3 guests more than the tables need: set them aside as reserves" in html


def test_no_offer_when_the_guests_fit(client_in, director):
    party = party_with_reserves(director, 0)
    assert "towie-offer" not in guests_page(client_in, party)


def test_the_offer_reads_no_more_queries_than_the_guests_page_did():
    # The offer works from the guests the page already read: the page's own budget stays as it was.
    party = make_party(tables=1, draw=False)
    guests = list(party.guests.all())
    with CaptureQueriesContext(connection) as queries:
        offer = party_offer(party, guests)
    assert len(queries) == 0 and offer.message == ""


def test_a_towie_table_set_up_from_the_party_seats_its_reserves(client_in, director):
    party = party_with_reserves(director, 4)
    url = reverse("towie_create") + f"?party={party.id}"
    form = client_in.get(url).context["form"]
    assert [form.initial.get(f"player_{n}") for n in range(1, 6)] == [
        "Reserve 1",
        "Reserve 2",
        "Reserve 3",
        "Reserve 4",
        None,
    ]
    assert form.initial["name"] == "Towie at Spring party" and form.initial["date"] == party.date
    data = {"party": party.id, "name": "Towie at Spring party", "date": "2026-11-28"}
    data |= {f"player_{n}": f"Reserve {n}" for n in range(1, 5)}
    response = client_in.post(reverse("towie_create"), data)
    table = TowieTable.objects.get()
    assert response["Location"] == reverse("towie_sheet", args=[table.pk])
    assert table.party == party
    players = TowiePlayer.objects.filter(table=table).select_related("guest").order_by("order")
    assert all(p.guest is not None for p in players)  # each player is a guest of the party
    assert [(p.name, p.guest.name, p.guest.reserve) for p in players if p.guest is not None] == [
        (f"Reserve {n}", f"Reserve {n}", True) for n in range(1, 5)
    ]
    # The party's list of Towie tables shows it; the sheet links back to the party.
    assert "Towie at Spring party" in client_in.get(reverse("towie_list"), {"party": party.id}).content.decode()
    assert (
        reverse("party_dashboard", args=[party.id])
        in client_in.get(reverse("towie_sheet", args=[table.pk])).content.decode()
    )


def test_seven_reserves_make_two_tables_of_four_and_three(client_in, director):
    party = party_with_reserves(director, 7)
    url = reverse("towie_create") + f"?party={party.id}"
    response = client_in.get(url)
    first = [response.context["form"].initial.get(f"player_{n}") for n in range(1, 6)]
    assert first == ["Reserve 1", "Reserve 2", "Reserve 3", "Reserve 4", None]
    assert "7 reserves are free: too many for one Towie table, so form two tables." in response.content.decode()
    data = {"party": party.id, "name": "First Towie", "date": "2026-11-28"} | {
        f"player_{n}": first[n - 1] or "" for n in range(1, 6)
    }
    client_in.post(reverse("towie_create"), data)
    response = client_in.get(url)
    second = [response.context["form"].initial.get(f"player_{n}") for n in range(1, 6)]
    assert second == ["Reserve 5", "Reserve 6", "Reserve 7", None, None]
    html = response.content.decode()
    assert "First Towie" in html and "Reserve 1, Reserve 2, Reserve 3, Reserve 4 already play" in html

"""The issue's whole story through the pages: a hostess opens entries for a four-table mixed party,
seventeen people enter from their phones (the seventeenth, a ninth lady, waits), one lady cancels by her own
link and the waiting lady moves up, the hostess makes the guest list from the entries in one step, and the
night is played."""

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Entry, Party, Seat

pytestmark = pytest.mark.django_db


def test_seventeen_enter_one_cancels_the_guest_list_is_made_and_the_night_is_played(client_in):
    client_in.post(
        reverse("party_create"),
        {"name": "Winter mixed", "date": "2036-12-12", "tables": 4, "mixed": "on", "rounds_planned": 2,
         "round_minutes": 30, "rules": "modern", "tally_mode": "net"},
    )  # fmt: skip
    party = Party.objects.get(name="Winter mixed")
    entries_url = reverse("party_entries", args=[party.id])
    # Closing years ahead: a closing time that the wall clock passes would close the entries under the test.
    client_in.post(entries_url, {"open": "on", "tables": "4", "closes_at": "2036-12-11T18:00"})
    token = party.entry_list.token
    assert party.entry_list.closes_at is not None  # the form gave one
    assert party.entry_list.closes_at.isoformat() == "2036-12-11T18:00:00+00:00"  # Europe/London in December

    people = [(f"Mrs {i:02d}", "lady") for i in range(1, 10)] + [(f"Mr {i:02d}", "gentleman") for i in range(1, 9)]
    links = {}
    for n, (name, kind) in enumerate(people, start=1):
        phone = Client(REMOTE_ADDR=f"198.51.100.{n}")  # seventeen phones, seventeen addresses
        answer = phone.post(
            reverse("entry_page", args=[token]), {"name": name, "kind": kind, "email": f"{n}@example.org"}
        )
        assert answer.status_code == 302, name
        links[name] = answer["Location"]
    assert "you are on the waiting list at place 1." in Client().get(links["Mrs 09"]).content.decode()
    page = client_in.get(entries_url).content.decode()
    assert "16 of 16 players" in page and "8 ladies, 8 gentlemen" in page and "1 waiting" in page

    Client().post(links["Mrs 04"])  # she cannot come: her own link cancels
    assert "Mrs 09, your entry is confirmed: you have a place." in Client().get(links["Mrs 09"]).content.decode()
    assert Entry.objects.filter(state="confirmed").count() == 16

    made = client_in.post(reverse("entries_to_guests", args=[party.id]), follow=True).content.decode()
    assert "16 guests added from the entries." in made
    assert "16 of 16 guests" in made and "8 ladies, 8 gentlemen" in made and "The numbers fit" in made
    assert party.guests.filter(member__isnull=True).count() == 16 and not party.guests.filter(name="Mrs 04")

    client_in.post(reverse("party_seats", args=[party.id]), {"pins": ""})
    for number in (1, 2):
        seats = {(s.table, s.seat): s.guest.kind for s in Seat.objects.filter(round__party=party, round__number=number)}
        assert len(seats) == 16 and all(seats[(t, s)] == "lady" for t in range(1, 5) for s in "NE")
        for table in range(1, 5):
            url = reverse("table_enter", args=[party.id, number, table])
            client_in.post(url, {"mode": "net", "ns": 100 * table, "ew": -100 * table, "version": 0})
        assert client_in.post(reverse("round_close", args=[party.id, number])).status_code == 302
    standings = client_in.get(reverse("party_standings", args=[party.id])).content.decode()
    assert "Mrs 09" in standings and "Mrs 04" not in standings
    assert party.rounds.filter(status="closed").count() == 2

"""The entries' pages: the public form and an entrant's own page (no login, noindex, a wrong link counted),
the abuse guards (a flood from one address, the honeypot), and the hostess's live list and buttons."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import make_party
from tournaments.http import entry_limit
from tournaments.models import Entry, Guest
from tournaments.services import entries as services

pytestmark = pytest.mark.django_db


@pytest.fixture
def opened(director):
    party = make_party(tables=1, mixed=True, user=director, draw=False, name="Winter party")
    party.guests.all().delete()
    return services.entry_list_save(event=party, open=True)


def send(client, entry_list, **data):
    data = {"name": "Ann Smith", "kind": "lady", "email": "ann@example.org"} | data
    return client.post(reverse("entry_page", args=[entry_list.token]), data)


def test_an_entrant_enters_sees_her_place_and_cancels_with_her_own_link(opened):
    client = Client()
    page = client.get(reverse("entry_page", args=[opened.token]))
    assert page.status_code == 200 and page["X-Robots-Tag"] == "noindex, nofollow"
    assert page["Referrer-Policy"] == "same-origin" and "Winter party" in page.content.decode()
    assert page["Cache-Control"] == "no-store"
    sent = send(client, opened)
    entry = Entry.objects.get()
    assert sent.status_code == 302 and sent["Location"] == reverse("entry_status", args=[entry.cancel_token])
    shown = client.get(sent["Location"]).content.decode()
    assert "Ann Smith, your entry is confirmed: you have a place." in shown
    # The head holds the referrer policy alone (the page's link once leaked into it and showed above the header).
    assert '<meta name="referrer" content="same-origin">' in shown
    assert shown.count("Enter someone else") == 1 and shown.index("Enter someone else") > shown.index("<body")
    for i in (2, 3):
        services.entry_add(entry_list=opened, name=f"Lady {i}", kind="lady", email=f"l{i}@example.org")
    waiting = services.entry_add(entry_list=opened, name="Lady 4", kind="lady", email="l4@example.org")
    assert (
        "you are on the waiting list at place 2."
        in client.get(reverse("entry_status", args=[waiting.cancel_token])).content.decode()
    )
    cancelled = client.post(reverse("entry_status", args=[entry.cancel_token]), follow=True).content.decode()
    assert "Ann Smith, your entry is cancelled." in cancelled and "Cancel my entry" not in cancelled
    assert Entry.objects.get(name="Lady 3").state == "confirmed"  # first of the waiting list moved up


def test_a_bad_entry_is_shown_its_message_and_nothing_is_written(opened):
    answer = send(Client(), opened, name="", email="not an address")
    page = answer.content.decode()
    assert answer.status_code == 400 and "Give a whole e-mail address, like ann@example.org." in page
    answer = send(Client(), opened, kind="")
    assert "Say whether you play as a lady or a gentleman: the party is mixed." in answer.content.decode()
    assert not Entry.objects.exists()


def test_the_honeypot_and_a_flood_from_one_address_are_refused_plainly(opened, monkeypatch):
    answer = send(Client(), opened, website="http://spam.example")
    assert answer.status_code == 400 and "Your entry could not be taken." in answer.content.decode()
    assert not Entry.objects.exists()
    monkeypatch.setattr(entry_limit, "LIMIT", 2)  # the honeypot's post counted as the first
    send(Client(), opened)
    answer = send(Client(), opened, name="Bea Jones", email="bea@example.org")
    assert answer.status_code == 429 and "Too many entries from this address" in answer.content.decode()
    assert list(Entry.objects.values_list("name", flat=True)) == ["Ann Smith"]
    other = Client(REMOTE_ADDR="192.0.2.7")  # another address has its own count
    assert send(other, opened, name="Bea Jones", email="bea@example.org").status_code == 302


def test_a_closed_list_shows_no_form_and_takes_no_entry(opened):
    services.entry_list_save(event=opened.party, open=False)
    page = Client().get(reverse("entry_page", args=[opened.token])).content.decode()
    assert "Entries are closed." in page and "Send my entry" not in page
    assert "Entries are closed." in send(Client(), opened).content.decode() and not Entry.objects.exists()


def test_wrong_links_are_404_then_slowed(opened):
    client = Client()
    for name in ("entry_page", "entry_status"):
        assert client.get(reverse(name, args=["not-a-real-token-at-all"])).status_code == 404
    # The entry list's link is no entrant's link, and the other way round.
    assert client.get(reverse("entry_status", args=[opened.token])).status_code == 404
    for _ in range(12):
        last = client.get(reverse("entry_page", args=["guessing-again"]))
    assert last.status_code == 429


def test_the_hostess_opens_entries_sees_them_live_and_makes_the_guest_list(client_in, director):
    party = make_party(tables=1, mixed=True, user=director, draw=False)
    party.guests.all().delete()
    url = reverse("party_entries", args=[party.id])
    page = client_in.get(url).content.decode()
    assert "Open entries" in page
    client_in.post(url, {"open": "on", "tables": "1"})
    entry_list = party.entry_list
    assert entry_list.open and entry_list.tables == 1
    for i, kind in ((1, "lady"), (2, "lady"), (3, "lady"), (4, "gentleman")):
        services.entry_add(entry_list=entry_list, name=f"P{i}", kind=kind, email=f"p{i}@example.org")
    live = client_in.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in live and "1 more gentleman needed" in live and "waiting, place 1" in live
    assert reverse("entry_page", args=[entry_list.token]) in client_in.get(url).content.decode()
    waiting = Entry.objects.get(name="P3")
    client_in.post(reverse("entry_move_up", args=[party.id, waiting.pk]))
    assert Entry.objects.get(name="P3").state == "confirmed"
    client_in.post(reverse("entry_remove", args=[party.id, waiting.pk]))
    assert Entry.objects.get(name="P3").state == "cancelled"
    made = client_in.post(reverse("entries_to_guests", args=[party.id]), follow=True)
    assert "3 guests added from the entries." in made.content.decode()
    assert sorted(Guest.objects.filter(party=party).values_list("name", "kind")) == [
        ("P1", "lady"), ("P2", "lady"), ("P4", "gentleman")
    ]  # fmt: skip
    again = client_in.post(reverse("entries_to_guests", args=[party.id]), follow=True).content.decode()
    assert "Every confirmed entry is on the guest list already." in again and party.guests.count() == 3


@pytest.mark.parametrize("kind", ["party", "knockout"])
def test_the_hostess_page_reads_as_many_queries_for_eight_entries_as_for_thirty_six(client_in, director, kind):
    from tests.knockout.helpers import make_knockout

    def queries(entrants: int) -> int:
        if kind == "party":
            event = make_party(tables=10, user=director, draw=False, name=f"Party {entrants}")
            url = reverse("party_entries", args=[event.id])
        else:
            event = make_knockout(pairs=0, user=director, name=f"Cup {entrants}", draw=False)
            url = reverse("knockout_entries", args=[event.id])
        entry_list = services.entry_list_save(event=event, open=True, tables=10)
        for i in range(entrants):
            services.entry_add(entry_list=entry_list, name=f"P{i}", email=f"p{i}@example.org", partner=f"Q{i}")
        for entry in Entry.objects.filter(entry_list=entry_list)[:3]:
            services.entry_cancel(entry=entry)
        with CaptureQueriesContext(connection) as captured:
            assert client_in.get(url).status_code == 200
        return len(captured)

    # session, user, clubs (the header), the event, its entry list, the entries with their members; a
    # knockout's rounds for its navigation
    assert queries(8) == queries(36) == {"party": 6, "knockout": 7}[kind]


def test_the_entry_form_sent_twice_makes_one_entry_and_says_so(opened):
    client = Client()
    data = {"name": "Ann Smith", "kind": "lady", "email": "ann@example.org", "once": "a-form-token-of-this-page"}
    first = client.post(reverse("entry_page", args=[opened.token]), data)
    again = client.post(reverse("entry_page", args=[opened.token]), data, follow=True)
    assert again.redirect_chain[-1][0] == first["Location"] and Entry.objects.count() == 1
    assert "That form was already sent: here is what it made." in again.content.decode()
    assert "Enter someone else" in again.content.decode()


def test_another_clubs_director_sees_and_changes_none_of_the_entries(opened, django_user_model):
    from tournaments.models import Club, Membership

    bob = django_user_model.objects.create_user("bob")
    Membership.objects.create(club=Club.objects.create(name="Bramley"), user=bob, role="owner")
    services.entry_add(entry_list=opened, name="Ann Smith", kind="lady", email="ann@example.org")
    waiting = [
        services.entry_add(entry_list=opened, name=f"Lady {i}", kind="lady", email=f"l{i}@example.org") for i in (2, 3)
    ][-1]
    client = Client()
    client.force_login(bob)
    party = opened.party
    before = list(Entry.objects.order_by("pk").values_list("name", "state", "guest"))
    assert client.get(reverse("party_entries", args=[party.id])).status_code == 404
    for name, args in (
        ("party_entries", [party.id]),
        ("entry_move_up", [party.id, waiting.pk]),
        ("entry_remove", [party.id, waiting.pk]),
        ("entries_to_guests", [party.id]),
    ):
        assert client.post(reverse(name, args=args), {"open": "on", "tables": "9"}).status_code == 404, name
    assert list(Entry.objects.order_by("pk").values_list("name", "state", "guest")) == before
    opened.refresh_from_db()
    assert (opened.tables, party.guests.count()) == (1, 0)

"""Clubs and directors: the first run's setup, director_add and demo, one-time links, removal, lock-out.

Every refusal asserts its plain sentence and that nothing changed.
"""

import datetime
import logging
import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import make_party
from tournaments.http import middleware as first_run_middleware
from tournaments.models import Club, DirectorInvite, Membership, Party

pytestmark = pytest.mark.django_db
User = get_user_model()
STRONG = "a long enough secret 1938"


def page_text(response) -> str:
    """What a person reads: tags out, entities decoded, spaces collapsed (a link's address kept)."""
    html = re.sub(r'<a [^>]*href="([^"]*)"[^>]*>', r" \1 ", response.content.decode())
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def setup_data(**extra) -> dict:
    return {"club_name": "Bridge at the Vicarage", "username": "hostess", "password1": STRONG, "password2": STRONG}


@pytest.fixture
def fresh(client):
    """An empty database as after `make run` on a new laptop: no club, no account; the client is the laptop's
    browser on http://localhost:8000/ (set-up answers only a loopback Host)."""
    first_run_middleware.forget_set_up()
    client.defaults["HTTP_HOST"] = "localhost:8000"
    return None


# ---- the first run ------------------------------------------------------------------------------


def test_a_fresh_database_sends_every_page_to_setup(client, fresh):
    for url in ["/", reverse("login"), reverse("knockout_list"), "/t/some-token/"]:
        response = client.get(url)
        assert response.status_code == 302 and response["Location"] == reverse("club_setup"), url


def test_the_laptop_sets_up_the_club_and_is_logged_in_with_the_demo_there(client, fresh):
    response = client.post(reverse("club_setup"), setup_data(), REMOTE_ADDR="127.0.0.1")
    assert response.status_code == 302 and response["Location"] == reverse("home")
    user = User.objects.get(username="hostess")
    assert not user.is_staff and not user.is_superuser and user.check_password(STRONG)
    club = Club.objects.get()
    assert club.name == "Bridge at the Vicarage"
    assert Membership.objects.get(user=user).role == "owner"
    home = page_text(client.get("/"))
    assert "Demo party (demo)" in home and "Delete the demo events" in home
    assert Party.objects.get().club == club


def test_setup_over_ipv6_loopback_works_too(client, fresh):
    response = client.post(reverse("club_setup"), setup_data(), REMOTE_ADDR="::1")
    assert response.status_code == 302 and Club.objects.count() == 1


@pytest.mark.parametrize(
    "meta",
    [
        {"REMOTE_ADDR": "192.168.1.23"},
        {"REMOTE_ADDR": "10.0.0.5"},
        # Behind a proxy every request comes from 127.0.0.1: a relayed request is not the laptop.
        {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "192.168.1.23"},
    ],
)
def test_setup_from_another_address_is_refused_and_creates_nothing(client, fresh, meta):
    for method in (client.get, client.post):
        response = method(reverse("club_setup"), setup_data(), **meta)
        assert response.status_code == 403
        assert "set up from the computer it runs on, not from a phone" in page_text(response)
    assert not Club.objects.exists() and not User.objects.exists()


def test_a_weak_password_or_two_different_ones_set_up_nothing(client, fresh):
    weak = client.post(reverse("club_setup"), setup_data() | {"password1": "bridge", "password2": "bridge"})
    assert "This password is too short" in page_text(weak)
    differ = client.post(reverse("club_setup"), setup_data() | {"password2": "something else entirely"})
    assert "The two passwords differ: type the same one twice." in page_text(differ)
    assert not Club.objects.exists() and not User.objects.exists()


def test_once_set_up_the_setup_page_only_says_so(client, director):
    response = client.post(reverse("club_setup"), setup_data(), follow=True)
    assert "Club Director is already set up: log in." in page_text(response)
    assert Club.objects.count() == 1 and not User.objects.filter(username="hostess").exists()


def test_the_demo_events_are_deleted_with_one_button(client, fresh):
    client.post(reverse("club_setup"), setup_data())
    response = client.post(reverse("demo_delete"), {"confirm": "yes"}, follow=True)
    assert "The demo events are deleted." in page_text(response)
    assert not Party.objects.exists()
    assert "Delete the demo events" not in page_text(client.get("/"))


def test_deleting_the_demo_keeps_the_clubs_own_parties(client_in, director):
    call_command("demo", "--club", "Alice's club", stdout=open("/dev/null", "w"))  # noqa: SIM115
    own = make_party(user=director, name="Our own night")
    client_in.post(reverse("demo_delete"), {"confirm": "yes"})
    assert list(Party.objects.all()) == [own]


# ---- the commands -------------------------------------------------------------------------------


def run(*args, **env) -> str:
    from io import StringIO

    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_director_add_makes_the_club_and_the_account(monkeypatch):
    monkeypatch.setenv("DIRECTOR_PASSWORD", STRONG)
    out = run("director_add", "maud", "--club", "Tuesday Bridge", "--owner")
    assert out.strip() == (
        "Made the club “Tuesday Bridge”. Made the account “maud”. Added “maud” to “Tuesday Bridge” as owner."
    )
    maud = User.objects.get(username="maud")
    assert maud.check_password(STRONG) and not maud.is_staff
    assert Membership.objects.get(user=maud).role == "owner"


def test_director_add_puts_an_existing_account_in_a_second_club(monkeypatch, director):
    monkeypatch.delenv("DIRECTOR_PASSWORD", raising=False)  # never asked: the account exists
    out = run("director_add", "alice", "--club", "Thursday Bridge")
    assert "Made the club “Thursday Bridge”. Found the account “alice”." in out
    assert "Added “alice” to “Thursday Bridge” as director." in out
    assert director.check_password("correct horse battery")
    assert sorted(Membership.objects.filter(user=director).values_list("club__name", flat=True)) == [
        "Alice's club",
        "Thursday Bridge",
    ]
    again = run("director_add", "alice", "--club", "Thursday Bridge")
    assert "“alice” was already in “Thursday Bridge”: director." in again
    assert Membership.objects.filter(user=director).count() == 2


def test_director_add_refuses_a_weak_password_and_makes_nothing(monkeypatch):
    monkeypatch.setenv("DIRECTOR_PASSWORD", "12345")
    with pytest.raises(CommandError, match="This password is too short"):
        run("director_add", "maud", "--club", "Tuesday Bridge")
    assert not User.objects.exists() and not Club.objects.exists()


def test_director_add_asks_twice_without_the_variable(monkeypatch):
    monkeypatch.delenv("DIRECTOR_PASSWORD", raising=False)
    answers = iter([STRONG, "not the same"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    with pytest.raises(CommandError, match="The two passwords differ: nothing was changed."):
        run("director_add", "maud", "--club", "Tuesday Bridge")
    assert not User.objects.exists()
    answers = iter([STRONG, STRONG])
    run("director_add", "maud", "--club", "Tuesday Bridge")
    assert User.objects.get(username="maud").check_password(STRONG)


def test_demo_needs_a_club_name_when_there_are_several(director):
    Club.objects.create(name="Another club")
    with pytest.raises(CommandError, match='Name the club: demo --club "CLUB NAME".'):
        run("demo")
    assert not Party.objects.exists()


# ---- directors added and removed by the owner ---------------------------------------------------


def test_the_owner_adds_a_director_with_a_password(client_in, director):
    data = {"new-username": "carol", "new-password1": STRONG, "new-password2": STRONG, "new-role": "director"}
    response = client_in.post(reverse("director_create"), data, follow=True)
    assert "carol can now log in and run Alice's club's events." in page_text(response)
    response = Client().post(reverse("login"), {"username": "carol", "password": STRONG})
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert Membership.objects.get(user__username="carol").club.name == "Alice's club"


def test_a_taken_user_name_or_a_weak_password_adds_nobody(client_in, director):
    User.objects.create_user("bob", password=STRONG)
    data = {"new-username": "bob", "new-password1": STRONG, "new-password2": STRONG, "new-role": "director"}
    response = client_in.post(reverse("director_create"), data, follow=True)
    assert "The user name “bob” is taken: choose another." in page_text(response)
    data |= {"new-username": "carol", "new-password1": "abc", "new-password2": "abc"}
    response = client_in.post(reverse("director_create"), data, follow=True)
    assert "This password is too short" in page_text(response)
    assert Membership.objects.count() == 1 and not User.objects.filter(username="carol").exists()


def test_a_removed_director_reaches_nothing_of_the_club(client_in, director):
    carol = User.objects.create_user("carol", password=STRONG)
    Membership.objects.create(club=director.memberships.get().club, user=carol)
    party = make_party(user=director)
    client = Client()
    client.force_login(carol)
    assert client.get(reverse("party_dashboard", args=[party.id])).status_code == 200
    response = client_in.post(reverse("director_remove", args=[carol.id]), follow=True)
    assert "The director is removed from the club." in page_text(response)
    assert client.get(reverse("party_dashboard", args=[party.id])).status_code == 404
    assert "You are not a director of any club (any more)." in page_text(client.get("/"))


def test_the_last_owner_cannot_be_removed(client_in, director):
    response = client_in.post(reverse("director_remove", args=[director.id]), follow=True)
    assert "A club needs an owner: make someone else an owner before removing the last one." in page_text(response)
    assert Membership.objects.filter(user=director).exists()


# ---- one-time links -----------------------------------------------------------------------------


def invite_link(client_in) -> str:
    client_in.post(reverse("invite_create"), {"invite-role": "director"})
    return reverse("invite_accept", args=[DirectorInvite.objects.get().token])


def join(client, url, username="dora"):
    return client.post(url, {"username": username, "password1": STRONG, "password2": STRONG}, follow=True)


def test_a_one_time_link_makes_one_director(client_in, director):
    url = invite_link(client_in)
    client = Client()
    assert url in page_text(client_in.get(reverse("club_page")))
    response = join(client, url)
    assert "Welcome: you are a director of Alice's club." in page_text(response)
    assert Membership.objects.get(user__username="dora").role == "director"
    client.logout()
    again = join(client, url, username="eve")
    assert again.status_code == 410
    assert "This link has been used or has expired: ask the club's owner for a new one." in page_text(again)
    assert not User.objects.filter(username="eve").exists()


def test_an_expired_link_adds_nobody(client_in, director):
    url = invite_link(client_in)
    client = Client()
    DirectorInvite.objects.update(expires_at=timezone.now() - datetime.timedelta(minutes=1))
    response = join(client, url)
    assert response.status_code == 410 and "has expired" in page_text(response)
    assert not User.objects.filter(username="dora").exists()


def test_a_revoked_link_adds_nobody(client_in, director):
    url = invite_link(client_in)
    client = Client()
    client_in.post(reverse("invite_revoke", args=[DirectorInvite.objects.get().id]))
    assert join(client, url).status_code == 410 and not DirectorInvite.objects.exists()


def test_a_director_who_is_not_owner_cannot_add_or_invite(client, director):
    carol = User.objects.create_user("carol", password=STRONG)
    Membership.objects.create(club=director.memberships.get().club, user=carol, role="director")
    client.force_login(carol)
    data = {"new-username": "dora", "new-password1": STRONG, "new-password2": STRONG, "new-role": "owner"}
    for url, posted in [(reverse("director_create"), data), (reverse("invite_create"), {})]:
        response = client.post(url, posted, follow=True)
        assert "Only an owner of the club can do that." in page_text(response)
    assert not DirectorInvite.objects.exists() and not User.objects.filter(username="dora").exists()


def test_a_director_of_two_clubs_switches_between_them(client_in, director):
    second = Club.objects.create(name="Thursday Bridge")
    Membership.objects.create(club=second, user=director)
    party = make_party(user=director, club=second, name="Thursday night")
    assert "Thursday night" not in page_text(client_in.get("/"))
    client_in.post(reverse("club_switch"), {"club": second.id})
    assert "Thursday night" in page_text(client_in.get("/"))
    assert client_in.get(reverse("party_dashboard", args=[party.id])).status_code == 200
    foreign = Club.objects.create(name="Not mine")
    assert client_in.post(reverse("club_switch"), {"club": foreign.id}).status_code == 404


# ---- password guessing --------------------------------------------------------------------------


def test_five_wrong_passwords_lock_the_name_out_for_that_address(client, director, caplog):
    url = reverse("login")
    with caplog.at_level(logging.WARNING, logger="axes"):
        for _ in range(5):
            wrong = client.post(url, {"username": "alice", "password": "guess"}, REMOTE_ADDR="192.168.1.50")
        assert wrong.status_code in (200, 429)
        right = client.post(url, {"username": "alice", "password": "correct horse battery"}, REMOTE_ADDR="192.168.1.50")
    assert right.status_code == 429
    assert "After five wrong passwords for one user name, logging in with it from here is refused for 15 minutes." in (
        page_text(right)
    )
    assert "_auth_user_id" not in client.session
    assert any(
        'Locking out {username: "alice", ip_address: "192.168.1.50"' in record.getMessage() for record in caplog.records
    )
    # Another address is not locked out: the lock is for this name from this address.
    other = client.post(url, {"username": "alice", "password": "correct horse battery"}, REMOTE_ADDR="192.168.1.51")
    assert other.status_code == 302


def test_the_lock_out_lasts_fifteen_minutes_across_restarts(client, director):
    from axes.models import AccessAttempt

    for _ in range(5):
        client.post(reverse("login"), {"username": "alice", "password": "guess"}, REMOTE_ADDR="192.168.1.50")
    # Kept in the database: every worker, and a restarted server, sees it.
    assert AccessAttempt.objects.get(username="alice").failures_since_start == 5
    AccessAttempt.objects.update(attempt_time=timezone.now() - datetime.timedelta(minutes=16))
    again = client.post(
        reverse("login"), {"username": "alice", "password": "correct horse battery"}, REMOTE_ADDR="192.168.1.50"
    )
    assert again.status_code == 302


def test_a_live_pages_poll_after_the_login_went_draws_the_whole_page_again(client, party_factory):
    party = party_factory()
    response = client.get(reverse("round_detail", args=[party.id, 1]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response["HX-Refresh"] == "true"
    plain = client.get(reverse("round_detail", args=[party.id, 1]))
    assert plain.status_code == 302 and plain["Location"].startswith(reverse("login"))


def test_a_removed_owner_cannot_come_back_through_a_link_they_made(client_in, director):
    carol = User.objects.create_user("carol", password=STRONG)
    club = director.memberships.get().club
    Membership.objects.create(club=club, user=carol, role="owner")
    link = DirectorInvite.objects.create(
        club=club, role="owner", created_by=carol, expires_at=timezone.now() + datetime.timedelta(days=7)
    )
    client_in.post(reverse("director_remove", args=[carol.id]))
    response = Client().post(
        reverse("invite_accept", args=[link.token]), {"username": "carol2", "password1": STRONG, "password2": STRONG}
    )
    assert response.status_code == 410 and not User.objects.filter(username="carol2").exists()

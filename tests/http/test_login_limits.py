"""Password guessing beyond one (name, address): 20 failures from one address lock the address, 20 at
one name lock the name, 5 at one name from one address lock that pair; the wide locks spare a name at
an address it has logged in from; `unlock_login` lets the right password in again. Every login here
is a real POST to the login page."""

import datetime
import io
import logging
import re
from html import unescape
from typing import NamedTuple

import pytest
from axes.models import AccessAttempt, AccessLog
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

pytestmark = pytest.mark.django_db
RIGHT = "correct horse battery"
ADDRESS_LOCK = (
    "After 20 wrong passwords from this address, whatever the user names, logging in from here is refused for "
    "15 minutes, except with a user name that has logged in from here before."
)
NAME_LOCK = (
    "After 20 wrong passwords for this user name, from whatever addresses, logging in with it is refused for "
    "15 minutes, except from an address it has logged in from before."
)
PAIR_LOCK = "After five wrong passwords for one user name, logging in with it from here is refused for 15 minutes."
UNLOCK = "Whoever runs the server can lift the lock at once: python manage.py unlock_login USERNAME ."


@pytest.fixture(autouse=True)
def quick_hashes(settings):
    """Sixty wrong passwords hashed with the real hasher would take most of a minute."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def text(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


class Attempt(NamedTuple):
    """A login's answer (what the tests read of it) and whether it logged the user in."""

    status_code: int
    content: bytes
    logged_in: bool


def login(username: str, password: str, address: str) -> Attempt:
    client = Client()
    response = client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)
    return Attempt(response.status_code, response.content, "_auth_user_id" in client.session)


def unlock(*args) -> str:
    out = io.StringIO()
    call_command("unlock_login", *args, stdout=out)
    return out.getvalue()


def failures() -> int:
    return sum(AccessAttempt.objects.values_list("failures_since_start", flat=True))


# ---- per address, across names ------------------------------------------------------------------


def test_one_password_sprayed_over_twenty_names_from_one_address_locks_that_address(director, caplog):
    with caplog.at_level(logging.WARNING, logger="tournaments.login"):
        answers = [login(f"guest{n:02d}", "Summer2026!", "10.0.0.9").status_code for n in range(1, 21)]
    # Each name was tried once (no name-and-address lock): the address's twentieth failure locks it.
    assert answers == [200] * 19 + [429]
    refused = login("alice", RIGHT, "10.0.0.9")
    assert refused.status_code == 429 and not refused.logged_in
    assert ADDRESS_LOCK in text(refused) and UNLOCK in text(refused)
    assert (
        "login locked for address 10.0.0.9: 20 failed logins from it within 15 minutes, any user names "
        "(the limit 20; this one 'guest20')" in caplog.messages
    )
    # The lock is the address's: alice elsewhere logs in.
    assert login("alice", RIGHT, "10.0.0.10").logged_in


def test_the_owners_command_opens_a_locked_address_again(director):
    for n in range(1, 21):
        login(f"guest{n:02d}", "Summer2026!", "10.0.0.9")
    assert login("alice", RIGHT, "10.0.0.9").status_code == 429
    assert unlock("--address", "10.0.0.9") == "Logging in from 10.0.0.9 is open again: 21 failed logins cleared.\n"
    assert not AccessAttempt.objects.filter(ip_address="10.0.0.9").exists()
    assert login("alice", RIGHT, "10.0.0.9").logged_in


# ---- per name, across addresses -----------------------------------------------------------------


def test_forty_guesses_at_one_name_from_ten_addresses_lock_the_name_until_the_owner_unlocks_it(director, caplog):
    with caplog.at_level(logging.WARNING, logger="tournaments.login"):
        answers = [
            login("alice", f"guess {n}", f"10.0.1.{address}").status_code for address in range(1, 11) for n in range(4)
        ]
    # Four from each address (under the five of a name and address): the name's twentieth locks it.
    assert answers == [200] * 19 + [429] * 21
    assert (
        "login locked for user name 'alice': 20 failed logins for it within 15 minutes, any addresses "
        "(the limit 20; this one 10.0.1.5)" in caplog.messages
    )
    assert (
        "login locked for user name 'alice': 40 failed logins for it within 15 minutes, any addresses "
        "(the limit 20; this one 10.0.1.10)" in caplog.messages
    )
    refused = login("alice", RIGHT, "10.0.2.1")
    assert refused.status_code == 429 and not refused.logged_in
    assert NAME_LOCK in text(refused)
    assert failures() == 41
    # Other names are not locked.
    get_user_model().objects.create_user("bob", password=RIGHT)
    assert login("bob", RIGHT, "10.0.1.1").logged_in
    said = unlock("alice")
    assert said == "“alice” can log in again from any address: 41 failed logins cleared.\n"
    assert not AccessAttempt.objects.filter(username="alice").exists()
    assert login("alice", RIGHT, "10.0.2.1").logged_in


# ---- the director behind a shared address ---------------------------------------------------------


def test_a_guesser_sharing_the_directors_address_does_not_lock_her_out(director):
    assert login("alice", RIGHT, "192.168.1.1").logged_in  # her club's NAT address, known from now on
    # Someone behind the same address sprays twenty names: the address is locked for them...
    for n in range(1, 21):
        login(f"guest{n:02d}", "Summer2026!", "192.168.1.1")
    assert login("guest21", "Summer2026!", "192.168.1.1").status_code == 429
    # ...not for alice, who has logged in from there.
    assert login("alice", RIGHT, "192.168.1.1").logged_in
    # Twenty guesses at her name from elsewhere lock her name, except from her own address.
    for address in range(1, 21):
        login("alice", "guess", f"10.0.3.{address}")
    assert login("alice", RIGHT, "10.0.4.1").status_code == 429
    assert login("alice", RIGHT, "192.168.1.1").logged_in


def test_an_address_known_more_than_thirty_days_ago_is_no_longer_spared(director):
    assert login("alice", RIGHT, "192.168.1.1").logged_in
    AccessLog.objects.update(attempt_time=timezone.now() - datetime.timedelta(days=31))
    for n in range(1, 21):
        login(f"guest{n:02d}", "Summer2026!", "192.168.1.1")
    refused = login("alice", RIGHT, "192.168.1.1")
    assert refused.status_code == 429 and ADDRESS_LOCK in text(refused)


def test_guesses_at_her_name_from_her_own_address_lock_her_out_until_the_owner_unlocks(director):
    """The one lock a director can meet needs her name and her address both: five wrong there."""
    assert login("alice", RIGHT, "192.168.1.1").logged_in
    answers = [login("alice", "guess", "192.168.1.1").status_code for _ in range(5)]
    assert answers == [200] * 4 + [429]
    refused = login("alice", RIGHT, "192.168.1.1")
    assert refused.status_code == 429 and not refused.logged_in
    assert PAIR_LOCK in text(refused) and UNLOCK in text(refused)
    assert unlock("alice") == "“alice” can log in again from any address: 6 failed logins cleared.\n"
    assert login("alice", RIGHT, "192.168.1.1").logged_in


# ---- the command's other answers ----------------------------------------------------------------


def test_unlock_login_lists_what_is_counted_and_changes_nothing_without_a_name(director):
    assert unlock() == "No failed logins are counted now: nobody is locked out.\n"
    for _ in range(2):
        login("alice", "guess", "10.0.0.7")
    login("bob", "guess", "10.0.0.8")
    assert unlock() == (
        "“alice” from 10.0.0.7: 2 failed logins.\n"
        "“bob” from 10.0.0.8: 1 failed login.\n"
        "Lift a lock with: unlock_login USERNAME, or unlock_login --address ADDRESS.\n"
    )
    assert failures() == 3


def test_unlock_login_lists_which_limits_are_reached(director):
    for _ in range(5):
        login("alice", "guess", "10.0.0.7")
    for n in range(1, 16):
        login(f"guest{n:02d}", "Summer2026!", "10.0.0.7")
    for address in range(1, 21):
        login("bob", "guess", f"10.0.5.{address}")
    listed = unlock().splitlines()
    assert listed[:2] == ["“alice” from 10.0.0.7: 5 failed logins: locked.", "“bob” from 10.0.5.1: 1 failed login."]
    assert listed[-3:] == [
        "From 10.0.0.7, any user names: 20 failed logins: locked, but for names that logged in from it.",
        "“bob”, from any addresses: 20 failed logins: locked, but from addresses it logged in from.",
        "Lift a lock with: unlock_login USERNAME, or unlock_login --address ADDRESS.",
    ]
    assert len(listed) == 1 + 20 + 15 + 3 and failures() == 40


def test_unlock_login_says_so_when_there_was_nothing_to_lift(director):
    login("alicee", "guess", "10.0.0.7")
    assert unlock("alicee", "alice", "--address", "10.0.0.99") == (
        "No account is named “alicee”; 1 failed login for that name cleared.\n"
        "“alice” was not locked out: no failed logins were counted for it.\n"
        "10.0.0.99 was not locked out: no failed logins were counted from it.\n"
    )
    assert failures() == 0

"""A full disk answers as a busy database does: 503, Retry-After, what was typed kept (never a
password), "disk full on POST …" in the log, and nothing half-written.

On SQLite the disk is filled for real: PRAGMA max_page_count stops the database file growing, so
the write that needs one more page gets SQLite's own "database or disk is full", wherever it falls
(the test goes on saving until the file has no room left, then looks at that very save).
"""

import contextlib
import errno
import logging
import re
from html import unescape

import psycopg.errors
import pytest
from axes.models import AccessAttempt, AccessFailureLog
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.db import OperationalError, connection
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from tests.conftest import make_party
from tournaments.http.middleware import _disk_full
from tournaments.models import Club, DealEntry, Membership, PhoneSend, ResultChange, TableResult, TableToken

FULL = "The server's disk is full: nothing was saved. Press Save again once the disk has room."
sqlite_only = pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's max_page_count")


def text(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


@contextlib.contextmanager
def disk_full():
    """The database file may not grow by one page from now on (this connection: the test client's)."""
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA page_count")
        (pages,) = cursor.fetchone()
        cursor.execute(f"PRAGMA max_page_count = {pages}")
    try:
        yield
    finally:
        connection.close()  # a new connection has SQLite's default limit again


def saved() -> tuple:
    """Everything a phone's save writes, counted, and each result's version and status."""
    results = tuple(TableResult.objects.order_by("pk").values_list("pk", "version", "status"))
    return DealEntry.objects.count(), ResultChange.objects.count(), PhoneSend.objects.count(), results


def deal(number: int, client_id: str) -> dict:
    return {
        "action": "deal", "round": 1, "number": number, "side": "NS", "client_id": client_id,
        "deal-level": "4", "deal-strain": "S", "deal-declarer": "N", "deal-tricks": "10", "save": "1",
    }  # fmt: skip


# ---- a phone's save ------------------------------------------------------------------------------


@sqlite_only
def test_a_phones_save_on_a_full_disk_answers_503_keeps_the_entry_and_goes_in_once_there_is_room(
    transactional_db, director, caplog
):
    party = make_party(tables=20, user=director)
    tokens = list(TableToken.objects.filter(party=party, revoked_at=None).order_by("table"))
    phone = Client()
    sends = [(token, number) for number in (1, 2, 3, 4) for token in tokens]
    with disk_full(), caplog.at_level(logging.ERROR, logger="tournaments.busy"):
        count = 0
        for token, number in sends:
            count += 1
            before = saved()
            post = deal(number, f"send-{token.table}-{number}")
            answer = phone.post(reverse("table_page", args=[token.token]), post, HTTP_ACCEPT="application/json")
            if answer.status_code != 200:
                break
        else:
            pytest.fail("80 saves all found room: the database file grew")
        after = saved()
    # Some saves went in before the file was full: the test did fill it.
    assert count > 1
    assert answer.status_code == 503 and answer["Retry-After"] == "60"
    assert FULL in text(answer)
    page = answer.content.decode()
    for name, value in post.items():
        assert f'name="{name}" value="{value}"' in page
    # Nothing of that save is in the database: no deal, no history, no send id, no new version.
    assert after == before
    url = reverse("table_page", args=[token.token])
    assert [r.getMessage() for r in caplog.records if r.name == "tournaments.busy"] == [
        f"disk full on POST {url}: database or disk is full"
    ]
    # The phone sends the same entry again once there is room (phone.js keeps it on any 5xx): in, once.
    again = phone.post(url, post, HTTP_ACCEPT="application/json")
    assert again.status_code == 200 and again.json()["ok"]
    assert again.json()["message"] == f"Deal {number} saved."
    assert DealEntry.objects.filter(result__table=token.table, result__round__number=1, number=number).count() == 1
    assert PhoneSend.objects.filter(token=token, client_id=post["client_id"]).count() == 1


# ---- the login page ------------------------------------------------------------------------------


@sqlite_only
def test_a_login_on_a_full_disk_answers_503_with_the_name_kept_and_no_password(
    transactional_db, director, caplog, settings
):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # thirty guesses, quickly
    url = reverse("login")
    client = Client()
    with disk_full(), caplog.at_level(logging.ERROR, logger="tournaments.busy"):
        # Wrong passwords from new addresses each time (no lock-out): axes writes a row for each,
        # until the file has no room for the next.
        for attempt in range(1, 200):
            before = (AccessAttempt.objects.count(), AccessFailureLog.objects.count(), Session.objects.count())
            answer = client.post(
                url, {"username": f"guest{attempt}", "password": "secret guess"}, REMOTE_ADDR=f"10.1.{attempt}.1"
            )
            if answer.status_code != 200:
                break
    assert attempt > 1
    assert answer.status_code == 503 and answer["Retry-After"] == "60"
    assert FULL in text(answer)
    page = answer.content.decode()
    assert f'name="username" value="guest{attempt}"' in page
    assert "secret guess" not in page and '<input type="password" name="password"' in page
    assert "Password (type it again: it is never kept)" in text(answer)
    assert any(r.getMessage().startswith(f"disk full on POST {url}: ") for r in caplog.records)
    # That attempt left nothing: no attempt row, no failure log, no session; nobody logged in.
    assert (AccessAttempt.objects.count(), AccessFailureLog.objects.count(), Session.objects.count()) == before
    assert "_auth_user_id" not in client.session


def _no_room(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_login_whose_session_finds_no_room_answers_503_and_logs_nobody_in(client, director, monkeypatch, caplog):
    monkeypatch.setattr(SessionStore, "save", _no_room)
    with caplog.at_level(logging.ERROR, logger="tournaments.busy"):
        answer = client.post(reverse("login"), {"username": "alice", "password": "correct horse battery"})
    assert answer.status_code == 503 and answer["Retry-After"] == "60"
    assert FULL in text(answer)
    assert 'name="username" value="alice"' in answer.content.decode()
    assert "correct horse battery" not in answer.content.decode()
    assert [r.getMessage() for r in caplog.records if r.name == "tournaments.busy"] == [
        "disk full on POST /accounts/login/: [Errno 28] No space left on device"
    ]
    # No session cookie: nobody is logged in.
    assert "sessionid" not in answer.cookies
    monkeypatch.undo()
    assert client.get(reverse("home")).status_code == 302


def test_a_session_changed_by_the_view_and_saved_after_it_finds_no_room_answers_503_not_500(
    client_in, director, monkeypatch, caplog
):
    """Switching club changes the session, which is saved once the view has answered: a full disk
    there is a 503 with the choice kept too, and the session keeps the club it had."""
    second = Club.objects.create(name="Thursday Bridge")
    Membership.objects.create(club=second, user=director)
    real_save = SessionStore.save

    def save(self, must_create=False):
        if self.get("club_id") == second.pk:
            _no_room()
        return real_save(self, must_create)

    monkeypatch.setattr(SessionStore, "save", save)
    with caplog.at_level(logging.ERROR, logger="tournaments.busy"):
        answer = client_in.post(reverse("club_switch"), {"club": second.pk})
    assert answer.status_code == 503 and answer["Retry-After"] == "60"
    assert FULL in text(answer) and f'name="club" value="{second.pk}"' in answer.content.decode()
    assert "disk full on POST /club/switch/: [Errno 28] No space left on device" in caplog.messages
    # The view's "Now working in Thursday Bridge." did not come true: said neither here nor later.
    assert "Now working in" not in text(answer)
    monkeypatch.undo()
    assert client_in.session.get("club_id") != second.pk
    assert "Now working in" not in text(client_in.get(reverse("home")))


# ---- what reads as a full disk ---------------------------------------------------------------------


def _wrapped(cause: Exception) -> OperationalError:
    """As Django's database wrapper raises it: its own OperationalError, the driver's as the cause."""
    try:
        raise OperationalError(*cause.args) from cause
    except OperationalError as error:
        return error


def test_what_reads_as_a_full_disk():
    assert _disk_full(OperationalError("database or disk is full"))
    assert _disk_full(OSError(errno.ENOSPC, "No space left on device"))
    assert _disk_full(OSError(errno.EDQUOT, "Disk quota exceeded"))
    assert _disk_full(_wrapped(psycopg.errors.DiskFull('could not write to file "base/16384/2619"')))
    assert _disk_full(_wrapped(psycopg.errors.OperationalError(
        'could not extend file "base/16384/16402": No space left on device'
    )))  # fmt: skip
    # Not a full disk: a lock wait, another file error, a message that only mentions the words.
    assert not _disk_full(OperationalError("database is locked"))
    assert not _disk_full(OSError(errno.EACCES, "Permission denied"))
    assert not _disk_full(ValueError("database or disk is full"))


# ---- a button with nothing typed, and a page read ---------------------------------------------------


def _answer(request, error):
    from django.contrib.auth.models import AnonymousUser
    from django.contrib.sessions.backends.signed_cookies import SessionStore as CookieSession

    from tournaments.http.middleware import BusyDatabaseMiddleware

    request.user, request.session = AnonymousUser(), CookieSession()
    return BusyDatabaseMiddleware(lambda request: HttpResponse()).process_exception(request, error)


def test_a_button_that_posts_nothing_else_is_offered_again_as_a_button(rf):
    """ "Close the round" posts only its token: the page still offers the same press, not a link."""
    answer = _answer(rf.post("/parties/1/rounds/1/close/"), OSError(errno.ENOSPC, "No space left on device"))
    assert answer.status_code == 503 and FULL in text(answer)
    page = answer.content.decode()
    assert '<form method="post" action="/parties/1/rounds/1/close/">' in page and "Save again" in page


def test_a_page_read_on_a_full_disk_says_to_try_again(rf):
    answer = _answer(rf.get("/parties/1/tallies.pdf?size=a4"), OSError(errno.ENOSPC, "No space left on device"))
    assert answer.status_code == 503 and answer["Retry-After"] == "60"
    assert "The server's disk is full: try again once it has room." in text(answer)
    assert (
        FULL not in text(answer)
        and '<a class="button" href="/parties/1/tallies.pdf?size=a4">' in answer.content.decode()
    )

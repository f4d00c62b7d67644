import contextlib
import datetime
import os
import shutil

import pytest
from django.contrib.auth import get_user_model

from tournaments.http import middleware as first_run_middleware
from tournaments.models import Club, Membership
from tournaments.services import party as party_services
from tournaments.services import seating as seating_services


def pytest_configure(config):
    """The translation catalogues compiled (as `make` does), so that pytest alone runs the suite; passwords
    hashed in one iteration (tests/hashers.py), the site's hashers kept behind it to check any other hash."""
    from django.conf import settings

    from clubdirector.catalogues import compile_all

    compile_all()
    settings.PASSWORD_HASHERS = ["tests.hashers.OneIterationPBKDF2", *settings.PASSWORD_HASHERS]


def pytest_unconfigure(config):
    """The test database's writers' queue file (clubdirector/sqlite/base.py) goes with the database."""
    from django.conf import settings

    test_name = settings.DATABASES["default"].get("TEST", {}).get("NAME")
    if test_name and settings.DATABASES["default"]["ENGINE"] == "clubdirector.sqlite":
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{test_name}.writers")


@pytest.fixture(autouse=True)
def set_up_already():
    """Every test but the first-run ones starts on a set-up site (the first-run check is a query
    made once per process, which would upset the query budgets)."""
    first_run_middleware._seen_set_up = True
    yield
    first_run_middleware._seen_set_up = True


def default_club() -> Club:
    """The club of events a test makes without naming a director: the first club (Alice's when she
    is there, so the logged-in test client sees them), else a new test club."""
    return Club.objects.order_by("id").first() or Club.objects.create(name="Test club")


def club_of(user) -> Club | None:
    """The club a test event belongs to: its director's, else the test club."""
    return None if user is not None else default_club()


@pytest.fixture
def director(db):
    user = get_user_model().objects.create_user("alice", password="correct horse battery")
    Membership.objects.create(club=Club.objects.create(name="Alice's club"), user=user, role="owner")
    return user


@pytest.fixture
def client_in(client, director):
    client.force_login(director)
    return client


def make_party(*, tables=2, mixed=False, keep_partners=False, rounds=3, user=None, seed=7, draw=True, **extra):
    """A party with exactly the guests it needs, seats drawn from a fixed seed."""
    party = party_services.party_create(
        name=extra.pop("name", "Spring party"),
        date=datetime.date(2026, 11, 28),
        tables=tables,
        mixed=mixed,
        keep_partners=keep_partners,
        rounds_planned=rounds,
        user=user,
        club=extra.pop("club", None) or club_of(user),
        **extra,
    )
    if mixed:
        entries = [(f"Lady {i:03d}", "lady") for i in range(1, 2 * tables + 1)]
        entries += [(f"Gent {i:03d}", "gentleman") for i in range(1, 2 * tables + 1)]
    else:
        entries = [(f"Player {i:03d}", "") for i in range(1, 4 * tables + 1)]
    party_services.guests_add(party=party, entries=entries)
    if draw:
        seating_services.seats_draw(party=party, seed=seed)
    return party


def play_two_rounds(party, director) -> None:
    """A three-table party's first two rounds played and closed (with one seat swapped first): the
    history an export carries, for the export and import tests."""
    from tournaments.services import results as result_services
    from tournaments.services import rounds as round_services

    first = party.rounds.get(number=1)
    seating_services.seat_swap(round_=first, table=1, seat="N", other_table=2, other_seat="E", user=director)
    for number in (1, 2):
        round_ = party.rounds.get(number=number)
        for table in (1, 2, 3):
            deals = [("4S", "N", 10 - table + number), ("PASS", "", 0), ("3N", "E", 9), ("PASS", "", 0)]
            result_services.result_record(round_=round_, table=table, deals=deals, by_user=director)
        round_services.round_close(round_=round_)


@pytest.fixture
def party_factory(db, director):
    def factory(**kwargs):
        kwargs.setdefault("user", director)
        return make_party(**kwargs)

    return factory


# ---- the real browser (Playwright driving Debian's chromium, never a downloaded browser) ----------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium(*extra_args: str):
    """Debian's chromium under Playwright, with ARGS and any of a test's own (a generator for fixtures)."""
    if not CHROMIUM:
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail("chromium is not installed: apt-get install chromium")
        pytest.skip("chromium is not installed")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls here are still synchronous.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, *extra_args])
        try:
            yield launched
        finally:
            launched.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


@pytest.fixture
def browser():
    yield from chromium()

"""Every page of the URLconf, as each persona sees it: Alice owns club A, Carol co-directs it, Bob owns club B.

The patterns are walked from the URLconf itself, so a page added tomorrow is checked the day it is added:
a URL kwarg this file has no value for fails the walk until a value is added to `kwarg_value` below.
"""

import datetime
import re
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.cache import cache
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse

from tests.conftest import make_party
from tests.knockout.helpers import make_knockout
from tests.towie.conftest import make_table
from tournaments.http import link_limit, once
from tournaments.models import Club, DirectorSettings, KnockoutMatch, Membership, PlanChange, ResultChange, TableToken
from tournaments.services import (
    boston,
    clubs,
    entries,
    evening,
    knockout,
    mail,
    members,
    public,
    results,
    rounds,
    seasons,
    towie,
)

pytestmark = pytest.mark.django_db

SKIPPED = {"login", "logout"}  # django's own auth views; the admin: namespace is skipped whole
# No login needed; and every towie_phone_* page.
OPEN = {
    "club_setup", "invite_accept", "table_page", "table_manifest", "service_worker", "health", "public_page",
    "entry_page", "entry_status",
    "mail_unsubscribe", "calendar_feed",
}  # fmt: skip
# The treasurer's pages: an owner's or a treasurer's only; a director who is neither gets 403 (issue 44 item 6).
TREASURER_ONLY = {
    "treasury",
    "treasury_xlsx",
    "treasury_csv",
    "treasury_rows",
    "treasury_correct",
    "party_money_refund",
    "event_money_refunds",
}
CLUB_PAGES = "tournaments.urls.clubs"  # they act on the director's current club, whatever the URL names
KWARG = re.compile(r"<(?:\w+:)?(\w+)>")
NAMES = (
    "Ashdown spring party", "Ashdown knockout", "Ashdown towie", "Ashdown boston", "Ashdown member",
    "Ashdown season", "Ashdown entrant", "Ashdown card evening", "Ashdown player", "Ashdown Bridge Club",
)  # fmt: skip
PASSWORD = "correct horse battery"
ROUND = [("4S", "N", 10), ("3NX", "E", 7), ("PASS", "", 0), ("6H", "S", 12)]
# Something for every form a page might take, so a POST that is let through would change something.
POST = {
    "name": "hacked", "winner": "NS", "confirm": "yes", "ns": "100", "ew": "-100", "action": "totals",
    "kind": "played", "declarer": "N", "level": "4", "strain": "S", "contract": "4S", "tricks": "10",
    "entries": "Hacker One & Hacker Two", "text": "Hacker", "locked": "on", "date": "2026-12-24", "tables": "3",
    "club_name": "hacked", "new-username": "hacker", "new-password1": PASSWORD, "new-password2": PASSWORD,
    "new-role": "owner", "invite-role": "owner", "dealer": "Ann", "caller": "1", "bid": "8", "suit": "H",
    "language": "fr", "paper": "letter", "national_number": "666", "federation": "XX",
    "currency": "GBP", "member_rate": "9", "visitor_rate": "9", "balance_floor": "9", "method": "cash", "free": "on",
    "treasurer": "on",
}  # fmt: skip


def walk(resolver=None, prefix="", module=""):
    """(route, name, urlconf module) of every pattern but the skipped ones, included resolvers recursed."""
    for entry in (resolver or get_resolver()).url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            if entry.namespace != "admin":
                yield from walk(entry, route, getattr(entry.urlconf_module, "__name__", module))
        elif entry.name not in SKIPPED:
            yield route, entry.name, module


def is_open(name: str) -> bool:
    return name in OPEN or name.startswith("towie_phone_")


PARTY_PHONE = {"table_page", "table_manifest"}


def is_phone(name: str) -> bool:
    return name in PARTY_PHONE or name.startswith("towie_phone_")


def kwarg_value(w, name: str, kwarg: str):
    """Alice's object for a URL kwarg; which one can hang on the page's name (a Towie or a Boston table)."""
    event = next((prefix for prefix in ("knockout_", "towie_", "boston_") if name.startswith(prefix)), "party")
    tokens = {"table_page": w.party_token, "table_manifest": w.party_token, "invite_accept": w.invite.token}
    tokens["public_page"] = w.public_token
    tokens["entry_page"], tokens["entry_status"] = w.entry.entry_list.token, w.entry.cancel_token
    tokens["mail_unsubscribe"], tokens["calendar_feed"] = w.mail_token, w.club_a.calendar_token
    tokens["form_sent"] = ONCE
    values = {
        "party_id": w.party.pk,
        "number": {"knockout_": 1, "boston_": w.boston_deal.number, "party": 2}.get(event),
        "table": 1 if event in ("knockout_", "party") else None,
        "guest_id": w.guest.pk,
        "change_id": w.plan_change.pk if name == "plan_undo" else w.change.pk,
        "knockout_id": w.knockout.pk,
        "bracket": "main",
        "pair_id": w.pair.pk,
        "table_id": {"towie_": w.towie.pk, "boston_": w.boston.pk}.get(event),
        "deal_id": w.towie_deal.pk,
        "user_id": w.carol.pk,
        "invite_id": w.invite.pk,
        "fmt": "usebio",
        "member_id": w.member.pk,
        "entry_id": w.evening_entry.pk if name.startswith("evening_") else w.entry.pk,
        "evening_id": w.evening.pk,
        "series_id": w.series.pk,
        "kind": "party",
        "event_id": w.party.pk,
        "token": tokens.get(name, w.towie.token if name.startswith("towie_phone_") else None),
    }
    if values.get(kwarg) is None:
        pytest.fail(f"{name}: add a value for {kwarg} in test_personas")
    return values[kwarg]


def build(w, route: str, name: str, **override) -> str:
    return "/" + KWARG.sub(lambda m: str(override[m[1]] if m[1] in override else kwarg_value(w, name, m[1])), route)


def snapshot(*, but: Club | None = None) -> dict[str, str]:
    """All the tournaments app's rows and the users, as JSON; `but` leaves out one club's own rows."""
    models = [*apps.get_app_config("tournaments").get_models(), get_user_model()]
    out = {}
    for model in models:
        rows = model._default_manager.order_by("pk")
        if but is not None and model is Club:
            rows = rows.exclude(pk=but.pk)
        elif but is not None and model is get_user_model():
            rows = rows.exclude(memberships__club=but)
        elif but is not None and any(f.name == "club" for f in model._meta.get_fields()):
            rows = rows.exclude(club=but)
        elif but is not None and any(f.name == "user" for f in model._meta.get_fields()):  # a director's own settings
            rows = rows.exclude(user__memberships__club=but)
        out[model._meta.label] = serializers.serialize("json", rows)
    return out


def changed(before: dict, after: dict) -> list[str]:
    return [label for label in before if before[label] != after[label]]


def client_of(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


ONCE = "a-once-token-being-sent"


@pytest.fixture
def w(db):
    # No passwords (hashing one takes half a second): the clients log in with force_login.
    users = {n: get_user_model().objects.create_user(n) for n in ("alice", "bob", "carol")}
    alice, bob, carol = users["alice"], users["bob"], users["carol"]
    club_a, club_b = Club.objects.create(name=NAMES[-1]), Club.objects.create(name="Bramley Bridge Club")
    Membership.objects.create(club=club_a, user=alice, role="owner")
    Membership.objects.create(club=club_a, user=carol, role="director")
    Membership.objects.create(club=club_b, user=bob, role="owner")

    party = make_party(tables=2, rounds=3, user=alice, name=NAMES[0])
    first = party.rounds.get(number=1)
    for table in (1, 2):
        results.result_record(round_=first, table=table, deals=ROUND, by_user=alice)
    second = rounds.round_close(round_=first)
    assert second is not None  # three rounds are planned
    result, _ = results.result_record(round_=second, table=1, deals=ROUND, by_user=alice)

    ko = make_knockout(user=alice, name=NAMES[1])
    match = KnockoutMatch.objects.get(round__knockout=ko, round__bracket="main", round__number=1, table=1)
    knockout.match_deal_record(match=match, number=1, contract="2S", declarer="N", tricks=8)

    tw = make_table(("Ann", "Ben", "Cid"), user=alice, name=NAMES[2])
    bt = boston.boston_table_create(
        name=NAMES[3], date=datetime.date(2026, 11, 28), variant="english", players=["Ann", "Ben", "Cid", "Dan"],
        pool_feed=10, pool_limit=100, user=alice,
    )  # fmt: skip
    make_party(tables=1, user=bob, name="Bramley winter party")
    for director in (alice, carol):  # each sent a form twice, the first still at work (tournaments/http/once.py)
        cache.set(f"once:{director.pk}:{ONCE}", once.PENDING, 60)
    entry_list = entries.entry_list_save(event=party, open=True)
    entry = entries.entry_add(entry_list=entry_list, name=NAMES[6], email="entrant@example.org")
    card_evening = evening.evening_save(
        club=club_a, name=NAMES[7], date=datetime.date(2026, 12, 4), game="boston", tables=2, variant="english",
        pool_feed=10, pool_limit=100,
    )  # fmt: skip
    evening_list = entries.entry_list_save(event=card_evening, open=True)
    evening_entry = entries.entry_add(entry_list=evening_list, name=NAMES[8], email="player@example.org")
    return SimpleNamespace(
        alice=alice, bob=bob, carol=carol, club_a=club_a, club_b=club_b, party=party, guest=party.guests.first(),
        change=ResultChange.objects.filter(result=result).latest("pk"), knockout=ko,
        plan_change=PlanChange.objects.create(party=party, round=second, action="table joins"), pair=ko.pairs.first(),
        towie=tw, towie_deal=towie.towie_deal_record(table=tw, kind="played", declarer="Ann", contract="4S", tricks=10),
        boston=bt, boston_deal=boston.boston_deal_add(table=bt, caller=2, bid="8", suit="H", tricks=8, user=alice)[0],
        party_token=TableToken.objects.get(party=party, table=1, revoked_at=None).token,
        invite=clubs.invite_create(club=club_a, by=alice),
        public_token=public.publish(event=party).token,
        member=members.member_create(club=club_a, name=NAMES[4]),
        series=seasons.series_save(club=club_a, name=NAMES[5], parties=[party]),
        entry=entry, evening=card_evening, evening_entry=evening_entry,
        mail_token=mail.mail_recipient(club=club_a, email="ann@example.org").token,
    )  # fmt: skip


def test_the_walk_reaches_every_pattern_and_fills_every_kwarg(w):
    pages = list(walk())
    names = [name for _, name, _ in pages]
    assert len(names) == len(set(names)) and None not in names, "every page has a name of its own"
    assert len(pages) > 80 and {"home", "table_page", "towie_phone_sheet", "boston_pdf", "invite_revoke"} <= set(names)
    assert {"knockout_pair_withdraw", "knockout_walkover_undo"} <= set(names)
    for route, name, _ in pages:
        assert "<" not in build(w, route, name), name


def test_bob_gets_404_on_every_page_of_alices_and_changes_nothing(w):
    alice, bob = client_of(w.alice), client_of(w.bob)
    pages = [(build(w, r, n), n) for r, n, module in walk() if KWARG.search(r) and module != CLUB_PAGES]
    pages = [(url, alice.get(url).status_code) for url, name in pages if not is_open(name)]
    before, leaks = snapshot(), []
    for url, alices in pages:
        got, posted = bob.get(url).status_code, bob.post(url, POST).status_code
        if got != 404 and not (got == alices == 405):  # a POST-only page may answer a GET 405 before the lookup
            leaks.append(f"GET {url}: {got}")
        if posted != 404:
            leaks.append(f"POST {url}: {posted}")
        after = snapshot()
        if after != before:
            leaks.append(f"POST {url} changed {changed(before, after)}")
            before = after
    assert len(pages) > 50 and not leaks, leaks


def test_bobs_club_pages_act_on_bobs_own_club(w):
    bob = client_of(w.bob)
    before = snapshot(but=w.club_b)
    data = {**POST, "club": str(w.club_a.pk)}
    for route, name, module in walk():
        if module == CLUB_PAGES and not is_open(name):
            url = build(w, route, name)
            assert bob.get(url).status_code in (200, 405), url
            assert bob.post(url, data).status_code in (200, 302, 404), url  # done in his club, refused, or no such club
    assert changed(before, snapshot(but=w.club_b)) == []
    w.club_b.refresh_from_db()
    assert w.club_b.name == "hacked" and Membership.objects.get(user__username="hacker").club == w.club_b
    assert w.club_b.invites.count() == 1 and Membership.objects.filter(club=w.club_a, user=w.carol).exists()
    assert (w.club_b.language, w.club_b.paper) == ("fr", "letter")
    assert DirectorSettings.objects.get(user=w.bob).language == "fr"


def test_bobs_lists_show_only_his_clubs_events(w):
    bob = client_of(w.bob)
    assert "Bramley winter party" in bob.get(reverse("home")).content.decode()
    for route, name, _ in walk():
        if not KWARG.search(route) and not is_open(name):
            response = bob.get(build(w, route, name))
            if response.status_code == 405:
                assert response["Allow"] == "POST", name
                continue
            assert response.status_code == 200, name
            page = response.content.decode("utf-8", "replace")  # the members' workbook is a zip
            assert [n for n in NAMES if n in page] == [], name


def test_carol_gets_what_alice_gets_on_every_page(w):
    alice, carol = client_of(w.alice), client_of(w.carol)
    for route, name, _ in walk():
        url = build(w, route, name)
        alices, carols = alice.get(url), carol.get(url)
        assert alices.status_code not in (403, 404), url
        if name in TREASURER_ONLY:
            assert carols.status_code in (403, 405), url  # treasurer_correct is POST-only
            continue
        assert (carols.status_code, carols.get("Location")) == (alices.status_code, alices.get("Location")), url


@pytest.mark.parametrize(
    "name",
    [
        "director_create",
        "invite_create",
        "club_rename",
        "club_settings",
        "club_national",
        "director_remove",
        "director_treasurer",
        "invite_revoke",
    ],
)
def test_only_an_owner_manages_the_club(w, name):
    carol = client_of(w.carol)
    url = {"director_remove": [w.alice.pk], "director_treasurer": [w.carol.pk], "invite_revoke": [w.invite.pk]}.get(
        name, []
    )
    before = snapshot()
    response = carol.post(reverse(name, args=url), POST, follow=True)
    assert "Only an owner of the club can do that." in response.content.decode()
    assert changed(before, snapshot()) == []


def test_only_a_treasurer_or_an_owner_sets_the_table_money(w):
    """Carol directs club A but is not its treasurer: the club's rates are not hers to set (issue 44 item 5)."""
    carol = client_of(w.carol)
    data = {"currency": "GBP", "member_rate": "9", "visitor_rate": "9", "balance_floor": "50"}
    before = snapshot()
    response = carol.post(reverse("club_money"), data, follow=True)
    assert "Only the club&#x27;s treasurer or an owner can do this." in response.content.decode()
    assert changed(before, snapshot()) == []
    Membership.objects.filter(club=w.club_a, user=w.carol).update(treasurer=True)
    carol.post(reverse("club_money"), data)
    w.club_a.refresh_from_db()
    assert (w.club_a.currency, w.club_a.member_rate, w.club_a.balance_floor) == ("GBP", 900, 5000)


def test_only_a_treasurer_or_an_owner_opens_the_treasurers_pages(w):
    """Carol directs club A: the treasurer's pages are 403 to her and her POSTs change nothing, until the
    owner makes her treasurer."""
    carol = client_of(w.carol)
    urls = [build(w, route, name) for route, name, _ in walk() if name in TREASURER_ONLY]
    assert len(urls) == len(TREASURER_ONLY)
    before = snapshot()
    for url in urls:
        assert carol.post(url, POST).status_code == 403, url
    assert changed(before, snapshot()) == []
    Membership.objects.filter(club=w.club_a, user=w.carol).update(treasurer=True)
    assert client_of(w.carol).get(reverse("treasury")).status_code == 200


MONEY_PAGES = ("event_money", "event_money_fee", "event_money_pay", "event_money_all_cash", "event_money_free",
               "event_money_refund", "event_money_refunds")  # fmt: skip


def test_every_kinds_table_money_is_its_own_clubs(w):
    """The table money pages of each kind of event (issue 44 item 1): Alice and Carol see them, Bob gets a 404
    on every one and changes nothing (the walk above tries the party's)."""
    alice, carol, bob = client_of(w.alice), client_of(w.carol), client_of(w.bob)
    events = {"party": w.party.pk, "knockout": w.knockout.pk, "towie": w.towie.pk, "boston": w.boston.pk,
              "evening": w.evening.pk}  # fmt: skip
    before = snapshot()
    for kind, pk in events.items():
        assert alice.get(reverse("event_money", args=[kind, pk])).status_code == 200, kind
        assert carol.get(reverse("event_money", args=[kind, pk])).status_code == 200, kind
        for name in MONEY_PAGES:
            url = reverse(name, args=[kind, pk])
            assert bob.get(url).status_code in (404, 405) and bob.post(url, {**POST, "guest": "1"}).status_code == 404
    assert changed(before, snapshot()) == []


def test_phone_pages_open_by_their_own_token_only(w, monkeypatch):
    monkeypatch.setattr(link_limit, "LIMIT", 10**6)  # many wrong links here: each must be a 404, not a 429
    phones = [(route, name) for route, name, _ in walk() if is_phone(name)]
    assert len(phones) == 9
    personas = [client_of(), client_of(w.alice), client_of(w.bob)]
    for route, name in phones:
        response = client_of().get(build(w, route, name))
        assert response.status_code == 200 or (response.status_code, response["Allow"]) == (405, "POST"), name
        for client in personas:
            assert client.get(build(w, route, name, token="not-a-real-token")).status_code == 404, name
        # One kind of link never opens the other kind of page.
        other = w.towie.token if name in PARTY_PHONE else w.party_token
        assert client_of().get(build(w, route, name, token=other)).status_code == 404, name
        assert client_of().post(build(w, route, name, token=other), POST).status_code == 404, name


def test_an_anonymous_visitor_is_sent_to_log_in(w):
    anonymous, login = client_of(), reverse("login")
    for route, name, _ in walk():
        if not is_open(name):
            response = anonymous.get(build(w, route, name))
            assert response.status_code == 302 and response["Location"].startswith(login), name

"""A form posted twice makes one thing (tournaments/http/once.py): every create form carries a one-time token,
and a repeat of it is sent to what the first post made, told so."""

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.conftest import make_party
from tests.html_forms import post_forms
from tests.knockout.helpers import make_knockout
from tournaments.http import once
from tournaments.models import (
    BostonTable,
    DirectorInvite,
    Guest,
    Knockout,
    KnockoutPair,
    Member,
    Membership,
    Party,
    Series,
    TowieTable,
)

pytestmark = pytest.mark.django_db
ALREADY = "That form was already sent: here is what it made."


def text(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def the_form(client, page: str, action: str | None = None) -> dict[str, list[str]]:
    """What the browser sends from the page's (first) form posting to `action`, else to the page itself."""
    html = client.get(page).content.decode()
    return next(f for f in post_forms(html, page) if f.action == (action or page)).defaults()


def new_party(client, **changes) -> dict[str, list[str]]:
    data = the_form(client, reverse("party_create"))
    return data | {"name": ["Winter party"]} | {k: [v] for k, v in changes.items()}


def test_three_posts_of_one_new_party_form_make_one_party_and_the_repeats_are_told(client_in):
    data = new_party(client_in)
    assert re.fullmatch(r"[A-Za-z0-9_-]{24}", data["once"][0])
    first = client_in.post(reverse("party_create"), data, follow=True)
    party = Party.objects.get()
    assert first.redirect_chain == [(reverse("party_guests", args=[party.id]), 302)]
    assert "The party “Winter party” is set up. Now add the guests." in text(first) and ALREADY not in text(first)
    for _ in range(2):
        repeat = client_in.post(reverse("party_create"), data, follow=True)
        assert repeat.redirect_chain == [(reverse("party_guests", args=[party.id]), 302)]
        assert ALREADY in text(repeat) and "is set up" not in text(repeat)
    assert Party.objects.count() == 1


def test_each_rendering_of_the_form_has_its_own_token_so_two_parties_can_be_made(client_in):
    for name in ("Monday", "Tuesday"):
        client_in.post(reverse("party_create"), new_party(client_in, name=name))
    assert sorted(Party.objects.values_list("name", flat=True)) == ["Monday", "Tuesday"]


def test_a_refused_form_keeps_its_token_free_for_the_corrected_post(client_in):
    data = new_party(client_in, tables="0")
    page = text(client_in.post(reverse("party_create"), data))
    assert "A party has 1 to 500 tables." in page and not Party.objects.exists()
    assert client_in.post(reverse("party_create"), data | {"tables": ["4"]}).status_code == 302
    assert Party.objects.get().tables == 4


def test_a_redirect_carrying_an_error_made_nothing_and_keeps_the_token_free(client_in, director):
    party = make_party(tables=1, user=director, draw=False)
    page = reverse("party_guests", args=[party.id])
    data = the_form(client_in, page, reverse("guests_paste", args=[party.id]))
    refused = client_in.post(reverse("guests_paste", args=[party.id]), data | {"names": ["  "]}, follow=True)
    assert "Paste at least one name." in text(refused) and party.guests.count() == 4
    added = client_in.post(reverse("guests_paste", args=[party.id]), data | {"names": ["Ann\nBen"]}, follow=True)
    assert "2 guests added." in text(added) and ALREADY not in text(added)
    again = client_in.post(reverse("guests_paste", args=[party.id]), data | {"names": ["Ann\nBen"]}, follow=True)
    assert ALREADY in text(again) and party.guests.count() == 6


def test_a_token_is_one_directors_own(client_in, director, client):
    from django.contrib.auth import get_user_model

    carol = get_user_model().objects.create_user("carol")
    Membership.objects.create(club=director.memberships.get().club, user=carol, role="director")
    data = new_party(client_in)
    client_in.post(reverse("party_create"), data)
    client.force_login(carol)
    client.post(reverse("party_create"), data | {"name": ["Carol's party"]})
    assert Party.objects.count() == 2


def test_a_post_without_a_token_or_with_a_mangled_one_is_acted_on_as_before(client_in):
    data = new_party(client_in)
    for token in ([], ["short"], ["x" * 65]):
        client_in.post(reverse("party_create"), data | {"once": token})
    assert Party.objects.count() == 3
    # A token holding NUL is refused with the whole request, before any view (request_limits.NulRefused).
    assert client_in.post(reverse("party_create"), data | {"once": ["bad\x00token-but-long-enough"]}).status_code == 400
    assert Party.objects.count() == 3


def test_a_repeat_arriving_while_the_first_is_still_working_is_answered_at_once(client_in, monkeypatch):
    data = new_party(client_in)
    key = f"once:{client_in.session['_auth_user_id']}:{data['once'][0]}"
    cache.add(key, once.PENDING, 60)
    monkeypatch.setattr(once, "time", None, raising=False)  # nothing in the module may wait
    repeat = client_in.post(reverse("party_create"), data, HTTP_REFERER="http://testserver/parties/new/")
    # Never the empty form again (a click there would make a second party): a page that waits on its own.
    wait = reverse("form_sent", args=[data["once"][0]]) + "?from=http%3A%2F%2Ftestserver%2Fparties%2Fnew%2F"
    assert repeat.status_code == 302 and repeat["Location"] == wait
    page = client_in.get(wait)
    assert page.status_code == 200 and '<meta http-equiv="refresh" content="1">' in page.content.decode()
    assert "the first one is still at work" in text(page) and "no-store" in page["Cache-Control"]
    assert not Party.objects.exists()
    # The first post answers: the waiting page's next look goes where it led, and says so.
    cache.set(key, "/parties/7/guests/", 60)
    led = client_in.get(wait)
    assert led.status_code == 302 and led["Location"] == "/parties/7/guests/"
    assert [str(m) for m in get_messages(led.wsgi_request)] == ["That form was already sent: here is what it made."]


def test_the_waiting_page_of_a_refused_or_unknown_form_says_to_send_it_again(client_in):
    token = "a" * 24
    page = client_in.get(reverse("form_sent", args=[token]) + "?from=/parties/new/")
    assert page.status_code == 404 and "refresh" not in page.content.decode()
    assert "The form you sent twice was not saved" in text(page) and 'href="/parties/new/"' in page.content.decode()
    elsewhere = client_in.get(reverse("form_sent", args=[token]) + "?from=http://evil.example/")
    assert elsewhere.status_code == 404 and "Back to the form" not in text(elsewhere)
    assert Client().get(reverse("form_sent", args=[token])).status_code == 302  # to log in


def test_a_repeat_after_the_first_answered_goes_where_it_led(client_in):
    data = new_party(client_in)
    cache.add(f"once:{client_in.session['_auth_user_id']}:{data['once'][0]}", "/parties/123/guests/", 60)
    repeat = client_in.post(reverse("party_create"), data)
    assert repeat["Location"] == "/parties/123/guests/" and not Party.objects.exists()


def test_an_error_message_left_from_an_earlier_page_does_not_count_as_a_refusal(client_in, director):
    data = new_party(client_in)
    # An earlier page's error, not yet shown (its redirect not followed), rides along into this post.
    assert client_in.post(reverse("members_import")).status_code == 302
    first = client_in.post(reverse("party_create"), data)
    assert first.status_code == 302 and Party.objects.count() == 1
    again = client_in.post(reverse("party_create"), data, follow=True)
    assert ALREADY in text(again) and Party.objects.count() == 1


def _pairs(client, knockout):
    detail = reverse("knockout_detail", args=[knockout.id])
    return the_form(client, detail, reverse("knockout_pairs_add", args=[knockout.id])) | {
        "player_a": ["Ann"], "player_b": ["Ben"],
    }  # fmt: skip


# Every form that makes something: (its page, where it posts, what to type, what it makes).
CREATES = {
    "party": (lambda w: reverse("party_create"), None, {"name": "Winter party"}, Party.objects.count),
    "knockout": (lambda w: reverse("knockout_create"), None, {"name": "Cup"}, Knockout.objects.count),
    "towie": (
        lambda w: reverse("towie_create"), None, {"player_1": "Ann", "player_2": "Ben", "player_3": "Cid"},
        TowieTable.objects.count,
    ),
    "boston": (
        lambda w: reverse("boston_create"), None,
        {"player_1": "Ann", "player_2": "Ben", "player_3": "Cid", "player_4": "Dan", "pool_feed": "10",
         "pool_limit": "100"},
        BostonTable.objects.count,
    ),
    "season": (lambda w: reverse("series_create"), None, {"name": "Winter season"}, Series.objects.count),
    "member": (lambda w: reverse("member_create"), None, {"name": "Mary Smith"}, Member.objects.count),
    "guest": (
        lambda w: reverse("party_guests", args=[w.party.id]), lambda w: reverse("guest_add", args=[w.party.id]),
        {"name": "Zoe"}, Guest.objects.count,
    ),
    "guests pasted": (
        lambda w: reverse("party_guests", args=[w.party.id]), lambda w: reverse("guests_paste", args=[w.party.id]),
        {"names": "Yan\nXia"}, Guest.objects.count,
    ),
    "pair": (
        lambda w: reverse("knockout_detail", args=[w.knockout.id]),
        lambda w: reverse("knockout_pairs_add", args=[w.knockout.id]), {"player_a": "Ann", "player_b": "Ben"},
        KnockoutPair.objects.count,
    ),
    "director": (
        lambda w: reverse("club_page"), lambda w: reverse("director_create"),
        {"new-username": "dora", "new-password1": "a long party password", "new-password2": "a long party password"},
        Membership.objects.count,
    ),
    "link": (lambda w: reverse("club_page"), lambda w: reverse("invite_create"), {}, DirectorInvite.objects.count),
}  # fmt: skip


@pytest.mark.parametrize("what", CREATES)
def test_every_create_form_posted_twice_makes_one_thing(client_in, director, what):
    page, action, typed, count = CREATES[what]
    w = type("W", (), {})()
    w.party = make_party(tables=1, user=director, draw=False)
    w.knockout = make_knockout(pairs=4, user=director, draw=False)
    before = count()
    data = the_form(client_in, page(w), action and action(w)) | {k: [v] for k, v in typed.items()}
    assert len(data["once"]) == 1, "the form carries its token"
    target = action(w) if action else page(w)
    first = client_in.post(target, data)
    assert first.status_code == 302, text(first)
    made = count()
    assert made > before
    repeat = client_in.post(target, data, follow=True)
    assert ALREADY in text(repeat) and repeat.redirect_chain[0][0] == first["Location"]
    assert count() == made


def test_play_one_more_round_pressed_twice_adds_one_round(client_in, director):
    from tournaments.services import results, rounds

    party = make_party(tables=1, rounds=1, user=director)
    deals = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 9), ("PASS", "", 0)]
    results.result_record(round_=party.rounds.get(number=1), table=1, deals=deals, by_user=director)
    rounds.round_close(round_=party.rounds.get(number=1))
    dashboard = reverse("party_dashboard", args=[party.id])
    data = the_form(client_in, dashboard, reverse("round_extend", args=[party.id]))
    first = client_in.post(reverse("round_extend", args=[party.id]), data, follow=True)
    assert "Round 2 added." in text(first)
    again = client_in.post(reverse("round_extend", args=[party.id]), data, follow=True)
    assert ALREADY in text(again) and again.redirect_chain[0][0] == first.redirect_chain[0][0]
    assert list(party.rounds.values_list("number", flat=True).order_by("number")) == [1, 2]


def test_a_claim_the_cache_cannot_write_is_no_repeat_the_view_answers_it(client_in, monkeypatch):
    # Django's database cache answers False (no error) when it cannot write: a busy database, a full
    # disk. That was taken for "already sent": the director got an empty form (or a 405), the entry lost.
    data = new_party(client_in)
    monkeypatch.setattr(once.cache, "add", lambda *args, **kwargs: False)
    made = client_in.post(reverse("party_create"), data)
    assert made.status_code == 302 and Party.objects.count() == 1


def test_a_repeat_told_to_wait_goes_back_to_its_form_never_to_a_post_only_address(client_in, monkeypatch):
    data = new_party(client_in)
    cache.add(f"once:{client_in.session['_auth_user_id']}:{data['once'][0]}", once.PENDING, 60)

    def back_link(response) -> str:
        assert response.status_code == 302
        return parse_qs(urlsplit(response["Location"]).query)["from"][0]

    page = client_in.post(reverse("party_create"), data, HTTP_REFERER="http://testserver/parties/new/")
    assert back_link(page) == "http://testserver/parties/new/"
    paste = reverse("guests_paste", args=[1])  # takes only POST: the way back is the form's page
    back = client_in.post(paste, data, HTTP_REFERER="http://testserver/parties/1/guests/")
    assert back_link(back) == "http://testserver/parties/1/guests/"
    elsewhere = client_in.post(reverse("party_create"), data, HTTP_REFERER="http://evil.example/")
    assert back_link(elsewhere) == reverse("party_create") and not Party.objects.exists()

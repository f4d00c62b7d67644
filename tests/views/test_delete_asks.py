"""Deleting asks first, as closing a round does: the button asks in the browser (data-confirm, site.js then sends
confirm=yes), and a post without that answer (JavaScript off) is answered by a page asking the same question,
with nothing deleted until its button is pressed."""

import datetime
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.conftest import make_party
from tests.towie.conftest import make_table
from tournaments.models import BostonTable, Club, Member, Party, Series, TowieTable
from tournaments.services import boston, members, seasons

pytestmark = pytest.mark.django_db


def the_second_step(page: str, action: str) -> bool:
    """The page's form posts the same address again with the answer."""
    main = page[page.index("<main") :]  # the header has forms of its own (the club switcher, logging out)
    form = re.search(r'<form method="post" action="([^"]+)"[^>]*>(.*?)</form>', main, re.S)
    return form is not None and form[1] == action and '<input type="hidden" name="confirm" value="yes">' in form[2]


def test_the_demo_events_are_deleted_only_once_the_director_says_yes(client_in, director):
    call_command("demo", "--club", "Alice's club", stdout=open("/dev/null", "w"))  # noqa: SIM115
    home = client_in.get(reverse("home")).content.decode()
    assert 'data-confirm="Delete the demo events and everything entered in them?"' in home
    asked = client_in.post(reverse("demo_delete"))
    page = asked.content.decode()
    assert asked.status_code == 200 and "<h1>Delete the demo events and everything entered in them?</h1>" in page
    assert the_second_step(page, reverse("demo_delete")) and f'href="{reverse("home")}"' in page
    assert Party.objects.filter(demo=True).count() == 1  # nothing deleted yet
    client_in.post(reverse("demo_delete"), {"confirm": "no"})
    assert Party.objects.filter(demo=True).count() == 1
    client_in.post(reverse("demo_delete"), {"confirm": "yes"})
    assert not Party.objects.filter(demo=True).exists()


def test_a_towie_table_is_deleted_only_once_the_director_says_yes(client_in, director):
    table = make_table(("Ann", "Ben", "Cid"), user=director, name="Friday towie")
    settings = client_in.get(reverse("towie_edit", args=[table.pk])).content.decode()
    assert 'data-confirm="Delete Friday towie and its whole sheet?"' in settings
    url = reverse("towie_delete", args=[table.pk])
    asked = client_in.post(url)
    assert asked.status_code == 200 and the_second_step(asked.content.decode(), url)
    assert TowieTable.objects.filter(pk=table.pk).exists()
    client_in.post(reverse("towie_delete", args=[table.pk]), {"confirm": "yes"})
    assert not TowieTable.objects.filter(pk=table.pk).exists()


def test_a_season_is_deleted_only_once_the_director_says_yes(client_in, director):
    series = seasons.series_save(club=Club.objects.get(), name="Winter 2026", parties=[])
    detail = client_in.get(reverse("series_detail", args=[series.pk])).content.decode()
    assert 'data-confirm="Delete the season Winter 2026? Its nights are kept."' in detail
    url = reverse("series_delete", args=[series.pk])
    asked = client_in.post(url)
    assert asked.status_code == 200 and the_second_step(asked.content.decode(), url)
    assert Series.objects.filter(pk=series.pk).exists()
    client_in.post(reverse("series_delete", args=[series.pk]), {"confirm": "yes"})
    assert not Series.objects.filter(pk=series.pk).exists()


def test_a_name_in_the_question_is_text_not_markup(client_in, director):
    table = make_table(("Ann", "Ben", "Cid"), user=director, name='<b>"Bold"</b>')
    settings = client_in.get(reverse("towie_edit", args=[table.pk])).content.decode()
    assert 'data-confirm="Delete &lt;b&gt;&quot;Bold&quot;&lt;/b&gt; and its whole sheet?"' in settings
    asked = client_in.post(reverse("towie_delete", args=[table.pk])).content.decode()
    assert "<h1>Delete &lt;b&gt;&quot;Bold&quot;&lt;/b&gt; and its whole sheet?</h1>" in asked


def test_a_party_is_deleted_only_once_the_director_says_yes(client_in, director):
    party = make_party(tables=2, user=director, name="Spring night")
    towie = make_table(("Ann", "Ben", "Cid"), user=director, party=party)
    settings = client_in.get(reverse("party_edit", args=[party.id])).content.decode()
    assert 'data-confirm="Delete Spring night and everything entered for it?"' in settings
    url = reverse("party_delete", args=[party.id])
    asked = client_in.post(url)
    assert asked.status_code == 200 and the_second_step(asked.content.decode(), url)
    assert Party.objects.filter(pk=party.pk).exists()
    response = client_in.post(url, {"confirm": "yes"}, follow=True)
    assert "Spring night is deleted." in response.content.decode()
    assert not Party.objects.filter(pk=party.pk).exists()
    towie.refresh_from_db()
    assert towie.party is None  # the Towie table played that night stays


def test_a_boston_table_is_deleted_only_once_the_director_says_yes(client_in, director):
    table = boston.boston_table_create(
        name="Boston at Ann's", date=datetime.date(2026, 11, 28), variant="english",
        players=["Ann", "Ben", "Cid", "Dan"], pool_feed=10, pool_limit=100, user=director,
    )  # fmt: skip
    settings = client_in.get(reverse("boston_edit", args=[table.pk])).content.decode()
    assert 'data-confirm="Delete Boston at Ann&#x27;s and its whole sheet?"' in settings
    url = reverse("boston_delete", args=[table.pk])
    asked = client_in.post(url)
    assert asked.status_code == 200 and the_second_step(asked.content.decode(), url)
    assert BostonTable.objects.filter(pk=table.pk).exists()
    client_in.post(url, {"confirm": "yes"})
    assert not BostonTable.objects.filter(pk=table.pk).exists()


def test_merging_a_members_two_records_asks_first_and_keeps_the_choice(client_in, director):
    club = Club.objects.get()
    keep = members.member_create(club=club, name="Ann Other", number="EBU1")
    drop = members.member_create(club=club, name="A. Other", email="ann@example.org")
    detail = client_in.get(reverse("member_detail", args=[keep.pk])).content.decode()
    assert 'data-confirm="Merge the chosen record into Ann Other? That record is deleted;' in detail
    url = reverse("member_merge", args=[keep.pk])
    asked = client_in.post(url, {"other": drop.pk}).content.decode()
    assert "<h1>Merge A. Other into Ann Other? The record of A. Other is deleted; its nights move here.</h1>" in asked
    assert the_second_step(asked, url) and f'<input type="hidden" name="other" value="{drop.pk}">' in asked
    assert Member.objects.count() == 2
    client_in.post(url, {"other": drop.pk, "confirm": "yes"})
    assert list(Member.objects.values_list("pk", "email")) == [(keep.pk, "ann@example.org")]

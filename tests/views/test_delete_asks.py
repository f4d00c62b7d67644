"""Deleting asks first, as closing a round does: the button asks in the browser (data-confirm, site.js then sends
confirm=yes), and a post without that answer (JavaScript off) is answered by a page asking the same question,
with nothing deleted until its button is pressed."""

import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.towie.conftest import make_table
from tournaments.models import Club, Party, Series, TowieTable
from tournaments.services import seasons

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

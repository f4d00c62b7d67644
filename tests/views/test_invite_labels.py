"""Two one-time director links waiting are told apart on the Club page (issue 23 item 6): whom each is
for, and when it was made to the minute."""

import datetime
import re
from html import unescape
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from tournaments.models import DirectorInvite

pytestmark = pytest.mark.django_db

LONDON = ZoneInfo("Europe/London")  # the settings' TIME_ZONE


def page_text(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_two_links_show_whom_each_is_for_and_the_minute_each_was_made(client_in, settings):
    settings.TIME_ZONE = "Europe/London"
    client_in.post(reverse("invite_create"), {"invite-role": "director", "invite-label": "  Carol,\n Tuesday "})
    client_in.post(reverse("invite_create"), {"invite-role": "owner", "invite-label": "Dan"})
    carol, dan = DirectorInvite.objects.get(label="Carol, Tuesday"), DirectorInvite.objects.get(label="Dan")
    assert (carol.role, dan.role) == ("director", "owner")
    DirectorInvite.objects.filter(pk=carol.pk).update(created_at=datetime.datetime(2026, 11, 3, 19, 7, tzinfo=LONDON))
    DirectorInvite.objects.filter(pk=dan.pk).update(created_at=datetime.datetime(2026, 11, 3, 19, 42, tzinfo=LONDON))
    text = page_text(client_in.get(reverse("club_page")))
    assert "Dan · Owner, made 3 Nov 2026 at 19:42, works until" in text
    assert "Carol, Tuesday · Director, made 3 Nov 2026 at 19:07, works until" in text
    assert text.index("Dan ·") < text.index("Carol, Tuesday ·")  # the newest first


def test_a_link_without_a_label_still_shows_its_minute(client_in):
    client_in.post(reverse("invite_create"), {"invite-role": "director"})
    invite = DirectorInvite.objects.get()
    DirectorInvite.objects.update(created_at=datetime.datetime(2026, 11, 3, 8, 5, tzinfo=LONDON))
    assert invite.label == ""
    assert "Director, made 3 Nov 2026 at 08:05, works until" in page_text(client_in.get(reverse("club_page")))


def test_a_label_too_long_makes_no_link_and_says_so(client_in):
    response = client_in.post(
        reverse("invite_create"), {"invite-role": "director", "invite-label": "x" * 81}, follow=True
    )
    assert "Say whom the link is for in at most 80 characters: no link was made." in page_text(response)
    assert not DirectorInvite.objects.exists()
    client_in.post(reverse("invite_create"), {"invite-role": "director", "invite-label": "y" * 80})
    assert DirectorInvite.objects.get().label == "y" * 80


def test_a_label_is_printed_as_typed_never_as_markup(client_in):
    client_in.post(reverse("invite_create"), {"invite-role": "director", "invite-label": "<b>Eve</b>"})
    html = client_in.get(reverse("club_page")).content.decode()
    assert "<bdi>&lt;b&gt;Eve&lt;/b&gt;</bdi>" in html and "<b>Eve</b>" not in html

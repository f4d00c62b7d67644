"""What the live pages' poll tests share: another club's director, and a write checked on a poll."""

from django.contrib.auth import get_user_model
from django.test import Client

from tournaments.models import Club, Membership


def outsider() -> Client:
    """Bob, who directs another club, logged in."""
    user = get_user_model().objects.create_user("bob", password="correct horse battery")
    Membership.objects.create(club=Club.objects.create(name="Bob's club"), user=user, role="owner")
    client = Client()
    client.force_login(user)
    return client


def assert_changed_and_drawn(poll, client, url, before, what, text=None):
    """After the write `what`, a poll with the old validator is drawn (with `text`), and one with the
    new validator is 304 with nothing drawn."""
    after = poll(client, url, tag=before)
    assert after.status_code == 200, what
    assert after["ETag"] != before, f"the validator missed {what}"
    if text is not None:
        assert text in after.content.decode(), what
    again = poll(client, url, tag=after["ETag"])
    assert (again.status_code, again.content) == (304, b""), what

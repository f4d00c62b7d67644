"""The site starts, a director logs in, the admin works for every model."""

import pytest
from django.apps import apps
from django.urls import reverse


def test_home_sends_a_stranger_to_the_login_page(client, director):
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_director_logs_in_with_a_password_and_sees_the_parties(client, director):
    response = client.post(reverse("login"), {"username": "alice", "password": "correct horse battery"})
    assert response.status_code == 302
    page = client.get("/")
    assert page.status_code == 200
    assert "Party nights" in page.content.decode()


def test_a_wrong_password_is_refused(client, director):
    response = client.post(reverse("login"), {"username": "alice", "password": "nope"})
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()


# Shown in the admin but changed only through the app's pages (history, versions and scores stay true).
VIEW_ONLY = {
    "tableresult", "dealentry", "resultchange", "seatoverride", "bostondeal", "knockoutmatch",
    "knockoutdeal", "towiedeal", "directorinvite", "phonesend", "outgoingmail", "mailrecipient",
    "planchange", "midroundseat", "moneyrow", "moneyaccount", "eventfee", "freeplace",
}  # fmt: skip


@pytest.mark.django_db
def test_the_admin_lists_every_model_and_adds_all_but_the_scores_and_history(admin_client, party_factory):
    party_factory()
    for model in apps.get_app_config("tournaments").get_models():
        meta = model._meta
        changelist = admin_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"))
        assert changelist.status_code == 200, meta.model_name
        add = admin_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_add"))
        assert add.status_code == (403 if meta.model_name in VIEW_ONLY else 200), meta.model_name


@pytest.mark.django_db
def test_static_files_are_vendored_not_fetched(client):
    from django.contrib.staticfiles import finders

    assert finders.find("django_htmx/htmx-2.min.js")
    assert finders.find("css/site.css")


def test_demo_command_adds_the_demo_party_to_a_club_once(db, capsys):
    from django.core.management import call_command

    from tournaments.models import Club, Party

    call_command("demo", "--club", "Bridge at the Vicarage")
    call_command("demo", "--club", "Bridge at the Vicarage")
    out = capsys.readouterr().out
    assert "Made the club “Bridge at the Vicarage”" in out
    assert "Added to “Bridge at the Vicarage”: Demo party." in out
    assert "has the demo events already: nothing added." in out
    assert "password" not in out
    party = Party.objects.get(name="Demo party")
    assert party.club == Club.objects.get(name="Bridge at the Vicarage") and party.demo
    assert party.guests.count() == 20
    assert party.rounds.get(number=1).seats.count() == 20
    assert party.rounds.get(number=1).results.count() == 3

"""/health/ for a balancer or monitor: no login, never cached, 503 when the database is gone."""

import pytest
from django.db import OperationalError

from tournaments.http import middleware

pytestmark = pytest.mark.django_db


def test_health_answers_ok_without_a_login(client):
    response = client.get("/health/")
    assert response.status_code == 200 and response.content == b"ok\n"
    assert "no-cache" in response["Cache-Control"]


def test_health_answers_before_the_club_is_set_up(client):
    middleware.forget_set_up()
    assert client.get("/health/").status_code == 200


def test_health_says_503_when_the_database_does_not_answer(client, monkeypatch):
    def broken(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr("tournaments.views.health.connection.cursor", broken)
    response = client.get("/health/")
    assert response.status_code == 503 and b"database unavailable" in response.content

"""Which errors are a database out of reach (503 with Retry-After) and which stay a 500 (tournaments/http/outage.py).
The whole path, PostgreSQL stopped under the real server, is tests/http/test_database_outage.py."""

import pytest
from django.db import InterfaceError, OperationalError, ProgrammingError
from django.test import Client

from tournaments.http.outage import database_down


class Pg(OperationalError):
    def __init__(self, text: str, sqlstate: str | None) -> None:
        super().__init__(text)
        self.sqlstate = sqlstate


@pytest.mark.parametrize(
    ("error", "down"),
    [
        (
            OperationalError(
                'connection failed: connection to server at "127.0.0.1", port 5432 failed: Connection refused'
            ),
            True,
        ),
        (Pg("the database system is starting up", "57P03"), True),
        (Pg("terminating connection due to administrator command", "57P01"), True),
        (Pg("sorry, too many clients already", "53300"), True),
        (OperationalError("consuming input failed: server closed the connection unexpectedly"), True),
        (InterfaceError("connection already closed"), True),
        (OperationalError("database is locked"), False),  # busy: the busy page's 503 (middleware.py)
        (ProgrammingError('relation "x" does not exist'), False),  # a bug: a 500
        (ValueError("connection refused"), False),
    ],
)
def test_what_counts_as_the_database_out_of_reach(error, down):
    assert database_down(error) is down


@pytest.mark.django_db
def test_an_outage_in_a_middleware_answers_503_on_pages_and_json_on_posts(monkeypatch):
    def refused():
        raise OperationalError("connection failed: Connection refused")

    # The first run's check is the first query a request makes, before any view.
    monkeypatch.setattr("tournaments.http.middleware._seen_set_up", False)
    monkeypatch.setattr("tournaments.http.middleware.setup_needed", refused)
    client = Client(raise_request_exception=False)
    page = client.get("/health/")
    assert page.status_code == 503 and page["Retry-After"] == "5"
    assert "The database is not answering" in page.content.decode()
    answer = client.post("/t/some-token/", {"action": "deal"}, HTTP_ACCEPT="application/json")
    assert answer.status_code == 503 and answer["Retry-After"] == "5"
    assert answer.json() == {
        "ok": False,
        "message": "The database is not answering: try again in a moment.",
        "retry": True,
    }

"""The contract outside checks use: `EMAIL_URL=smtp://HOST:PORT python manage.py send_mail`, a process of its own
reading the same database, sends what the site queued to that server."""

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from tests.mail.helpers import played_party
from tournaments.models import OutgoingMail
from tournaments.services import members
from tournaments.services.results_mail import party_results_mail

ROOT = Path(__file__).resolve().parents[2]


def database_env() -> dict[str, str]:
    """The test database, named for another process as the settings read it."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return {"SQLITE_PATH": str(db["NAME"])}
    user, password = quote(db.get("USER") or ""), quote(db.get("PASSWORD") or "")
    login = f"{user}:{password}@" if user else ""
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return {"DATABASE_URL": f"postgres://{login}{db.get('HOST') or ''}{port}/{db['NAME']}"}


@pytest.mark.django_db(transaction=True)
def test_send_mail_in_its_own_process_sends_to_the_email_url(director, smtp):
    party = played_party(director)
    guest = party.guests.get(name="Lady 003")
    guest.member = members.member_create(club=party.club, name="Lady 003", email="mary@example.org")
    guest.save()
    assert party_results_mail(party=party, site="http://club.example").queued == 1
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH", "EMAIL_URL")}
    env |= database_env() | {"EMAIL_URL": f"smtp://127.0.0.1:{smtp.port}", "EMAIL_FROM": "results@club.example"}
    done = subprocess.run(
        [sys.executable, "manage.py", "send_mail"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "E-mail: 1 sent, 0 to try again later, 0 given up." in done.stdout
    (message,) = smtp.messages
    assert message["To"] == "mary@example.org" and message["Subject"] == "Your results: Spring party"
    assert OutgoingMail.objects.get().status == "sent"

"""`make bench`'s slow-client step (issue 41, item 5): the real `manage.py serve`, 20 phones without and
then beside 200 slow-header connections from one address (bench/slowclients.py), in the same run.

Each pass has a party of its own (20 tables, a phone at each saves deal 1), read back after: a save the
phone was told of and not stored is lost. `python -m bench.run --slow-only` runs just this step.
"""

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from bench.build import party
from bench.servers import free_port, health
from bench.slowclients import attack, figures, phones
from tournaments.models import DealEntry, TableToken

ROOT = Path(__file__).resolve().parent.parent
PHONES, SLOW, LIMIT_S = 20, 200, 10.0
GOAL_P95_MS = 2000


@contextlib.contextmanager
def served() -> Iterator[int]:
    """`manage.py serve` as `make run` starts it (DEBUG off), on 127.0.0.1 and the bench's database."""
    port = free_port()
    home = tempfile.mkdtemp(prefix="cd-bench-home-")  # gunicorn's control socket: the step's own
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "HOME": home, "DEBUG": "false"}
    env.pop("XDG_RUNTIME_DIR", None)
    command = [sys.executable, str(ROOT / "manage.py"), "serve"]
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        health(port)
        yield port
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=5)


def _seats(director, name: str):
    made = party(PHONES, director, name=name, rounds=1)
    tokens = TableToken.objects.filter(party=made, revoked_at__isnull=True).order_by("table")
    return made, [(token, 1) for token in tokens.values_list("token", flat=True)]


def _lost(made, visits) -> int:
    """Saves the phone was told of ("ok") that are not stored as sent."""
    stored = set(
        DealEntry.objects.filter(result__round__party=made, number=1, contract="3N", declarer="S", tricks=9)
        .values_list("result__table", flat=True)
    )  # fmt: skip
    tables = dict(TableToken.objects.filter(party=made).values_list("token", "table"))
    told = [tables[v.token] for v in visits if v.saved]
    return sum(table not in stored for table in told)


def run(director) -> dict:
    calm, calm_seats = _seats(director, "Slow clients: calm")
    under, attack_seats = _seats(director, "Slow clients: attacked")
    with served() as port:
        calm_visits = phones(port, calm_seats, LIMIT_S)
        with attack(port, SLOW) as held:
            attack_visits = phones(port, attack_seats, LIMIT_S)
        slow_opened = held.opened
    return {
        "slow_connections": SLOW,
        "slow_opened": slow_opened,
        "without": figures(calm_visits) | {"lost": _lost(calm, calm_visits)},
        "with": figures(attack_visits) | {"lost": _lost(under, attack_visits)},
        "goal_p95_ms": GOAL_P95_MS,
    }


def met(step: dict) -> bool:
    """Every phone opened and saved beside the attack, nothing lost, p95 under the goal."""
    attacked = step.get("with", {})
    every = attacked.get("opened") == PHONES and attacked.get("saved") == PHONES and attacked.get("lost") == 0
    return every and (attacked.get("p95_ms") or 1e9) < GOAL_P95_MS

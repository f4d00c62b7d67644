"""The hosted load: how many party nights one server carries at once, beside a bare Django's count.

Each night is a 20-table party in its first round, under way (its clock running): two phones a table
polling their part as static/phone/phone.js does, the round page and its big screen polled as htmx does,
North–South saving a deal every BENCH_HOSTED_DEAL_S seconds (a compressed evening: one a minute is a
real table's pace) and East–West accepting it once seen (bench/hostedgen.py, a process of its own). N
steps up
(BENCH_HOSTED_STEPS) until a step fails: a poll's p95 at 250 ms or more, a save's at 300 ms or more, or
any error. The bare Django under the same load shape answers every poll with a fixed small 304 and
every save with one small write (bench/bare.py). The servers' CPU seconds per night-second, from the
workers' own /proc times, are reported for both at the biggest step both carried: on two shared cores
the load generator runs out before a bare Django does, and that ratio is what compares.
"""

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from django.db import connection
from django.test import Client
from django.urls import reverse

from bench import build, servers
from bench.loadtest import THREADS, WORKERS, checkpoint, deal_steps, percentile
from tournaments.models import TableToken
from tournaments.services import rounds as round_services

ROOT = Path(__file__).resolve().parent.parent
TABLES = 20
POLL_P95_MS, SAVE_P95_MS = 250, 300
SMOKE = bool(os.environ.get("BENCH_SMOKE"))


def _env(name: str, default: str) -> str:
    return os.environ.get(name) or default


def settings() -> dict:
    return {
        "steps": [int(n) for n in _env("BENCH_HOSTED_STEPS", "1" if SMOKE else "5,10,20,40,80,160").split(",")],
        "duration_s": float(_env("BENCH_HOSTED_S", "6" if SMOKE else "40")),
        "deal_every_s": float(_env("BENCH_HOSTED_DEAL_S", "15")),
        "state_every_s": 5.0,
        "room_every_s": 4.0,
    }


def _cookie(director) -> str:
    client = Client()
    client.force_login(director)
    return f"sessionid={client.cookies['sessionid'].value}"


def _split(steps: list[dict]) -> tuple[list[dict], list[dict]]:
    return [s["form"] for s in steps if s["form"]["action"] == "deal"], [
        s["form"] for s in steps if s["form"]["action"] == "accept"
    ]


def our_nights(director, count: int, label: str, cookie: str) -> list[dict]:
    rng = random.Random(count)
    nights = []
    for number in range(1, count + 1):
        party = build.party(TABLES, director, name=f"Hosted {label}, night {number}", rounds=1)
        # Mid-round: the round has started (its clock runs), as on a night already under way; else every
        # night's first deal would start its clock in the timed phase, and all forty phones draw again.
        round_services.round_start(round_=party.rounds.get(number=1))
        tokens = dict(TableToken.objects.filter(party=party, revoked_at__isnull=True).values_list("table", "token"))
        tables = []
        for table in range(1, TABLES + 1):
            path = f"/t/{tokens[table]}/"
            deals, accepts = _split(deal_steps(table, build.deals(rng)))
            tables.append(
                {"path": path, "state": path + "?state=1", "part": path + "?part=1", "deals": deals, "accepts": accepts}
            )
        room = reverse("round_detail", args=[party.id, 1])
        nights.append({"room": [room, room + "?projector=1"], "cookie": cookie, "tables": tables})
    return nights


def bare_nights(count: int, label: str, cookie: str) -> list[dict]:
    nights = []
    for number in range(1, count + 1):
        tables = []
        for table in range(1, TABLES + 1):
            path = f"/bench-bare/phone/h{label}-{number}-{table}/0/0/?answer=200"
            forms = [{"number": str(n)} for n in range(1, 5)]
            tables.append({"path": path, "state": "/bench-bare/poll/open/", "deals": forms, "accepts": forms})
        nights.append({"room": ["/bench-bare/poll/", "/bench-bare/poll/"], "cookie": cookie, "tables": tables})
    return nights


def _generate(plan: dict) -> dict:
    with tempfile.TemporaryDirectory(prefix="clubdirector-hosted-") as folder:
        plan_path, out_path = Path(folder, "plan.json"), Path(folder, "out.json")
        plan_path.write_text(json.dumps(plan))
        subprocess.run([sys.executable, "-m", "bench.hostedgen", str(plan_path), str(out_path)], cwd=ROOT,
                       check=True, timeout=plan["duration_s"] + 120)  # fmt: skip
        return json.loads(out_path.read_text())


def step(up, nights: list[dict], shape: dict, *, bare: bool = False) -> dict:
    connection.close()
    out = _generate({"port": up.port, "nights": nights, "bare": bare, "pids": up.worker_pids(), **shape})
    cpu = out["cpu_s"]
    polls, saves = sorted(out["polls_ms"]), sorted(out["saves_ms"])
    elapsed = out["elapsed_s"] or 1e-9
    figures = {
        "nights": len(nights),
        "poll_p95_ms": percentile(polls, 0.95),
        "save_p95_ms": percentile(saves, 0.95),
        "polls": len(polls),
        "saves": len(saves),
        "errors": len(out["errors"]),
        "error_samples": sorted(set(out["errors"]))[:3],
        "requests_per_night_per_s": round(out["requests"] / elapsed / len(nights), 2),
        "cpu_s_per_night_s": round(cpu / elapsed / len(nights), 4),
    }
    figures["passed"] = (
        figures["errors"] == 0
        and (figures["poll_p95_ms"] or 0) < POLL_P95_MS
        and (figures["save_p95_ms"] or 0) < SAVE_P95_MS
    )
    print(f"[bench] hosted{' (bare)' if bare else ''}: {figures}", file=sys.stderr, flush=True)
    return figures


def settle(up, most_s: float = 60.0) -> None:
    """Wait until the servers' workers are idle (their CPU still over a second), at most `most_s`."""
    from bench.hostedgen import cpu_s

    deadline, before = time.monotonic() + most_s, cpu_s(up.worker_pids())
    while time.monotonic() < deadline:
        time.sleep(1.0)
        now = cpu_s(up.worker_pids())
        if now - before < 0.05:
            return
        before = now


def capacity(director, *, servers_count: int = 1, quick: bool = False) -> dict:
    """results.json's `hosted`: the largest N ours carries, the bare Django's, and both sides' CPU.
    `quick` (the smoke): no warm-up and no baseline, only that the load runs clean."""
    shape = settings()
    plan_shape = {k: shape[k] for k in ("duration_s", "deal_every_s", "state_every_s", "room_every_s")}
    cookie = _cookie(director)
    ours, baseline = [], []
    # Built before the servers start (SQLite's log checkpointed after), as the other loads are.
    planned = {n: our_nights(director, n, f"step {n}", cookie) for n in shape["steps"]}
    from bench import bare

    bare.setup()
    checkpoint()
    with servers.running(servers_count, workers=WORKERS, threads=THREADS) as up:
        if not quick:
            warm = our_nights(director, 1, "warm-up", cookie)
            step(up, warm, plan_shape | {"duration_s": min(5.0, shape["duration_s"])})
        # Ours and the bare Django take turns at each step (which goes first alternating), each until it
        # fails: this machine's speed drifts by a third over minutes, and a side run minutes after the
        # other was measured on another machine, in effect.
        ours_going, bare_going = True, not quick
        for turn, n in enumerate(shape["steps"]):
            if not (ours_going or bare_going):
                break
            for bare_turn in (False, True) if turn % 2 == 0 else (True, False):
                if bare_turn and bare_going:
                    baseline.append(step(up, bare_nights(n, f"{n}", cookie), plan_shape, bare=True))
                    bare_going = baseline[-1]["passed"]
                elif not bare_turn and ours_going:
                    ours.append(step(up, planned[n], plan_shape))
                    ours_going = ours[-1]["passed"]
                else:
                    continue
                if not (baseline if bare_turn else ours)[-1]["passed"]:
                    settle(up)  # a failed step may leave requests queued: none spill into the next step
        described = up.describe()
    passed = [s for s in ours if s["passed"]]
    bare_passed = [s for s in baseline if s["passed"]]
    best = passed[-1] if passed else (ours[0] if ours else {})
    failed = [s for s in ours if not s["passed"]]
    # The CPU is compared at the biggest step both carried; else (a loaded machine) at the first both ran.
    both = (
        sorted({s["nights"] for s in passed} & {s["nights"] for s in bare_passed})
        or sorted({s["nights"] for s in ours} & {s["nights"] for s in baseline})[:1]
    )
    cores = os.cpu_count() or 1
    cpu = {}
    if both:
        at = both[-1]
        mine = next(s for s in ours if s["nights"] == at)["cpu_s_per_night_s"]
        theirs = next(s for s in baseline if s["nights"] == at)["cpu_s_per_night_s"]
        cpu = {
            "at_nights": at,
            "both_passed": at in {s["nights"] for s in passed} and at in {s["nights"] for s in bare_passed},
            "cores": cores,
            "ours_cpu_s_per_night_s": mine,
            "baseline_cpu_s_per_night_s": theirs,
            "ours_implied_nights": round(cores / mine) if mine else None,
            "baseline_implied_nights": round(cores / theirs) if theirs else None,
            "ratio": round(theirs / mine, 3) if mine else None,
        }
    return {
        "nights": passed[-1]["nights"] if passed else 0,
        "baseline_nights": bare_passed[-1]["nights"] if bare_passed else 0,
        "poll_p95_ms": best.get("poll_p95_ms"),
        "save_p95_ms": best.get("save_p95_ms"),
        # The figures of the nights carried, errors among them (none, or it would not have passed); the
        # step past them fails by its p95s, and an overloaded server's queue can overflow there too
        # (connections reset): told apart, as what the failure looked like, not as faults of the capacity.
        "errors": best.get("errors", 0),
        "errors_past_capacity": {k: failed[0][k] for k in ("nights", "errors", "error_samples")} if failed else {},
        "requests_per_night_per_s": best.get("requests_per_night_per_s"),
        "cpu": cpu,
        "steps": ours,
        "baseline_steps": baseline,
        "shape": shape | {"tables": TABLES, "phones_per_table": 2, "room_polls": 2},
        "server": described,
        "database": connection.vendor,
        "baseline": "a bare Django with the same middleware: every poll a fixed small 304, every save one small write",
    }


def unchanged_poll(director) -> dict:
    """limits.unchanged_poll, in process: the round page's poll that finds nothing changed (20 tables,
    logged in, its ETag sent back), beside a bare 304 through the same middleware, taken turn about."""
    from bench.measure import interleaved

    party = build.party(TABLES, director, name="Hosted: the unchanged poll", rounds=1)
    client = Client()
    client.force_login(director)
    url = reverse("round_detail", args=[party.id, 1])
    client.get(url)  # the whole page first, as a browser opens it
    tag = client.get(url, headers={"HX-Request": "true"})["ETag"]

    def ours():
        if client.get(url, headers={"HX-Request": "true", "If-None-Match": tag}).status_code != 304:
            raise SystemExit("the unchanged poll was not answered 304")

    def bare():
        client.get("/bench-bare/poll/", headers={"HX-Request": "true", "If-None-Match": tag})

    found = [interleaved(ours, bare, runs=21, warmup=5) for _ in range(3)]
    return {
        "ours_ms": round(statistics.median(f[0] for f in found), 2),
        "limit_ms": round(statistics.median(f[1] for f in found), 2),
        "ratio": round(statistics.median(f[2] for f in found), 3),
    }


def smoke(director, servers_count: int) -> dict:
    """BENCH_SMOKE: one small step of ours (one night, 6 s), to show the load runs clean (no capacity
    claimed: the first requests are the workers' first)."""
    started = time.perf_counter()
    figures = capacity(director, servers_count=servers_count, quick=True)
    figures["seconds"] = round(time.perf_counter() - started, 1)
    return figures

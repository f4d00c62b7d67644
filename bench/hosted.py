"""The hosted load: how many party nights one server carries at once, beside a bare Django's count.

Each night is a 20-table party in its first round, under way (its clock running): two phones a table
polling their part as static/phone/phone.js does, the round page and its big screen polled as htmx does,
North–South saving a deal every BENCH_HOSTED_DEAL_S seconds (a compressed evening: one a minute is a
real table's pace) and East–West accepting it once seen (bench/hostedgen.py, a process of its own). N
steps up
(BENCH_HOSTED_STEPS) until a step fails: a poll's p95 at 250 ms or more, a save's at 300 ms or more, or
any error. The bare Django under the same load shape answers every poll with a fixed small 304 and
every save with one small write (bench/bare.py). Both run on the server `make run` starts (manage.py
serve's gunicorn: its worker class, workers x threads and limits). Each step is run until two runs agree
(the same verdict, CPU within 10 %), at most four times.

The capacity goal compares the nights carried. The servers' CPU seconds per night-second, from the workers'
own /proc times, are compared (ours over the bare's, goal at most 1.25x) at the largest step both carried;
when the bare Django carried the largest step, the load generator ran out first (on two shared cores it
can): that is said, and the capacity the CPU implies is given beside the nights, never instead of them.
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


REPEATS, AGREE = 4, 0.10  # each step run until two runs agree within 10 %, at most 4 runs
CPU_KEY = "cpu_s_per_night_s"


def agreeing(runs: list[dict], within: float = AGREE) -> tuple[int, int] | None:
    """The first two runs that agree: the same verdict (both carried the step, or neither) and CPU seconds per
    night-second within `within` of the larger. None when no two do."""
    for later in range(1, len(runs)):
        for earlier in range(later):
            a, b = runs[earlier], runs[later]
            x, y = a.get(CPU_KEY) or 0.0, b.get(CPU_KEY) or 0.0
            if a["passed"] == b["passed"] and abs(x - y) <= within * max(x, y):
                return earlier, later
    return None


def combined(runs: list[dict]) -> dict:
    """One step's figures from its runs: the agreeing pair's (else, after the last run, the two closest in
    CPU, said not to agree): the mean of their CPU, the worse of their p95s, their errors added; carried
    when both carried it. Every run is kept under `runs`."""
    pair = agreeing(runs)
    if pair is None and len(runs) > 1:
        pairs = [(i, j) for j in range(1, len(runs)) for i in range(j)]
        pair = min(pairs, key=lambda p: abs((runs[p[0]].get(CPU_KEY) or 0) - (runs[p[1]].get(CPU_KEY) or 0)))
    chosen = [runs[i] for i in pair] if pair else runs[:1]

    def worst(key: str) -> float | None:
        values = [r[key] for r in chosen if r.get(key) is not None]
        return max(values) if values else None

    return chosen[0] | {
        "poll_p95_ms": worst("poll_p95_ms"),
        "save_p95_ms": worst("save_p95_ms"),
        "errors": sum(r["errors"] for r in chosen),
        "error_samples": sorted({e for r in chosen for e in r["error_samples"]})[:3],
        CPU_KEY: round(sum(r[CPU_KEY] for r in chosen) / len(chosen), 4),
        "passed": all(r["passed"] for r in chosen),
        "agreed": pair is not None and agreeing([runs[i] for i in pair]) is not None,
        "runs": runs,
    }


def compare(ours: list[dict], baseline: list[dict], steps: list[int], cores: int) -> dict:
    """The nights each side carried (the largest step it passed), and the CPU each night costs, ours over the
    bare Django's, at the largest step both carried (none when no step was carried by both). When the bare
    Django carried the largest step, the load generator (sharing the machine) ran out before it did: the
    nights are then a floor, not a capacity, and the capacity the CPU implies is given beside them."""
    passed = {s["nights"]: s for s in ours if s["passed"]}
    bare_passed = {s["nights"]: s for s in baseline if s["passed"]}
    nights, baseline_nights = max(passed, default=0), max(bare_passed, default=0)
    ran_out = bool(steps) and baseline_nights == max(steps)
    both = sorted(set(passed) & set(bare_passed))
    cpu: dict = {"at_nights": None, "ratio": None, "cores": cores}
    if both:
        at = both[-1]
        mine, theirs = passed[at][CPU_KEY], bare_passed[at][CPU_KEY]
        cpu |= {
            "at_nights": at,
            "ours_cpu_s_per_night_s": mine,
            "baseline_cpu_s_per_night_s": theirs,
            "ratio": round(mine / theirs, 3) if theirs else None,  # ours / the bare Django's: goal at most 1.25
        }
        if ran_out:
            cpu |= {
                "ours_implied_nights": round(cores / mine) if mine else None,
                "baseline_implied_nights": round(cores / theirs) if theirs else None,
            }
    return {"nights": nights, "baseline_nights": baseline_nights, "generator_ran_out_first": ran_out, "cpu": cpu}


def summary(hosted: dict) -> str:
    """The hosted load in a line: the nights carried, the CPU ratio beside them, and when the load generator
    ran out first, that said."""
    cpu = hosted.get("cpu") or {}
    line = f"hosted: ours carried {hosted['nights']} nights, the bare Django {hosted['baseline_nights']}"
    if cpu.get("ratio") is not None:
        line += f"; CPU per night ours / bare {cpu['ratio']} at {cpu['at_nights']} nights (goal at most 1.25x)"
    else:
        line += "; no CPU ratio (no step carried by both)"
    if hosted.get("generator_ran_out_first"):
        line += (
            "; the load generator ran out first (the bare Django carried the largest step): the nights are a "
            f"floor, the CPU implies {cpu.get('ours_implied_nights')} nights ours, "
            f"{cpu.get('baseline_implied_nights')} the bare Django's"
        )
    return line


def _measured(up, nights, shape: dict, repeats: int, *, bare: bool = False, run_step=None) -> dict:
    """One step, run until two runs agree (at most `repeats`), settled after a failed run; `nights(run)`
    gives each run nights of its own (a night played again would send saves already stored). `run_step`
    runs each (as `step` does, its figures returned): bench/laptop.py's runs its browser beside."""
    runs: list[dict] = []
    for run in range(repeats):
        runs.append((run_step or step)(up, nights(run), shape, bare=bare))
        if not runs[-1]["passed"]:
            settle(up)  # a failed run may leave requests queued: none spill into the next
        if agreeing(runs):
            break
    return combined(runs)


def capacity(director, *, servers_count: int = 1, quick: bool = False) -> dict:
    """results.json's `hosted`: the largest N ours carries, the bare Django's, and both sides' CPU.
    `quick` (the smoke): no warm-up, no baseline, one run a step: only that the load runs clean."""
    shape = settings()
    plan_shape = {k: shape[k] for k in ("duration_s", "deal_every_s", "state_every_s", "room_every_s")}
    cookie = _cookie(director)
    repeats = 1 if quick else REPEATS
    ours, baseline = [], []
    # Built before the servers start (SQLite's log checkpointed after), as the other loads are; a step's
    # further runs get nights of their own, built between runs while the server is idle.
    planned = {n: our_nights(director, n, f"step {n}", cookie) for n in shape["steps"]}

    def ours_for(n: int):
        def nights(run: int) -> list[dict]:
            if run == 0:
                return planned[n]
            made = our_nights(director, n, f"step {n}, run {run + 1}", cookie)
            checkpoint()
            return made

        return nights

    def bare_for(n: int):
        return lambda run: bare_nights(n, f"{n}r{run}", cookie)

    from bench import bare

    bare.setup()
    checkpoint()
    # `make run`'s server: manage.py serve's gunicorn, its worker class and workers x threads.
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
                    baseline.append(_measured(up, bare_for(n), plan_shape, repeats, bare=True))
                    bare_going = baseline[-1]["passed"]
                elif not bare_turn and ours_going:
                    ours.append(_measured(up, ours_for(n), plan_shape, repeats))
                    ours_going = ours[-1]["passed"]
        described = up.describe()
    passed = [s for s in ours if s["passed"]]
    best = passed[-1] if passed else (ours[0] if ours else {})
    failed = [s for s in ours if not s["passed"]]
    compared = compare(ours, baseline, shape["steps"], os.cpu_count() or 1)
    return compared | {
        "poll_p95_ms": best.get("poll_p95_ms"),
        "save_p95_ms": best.get("save_p95_ms"),
        # The figures of the nights carried, errors among them (none, or it would not have passed); the
        # step past them fails by its p95s, and an overloaded server's queue can overflow there too
        # (connections reset): told apart, as what the failure looked like, not as faults of the capacity.
        "errors": best.get("errors", 0),
        "errors_past_capacity": {k: failed[0][k] for k in ("nights", "errors", "error_samples")} if failed else {},
        "requests_per_night_per_s": best.get("requests_per_night_per_s"),
        "steps": ours,
        "baseline_steps": baseline,
        "shape": shape | {"tables": TABLES, "phones_per_table": 2, "room_polls": 2, "repeats_at_most": repeats},
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

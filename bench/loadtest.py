"""The fair load test: the phones come from bench/loadgen.py, an asyncio process of its own, never threads
inside the bench's process; every request's redirect is followed, as a phone's browser does.

The servers (bench/servers.py) are started once and warmed: every worker has served the pages and the
POST path (a whole warm-up burst, not timed) before the first timed run. Then, interleaved, each run of
ours (64 phones playing their round deal by deal: each deal saved, then accepted by East-West, as
bench/load.py's Phone.play_deals, each POST asking for JSON as the phone's script does) and of the bare
write (the same phones, the same number of POSTs, each one small transaction and a JSON answer as long as
the phone's) — at least three of each; then one run of each without the script (the phone's POST and its
redirected page; the bare write's and a redirect to a page as long), and with `whole_round` the whole-round
burst (each table's round form and both agreements at once) turn about with a bare baseline of its own,
as many runs of each (`whole_rounds`). The servers are `make run`'s: manage.py serve's gunicorn. Every
run is checked afterwards: `lost` counts a table whose result is missing or different, `doubled` any
change stored twice (a repeated send taken for a new one).
"""

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from django.db import connection
from django.db.models import Count

from bench import bare, servers
from bench.build import deals, party
from tournaments.models import ResultChange, TableResult, TableToken
from tournaments.rules import party as party_rules

ROOT = Path(__file__).resolve().parent.parent
# `make run`'s server (manage.py serve: its workers x threads) unless BENCH_WORKERS or BENCH_THREADS say otherwise.
WORKERS = int(os.environ["BENCH_WORKERS"]) if os.environ.get("BENCH_WORKERS") else None
THREADS = int(os.environ["BENCH_THREADS"]) if os.environ.get("BENCH_THREADS") else None


def percentile(sorted_values: list[float], share: float) -> float | None:
    if not sorted_values:
        return None
    return round(sorted_values[int(share * (len(sorted_values) - 1))], 1)


# --- what each phone sends (the same requests as bench/load.py's Phone.play and Phone.play_deals) ---


def _deal_fields(contract: str, declarer: str, tricks: int, prefix: str) -> dict:
    if contract == "PASS":
        return {f"{prefix}-level": "P"}
    fields = {f"{prefix}-level": contract[0], f"{prefix}-strain": contract[1], f"{prefix}-doubled": contract[2:]}
    return fields | {f"{prefix}-declarer": declarer, f"{prefix}-tricks": str(tricks)}


def deal_steps(table: int, round_deals) -> list[dict]:
    """Deal by deal: each deal saved with the phone's own id (timed), then East-West accept it (not timed)."""
    steps = []
    for number, (contract, declarer, tricks) in enumerate(round_deals, start=1):
        form = {"action": "deal", "round": "1", "number": str(number), "side": "NS"}
        form |= {"client_id": f"bench-{table}-{number}"} | _deal_fields(contract, declarer, tricks, "deal")
        if contract != "PASS":
            form["save"] = "1"
        steps.append({"form": form, "timed": True})
        accept = {"action": "accept", "round": "1", "number": str(number), "side": "EW"}
        steps.append({"form": accept | {"client_id": f"bench-{table}-{number}-ok"}, "timed": False})
    return steps


def round_steps(round_deals) -> list[dict]:
    """The whole round in one POST, then both sides' agreements (all three timed)."""
    form = {"round": "1", "version": "0", "save": "1"}
    for number, (contract, declarer, tricks) in enumerate(round_deals, start=1):
        form |= _deal_fields(contract, declarer, tricks, f"d{number}")
    agreements = [{"round": "1", "version": "1", "agree": side} for side in ("NS", "EW")]
    return [{"form": form, "timed": True}, *({"form": a, "timed": True} for a in agreements)]


def bare_steps(posts: int, timed_every: int = 2) -> list[dict]:
    """The bare write under the same load: as many POSTs, timed as the phone's are (every other one)."""
    return [{"form": {"number": str(n)}, "timed": n % timed_every == 1 % timed_every} for n in range(1, posts + 1)]


# --- a burst: the plan, the load generator's process, the figures ---


class Burst:
    """One party's phones (or the bare write's), planned before the servers start."""

    def __init__(self, director, name: str, phones: int, kind: str = "deals", seed: int = 64, json: bool = True):
        self.kind, self.phones, self.json = kind, phones, json
        rng = random.Random(seed)
        self.party = party(phones, director, name=name, rounds=1)
        self.tokens = dict(
            TableToken.objects.filter(party=self.party, revoked_at__isnull=True).values_list("table", "token")
        )
        self.planned = {table: deals(rng) for table in range(1, phones + 1)}

    def plan(self, port: int, limit_s: float) -> dict:
        steps = deal_steps if self.kind == "deals" else (lambda _table, d: round_steps(d))
        phones = [{"path": f"/t/{self.tokens[t]}/", "steps": steps(t, self.planned[t])} for t in self.planned]
        # The whole-round form is posted without the phone's script (it is the director's fallback).
        return {"port": port, "phones": phones, "limit_s": limit_s, "json": self.json and self.kind == "deals"}

    def check(self) -> dict:
        """Read back every table: lost (missing, different, not accepted, a deal missing) and doubled."""
        stored = {r.table: r for r in TableResult.objects.filter(round__party=self.party).prefetch_related("deals")}
        lost = 0
        for table, round_deals in self.planned.items():
            expected = party_rules.round_result(round_deals, "modern")
            result = stored.get(table)
            wrong = result is None or (result.ns, result.ew) != expected or result.status != "agreed"
            if result is None or wrong or len(result.deals.all()) != len(round_deals):
                lost += 1
        repeats = (
            ResultChange.objects.filter(result__round__party=self.party)
            .values("result_id", "action")
            .annotate(times=Count("id"))
            .filter(times__gt=1)
        )
        return {"lost": lost, "doubled": sum(r["times"] - 1 for r in repeats)}


class BareBurst:
    """The bare write: the same phones, as many POSTs each, one small transaction each, answered as ours are:
    a JSON body as long as the phone's (`answer` bytes), or without the script a redirect to a page."""

    def __init__(
        self, name: str, phones: int, posts: int, queries: int, rows: int, answer: int | None = None, timed_every=2
    ):
        self.name, self.phones, self.posts = name, phones, posts
        self.queries, self.rows, self.answer = queries, rows, answer
        self.timed_every = timed_every  # 2: as the deal-by-deal saves (accepts untimed); 1: every POST

    def plan(self, port: int, limit_s: float) -> dict:
        query = f"?answer={self.answer}" if self.answer is not None else ""
        where = f"{self.queries}/{self.rows}/{query}"
        phones = [
            {"path": f"/bench-bare/phone/{self.name}-{p}/{where}", "steps": bare_steps(self.posts, self.timed_every)}
            for p in range(1, self.phones + 1)
        ]
        return {"port": port, "phones": phones, "limit_s": limit_s, "json": self.answer is not None}

    def check(self) -> dict:
        written = {key: n for key, n in bare.writes().items() if key[0].startswith(f"{self.name}-")}
        expected = {(f"{self.name}-{p}", n) for p in range(1, self.phones + 1) for n in range(1, self.posts + 1)}
        return {
            "lost": len(expected - set(written)),
            "doubled": sum(n - 1 for n in written.values() if n > 1) + len(set(written) - expected),
        }


def generate(plan: dict) -> dict:
    """The load generator in its own process: python -m bench.loadgen PLAN OUT."""
    with tempfile.TemporaryDirectory(prefix="clubdirector-load-") as folder:
        plan_path, out_path = Path(folder, "plan.json"), Path(folder, "out.json")
        plan_path.write_text(json.dumps(plan))
        limit = plan.get("limit_s", 120) + 60
        subprocess.run([sys.executable, "-m", "bench.loadgen", str(plan_path), str(out_path)], cwd=ROOT, check=True,
                       timeout=limit)  # fmt: skip
        return json.loads(out_path.read_text())


def run_once(burst, port: int, limit_s: float, name: str = "") -> dict:
    connection.close()  # the servers' workers write; the bench reads afterwards on a fresh connection
    out = generate(burst.plan(port, limit_s))
    timings = sorted(out["timings_ms"])
    checked = burst.check()
    elapsed = out["elapsed_s"] or 1e-9
    if name:
        print(f"[bench] {name}: p95 {percentile(timings, 0.95)} ms, {len(out['errors'])} errors, {checked}"
              f"{', e.g. ' + '; '.join(sorted(set(out['errors']))[:3]) if out['errors'] else ''}",
              file=sys.stderr, flush=True)  # fmt: skip
    return {
        "p50_ms": percentile(timings, 0.5),
        "p95_ms": percentile(timings, 0.95),
        "p99_ms": percentile(timings, 0.99),
        # every request after the start (each POST and the redirected GET it was answered with), per second
        "rps": round((out.get("posts", 0) + out.get("redirects", 0)) / elapsed, 1),
        "saves_timed": len(timings),
        "errors": len(out["errors"]),
        "lost": checked["lost"],
        "doubled": checked["doubled"],
        "elapsed_s": round(elapsed, 2),
        "error_samples": out["errors"][:3],
    }


def spread(runs: list[dict]) -> dict:
    """Each figure's median over the runs, and how far apart the runs were (max - min, and as a share)."""
    summary = {}
    for key in ("p50_ms", "p95_ms", "p99_ms", "rps"):
        values = [r[key] for r in runs if r.get(key) is not None]
        if values:
            middle = statistics.median(values)
            summary[key] = {
                "median": round(middle, 1),
                "min": min(values),
                "max": max(values),
                "spread_pct": round(100 * (max(values) - min(values)) / middle, 1) if middle else None,
            }
    return summary


def paired_ratio(
    ours: list[dict], baseline: list[dict], key: str = "p95_ms"
) -> tuple[float | None, list[float | None]]:
    """The median of each pair's ratio ours / baseline (run i of ours beside run i of the bare write, which
    ran straight after it), and those ratios in the runs' order (None for a pair with a run that timed
    nothing). A pair sees nearly the same machine; two medians over runs minutes apart need not (a slow
    spell in one run of ours and none in the bare's says 2.4 for one pair of three that say 1.4 and 1.9)."""
    ratios = [
        round(o[key] / b[key], 3) if o.get(key) and b.get(key) else None for o, b in zip(ours, baseline, strict=True)
    ]
    known = [ratio for ratio in ratios if ratio is not None]
    return (round(statistics.median(known), 3) if known else None), ratios


def checkpoint() -> None:
    if connection.vendor == "sqlite":
        # Building the parties left a long write-ahead log; a running server checkpoints as it goes.
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()  # the server's workers open their own


def limit_for(phones: int, servers_count: int) -> float:
    return max(120.0, 1.5 * phones / servers_count)


def whole_rounds(rounds: list[Burst], port: int, limit: float, page: dict, label: str) -> dict:
    """The whole-round burst beside a bare baseline of its own, turn about (which goes first alternating):
    the same phones, as many POSTs each (the round's form and both agreements), every one timed, each
    one small transaction answered with a redirect to a page as long as the phone's, after as many queries."""
    posts = len(round_steps(rounds[0].planned[1]))
    ours: list[dict] = []
    baseline: list[dict] = []
    for i, burst in enumerate(rounds):
        bare_burst = BareBurst(f"whole{i}", burst.phones, posts, page["queries"], page["rows"], timed_every=1)
        turns = [(False, burst), (True, bare_burst)]
        for is_bare, which in turns if i % 2 == 0 else turns[::-1]:
            name = f"{label} whole rounds {i + 1}{', the bare write' if is_bare else ''}, {burst.phones} phones"
            (baseline if is_bare else ours).append(run_once(which, port, limit, name))
    ratio, pairs = paired_ratio(ours, baseline)
    return {
        "runs": ours,
        "baseline_runs": baseline,
        "spread": spread(ours),
        "baseline_spread": spread(baseline),
        "ratio": ratio,
        "pair_ratios": pairs,
        "baseline": f"a bare POST (one small transaction, a redirect to a page of {page['bytes']} bytes after "
        f"{page['queries']} queries), {posts} per phone, all timed, as the whole round's form and both agreements",
    }


def fair(director, *, phones: int = 64, servers_count: int = 1, runs: int = 3, whole_round: bool = False,
         label: str = "Load") -> dict:  # fmt: skip
    """Ours and the bare write, interleaved, `runs` times each, on servers started once and warmed first.

    The phones post as their script does (asking for JSON: one answer a save), and the bare write answers
    JSON as long; one more run of each without the script (a POST and its redirected page) is reported
    beside, as `form_runs`."""
    from django.test import Client

    total_workers = (WORKERS or servers.serve_shape()[0]) * servers_count
    warm = Burst(director, f"{label}: warm-up", min(phones, 4 * total_workers), seed=1)
    bursts = [Burst(director, f"{label} run {i + 1}, deal by deal", phones, seed=64 + i) for i in range(runs)]
    # The whole-round burst: each table's last deal and both agreements at once, one fresh party a run.
    rounds = [
        Burst(director, f"{label}: whole rounds, run {i + 1}", phones, kind="round", seed=200 + i)
        for i in range(max(runs, 1) if whole_round else 0)
    ]
    no_script = Burst(director, f"{label}: deal by deal without the script", phones, seed=99, json=False)
    # The bare write redirects to a page as long as the phone's, with as many queries; asked for JSON, it
    # answers a body as long as the phone's answer (its table state and a sentence).
    page = bare.calibrate(Client(), f"/t/{bursts[0].tokens[1]}/", "phone")
    answer = len(Client().get(f"/t/{bursts[0].tokens[1]}/?state=1").content) + len('{"ok": true, "message": ""}') + 20
    posts = len(deal_steps(1, bursts[0].planned[1]))
    bare.setup()
    checkpoint()
    limit = limit_for(phones, servers_count)
    with servers.running(servers_count, workers=WORKERS, threads=THREADS) as up:
        # Every worker loads its code and the POST path runs (ours and the bare), before anything is timed.
        run_once(warm, up.port, limit)
        run_once(BareBurst("warm", warm.phones, posts, page["queries"], page["rows"], answer), up.port, limit)
        ours, baseline = [], []
        for i, burst in enumerate(bursts):
            ours.append(run_once(burst, up.port, limit, f"{label} run {i + 1}, {phones} phones"))
            written = BareBurst(f"run{i}", phones, posts, page["queries"], page["rows"], answer)
            baseline.append(run_once(written, up.port, limit, f"{label} run {i + 1}, the bare write"))
        whole = whole_rounds(rounds, up.port, limit, page, label) if rounds else None
        form_runs = {
            "ours": run_once(no_script, up.port, limit, f"{label}, without the script"),
            "baseline": run_once(
                BareBurst("form", phones, posts, page["queries"], page["rows"]),
                up.port,
                limit,
                f"{label}, the bare write and its redirect",
            ),  # fmt: skip
        }
        from bench.load import _phone_page_kb

        page_kb = _phone_page_kb(up.port, bursts[0].tokens[1])
        described = up.describe()
    return {
        "phones": phones,
        "servers": servers_count,
        "server": described,
        "database": connection.vendor,
        "phone_page_kb": page_kb,
        "runs": ours,
        "baseline_runs": baseline,
        "spread": spread(ours),
        "baseline_spread": spread(baseline),
        "baseline": f"a bare POST (one small transaction, a JSON answer of {answer} bytes), {posts} per phone as "
        "the phones' saves (asking for JSON, as the phone's script does)",
        "form_runs": form_runs
        | {
            "baseline_is": f"a bare POST (one small transaction, a redirect to a page of {page['bytes']} bytes after "
            f"{page['queries']} queries)",
        },
        "whole_round": whole,
    }

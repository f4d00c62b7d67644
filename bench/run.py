"""`make bench`: the whole app measured at club scale. Prints figures; asserts nothing.

Builds, through the app's own services, parties of 10, 25, 50, 100, 250 and 500 tables (8 played rounds
each), a 16-pair knockout, 5,000 members and a season of 40 nights; measures every director page and the
table's phone page through their real URLs, each hot path beside a bare baseline in the same run, the
growth from 10 to 500 tables and where the time goes at 500, a worker's memory, and a fair load test
(bench/loadtest.py). Writes bench/results.json and prints it as the last line, the goals before it.

The database is bench/bench.sqlite3 (made afresh; BENCH_SQLITE names another file), or DATABASE_URL when
set (its tables are flushed first: never point it at a database you care about).

    BENCH_SERVERS=2   the load also through two gunicorns behind nginx (256 phones; meant for PostgreSQL)
    BENCH_SMOKE=1     only the load: 32 phones, one run, one pair of the whole-round burst and its bare
                      baseline, and one small hosted step (one night, 6 s, one run);
                      exits 1 on any error, lost or doubled entry
    BENCH_HOSTED_STEPS=5,10,…, BENCH_HOSTED_S, BENCH_HOSTED_DEAL_S  the hosted load (bench/hosted.py)
    --wifi-only       only the guest-felt step: the phone on emulated slow Wi-Fi (bench/slowwifi.py)
    --slow-only       only the slow-client step: 20 phones beside 200 slow-header connections (bench/slowstep.py)
    --laptop-only     only the laptop step: the hosted nights stepped up beside chromium showing one night's
                      round page and big screen (bench/laptop.py); BENCH_LAPTOP_STEPS=5,10,… (else
                      BENCH_HOSTED_STEPS); never in BENCH_SMOKE
    BENCH_PHONES, BENCH_LOAD_RUNS, BENCH_WORKERS, BENCH_THREADS, BENCH_SIZES=10,25,…  to vary it
"""

import json
import os
import statistics
import sys
import time
from pathlib import Path

from bench.timing import median_ms

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(os.environ.get("BENCH_OUT") or ROOT / "bench" / "results.json")  # BENCH_OUT: elsewhere
SIZES = (10, 25, 50, 100, 250, 500)
ROUNDS_NOTE = "every size of the scale series: 8 rounds played deal by deal (a 9th left open)"


def configure() -> None:
    # The app's settings, with the bare baselines' URLs beside the app's (bench/settings.py).
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"
    # Production-like: DEBUG off (no query log, cached templates), no HTTPS redirect on loopback.
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 60)
    os.environ["ALLOWED_HOSTS"] = "testserver,127.0.0.1,localhost"
    os.environ["SECURE_SSL_REDIRECT"] = "false"
    os.environ["SECURE_HSTS_SECONDS"] = "0"
    if not os.environ.get("DATABASE_URL"):
        path = Path(os.environ.get("BENCH_SQLITE") or ROOT / "bench" / "bench.sqlite3").resolve()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        os.environ["SQLITE_PATH"] = str(path)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    if os.environ.get("DATABASE_URL"):
        call_command("flush", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)


def say(text: str) -> None:
    """Progress, on stderr (stdout's last line is the JSON)."""
    print(f"[bench {time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name) or default)


def _median(runs: list[dict], key: str) -> float | None:
    values = [r[key] for r in runs if r.get(key) is not None]
    return round(statistics.median(values), 1) if values else None


def _load_figures(fair: dict) -> dict:
    """results.json's `load`: the keys it always had (the whole-round burst at the top, now the median of its
    runs, with its bare baseline's beside under whole_round; the deal-by-deal burst under deal_by_deal, the
    median of its runs), and each run with its spread."""
    whole, runs = fair["whole_round"] or {}, fair["runs"]
    whole_runs = whole.get("runs", [])
    common = {"server": fair["server"], "database": fair["database"], "phone_page_kb": fair["phone_page_kb"]}

    deal_by_deal = {
        "clients": fair["phones"],
        "submissions": fair["phones"],
        "requests_timed": sum(r["saves_timed"] for r in runs),
        "errors": sum(r["errors"] for r in runs),
        "lost": sum(r["lost"] for r in runs),
        "doubled": sum(r["doubled"] for r in runs),
        "p50_ms": _median(runs, "p50_ms"),
        "p95_ms": _median(runs, "p95_ms"),
        "p99_ms": _median(runs, "p99_ms"),
        **common,
        "error_samples": [e for r in runs for e in r["error_samples"]][:5],
    }
    return {
        "clients": fair["phones"],
        "submissions": fair["phones"],
        "requests_timed": sum(r["saves_timed"] for r in whole_runs) if whole_runs else None,
        "errors": sum(r["errors"] for r in whole_runs) if whole_runs else None,
        "lost": sum(r["lost"] for r in whole_runs) if whole_runs else None,
        "doubled": sum(r["doubled"] for r in whole_runs) if whole_runs else None,
        "p50_ms": _median(whole_runs, "p50_ms"),
        "p95_ms": _median(whole_runs, "p95_ms"),
        **common,
        "error_samples": [e for r in whole_runs for e in r["error_samples"]][:5],
        "whole_round": whole,
        "deal_by_deal": deal_by_deal,
        "generator": "bench/loadgen.py: asyncio phones in a process of their own; a timed save is its POST "
        "asking for JSON as the phone's script does (form_runs: without the script, the POST and its "
        "redirected GET; the whole round's form is always posted without it)",
        "runs": runs,
        "baseline_runs": fair["baseline_runs"],
        "spread": fair["spread"],
        "baseline_spread": fair["baseline_spread"],
        "baseline": fair["baseline"],
        "form_runs": fair.get("form_runs"),
    }


def _burst_line(limit: dict) -> str:
    return (
        f"p95 {limit['ours_ms']} ms (aim 500), the bare write's {limit['limit_ms']} ms, "
        f"ratio {limit['ratio']} (goal at most 2x)"
    )


def whole_round_limit(whole: dict | None) -> dict:
    """limits.whole_round_post_p95: the whole-round burst's p95 beside its bare baseline's (the medians of
    their runs) and the median of each pair's ratio, which the goal compares (at most 2x)."""
    whole = whole or {}
    return {
        "ours_ms": _median(whole.get("runs", []), "p95_ms"),
        "limit_ms": _median(whole.get("baseline_runs", []), "p95_ms"),
        "ratio": whole.get("ratio"),
        "pair_ratios": whole.get("pair_ratios", []),
    }


def smoke() -> int:
    """BENCH_SMOKE=1: the load alone, small and bounded; 1 when anything was refused, lost or doubled."""
    from bench import build, hosted, loadtest

    director = build.director()
    servers = _env_int("BENCH_SERVERS", 1)
    phones = _env_int("BENCH_PHONES", 32)
    runs = _env_int("BENCH_LOAD_RUNS", 1)
    say(f"smoke: {phones} phones, {servers} server(s), {runs} run(s)")
    fair = loadtest.fair(director, phones=phones, servers_count=servers, runs=runs, label="Smoke", whole_round=True)
    whole = fair["whole_round"]
    checked = fair["runs"] + fair["baseline_runs"] + [fair["form_runs"]["ours"], fair["form_runs"]["baseline"]]
    checked += whole["runs"] + whole["baseline_runs"]
    say(f"smoke: whole-round burst (no figure claimed): {_burst_line(whole_round_limit(whole))}")
    bad = {k: sum(r[k] for r in checked) for k in ("errors", "lost", "doubled")}
    if not os.environ.get("BENCH_SMOKE_SKIP_HOSTED"):
        say("smoke: the hosted load, one small step")
        hosted_figures = hosted.smoke(director, servers)
        fair["hosted"] = hosted_figures
        bad["errors"] += hosted_figures["errors"] + sum(s["errors"] for s in hosted_figures["baseline_steps"])
    print(json.dumps({"smoke": fair, "bad": bad}))
    if any(bad.values()):
        print(f"bench smoke FAILED: {bad}", file=sys.stderr)
        return 1
    print(f"bench smoke passed: {phones} phones through {fair['server']}, nothing refused, lost or doubled")
    return 0


def main() -> None:
    configure()
    from bench import build, hosted, load, loadtest, measure

    if os.environ.get("BENCH_SMOKE"):
        sys.exit(smoke())
    director = build.director()
    if "--load-only" in sys.argv:  # the old thread-based bursts (bench/load.py)
        print(json.dumps(load.run(director)))
        return
    if "--slow-only" in sys.argv:  # just the slow-client step: `python -m bench.run --slow-only`
        from bench import slowstep

        step = slowstep.run(director)
        print(f"goal {'met    ' if slowstep.met(step) else 'NOT met'}  slow_clients_phones_p95_under_2s")
        print(json.dumps(step))
        return
    if "--wifi-only" in sys.argv:  # just the guest-felt step: `python -m bench.run --wifi-only`
        from bench import slowwifi

        step = slowwifi.run(director)
        for goal, met in slowwifi.met(step).items():
            print(f"goal {'met    ' if met else 'NOT met'}  {goal}")
        print(json.dumps(step))
        return
    if "--laptop-only" in sys.argv:  # just the laptop step: `python -m bench.run --laptop-only`
        from bench import laptop

        step = laptop.capacity(director)
        print(laptop.summary(step))
        print(json.dumps(step))
        return
    if "--deals-only" in sys.argv:  # just the deal-by-deal burst: `python -m bench.run --deals-only`
        print(json.dumps(load.run_deals(director)))
        return
    sizes = tuple(int(s) for s in os.environ.get("BENCH_SIZES", "").split(",") if s) or SIZES
    parties = {}
    for size in sizes:
        start = time.perf_counter()
        parties[size] = build.played_party(size, director)
        say(f"built {size} tables x {build.ROUNDS} rounds in {time.perf_counter() - start:.0f} s")
    knockouts = build.knockout_events(director)
    start = time.perf_counter()
    names = build.members(director, 5000)
    series = build.season(director, names, nights=40, tables=25, rounds=1)
    say(f"built 5,000 members and a season of 40 nights in {time.perf_counter() - start:.0f} s")
    small, big, biggest = min(sizes), 100 if 100 in parties else max(sizes), max(sizes)
    results = measure.pages(director, {small: parties[small], big: parties[big]}, knockouts, median_ms)
    results |= measure.printed(director, parties[big], median_ms)
    results["movement_100_tables_ms"] = measure.movement(median_ms)
    say("measuring each hot path beside its baseline")
    results["limits"], results["baselines"] = measure.limits(director, parties[big])
    results["baselines"]["tables"] = big
    results["limits"]["unchanged_poll"] = hosted.unchanged_poll(director)
    say("measuring the growth")
    results["scale"] = measure.scale(director, parties)
    results["scale_rounds"] = ROUNDS_NOTE
    results["slopes"] = measure.slopes(results["scale"])
    say(f"profiling at {biggest} tables")
    results["hot_spots"] = {str(biggest): measure.hot_spots(director, parties[biggest])}
    results["memory"] = measure.worker_memory(director, parties[biggest])
    results["members"] = measure.member_search(director) | {"members": len(names)}
    results["season"] = {"nights": 40, "players": 100, "ms": measure.season_page(director, series)}
    say("the knockout's big screen in chromium: its first draw")
    from bench import first_paint

    results["first_paint"] = first_paint.knockout_big_screen(director, knockouts)
    say("the load test")
    fair = loadtest.fair(director, phones=_env_int("BENCH_PHONES", 64), runs=_env_int("BENCH_LOAD_RUNS", 5),
                         whole_round=True)  # fmt: skip
    results["load"] = _load_figures(fair)
    ratio, pairs = loadtest.paired_ratio(fair["runs"], fair["baseline_runs"])
    results["limits"]["phone_post_p95"] = {
        "ours_ms": results["load"]["spread"].get("p95_ms", {}).get("median"),
        "limit_ms": results["load"]["baseline_spread"].get("p95_ms", {}).get("median"),
        "ratio": ratio,
        "pair_ratios": pairs,
    }
    results["limits"]["whole_round_post_p95"] = whole_round_limit(fair["whole_round"])
    say(f"whole-round burst: {_burst_line(results['limits']['whole_round_post_p95'])}")
    servers = _env_int("BENCH_SERVERS", 1)
    if servers > 1:
        say(f"the load through {servers} servers behind nginx")
        results["load"]["two_servers"] = loadtest.fair(
            director, phones=_env_int("BENCH_SERVERS_PHONES", 256), servers_count=servers,
            runs=_env_int("BENCH_LOAD_RUNS", 3), label="Servers",
        )  # fmt: skip
    say("20 phones beside 200 slow-header connections, through manage.py serve")
    from bench import slowstep

    results["slow_clients"] = slowstep.run(director)
    say("the phone on slow party Wi-Fi: its first load beside a bare page, a save's tap to screen")
    from bench import slowwifi

    results["slow_wifi"] = slowwifi.run(director)
    say("the hosted load: nights at once, stepped up, beside a bare Django")
    results["hosted"] = hosted.capacity(director, servers_count=servers)
    say(hosted.summary(results["hosted"]))
    say("the hosted load on a laptop: the same steps beside chromium showing the round page and big screen")
    from bench import laptop

    results["laptop"] = laptop.capacity(director)
    say(laptop.summary(results["laptop"]))
    results["goals"] = measure.goals(results)
    OUT.write_text(json.dumps(results, indent=2))
    print(f"whole-round burst: {_burst_line(results['limits']['whole_round_post_p95'])}")
    print(hosted.summary(results["hosted"]))
    print(laptop.summary(results["laptop"]))
    for goal, met in results["goals"].items():
        print(f"goal {'met    ' if met else 'NOT met'}  {goal}")
    print(json.dumps(results))


if __name__ == "__main__":
    main()

"""`make bench`: the whole app measured at club scale. Prints figures; asserts nothing.

Builds, through the app's own services, parties of 10 and 100 tables with 8 played rounds (and a
16-pair knockout when that feature is present), measures every director page and the table's
phone page through their real URLs, the printed matter, the movement engine, and a load test of
64 phones against a real gunicorn server. Writes bench/results.json and prints it as the last line.

The database is bench/bench.sqlite3 (made afresh), or DATABASE_URL when set (its tables are
flushed first: never point it at a database you care about).
"""

import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results.json"
RUNS, WARMUP = 7, 2


def configure() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubdirector.settings")
    # Production-like: DEBUG off (no query log, cached templates), no HTTPS redirect on loopback.
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 60)
    os.environ["ALLOWED_HOSTS"] = "testserver,127.0.0.1,localhost"
    os.environ["SECURE_SSL_REDIRECT"] = "false"
    os.environ["SECURE_HSTS_SECONDS"] = "0"
    if not os.environ.get("DATABASE_URL"):
        path = ROOT / "bench" / "bench.sqlite3"
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


def median_ms(call, runs: int = RUNS, warmup: int = WARMUP) -> float:
    for _ in range(warmup):
        call()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 2)


def main() -> None:
    configure()
    from bench import build, load, measure

    director = build.director()
    if "--load-only" in sys.argv:
        print(json.dumps(load.run(director)))
        return
    parties = {size: build.played_party(size, director) for size in (10, 100)}
    knockouts = build.knockout_events(director)
    results = measure.pages(director, parties, knockouts, median_ms)
    results |= measure.printed(director, parties[100], median_ms)
    results["movement_100_tables_ms"] = measure.movement(median_ms)
    results["load"] = load.run(director)
    results["goals"] = measure.goals(results)
    OUT.write_text(json.dumps(results, indent=2))
    print(json.dumps(results))


if __name__ == "__main__":
    main()

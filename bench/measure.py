"""Query counts and median times of the pages and printed matter; each hot path beside its bare baseline;
growth from 10 to 500 tables, where the time goes, and a worker's memory."""

import cProfile
import gc
import math
import pstats
import random
import statistics
import time
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import NoReverseMatch, reverse

from bench.timing import RUNS, WARMUP, median_ms
from tournaments.models import TableToken
from tournaments.rules import movement as movement_rules

ROOT = Path(__file__).resolve().parent.parent


def _page_urls(party) -> dict[str, str]:
    current = party.rounds.order_by("-number").first().number
    token = TableToken.objects.get(party=party, table=1, revoked_at__isnull=True).token
    return {
        "party_dashboard": reverse("party_dashboard", args=[party.id]),
        "round_page": reverse("round_detail", args=[party.id, current]),
        "standings": reverse("party_standings", args=[party.id]),
        "movement_sheet": reverse("round_movement", args=[party.id, current]),
        "table_entry_director": reverse("table_enter", args=[party.id, current, 1]),
        "table_entry_phone": f"/t/{token}/",
    }


def _knockout_urls(events: dict) -> dict[int, str]:
    try:
        return {pairs: reverse("knockout_bracket", args=[event.id]) for pairs, event in events.items()}
    except NoReverseMatch:
        return {}


def pages(director, parties: dict, knockouts: dict, median_ms) -> dict:
    client = Client()
    client.force_login(director)
    queries: dict[str, dict[str, int]] = {}
    times: dict[str, dict[str, float]] = {}
    # The knockout bracket is measured at 10 and 16 pairs (its keys say pairs, not tables).
    per_size = {size: _page_urls(party) for size, party in parties.items()}
    for pairs, url in _knockout_urls(knockouts).items():
        per_size.setdefault(pairs, {})["knockout_bracket"] = url
    client.get(reverse("home"))  # the first request of a process asks once whether the site is set up
    for size, urls in per_size.items():
        for name, url in urls.items():
            with CaptureQueriesContext(connection) as captured:
                response = client.get(url)
            if response.status_code != 200:
                raise SystemExit(f"{url} answered {response.status_code}")
            queries.setdefault(name, {})[str(size)] = len(captured)
            times.setdefault(name, {})[str(size)] = median_ms(lambda u=url: client.get(u))
    return {"queries": queries, "ms": times}


def printed(director, party, median_ms) -> dict:
    client = Client()
    client.force_login(director)
    tallies = reverse("tallies_pdf", args=[party.id])
    workbook = reverse("results_xlsx", args=[party.id])
    return {
        "tallies_pdf_400_players_ms": median_ms(lambda: client.get(tallies), runs=5, warmup=1),
        "results_xlsx_100_tables_ms": median_ms(lambda: client.get(workbook), runs=5, warmup=1),
    }


def movement(median_ms) -> float:
    names = [f"P{i}" for i in range(400)]
    seating = {t: dict(zip("NESW", names[4 * (t - 1) : 4 * t], strict=True)) for t in range(1, 101)}
    rng = random.Random(1)
    winners = {t: rng.choice(("NS", "EW")) for t in range(1, 101)}

    def call():
        movement_rules.next_seating(seating, winners, keep_partners=False, seed=7)

    return median_ms(call, runs=51, warmup=5)


GOALS = {
    "standings_100_ms": 150,
    "tallies_pdf_400_players_ms": 3000,
    "results_xlsx_100_tables_ms": 1500,
    "movement_100_tables_ms": 10,
    "load_p95_ms": 500,
}


def goals(results: dict) -> dict:
    """Each goal from the issue, met or not: a reading aid, not a test."""
    met = {
        "same_queries_10_and_100": all(len(set(v.values())) == 1 for v in results["queries"].values()),
        "within_12x": all(max(v.values()) <= 12 * max(min(v.values()), 0.01) for v in results["ms"].values()),
        "standings_100_under_150ms": results["ms"]["standings"].get("100", 1e9) < GOALS["standings_100_ms"],
        "tallies_under_3s": results["tallies_pdf_400_players_ms"] < GOALS["tallies_pdf_400_players_ms"],
        "workbook_under_1_5s": results["results_xlsx_100_tables_ms"] < GOALS["results_xlsx_100_tables_ms"],
        "movement_under_10ms": results["movement_100_tables_ms"] < GOALS["movement_100_tables_ms"],
    }
    load = results.get("load", {})
    met["load_clean"] = load.get("errors") == 0 and load.get("lost") == 0 and not load.get("doubled")
    # The whole-round burst's absolute p95 (the median of its runs), beside its ratio to the bare write's
    # (limits.whole_round_post_p95, at most 2x, in goals_15).
    met["load_p95_under_500ms"] = (load.get("p95_ms") or 1e9) < GOALS["load_p95_ms"]
    deals = load.get("deal_by_deal", {})
    met["deal_saves_clean"] = deals.get("errors") == 0 and deals.get("lost") == 0
    met["deal_save_p95_under_300ms"] = (deals.get("p95_ms") or 1e9) < 300
    met["phone_page_under_100kb"] = deals.get("phone_page_kb", 1e9) < 100
    if results.get("first_paint", {}).get("median_ms") is not None:  # issue 43: the knockout's big screen
        met["knockout_big_screen_first_draw_under_300ms"] = results["first_paint"]["met"]
    if "slow_clients" in results:  # issue 41: the phones beside 200 slow-header connections
        from bench.slowstep import met as slow_met

        met["slow_clients_phones_p95_under_2s"] = slow_met(results["slow_clients"])
    if "slow_wifi" in results:  # issue 45: the phone as a guest on slow party Wi-Fi feels it
        from bench.slowwifi import met as wifi_met

        met |= wifi_met(results["slow_wifi"])
    return met | goals_15(results)


# Issue 15's goals (and issue 16's speed goals): printed by the bench, never asserted in a test.
LIMIT_FACTOR, WORKBOOK_FACTOR, UNCHANGED_POLL_FACTOR = 2.0, 1.3, 1.5
HOSTED_SHARE = 0.5  # issue 28: nights carried at least half the bare Django's
DIRECTOR_PAGE_500_MS, SLOPE_MOST, WORKER_MB = 200, 1.1, 150
MEMBER_SEARCH_MS, SEASON_MS = 50, 200


def goals_15(results: dict) -> dict:
    met = {}
    for path, figures in results.get("limits", {}).items():
        factor = {"workbook": WORKBOOK_FACTOR, "unchanged_poll": UNCHANGED_POLL_FACTOR}.get(path, LIMIT_FACTOR)
        ours, limit, ratio = figures.get("ours_ms"), figures.get("limit_ms"), figures.get("ratio")
        if ratio is None and ours and limit:  # no turns or pairs were measured: its two figures are compared
            ratio = ours / limit
        met[f"{path}_within_{factor:g}x_baseline"] = ratio is not None and ratio <= factor
    scaled = results.get("scale", {})
    biggest = str(max((int(k) for points in scaled.values() for k in points), default=0))
    met[f"director_pages_{biggest}_under_{DIRECTOR_PAGE_500_MS}ms"] = all(
        scaled[page].get(biggest, 1e9) < DIRECTOR_PAGE_500_MS for page in DIRECTOR_PAGES if page in scaled
    )
    for page, slope_ in results.get("slopes", {}).items():
        met[f"{page}_growth_slope_at_most_{SLOPE_MOST}"] = (
            slope_["10_500"] is not None and slope_["10_500"] <= SLOPE_MOST
        )
    load = results.get("load", {})
    runs = load.get("runs", [])
    met["every_load_run_clean"] = bool(runs) and all(r["errors"] == 0 and r["lost"] == 0 for r in runs)
    two = load.get("two_servers")
    if two:
        every = two["runs"]
        met["two_servers_clean"] = all(r["errors"] == 0 and r["lost"] == 0 and r["doubled"] == 0 for r in every)
    memory = results.get("memory", {})
    met[f"worker_under_{WORKER_MB}mb"] = memory.get("worker_rss_mb", 1e9) < WORKER_MB
    met[f"member_search_5000_under_{MEMBER_SEARCH_MS}ms"] = (
        results.get("members", {}).get("worst_ms", 1e9) < MEMBER_SEARCH_MS
    )
    met[f"season_40_nights_under_{SEASON_MS}ms"] = results.get("season", {}).get("ms", 1e9) < SEASON_MS
    return met | goals_28(results)


HOSTED_CPU_FACTOR = 1.25  # issue 45, item 5: a night's CPU at most 1.25x the bare Django's


def goals_28(results: dict) -> dict:
    """Issue 28: the nights one server carries, at least half the bare Django's: nights carried, never the
    CPU in their place (when the load generator ran out first, the nights are a floor and say so). Issue 45:
    the CPU a night costs, ours over the bare Django's at the largest step both carried, at most 1.25x."""
    hosted = results.get("hosted")
    if not hosted:
        return {}
    ratio = (hosted.get("cpu") or {}).get("ratio")
    return {
        f"hosted_nights_at_least_{HOSTED_SHARE:g}_of_baseline": hosted["nights"]
        >= HOSTED_SHARE * hosted["baseline_nights"]
        > 0,
        f"hosted_cpu_per_night_within_{HOSTED_CPU_FACTOR:g}x_baseline": ratio is not None
        and ratio <= HOSTED_CPU_FACTOR,
        "hosted_clean": hosted["errors"] == 0,
    }


# --- ours beside a bare baseline, in the same run (issue 15) ---

LIMIT_PAGES = ("round_page", "standings", "movement_sheet", "phone_page")


def interleaved(ours, baseline, runs: int = 7, warmup: int = 2) -> tuple[float, float, float]:
    """Medians of ours and the baseline, run turn about (each run alternating which goes first), and the
    median of each turn's ratio ours / baseline.

    The ratio is taken turn by turn because this machine's speed drifts by up to 1.7x within seconds (a
    bare workbook took 539 ms and 933 ms a few seconds apart): two calls side by side see nearly the same speed,
    two medians over different calls need not. The goals compare the ratio; the medians say how long each took.
    """
    for _ in range(warmup):
        ours()
        baseline()
    times: dict[str, list[float]] = {"ours": [], "baseline": []}
    for run in range(runs):
        order = [("ours", ours), ("baseline", baseline)]
        for name, call in order if run % 2 == 0 else order[::-1]:
            start = time.perf_counter()
            call()
            times[name].append((time.perf_counter() - start) * 1000)
    ratios = [o / max(b, 1e-6) for o, b in zip(times["ours"], times["baseline"], strict=True)]
    return (
        round(statistics.median(times["ours"]), 2),
        round(statistics.median(times["baseline"]), 2),
        round(statistics.median(ratios), 3),
    )


def _ok(client, url):
    def call():
        response = client.get(url)
        if response.status_code != 200:
            raise SystemExit(f"{url} answered {response.status_code}")

    return call


def limits(director, party) -> tuple[dict, dict]:
    """round_page, standings, movement_sheet, phone_page, tallies_pdf and workbook at `party`'s size, each
    beside its bare baseline: {path: {"ours_ms", "limit_ms", "ratio"}} (the pages also "floor_ms" and
    "floor_ratio"), and how each baseline was made."""
    from bench import bare
    from tournaments.selectors import prints as print_selectors

    director_client, phone_client = Client(), Client()
    director_client.force_login(director)
    urls = _page_urls(party)
    urls["phone_page"] = urls["table_entry_phone"]
    found, made = {}, {}
    for name in LIMIT_PAGES:
        client = phone_client if name == "phone_page" else director_client
        page = bare.calibrate(client, urls[name], "phone" if name == "phone_page" else "page")
        gc.collect()
        # The goal's yardstick: a plain Django page of the same rows (its template's loop); beside it, the
        # floor (the same bytes joined in Python), without a goal: how much of the page is the app's own work.
        ours, limit, ratio = interleaved(_ok(client, urls[name]), _ok(client, page["plain_url"]))
        _, floor, floor_ratio = interleaved(_ok(client, urls[name]), _ok(client, page["url"]))
        found[name] = {
            "ours_ms": ours,
            "limit_ms": limit,
            "ratio": ratio,
            "floor_ms": floor,
            "floor_ratio": floor_ratio,
        }
        made[name] = {k: page[k] for k in ("ours", "bare")} | {
            "what": "the same middleware, queries and bytes: a plain Django page (the rows through its template's "
            "loop; floor_ms: the same bytes joined in Python)"
        }
    bare.prepare_pdf("tallies", print_selectors.tally_cards(party))
    bare.prepare_xlsx("workbook", print_selectors.workbook(party))
    printed = {
        "tallies_pdf": (reverse("tallies_pdf", args=[party.id]), "/bench-bare/pdf/tallies/"),
        "workbook": (reverse("results_xlsx", args=[party.id]), "/bench-bare/xlsx/workbook/"),
    }
    for name, (url, baseline) in printed.items():
        gc.collect()
        ours, limit, ratio = interleaved(_ok(director_client, url), _ok(director_client, baseline), runs=15, warmup=1)
        found[name] = {"ours_ms": ours, "limit_ms": limit, "ratio": ratio}
    made["tallies_pdf"] = {"what": "a bare reportlab canvas drawing the same strings, in the same font"}
    made["workbook"] = {"what": "a bare write-only openpyxl workbook of the same rows"}
    return found, made


# --- growth, from 10 to 500 tables ---

SCALE_PAGES = ("round_page", "standings", "movement_sheet", "party_dashboard")
DIRECTOR_PAGES = SCALE_PAGES


def scale(director, parties: dict) -> dict:
    """{page: {"10": ms, …, "500": ms}}: the director's pages, the tallies and the workbook at every size."""
    client = Client()
    client.force_login(director)
    found: dict[str, dict[str, float]] = {}
    for size, party in sorted(parties.items()):
        urls = _page_urls(party)
        urls["tallies_pdf"] = reverse("tallies_pdf", args=[party.id])
        urls["workbook"] = reverse("results_xlsx", args=[party.id])
        for name in (*SCALE_PAGES, "tallies_pdf", "workbook"):
            gc.collect()
            printed = name in ("tallies_pdf", "workbook")
            runs, warmup = (3, 1) if printed and size >= 250 else (5, 1) if printed else (RUNS, WARMUP)
            found.setdefault(name, {})[str(size)] = median_ms(_ok(client, urls[name]), runs, warmup)
    return found


def slope(points: dict[str, float], low: int | None = None, high: int | None = None) -> float | None:
    """The least-squares slope of log(ms) against log(tables): 1 is linear, 2 quadratic."""
    pairs = [(math.log(int(k)), math.log(max(v, 1e-3))) for k, v in points.items()]
    pairs = [(x, y) for x, y in pairs if (low is None or x >= math.log(low)) and (high is None or x <= math.log(high))]
    if len(pairs) < 2:
        return None
    mx, my = statistics.fmean(x for x, _ in pairs), statistics.fmean(y for _, y in pairs)
    sxx = sum((x - mx) ** 2 for x, _ in pairs)
    return round(sum((x - mx) * (y - my) for x, y in pairs) / sxx, 3)


def slopes(scaled: dict) -> dict:
    """Each page's slope over 10-500 tables, and over the last step alone (250-500), where a quadratic
    part shows first."""
    return {name: {"10_500": slope(points), "250_500": slope(points, 250, 500)} for name, points in scaled.items()}


# --- where the time goes at 500 tables ---

BUCKETS = (
    ("database driver", ("sqlite3", "psycopg")),
    ("translations (gettext)", ("/gettext.py", "/django/utils/translation/")),
    ("django ORM", ("/django/db/",)),
    ("django templates", ("/django/template/", "/django/templatetags/", "/django_tables2/")),
    ("reportlab", ("/reportlab/",)),
    ("openpyxl", ("/openpyxl/", "/xml/", "/et_xmlfile/", "zlib")),
    ("app (tournaments/)", ("/tournaments/",)),
    ("django other", ("/django/",)),
)


def _bucket(where: str) -> str:
    for name, marks in BUCKETS:
        if any(mark in where for mark in marks):
            return name
    return "python and the rest"


def _where(key) -> str:
    filename, line, function = key
    short = filename.split("/site-packages/")[-1].replace(str(ROOT) + "/", "")
    return f"{short}:{line} {function}" if line else f"{short} {function}"


def hot_spots(director, party, names=None) -> dict:
    """Profiled once each (cProfile, after a warm-up): the share of the time by kind of code, the app's
    functions by cumulative share, and the functions with the most time of their own."""
    client = Client()
    client.force_login(director)
    urls = _page_urls(party)
    urls["tallies_pdf"] = reverse("tallies_pdf", args=[party.id])
    urls["workbook"] = reverse("results_xlsx", args=[party.id])
    found = {}
    for name in names or (*SCALE_PAGES, "table_entry_phone", "tallies_pdf", "workbook"):
        call = _ok(client, urls[name])
        call()
        gc.collect()
        profile = cProfile.Profile()
        profile.enable()
        call()
        profile.disable()
        stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]  # the raw table typeshed leaves out
        total = sum(tt for _cc, _nc, tt, _ct, _callers in stats.values()) or 1e-9
        buckets: dict[str, float] = {}
        for key, (_cc, _nc, tt, _ct, _callers) in stats.items():
            bucket = _bucket(f"{key[0]} {key[2]}")
            buckets[bucket] = buckets.get(bucket, 0) + tt
        # The app's own functions (not its middleware, which wraps every request).
        mine = [(ct, key) for key, (_cc, _nc, _tt, ct, _c) in stats.items() if "/tournaments/" in key[0]]
        app = sorted(((ct, key) for ct, key in mine if "/middleware.py" not in key[0]), reverse=True)[:8]
        own = sorted(((tt, key) for key, (_cc, _nc, tt, _ct, _c) in stats.items()), reverse=True)[:8]
        found[name] = {
            "profiled_ms": round(total * 1000, 1),
            "by_kind": {k: round(v / total, 3) for k, v in sorted(buckets.items(), key=lambda kv: -kv[1])},
            "app_cumulative": [{"where": _where(key), "share": round(ct / total, 3)} for ct, key in app],
            "own_time": [{"where": _where(key), "share": round(tt / total, 3)} for tt, key in own],
        }
    return found


# --- a worker's memory after the biggest party's pages and printed matter ---


def _status(pid: int) -> dict[str, float]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = round(int(value.split()[0]) / 1024, 1)
    return fields


def worker_memory(director, party) -> dict:
    """One gunicorn worker serves every page and printout of the party; its resident memory after (VmRSS), and
    the most it held meanwhile (VmHWM), from /proc/<pid>/status."""
    import http.client

    from bench import loadtest, servers

    client = Client()
    client.force_login(director)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    current = party.rounds.order_by("-number").first().number
    urls = list(_page_urls(party).values())
    urls += [reverse(n, args=[party.id]) for n in ("tallies_pdf", "results_pdf", "results_xlsx", "table_cards_pdf")]
    urls += [reverse(n, args=[party.id, current]) for n in ("score_cards_pdf", "movement_pdf")]
    loadtest.checkpoint()
    with servers.running(1, workers=1) as up:
        (pid,) = up.worker_pids()
        start = _status(pid)
        for url in urls:
            connection_ = http.client.HTTPConnection("127.0.0.1", up.port, timeout=300)
            connection_.request("GET", url, headers={"Cookie": cookie})
            response = connection_.getresponse()
            response.read()
            connection_.close()
            if response.status != 200:
                raise SystemExit(f"{url} answered {response.status} on gunicorn")
        after = _status(pid)
    return {
        "tables": party.tables,
        "worker_start_mb": start.get("VmRSS"),
        "worker_rss_mb": after.get("VmRSS"),
        "worker_peak_mb": after.get("VmHWM"),
        "served": len(urls),
    }


# --- issue 16: member search with 5,000 members, a season of 40 nights ---


def member_search(director, words=("an", "smi", "son", "mar", "elle", "zz")) -> dict:
    client = Client()
    client.force_login(director)
    found = {w: median_ms(_ok(client, f"{reverse('member_search')}?q={w}"), RUNS, WARMUP) for w in words}
    return {"by_query_ms": found, "worst_ms": max(found.values())}


def season_page(director, series) -> float:
    client = Client()
    client.force_login(director)
    return median_ms(_ok(client, reverse("series_detail", args=[series.id])), RUNS, WARMUP)

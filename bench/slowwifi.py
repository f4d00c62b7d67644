"""`make bench`'s guest-felt step (issue 45, item 1): the table's phone on slow party Wi-Fi, as a guest meets
it, through Debian's chromium emulating a mid-range phone (400 ms latency, 1.6 Mbit/s down, 0.75 up, the CPU
four times slower), on the server `make run` starts (bench/slowstep.py `served`).

- **First load**: the phone's page until its deal form is drawn, beside a bare page of the same bytes in one
  request (the page with its script inline, served by a plain HTTP server in this process), taking turns;
  the goal compares the median of each turn's ratio: at most 1.2.
- **A save's tap-to-screen time**: from the tap on "Save deal 2" to the first frame drawn with the deal shown
  as entered, timed by the page's own clock (a save as most
  are: its answer carries its line and the running score); the goal is the network's round trip (the
  emulated latency) plus 200 ms. The round's first deal, which draws the whole part again (where everyone
  went is taken away), is reported beside it.
`python -m bench.run --wifi-only` runs just this step.
"""

import re
import shutil
import statistics
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from bench.build import party
from bench.slowstep import served
from tournaments.models import TableToken

LATENCY_MS, DOWN_BPS, UP_BPS, CPU_SLOWER = 400, 1_600_000, 750_000, 4
TURNS = 5
GOAL_RATIO, GOAL_SAVE_OVER_RTT_MS = 1.2, 200
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
DRAWN = (
    "() => { const b = document.querySelector('#entry .save-deal');"
    " return b && !document.getElementById('entry').hidden; }"
)


def _bare_page(port: int, path: str) -> bytes:
    """The phone's page as one response: its script put inside it (a bare server sends no CSP)."""
    page = urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30).read().decode()  # noqa: S310
    script = re.search(r'<script src="([^"]+)" defer></script>', page)
    if not script:
        raise RuntimeError("the phone's page names no script")
    code = urllib.request.urlopen(f"http://127.0.0.1:{port}{script[1]}", timeout=30).read().decode()  # noqa: S310
    inline = "<script>document.addEventListener('DOMContentLoaded', function () {" + code + "});</script>"
    return page.replace(script[0], inline).encode()


@contextmanager
def bare_server(body: bytes) -> Iterator[int]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()


def _slow_page(browser: Any) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})  # a guest's first visit
    conditions = {"offline": False, "latency": LATENCY_MS, "downloadThroughput": DOWN_BPS / 8}
    cdp.send("Network.emulateNetworkConditions", conditions | {"uploadThroughput": UP_BPS / 8})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWER})
    return context, page


def _first_load_ms(browser: Any, url: str) -> float:
    context, page = _slow_page(browser)
    try:
        started = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.wait_for_function(DRAWN, timeout=60_000)
        return (time.perf_counter() - started) * 1000
    finally:
        context.close()


# Timed inside the page, by the phone's own clock: from the tap's click event to the first frame drawn after the
# deal's line shows as entered. Timed from the driver instead, the browser automation's own checks and polling
# under the 4x slower CPU were counted as the app's (about half of what it measured).
WATCH = """(number) => {
  window.benchTap = null; window.benchShown = null;
  document.addEventListener("click", function (event) {
    if (event.target.closest("#entry button[name=save]")) window.benchTap = performance.now();
  }, { capture: true, once: true });
  new MutationObserver(function (changes, observer) {
    if (window.benchTap === null || !document.querySelector("#deal-" + number + ".entered")) return;
    observer.disconnect();
    requestAnimationFrame(function () { window.benchShown = performance.now(); });
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true });
}"""


def _enter(page: Any, number: int, deal: tuple[str, str, str, str]) -> float:
    """Tap a deal in and save it: the time from the tap on Save to the deal shown as entered."""
    for group, value in zip(("levels", "strains", "declarers", "tricks"), deal, strict=True):
        page.click(f'.{group} label[data-value="{value}"]')
    page.evaluate(WATCH, number)
    page.click("#entry button[name=save]")
    page.wait_for_function("() => window.benchShown !== null", timeout=60_000)
    return float(page.evaluate("() => window.benchShown - window.benchTap"))


def _save_ms(browser: Any, url: str) -> tuple[float, float]:
    """The round's first deal (its whole part drawn again: where everyone went is taken away) and the
    second, a save as most are (its answer carries its line and the running score: one round trip)."""
    context, page = _slow_page(browser)
    try:
        page.goto(url)
        page.wait_for_function(DRAWN, timeout=60_000)
        first = _enter(page, 1, ("3", "N", "S", "9"))
        page.wait_for_function(DRAWN, timeout=60_000)
        return first, _enter(page, 2, ("4", "S", "N", "10"))
    finally:
        context.close()


def run(director: Any) -> dict:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        return {"skipped": "chromium is not installed"}
    made = party(TURNS + 1, director, name="Slow Wi-Fi", rounds=1)
    tokens = list(TableToken.objects.filter(party=made, revoked_at__isnull=True).order_by("table"))
    ours, bare, ratios = [], [], []
    firsts: list[float] = []
    saves: list[float] = []
    with served() as port, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
        try:
            path = f"/t/{tokens[0].token}/"
            with bare_server(_bare_page(port, path)) as bare_port:
                for _ in range(TURNS):  # taking turns: a busy moment of the machine falls on both
                    ours.append(_first_load_ms(browser, f"http://127.0.0.1:{port}{path}"))
                    bare.append(_first_load_ms(browser, f"http://127.0.0.1:{bare_port}/"))
                    ratios.append(ours[-1] / bare[-1])
            for token in tokens[1:]:  # each on a table of its own: its deals saved once
                first, second = _save_ms(browser, f"http://127.0.0.1:{port}/t/{token.token}/")
                firsts.append(first)
                saves.append(second)
        finally:
            browser.close()
    return {
        "profile": {"latency_ms": LATENCY_MS, "down_bps": DOWN_BPS, "up_bps": UP_BPS, "cpu_slower": CPU_SLOWER},
        "first_load_ms": round(statistics.median(ours)),
        "bare_first_load_ms": round(statistics.median(bare)),
        "ratio": round(statistics.median(ratios), 2),
        "goal_ratio": GOAL_RATIO,
        "save_ms": round(statistics.median(saves)),
        "first_deal_save_ms": round(statistics.median(firsts)),
        "goal_save_ms": LATENCY_MS + GOAL_SAVE_OVER_RTT_MS,
    }


def met(step: dict) -> dict[str, bool]:
    if "skipped" in step:
        return {}
    return {
        "phone_first_load_within_1_2x_bare": step["ratio"] <= step["goal_ratio"],
        "phone_save_within_rtt_plus_200ms": step["save_ms"] <= step["goal_save_ms"],
    }

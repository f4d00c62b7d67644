"""The hosted load's generator: many nights at once, as asyncio tasks in a process of their own.

    python -m bench.hostedgen PLAN.json OUT.json

PLAN: {"port", "duration_s", "state_every_s", "room_every_s", "deal_every_s",
       "nights": [{"room": [path, …], "cookie": "sessionid=…", "tables": [{"path", "deals": [form, …],
                   "accepts": [form, …]}, …]}, …]}
Each table has two phones, as a party's tables do (North–South enter, East–West accept): each polls its
page's part (?part=1) every `state_every_s` as static/phone/phone.js does, sending the validator it holds
as If-None-Match: a 304 when nothing changed, else the part itself, drawn (each table names its `state`
and `part` addresses; the bare baseline's phones poll `state`, a fixed 304). North–South save a deal
every `deal_every_s` (asking for JSON and sending the page's validator, as the script does: the answer
puts the deal's line in place, or else the part is drawn again); East–West
accept it once their poll has seen it. Each `room` path (the round page, its big screen) is polled every
`room_every_s` as htmx does (HX-Request, If-None-Match, the director's session). Every task starts at a
random moment within its period, so the polls spread as a real room's do.

OUT: the polls' and the saves' milliseconds, the errors (status 400 and up other than a 304, or no
answer), the requests sent, the time it ran.
"""

import asyncio
import json
import os
import random
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

from bench.loadgen import CSRF, Connection

LIVE = re.compile(rb'data-live="([0-9a-f]+)"')


def cpu_s(pids: list[int]) -> float:
    """The servers' workers' user and system CPU seconds so far (/proc/PID/stat, in clock ticks): read
    here, so that only the timed phase counts (not the phones opening their pages)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (the 14th and 15th of the whole line)
    return total / ticks


class Tally:
    def __init__(self):
        self.polls: list[float] = []
        self.saves: list[float] = []
        self.errors: list[str] = []
        self.requests = 0

    async def timed(self, into: list[float] | None, connection: Connection, method: str, path: str, **kwargs):
        # One request at a time on a connection (a phone's poll and its save may fall due together).
        lock = getattr(connection, "lock", None) or asyncio.Lock()
        async with lock:
            return await self._timed(into, connection, method, path, **kwargs)

    async def _timed(self, into: list[float] | None, connection: Connection, method: str, path: str, **kwargs):
        start = time.perf_counter()
        try:
            answer = await connection.request(method, path, **kwargs)
        except (OSError, asyncio.IncompleteReadError) as error:
            self.errors.append(f"{path}: {error!r}")
            await connection.close()
            return None
        self.requests += 1
        if into is not None:
            into.append((time.perf_counter() - start) * 1000)
        if answer.status >= 400:
            self.errors.append(f"{method} {path}: {answer.status}")
            return None
        return answer


class PhoneState:
    """A phone's validator, and what it has seen of its table."""

    def __init__(self, port: int, table: dict, tally: Tally):
        self.connection, self.tally = Connection(port, json_answers=True), tally
        self.connection.lock = asyncio.Lock()  # type: ignore[attr-defined]  # one lock per table, kept on its connection
        self.path, self.state, self.part = table["path"], table["state"], table.get("part")
        self.tag, self.token, self.deals_in = "", "", 0

    async def open(self) -> None:
        page = await self.tally.timed(None, self.connection, "GET", self.path)
        if page is not None:
            found = CSRF.search(page.body)
            self.token = found.group(1).decode() if found else ""
            live = LIVE.search(page.body)  # the validator of the page as drawn, as phone.js reads it
            self.tag = f'"{live.group(1).decode()}"' if live else ""

    async def poll(self) -> None:
        # Ours: the page's part, as phone.js asks for it (304 when current, else the part at once).
        # The bare baseline's phones poll a fixed 304.
        path = self.part or self.state
        headers = {"Accept": "text/html, application/json" if self.part else "application/json"}
        headers |= {"If-None-Match": self.tag} if self.tag else {}
        answer = await self.tally.timed(self.tally.polls, self.connection, "GET", path, headers=headers)
        if answer is None or answer.status == 304:
            return
        if self.part and answer.header("content-type").startswith("application/json"):
            try:
                self.patched(json.loads(answer.body).get("patch") or {})
            except ValueError:
                self.tag = ""
            return
        if self.part:
            self.drawn(answer.body)
            return
        self.tag = answer.header("etag")
        try:
            self.deals_in = json.loads(answer.body).get("deals", 0)
        except ValueError:
            return

    def drawn(self, body: bytes) -> None:
        """What the part shows: its validator and the deals entered (East–West accept what they see)."""
        live = LIVE.search(body)
        self.tag = f'"{live.group(1).decode()}"' if live else ""
        self.deals_in = body.count(b'class="deal-line entered')

    def patched(self, patch: dict) -> None:
        """A patch put in place, as phone.js does: the new validator, and the deal's line (entered or not)."""
        self.tag = f'"{patch["live"]}"' if patch.get("live") else ""
        if 'class="deal-line entered' in patch.get("line", ""):
            self.deals_in = max(self.deals_in, patch.get("number", 0))

    async def redraw(self) -> None:
        if self.part:  # (the bare baseline's phones have no page to draw again)
            answer = await self.tally.timed(None, self.connection, "GET", self.part)
            if answer is not None and answer.status == 200:
                self.drawn(answer.body)

    async def post(self, form: dict) -> None:
        # With the validator of the page as drawn, as phone.js sends it: an answer with a patch (the deal's
        # line, put in place) leaves nothing to draw; one without, the part is drawn again.
        sent = {"csrfmiddlewaretoken": self.token, **form, "live": self.tag.strip('"')}
        answer = await self.tally.timed(
            self.tally.saves, self.connection, "POST", self.path, body=urlencode(sent).encode()
        )
        if answer is None:
            return
        try:
            said = json.loads(answer.body)
        except ValueError:
            said = {}
        patch, state = said.get("patch") or {}, said.get("state") or {}
        if patch.get("live"):
            self.patched(patch)
            return
        self.tag = f'"{state["live"]}"' if state.get("live") else ""
        await self.redraw()


async def _every(period: float, until: float, work) -> None:
    """`work` every `period` seconds from a random first moment, until `until` (never sleeping past it)."""
    await asyncio.sleep(min(random.uniform(0, period), max(0.0, until - time.perf_counter())))
    while time.perf_counter() < until:
        started = time.perf_counter()
        await work()
        left = until - time.perf_counter()
        await asyncio.sleep(max(0.0, min(period - (time.perf_counter() - started), left)))


async def _opened(plan: dict, table: dict, tally: Tally) -> tuple[PhoneState, PhoneState]:
    north, east = PhoneState(plan["port"], table, tally), PhoneState(plan["port"], table, tally)
    await asyncio.gather(north.open(), east.open())
    return north, east


async def _table(plan: dict, table: dict, phones: tuple[PhoneState, PhoneState], until: float) -> None:
    north, east = phones
    deals, accepts = list(table["deals"]), list(table["accepts"])
    accepted = posted = 0

    async def enter() -> None:
        nonlocal posted
        if deals:
            posted += 1
            await north.post(deals.pop(0))

    async def accept() -> None:
        nonlocal accepted
        await east.poll()
        # The bare baseline's polls say nothing: its East–West accept what was posted, the same count.
        seen = posted if plan.get("bare") else east.deals_in
        if accepted < seen and accepts:
            accepted += 1
            await east.post(accepts.pop(0))

    await asyncio.gather(
        _every(plan["deal_every_s"], until, enter),
        _every(plan["state_every_s"], until, north.poll),
        _every(plan["state_every_s"], until, accept),
    )
    await north.connection.close()
    await east.connection.close()


async def _room(plan: dict, path: str, cookie: str, tally: Tally, until: float) -> None:
    connection = Connection(plan["port"])
    connection.cookies.update(dict(part.split("=", 1) for part in cookie.split("; ") if "=" in part))
    tag = ""

    async def poll() -> None:
        nonlocal tag
        headers = {"HX-Request": "true"} | ({"If-None-Match": tag} if tag else {})
        answer = await tally.timed(tally.polls, connection, "GET", path, headers=headers)
        if answer is not None and answer.status == 200:
            tag = answer.header("etag")

    await _every(plan["room_every_s"], until, poll)
    await connection.close()


async def _run(plan: dict) -> dict:
    tally = Tally()
    # Every phone opens its page first (its CSRF token, its validator), ten at a time; then the clock starts.
    tables = [table for night in plan["nights"] for table in night["tables"]]
    gate = asyncio.Semaphore(10)

    async def opened(table: dict) -> tuple[PhoneState, PhoneState]:
        async with gate:
            return await _opened(plan, table, tally)

    phones = await asyncio.gather(*(opened(table) for table in tables))
    tally.requests = 0
    cpu_before = cpu_s(plan.get("pids", []))
    start = time.perf_counter()
    until = start + plan["duration_s"]
    tasks = [_table(plan, table, pair, until) for table, pair in zip(tables, phones, strict=True)]
    for night in plan["nights"]:
        tasks += [_room(plan, path, night["cookie"], tally, until) for path in night["room"]]
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=plan["duration_s"] + 60)
    except TimeoutError:
        tally.errors.append("the load did not finish in time")
    return {
        "cpu_s": cpu_s(plan.get("pids", [])) - cpu_before,
        "polls_ms": tally.polls,
        "saves_ms": tally.saves,
        "errors": tally.errors,
        "requests": tally.requests,
        "elapsed_s": time.perf_counter() - start,
    }


def main() -> None:
    plan = json.loads(Path(sys.argv[1]).read_text())
    Path(sys.argv[2]).write_text(json.dumps(asyncio.run(_run(plan))))


if __name__ == "__main__":
    main()

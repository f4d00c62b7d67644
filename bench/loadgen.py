"""The load generator: phones as asyncio tasks in a process of their own (never threads inside the
process being measured), over plain HTTP/1.1 on 127.0.0.1.

    python -m bench.loadgen PLAN.json OUT.json

PLAN: {"port": 8001, "phones": [{"path": "/t/abc/", "steps": [{"form": {...}, "timed": true}, ...]}, ...],
       "limit_s": 120, "json": true}
Each phone opens its page (its CSRF cookie and form token), every phone waits for the others, then
each step is a POST of its form (the token added). With "json" the POST asks for JSON, as the phone's
script (static/phone/phone.js) does, sending the validator of its page as drawn (`live`: the laptop then
answers with the deal's line drawn, where it can), and one timed save is that one answer; without, the redirect is
followed as a browser without the script does: one timed save is the POST and its redirected GET.
OUT gets each timed save's milliseconds,
the errors (status 400 and up, or no answer), the time from the start to the last answer, and how many
POSTs and followed redirects were sent after the start.
"""

import asyncio
import contextlib
import json
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit

CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')
LIVE = re.compile(rb'data-live="([0-9a-f]+)"')


class Answer:
    def __init__(self, status: int, headers: dict[str, list[str]], body: bytes):
        self.status, self.headers, self.body = status, headers, body

    def header(self, name: str) -> str:
        return (self.headers.get(name.lower()) or [""])[0]


class Connection:
    """One phone's connection: reopened whenever the server closed it (gunicorn's sync workers
    close after every answer)."""

    def __init__(self, port: int, json_answers: bool = False):
        self.port, self.json_answers = port, json_answers
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.cookies: dict[str, str] = {}

    async def _open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None) -> Answer:
        """One request; sent once more on a fresh connection when a reused one was closed before any byte
        of the answer came (the server's keep-alive ran out as the request went), as a browser does."""
        reused = self.writer is not None
        try:
            return await self._request(method, path, body, headers)
        except (ConnectionResetError, BrokenPipeError, asyncio.IncompleteReadError) as error:
            if not reused or (isinstance(error, asyncio.IncompleteReadError) and error.partial):
                raise
            await self.close()
            return await self._request(method, path, body, headers)

    async def _request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None) -> Answer:
        if self.writer is None:
            await self._open()
        assert self.reader is not None and self.writer is not None
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", "Accept-Language: en"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if method == "POST":
            lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
            if self.json_answers:
                lines.append("Accept: application/json")
            lines.append(f"Referer: http://127.0.0.1:{self.port}{path}")
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        answer = await self._read()
        for value in answer.headers.get("set-cookie", []):
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        if answer.header("connection").lower() == "close":
            await self.close()
        return answer

    async def _read(self) -> Answer:
        assert self.reader is not None
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split(" ", 2)[1])
        headers: dict[str, list[str]] = {}
        for line in header_lines:
            if ":" in line:
                name, _, value = line.partition(":")
                headers.setdefault(name.strip().lower(), []).append(value.strip())
        if status_line.startswith("HTTP/1.0") and "keep-alive" not in (headers.get("connection") or [""])[0].lower():
            headers["connection"] = ["close"]  # an HTTP/1.0 answer closes unless it says otherwise
        if "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"][0]))
        elif "chunked" in (headers.get("transfer-encoding") or [""])[0].lower():
            body = await self._chunked()
        else:
            body = await self.reader.read()
            headers["connection"] = ["close"]
        return Answer(status, headers, body)

    async def _chunked(self) -> bytes:
        assert self.reader is not None
        parts: list[bytes] = []
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await self.reader.readuntil(b"\r\n")
                return b"".join(parts)
            parts.append(await self.reader.readexactly(size))
            await self.reader.readexactly(2)


class Phone:
    def __init__(self, port: int, plan: dict, timings: list[float], errors: list[str], counts: dict[str, int]):
        self.connection = Connection(port, json_answers=plan.get("json", False))
        self.path, self.steps = plan["path"], plan["steps"]
        self.timings, self.errors, self.counts = timings, errors, counts
        self.token, self.live, self.json = "", "", plan.get("json", False)

    async def open(self) -> bool:
        try:
            page = await self.connection.request("GET", self.path)
        except (OSError, asyncio.IncompleteReadError) as error:
            self.errors.append(f"{self.path}: {error!r}")
            return False
        found, live = CSRF.search(page.body), LIVE.search(page.body)
        self.token = found.group(1).decode() if found else ""
        self.live = live.group(1).decode() if live else ""
        if page.status != 200:
            self.errors.append(f"{self.path}: GET answered {page.status}")
            return False
        return True

    async def save(self, form: dict, timed: bool) -> None:
        sent = {"csrfmiddlewaretoken": self.token, **form} | ({"live": self.live} if self.json else {})
        body = urlencode(sent).encode()
        start = time.perf_counter()
        try:
            answer = await self.connection.request("POST", self.path, body)
            self.counts["posts"] += 1
            hops = 0
            while answer.status in (301, 302, 303) and hops < 3:
                hops += 1
                answer = await self.connection.request("GET", urlsplit(answer.header("location")).path or self.path)
                self.counts["redirects"] += 1
        except (OSError, asyncio.IncompleteReadError) as error:
            self.errors.append(f"{self.path}: {error!r}")
            await self.connection.close()
            return
        if timed:
            self.timings.append((time.perf_counter() - start) * 1000)
        if answer.status >= 400:
            self.errors.append(f"{self.path}: POST answered {answer.status}")
        elif self.json:
            self.live = _live_after(answer.body) or self.live

    async def play(self, ready: asyncio.Event) -> None:
        await ready.wait()
        for step in self.steps:
            await self.save(step["form"], step.get("timed", True))
        await self.connection.close()


def _live_after(body: bytes) -> str:
    """The validator of the phone's page after a save, as phone.js has it: the patch's (the line put in
    place), else the state's (the part drawn again, not timed here)."""
    try:
        answer = json.loads(body)
    except ValueError:
        return ""
    return (answer.get("patch") or {}).get("live") or (answer.get("state") or {}).get("live") or ""


async def _run(plan: dict) -> dict:
    timings: list[float] = []
    errors: list[str] = []
    counts = {"posts": 0, "redirects": 0}
    answers = {"json": plan.get("json", False)}
    phones = [Phone(plan["port"], p | answers, timings, errors, counts) for p in plan["phones"]]
    opened = await asyncio.gather(*(phone.open() for phone in phones))
    ready = asyncio.Event()
    tasks = [asyncio.create_task(phone.play(ready)) for phone, ok in zip(phones, opened, strict=True) if ok]
    start, started_at = time.perf_counter(), time.time()
    ready.set()
    done, pending = await asyncio.wait(tasks, timeout=plan.get("limit_s", 120)) if tasks else (set(), set())
    for task in pending:
        task.cancel()
        errors.append("a phone did not finish in time")
    elapsed = time.perf_counter() - start
    # Every request after the start: each POST and each redirect it was answered with, followed.
    # The wall clock's start and end too: the servers' CPU can be read for the same span (/proc).
    span = {"started_at": started_at, "ended_at": started_at + elapsed}
    return {"timings_ms": timings, "errors": errors, "elapsed_s": elapsed, "requests": len(timings), **span, **counts}


def main() -> None:
    plan = json.loads(Path(sys.argv[1]).read_text())
    Path(sys.argv[2]).write_text(json.dumps(asyncio.run(_run(plan))))


if __name__ == "__main__":
    main()

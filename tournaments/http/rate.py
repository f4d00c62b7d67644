"""The one rate counter: attempts per key in a fixed clock window, counted in Django's cache.

The cache is a database table shared by every worker, so every worker and a restart see the same count.
The window is a fixed stretch of the clock (minute, hour…) named in the key, so a count ends on time
whatever the cache backend does with the timeout on `incr`; the row itself is kept two windows, then
dropped. Used by the wrong phone links (link_limit.py) and the public entry forms (entry_limit.py).
"""

import time
from dataclasses import dataclass

from django.core.cache import cache


@dataclass(frozen=True)
class Hit:
    """One attempt counted: how many in this window so far (this one included), the limit, and the whole
    seconds until the window ends (what a Retry-After says)."""

    count: int
    limit: int
    retry_after: int

    @property
    def allowed(self) -> bool:
        return self.count <= self.limit


def hit(name: str, limit: int, window: int, *, now: float | None = None) -> Hit:
    """Count one more attempt for `name` in the current window of `window` seconds."""
    moment = time.time() if now is None else now
    slot = int(moment // window)
    key = f"rate:{name}:{window}:{slot}"
    retry_after = max(1, int((slot + 1) * window - moment + 0.999))  # whole seconds, never 0
    return Hit(_count(key, window * 2), limit, retry_after)


def _count(key: str, keep: int) -> int:
    if cache.add(key, 1, keep):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # expired (or culled) between add and incr: the count starts again
        cache.set(key, 1, keep)
        return 1

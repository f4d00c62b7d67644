"""How the bench times a call: runs, warm-ups and the median, shared by run.py and measure.py."""

import statistics
import time

RUNS, WARMUP = 7, 2


def median_ms(call, runs: int = RUNS, warmup: int = WARMUP) -> float:
    """The median of `runs` timed calls after `warmup` untimed ones, in milliseconds."""
    for _ in range(warmup):
        call()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 2)

"""Another phone or the director acting between a save's read of its table and its write: the races the
plain-SQL saves (services/results/deal_by_deal.py, whole_round.py) must see."""

from collections.abc import Callable
from types import ModuleType


def between_read_and_write(monkeypatch, service: ModuleType, meanwhile: Callable[[], object]) -> list:
    """`meanwhile` runs once, just after the service's first read of its table (its `_read_for`); every read
    returned, `meanwhile`'s own included (a list filled as they come)."""
    read = service._read_for
    reads: list = []
    done: list[bool] = []  # marked before `meanwhile` runs: it may save through the same service, and read

    def read_then(*args, **kwargs):
        found = read(*args, **kwargs)
        if not done:
            done.append(True)
            meanwhile()
        reads.append(found)
        return found

    monkeypatch.setattr(service, "_read_for", read_then)
    return reads

"""The one rate counter (tournaments/http/rate.py): the window's edge and the Retry-After figure."""

import pytest
from django.core.cache import cache

from tournaments.http import rate

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()


def test_the_limit_is_the_last_allowed_and_the_next_is_refused():
    hits = [rate.hit("t:a", 3, 60, now=120.0) for _ in range(4)]
    assert [h.count for h in hits] == [1, 2, 3, 4]
    assert [h.allowed for h in hits] == [True, True, True, False]


def test_the_count_starts_again_at_the_window_edge():
    for _ in range(3):
        rate.hit("t:b", 2, 60, now=179.9)  # the window 120..180
    assert not rate.hit("t:b", 2, 60, now=179.9).allowed
    assert rate.hit("t:b", 2, 60, now=180.0).count == 1  # the next window: 180..240


def test_retry_after_is_the_whole_seconds_to_the_window_end():
    assert rate.hit("t:c", 1, 60, now=120.0).retry_after == 60
    assert rate.hit("t:c", 1, 60, now=150.2).retry_after == 30  # 29.8 s left, rounded up
    assert rate.hit("t:c", 1, 60, now=179.99).retry_after == 1  # never 0


def test_keys_and_windows_count_apart():
    rate.hit("t:d", 1, 60, now=0.0)
    assert rate.hit("t:e", 1, 60, now=0.0).count == 1
    assert rate.hit("t:d", 1, 3600, now=0.0).count == 1


def test_a_count_gone_between_add_and_incr_starts_again(monkeypatch):
    monkeypatch.setattr(cache, "add", lambda *args, **kwargs: False)
    assert rate.hit("t:f", 5, 60, now=0.0).count == 1  # incr finds nothing: the count is set afresh
    assert rate.hit("t:f", 5, 60, now=0.0).count == 2

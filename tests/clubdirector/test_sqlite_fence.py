"""The fence round the one place that leans on Django's private names: the SQLite writers' queue
(clubdirector/sqlite/base.py) overrides methods of Django's SQLite backend, some of them private
(`_start_transaction_under_autocommit`, `_commit`, `_rollback`, `_close`). A Django upgrade may rename
them, change what they do or stop calling them; the queue would then silently stop queueing (or stop
releasing its lock). This test fails first: each overridden method must still exist with the same
signature and the very source read when the queue was written, and Django's public methods must still
reach the private ones. When it fails, read Django's new code, adjust the queue, and record the new
fingerprints here."""

import hashlib
import inspect
from collections.abc import Callable

import pytest
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.sqlite3 import base

from clubdirector.sqlite.base import DatabaseWrapper, GuardedCursor

# (our class, Django's class it extends): each method we override, with the first 16 hex digits of the
# SHA-256 of Django's source of it, as read for Django 5.2.19.
FINGERPRINTS = {
    (DatabaseWrapper, base.DatabaseWrapper): {
        "create_cursor": "9e8198be0a5d41e9",
        "_start_transaction_under_autocommit": "7315cfc61c1dde12",
        "_commit": "8ebc361e1e8fcb8d",
        "_rollback": "d671ec3bb3c8ed44",
        "_close": "d1a3f0e9a11cd084",
    },
    (GuardedCursor, base.SQLiteCursorWrapper): {
        "execute": "0b4a43882cc88942",
        "executemany": "52fa6c310dee4219",
        # Converted once a query text (its placeholders, with Django's FORMAT_QMARK_REGEX) instead of each run.
        "convert_query": "183a4b3544fb854a",
    },
}
# The public methods through which Django reaches the private ones the queue takes its lock in and
# leaves it in: if one of these stops calling them, a transaction could begin or end unqueued.
CALLED = {
    "commit": ["_commit"],
    "rollback": ["_rollback"],
    "close": ["_close"],
    "set_autocommit": ["_start_transaction_under_autocommit"],
}

CASES = [(ours, theirs, name) for (ours, theirs), names in FINGERPRINTS.items() for name in names]


def _fingerprint(function: Callable[..., object]) -> str:
    return hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("ours", "theirs", "name"), CASES, ids=[f"{o.__name__}.{n}" for o, _t, n in CASES])
def test_what_the_queue_overrides_is_what_django_still_has(ours: type, theirs: type, name: str) -> None:
    assert hasattr(theirs, name), f"Django's {theirs.__name__} has no {name} any more"
    django_method = getattr(theirs, name)
    assert inspect.signature(getattr(ours, name)) == inspect.signature(django_method)
    assert _fingerprint(django_method) == FINGERPRINTS[ours, theirs][name], (
        f"Django's {theirs.__name__}.{name} changed: read it, adjust clubdirector/sqlite/base.py, record it here"
    )


@pytest.mark.parametrize(("ours", "theirs"), list(FINGERPRINTS))
def test_every_override_is_fenced(ours: type, theirs: type) -> None:
    """A method the queue overrides without a fingerprint here would escape the fence."""
    overridden = {name for name, value in vars(ours).items() if callable(value) and hasattr(theirs, name)}
    assert overridden == set(FINGERPRINTS[ours, theirs])


@pytest.mark.parametrize("public", list(CALLED))
def test_django_still_reaches_the_private_methods(public: str) -> None:
    source = inspect.getsource(getattr(BaseDatabaseWrapper, public))
    for private in CALLED[public]:
        assert f"self.{private}(" in source, f"BaseDatabaseWrapper.{public} no longer calls {private}"


def test_a_query_converted_once_is_converted_as_django_converts_it() -> None:
    from clubdirector.sqlite.base import _qmark

    for query in ("SELECT %s", "SELECT '100%%' || %s, %s", "UPDATE t SET a = %s WHERE b = %s AND c LIKE '%%x'"):
        assert _qmark(query) == base.SQLiteCursorWrapper.convert_query(None, query)  # type: ignore[attr-defined]
        assert _qmark(query) == _qmark(query) and _qmark.cache_info().hits

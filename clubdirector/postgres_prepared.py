"""On PostgreSQL, a cursor that lets psycopg prepare what it runs: for the plain SQL of the live pages'
polls and the phone's saves (tournaments/plain_sql.py).

Django binds parameters on the client, so PostgreSQL parses, analyses and plans every statement it is
sent. The round page's validator (one statement, five counts in subqueries) took 0.75-1.5 ms through
Django's cursor, most of it before running (EXPLAIN: 0.4-0.8 ms planning, 0.2 ms running): an
unchanged poll cost up to 1.7 times a bare Django's 304. These statements are fixed texts run
thousands of times an evening, so here they are bound on the server, and psycopg prepares a statement
the second time a connection runs it (the settings' `prepare_threshold`): later runs send only the
values, and PostgreSQL keeps a plan once it finds a generic one as good (after five runs). The
validator then takes about 0.25 ms.

A prepared statement lives with its connection, and psycopg deallocates them all when a transaction
rolls back (a save read again after a conflict does): a server that keeps its connections
(CONN_MAX_AGE, as docs/deployment.md sets it) prepares each statement a few times an evening. A
connection opened for one request runs a statement once, unprepared, as before.

The cursor is Django's own server-binding cursor inside Django's wrapper (which counts, logs and
turns errors into Django's); only the logged text is written out here, values in place, as Django's
client-bound statements are logged.
"""

import functools

import psycopg
from django.db.backends.base.base import BaseDatabaseWrapper


@functools.cache
def _classes():
    from django.db.backends.postgresql.base import CursorDebugWrapper, ServerBindingCursor
    from django.db.backends.utils import CursorWrapper

    class DebugWrapper(CursorDebugWrapper):
        def execute(self, sql, params=None):
            # Django reads the logged text back from psycopg, which keeps none for a prepared run.
            try:
                shown = self.db.ops.compose_sql(sql, params)
            except psycopg.DataError:
                shown = sql
            with self.debug_sql(shown, params):
                return CursorWrapper.execute(self, sql, params)

    return ServerBindingCursor, DebugWrapper


def cursor(wrapper: BaseDatabaseWrapper):
    """A Django cursor on the wrapper's connection, bound on the server."""
    from django.db.backends.postgresql.psycopg_any import register_tzloader  # type: ignore[import-untyped]
    from psycopg import adapters
    from psycopg.pq import Format

    server_binding, debug_wrapper = _classes()
    wrapper.close_if_health_check_failed()
    wrapper.ensure_connection()
    wrapper.validate_thread_sharing()
    raw = server_binding(wrapper.connection)
    # As Django's own cursors: the connection's time zone, if the connection was opened with another.
    loader = wrapper.connection.adapters.get_loader(adapters.types["timestamptz"].oid, Format.TEXT)
    if wrapper.timezone != loader.timezone:
        register_tzloader(wrapper.timezone, raw)
    return debug_wrapper(raw, wrapper) if wrapper.queries_logged else wrapper.make_cursor(raw)

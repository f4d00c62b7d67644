"""On PostgreSQL, a cursor whose statements are planned once per connection: for the plain SQL of the
live pages' polls and the phone's saves (tournaments/plain_sql.py).

Django binds parameters on the client, so PostgreSQL parses and plans every statement it is sent. The
round page's validator (one statement, five counts in subqueries) took about 1.9 ms to plan and a
tenth of that to run: a poll that found nothing changed cost half again a bare Django's 304. These
statements are fixed texts run thousands of times an evening, so here they are prepared: the first
run on a connection plans the statement and keeps it (psycopg's `prepare=True`, server-side binding);
later runs send only the parameters. With persistent connections (CONN_MAX_AGE, as the deployment
notes set) a worker plans each statement once; a connection opened for one request prepares for
nothing and pays one more round trip, as small as a loopback's.

The cursor is Django's own (its wrapper logs and counts queries, and turns errors into Django's),
only bound on the server.
"""

import functools

from django.db.backends.base.base import BaseDatabaseWrapper


@functools.cache
def _cursor_class():
    from django.db.backends.postgresql.base import ServerBindingCursor

    class PreparedCursor(ServerBindingCursor):
        def execute(self, query, params=None, *, prepare=None, binary=None):
            return super().execute(query, params, prepare=True if prepare is None else prepare, binary=binary)

    return PreparedCursor


def cursor(wrapper: BaseDatabaseWrapper):
    """A Django cursor on the wrapper's connection, preparing what it runs."""
    from django.db.backends.postgresql.psycopg_any import register_tzloader  # type: ignore[import-untyped]
    from psycopg import adapters
    from psycopg.pq import Format

    wrapper.close_if_health_check_failed()
    wrapper.ensure_connection()
    wrapper.validate_thread_sharing()
    raw = _cursor_class()(wrapper.connection)
    # As Django's own cursors: the connection's time zone, if the connection was opened with another.
    loader = wrapper.connection.adapters.get_loader(adapters.types["timestamptz"].oid, Format.TEXT)
    if wrapper.timezone != loader.timezone:
        register_tzloader(wrapper.timezone, raw)
    return wrapper.make_debug_cursor(raw) if wrapper.queries_logged else wrapper.make_cursor(raw)

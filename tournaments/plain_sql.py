"""Plain SQL for the table phone's hot path: a deal saved or accepted from a phone.

Building an ORM statement costs about a millisecond of Python; running a small one on SQLite costs a
tenth of that. A phone's save is a dozen statements, and sixty phones post at once at the end of a
round, so its statements are written here as SQL. Table and column names come from the models' own
metadata, and values go through the fields' own conversions both ways (dates, booleans, JSON): what
is written and read is what the ORM would write and read, on SQLite and on PostgreSQL alike.
"""

import contextlib
import contextvars
import functools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple, TypeVar

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import DateTimeField, Field, JSONField, Model
from django.utils import timezone

M = TypeVar("M", bound=Model)


def q(name: str) -> str:
    return connection.ops.quote_name(name)


def table(model: type[Model]) -> str:
    return q(model._meta.db_table)


@functools.cache
def _field(model: type[Model], name: str) -> Field:
    field = model._meta.get_field(name)
    assert isinstance(field, Field) and field.column, f"{model.__name__}.{name} is no column"
    return field


def column(model: type[Model], name: str) -> str:
    return q(_field(model, name).column)


def columns(model: type[Model], alias: str, names: Iterable[str] | None = None) -> str:
    """`alias."col", …` for the named fields (every concrete field when none are named)."""
    fields = _fields(model, tuple(names) if names is not None else None)
    return ", ".join(f"{alias}.{q(field.column)}" for field in fields)


def _fields(model: type[Model], names: tuple[str, ...] | None):
    if names is None:
        return list(model._meta.concrete_fields)
    return [_field(model, name) for name in names]


@functools.cache
def _converters(model: type[Model], names: tuple[str, ...] | None, vendor: str) -> list[tuple[int, Any, list]]:
    """(position, column, conversions) of each field whose values the ORM converts when read (the
    backend's, then the field's): the others pass as they come."""
    del vendor  # part of the cache's key only: converters differ by database
    found = []
    for position, field in enumerate(_fields(model, names)):
        col = field.get_col(model._meta.db_table)
        converters = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
        if converters:
            found.append((position, col, converters))
    return found


def _db():
    """The default database's connection itself: `django.db.connection` looks it up again (a
    thread-local read) at every attribute, a dozen times in each save."""
    return connections[DEFAULT_DB_ALIAS]


def converted(model: type[Model], values: Sequence, names: tuple[str, ...] | None = None) -> list:
    """The raw values of `names` (every concrete field when None) as the ORM would give them."""
    db = _db()
    out = list(values)
    for position, col, converters in _converters(model, names, db.vendor):
        for converter in converters:
            out[position] = converter(out[position], col, db)
    return out


@functools.cache
def _attnames(model: type[Model]) -> list[str]:
    return [field.attname for field in model._meta.concrete_fields]


def instance(model: type[M], values: Sequence) -> M:
    """A model instance from the raw values of every concrete field, in the model's order, as the ORM
    reads one (Model.from_db)."""
    return model.from_db(DEFAULT_DB_ALIAS, _attnames(model), converted(model, values))


def built(model: type[M], values: dict[str, Any]) -> M:
    """An instance of what was just written, from `values` by attname (the others their defaults, as the
    model's constructor gives them), made as the ORM makes one it read: a phone's save answers with the
    result it wrote."""
    given = [values[name] if name in values else _default(model, name) for name in _attnames(model)]
    return model.from_db(DEFAULT_DB_ALIAS, _attnames(model), given)


def _default(model: type[Model], attname: str) -> Any:
    return next(f for f in model._meta.concrete_fields if f.attname == attname).get_default()


_STAMPED: DateTimeField = DateTimeField()


def stamp() -> Any:
    """Now, as a date-time column is written (on SQLite its text): a save writes it in three rows, and
    converts it once."""
    return _STAMPED.get_db_prep_save(timezone.now(), _db())


def prepared(model: type[Model], name: str, value: Any, db=None) -> Any:
    """A value to write into the field `name`, as the ORM would send it (dates, JSON)."""
    return _field(model, name).get_db_prep_save(value, db or _db())


# The cursor a write's statements share (one_cursor), where one is open in this thread or task.
_SHARED: contextvars.ContextVar[Any] = contextvars.ContextVar("plain_sql_cursor", default=None)


@contextlib.contextmanager
def one_cursor() -> Iterator[None]:
    """Every statement run inside on one cursor of Django's: a save's writes run while SQLite's one write
    lock is held, and each cursor opened and closed is time every other save waits."""
    with _db().cursor() as cursor:
        token = _SHARED.set(cursor)
        try:
            yield
        finally:
            _SHARED.reset(token)


@contextlib.contextmanager
def _executed(sql: str, params: Sequence) -> Iterator[Any]:
    """Django's cursor, having run the statement: every tool that watches Django's cursor (the query
    log, a test's count of queries, an execute wrapper) sees it, and errors are Django's."""
    shared = _SHARED.get()
    if shared is not None:
        shared.execute(sql, params)
        yield shared
        return
    with _db().cursor() as cursor:
        cursor.execute(sql, params)
        yield cursor


def run(sql: str, params: Sequence = ()) -> int:
    """Run one write; the number of rows it changed."""
    with _executed(sql, params) as cursor:
        return cursor.rowcount


# A database integer's range: an id from an address beyond it ("/parties/99999999999999999999/") names no
# row, as the ORM answers such a lookup; SQLite's driver would raise OverflowError (a 500) on it.
_STORABLE = range(-(2**63), 2**63)


def rows(sql: str, params: Sequence = ()) -> list[tuple]:
    """The rows a read gives (a read only: a write goes through run, or a Statement)."""
    if any(type(value) is int and value not in _STORABLE for value in params):
        return []
    with _executed(sql, params) as cursor:
        return cursor.fetchall()


class Statement(NamedTuple):
    """One write with its values converted, made before the transaction it runs in: a writer on SQLite
    holds the database's one write lock from BEGIN to COMMIT, and every other save waits that long."""

    sql: str
    params: list

    def run(self) -> int:
        return run(self.sql, self.params)


def inserting(model: type[Model], values: dict[str, Any]) -> Statement:
    """One row; foreign keys given by their ids."""
    return Statement(_insert_sql(model, tuple(values)), _params(model, values))


def updating(model: type[Model], changes: dict[str, Any], where: dict[str, Any]) -> Statement:
    """A conditional update (`where`'s fields equal to its values, none of them None)."""
    if not changes or not where or None in where.values():  # "= NULL" would match no row, ever
        raise ValueError("an update needs changes and a condition with no None in it")
    return Statement(_update_sql(model, tuple(changes), tuple(where)), _params(model, changes) + _params(model, where))


def inserting_rows(model: type[Model], rows: Sequence[dict[str, Any]]) -> Statement:
    """Several rows of the same fields in one statement (a round's four deals)."""
    if not rows:
        raise ValueError("an insert needs at least one row")
    names = tuple(rows[0])
    if any(tuple(row) != names for row in rows):  # each row's values go into the first row's columns
        raise ValueError("every row needs the same fields, in the same order")
    one = "(" + ", ".join(["%s"] * len(names)) + ")"
    sql = f"{_insert_sql(model, names).rsplit(' VALUES ', 1)[0]} VALUES {', '.join([one] * len(rows))}"
    return Statement(sql, [param for row in rows for param in _params(model, row)])


def deleting(model: type[Model], where: dict[str, Any]) -> Statement:
    """Delete the rows whose fields equal `where`'s values (none of them None)."""
    if not where or None in where.values():
        raise ValueError("a delete needs a condition with no None in it")
    conditions = " AND ".join(f"{column(model, name)} = %s" for name in where)
    return Statement(f"DELETE FROM {table(model)} WHERE {conditions}", _params(model, where))


def insert(model: type[Model], values: dict[str, Any]) -> None:
    """One row; foreign keys given by their ids."""
    inserting(model, values).run()


def insert_returning_id(model: type[Model], values: dict[str, Any]) -> int:
    """One row, as insert; its id (RETURNING where the database has it: PostgreSQL, SQLite 3.35 on)."""
    return returning_id(model, inserting(model, values))


def returning_id(model: type[Model], statement: Statement) -> int:
    """Run an insert made by `inserting`; the new row's id."""
    if not _db().features.can_return_columns_from_insert:
        with _executed(statement.sql, statement.params) as cursor:
            return cursor.lastrowid
    with _executed(f"{statement.sql} RETURNING {q(model._meta.pk.column)}", statement.params) as cursor:
        return cursor.fetchone()[0]


@functools.cache
def _insert_sql(model: type[Model], names: tuple[str, ...]) -> str:
    marks = ", ".join(["%s"] * len(names))
    return f"INSERT INTO {table(model)} ({', '.join(column(model, name) for name in names)}) VALUES ({marks})"


@functools.cache
def _update_sql(model: type[Model], changes: tuple[str, ...], where: tuple[str, ...]) -> str:
    sets = ", ".join(f"{column(model, name)} = %s" for name in changes)
    conditions = " AND ".join(f"{column(model, name)} = %s" for name in where)
    return f"UPDATE {table(model)} SET {sets} WHERE {conditions}"


_PLAIN = (int, str, bool, type(None))  # exactly these types pass unchanged into every backend


def _params(model: type[Model], values: dict[str, Any]) -> list:
    """The values as the ORM sends them; a plain value as it is, but into a JSON field (which encodes
    even a plain string, and None as JSON's null)."""
    db = _db()
    return [
        value if type(value) in _PLAIN and not _is_json(model, name) else prepared(model, name, value, db)
        for name, value in values.items()
    ]


@functools.cache
def _is_json(model: type[Model], name: str) -> bool:
    return isinstance(_field(model, name), JSONField)

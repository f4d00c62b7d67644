"""Validators for the card tables' live sheets (Towie, Boston): one small plain statement each.

Both sheets are polled every 5 s, by the director's page and (Towie) by the table's phone link. A
sheet shows its table's own fields (names, stake, seats, the draw, money, the end of the game), its
players (Towie: one row each) and its deals. The deals are counted up: how many, the sum of their
places and the latest time one was saved (every deal's save stamps `updated_at`; a removal changes
the count, and a later deal's move up one place the sum). Saves to one table's deals take the
table's row lock first (services), so the stamps follow the order the writes commit in.

The page's language and number style go in through `etag()`; the director's Towie sheet speaks the
director's (or the club's) language and the club's numbers, which the statement reads with it.
"""

import functools

from django.db.models import Model

from tournaments import plain_sql
from tournaments.directors import Director
from tournaments.models import BostonDeal, BostonTable, Club, Membership, TowieDeal, TowiePlayer, TowieTable
from tournaments.selectors.live import etag


def mine(alias: str, model: type[Model]) -> str:
    """SQL: the row `alias` (of `model`, which has a club) is one of the user's clubs' (one %s: the user)."""
    member = plain_sql.table(Membership)
    c = plain_sql.column
    return (
        f"EXISTS (SELECT 1 FROM {member} m WHERE m.{c(Membership, 'club')} = {alias}.{c(model, 'club')}"
        f" AND m.{c(Membership, 'user')} = %s)"
    )


def _deals_counted(deal_model: type[BostonDeal | TowieDeal], order: str, table_sql: str) -> str:
    deal, c = plain_sql.table(deal_model), plain_sql.column
    of_table = f"FROM {deal} d WHERE d.{c(deal_model, 'table')} = {table_sql}"
    return (
        f"(SELECT COUNT(*) {of_table}), (SELECT SUM(d.{c(deal_model, order)}) {of_table}),"
        f" (SELECT MAX(d.{c(deal_model, 'updated_at')}) {of_table})"
    )


# --- Towie -------------------------------------------------------------------------------------------

_PLAYER = ("id", "name", "order", "card")
_TABLE_FIELDS = tuple(f.name for f in TowieTable._meta.concrete_fields if f.name != "created_at")


@functools.cache
def _towie_sql(by_token: bool) -> str:
    table, player, club = plain_sql.table(TowieTable), plain_sql.table(TowiePlayer), plain_sql.table(Club)
    c = plain_sql.column
    table_id = f"t.{c(TowieTable, 'id')}"
    where = f"t.{c(TowieTable, 'token')} = %s" if by_token else f"{table_id} = %s AND {mine('t', TowieTable)}"
    return (
        f"SELECT {plain_sql.columns(TowieTable, 't', _TABLE_FIELDS)},"
        f" cl.{c(Club, 'language')}, cl.{c(Club, 'format_style')},"
        f" {_deals_counted(TowieDeal, 'position', table_id)}, {plain_sql.columns(TowiePlayer, 'pl', _PLAYER)}"
        f" FROM {table} t JOIN {club} cl ON cl.{c(Club, 'id')} = t.{c(TowieTable, 'club')}"
        f" LEFT JOIN {player} pl ON pl.{c(TowiePlayer, 'table')} = {table_id}"
        f" WHERE {where} ORDER BY pl.{c(TowiePlayer, 'order')}, pl.{c(TowiePlayer, 'id')}"
    )


def towie_sheet_etag(
    *, table_id: int | None, token: str | None, user: Director, language: str | None, shown: str
) -> str | None:
    """The Towie sheet's poll validator: the table's fields, its players, its deals counted up, the
    club's words (a director's page speaks them) and the mark the page was opened with (`shown`: the
    note that the form is out of date). By the phone link (`token`), or for one of the director's
    tables; None when there is no such table (the view then answers as it always has)."""
    if token is not None:
        if not token or len(token) > 64:
            return None
        found = plain_sql.rows(_towie_sql(True), [token])
    elif user.is_authenticated and table_id is not None:
        found = plain_sql.rows(_towie_sql(False), [table_id, user.pk])
    else:
        return None
    if not found:
        return None
    width = len(_TABLE_FIELDS)
    table = plain_sql.converted(TowieTable, found[0][:width], _TABLE_FIELDS)
    club_and_deals = found[0][width : width + 5]
    players = [row[width + 5 :] for row in found]
    words = (language,) if token is None else ()
    return etag("towie", token is not None, table, club_and_deals, players, words, shown)


# --- Boston ------------------------------------------------------------------------------------------

_BOSTON_FIELDS = tuple(f.name for f in BostonTable._meta.concrete_fields if f.name != "created_at")


@functools.cache
def _boston_sql() -> str:
    table, c = plain_sql.table(BostonTable), plain_sql.column
    table_id = f"t.{c(BostonTable, 'id')}"
    fields = plain_sql.columns(BostonTable, "t", _BOSTON_FIELDS)
    return (
        f"SELECT {fields}, {_deals_counted(BostonDeal, 'number', table_id)}"
        f" FROM {table} t WHERE {table_id} = %s AND {mine('t', BostonTable)}"
    )


def boston_sheet_etag(table_id: int, user: Director, shown: str) -> str | None:
    """The Boston sheet's poll validator: the table's fields (players, rules, money, the end), its
    deals counted up and the mark the page was opened with; None when it is no table of the director's."""
    if not user.is_authenticated:
        return None
    found = plain_sql.rows(_boston_sql(), [table_id, user.pk])
    if not found:
        return None
    width = len(_BOSTON_FIELDS)
    table = plain_sql.converted(BostonTable, found[0][:width], _BOSTON_FIELDS)
    return etag("boston", table, found[0][width:], shown)

"""What a phone's save reads about its table, as plain values: the table's result in the round with its
deals, whether the table is seated, and what a send stored before with the phone's id carried.

One statement's columns and joins, shared by the view's read of a phone's post (selectors/table.py
phone_post, which reads the token, its party and round in the same statement) and by the save's own read
(services/results/deal_by_deal.py: again after a conflict, and for a save not from the phone's view):
each statement a phone's save runs is a tenth of a millisecond of its few.
"""

from typing import NamedTuple

from tournaments import plain_sql
from tournaments.models import DealEntry, PhoneSend, Round, Seat, TableResult

RESULT_FIELDS = (
    "id", "entry", "status", "ns", "ew", "winner", "cut", "cut_overridden", "ns_agreed", "ew_agreed", "locked",
    "version",
)  # fmt: skip


class Deal(NamedTuple):
    """A stored deal, read as plain values."""

    id: int | None
    number: int
    contract: str
    declarer: str
    tricks: int
    score: int
    ns: int
    ew: int
    entered_by: str
    accepted: bool


DEAL_FIELDS = Deal._fields


class TableRead(NamedTuple):
    """The table's result (its RESULT_FIELDS and "round__status"; None when it has none yet), its deals by
    number, whether the table has players in the round, and what a send stored before with this id carried
    (None when there was none); `of`: what was read (see key)."""

    row: dict | None
    deals: dict[int, Deal]
    seated: bool
    sent: str | None
    of: tuple = ()


def key(round_id: int, table: int, token_id: int | None, client_id: str) -> tuple:
    """What a read is of: a save takes a read made for it only (the same round, table, link and send id)."""
    return (round_id, table, token_id if client_id else None, client_id)


def columns(round_: str, table: str, token: str) -> str:
    """The read's columns, for the round aliased `round_`, with the table's number and the token's id as SQL
    (a column, or %s). A parameter follows for the send's id, after any the table and the token take."""
    c, t = plain_sql.column, plain_sql.table
    seated = (
        f"SELECT 1 FROM {t(Seat)} s WHERE s.{c(Seat, 'round')} = {round_}.{c(Round, 'id')}"
        f" AND s.{c(Seat, 'table')} = {table}"
    )
    sent = (
        f"SELECT ps.{c(PhoneSend, 'content')} FROM {t(PhoneSend)} ps"
        f" WHERE ps.{c(PhoneSend, 'token')} = {token} AND ps.{c(PhoneSend, 'client_id')} = %s"
    )
    return (
        f"EXISTS({seated}) AS seated, ({sent}) AS sent, {round_}.{c(Round, 'status')},"
        f" {plain_sql.columns(TableResult, 'res', RESULT_FIELDS)}, {plain_sql.columns(DealEntry, 'd', DEAL_FIELDS)}"
    )


def joins(round_: str, table: str) -> str:
    """The result of the table (its number as SQL: a column, or %s) in the round aliased `round_`, and its deals."""
    c, t = plain_sql.column, plain_sql.table
    return (
        f" LEFT JOIN {t(TableResult)} res ON res.{c(TableResult, 'round')} = {round_}.{c(Round, 'id')}"
        f" AND res.{c(TableResult, 'table')} = {table}"
        f" LEFT JOIN {t(DealEntry)} d ON d.{c(DealEntry, 'result')} = res.{c(TableResult, 'id')}"
    )


def order() -> str:
    return f" ORDER BY d.{plain_sql.column(DealEntry, 'number')}"


def parsed(found: list[tuple], start: int, of: tuple) -> TableRead:
    """The read (of `of`: key) from the statement's rows (a row a deal, at least one), its columns from
    `start` on."""
    first = found[0]
    seated, sent = bool(first[start]), first[start + 1]
    result_at, width = start + 3, len(RESULT_FIELDS)
    if first[result_at] is None:
        return TableRead(None, {}, seated, sent, of)
    values = plain_sql.converted(TableResult, first[result_at : result_at + width], RESULT_FIELDS)
    row = dict(zip(RESULT_FIELDS, values, strict=True)) | {"round__status": first[start + 2]}
    deals = {}
    for found_row in found:
        if found_row[result_at + width] is not None:
            deal = Deal(*plain_sql.converted(DealEntry, found_row[result_at + width :], DEAL_FIELDS))
            deals[deal.number] = deal
    return TableRead(row, deals, seated, sent, of)

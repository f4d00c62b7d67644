"""Reads for a table's phone page: the token, the round it plays, where its players go next."""

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Model, prefetch_related_objects
from django.http import Http404
from django.utils import timezone

from tournaments import clock, plain_sql
from tournaments.models import DealEntry, Guest, Party, Round, Seat, TableResult, TableToken
from tournaments.selectors import live, phone_read
from tournaments.selectors import rounds as round_selectors


def token_get(token: str) -> TableToken:
    """A live token, or a plain 404 (a wrong or revoked link says nothing more)."""
    if not token or len(token) > 64:
        raise Http404
    try:  # the token is unique: no ordering, no first()
        return TableToken.objects.select_related("party").get(token=token, revoked_at__isnull=True)
    except TableToken.DoesNotExist:
        raise Http404 from None


def next_places(round_: Round, table: int) -> list[tuple[str, int, str]]:
    """For the players at this table in a closed round: (name, next table, next seat)."""
    following = round_.party.rounds.filter(number=round_.number + 1).first()
    if following is None:
        return []
    here = Seat.objects.filter(round=round_, table=table).values_list("guest_id", "guest__name")
    names = dict(here)
    nxt = Seat.objects.filter(round=following, guest_id__in=names).values_list("guest_id", "table", "seat")
    order = {"N": 0, "E": 1, "S": 2, "W": 3}
    return sorted(((names[g], t, s) for g, t, s in nxt), key=lambda x: (x[1], order[x[2]]))


def not_seated_next(round_: Round, table: int) -> list[tuple[str, bool]]:
    """The players at this table in a closed round who have no seat in the next one: (name, gone home),
    in the order of their seats; for the phone of a table a change of plan closed (issue 46)."""
    following = round_.party.rounds.filter(number=round_.number + 1).first()
    if following is None:
        return []
    here = Seat.objects.filter(round=round_, table=table).exclude(guest__seats__round=following)
    return [(name, left is not None) for name, left in here.values_list("guest__name", "guest__left_after")]


def table_page(token: TableToken) -> tuple[Round | None, Round | None, round_selectors.TableView | None]:
    party = token.party
    current = round_selectors.round_current(party)
    previous = None
    if current is not None and current.number > 1:
        previous = party.rounds.select_related("party").get(number=current.number - 1)
    view = round_selectors.table_view(current, token.table) if current else None
    return current, previous, view


def _current_round(token: TableToken) -> Round | None:
    """The party's last round (round_current's, one plain query: the party came with the token)."""
    current = next(iter(Round.objects.filter(party_id=token.party_id).order_by("-number")[:1]), None)
    if current is not None:
        current.party = token.party
    return current


@functools.cache
def _phone_post_sql() -> str:
    """The token, its party, the party's last round and the table in it as a save reads it (phone_read):
    one statement, a row a deal (one when there are none)."""
    token, party, round_ = (plain_sql.table(m) for m in (TableToken, Party, Round))
    c = plain_sql.column
    last = (
        f"SELECT r2.{c(Round, 'id')} FROM {round_} r2 WHERE r2.{c(Round, 'party')} = t.{c(TableToken, 'party')}"
        f" ORDER BY r2.{c(Round, 'number')} DESC LIMIT 1"
    )
    table, token_id = f"t.{c(TableToken, 'table')}", f"t.{c(TableToken, 'id')}"
    return (
        f"SELECT {plain_sql.columns(TableToken, 't')}, {plain_sql.columns(Party, 'p')}, "
        f"{plain_sql.columns(Round, 'r')}, {phone_read.columns('r', table, token_id)}"
        f" FROM {token} t JOIN {party} p ON p.{c(Party, 'id')} = t.{c(TableToken, 'party')}"
        f" LEFT JOIN {round_} r ON r.{c(Round, 'id')} = ({last}){phone_read.joins('r', table)}"
        f" WHERE t.{c(TableToken, 'token')} = %s AND t.{c(TableToken, 'revoked_at')} IS NULL{phone_read.order()}"
    )


def phone_post(token: str, client_id: str = "") -> tuple[TableToken, Round | None, phone_read.TableRead | None]:
    """For a phone's save, in one plain statement: the live token (its party with it), the round being
    played, and the table in it as the save reads it, with what a send stored before with `client_id`
    carried (None without a round); a plain 404 for a wrong or revoked link, as token_get."""
    if not token or len(token) > 64:
        raise Http404
    found = plain_sql.rows(_phone_post_sql(), [client_id, token])
    if not found:
        raise Http404
    widths = [len(m._meta.concrete_fields) for m in (TableToken, Party, Round)]
    first = found[0]
    table_token = plain_sql.instance(TableToken, first[: widths[0]])
    party = plain_sql.instance(Party, first[widths[0] : widths[0] + widths[1]])
    table_token.party = party  # the relation as read: no second read for it
    round_values = first[widths[0] + widths[1] : sum(widths)]
    if round_values[0] is None:
        return table_token, None, None
    current = plain_sql.instance(Round, round_values)
    current.party = party
    of = phone_read.key(current.pk, table_token.table, table_token.pk, client_id)
    return table_token, current, phone_read.parsed(found, sum(widths), of)


def seat_names(round_: Round, table: int) -> dict[str, str]:
    """The table's players in the round, by seat."""
    seats = Seat.objects.filter(round=round_, table=table).values_list("seat", "guest__name")
    return dict(seats)


@functools.cache
def _phone_page_sql() -> str:
    """The token, its party, the party's last round and the one before it, and the table's players in
    the last: one statement, a row a seat (one row when no seat is drawn)."""
    token, party, round_, seat, guest = (plain_sql.table(m) for m in (TableToken, Party, Round, Seat, Guest))
    c = plain_sql.column
    last = (
        f"SELECT r2.{c(Round, 'id')} FROM {round_} r2 WHERE r2.{c(Round, 'party')} = t.{c(TableToken, 'party')}"
        f" ORDER BY r2.{c(Round, 'number')} DESC LIMIT 1"
    )
    columns = ", ".join(
        plain_sql.columns(model, alias)
        for model, alias in ((TableToken, "t"), (Party, "p"), (Round, "r"), (Round, "r0"), (Seat, "s"), (Guest, "g"))
    )
    return (
        f"SELECT {columns} FROM {token} t JOIN {party} p ON p.{c(Party, 'id')} = t.{c(TableToken, 'party')}"
        f" LEFT JOIN {round_} r ON r.{c(Round, 'id')} = ({last})"
        f" LEFT JOIN {round_} r0 ON r0.{c(Round, 'party')} = t.{c(TableToken, 'party')}"
        f" AND r0.{c(Round, 'number')} = r.{c(Round, 'number')} - 1"
        f" LEFT JOIN {seat} s ON s.{c(Seat, 'round')} = r.{c(Round, 'id')}"
        f" AND s.{c(Seat, 'table')} = t.{c(TableToken, 'table')}"
        f" LEFT JOIN {guest} g ON g.{c(Guest, 'id')} = s.{c(Seat, 'guest')}"
        f" WHERE t.{c(TableToken, 'token')} = %s AND t.{c(TableToken, 'revoked_at')} IS NULL"
    )


@functools.cache
def _phone_result_sql() -> str:
    """The table's result in the round and its deals, in their order: one statement, a row a deal."""
    result, deal = plain_sql.table(TableResult), plain_sql.table(DealEntry)
    c = plain_sql.column
    return (
        f"SELECT {plain_sql.columns(TableResult, 'tr')}, {plain_sql.columns(DealEntry, 'd')} FROM {result} tr"
        f" LEFT JOIN {deal} d ON d.{c(DealEntry, 'result')} = tr.{c(TableResult, 'id')}"
        f" WHERE tr.{c(TableResult, 'round')} = %s AND tr.{c(TableResult, 'table')} = %s"
        f" ORDER BY d.{c(DealEntry, 'number')}"
    )


def _split(row: Sequence[object], models: Iterable[type[Model]]) -> list[Sequence[object]]:
    """The row cut into each model's values, in the order of `models`."""
    parts, at = [], 0
    for model in models:
        width = len(model._meta.concrete_fields)
        parts.append(row[at : at + width])
        at += width
    return parts


def phone_page(token: str) -> tuple[TableToken, tuple, list[DealEntry]]:
    """What the phone's deal-by-deal page reads, in two plain statements (it is drawn again on every
    change at the table, by both of its phones): the live token with its party, the page as
    table_page gives it (the round, the one before, the table's view with its result), and the
    result's deals in order. A plain 404 for a wrong or revoked link, as token_get."""
    if not token or len(token) > 64:
        raise Http404
    found = plain_sql.rows(_phone_page_sql(), [token])
    if not found:
        raise Http404
    models = (TableToken, Party, Round, Round, Seat, Guest)
    token_values, party_values, round_values, before_values, _, _ = _split(found[0], models)
    table_token = plain_sql.instance(TableToken, token_values)
    party = plain_sql.instance(Party, party_values)
    table_token.party = party
    if round_values[0] is None:
        return table_token, (None, None, None), []
    current = plain_sql.instance(Round, round_values)
    previous = plain_sql.instance(Round, before_values) if before_values[0] is not None else None
    for round_ in filter(None, (current, previous)):
        round_.party = party
    view = round_selectors.TableView(table_token.table)
    for row in found:
        seat_values, guest_values = _split(row, models)[4:]
        if seat_values[0] is None:
            continue
        seat = plain_sql.instance(Seat, seat_values)
        seat.guest = plain_sql.instance(Guest, guest_values)
        view.seats[seat.seat] = seat
        view.names[seat.seat] = seat.guest.name
    deals: list[DealEntry] = []
    for row in plain_sql.rows(_phone_result_sql(), [current.pk, table_token.table]):
        result_values, deal_values = _split(row, (TableResult, DealEntry))
        if view.result is None:
            view.result = plain_sql.instance(TableResult, result_values)
            view.result.round = current
        if deal_values[0] is not None:
            deal = plain_sql.instance(DealEntry, deal_values)
            deal.result = view.result
            deals.append(deal)
    return table_token, (current, previous, view), deals


def form_page(token: str) -> tuple[TableToken, tuple]:
    """The page as table_page gives it, read as phone_page reads it (two plain statements, where the ORM's
    five cost the whole-round form most of its time): for that form and the two sides' agreements,
    posted without the phone's script, and the form drawn. The result's deals are prefetched (one read
    more): result.deals.all() reads nothing after it."""
    table_token, page, _ = phone_page(token)
    view = page[2]
    if view is not None and view.result is not None and view.result.pk:
        prefetch_related_objects([view.result], "deals")
    return table_token, page


# ---- deal by deal -------------------------------------------------------------------------------


@dataclass(frozen=True)
class DealLine:
    """One of the round's four deals on the phone: when, who deals, who is vulnerable, what was entered."""

    info: round_selectors.DealInfo
    entry: DealEntry | None

    @property
    def number(self) -> int:
        return self.info.number

    @property
    def accepter(self) -> str:
        """The side that accepts this deal: the one that did not enter it."""
        if self.entry is None:
            return ""
        return "EW" if self.entry.entered_by != "EW" else "NS"

    @property
    def waiting(self) -> bool:
        return self.entry is not None and bool(self.entry.entered_by) and not self.entry.accepted

    @property
    def shown(self) -> str:
        """What the page shows of the entry, sent back with an acceptance (see deal_shown)."""
        return f"{self.entry.contract} {self.entry.declarer or '-'} {self.entry.tricks}" if self.entry else ""

    @property
    def initial(self) -> dict:
        """The deal's stored values, to correct it."""
        if self.entry is None:
            return {}
        if self.entry.contract == "PASS":
            return {"level": "P"}
        level, strain, doubled = self.entry.contract[0], self.entry.contract[1], self.entry.contract[2:]
        return {
            "level": level,
            "strain": strain,
            "doubled": doubled,
            "declarer": self.entry.declarer,
            "tricks": self.entry.tricks,
        }


def deal_by_deal(
    token: TableToken,
    page: tuple[Round | None, Round | None, round_selectors.TableView | None],
    correcting: int | None = None,
    deals: list[DealEntry] | None = None,
) -> dict:
    """What the phone shows: the four deals, the one to play (or to correct), the clock (one query:
    the deals, unless phone_page read them; the round, seats and result come with the page)."""
    current, _, view = page
    party = token.party
    result = view.result if view else None
    if deals is None:
        deals = list(result.deals.all()) if result and result.pk else []
    entries = {d.number: d for d in deals}
    lines = [DealLine(info, entries.get(info.number)) for info in round_selectors.round_deals()]
    playing: DealLine | None
    if correcting is not None and correcting in entries and not (result and result.status == "agreed"):
        playing = lines[correcting - 1]
    else:
        playing = next((line for line in lines if line.entry is None), None)
    open_round = current is not None and not current.is_closed and view is not None and bool(view.seats)
    return {
        "party": party,
        "token": token,
        "round": current,
        "view": view,
        "result": result,
        "lines": lines,
        "current": playing if open_round and not (result and (result.locked or result.status == "agreed")) else None,
        "correcting": playing is not None and playing.entry is not None,
        "deals_in": len(entries),
        "accepted": sum(entry.accepted for entry in entries.values()),
        "clock": clock.round_clock(current, party.round_minutes, timezone.now()) if open_round else None,
        "live": page_live(token, current, result, len(entries), sum(entry.accepted for entry in entries.values())),
    }


def table_state(token: TableToken, current: Round | None = None, saved: TableResult | None = None) -> dict:
    """The phone's state: enough to tell that the page is out of date (a round closed, a deal changed,
    anything else it shows: `live`, see selectors/live.py).

    With `saved` (a save's answer: the result as written, its deals counted) nothing is read, and where the
    save worked out the state after it already (for its patch link), that is the state; else one plain
    statement.
    """
    if saved is not None and saved.state_after is not None and current is not None and current.party is token.party:
        return saved.state_after  # worked out from the round's party: the token's, as the phone's view reads them
    if saved is not None and saved.deals_counted is not None and current is not None:
        deals_in, accepted_in = saved.deals_counted
        party_values, round_values = live.phone_values(token.party, current)
        counted = (1, saved.version, saved.ns_agreed + saved.ew_agreed, deals_in, accepted_in)
        return live.state_of(party_values, round_values, counted, saved.status)
    state = live.phone_state(token.token)
    if state is None:
        raise Http404
    return state


def page_live(
    token: TableToken, current: Round | None, result: TableResult | None, deals_in: int, accepted: int
) -> str:
    """The validator of the phone's page as drawn (its state's `live`), from what the page read."""
    party_values, round_values = live.phone_values(token.party, current)
    if result is None or not result.pk:
        return live.state_of(party_values, round_values, (0, 0, 0, 0, 0), "")["live"]
    counted = (1, result.version, result.ns_agreed + result.ew_agreed, deals_in, accepted)
    return live.state_of(party_values, round_values, counted, result.status)["live"]


_PATCH_RESULT = ("ns", "ew", "entry", "status", "locked")
# A deal's fields as a patch draws it (views/phone_patch.py builds the same from the deal a save wrote).
PATCH_DEAL = ("number", "contract", "declarer", "tricks", "score", "ns", "ew", "entered_by", "accepted")


@functools.cache
def _patch_sql() -> str:
    result, deal, c = plain_sql.table(TableResult), plain_sql.table(DealEntry), plain_sql.column
    return (
        f"SELECT {plain_sql.columns(TableResult, 'tr', _PATCH_RESULT)},"
        f" {plain_sql.columns(DealEntry, 'd', PATCH_DEAL)}"
        f" FROM {result} tr JOIN {deal} d ON d.{c(DealEntry, 'result')} = tr.{c(TableResult, 'id')}"
        f" WHERE tr.{c(TableResult, 'round')} = %s AND tr.{c(TableResult, 'table')} = %s"
        f" AND d.{c(DealEntry, 'number')} = %s"
    )


def patch_values(round_id: int, table: int, number: int) -> tuple[TableResult, DealEntry] | None:
    """What a patch draws (views/phone_patch.py), in one plain statement: the result's figures and state,
    and the deal as stored."""
    found = plain_sql.rows(_patch_sql(), [round_id, table, number])
    if not found:
        return None
    row, split = found[0], len(_PATCH_RESULT)
    result_values = plain_sql.converted(TableResult, row[:split], _PATCH_RESULT)
    deal_values = plain_sql.converted(DealEntry, row[split:], PATCH_DEAL)
    return (
        TableResult(**dict(zip(_PATCH_RESULT, result_values, strict=True))),
        DealEntry(**dict(zip(PATCH_DEAL, deal_values, strict=True))),
    )

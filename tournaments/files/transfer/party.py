"""A party's export and import: every section written out, read back and checked (seats, results and deals
agreeing with the rules), then written."""

import datetime
from collections import Counter
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext

from tournaments.files.transfer.common import (
    CLOCK_FIELDS,
    _cannot_score,
    _contract,
    _created,
    _damaged,
    _list,
    _not_a_row,
    _numbered,
    _once,
    _only_last_playing,
    _read,
    _record,
    _row,
    _rules_give,
    _saved,
    _sections,
    _shown,
    _username,
    _value,
    _whole,
    _write,
    _wrong,
)
from tournaments.files.transfer.limits import PARTY_LIMITS, _history_within, _too_many, _within
from tournaments.files.transfer.links import (
    id_ref,
    ids_taken,
    kept_id,
    member_ref,
    members_out,
    members_section,
    members_write,
    public_out,
    public_ref,
    public_write,
)
from tournaments.models import (
    DealEntry,
    Guest,
    MidRoundSeat,
    Party,
    PublicLink,
    ResultChange,
    Round,
    Seat,
    SeatOverride,
    TableResult,
    TableToken,
)
from tournaments.models.party import MAX_TABLES
from tournaments.rules import party as party_rules
from tournaments.services.clubs import club_for
from tournaments.services.tokens import tokens_ensure

FORMAT = "clubdirector.party/2"
# Every format an import still reads: 1 has no members, no event id and no public page (docs/formats.md).
FORMATS = ("clubdirector.party/1", FORMAT)
# A history entry whose author is no director of the importing club keeps the file's name here, in its "after"
# (ResultChange has no column for a name): shown as the author, written back out as "by", never part of the picture.
AUTHOR = "author"
PARTY_FIELDS = (
    "name",
    "tables",
    "mixed",
    "keep_partners",
    "rounds_planned",
    "round_minutes",
    "rules",
    "tally_mode",
    "draw_seed",
    "pins",
)
RESULT_FIELDS = (
    "table", "entry", "status", "ns", "ew", "winner", "cut", "cut_overridden", "ns_agreed", "ew_agreed", "locked",
    "version",
)  # fmt: skip
GUEST_FIELDS = ("name", "kind", "plays_as", "reserve")
# The round a guest went home after (during it, a reserve taking her seat; or a change of plan after it): a
# round number of the file, or null. A file made before it came has none (everyone present).
GUEST_REFS = ("member", "left_after")
ROUND_FIELDS = ("number", "status", "movement_seed", "closed_at", *CLOCK_FIELDS)
SEAT_ROW = ("round", "table", "seat", "guest")
DEAL_ROW = ("round", "table", "number", "contract", "declarer", "tricks", "score", "ns", "ew")
SNAPSHOT_FIELDS = ("entry", "status", "ns", "ew", "winner", "cut", "locked")
SNAPSHOT_DEAL = ("number", "contract", "declarer", "tricks")
PARTY_SECTIONS = ("format", "party", "guests", "rounds", "seats", "overrides", "results", "deals", "history")
# A reserve who sat down during a round (issue 46): the seat's earlier sitters and the deal each reserve
# sat from. A file made before the replacement came has none (and its party had none).
MID_ROUND_FIELDS = ("table", "seat", "from_deal", "at")
MID_ROUND_REFS = ("round", "left", "came", "by")
LATER_SECTIONS = ("members", "mid_round")


def _when(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value else None


def party_export(party: Party, *, with_links: bool = False) -> dict:
    """Everything entered for a party, in a fixed number of queries; the tables' live phone links only
    `with_links` (whoever holds them can enter the tables' results)."""
    guest_rows = list(party.guests.select_related("member"))
    guests = {g.id: g.name for g in guest_rows}
    members, keys_of = members_out(g.member for g in guest_rows if g.member is not None)
    rounds = list(party.rounds.order_by("number"))
    numbers = {r.id: r.number for r in rounds}
    seats = Seat.objects.filter(round__party=party).order_by("round__number", "table", "seat")
    overrides = SeatOverride.objects.filter(round__party=party).select_related("by").order_by("at", "id")
    mid_round = (
        MidRoundSeat.objects.filter(round__party=party)
        .select_related("by")
        .order_by("round__number", "table", "seat", "from_deal", "id")
    )
    results = list(TableResult.objects.filter(round__party=party).order_by("round__number", "table"))
    deals = DealEntry.objects.filter(result__round__party=party).order_by("result_id", "number")
    changes = ResultChange.objects.filter(result__round__party=party).select_related("by_user", "by_token")
    keys = {r.id: (numbers[r.round_id], r.table) for r in results}
    links = party.tokens.filter(revoked_at__isnull=True).order_by("table")
    return {
        "format": FORMAT,
        "party": {f: getattr(party, f) for f in PARTY_FIELDS}
        | {"date": party.date.isoformat(), "id": party.id, "public": public_out(_public(party))},
        "members": members,
        "guests": [
            {f: getattr(g, f) for f in GUEST_FIELDS}
            | {"member": keys_of.get(g.member_id) if g.member_id else None, "left_after": g.left_after}
            for g in guest_rows
        ],
        **({"tables": [{"table": t.table, "token": t.token} for t in links]} if with_links else {}),
        "rounds": [
            {"number": r.number, "status": r.status, "movement_seed": r.movement_seed, "closed_at": _when(r.closed_at)}
            | {name: _when(getattr(r, name)) if name.endswith("_at") else getattr(r, name) for name in CLOCK_FIELDS}
            for r in rounds
        ],
        "seats": [[numbers[s.round_id], s.table, s.seat, guests[s.guest_id]] for s in seats],
        "overrides": [
            {
                "round": numbers[o.round_id],
                "table": o.table,
                "seat": o.seat,
                "old": guests[o.old_guest_id],
                "new": guests[o.new_guest_id],
                "by": o.by.get_username() if o.by else "",
                "at": _when(o.at),
            }  # fmt: skip
            for o in overrides
        ],
        "mid_round": [
            {
                "round": numbers[m.round_id],
                "table": m.table,
                "seat": m.seat,
                "from_deal": m.from_deal,
                "left": guests[m.left_id],
                "came": guests[m.came_id],
                "by": m.by.get_username() if m.by else "",
                "at": _when(m.at),
            }  # fmt: skip
            for m in mid_round
        ],
        "results": [{"round": numbers[r.round_id], **{f: getattr(r, f) for f in RESULT_FIELDS}} for r in results],
        "deals": [[*keys[d.result_id], d.number, d.contract, d.declarer, d.tricks, d.score, d.ns, d.ew] for d in deals],
        "history": [
            {
                "round": keys[c.result_id][0],
                "table": keys[c.result_id][1],
                "action": c.action,
                "by": c.by_user.get_username() if c.by_user else c.after.get(AUTHOR, ""),
                # Which table's phone made the change, never the link itself.
                "by_table": c.by_token.table if c.by_token else None,
                "at": _when(c.at),
                "before": c.before,
                "after": {k: v for k, v in c.after.items() if k != AUTHOR},
            }  # fmt: skip
            for c in changes.order_by("at", "id")
        ],
    }


def _public(party: Party) -> PublicLink | None:
    return PublicLink.objects.filter(party=party).first()


def _check(data) -> None:
    if not isinstance(data, dict) or data.get("format") not in FORMATS:
        raise ValidationError(gettext("This is not a Club Director party export."))


def party_import(data: dict, *, user=None, club=None, notes: list[str] | None = None) -> Party:
    """A new party of the club from an export, with new phone links for its tables.

    The whole file is checked before anything is written: a damaged file raises one plain
    ValidationError naming its first problem, and nothing is created. What the import could not keep (a player's
    name that matches several members) is added to `notes`."""
    _check(data)
    _within(data, PARTY_LIMITS)
    _history_within(data)
    checked = _read(_checked_party, data)
    party, said = _write(_write_party, checked, user, club_for(user, club))
    if notes is not None:
        notes.extend(said)
    return party


# The party's sections.


@dataclass
class _PartyFile:
    """What the later sections of a party file refer to."""

    tables: int
    guests: set[str]
    rounds: dict[int, dict]
    results: dict[tuple[int, int], dict] = field(default_factory=dict)
    # Each round's tables (a change of plan makes a table leave or join between two rounds, issue 46): the
    # last round's are the party's, an earlier one's its seats' (four at each table, numbered from 1).
    round_tables: dict[int, int] = field(default_factory=dict)

    @property
    def most(self) -> int:
        """The most tables the night had at once: a table's phone link, or a pin, may name any of them."""
        return max([self.tables, *self.round_tables.values()])


def _checked_party(data: dict) -> dict:
    _sections(data, PARTY_SECTIONS, optional=("tables", *LATER_SECTIONS))
    party = _party_section(data["party"])
    members = members_section(_list(data, "members") if "members" in data else [])
    guests = _guests_section(_list(data, "guests"), members)
    file = _PartyFile(party["tables"], {g["name"] for g in guests}, _rounds_section(_list(data, "rounds")))
    for number, guest in enumerate(guests, start=1):
        _left_after_ref(guest["left_after"], file, f"guest {number}")
    file.round_tables = _round_tables(_list(data, "seats"), file)
    _pins_section(party, file)
    _links_section(_list(data, "tables") if "tables" in data else [], file.most)
    seats = _seats_section(_list(data, "seats"), file)
    overrides = _overrides_section(_list(data, "overrides"), file)
    mid_round = _mid_round_section(_list(data, "mid_round") if "mid_round" in data else [], file, seats, overrides)
    file.results = _results_section(_list(data, "results"), file)
    _closed_rounds_section(file)
    deals = _deals_section(_list(data, "deals"), file)
    history = _history_section(_list(data, "history"), file)
    _closed_results_section(file, history)
    _scores_section(party, file, deals, history)
    return {
        "party": party,
        "members": members,
        "guests": guests,
        "rounds": file.rounds,
        "seats": seats,
        "overrides": overrides,
        "mid_round": mid_round,
        "results": file.results,
        "deals": deals,
        "history": history,
        "tables": file.most,
    }


def _party_section(raw) -> dict:
    party = _record(raw, "the party", Party, (*PARTY_FIELDS, "date"), refs=("id", "public"))
    id_ref(party["id"], "the party")
    public_ref(party["public"], "the party")
    if len(party["pins"]) > 4 * MAX_TABLES:  # a pin is a seat kept for a guest: four at a table at most
        raise _too_many("the party's pins", len(party["pins"]), 4 * MAX_TABLES)
    return party


def _pins_section(party: dict, file: _PartyFile) -> None:
    """The seats kept for guests at the draw: at one of the night's tables (a change of plan leaves them be)."""
    for number, pin in enumerate(party["pins"], start=1):
        where = f"the party's pin {number}"
        row = _row(pin, where, ("table", "seat", "name"))
        _whole(row["table"], where, "table", 1, file.most)
        _value(Seat, "seat", row["seat"], where)
        _value(Guest, "name", row["name"], where)


def _guests_section(rows: list, members: dict[str, dict]) -> list[dict]:
    guests: list[dict] = []
    names: dict[str, str] = {}
    for number, raw in enumerate(rows, start=1):
        where = f"guest {number}"
        guest = _record(raw, where, Guest, GUEST_FIELDS, refs=GUEST_REFS)
        member_ref(guest["member"], members, where, "member")
        _once(
            names, guest["name"], where, gettext("%(first)s and %(second)s both have the name %(name)s"),
            name=_shown(guest["name"]),
        )  # fmt: skip
        guests.append(guest)
    return guests


def _links_section(rows: list, tables: int) -> None:
    """The tables' links of an export made with them: checked, never imported (the import issues new ones)."""
    for number, raw in enumerate(rows, start=1):
        where = f"table link {number}"
        link = _record(raw, where, TableToken, ("table", "token"))
        _whole(link["table"], where, "table", 1, tables)


def _rounds_section(rows: list) -> dict[int, dict]:
    rounds: dict[int, dict] = {}
    numbers: dict[int, str] = {}
    for position, raw in enumerate(rows, start=1):
        where = f"round {position}"
        round_ = _record(raw, where, Round, ROUND_FIELDS)
        sentence = gettext("%(first)s and %(second)s both have number %(number)s")
        _once(numbers, round_["number"], where, sentence, number=round_["number"])
        rounds[round_["number"]] = round_
    _numbered(sorted(rounds))
    _only_last_playing({n: r["status"] for n, r in rounds.items()})
    return rounds


def _round_ref(value, file: _PartyFile, where: str) -> None:
    if type(value) is not int or value not in file.rounds:
        raise _wrong(where, "round", value, gettext("one of the file's round numbers"))


def _left_after_ref(value, file: _PartyFile, where: str) -> None:
    if value is not None and (type(value) is not int or value not in file.rounds):
        raise _wrong(where, "left_after", value, gettext("one of the file's round numbers or null"))


def _round_tables(rows: list, file: _PartyFile) -> dict[int, int]:
    """Each round's tables, as the app keeps them: the last round's are the party's (a change of plan sets them
    as it seats that round, and they are frozen once the seats are drawn); an earlier round's are as many as its
    seats fill, four at each (the seats section then checks that they fill tables 1 to that number exactly).
    A file from before the changes of plan has the party's tables in every round, as its import expected."""
    counts = Counter(
        raw[0] for raw in rows if isinstance(raw, list) and len(raw) == len(SEAT_ROW) and type(raw[0]) is int
    )
    last = max(file.rounds, default=0)
    return {n: file.tables if n == last else min(MAX_TABLES, max(1, -(-counts[n] // 4))) for n in file.rounds}


def _table_ref(value, file: _PartyFile, round_number: int, where: str) -> None:
    """A table of the round: the party's tables, or the round's own when a change of plan made them differ."""
    tables = file.round_tables[round_number]
    if tables == file.tables:
        _whole(value, where, "table", 1, tables)
    elif isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= tables:
        values = {"where": where, "value": _shown(value), "tables": tables, "round": round_number}
        raise _damaged(
            ngettext(
                "%(where)s has table %(value)s (a whole number from 1 to %(tables)s expected: round number "
                "%(round)s has %(tables)s table)",
                "%(where)s has table %(value)s (a whole number from 1 to %(tables)s expected: round number "
                "%(round)s has %(tables)s tables)",
                tables,
            )
            % values
        )


def _guest_ref(value, file: _PartyFile, where: str, name: str) -> None:
    if not isinstance(value, str) or value not in file.guests:
        values = {"where": where, "name": name, "value": _shown(value)}
        raise _damaged(gettext("%(where)s has %(name)s %(value)s, who is not a guest of the file") % values)


def _result_ref(row: dict, file: _PartyFile, where: str) -> None:
    key = (row["round"], row["table"])
    if any(type(v) is not int for v in key) or key not in file.results:
        values = {"where": where, "round": _shown(key[0]), "table": _shown(key[1])}
        raise _damaged(
            gettext("%(where)s is for round %(round)s, table %(table)s, which has no result in the file") % values
        )


def _seats_section(rows: list, file: _PartyFile) -> list[dict]:
    seats: list[dict] = []
    places: dict[tuple, str] = {}
    seated: dict[tuple, str] = {}
    for number, raw in enumerate(rows, start=1):
        where = f"seat {number}"
        seat = _row(raw, where, SEAT_ROW)
        _round_ref(seat["round"], file, where)
        _table_ref(seat["table"], file, seat["round"], where)
        _value(Seat, "seat", seat["seat"], where)
        _guest_ref(seat["guest"], file, where, "guest")
        _once(
            places,
            (seat["round"], seat["table"], seat["seat"]),
            where,
            gettext("%(first)s and %(second)s both take table %(table)s %(seat)s in round number %(round)s"),
            table=seat["table"],
            seat=seat["seat"],
            round=seat["round"],
        )
        _once(
            seated,
            (seat["round"], seat["guest"]),
            where,
            gettext("%(first)s and %(second)s both seat %(guest)s in round number %(round)s"),
            guest=_shown(seat["guest"]),
            round=seat["round"],
        )
        seats.append(seat)
    counts = Counter(place[0] for place in places)
    for round_number, tables in file.round_tables.items():
        if counts[round_number] != 4 * tables:
            values = {"round": round_number, "count": counts[round_number], "expected": 4 * tables}
            raise _damaged(
                ngettext(
                    "round number %(round)s has %(count)s seat (%(expected)s expected: four at each of the "
                    "%(tables)s tables)",
                    "round number %(round)s has %(count)s seats (%(expected)s expected: four at each of the "
                    "%(tables)s tables)",
                    counts[round_number],
                )
                % (values | {"tables": tables})
            )
    return seats


def _overrides_section(rows: list, file: _PartyFile) -> list[dict]:
    overrides = []
    for number, raw in enumerate(rows, start=1):
        where = f"override {number}"
        override = _record(raw, where, SeatOverride, ("table", "seat", "at"), refs=("round", "old", "new", "by"))
        _round_ref(override["round"], file, where)
        _table_ref(override["table"], file, override["round"], where)
        _guest_ref(override["old"], file, where, "old")
        _guest_ref(override["new"], file, where, "new")
        _username(override["by"], where, "by")
        overrides.append(override)
    return overrides


def _mid_round_section(rows: list, file: _PartyFile, seats: list[dict], overrides: list[dict]) -> list[dict]:
    """Each reserve who sat down during a round: the seat's sitters follow one another (each reserve takes the
    seat from the one before her, from the same deal or a later one), the last is the guest the seats section
    puts there, the others sit nowhere else in that round, and a reserve sits down once (she is no reserve
    afterwards). A change of seats (the overrides) may come in between, as the app allows while the table has
    no deal entered: it hands the seat on, seats a guest again, or sets a guest aside as a reserve again."""
    moves = _seat_moves(overrides)
    set_aside = {o["old"] for o in overrides}
    rows_read: list[dict] = []
    starts: dict[tuple, dict] = {}
    came: dict[str, str] = {}
    for number, raw in enumerate(rows, start=1):
        where = f"mid_round {number}"
        row = _record(raw, where, MidRoundSeat, MID_ROUND_FIELDS, refs=MID_ROUND_REFS)
        _round_ref(row["round"], file, where)
        _table_ref(row["table"], file, row["round"], where)
        _guest_ref(row["left"], file, where, "left")
        _guest_ref(row["came"], file, where, "came")
        _username(row["by"], where, "by")
        if row["left"] == row["came"]:
            values = {"where": where, "name": _shown(row["left"])}
            raise _damaged(gettext("%(where)s has %(name)s both leaving the seat and taking it") % values)
        spot = (row["round"], row["table"], row["seat"])
        before = starts.get((*spot, row["from_deal"]))
        # Two reserves from the same deal: the first went home before playing it (she hands the seat on).
        if before is not None and not _reaches(moves, spot, before["came"], row["left"]):
            raise _damaged(
                gettext(
                    "%(first)s and %(second)s both seat a reserve at table %(table)s %(seat)s from deal %(deal)s "
                    "in round number %(round)s"
                )
                % {
                    "first": before["where"],
                    "second": where,
                    "table": row["table"],
                    "seat": row["seat"],
                    "deal": row["from_deal"],
                    "round": row["round"],
                }  # fmt: skip
            )
        if row["came"] in set_aside:  # a change of seats made her a reserve again: she may sit down again
            came[row["came"]] = where
        else:
            _once(came, row["came"], where, gettext("%(first)s and %(second)s both seat %(guest)s as a reserve"),
                  guest=_shown(row["came"]))  # fmt: skip
        row_read = row | {"where": where}
        starts[(*spot, row["from_deal"])] = row_read
        rows_read.append(row_read)
    _mid_round_sitters(rows_read, seats, overrides)
    return rows_read


def _seat_moves(overrides: list[dict]) -> dict[tuple, dict[str, set[str]]]:
    """Who each change of seats put in a seat in place of whom, by (round, table, seat)."""
    moves: dict[tuple, dict[str, set[str]]] = {}
    for o in overrides:
        moves.setdefault((o["round"], o["table"], o["seat"]), {}).setdefault(o["old"], set()).add(o["new"])
    return moves


def _reaches(moves: dict[tuple, dict[str, set[str]]], spot: tuple, first: str, last: str) -> bool:
    """`last` holds the seat `first` held, or the changes of seats at it lead from `first` to `last`."""
    seen, todo = {first}, [first]
    while todo:
        guest = todo.pop()
        if guest == last:
            return True
        for new in moves.get(spot, {}).get(guest, ()):
            if new not in seen:
                seen.add(new)
                todo.append(new)
    return False


def _mid_round_sitters(rows: list[dict], seats: list[dict], overrides: list[dict]) -> None:
    """The replacements agree with the seats: at each seat they chain from sitter to sitter, ending with its guest
    (the changes of seats at it may pass the seat on between them or after the last)."""
    moves = _seat_moves(overrides)
    seated = {(s["round"], s["table"], s["seat"]): s["guest"] for s in seats}
    in_round = {(s["round"], s["guest"]) for s in seats}
    seated_again = {(o["round"], o["new"]) for o in overrides}
    chains: dict[tuple, list[dict]] = {}
    for row in rows:
        chains.setdefault((row["round"], row["table"], row["seat"]), []).append(row)
    for spot, chain in chains.items():
        round_number, table, seat = spot
        chain.sort(key=lambda row: row["from_deal"])  # stable: the file's order within a deal
        for before, after in zip(chain, chain[1:], strict=False):
            if not _reaches(moves, spot, before["came"], after["left"]):
                values = {"where": after["where"], "left": _shown(after["left"]), "came": _shown(before["came"])}
                raise _damaged(gettext("%(where)s has left %(left)s, but %(came)s took the seat before her") % values)
        last = chain[-1]
        holder = seated.get(spot)
        if holder is None or not _reaches(moves, spot, last["came"], holder):
            values = {"where": last["where"], "came": _shown(last["came"]), "table": table, "seat": seat}
            raise _damaged(
                gettext("%(where)s has came %(came)s, who does not hold table %(table)s %(seat)s in the seats")
                % (values | {"round": round_number})
            )
        for row in chain:
            if (round_number, row["left"]) in in_round and (round_number, row["left"]) not in seated_again:
                values = {"where": row["where"], "left": _shown(row["left"]), "round": round_number}
                raise _damaged(
                    gettext("%(where)s has left %(left)s, who is seated in round number %(round)s all the same")
                    % values
                )


def _results_section(rows: list, file: _PartyFile) -> dict[tuple[int, int], dict]:
    results: dict[tuple[int, int], dict] = {}
    places: dict[tuple, str] = {}
    for number, raw in enumerate(rows, start=1):
        where = f"result {number}"
        result = _record(raw, where, TableResult, RESULT_FIELDS, refs=("round",))
        _round_ref(result["round"], file, where)
        _table_ref(result["table"], file, result["round"], where)
        key = (result["round"], result["table"])
        sentence = gettext("%(first)s and %(second)s both give table %(table)s's result in round number %(round)s")
        _once(places, key, where, sentence, table=key[1], round=key[0])
        results[key] = result
    return results


def _closed_rounds(file: _PartyFile):
    """(number, round, table) for every table of every closed round (the round's own tables)."""
    for number, round_ in file.rounds.items():
        if round_["status"] == Round.Status.CLOSED:
            yield from ((number, round_, table) for table in range(1, file.round_tables[number] + 1))


def _closed_rounds_section(file: _PartyFile) -> None:
    """A round closes once every table has its result (services.rounds.round_close)."""
    for number, _, table in _closed_rounds(file):
        if (number, table) not in file.results:
            values = {"round": number, "table": table}
            raise _damaged(gettext("round number %(round)s is closed, but table %(table)s has no result") % values)


def _closed_results_section(file: _PartyFile, history: list[dict]) -> None:
    """A closed round's results are agreed with a winner, as the round closed; only a change the director made
    after it closed (an undo, say: services.results.result_undo) leaves one otherwise, and the history shows it."""
    changed = {(h["round"], h["table"], h["at"]) for h in history}
    for number, round_, table in _closed_rounds(file):
        result = file.results[(number, table)]
        if result["status"] == TableResult.Status.AGREED and result["winner"]:
            continue
        closed_at = round_["closed_at"]
        if closed_at is None or not any(n == number and t == table and at > closed_at for n, t, at in changed):
            values = {"round": number, "table": table, "status": _shown(result["status"])}
            raise _damaged(
                gettext(
                    "round number %(round)s is closed, but table %(table)s's result is %(status)s "
                    "with winner %(winner)s (agreed with a winner expected)"
                )
                % (values | {"winner": _shown(result["winner"])})
            )


def _deals_section(rows: list, file: _PartyFile) -> list[dict]:
    deals: list[dict] = []
    numbers: dict[tuple, str] = {}
    for position, raw in enumerate(rows, start=1):
        where = f"deal {position}"
        deal = _row(raw, where, DEAL_ROW)
        _result_ref(deal, file, where)
        deal |= {name: _value(DealEntry, name, deal[name], where) for name in DEAL_ROW[2:]}
        _contract(deal, where)
        key = (deal["round"], deal["table"], deal["number"])
        sentence = gettext(
            "%(first)s and %(second)s both give deal %(deal)s of table %(table)s in round number %(round)s"
        )
        _once(numbers, key, where, sentence, deal=key[2], table=key[1], round=key[0])
        deals.append(deal)
    return deals


def _history_section(rows: list, file: _PartyFile) -> list[dict]:
    history = []
    for number, raw in enumerate(rows, start=1):
        where = f"history entry {number}"
        refs = ("round", "table", "by", "by_table")
        change = _record(raw, where, ResultChange, ("action", "at", "before", "after"), refs=refs)
        _result_ref(change, file, where)
        _snapshot_section(change["before"], f"{where}'s before")
        _snapshot_section(change["after"], f"{where}'s after")
        _username(change["by"], where, "by")
        if change["by_table"] is not None:
            _whole(change["by_table"], where, "by_table", 1, file.most, null=True)
        history.append(change)
    return history


def _snapshot_section(snapshot: dict, where: str) -> None:
    """A history entry's before or after (services.results.common._snapshot): an undo puts the result back
    as it says."""
    if not snapshot:
        return
    missing = [key for key in (*SNAPSHOT_FIELDS, "deals") if key not in snapshot]
    if missing:
        raise _damaged(gettext("%(where)s has no %(field)s") % {"where": where, "field": _shown(missing[0])})
    for name in SNAPSHOT_FIELDS:
        _value(TableResult, name, snapshot[name], where)
    if not isinstance(snapshot["deals"], list):
        raise _wrong(where, "deals", snapshot["deals"], gettext("a list"))
    if len(snapshot["deals"]) > party_rules.DEALS_PER_ROUND:
        raise _too_many(f"{where}'s deals", len(snapshot["deals"]), party_rules.DEALS_PER_ROUND)
    for number, raw in enumerate(snapshot["deals"], start=1):
        deal_where = f"{where}'s deal {number}"
        if not isinstance(raw, list) or len(raw) < len(SNAPSHOT_DEAL):
            raise _damaged(_not_a_row(raw, deal_where, SNAPSHOT_DEAL))
        deal = {
            name: _value(DealEntry, name, value, deal_where)
            for name, value in zip(SNAPSHOT_DEAL, raw[: len(SNAPSHOT_DEAL)], strict=True)
        }
        _contract(deal, deal_where)


def _deal_where(round_number: int, table: int, scored: party_rules.ScoredDeal) -> str:
    where = gettext("deal %(deal)s of table %(table)s in round number %(round)s") % {
        "deal": scored.number, "table": table, "round": round_number,
    }  # fmt: skip
    if scored.contract == "PASS":
        return f"{where} (PASS)"
    played = gettext("%(contract)s by %(declarer)s, %(tricks)s tricks, %(vulnerable)s") % {
        "contract": scored.contract, "declarer": scored.declarer, "tricks": scored.tricks,
        "vulnerable": gettext("vulnerable") if scored.vulnerable else gettext("not vulnerable"),
    }  # fmt: skip
    return f"{where} ({played})"


def _scored(deal: dict, rules: str, where: str) -> party_rules.ScoredDeal:
    try:
        return party_rules.score_deal(deal["number"], deal["contract"], deal["declarer"], deal["tricks"], rules)
    except ValueError as error:
        raise _cannot_score(where, error) from None


def _scores_section(party: dict, file: _PartyFile, deals: list[dict], history: list[dict]) -> None:
    rules = party["rules"]
    scored: dict[tuple[int, int], list[party_rules.ScoredDeal]] = {}
    for position, deal in enumerate(deals, start=1):
        done = _scored(deal, rules, f"deal {position}")
        for name in ("score", "ns", "ew"):
            if deal[name] != getattr(done, name):
                raise _rules_give(
                    _deal_where(deal["round"], deal["table"], done), name, deal[name], getattr(done, name)
                )
        scored.setdefault((deal["round"], deal["table"]), []).append(done)
    for (round_number, table), result in file.results.items():
        where = gettext("the result of table %(table)s in round number %(round)s") % {
            "table": table, "round": round_number,
        }  # fmt: skip
        _figures_section(result, scored.get((round_number, table), []), party, where)
    for number, change in enumerate(history, start=1):
        for name in ("before", "after"):
            snapshot, where = change[name], f"history entry {number}'s {name}"
            if snapshot:
                rows = [dict(zip(SNAPSHOT_DEAL, row[: len(SNAPSHOT_DEAL)], strict=True)) for row in snapshot["deals"]]
                pictured = [_scored(row, rules, f"{where}'s deal {n}") for n, row in enumerate(rows, start=1)]
                _figures_section(snapshot, pictured, party, where)


def _figures_section(result: dict, scored: list, party: dict, where: str) -> None:
    """A result (or a history entry's picture of one): its two figures, its deals and its winner."""
    if result["entry"] == TableResult.Entry.NET:
        _net_section(result, party, where)
    else:
        tally = party_rules.actual_points if party["tally_mode"] == "actual" else party_rules.net_result
        expected = tally(scored) if scored else (None, None)
        for name, figure in zip(("ns", "ew"), expected, strict=True):
            if result[name] != figure:
                raise _rules_give(where, name, result[name], figure)
        if result["status"] != TableResult.Status.IN_PROGRESS and len(scored) != party_rules.DEALS_PER_ROUND:
            values = {"where": where, "status": _shown(result["status"]), "count": len(scored)}
            raise _damaged(
                ngettext(
                    "%(where)s is %(status)s with %(count)s deal (four expected)",
                    "%(where)s is %(status)s with %(count)s deals (four expected)",
                    len(scored),
                )
                % values
            )
    if result["status"] == TableResult.Status.IN_PROGRESS:
        winner = ""
    else:
        winner = party_rules.table_winner(result["ns"], result["ew"]) or result["winner"]  # a tie: the cut's
    if result["winner"] != winner:
        raise _rules_give(where, "winner", result["winner"], winner)


def _net_section(result: dict, party: dict, where: str) -> None:
    """Net figures from a score card: each within what four deals can make (party.net_bounds), a multiple of ten;
    with actual points neither minus, else the two never adding to more than 0 (the cap takes, never gives)."""
    low, high = party_rules.net_bounds(party["rules"])
    for name in ("ns", "ew"):
        value = result[name]
        if value is None or not low <= value <= high or value % 10:
            expected = gettext("a multiple of ten from %(least)s to %(most)s") % {"least": low, "most": high}
            raise _wrong(where, name, value, expected)
    values = {"where": where, "ns": result["ns"], "ew": result["ew"]}
    if party["tally_mode"] == "actual" and min(result["ns"], result["ew"]) < 0:
        raise _damaged(
            gettext("%(where)s has ns %(ns)s and ew %(ew)s in the file, but with actual points neither side is minus")
            % values
        )
    if party["tally_mode"] != "actual" and result["ns"] + result["ew"] > 0:
        raise _damaged(
            gettext(
                "%(where)s has ns %(ns)s and ew %(ew)s in the file, but two net results never add up to more than 0"
            )
            % values
        )


def _write_party(checked: dict, user, club) -> tuple[Party, list[str]]:
    fields = {k: v for k, v in checked["party"].items() if k not in ("id", "public")}
    kept = kept_id(Party, checked["party"]["id"])
    party = _saved(Party(**fields, **kept, created_by=user, club=club), "the party")
    if kept:
        ids_taken(Party)
    public_write(checked["party"]["public"], club, party=party)
    tokens_ensure(party=party)  # new links, whatever the file carried
    # A table that left the night keeps its (new) link, as in the app: its phone's entries are named by it.
    TableToken.objects.bulk_create(
        TableToken(party=party, table=t) for t in range(party.tables + 1, checked["tables"] + 1)
    )
    members, notes = members_write(checked["members"], club)
    made_guests = [
        Guest(
            party=party,
            member=members.get(g["member"]) if g["member"] else None,
            left_after=g["left_after"],
            **{f: g[f] for f in GUEST_FIELDS},
        )
        for g in checked["guests"]
    ]
    guests = {g.name: g for g in _created(Guest, "guest", made_guests)}
    made = _created(Round, "round", [Round(party=party, **r) for r in checked["rounds"].values()])
    rounds = {r.number: r for r in made}
    seats = [
        Seat(round=rounds[s["round"]], table=s["table"], seat=s["seat"], guest=guests[s["guest"]])
        for s in checked["seats"]
    ]
    _created(Seat, "seat", seats)
    # History names its directors; only the club's own are linked (a name elsewhere is kept as text).
    users = {u.get_username(): u for u in get_user_model().objects.filter(memberships__club=club)}
    overrides = [
        SeatOverride(
            round=rounds[o["round"]],
            table=o["table"],
            seat=o["seat"],
            old_guest=guests[o["old"]],
            new_guest=guests[o["new"]],
            by=users.get(o["by"]),
            at=o["at"],
        )  # fmt: skip
        for o in checked["overrides"]
    ]
    _created(SeatOverride, "override", overrides)
    mid_round = [
        MidRoundSeat(
            round=rounds[m["round"]],
            table=m["table"],
            seat=m["seat"],
            from_deal=m["from_deal"],
            left=guests[m["left"]],
            came=guests[m["came"]],
            by=users.get(m["by"]),
            at=m["at"],
        )  # fmt: skip
        for m in checked["mid_round"]
    ]
    if mid_round:  # the standings read the replacements only when the party says there are some
        _created(MidRoundSeat, "mid_round", mid_round)
        Party.objects.filter(pk=party.pk).update(replaced_mid_round=True)
        party.replaced_mid_round = True
    _write_results(checked, party, rounds, users)
    return party, notes


def _write_results(checked: dict, party: Party, rounds: dict, users: dict) -> None:
    made = [
        TableResult(round=rounds[r["round"]], **{f: r[f] for f in RESULT_FIELDS}) for r in checked["results"].values()
    ]
    results = {(r.round.number, r.table): r for r in _created(TableResult, "result", made)}
    deals = [
        DealEntry(result=results[(d["round"], d["table"])], **{f: d[f] for f in DEAL_ROW[2:]}) for d in checked["deals"]
    ]
    _created(DealEntry, "deal", deals)
    # A change made from a table's phone names that table's (new) link: "table 2 (phone)".
    tokens = {t.table: t for t in party.tokens.filter(revoked_at__isnull=True)}
    changes = [
        ResultChange(
            result=results[(h["round"], h["table"])],
            action=h["action"],
            by_user=users.get(h["by"]),
            by_token=tokens.get(h["by_table"]),
            at=h["at"],
            before=h["before"],
            after=_authored(h, users),
        )  # fmt: skip
        for h in checked["history"]
    ]
    _created(ResultChange, "history entry", changes)


def _authored(change: dict, users: dict) -> dict:
    """The change's "after", holding the file's author by name when no director of the club has that name."""
    if not change["by"] or change["by"] in users:
        return change["after"]
    return change["after"] | {AUTHOR: change["by"]}

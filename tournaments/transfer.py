"""A whole party (or knockout) as one JSON document, and back: everything entered, history included.

The export names rows by their place (round number, table, seat) rather than database ids,
so it imports into any database. Users are named by user name; on import a change is linked
to the user of that name when there is one.

An export carries no live phone link unless asked (`with_links`): whoever has the file could
otherwise enter results for the tables. An import always issues new links, even from a file that
carries old ones; the history keeps which table's phone made a change, never its secret.

An import checks the whole file against the models before it writes anything (choices, lengths,
number ranges, dates, references, what the database holds unique, and rounds and results that
agree); a damaged file gets one plain message naming its first problem and creates nothing.
"""

import datetime
import functools
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import cast

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import DataError, IntegrityError, models, transaction
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models import Q
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext, ngettext

from tournaments import l10n
from tournaments.models import (
    DealEntry,
    Guest,
    Knockout,
    KnockoutDeal,
    KnockoutMatch,
    KnockoutPair,
    KnockoutRound,
    Party,
    ResultChange,
    Round,
    Seat,
    SeatOverride,
    TableResult,
    TableToken,
)
from tournaments.models.knockout import DEALS_PER_MATCH, Bracket
from tournaments.models.party import MAX_ROUNDS, MAX_TABLES, SEATS
from tournaments.rules import party as party_rules
from tournaments.rules import rubber
from tournaments.rules.contract import parse_contract
from tournaments.services.clubs import club_for
from tournaments.services.knockout import MAX_PAIRS, MAX_TOTAL
from tournaments.services.tokens import tokens_ensure

FORMAT = "clubdirector.party/1"
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
CLOCK_FIELDS = ("clock_started_at", "clock_paused_at", "clock_paused_seconds", "clock_extra_minutes")
ROUND_FIELDS = ("number", "status", "movement_seed", "closed_at", *CLOCK_FIELDS)
SEAT_ROW = ("round", "table", "seat", "guest")
DEAL_ROW = ("round", "table", "number", "contract", "declarer", "tricks", "score", "ns", "ew")
SNAPSHOT_FIELDS = ("entry", "status", "ns", "ew", "winner", "cut", "locked")
SNAPSHOT_DEAL = ("number", "contract", "declarer", "tricks")
PARTY_SECTIONS = ("format", "party", "guests", "rounds", "seats", "overrides", "results", "deals", "history")


def _when(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value else None


def party_export(party: Party, *, with_links: bool = False) -> dict:
    """Everything entered for a party, in a fixed number of queries; the tables' live phone links only
    `with_links` (whoever holds them can enter the tables' results)."""
    guests = {g.id: g.name for g in party.guests.all()}
    rounds = list(party.rounds.order_by("number"))
    numbers = {r.id: r.number for r in rounds}
    seats = Seat.objects.filter(round__party=party).order_by("round__number", "table", "seat")
    overrides = SeatOverride.objects.filter(round__party=party).select_related("by").order_by("at", "id")
    results = list(TableResult.objects.filter(round__party=party).order_by("round__number", "table"))
    deals = DealEntry.objects.filter(result__round__party=party).order_by("result_id", "number")
    changes = ResultChange.objects.filter(result__round__party=party).select_related("by_user", "by_token")
    keys = {r.id: (numbers[r.round_id], r.table) for r in results}
    links = party.tokens.filter(revoked_at__isnull=True).order_by("table")
    return {
        "format": FORMAT,
        "party": {f: getattr(party, f) for f in PARTY_FIELDS} | {"date": party.date.isoformat()},
        "guests": [
            {"name": g.name, "kind": g.kind, "plays_as": g.plays_as, "reserve": g.reserve} for g in party.guests.all()
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
        "results": [{"round": numbers[r.round_id], **{f: getattr(r, f) for f in RESULT_FIELDS}} for r in results],
        "deals": [[*keys[d.result_id], d.number, d.contract, d.declarer, d.tricks, d.score, d.ns, d.ew] for d in deals],
        "history": [
            {
                "round": keys[c.result_id][0],
                "table": keys[c.result_id][1],
                "action": c.action,
                "by": c.by_user.get_username() if c.by_user else "",
                # Which table's phone made the change, never the link itself.
                "by_table": c.by_token.table if c.by_token else None,
                "at": _when(c.at),
                "before": c.before,
                "after": c.after,
            }  # fmt: skip
            for c in changes.order_by("at", "id")
        ],
    }


def _check(data) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValidationError(gettext("This is not a Club Director party export."))


def party_import(data: dict, *, user=None, club=None) -> Party:
    """A new party of the club from an export, with new phone links for its tables.

    The whole file is checked before anything is written: a damaged file raises one plain
    ValidationError naming its first problem, and nothing is created."""
    _check(data)
    _within(data, PARTY_LIMITS)
    _history_within(data)
    checked = _read(_checked_party, data)
    return _write(_write_party, checked, user, club_for(user, club))


# --- reading a file: every field checked against the models before anything is written ------------------------------
#
# Each section has its own small check, which returns the section's values cleaned (dates parsed) for the writer.
# The models say what a field takes: its type, choices, max_length, number range (its column's, its validators'
# and its check constraints'). What the models leave to the services is added below: the seats N/E/S/W, deal
# contracts, a table within the party's tables. full_clean() on every object and the database's own constraints
# stay behind these checks as the second and third lines.

SEAT_LETTERS = tuple(letter for letter, _ in SEATS)
MORE_CHOICES = {
    (DealEntry, "declarer"): SEAT_LETTERS,
    (KnockoutDeal, "declarer"): SEAT_LETTERS,
    (KnockoutDeal, "honours"): ("NS100", "NS150", "EW100", "EW150"),
}
MORE_BOUNDS = {  # (least, most); None leaves the model's own
    (Round, "number"): (1, None),
    (KnockoutRound, "number"): (1, None),
    (KnockoutRound, "tables"): (1, MAX_PAIRS // 2),
    (KnockoutRound, "places"): (1, None),
    (KnockoutMatch, "extra_deals"): (0, DEALS_PER_MATCH),  # deals to break a tie: one or two, never eight
}
# Fields an export gained after its format came out: a file made before may lack them (the model's default is taken).
# A field added to an export later goes here too, so that older files still import.
# Fields added after the first exports were written: an older file without them still imports.
LATER_FIELDS = {(Knockout, "demo"), (Party, "round_minutes"), *((Round, name) for name in CLOCK_FIELDS)}
# full_clean() calls JSON {} "blank" where the model's default is exactly that.
NOT_FULL_CLEANED: dict[type[models.Model], tuple[str, ...]] = {ResultChange: ("before", "after")}


def _damaged(problem: str) -> ValidationError:
    # The frame and the problem speak the reader's language; the file's own parts, keys and values stay as they are.
    return ValidationError(gettext("The export is damaged: %(problem)s.") % {"problem": problem})


def _shown(value) -> str:
    """A value as the message quotes it: text in quotes, the rest as JSON; long ones cut short."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = text if len(text) <= 40 else f"{text[:40]}…"
    return f"“{text}”" if isinstance(value, str) else text


def _what(value) -> str:
    """A JSON value's type, as the message names it."""
    if isinstance(value, dict):
        return gettext("an object")
    if isinstance(value, list):
        return ngettext("a list of %(count)s", "a list of %(count)s", len(value)) % {"count": len(value)}
    if isinstance(value, str):
        return gettext("text")
    if value is None:
        return gettext("null")
    return gettext("true or false") if isinstance(value, bool) else gettext("a number")


def _either(words, last: str = "or") -> str:
    """The file's words joined: "N, E, S or W" (last="or"), "round, table and seat" (last="and")."""
    words = [w or gettext("blank") for w in words]
    if len(words) == 1:
        return words[0]
    joined = {"words": ", ".join(words[:-1]), "last": words[-1]}
    return (gettext("%(words)s and %(last)s") if last == "and" else gettext("%(words)s or %(last)s")) % joined


def _wrong(where: str, name: str, value, expected: str) -> ValidationError:
    values = {"where": where, "name": name, "value": _shown(value), "expected": expected}
    return _damaged(gettext("%(where)s has %(name)s %(value)s (%(expected)s expected)") % values)


def _read(check, data) -> dict:
    try:
        return check(data)
    except (LookupError, TypeError, ValueError, AttributeError) as error:  # a shape none of the checks foresaw
        problem = gettext("it cannot be read (%(error)s)") % {"error": f"{type(error).__name__}: {error}"}
        raise _damaged(problem) from None


def _write(write, checked: dict, user, club):
    with transaction.atomic():
        try:
            return write(checked, user, club)
        except (IntegrityError, DataError) as error:  # the third line: what the checks above let through
            raise _damaged(gettext("the database refused it (%(error)s)") % {"error": error}) from None


# --- limits: far beyond any real event, so that a hostile file is refused before it costs anything ---------------
#
# Derived from the formats' own maxima: a party has at most 500 tables (MAX_TABLES) and 30 rounds (MAX_ROUNDS) of
# four deals, a knockout 64 pairs (MAX_PAIRS). Counted before a row is read: 200,000 history rows took 20 s to read.

MB = 1024 * 1024
MAX_FILE_MB = 100  # the largest party, 500 tables for 30 rounds entered deal by deal from the phones: about 50 MB
MAX_FILE_BYTES = MAX_FILE_MB * MB
MAX_DEPTH = 10  # lists and objects within each other: an export nests six deep (history, entry, after, deals, deal)
MAX_RESULTS = MAX_TABLES * MAX_ROUNDS  # 15,000
HISTORY_PER_RESULT = 50  # a table's result is entered, accepted, corrected: about ten changes, never fifty
MAX_EXTRA_DEALS = DEALS_PER_MATCH  # as MORE_BOUNDS has it
PARTY_LIMITS = {
    "guests": 2 * 4 * MAX_TABLES,  # twice the seats of the largest party: reserves and those who left
    "tables": MAX_TABLES,
    "rounds": MAX_ROUNDS,
    "seats": 4 * MAX_RESULTS,
    "overrides": 4 * MAX_RESULTS,
    "results": MAX_RESULTS,
    "deals": party_rules.DEALS_PER_ROUND * MAX_RESULTS,
}
MAX_KNOCKOUT_ROUNDS = MAX_PAIRS  # each round sends at least one pair home
MAX_MATCHES = MAX_KNOCKOUT_ROUNDS * MAX_PAIRS // 2
KNOCKOUT_LIMITS = {
    "rounds": MAX_KNOCKOUT_ROUNDS,
    "matches": MAX_MATCHES,
    "deals": MAX_MATCHES * (DEALS_PER_MATCH + MAX_EXTRA_DEALS),
}


def _too_many(where: str, count: int, most: int) -> ValidationError:
    values = {"where": where, "count": count, "most": most}
    return _damaged(
        ngettext(
            "%(where)s has %(count)s row (at most %(most)s expected)",
            "%(where)s has %(count)s rows (at most %(most)s expected)",
            count,
        )
        % values
    )


def _within(data: dict, limits: dict[str, int]) -> None:
    """Each section's rows counted against its limit, before any is read."""
    for key, most in limits.items():
        rows = data.get(key)
        if isinstance(rows, list) and len(rows) > most:
            raise _too_many(_shown(key), len(rows), most)


def _history_within(data: dict) -> None:
    history, results = data.get("history"), data.get("results")
    if not isinstance(history, list) or not isinstance(results, list):
        return
    most = HISTORY_PER_RESULT * len(results)
    if len(history) > most:
        values = {"count": len(history), "most": most, "each": HISTORY_PER_RESULT, "results": len(results)}
        raise _damaged(
            ngettext(
                "“history” has %(count)s rows (at most %(most)s expected: %(each)s for each of the file's "
                "%(results)s result)",
                "“history” has %(count)s rows (at most %(most)s expected: %(each)s for each of the file's "
                "%(results)s results)",
                len(results),
            )
            % values
        )


_STRINGS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_SQUARE = bytes.maketrans(b"{}", b"[]")


def _too_deep(raw: bytes) -> bool:
    """Lists and objects nested more than MAX_DEPTH deep, seen without parsing: the strings taken out, then the
    brackets alone. Each pass takes out every innermost pair, so one level less; what is left after MAX_DEPTH passes
    is deeper. (An unclosed bracket is no JSON: the parser says so, or gives up deep down.)"""
    brackets = _STRINGS.sub(b"", raw).translate(_SQUARE, _NOT_BRACKETS)
    for _ in range(MAX_DEPTH):
        if b"[]" not in brackets:
            return False
        brackets = brackets.replace(b"[]", b"")
    return b"[]" in brackets


def export_read(raw: bytes):
    """An export file's bytes as JSON, refused plainly when it is larger or nests deeper than any export."""
    if len(raw) > MAX_FILE_BYTES:
        raise ValidationError(
            gettext("The file is larger than %(most)s MB: no export of a party or a knockout is that large.")
            % {"most": MAX_FILE_MB}
        )
    too_deep = _damaged(
        gettext("it nests lists and objects more than %(most)s deep (an export nests %(depth)s deep)")
        % {"most": MAX_DEPTH, "depth": 6}
    )
    if _too_deep(raw):
        raise too_deep
    try:
        return json.loads(raw)
    except RecursionError:  # unclosed, and deeper than the parser goes
        raise too_deep from None
    except ValueError as error:
        raise ValidationError(gettext("The file is not JSON: %(error)s") % {"error": error}) from None


# The shape of a file: its sections, objects and rows.


def _sections(data: dict, required: tuple, optional: tuple = ()) -> None:
    unknown = [key for key in data if key not in required and key not in optional]
    if unknown:
        raise _damaged(gettext("the file has an unknown part %(part)s") % {"part": _shown(unknown[0])})
    missing = [key for key in required if key not in data]
    if missing:
        raise _damaged(gettext("the file has no %(part)s") % {"part": _shown(missing[0])})


def _list(data: dict, key: str) -> list:
    value = data[key]
    if not isinstance(value, list):
        raise _damaged(gettext("%(key)s is %(what)s (a list expected)") % {"key": _shown(key), "what": _what(value)})
    return value


def _record(raw, where: str, model, names, refs: tuple = ()) -> dict:
    """An object of the file: the model's fields `names` checked, and `refs` (names of other rows of the file)
    left for the section's own check. Every one must be there, but a field of LATER_FIELDS."""
    if not isinstance(raw, dict):
        raise _damaged(gettext("%(where)s is %(what)s (an object expected)") % {"where": where, "what": _what(raw)})
    unknown = [key for key in raw if key not in names and key not in refs]
    if unknown:
        raise _damaged(
            gettext("%(where)s has an unknown field %(field)s") % {"where": where, "field": _shown(unknown[0])}
        )
    missing = [key for key in (*names, *refs) if key not in raw and (model, key) not in LATER_FIELDS]
    if missing:
        raise _damaged(gettext("%(where)s has no %(field)s") % {"where": where, "field": _shown(missing[0])})
    values = {
        name: _value(model, name, raw[name], where) if name in raw else model._meta.get_field(name).get_default()
        for name in names
    }
    return values | {key: raw[key] for key in refs}


def _row(raw, where: str, names: tuple) -> dict:
    """A row written as a list (a seat, a deal)."""
    if not isinstance(raw, list) or len(raw) != len(names):
        raise _damaged(_not_a_row(raw, where, names))
    return dict(zip(names, raw, strict=True))


def _not_a_row(raw, where: str, names) -> str:
    values = {"where": where, "what": _what(raw), "names": _either(names, "and")}
    return gettext("%(where)s is %(what)s (a list of %(names)s expected)") % values


def _once(seen: dict, key, where: str, sentence: str, **values) -> None:
    """`key` taken once in the file (`seen` remembers who took it). `sentence` names the two as %(first)s and
    %(second)s: gettext("%(first)s and %(second)s both have number %(number)s"), number=2."""
    if key in seen:
        raise _damaged(sentence % {"first": seen[key], "second": where, **values})
    seen[key] = where


# One value against its model field.


def _value(model, name: str, value, where: str):
    model_field = cast(models.Field, model._meta.get_field(name))
    if value is None and model_field.null:
        return None
    for kind, check in CHECKS:
        if isinstance(model_field, kind):
            return check(model, model_field, value, where)
    raise TypeError(f"{model.__name__}.{name} has no check")


def _yes_no(model, model_field, value, where: str) -> bool:
    if not isinstance(value, bool):
        raise _wrong(where, model_field.name, value, gettext("true or false"))
    return value


def _integer(model, model_field, value, where: str) -> int:
    return _whole(value, where, model_field.name, *_bounds(model, model_field.name), null=model_field.null)


def _whole(value, where: str, name: str, least: int, most: int, *, null: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        expected = (
            gettext("a whole number from %(least)s to %(most)s or null")
            if null
            else gettext("a whole number from %(least)s to %(most)s")
        )
        raise _wrong(where, name, value, expected % {"least": least, "most": most})
    return value


@functools.cache
def _bounds(model, name: str) -> tuple[int, int]:
    """An integer field's range: its column's, narrowed by its validators, its check constraints and MORE_BOUNDS."""
    model_field = model._meta.get_field(name)
    least, most = BaseDatabaseOperations.integer_field_ranges[model_field.get_internal_type()]
    leasts, mosts = [least], [most]
    for validator in model_field.validators:
        if isinstance(validator, MinValueValidator):
            leasts.append(validator.limit_value)
        elif isinstance(validator, MaxValueValidator):
            mosts.append(validator.limit_value)
    for lookup, limit in _constraint_terms(model):
        if lookup == f"{name}__gte":
            leasts.append(limit)
        elif lookup == f"{name}__lte":
            mosts.append(limit)
    more_least, more_most = MORE_BOUNDS.get((model, name), (None, None))
    leasts += [more_least] if more_least is not None else []
    mosts += [more_most] if more_most is not None else []
    return max(leasts), min(mosts)


def _constraint_terms(model):
    """(lookup, value) of the model's check constraints, where they are plain terms joined by AND."""
    for constraint in model._meta.constraints:
        if isinstance(constraint, models.CheckConstraint):
            yield from _and_terms(constraint.condition)


def _and_terms(condition: Q):
    if condition.negated or condition.connector != Q.AND:
        return
    for child in condition.children:
        if isinstance(child, Q):
            yield from _and_terms(child)
        else:
            yield child


def _parsed(parse, kind, value):
    if isinstance(value, kind):
        return value
    if not isinstance(value, str):
        return None
    try:
        return parse(value)
    except ValueError:  # well formed but no such date
        return None


def _moment(model, model_field, value, where: str) -> datetime.datetime:
    parsed = _parsed(parse_datetime, datetime.datetime, value)
    if parsed is None:
        expected = (
            gettext("a date and time like %(example)s or null")
            if model_field.null
            else gettext("a date and time like %(example)s")
        ) % {"example": "2026-11-28T20:15:00+00:00"}
        raise _wrong(where, model_field.name, value, expected)
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed)


def _day(model, model_field, value, where: str) -> datetime.date:
    parsed = _parsed(parse_date, datetime.date, value)
    if parsed is None:
        raise _wrong(where, model_field.name, value, gettext("a date like %(example)s") % {"example": "2026-11-28"})
    return parsed


def _choices(model, model_field) -> tuple[str, ...]:
    values = tuple(str(v) for v, _ in model_field.flatchoices) or MORE_CHOICES.get((model, model_field.name), ())
    return values + ("",) if values and model_field.blank and "" not in values else values


def _text(model, model_field, value, where: str) -> str:
    choices, name = _choices(model, model_field), model_field.name
    if not isinstance(value, str) or (choices and value not in choices):
        raise _wrong(where, name, value, _either(choices) if choices else gettext("text"))
    most = model_field.max_length
    if most is not None and len(value) > most:
        values = {"where": where, "name": name, "count": len(value), "most": most}
        raise _damaged(
            ngettext(
                "%(where)s has a %(name)s of %(count)s character (at most %(most)s expected)",
                "%(where)s has a %(name)s of %(count)s characters (at most %(most)s expected)",
                len(value),
            )
            % values
        )
    if not value and not model_field.blank:
        raise _damaged(gettext("%(where)s has an empty %(name)s") % {"where": where, "name": name})
    return value


def _json(model, model_field, value, where: str):
    kind = type(model_field.get_default())
    if not isinstance(value, kind):
        raise _wrong(where, model_field.name, value, gettext("an object") if kind is dict else gettext("a list"))
    return value


CHECKS = (
    (models.BooleanField, _yes_no),
    (models.IntegerField, _integer),
    (models.DateTimeField, _moment),
    (models.DateField, _day),
    (models.CharField, _text),
    (models.JSONField, _json),
)


def _contract(deal: dict, where: str) -> None:
    """A contract the scoring reads, with a declarer unless the deal was passed out."""
    try:
        passed_out = parse_contract(deal["contract"]) is None
    except ValueError:
        expected = gettext("a contract like %(examples)s") % {"examples": "4S, 3NX or PASS"}
        raise _wrong(where, "contract", deal["contract"], expected) from None
    if passed_out and deal["declarer"]:
        values = {"where": where, "declarer": _shown(deal["declarer"])}
        raise _damaged(gettext("%(where)s has declarer %(declarer)s, but it was passed out (blank expected)") % values)
    if not passed_out and not deal["declarer"]:
        values = {"where": where, "contract": _shown(deal["contract"]), "seats": _either(SEAT_LETTERS)}
        raise _damaged(
            gettext("%(where)s has no declarer, but its contract is %(contract)s (%(seats)s expected)") % values
        )


def _username(value, where: str, name: str) -> None:
    User = get_user_model()
    most = cast(models.Field, User._meta.get_field(User.USERNAME_FIELD)).max_length or 150
    if not isinstance(value, str) or len(value) > most:
        raise _wrong(where, name, value, gettext("a user name or blank"))


def _numbered(numbers: list[int], bracket: str | None = None) -> None:
    """Rounds are numbered 1, 2, 3… (the next is always the last one's number and one); a knockout's in each
    bracket."""
    if numbers != list(range(1, len(numbers) + 1)):
        values = {"bracket": bracket, "numbers": ", ".join(map(str, numbers)), "count": len(numbers)}
        sentence = (
            gettext("the rounds are numbered %(numbers)s (1 to %(count)s expected)")
            if bracket is None
            else gettext("the %(bracket)s rounds are numbered %(numbers)s (1 to %(count)s expected)")
        )
        raise _damaged(sentence % values)


def _only_last_playing(statuses: dict[int, str], bracket: str | None = None) -> None:
    playing = sorted(n for n, status in statuses.items() if status == Round.Status.PLAYING)
    if playing and playing[0] != max(statuses):
        values = {"bracket": bracket, "playing": playing[0], "next": playing[0] + 1}
        sentence = (
            gettext(
                "round number %(playing)s is playing, but round number %(next)s follows it "
                "(only the last may be playing)"
            )
            if bracket is None
            else gettext(
                "the %(bracket)s round number %(playing)s is playing, but the %(bracket)s round number %(next)s "
                "follows it (only the last may be playing)"
            )
        )
        raise _damaged(sentence % values)


# The party's sections.


@dataclass
class _PartyFile:
    """What the later sections of a party file refer to."""

    tables: int
    guests: set[str]
    rounds: dict[int, dict]
    results: dict[tuple[int, int], dict] = field(default_factory=dict)


def _checked_party(data: dict) -> dict:
    _sections(data, PARTY_SECTIONS, optional=("tables",))
    party = _party_section(data["party"])
    guests = _guests_section(_list(data, "guests"))
    _links_section(_list(data, "tables") if "tables" in data else [], party["tables"])
    file = _PartyFile(party["tables"], {g["name"] for g in guests}, _rounds_section(_list(data, "rounds")))
    seats = _seats_section(_list(data, "seats"), file)
    overrides = _overrides_section(_list(data, "overrides"), file)
    file.results = _results_section(_list(data, "results"), file)
    _closed_rounds_section(file)
    deals = _deals_section(_list(data, "deals"), file)
    history = _history_section(_list(data, "history"), file)
    _closed_results_section(file, history)
    _scores_section(party, file, deals, history)
    return {
        "party": party,
        "guests": guests,
        "rounds": file.rounds,
        "seats": seats,
        "overrides": overrides,
        "results": file.results,
        "deals": deals,
        "history": history,
    }


def _party_section(raw) -> dict:
    party = _record(raw, "the party", Party, (*PARTY_FIELDS, "date"))
    if len(party["pins"]) > 4 * MAX_TABLES:  # a pin is a seat kept for a guest: four at a table at most
        raise _too_many("the party's pins", len(party["pins"]), 4 * MAX_TABLES)
    for number, pin in enumerate(party["pins"], start=1):
        where = f"the party's pin {number}"
        row = _row(pin, where, ("table", "seat", "name"))
        _whole(row["table"], where, "table", 1, party["tables"])
        _value(Seat, "seat", row["seat"], where)
        _value(Guest, "name", row["name"], where)
    return party


def _guests_section(rows: list) -> list[dict]:
    guests: list[dict] = []
    names: dict[str, str] = {}
    for number, raw in enumerate(rows, start=1):
        where = f"guest {number}"
        guest = _record(raw, where, Guest, GUEST_FIELDS)
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
        _whole(seat["table"], where, "table", 1, file.tables)
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
    for round_number in file.rounds:
        if counts[round_number] != 4 * file.tables:
            values = {"round": round_number, "count": counts[round_number], "expected": 4 * file.tables}
            raise _damaged(
                ngettext(
                    "round number %(round)s has %(count)s seat (%(expected)s expected: four at each of the "
                    "%(tables)s tables)",
                    "round number %(round)s has %(count)s seats (%(expected)s expected: four at each of the "
                    "%(tables)s tables)",
                    counts[round_number],
                )
                % (values | {"tables": file.tables})
            )
    return seats


def _overrides_section(rows: list, file: _PartyFile) -> list[dict]:
    overrides = []
    for number, raw in enumerate(rows, start=1):
        where = f"override {number}"
        override = _record(raw, where, SeatOverride, ("table", "seat", "at"), refs=("round", "old", "new", "by"))
        _round_ref(override["round"], file, where)
        _whole(override["table"], where, "table", 1, file.tables)
        _guest_ref(override["old"], file, where, "old")
        _guest_ref(override["new"], file, where, "new")
        _username(override["by"], where, "by")
        overrides.append(override)
    return overrides


def _results_section(rows: list, file: _PartyFile) -> dict[tuple[int, int], dict]:
    results: dict[tuple[int, int], dict] = {}
    places: dict[tuple, str] = {}
    for number, raw in enumerate(rows, start=1):
        where = f"result {number}"
        result = _record(raw, where, TableResult, RESULT_FIELDS, refs=("round",))
        _round_ref(result["round"], file, where)
        _whole(result["table"], where, "table", 1, file.tables)
        key = (result["round"], result["table"])
        sentence = gettext("%(first)s and %(second)s both give table %(table)s's result in round number %(round)s")
        _once(places, key, where, sentence, table=key[1], round=key[0])
        results[key] = result
    return results


def _closed_rounds(file: _PartyFile):
    """(number, round, table) for every table of every closed round."""
    for number, round_ in file.rounds.items():
        if round_["status"] == Round.Status.CLOSED:
            yield from ((number, round_, table) for table in range(1, file.tables + 1))


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
            _whole(change["by_table"], where, "by_table", 1, file.tables, null=True)
        history.append(change)
    return history


def _snapshot_section(snapshot: dict, where: str) -> None:
    """A history entry's before or after (services.results._snapshot): an undo puts the result back as it says."""
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


# Every figure as the rules give it: a deal's score from its contract, declarer, tricks and vulnerability, a
# result's from its deals (a net figure within what four deals can make), a match's from its pad replayed, and
# each winner from the figures. The standings and the bracket read these figures as stored.


def _rules_give(where: str, name: str, value, expected) -> ValidationError:
    values = {"where": where, "name": name, "value": _shown(value), "expected": _shown(expected)}
    return _damaged(gettext("%(where)s has %(name)s %(value)s in the file, but the rules give %(expected)s") % values)


def _cannot_score(where: str, error: ValueError) -> ValidationError:
    return _damaged(gettext("%(where)s cannot be scored: %(reason)s") % {"where": where, "reason": l10n.say(error)})


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


# --- writing a checked file ----------------------------------------------------------------------------------------


def _cleaned(obj: models.Model, where: str) -> None:
    """full_clean() as the second line of defence. The links are this import's own new rows, and uniqueness and
    the check constraints were checked for the whole file and are the database's to enforce (asking it row by
    row would cost several queries a row)."""
    links = [f.name for f in obj._meta.concrete_fields if f.is_relation]
    try:
        obj.full_clean(
            exclude=[*links, *NOT_FULL_CLEANED.get(type(obj), ())], validate_unique=False, validate_constraints=False
        )
    except ValidationError as error:
        values = {"where": where, "messages": " ".join(error.messages).rstrip(".")}
        raise _damaged(gettext("%(where)s: %(messages)s") % values) from None


def _saved(obj: models.Model, where: str):
    _cleaned(obj, where)
    obj.save()
    return obj


def _created(model, label: str, objects: list) -> list:
    for number, obj in enumerate(objects, start=1):
        _cleaned(obj, f"{label} {number}")
    return model.objects.bulk_create(objects)


def _write_party(checked: dict, user, club) -> Party:
    party = _saved(Party(**checked["party"], created_by=user, club=club), "the party")
    tokens_ensure(party=party)  # new links, whatever the file carried
    guests = {g.name: g for g in _created(Guest, "guest", [Guest(party=party, **g) for g in checked["guests"]])}
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
    _write_results(checked, party, rounds, users)
    return party


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
            after=h["after"],
        )  # fmt: skip
        for h in checked["history"]
    ]
    _created(ResultChange, "history entry", changes)


# --- knockouts ------------------------------------------------------------------------------------------------------

KNOCKOUT_FORMAT = "clubdirector.knockout/1"
KNOCKOUT_SECTIONS = ("format", "knockout", "pairs", "rounds", "matches", "deals")
CUT_KEYS = ("margin", "among", "places", "drawn", "by_director")
SKIPPED = ("created_at", "updated_at")


def _plain_names(model) -> tuple[str, ...]:
    """The row's own fields (no id, no links, no timestamps the database keeps)."""
    return tuple(
        f.attname
        for f in model._meta.concrete_fields
        if not f.is_relation and not f.primary_key and f.name not in SKIPPED
    )


def _plain(obj) -> dict:
    return {name: getattr(obj, name) for name in _plain_names(type(obj))}


def knockout_export(knockout) -> dict:
    """Everything entered for a knockout; dates stay date objects (dump with DjangoJSONEncoder)."""
    rounds = {r.id: r for r in knockout.rounds.all()}
    pairs = {p.id: p for p in knockout.pairs.all()}
    matches = list(KnockoutMatch.objects.filter(round__knockout=knockout).order_by("round_id", "table"))
    where = {m.id: [rounds[m.round_id].bracket, rounds[m.round_id].number, m.table] for m in matches}
    deals = KnockoutDeal.objects.filter(match__round__knockout=knockout).order_by("match_id", "number")
    return {
        "format": KNOCKOUT_FORMAT,
        "knockout": _plain(knockout),
        "pairs": [_plain(p) for p in pairs.values()],
        "rounds": [_plain(r) for r in rounds.values()],
        "matches": [
            _plain(m)
            | {
                "round": where[m.id][:2],
                "ns": pairs[m.ns_id].name,
                "ew": pairs[m.ew_id].name,
                "winner": pairs[m.winner_id].name if m.winner_id else None,
            }
            for m in matches
        ],
        "deals": [_plain(d) | {"match": where[d.match_id]} for d in deals],
    }


def knockout_import(data: dict, *, user=None, club=None) -> Knockout:
    """A new knockout of the club from an export; checked whole first, so a damaged file raises one plain
    ValidationError naming its first problem and creates nothing."""
    if not isinstance(data, dict) or data.get("format") != KNOCKOUT_FORMAT:
        raise ValidationError(gettext("This is not a Club Director knockout export."))
    _within(data, KNOCKOUT_LIMITS)
    checked = _read(_checked_knockout, data)
    return _write(_write_knockout, checked, user, club_for(user, club))


def _checked_knockout(data: dict) -> dict:
    _sections(data, KNOCKOUT_SECTIONS)
    knockout = _record(data["knockout"], "the knockout", Knockout, _plain_names(Knockout))
    pairs = _pairs_section(_list(data, "pairs"))
    rounds = _knockout_rounds_section(_list(data, "rounds"), pairs)
    matches = _matches_section(_list(data, "matches"), rounds, pairs)
    _knockout_tables_section(rounds, matches)
    deals = _knockout_deals_section(_list(data, "deals"), matches)
    _knockout_scores_section(knockout["rules"], matches, deals)
    return {"knockout": knockout, "pairs": pairs, "rounds": rounds, "matches": matches, "deals": deals}


def _key_ref(value, keys: dict, where: str, name: str) -> tuple:
    """A row named by its place, like a match's round ["main", 2]: the key of `keys` it names."""
    found = tuple(value) if isinstance(value, list) and all(type(v) in (str, int) for v in value) else None
    if found is None or found not in keys:
        values = {"where": where, "name": name, "value": _shown(value)}
        raise _damaged(gettext("%(where)s has %(name)s %(value)s, which the file does not have") % values)
    return found


def _pairs_section(rows: list) -> dict[str, dict]:
    if len(rows) > MAX_PAIRS:
        raise _damaged(
            ngettext(
                "the file has %(count)s pair (at most %(most)s expected)",
                "the file has %(count)s pairs (at most %(most)s expected)",
                len(rows),
            )
            % {"count": len(rows), "most": MAX_PAIRS}
        )
    pairs: dict[str, dict] = {}
    names: dict[str, str] = {}
    for number, raw in enumerate(rows, start=1):
        where = f"pair {number}"
        pair = _record(raw, where, KnockoutPair, _plain_names(KnockoutPair))
        sentence = gettext("%(first)s and %(second)s both have the name %(name)s")
        _once(names, pair["name"], where, sentence, name=_shown(pair["name"]))
        pairs[pair["name"]] = pair
    return pairs


def _knockout_rounds_section(rows: list, pairs: dict) -> dict[tuple[str, int], dict]:
    rounds: dict[tuple[str, int], dict] = {}
    places: dict[tuple, str] = {}
    for number, raw in enumerate(rows, start=1):
        where = f"round {number}"
        round_ = _record(raw, where, KnockoutRound, _plain_names(KnockoutRound))
        _cut_section(round_["cut"], pairs, f"{where}'s cut")
        key = (round_["bracket"], round_["number"])
        sentence = gettext("%(first)s and %(second)s both are the %(bracket)s round number %(round)s")
        _once(places, key, where, sentence, bracket=key[0], round=key[1])
        rounds[key] = round_
    for bracket in Bracket.values:
        statuses = {n: r["status"] for (b, n), r in rounds.items() if b == bracket}
        _numbered(sorted(statuses), bracket)
        _only_last_playing(statuses, bracket)
    return rounds


def _cut_section(cut: dict, pairs: dict, where: str) -> None:
    """A closed round's cut for best loser (services.knockout._cut_record), read back by the pages."""
    if not cut:
        return
    missing = [key for key in CUT_KEYS if key not in cut]
    if missing:
        raise _damaged(gettext("%(where)s has no %(field)s") % {"where": where, "field": _shown(missing[0])})
    _whole(cut["margin"], where, "margin", 0, MAX_TOTAL)
    _whole(cut["places"], where, "places", 0, MAX_PAIRS)
    if not isinstance(cut["by_director"], bool):
        raise _wrong(where, "by_director", cut["by_director"], gettext("true or false"))
    for name in ("among", "drawn"):
        names = cut[name]
        if not isinstance(names, list) or not all(isinstance(n, str) and n in pairs for n in names):
            raise _wrong(where, name, names, gettext("a list of the file's pairs"))
    if not set(cut["drawn"]) <= set(cut["among"]):
        values = {"where": where, "drawn": _shown(cut["drawn"]), "among": _shown(cut["among"])}
        raise _damaged(gettext("%(where)s draws %(drawn)s, not all of them among %(among)s") % values)


def _match_pairs(match: dict, pairs: dict, where: str) -> None:
    for side in ("ns", "ew"):
        if not isinstance(match[side], str) or match[side] not in pairs:
            values = {"where": where, "side": side, "value": _shown(match[side])}
            raise _damaged(gettext("%(where)s has %(side)s %(value)s, which is not a pair of the file") % values)
    ns, ew = match["ns"], match["ew"]
    if ns == ew:
        values = {"where": where, "pair": _shown(ns), "ns": "ns", "ew": "ew"}
        raise _damaged(gettext("%(where)s has %(pair)s at both %(ns)s and %(ew)s") % values)
    if match["winner"] is not None and match["winner"] not in (ns, ew):
        values = {"where": where, "winner": _shown(match["winner"]), "ns": _shown(ns), "ew": _shown(ew)}
        raise _damaged(
            gettext("%(where)s has winner %(winner)s, who does not play in it (%(ns)s, %(ew)s or null expected)")
            % values
        )


def _matches_section(rows: list, rounds: dict, pairs: dict) -> dict[tuple[str, int, int], dict]:
    matches: dict[tuple[str, int, int], dict] = {}
    tables: dict[tuple, str] = {}
    seated: dict[tuple, str] = {}
    for number, raw in enumerate(rows, start=1):
        where = f"match {number}"
        match = _record(raw, where, KnockoutMatch, _plain_names(KnockoutMatch), refs=("round", "ns", "ew", "winner"))
        round_ = _key_ref(match["round"], rounds, where, "round")
        _whole(match["table"], where, "table", 1, rounds[round_]["tables"])
        _match_pairs(match, pairs, where)
        key = (*round_, match["table"])
        in_round = {"bracket": round_[0], "round": round_[1]}
        sentence = gettext(
            "%(first)s and %(second)s both sit at table %(table)s in the %(bracket)s round number %(round)s"
        )
        _once(tables, key, where, sentence, table=match["table"], **in_round)
        for side in ("ns", "ew"):
            sentence = gettext("%(first)s and %(second)s both seat %(pair)s in the %(bracket)s round number %(round)s")
            _once(seated, (round_, match[side]), where, sentence, pair=_shown(match[side]), **in_round)
        matches[key] = match | {"round": round_}
    return matches


def _knockout_tables_section(rounds: dict, matches: dict) -> None:
    """Every table of a round has its match (the draw seats them all); a closed round has every winner."""
    for key, round_ in rounds.items():
        for table in range(1, round_["tables"] + 1):
            match = matches.get((*key, table))
            values = {"bracket": key[0], "round": key[1], "table": table}
            if match is None:
                raise _damaged(
                    gettext("the %(bracket)s round number %(round)s has no match at table %(table)s") % values
                )
            if round_["status"] == KnockoutRound.Status.CLOSED and match["winner"] is None:
                raise _damaged(
                    gettext("the %(bracket)s round number %(round)s is closed, but table %(table)s has no winner")
                    % values
                )


def _knockout_deals_section(rows: list, matches: dict) -> list[dict]:
    deals: list[dict] = []
    numbers: dict[tuple, str] = {}
    for position, raw in enumerate(rows, start=1):
        where = f"deal {position}"
        deal = _record(raw, where, KnockoutDeal, _plain_names(KnockoutDeal), refs=("match",))
        key = _key_ref(deal["match"], matches, where, "match")
        _whole(deal["number"], where, "number", 1, DEALS_PER_MATCH + matches[key]["extra_deals"])
        _contract(deal, where)
        sentence = gettext(
            "%(first)s and %(second)s both give deal %(deal)s of table %(table)s in the %(bracket)s round number "
            "%(round)s"
        )
        _once(
            numbers,
            (*key, deal["number"]),
            where,
            sentence,
            deal=deal["number"],
            table=key[2],
            bracket=key[0],
            round=key[1],
        )
        deals.append(deal | {"match": key})
    return deals


def _knockout_scores_section(rules: str, matches: dict, deals: list[dict]) -> None:
    """Every match's totals as its pad gives them (services.knockout._play and _settle), and its winner."""
    pads: dict[tuple, list[dict]] = {}
    for deal in deals:
        pads.setdefault(deal["match"], []).append(deal)
    for key, match in matches.items():
        where = gettext("table %(table)s in the %(bracket)s round number %(round)s") % {
            "table": key[2], "bracket": key[0], "round": key[1],
        }  # fmt: skip
        played = sorted(pads.get(key, []), key=lambda d: d["number"])
        numbers = [d["number"] for d in played]
        if numbers != list(range(1, len(numbers) + 1)):
            values = {"where": where, "numbers": ", ".join(map(str, numbers)), "count": len(numbers)}
            raise _damaged(gettext("%(where)s has deals numbered %(numbers)s (1 to %(count)s expected)") % values)
        if match["entry"] == KnockoutMatch.Entry.DEALS:
            _pad_section(rules, match, played, where)
        else:
            _totals_section(match, played, where)
        _match_winner_section(match, where)


def _pad_section(rules: str, match: dict, played: list[dict], where: str) -> None:
    pad = rubber.RubberPad(rules)
    for deal in played:
        try:
            pad.play(deal["contract"], deal["declarer"], deal["tricks"], deal["honours"])
        except ValueError as error:
            deal_where = gettext("deal %(deal)s of %(where)s") % {"deal": deal["number"], "where": where}
            raise _cannot_score(deal_where, error) from None
    allowed = DEALS_PER_MATCH + match["extra_deals"]
    # A tie after the last deal, to be broken by one more: the totals stay those of the finished pad.
    awaiting = match["decision"] == KnockoutMatch.Decision.DEAL and len(played) == allowed - 1
    if len(played) >= allowed or awaiting:
        pad.finish(unfinished_bonus=True)
    expected = {
        "deals_played": len(played),
        "ns_total": pad.totals["NS"],
        "ew_total": pad.totals["EW"],
        "finished": len(played) >= allowed,
    }
    for name, figure in expected.items():
        if match[name] != figure:
            raise _rules_give(where, name, match[name], figure)


def _totals_section(match: dict, played: list[dict], where: str) -> None:
    """The two totals typed from a paper pad (or nothing yet): no deals, and totals a match can score."""
    if played:
        values = {"where": where, "entry": _shown(match["entry"]), "count": len(played)}
        raise _damaged(
            ngettext(
                "%(where)s has entry %(entry)s and %(count)s deal in the file (none expected)",
                "%(where)s has entry %(entry)s and %(count)s deals in the file (none expected)",
                len(played),
            )
            % values
        )
    if match["deals_played"]:
        raise _rules_give(where, "deals_played", match["deals_played"], 0)
    for name in ("ns_total", "ew_total"):
        value = match[name]
        if match["entry"] == KnockoutMatch.Entry.NONE:
            if value is not None:
                raise _rules_give(where, name, value, None)
        elif value is None or not 0 <= value <= MAX_TOTAL or value % 10:
            expected = gettext("a multiple of ten from %(least)s to %(most)s") % {"least": 0, "most": MAX_TOTAL}
            raise _wrong(where, name, value, expected)


def _match_winner_section(match: dict, where: str) -> None:
    """A finished match is won by the higher total; a tie by the cut (either pair, or none yet); an unfinished one
    by nobody."""
    ns, ew = match["ns_total"], match["ew_total"]
    if not match["finished"]:
        winner = None
    elif ns is not None and ew is not None and ns != ew:
        winner = match["ns"] if ns > ew else match["ew"]
    else:
        return
    if match["winner"] != winner:
        raise _rules_give(where, "winner", match["winner"], winner)


def _write_knockout(checked: dict, user, club) -> Knockout:
    knockout = _saved(Knockout(**checked["knockout"], created_by=user, club=club), "the knockout")
    made_pairs = [KnockoutPair(knockout=knockout, **p) for p in checked["pairs"].values()]
    pairs = {p.name: p for p in _created(KnockoutPair, "pair", made_pairs)}
    made_rounds = [KnockoutRound(knockout=knockout, **r) for r in checked["rounds"].values()]
    rounds = {(r.bracket, r.number): r for r in _created(KnockoutRound, "round", made_rounds)}
    fields = _plain_names(KnockoutMatch)
    made_matches = [
        KnockoutMatch(
            round=rounds[m["round"]],
            ns=pairs[m["ns"]],
            ew=pairs[m["ew"]],
            winner=pairs.get(m["winner"]),
            **{name: m[name] for name in fields},
        )
        for m in checked["matches"].values()
    ]
    matches = {(m.round.bracket, m.round.number, m.table): m for m in _created(KnockoutMatch, "match", made_matches)}
    fields = _plain_names(KnockoutDeal)
    deals = [KnockoutDeal(match=matches[d["match"]], **{name: d[name] for name in fields}) for d in checked["deals"]]
    _created(KnockoutDeal, "deal", deals)
    return knockout

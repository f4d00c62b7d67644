"""What a party's and a knockout's files share: a damaged file's one plain message, the shape and field checks
against the models, and the writer's second and third lines (full_clean, the database's refusal)."""

import datetime
import functools
import json
from typing import cast

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import DataError, IntegrityError, models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime, parse_time
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
)
from tournaments.models.knockout import DEALS_PER_MATCH
from tournaments.models.party import SEATS
from tournaments.rules.contract import parse_contract
from tournaments.services.knockout import MAX_PAIRS

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
# The round clock's fields, added to the export after its format came out.
CLOCK_FIELDS = ("clock_started_at", "clock_paused_at", "clock_paused_seconds", "clock_extra_minutes")

# Fields an export gained after its format came out: a file made before may lack them (the model's default is taken).
# A field added to an export later goes here too, so that older files still import.
# Fields added after the first exports were written: an older file without them still imports.
# Format 2 added the member links (a guest's "member", a pair's "member_a" and "member_b") and the event's own
# identifiers ("id", "public"); a file of format 1 has none of them.
LATER_FIELDS = {
    (Knockout, "demo"),
    (Party, "round_minutes"),
    *((Round, name) for name in CLOCK_FIELDS),
    (Guest, "member"),
    (Guest, "left_after"),
    (KnockoutPair, "member_a"),
    (KnockoutPair, "member_b"),
    (KnockoutMatch, "conceded_by"),
    (Party, "id"),
    (Party, "public"),
    (Knockout, "id"),
    (Knockout, "public"),
}
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
    return values | {key: raw.get(key) for key in refs}  # a later ref missing (checked above) reads as null


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


# Each integer field's range as Django's model field reference gives it ("safe in all databases Django
# supports"): a file is checked the same on SQLite, whose columns would take more, as on PostgreSQL.
INTEGER_RANGES = {
    "SmallIntegerField": (-(2**15), 2**15 - 1),
    "PositiveSmallIntegerField": (0, 2**15 - 1),
    "IntegerField": (-(2**31), 2**31 - 1),
    "PositiveIntegerField": (0, 2**31 - 1),
    "BigIntegerField": (-(2**63), 2**63 - 1),
    "PositiveBigIntegerField": (0, 2**63 - 1),
    "SmallAutoField": (-(2**15), 2**15 - 1),
    "AutoField": (-(2**31), 2**31 - 1),
    "BigAutoField": (-(2**63), 2**63 - 1),
}


@functools.cache
def _bounds(model, name: str) -> tuple[int, int]:
    """An integer field's range: its column's, narrowed by its validators, its check constraints and MORE_BOUNDS."""
    model_field = model._meta.get_field(name)
    least, most = INTEGER_RANGES[model_field.get_internal_type()]
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
        if isinstance(constraint, models.CheckConstraint) and isinstance(constraint.condition, Q):
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


def _clock_time(model, model_field, value, where: str) -> datetime.time:
    parsed = _parsed(parse_time, datetime.time, value)
    if parsed is None:
        raise _wrong(where, model_field.name, value, gettext("a time like %(example)s") % {"example": "19:30:00"})
    return parsed


def _choices(model, model_field) -> tuple[str, ...]:
    values = tuple(str(v) for v, _ in model_field.flatchoices) or MORE_CHOICES.get((model, model_field.name), ())
    return values + ("",) if values and model_field.blank and "" not in values else values


def _text(model, model_field, value, where: str) -> str:
    choices, name = _choices(model, model_field), model_field.name
    if not isinstance(value, str) or (choices and value not in choices):
        raise _wrong(where, name, value, _either(choices) if choices else gettext("text"))
    if "\x00" in value:  # PostgreSQL refuses NUL in text; nothing the app writes holds one
        raise _damaged(gettext("%(where)s has a %(name)s holding a NUL character") % {"where": where, "name": name})
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
    (models.TimeField, _clock_time),
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


# Every figure as the rules give it: a deal's score from its contract, declarer, tricks and vulnerability, a
# result's from its deals (a net figure within what four deals can make), a match's from its pad replayed, and
# each winner from the figures. The standings and the bracket read these figures as stored.


def _rules_give(where: str, name: str, value, expected) -> ValidationError:
    values = {"where": where, "name": name, "value": _shown(value), "expected": _shown(expected)}
    return _damaged(gettext("%(where)s has %(name)s %(value)s in the file, but the rules give %(expected)s") % values)


def _cannot_score(where: str, error: ValueError) -> ValidationError:
    return _damaged(gettext("%(where)s cannot be scored: %(reason)s") % {"where": where, "reason": l10n.say(error)})


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

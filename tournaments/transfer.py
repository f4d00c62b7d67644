"""A whole party as one JSON document, and back: everything entered, history included.

The export names rows by their place (round number, table, seat) rather than database ids,
so it imports into any database. Users are named by user name; on import a change is linked
to the user of that name when there is one.
"""

import datetime

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.dateparse import parse_date, parse_datetime

from tournaments.models import (
    DealEntry,
    Guest,
    Party,
    ResultChange,
    Round,
    Seat,
    SeatOverride,
    TableResult,
    TableToken,
)
from tournaments.services.clubs import club_for

FORMAT = "clubdirector.party/1"
PARTY_FIELDS = (
    "name",
    "tables",
    "mixed",
    "keep_partners",
    "rounds_planned",
    "rules",
    "tally_mode",
    "draw_seed",
    "pins",
)
RESULT_FIELDS = (
    "table", "entry", "status", "ns", "ew", "winner", "cut", "cut_overridden", "ns_agreed", "ew_agreed", "locked",
    "version",
)  # fmt: skip


def _when(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value else None


def party_export(party: Party) -> dict:
    """Everything entered for a party, in a fixed number of queries."""
    guests = {g.id: g.name for g in party.guests.all()}
    rounds = list(party.rounds.order_by("number"))
    numbers = {r.id: r.number for r in rounds}
    seats = Seat.objects.filter(round__party=party).order_by("round__number", "table", "seat")
    overrides = SeatOverride.objects.filter(round__party=party).select_related("by").order_by("at", "id")
    results = list(TableResult.objects.filter(round__party=party).order_by("round__number", "table"))
    deals = DealEntry.objects.filter(result__round__party=party).order_by("result_id", "number")
    changes = ResultChange.objects.filter(result__round__party=party).select_related("by_user", "by_token")
    keys = {r.id: (numbers[r.round_id], r.table) for r in results}
    return {
        "format": FORMAT,
        "party": {f: getattr(party, f) for f in PARTY_FIELDS} | {"date": party.date.isoformat()},
        "guests": [
            {"name": g.name, "kind": g.kind, "plays_as": g.plays_as, "reserve": g.reserve} for g in party.guests.all()
        ],
        "tables": [{"table": t.table, "token": t.token} for t in party.tokens.filter(revoked_at__isnull=True)],
        "rounds": [
            {"number": r.number, "status": r.status, "movement_seed": r.movement_seed, "closed_at": _when(r.closed_at)}
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
        raise ValidationError("This is not a Club Director party export.")


@transaction.atomic
def party_import(data: dict, *, user=None, club=None) -> Party:
    """A new party of the club from an export; nothing is created if any part of it is wrong."""
    _check(data)
    club = club_for(user, club)
    try:
        return _import(data, user, club)
    except (KeyError, TypeError, ValueError) as error:
        raise ValidationError(f"The export is damaged: {error!r}.") from None


def _import(data: dict, user, club) -> Party:
    fields = dict(data["party"])
    party = Party(**{f: fields[f] for f in PARTY_FIELDS}, date=parse_date(fields["date"]), created_by=user, club=club)
    party.full_clean()
    party.save()
    guests = {
        g.name: g
        for g in Guest.objects.bulk_create(
            Guest(party=party, name=g["name"], kind=g["kind"], plays_as=g["plays_as"], reserve=g["reserve"])
            for g in data["guests"]
        )
    }
    taken = set(
        TableToken.objects.filter(token__in=[t["token"] for t in data["tables"]]).values_list("token", flat=True)
    )
    TableToken.objects.bulk_create(
        TableToken(party=party, table=t["table"], **({} if t["token"] in taken else {"token": t["token"]}))
        for t in data["tables"]
    )
    rounds = {
        r["number"]: Round.objects.create(
            party=party,
            number=r["number"],
            status=r["status"],
            movement_seed=r["movement_seed"],
            closed_at=parse_datetime(r["closed_at"]) if r["closed_at"] else None,
        )  # fmt: skip
        for r in data["rounds"]
    }
    Seat.objects.bulk_create(
        Seat(round=rounds[n], table=t, seat=s, guest=guests[name]) for n, t, s, name in data["seats"]
    )
    # History names its directors; only the club's own are linked (a name elsewhere is kept as text).
    users = {u.get_username(): u for u in get_user_model().objects.filter(memberships__club=club)}
    SeatOverride.objects.bulk_create(
        SeatOverride(
            round=rounds[o["round"]],
            table=o["table"],
            seat=o["seat"],
            old_guest=guests[o["old"]],
            new_guest=guests[o["new"]],
            by=users.get(o["by"]),
            at=parse_datetime(o["at"]),
        )  # fmt: skip
        for o in data["overrides"]
    )
    results = {}
    for r in data["results"]:
        values = {f: r[f] for f in RESULT_FIELDS}
        results[(r["round"], r["table"])] = TableResult.objects.create(round=rounds[r["round"]], **values)
    DealEntry.objects.bulk_create(
        DealEntry(result=results[(n, t)], number=d, contract=c, declarer=dec, tricks=tr, score=sc, ns=ns, ew=ew)
        for n, t, d, c, dec, tr, sc, ns, ew in data["deals"]
    )
    tokens = {t.table: t for t in party.tokens.all()}
    ResultChange.objects.bulk_create(
        ResultChange(
            result=results[(h["round"], h["table"])],
            action=h["action"],
            by_user=users.get(h["by"]),
            by_token=tokens.get(h["by_table"]) if h["by_table"] else None,
            at=parse_datetime(h["at"]),
            before=h["before"],
            after=h["after"],
        )  # fmt: skip
        for h in data["history"]
    )
    return party


# --- knockouts ------------------------------------------------------------------------------------------------------

KNOCKOUT_FORMAT = "clubdirector.knockout/1"
SKIPPED = ("created_at", "updated_at")


def _plain(obj) -> dict:
    """The row's own values (no id, no links, no timestamps the database keeps)."""
    return {
        f.attname: getattr(obj, f.attname)
        for f in obj._meta.concrete_fields
        if not f.is_relation and not f.primary_key and f.name not in SKIPPED
    }


def knockout_export(knockout) -> dict:
    """Everything entered for a knockout; dates stay date objects (dump with DjangoJSONEncoder)."""
    from tournaments.models import KnockoutDeal, KnockoutMatch

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


@transaction.atomic
def knockout_import(data: dict, *, user=None, club=None):
    """A new knockout of the club from an export; nothing is created if any part of it is wrong."""
    if not isinstance(data, dict) or data.get("format") != KNOCKOUT_FORMAT:
        raise ValidationError("This is not a Club Director knockout export.")
    club = club_for(user, club)
    try:
        return _import_knockout(data, user, club)
    except (KeyError, TypeError, ValueError) as error:
        raise ValidationError(f"The export is damaged: {error!r}.") from None


def _import_knockout(data: dict, user, club):
    from tournaments.models import Knockout, KnockoutDeal, KnockoutMatch, KnockoutPair, KnockoutRound

    own = {f.attname for f in Knockout._meta.concrete_fields if not f.is_relation and not f.primary_key}
    unknown = sorted(set(data["knockout"]) - own)
    if unknown:
        raise ValueError(f"unknown knockout fields {unknown}")
    knockout = Knockout.objects.create(**data["knockout"], created_by=user, club=club)
    pairs = {
        p.name: p for p in KnockoutPair.objects.bulk_create(KnockoutPair(knockout=knockout, **p) for p in data["pairs"])
    }
    rounds = {(r["bracket"], r["number"]): KnockoutRound.objects.create(knockout=knockout, **r) for r in data["rounds"]}
    matches = {}
    for raw in data["matches"]:
        fields = dict(raw)
        bracket, number = fields.pop("round")
        ns, ew, winner = pairs[fields.pop("ns")], pairs[fields.pop("ew")], fields.pop("winner")
        match = KnockoutMatch.objects.create(
            round=rounds[(bracket, number)], ns=ns, ew=ew, winner=pairs[winner] if winner else None, **fields
        )
        matches[(bracket, number, match.table)] = match
    KnockoutDeal.objects.bulk_create(
        KnockoutDeal(match=matches[tuple(d["match"])], **{k: v for k, v in d.items() if k != "match"})
        for d in data["deals"]
    )
    return knockout

"""A knockout's export and import: pairs, rounds, matches and deals out, and back checked against the bracket
and the pads before anything is written."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext

from tournaments.files.transfer.common import (
    _cannot_score,
    _contract,
    _created,
    _damaged,
    _list,
    _numbered,
    _once,
    _only_last_playing,
    _read,
    _record,
    _rules_give,
    _saved,
    _sections,
    _shown,
    _whole,
    _write,
    _wrong,
)
from tournaments.files.transfer.limits import KNOCKOUT_LIMITS, _within
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
    Knockout,
    KnockoutDeal,
    KnockoutMatch,
    KnockoutPair,
    KnockoutRound,
    PublicLink,
)
from tournaments.models.knockout import DEALS_PER_MATCH, Bracket
from tournaments.rules import rubber
from tournaments.services.clubs import club_for
from tournaments.services.knockout import MAX_PAIRS, MAX_TOTAL

KNOCKOUT_FORMAT = "clubdirector.knockout/2"
# Every format an import still reads: 1 has no members, no event id and no public page (docs/formats.md).
KNOCKOUT_FORMATS = ("clubdirector.knockout/1", KNOCKOUT_FORMAT)
KNOCKOUT_SECTIONS = ("format", "knockout", "pairs", "rounds", "matches", "deals")
PAIR_MEMBERS = ("member_a", "member_b")
CUT_KEYS = ("margin", "among", "places", "drawn", "by_director")
SKIPPED = ("created_at", "updated_at", "changes")  # the database keeps these; "changes" counts for the live pages


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
    pairs = {p.id: p for p in knockout.pairs.select_related(*PAIR_MEMBERS)}
    players = [m for p in pairs.values() for m in (p.member_a, p.member_b) if m is not None]
    members, keys_of = members_out(players)
    public = public_out(PublicLink.objects.filter(knockout=knockout).first())
    matches = list(KnockoutMatch.objects.filter(round__knockout=knockout).order_by("round_id", "table"))
    where = {m.id: [rounds[m.round_id].bracket, rounds[m.round_id].number, m.table] for m in matches}
    deals = KnockoutDeal.objects.filter(match__round__knockout=knockout).order_by("match_id", "number")
    return {
        "format": KNOCKOUT_FORMAT,
        "knockout": _plain(knockout) | {"id": knockout.id, "public": public},
        "members": members,
        "pairs": [
            _plain(p) | {name: keys_of.get(getattr(p, f"{name}_id")) for name in PAIR_MEMBERS} for p in pairs.values()
        ],
        "rounds": [_plain(r) for r in rounds.values()],
        "matches": [
            _plain(m)
            | {
                "round": where[m.id][:2],
                "ns": pairs[m.ns_id].name,
                "ew": pairs[m.ew_id].name,
                "winner": pairs[m.winner_id].name if m.winner_id else None,
                "conceded_by": pairs[m.conceded_by_id].name if m.conceded_by_id else None,
            }
            for m in matches
        ],
        "deals": [_plain(d) | {"match": where[d.match_id]} for d in deals],
    }


def knockout_import(data: dict, *, user=None, club=None, notes: list[str] | None = None) -> Knockout:
    """A new knockout of the club from an export; checked whole first, so a damaged file raises one plain
    ValidationError naming its first problem and creates nothing. What could not be kept goes to `notes`."""
    if not isinstance(data, dict) or data.get("format") not in KNOCKOUT_FORMATS:
        raise ValidationError(gettext("This is not a Club Director knockout export."))
    _within(data, KNOCKOUT_LIMITS)
    checked = _read(_checked_knockout, data)
    knockout, said = _write(_write_knockout, checked, user, club_for(user, club))
    if notes is not None:
        notes.extend(said)
    return knockout


def _checked_knockout(data: dict) -> dict:
    _sections(data, KNOCKOUT_SECTIONS, optional=("members",))
    knockout = _record(data["knockout"], "the knockout", Knockout, _plain_names(Knockout), refs=("id", "public"))
    id_ref(knockout["id"], "the knockout")
    public_ref(knockout["public"], "the knockout")
    members = members_section(_list(data, "members") if "members" in data else [])
    pairs = _pairs_section(_list(data, "pairs"), members)
    rounds = _knockout_rounds_section(_list(data, "rounds"), pairs)
    matches = _matches_section(_list(data, "matches"), rounds, pairs)
    _knockout_tables_section(rounds, matches)
    deals = _knockout_deals_section(_list(data, "deals"), matches)
    _knockout_scores_section(knockout["rules"], matches, deals)
    return {
        "knockout": knockout, "members": members, "pairs": pairs, "rounds": rounds, "matches": matches, "deals": deals,
    }  # fmt: skip


def _key_ref(value, keys: dict, where: str, name: str) -> tuple:
    """A row named by its place, like a match's round ["main", 2]: the key of `keys` it names."""
    found = tuple(value) if isinstance(value, list) and all(type(v) in (str, int) for v in value) else None
    if found is None or found not in keys:
        values = {"where": where, "name": name, "value": _shown(value)}
        raise _damaged(gettext("%(where)s has %(name)s %(value)s, which the file does not have") % values)
    return found


def _pairs_section(rows: list, members: dict[str, dict]) -> dict[str, dict]:
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
        pair = _record(raw, where, KnockoutPair, _plain_names(KnockoutPair), refs=PAIR_MEMBERS)
        for name in PAIR_MEMBERS:
            member_ref(pair[name], members, where, name)
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
    conceded = match.get("conceded_by")
    if conceded is not None and (conceded not in (ns, ew) or match["winner"] != (ew if conceded == ns else ns)):
        values = {"where": where, "pair": _shown(conceded), "winner": _shown(match["winner"])}
        raise _damaged(
            gettext("%(where)s was conceded by %(pair)s, which does not fit its pairs and winner %(winner)s") % values
        )
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
        refs = ("round", "ns", "ew", "winner", "conceded_by")
        match = _record(raw, where, KnockoutMatch, _plain_names(KnockoutMatch), refs=refs)
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
        # A conceded match is finished and won by a walkover whatever its pad says (services/knockout_withdrawals).
        as_played = match
        if match.get("conceded_by"):
            if not match["finished"]:
                raise _rules_give(where, "finished", match["finished"], True)
            as_played = match | {"finished": _finished_as_played(match, len(played))}
        if match["entry"] == KnockoutMatch.Entry.DEALS:
            _pad_section(rules, as_played, played, where)
        else:
            _totals_section(as_played, played, where)
        if not match.get("conceded_by"):
            _match_winner_section(match, where)


def _finished_as_played(match: dict, played: int) -> bool:
    """Whether a conceded match's pad was complete before the walkover (as services/knockout_withdrawals reads it)."""
    if match["entry"] == KnockoutMatch.Entry.TOTALS:
        return match["decision"] != KnockoutMatch.Decision.DEAL
    return match["entry"] == KnockoutMatch.Entry.DEALS and played >= DEALS_PER_MATCH + match["extra_deals"]


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


def _write_knockout(checked: dict, user, club) -> tuple[Knockout, list[str]]:
    own = {k: v for k, v in checked["knockout"].items() if k not in ("id", "public")}
    kept = kept_id(Knockout, checked["knockout"]["id"])
    knockout = _saved(Knockout(**own, **kept, created_by=user, club=club), "the knockout")
    if kept:
        ids_taken(Knockout)
    public_write(checked["knockout"]["public"], club, knockout=knockout)
    members, notes = members_write(checked["members"], club)
    made_pairs = [
        KnockoutPair(
            knockout=knockout,
            **{k: v for k, v in p.items() if k not in PAIR_MEMBERS},
            **{name: members.get(p[name]) if p[name] else None for name in PAIR_MEMBERS},
        )
        for p in checked["pairs"].values()
    ]
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
            conceded_by=pairs.get(m["conceded_by"]) if m.get("conceded_by") else None,
            **{name: m[name] for name in fields},
        )
        for m in checked["matches"].values()
    ]
    matches = {(m.round.bracket, m.round.number, m.table): m for m in _created(KnockoutMatch, "match", made_matches)}
    fields = _plain_names(KnockoutDeal)
    deals = [KnockoutDeal(match=matches[d["match"]], **{name: d[name] for name in fields}) for d in checked["deals"]]
    _created(KnockoutDeal, "deal", deals)
    return knockout, notes

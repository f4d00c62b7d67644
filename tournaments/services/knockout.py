"""Writes for a rubber-bridge knockout: the event and its pairs, the draws, the matches, closing rounds.

Rules: docs/rules/rubber-knockout.md. The plans and best losers come from tournaments/rules/knockout.py
and every match total from the rubber pad in tournaments/rules/rubber.py; nothing here scores by itself.
Every function checks everything before it writes, so a refused request saves nothing.
"""

import datetime
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import l10n
from tournaments.files.uploads import line_of
from tournaments.models import Club, Knockout, KnockoutDeal, KnockoutMatch, KnockoutPair, KnockoutRound
from tournaments.models.knockout import DEALS_PER_MATCH
from tournaments.models.timing import DEFAULT_LENGTH_MINUTES, USUAL_START
from tournaments.rules import knockout as knockout_rules
from tournaments.rules import rubber, withdrawals
from tournaments.rules.names import clean_name
from tournaments.selectors import knockout as knockout_selectors
from tournaments.services import live_knockout as live
from tournaments.services.clubs import club_for
from tournaments.services.members import members_named

MAX_PAIRS = 64  # 32 tables: far beyond the Four Aces' eight, and more than one room holds
MAX_PLAYER_NAME = 60
MAX_TOTAL = 100_000  # more than any match of rubber bridge scores, even with a deal or two added
PAIR_EXAMPLE = "“Ada Brown & Bob Carter”"


def _sentence(error: ValueError) -> str:
    text = l10n.say(error)
    return f"{text[:1].upper()}{text[1:]}{'' if text.endswith('.') else '.'}"


def _new_seed() -> int:
    return secrets.randbits(48)


# --- the event and its pairs ----------------------------------------------------------------------------------


@transaction.atomic
def knockout_create(
    *,
    name: str,
    date: datetime.date,
    rules: str = "modern",
    start_time: datetime.time = USUAL_START,
    length_minutes: int = DEFAULT_LENGTH_MINUTES,
    pairs: Iterable[Sequence[str]] = (),
    user: User | None = None,
    club: Club | None = None,
    demo: bool = False,
) -> Knockout:
    """A new knockout, with its pairs if given (each entry the names on one line); one bad pair and nothing is saved."""
    knockout = Knockout(
        name=" ".join((name or "").split()),
        date=date,
        rules=rules,
        start_time=start_time,
        length_minutes=length_minutes,
        created_by=user,
        club=club_for(user, club),
        demo=demo,
    )
    knockout.full_clean()
    try:
        cleaned = _clean_pairs(list(pairs), existing=[]) if pairs else []
    except ValidationError as error:
        raise ValidationError({"pairs": error.messages}) from None
    knockout.save()
    _create_pairs(knockout, cleaned)
    return knockout


@transaction.atomic
def knockout_update(
    *,
    knockout: Knockout,
    name: str,
    date: datetime.date,
    rules: str,
    start_time: datetime.time | None = None,
    length_minutes: int | None = None,
) -> Knockout:
    """The knockout's name, date, rules and hours (a start or length not given stays as it is)."""
    knockout = Knockout.objects.select_for_update().get(pk=knockout.pk)
    if rules != knockout.rules and KnockoutMatch.objects.filter(round__knockout=knockout).exclude(entry="").exists():
        raise ValidationError({"rules": _("Scores are in: the scoring rules can no longer change.")})
    knockout.name, knockout.date, knockout.rules = " ".join((name or "").split()), date, rules
    if start_time is not None:
        knockout.start_time = start_time
    if length_minutes is not None:
        knockout.length_minutes = length_minutes
    knockout.full_clean()
    knockout.save()
    return knockout


def _pair_key(a: str, b: str) -> frozenset[str]:
    return frozenset((a.casefold(), b.casefold()))


def _check_pair(parts: Sequence[str], line: str) -> tuple[str, str] | str:
    """(a, b) for a good line, else the message for it."""
    names = [clean_name(part) for part in parts]
    shown = " & ".join(name for name in names if name)
    figures = {"line": line, "pair": shown, "example": PAIR_EXAMPLE}
    if len(names) != 2:
        return _("%(line)s“%(pair)s” is not two names: write one pair a line, like %(example)s.") % figures
    if not names[0] or not names[1]:
        return _("%(line)s“%(pair)s” needs both names of the pair, like %(example)s.") % figures
    if any(len(n) > MAX_PLAYER_NAME for n in names):
        words = _("%(line)sa name is longer than %(most)s characters (%(start)s…).")
        return words % {"line": line, "most": MAX_PLAYER_NAME, "start": shown[:40]}
    if names[0].casefold() == names[1].casefold():
        return _("%(line)s%(name)s is named twice: a pair is two different players.") % {"line": line, "name": names[0]}
    return names[0], names[1]


def _clean_pairs(entries: list, *, existing: list[KnockoutPair]) -> list[tuple[str, str]]:
    """Check a batch of pairs before any is saved: all or nothing. Each entry lists the names on one line."""
    players = {n.casefold(): p.name for p in existing for n in (p.player_a, p.player_b)}
    pairs = {_pair_key(p.player_a, p.player_b) for p in existing}
    errors, cleaned = [], []
    for index, parts in enumerate(entries, start=1):
        where = _("Line %(number)s: ") % {"number": line_of(parts, index)} if len(entries) > 1 else ""
        checked = _check_pair(parts, where)
        if isinstance(checked, str):
            errors.append(checked)
            continue
        a, b = checked
        key = _pair_key(a, b)
        if key in pairs:
            errors.append(_("%(line)s%(a)s & %(b)s is listed twice: each pair once.") % {"line": where, "a": a, "b": b})
            continue
        clash = next((n for n in (a, b) if n.casefold() in players), None)
        if clash:
            words = _("%(line)s%(player)s already plays in the pair %(pair)s: a player plays in one pair.")
            errors.append(words % {"line": where, "player": clash, "pair": players[clash.casefold()]})
            continue
        pairs.add(key)
        players.update({a.casefold(): f"{a} & {b}", b.casefold(): f"{a} & {b}"})
        cleaned.append((a, b))
    if errors:
        raise ValidationError(errors)
    if not cleaned:
        raise ValidationError(
            _("There are no pairs to add: write one pair a line, like %(example)s.") % {"example": PAIR_EXAMPLE}
        )
    if len(existing) + len(cleaned) > MAX_PAIRS:
        words = _("A knockout has at most %(pairs)s pairs (%(tables)s tables).")
        raise ValidationError(words % {"pairs": MAX_PAIRS, "tables": MAX_PAIRS // 2})
    return cleaned


def _create_pairs(
    knockout: Knockout, cleaned: list[tuple[str, str]], picked: Mapping[str, int | None] | None = None
) -> list[KnockoutPair]:
    """`picked`: a casefolded name -> the id of the member chosen for it from the list (else found by name)."""
    named = members_named(knockout.club_id, [name for pair in cleaned for name in pair], picked)
    return KnockoutPair.objects.bulk_create(
        KnockoutPair(
            knockout=knockout,
            player_a=a,
            player_b=b,
            name=f"{a} & {b}",
            member_a=named.get(a.casefold()),
            member_b=named.get(b.casefold()),
        )
        for a, b in cleaned
    )


def _clear_unplayed_draw(knockout: Knockout) -> bool:
    """The pairs change: an unplayed first-round draw goes (True); once play has started, refuse."""
    rounds = list(knockout.rounds.all())
    if not rounds:
        return False
    if len(rounds) > 1 or KnockoutMatch.objects.filter(round__in=rounds).exclude(entry="").exists():
        raise ValidationError(_("Play has started: the pairs can no longer change."))
    rounds[0].delete()
    return True


@transaction.atomic
def pairs_add(
    *, knockout: Knockout, entries: list, picked: Mapping[str, int | None] | None = None
) -> tuple[list[KnockoutPair], bool]:
    """Add pairs (each entry the names on one line); returns them and whether an unplayed draw was cleared."""
    live.touched(knockout.pk)
    knockout = Knockout.objects.select_for_update().get(pk=knockout.pk)
    cleaned = _clean_pairs(list(entries), existing=list(knockout.pairs.all()))
    cleared = _clear_unplayed_draw(knockout)
    return _create_pairs(knockout, cleaned, picked), cleared


@transaction.atomic
def pair_remove(*, pair: KnockoutPair) -> bool:
    """Remove a pair before play; returns whether an unplayed draw was cleared."""
    live.touched(pair.knockout_id)
    Knockout.objects.select_for_update().get(pk=pair.knockout_id)
    cleared = _clear_unplayed_draw(pair.knockout)
    pair.delete()
    return cleared


# --- draws ----------------------------------------------------------------------------------------------------


def _drawn_tables(entrants: list[KnockoutPair], seed: int) -> list[tuple[KnockoutPair, KnockoutPair]]:
    """A random draw "similar to tennis or golf tournaments": the same pairs and seed always give the same tables."""
    order = sorted(entrants, key=lambda pair: pair.pk)
    random.Random(seed).shuffle(order)
    return [(order[i], order[i + 1]) for i in range(0, len(order), 2)]


def _seat(round_: KnockoutRound, tables: list[tuple[KnockoutPair, KnockoutPair]]) -> None:
    round_.matches.all().delete()
    KnockoutMatch.objects.bulk_create(
        KnockoutMatch(round=round_, table=number, ns=ns, ew=ew) for number, (ns, ew) in enumerate(tables, start=1)
    )


def _new_round(knockout: Knockout, plan: knockout_rules.RoundPlan, entrants: list[KnockoutPair]) -> KnockoutRound:
    seed = _new_seed()
    round_ = KnockoutRound.objects.create(
        knockout=knockout,
        bracket=plan.bracket,
        number=plan.number,
        tables=plan.tables,
        places=plan.places,
        draw_seed=seed,
        cut_seed=_new_seed(),
    )
    _seat(round_, _drawn_tables(entrants, seed))
    return round_


def _check_not_started(round_: KnockoutRound) -> list[KnockoutMatch]:
    if round_.is_closed:
        raise ValidationError(_("%(round)s is closed: its draw can no longer change.") % {"round": round_.title})
    matches = list(round_.matches.select_related("ns", "ew"))
    started = [m.table for m in matches if m.started or m.walkover]
    if started:
        words = ngettext(
            "Scores are in at table %(tables)s: the draw of %(round)s can no longer change.",
            "Scores are in at tables %(tables)s: the draw of %(round)s can no longer change.",
            len(started),
        )
        raise ValidationError(words % {"tables": ", ".join(str(t) for t in started), "round": round_.title})
    return matches


@transaction.atomic
def knockout_draw(*, knockout: Knockout, seed: int | None = None) -> KnockoutRound:
    """Draw the main first round at random (again, while no score is in), from a kept seed."""
    live.touched(knockout.pk)
    knockout = Knockout.objects.select_for_update().get(pk=knockout.pk)
    pairs = list(knockout.pairs.all())
    try:
        tables = knockout_rules.tables_for_pairs(len(pairs))
    except ValueError as error:
        reason = l10n.say(error).rstrip(".")
        raise ValidationError(_("The draw cannot be made: %(reason)s.") % {"reason": reason}) from None
    plan = knockout_rules.plan_rounds(tables)["main"][0]
    first = knockout.rounds.filter(bracket="main", number=1).first()
    if first is None:
        first = KnockoutRound(knockout=knockout, bracket="main", number=1, cut_seed=_new_seed())
    else:
        _check_not_started(first)
    first.tables, first.places = plan.tables, plan.places
    first.save()
    return _redraw(first, pairs, seed)


def _redraw(round_: KnockoutRound, entrants: list[KnockoutPair], seed: int | None) -> KnockoutRound:
    round_.draw_seed = _new_seed() if seed is None else seed
    round_.arranged = False
    round_.save(update_fields=["draw_seed", "arranged"])
    _seat(round_, _drawn_tables(entrants, round_.draw_seed))
    return round_


@transaction.atomic
def round_draw(*, round_: KnockoutRound, seed: int | None = None) -> KnockoutRound:
    """Draw a round again at random, among the same pairs, while no score is in."""
    live.touched(round_.knockout_id)
    round_ = KnockoutRound.objects.select_for_update(of=("self",)).select_related("knockout").get(pk=round_.pk)
    matches = _check_not_started(round_)
    return _redraw(round_, [pair for m in matches for pair in (m.ns, m.ew)], seed)


@transaction.atomic
def round_arrange(*, round_: KnockoutRound, tables: list[tuple[int, int]]) -> KnockoutRound:
    """The director's own draw: (North–South pair id, East–West pair id) for table 1, 2, …"""
    live.touched(round_.knockout_id)
    round_ = KnockoutRound.objects.select_for_update(of=("self",)).select_related("knockout").get(pk=round_.pk)
    matches = _check_not_started(round_)
    entrants = {pair.pk: pair for m in matches for pair in (m.ns, m.ew)}
    if len(tables) != round_.tables:
        words = ngettext(
            "%(round)s has %(tables)s table: give both pairs for it.",
            "%(round)s has %(tables)s tables: give both pairs for each.",
            round_.tables,
        )
        raise ValidationError(words % {"round": round_.title, "tables": round_.tables})
    errors: list[str] = []
    seen: dict[int, int] = {}  # pair id -> its table
    for number, row in enumerate(tables, start=1):
        for pair_id in row:
            if pair_id not in entrants:
                errors.append(
                    _("Table %(number)s: choose a pair playing in %(round)s.")
                    % {"number": number, "round": round_.title}
                )
            elif pair_id in seen:
                words = _("Table %(number)s: %(pair)s is already at table %(other)s.")
                errors.append(words % {"number": number, "pair": entrants[pair_id].name, "other": seen[pair_id]})
            else:
                seen[pair_id] = number
    missing = [pair.name for pk, pair in entrants.items() if pk not in seen]
    if missing and not errors:
        words = ngettext(
            "Every pair plays: %(pairs)s has no table.", "Every pair plays: %(pairs)s have no table.", len(missing)
        )
        errors.append(words % {"pairs": ", ".join(missing)})
    if errors:
        raise ValidationError(errors)
    round_.draw_seed, round_.arranged = None, True
    round_.save(update_fields=["draw_seed", "arranged"])
    _seat(round_, [(entrants[ns], entrants[ew]) for ns, ew in tables])
    return round_


# --- matches --------------------------------------------------------------------------------------------------


def _lock_match(match: KnockoutMatch) -> KnockoutMatch:
    live.match_touched(match.pk)  # the knockout's row first (services/live_knockout.py)
    match = (
        KnockoutMatch.objects.select_for_update(of=("self",))
        .select_related("round__knockout", "ns", "ew", "winner")
        .get(pk=match.pk)
    )
    if match.round.is_closed:
        words = _("%(round)s is closed: reopen it to correct table %(table)s.")
        raise ValidationError(words % {"round": match.round.title, "table": match.table})
    conceded = match.conceded_pair
    if conceded is not None:
        words = _("%(pair)s withdrew and conceded table %(table)s: undo the walkover first to enter a score.")
        raise ValidationError(words % {"pair": conceded.name, "table": match.table})
    return match


def _play(rules: str, deals: list[tuple], allowed: int) -> rubber.RubberPad:
    """The match replayed on the rubber pad; the unfinished-rubber bonuses once the last deal is in."""
    pad = rubber.RubberPad(rules)
    for number, deal in enumerate(deals, start=1):
        try:
            pad.play(*deal)
        except ValueError as error:
            raise ValidationError(
                _("Deal %(number)s: %(reason)s") % {"number": number, "reason": _sentence(error)}
            ) from None
    if len(deals) >= allowed:
        pad.finish(unfinished_bonus=True)
    return pad


def _settle(match: KnockoutMatch, ns: int | None, ew: int | None, finished: bool) -> None:
    """The match's totals and winner; a cut only decides while the totals stay tied."""
    if match.entry == KnockoutMatch.Entry.DEALS and match.deals_played < DEALS_PER_MATCH:
        match.extra_deals, match.decision = 0, KnockoutMatch.Decision.NONE  # no longer a tie after eight deals
    match.ns_total, match.ew_total, match.finished = ns, ew, finished
    cut = match.decision == KnockoutMatch.Decision.CUT
    if finished and ns is not None and ew is not None and ns != ew:
        match.winner = match.ns if ns > ew else match.ew
    elif not (finished and cut and match.winner_id in (match.ns_id, match.ew_id)):
        match.winner = None
    if cut and (match.winner is None or ns != ew):
        match.decision, match.cut_seed, match.cut_by_director = KnockoutMatch.Decision.NONE, None, False
    match.save()


def _stored_deals(match: KnockoutMatch) -> list[tuple]:
    return [(d.contract, d.declarer, d.tricks, d.honours) for d in match.deals.order_by("number")]


def _check_deal_number(match: KnockoutMatch, number: object, played: int) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValidationError(_("Say which deal this is: 1 to 8."))
    if number > match.deals_allowed:
        if match.tied and match.winner_id is None:
            words = _(
                "Deal %(number)s is refused: the match is tied after its %(played)s deals. Decide it first: "
                "a cut, or one more deal."
            )
            raise ValidationError(words % {"number": number, "played": played})
        if not match.extra_deals:
            words = _("Deal %(number)s is refused: a match is eight deals, and they are all in.")
        else:
            words = ngettext(
                "Deal %(number)s is refused: a match is eight deals and %(extra)s more to break the tie, and they are "
                "all in.",
                "Deal %(number)s is refused: a match is eight deals and %(extra)s more to break the tie, and they are "
                "all in.",
                match.extra_deals,
            )
        raise ValidationError(words % {"number": number, "extra": match.extra_deals})
    if number > played + 1:
        words = _("Enter the deals in order: deal %(next)s comes next, not deal %(number)s.")
        raise ValidationError(words % {"next": played + 1, "number": number})
    return number


@transaction.atomic
def match_deal_record(
    *, match: KnockoutMatch, number: int, contract: str, declarer: str, tricks: int, honours: str = ""
) -> KnockoutMatch:
    """Enter (or correct) one deal of the pad; the totals follow from the whole pad replayed."""
    match = _lock_match(match)
    deals = _stored_deals(match) if match.entry == KnockoutMatch.Entry.DEALS else []
    number = _check_deal_number(match, number, len(deals))
    if number <= DEALS_PER_MATCH and match.extra_deals:
        # A correction within the eight deals undoes the tie-break: if the match still ties, decide it again.
        deals = deals[:DEALS_PER_MATCH]
        match.deals.filter(number__gt=DEALS_PER_MATCH).delete()
        match.extra_deals, match.decision = 0, KnockoutMatch.Decision.NONE
    deals = deals[: number - 1] + [(contract, declarer, tricks, honours)] + deals[number:]
    pad = _play(match.round.knockout.rules, deals, match.deals_allowed)
    record = pad.deals[number - 1]
    if match.entry != KnockoutMatch.Entry.DEALS:
        match.deals.all().delete()
        match.entry = KnockoutMatch.Entry.DEALS
    KnockoutDeal.objects.update_or_create(
        match=match,
        number=number,
        defaults={
            "contract": record.contract,
            "declarer": record.declarer,
            "tricks": record.tricks,
            "honours": (record.honours or "").strip().upper(),
        },
    )
    match.deals_played = len(deals)
    _settle(match, pad.totals["NS"], pad.totals["EW"], pad.finished)
    return match


@transaction.atomic
def match_deal_remove(*, match: KnockoutMatch) -> KnockoutMatch:
    """Take the last deal off the pad (to correct it, or if it was entered by mistake)."""
    match = _lock_match(match)
    deals = _stored_deals(match) if match.entry == KnockoutMatch.Entry.DEALS else []
    if not deals:
        raise ValidationError(_("Table %(table)s has no deals to remove.") % {"table": match.table})
    match.deals.filter(number=len(deals)).delete()
    deals.pop()
    match.deals_played = len(deals)
    if not deals:
        match.entry = KnockoutMatch.Entry.NONE
        match.extra_deals = 0
        _settle(match, None, None, False)
        return match
    pad = _play(match.round.knockout.rules, deals, match.deals_allowed)
    _settle(match, pad.totals["NS"], pad.totals["EW"], pad.finished)
    return match


def _check_total(value: object, side: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        words = _("%(side)s's total must be a whole number of points, like %(example)s.")
        raise ValidationError(words % {"side": side, "example": l10n.number(1250)})
    figures = {"side": side, "total": l10n.number(value)}
    if value < 0:
        words = _("%(side)s's total cannot be below 0: at rubber bridge each side only scores points.")
        raise ValidationError(words % figures)
    if value > MAX_TOTAL:
        raise ValidationError(
            _("%(side)s's total of %(total)s is more than a match of rubber bridge can score.") % figures
        )
    if value % 10:
        words = _("%(side)s's total of %(total)s is not a bridge score: every score is a multiple of ten.")
        raise ValidationError(words % figures)
    return value


@transaction.atomic
def match_totals_record(*, match: KnockoutMatch, ns: int, ew: int) -> KnockoutMatch:
    """Just the two match totals from the paper pad; any deals entered are replaced."""
    match = _lock_match(match)
    ns, ew = _check_total(ns, _("North–South")), _check_total(ew, _("East–West"))
    match.deals.all().delete()
    match.entry, match.deals_played = KnockoutMatch.Entry.TOTALS, 0
    _settle(match, ns, ew, True)
    return match


@transaction.atomic
def match_decide(*, match: KnockoutMatch, how: str, winner: str = "", seed: int | None = None) -> KnockoutMatch:
    """The director decides a tied match: one more deal, or a cut (drawn here; or, with `winner` "NS" or "EW",
    cut by the players at the table)."""
    match = _lock_match(match)
    if how not in ("cut", "deal"):
        raise ValidationError(_("Decide the tie by a cut or by one more deal."))
    if not match.tied:
        raise ValidationError(_not_tied(match))
    if how == "deal":
        if match.decision == KnockoutMatch.Decision.CUT:
            assert match.winner is not None, "a cut stands only with its winner (_settle undoes it otherwise)"
            words = _("Table %(table)s was decided by a cut: %(pair)s won it.")
            raise ValidationError(words % {"table": match.table, "pair": match.winner.name})
        match.extra_deals += 1
        match.decision = KnockoutMatch.Decision.DEAL
        _settle(match, match.ns_total, match.ew_total, False)
        return match
    if winner not in ("", "NS", "EW"):
        raise ValidationError(_("Say which side won the cut at the table: North–South or East–West."))
    if match.decision == KnockoutMatch.Decision.CUT and not winner:
        assert match.winner is not None, "a cut stands only with its winner (_settle undoes it otherwise)"
        words = _("The cut is made: %(pair)s won it. Say who won if the players cut at the table.")
        raise ValidationError(words % {"pair": match.winner.name})
    if winner:
        match.cut_seed, match.cut_by_director = None, True
    else:
        match.cut_seed, match.cut_by_director = _new_seed() if seed is None else seed, False
        winner = random.Random(match.cut_seed).choice(("NS", "EW"))
    match.winner = match.ns if winner == "NS" else match.ew
    match.decision = KnockoutMatch.Decision.CUT
    match.save()
    return match


def _not_tied(match: KnockoutMatch) -> str:
    """Why a match is not tied, in a sentence."""
    figures = {"table": match.table, "deals": match.deals_allowed}
    if not match.finished and match.started:
        return _("Table %(table)s is not tied: its %(deals)s deals are not all in yet.") % figures
    if not match.finished:
        return _("Table %(table)s is not tied: no score is in yet.") % figures
    return _("Table %(table)s is not tied: its totals decide it.") % figures


# --- closing and reopening rounds -----------------------------------------------------------------------------


def following_rounds(round_: KnockoutRound) -> list[KnockoutRound]:
    """The rounds that closing this one created: the bracket's next round, and the consolation after main round 1."""
    rounds = KnockoutRound.objects.filter(knockout=round_.knockout_id, bracket=round_.bracket, number=round_.number + 1)
    if round_.bracket == "main" and round_.number == 1:
        rounds = rounds | KnockoutRound.objects.filter(knockout=round_.knockout_id, bracket="consolation", number=1)
    return list(rounds)


@transaction.atomic
def round_close(*, round_: KnockoutRound, cut: list[int] | None = None) -> list[KnockoutRound]:
    """Close a round by the rules: winners and best losers go on, first-round losers to the consolation.

    cut: the ids of the tied losers the director puts through instead of the software's cut.
    Returns the rounds it drew (none after a final).
    """
    live.touched(round_.knockout_id)
    round_ = KnockoutRound.objects.select_for_update(of=("self",)).select_related("knockout").get(pk=round_.pk)
    if round_.is_closed:
        raise ValidationError(_("%(round)s is already closed.") % {"round": round_.title})
    matches = knockout_selectors.round_matches(round_)
    problems = knockout_selectors.close_problems(matches)
    if problems:
        raise ValidationError([*problems, _("%(round)s stays open: nothing was changed.") % {"round": round_.title}])
    by_id = {pair.pk: pair for m in matches for pair in (m.ns, m.ew)}
    if cut and any(pk not in by_id for pk in cut):
        raise ValidationError(_("The cut names a pair that is not in this round."))
    names = [by_id[pk].name for pk in cut] if cut else None
    try:
        outcome = knockout_selectors.round_outcome(round_, matches)
        # Ticking the pairs the software's cut chose is no override: the cut stays the software's.
        if names is not None and not (outcome.cut and set(names) == set(outcome.cut.drawn)):
            outcome = knockout_selectors.round_outcome(round_, matches, cut=names)
    except ValueError as error:
        raise ValidationError(_sentence(error)) from None
    best = {loser.pair for loser in outcome.best_losers}
    for m in matches:
        assert m.loser is not None, "a round closes only when every match is won (close_problems)"
        m.best_loser = m.loser.name in best
    KnockoutMatch.objects.bulk_update(matches, ["best_loser"])
    round_.status, round_.closed_at = KnockoutRound.Status.CLOSED, timezone.now()
    round_.cut = {} if outcome.cut is None else _cut_record(outcome.cut)
    round_.save(update_fields=["status", "closed_at", "cut"])
    by_name = {pair.name: pair for pair in by_id.values()}
    return _draw_following(round_, [by_name[n] for n in outcome.qualified], [by_name[n] for n in outcome.others])


def _cut_record(cut: knockout_rules.Cut) -> dict:
    return {
        "margin": cut.margin,
        "among": list(cut.among),
        "places": cut.places,
        "drawn": list(cut.drawn),
        "by_director": cut.by_director,
    }


def _draw_following(round_: KnockoutRound, qualified: list, others: list) -> list[KnockoutRound]:
    first = round_.knockout.rounds.get(bracket="main", number=1)
    plan = knockout_rules.plan_rounds(first.tables)
    if round_.bracket == "consolation":
        # A withdrawal in the main first round can leave the consolation a table short of the plan: its rounds
        # follow its own first round.
        opening = round_.knockout.rounds.get(bracket="consolation", number=1)
        plan["consolation"] = knockout_rules.bracket_rounds("consolation", opening.tables)
    created = []
    bracket = plan[round_.bracket]
    if round_.number < len(bracket):
        created.append(_new_round(round_.knockout, bracket[round_.number], qualified))
    if round_.bracket == "main" and round_.number == 1 and plan["consolation"]:
        # The consolation takes the others two to a table; an odd one out (a pair withdrew) goes to the free tables.
        by_name = {pair.name: pair for pair in others}
        consolation = withdrawals.consolation([pair.name for pair in others])
        if consolation.rounds:
            created.append(
                _new_round(round_.knockout, consolation.rounds[0], [by_name[n] for n in consolation.entrants])
            )
    return created


@transaction.atomic
def round_reopen(*, round_: KnockoutRound) -> KnockoutRound:
    """Open a closed round again to correct it; the rounds it drew go, as long as none of them has a score."""
    live.touched(round_.knockout_id)
    round_ = KnockoutRound.objects.select_for_update(of=("self",)).select_related("knockout").get(pk=round_.pk)
    if not round_.is_closed:
        raise ValidationError(_("%(round)s is not closed.") % {"round": round_.title})
    following = following_rounds(round_)
    for later in following:
        if later.is_closed or later.matches.exclude(entry="", conceded_by__isnull=True).exists():
            words = _("%(later)s has started: %(round)s can no longer be reopened. Its results stand as played.")
            raise ValidationError(words % {"later": later.title, "round": round_.title})
    for later in following:
        later.delete()
    round_.matches.update(best_loser=False)
    round_.status, round_.closed_at, round_.cut = KnockoutRound.Status.PLAYING, None, {}
    round_.save(update_fields=["status", "closed_at", "cut"])
    return round_

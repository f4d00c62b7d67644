"""Writes for a table's round result: entered deal by deal or as the two net figures.

Every write keeps a history row (who, when, before, after) and bumps the result's version, so
a second phone or director working from an old copy is told instead of overwriting silently.
"""

import secrets

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tournaments.models import DealEntry, PhoneSend, ResultChange, Round, Seat, TableResult
from tournaments.rules import party as party_rules


class StaleResult(ValidationError):
    """The result changed since the form was opened."""


def _store_deals(result: TableResult, scored) -> None:
    """Replace the result's deal rows with the scored deals."""
    result.deals.all().delete()
    fields = ("number", "contract", "declarer", "tricks", "score", "ns", "ew")
    DealEntry.objects.bulk_create(DealEntry(result=result, **{f: getattr(d, f) for f in fields}) for d in scored)


def _snapshot(result: TableResult | None) -> dict:
    if result is None or result.pk is None:
        return {}
    return {
        "entry": result.entry,
        "status": result.status,
        "ns": result.ns,
        "ew": result.ew,
        "winner": result.winner,
        "cut": result.cut,
        "locked": result.locked,
        "deals": [[d.number, d.contract, d.declarer, d.tricks] for d in result.deals.order_by("number")],
        "version": result.version,
    }


def _tally(scored, tally_mode: str) -> tuple[int, int]:
    if tally_mode == "actual":
        return party_rules.actual_points(scored)
    return party_rules.net_result(scored)


def _score(deals, rules: str):
    try:
        return party_rules.score_round(deals, rules)
    except ValueError as error:
        raise ValidationError(f"{str(error)[0].upper()}{str(error)[1:]}.") from None


def _winner(ns: int, ew: int) -> tuple[str, bool]:
    winner = party_rules.table_winner(ns, ew)
    if winner:
        return winner, False
    # A tie is decided by a cut of the cards: drawn here, shown, and open to the director's override.
    return secrets.choice(("NS", "EW")), True


def _lock_round(round_: Round) -> Round:
    return Round.objects.select_for_update(of=("self",)).select_related("party").get(pk=round_.pk)


def _check_table(round_: Round, table: int) -> None:
    if not isinstance(table, int) or not 1 <= table <= round_.party.tables:
        raise ValidationError(f"There is no table {table} at this party.")
    if not Seat.objects.filter(round=round_, table=table).exists():
        raise ValidationError(f"Table {table} has no seats in round {round_.number}.")


@transaction.atomic
def result_record(
    *,
    round_: Round,
    table: int,
    deals: list | None = None,
    net: tuple[int, int] | None = None,
    complete: bool = True,
    by_user=None,
    by_token=None,
    expected_version: int | None = None,
    action: str = "entered",
) -> tuple[TableResult, list[str]]:
    """Record a table's round; returns the result and any notices for the director.

    deals: up to four (contract, declarer seat, tricks); complete=True needs all four.
    net: (north_south, east_west) straight from the score card instead of deals.
    """
    round_ = _lock_round(round_)
    party = round_.party
    notices: list[str] = []
    if round_.is_closed and by_user is None:
        raise ValidationError(f"Round {round_.number} is closed: results can no longer be entered here.")
    _check_table(round_, table)
    result = TableResult.objects.select_for_update().filter(round=round_, table=table).first()
    if result and result.locked and by_user is None:
        raise ValidationError("The director has locked this table: ask the director to change it.")
    if result and result.status == TableResult.Status.AGREED and by_user is None:
        raise ValidationError("This round is accepted: ask the director for any change.")
    _check_version(result, expected_version)
    before = _snapshot(result)
    old_winner = result.winner if result else ""

    scored, ns, ew = _figures(party, deals, net, complete)
    if result is None:
        result = TableResult(round=round_, table=table)
    result.entry = TableResult.Entry.DEALS if deals is not None else TableResult.Entry.NET
    result.ns, result.ew = ns, ew
    if complete:
        winner, cut = _winner(ns, ew)
        result.winner, result.cut, result.cut_overridden = winner, cut, False
        # The director's word is final; a table's entry waits for both sides to agree.
        result.status = TableResult.Status.AGREED if by_user is not None else TableResult.Status.SUBMITTED
        if cut:
            notices.append(f"Table {table} tied at {ns}: the cut went to {_side(winner)}. You can change it.")
    else:
        result.winner, result.cut, result.status = "", False, TableResult.Status.IN_PROGRESS
    result.ns_agreed = result.ew_agreed = False
    result.version = (result.version + 1) if result.pk else 1
    try:
        result.save()
    except IntegrityError:
        raise StaleResult(
            "Someone else at this table saved at the same moment: check the entry and save again."
        ) from None
    _store_deals(result, scored)
    ResultChange.objects.create(
        result=result, by_user=by_user, by_token=by_token, action=action, before=before, after=_snapshot(result)
    )
    if round_.is_closed and old_winner and result.winner != old_winner:
        notices.append(
            f"Table {table}'s winner is now {_side(result.winner)}, not {_side(old_winner)}. Round "
            f"{round_.number + 1} was seated from the old result: the seating stays as actually played."
        )
    return result, notices


def _check_version(result: TableResult | None, expected: int | None) -> None:
    """Optimistic locking: the form carries the version it was opened on (0 for a new result)."""
    if expected is None:
        return
    current = result.version if result is not None else 0
    if current != expected:
        raise StaleResult(
            "Someone else at this table saved a change a moment ago: their entry is shown now. Check it and save again."
        )


def _figures(party, deals, net, complete: bool):
    """The scored deals and the two tally figures, from the deals or the net figures."""
    if (deals is None) == (net is None):
        raise ValidationError("Enter either the deals or the two net figures.")
    if deals is None:
        ns, ew = _check_net(net, party.rules)
        if party.tally_mode == "actual" and (ns < 0 or ew < 0):
            raise ValidationError("With actual points neither side can be minus: each side enters what it scored.")
        if party.tally_mode != "actual" and ns + ew > 0:
            raise ValidationError(
                f"N–S {ns} and E–W {ew} cannot both be right: the two net results never add up to more than 0 "
                "(each side's plus is the other's minus, or less with the 1,000 cap). Check for a missing minus sign."
            )
        return [], ns, ew
    scored = _score(deals, party.rules)
    if complete and len(scored) != party_rules.DEALS_PER_ROUND:
        raise ValidationError(f"A round has four deals: {len(scored)} entered. Enter a passed-out deal as PASS.")
    ns, ew = _tally(scored, party.tally_mode) if scored else (None, None)
    return scored, ns, ew


def _side(side: str) -> str:
    return {"NS": "North–South", "EW": "East–West"}.get(side, side)


def _points(value: int) -> str:
    return f"{value:+,}".replace("-", "−") if value else "0"


def _check_net(net, rules: str) -> tuple[int, int]:
    try:
        ns, ew = net
    except (TypeError, ValueError):
        raise ValidationError("Give both sides' results.") from None
    low, high = party_rules.net_bounds(rules)
    for side, value in (("North–South", ns), ("East–West", ew)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError("A round result is a whole number of points, like 400 or −1,000.")
        if not low <= value <= high:
            raise ValidationError(
                f"{side}'s {_points(value)} is more than four deals can produce: a side's round result lies "
                f"between {_points(low)} (a redoubled seven down thirteen on every deal) and {_points(high)} "
                "(a redoubled grand slam bid and made on every deal)."
            )
        if value % 10:
            raise ValidationError(f"{value} is not a bridge score: every score is a multiple of ten.")
    return ns, ew


@transaction.atomic
def result_cut_override(*, result: TableResult, winner: str, by_user) -> TableResult:
    """The director decides a tied table's cut the other way (or confirms it)."""
    result = TableResult.objects.select_for_update(of=("self",)).select_related("round__party").get(pk=result.pk)
    if winner not in ("NS", "EW"):
        raise ValidationError("The winner is North–South or East–West.")
    if not result.cut:
        raise ValidationError("This table was not tied: its winner comes from the scores.")
    if result.round.is_closed:
        raise ValidationError("The round is closed: the movement was played from the cut as it stood.")
    before = _snapshot(result)
    result.winner, result.cut_overridden = winner, True
    result.version += 1
    result.save()
    ResultChange.objects.create(
        result=result, by_user=by_user, action="cut overridden", before=before, after=_snapshot(result)
    )
    return result


def _lock_result(round_: Round, table: int) -> TableResult:
    result = (
        TableResult.objects.select_for_update(of=("self",))
        .select_related("round__party")
        .filter(round=round_, table=table)
        .first()
    )
    if result is None:
        raise ValidationError(f"Table {table} has no result in round {round_.number} yet.")
    return result


@transaction.atomic
def result_agree(*, round_: Round, table: int, side: str, by_token, expected_version: int) -> TableResult:
    """One side at the table agrees the result; when both have, it counts."""
    round_ = _lock_round(round_)
    if round_.is_closed:
        raise ValidationError(f"Round {round_.number} is closed: results can no longer be entered here.")
    if side not in ("NS", "EW"):
        raise ValidationError("Say which side agrees: North–South or East–West.")
    result = _lock_result(round_, table)
    _check_version(result, expected_version)
    if result.locked:
        raise ValidationError("The director has locked this table: ask the director to change it.")
    if result.status == TableResult.Status.IN_PROGRESS or not result.winner:
        raise ValidationError("Enter all four deals before agreeing the result.")
    before = _snapshot(result)
    if side == "NS":
        result.ns_agreed = True
    else:
        result.ew_agreed = True
    if result.ns_agreed and result.ew_agreed:
        result.status = TableResult.Status.AGREED
    # The version guards the deals, not the agreements: both sides agreeing at one moment both count.
    result.save(update_fields=["ns_agreed", "ew_agreed", "status", "updated_at"])
    ResultChange.objects.create(
        result=result, by_token=by_token, action=f"{side} agreed", before=before, after=_snapshot(result)
    )
    return result


@transaction.atomic
def result_lock(*, round_: Round, table: int, locked: bool, by_user) -> TableResult:
    result = _lock_result(_lock_round(round_), table)
    if result.locked == locked:
        return result
    before = _snapshot(result)
    result.locked = locked
    result.version += 1
    result.save()
    ResultChange.objects.create(
        result=result,
        by_user=by_user,
        action="locked" if locked else "unlocked",
        before=before,
        after=_snapshot(result),
    )
    return result


@transaction.atomic
def result_undo(*, change: ResultChange, by_user) -> tuple[TableResult, list[str]]:
    """Put a table's result back as it was before the given change (the undo is itself recorded)."""
    result = TableResult.objects.select_for_update(of=("self",)).select_related("round__party").get(pk=change.result_id)
    _lock_round(result.round)
    before, target = _snapshot(result), change.before
    old_winner = result.winner
    if target:
        result.entry, result.status = target["entry"], target["status"]
        result.ns, result.ew, result.winner = target["ns"], target["ew"], target["winner"]
        result.cut, result.locked = target["cut"], target["locked"]
        deals = [tuple(d[1:]) for d in target["deals"]]
    else:
        result.entry, result.status, result.ns, result.ew = (
            TableResult.Entry.DEALS,
            TableResult.Status.IN_PROGRESS,
            None,
            None,
        )
        result.winner, result.cut, deals = "", False, []
    scored = _score(deals, result.round.party.rules) if deals else []
    result.ns_agreed = result.ew_agreed = result.status == TableResult.Status.AGREED
    result.version += 1
    result.save()
    _store_deals(result, scored)
    ResultChange.objects.create(result=result, by_user=by_user, action="undone", before=before, after=_snapshot(result))
    notices = []
    if result.round.is_closed and old_winner and result.winner != old_winner:
        notices.append(
            f"Table {result.table}'s winner changed: round {result.round.number + 1} was seated from the old "
            "result, and the seating stays as actually played."
        )
    return result, notices


# ---- deal by deal, as played (the table's phone) ---------------------------------------------------


SIDE_NAMES = {"NS": "North–South", "EW": "East–West"}


def _other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def _recount(result: TableResult, party, *, deals_changed: bool) -> None:
    """The result's figures and state from its stored deals: in progress until four, then in.

    A changed deal works the winner out again (a tie is cut anew); an acceptance leaves it be.
    """
    deals = list(result.deals.order_by("number"))
    ns, ew = _tally(deals, party.tally_mode) if deals else (None, None)
    result.ns, result.ew = ns, ew
    if len(deals) < party_rules.DEALS_PER_ROUND:
        result.winner, result.cut, result.status = "", False, TableResult.Status.IN_PROGRESS
        result.ns_agreed = result.ew_agreed = False
        return
    if deals_changed or not result.winner:
        result.winner, result.cut = _winner(ns, ew)
        result.cut_overridden = False
    every_deal_accepted = all(d.accepted for d in deals)
    result.status = TableResult.Status.AGREED if every_deal_accepted else TableResult.Status.SUBMITTED
    result.ns_agreed = result.ew_agreed = every_deal_accepted


def _sent_before(by_token, client_id: str) -> bool:
    """A read, before any refusal: the first send was stored, only its answer was lost."""
    return bool(client_id and by_token) and PhoneSend.objects.filter(token=by_token, client_id=client_id[:64]).exists()


def _already_sent(by_token, client_id: str) -> bool:
    """True when this phone sent this very entry before (and it was stored): nothing to do again."""
    if not client_id or by_token is None:
        return False
    _, created = PhoneSend.objects.get_or_create(token=by_token, client_id=client_id[:64])
    return not created


def _open_result(round_: Round, table: int, *, director: bool) -> TableResult:
    if round_.is_closed:
        raise ValidationError(f"Round {round_.number} is closed: results can no longer be entered here.")
    _check_table(round_, table)
    result = TableResult.objects.select_for_update().filter(round=round_, table=table).first()
    if result is None:
        return TableResult(round=round_, table=table, entry=TableResult.Entry.DEALS, version=0)
    if result.locked and not director:
        raise ValidationError("The director has locked this table: ask the director to change it.")
    if result.entry == TableResult.Entry.NET and not director:
        raise ValidationError("The director entered this table's round as two figures: ask the director.")
    if result.status == TableResult.Status.AGREED and not director:
        raise ValidationError("This round is accepted: ask the director for any change.")
    return result


@transaction.atomic
def deal_record(
    *,
    round_: Round,
    table: int,
    number: int,
    deal: tuple[str, str, int],
    side: str = "NS",
    by_token=None,
    by_user=None,
    client_id: str = "",
    correcting: bool = False,
) -> tuple[TableResult, list[str]]:
    """One deal entered (or corrected) as it is played; the other side then accepts it.

    Deals go in order; any deal can be corrected until the round is accepted, and a correction
    clears that deal's acceptance. A phone's repeated send (the same client id) changes nothing.
    """
    round_ = _lock_round(round_)
    party = round_.party
    if _sent_before(by_token, client_id):
        return TableResult.objects.get(round=round_, table=table), []
    if side not in SIDE_NAMES:
        raise ValidationError("Say which side enters the deal: North–South or East–West.")
    result = _open_result(round_, table, director=by_user is not None)
    if _already_sent(by_token, client_id):
        return result, []
    stored = {d.number: d for d in result.deals.all()} if result.pk else {}
    if number in stored and not correcting:
        # Another phone entered this deal meanwhile: a correction must be meant as one.
        raise ValidationError(f"Deal {number} is already entered (from another phone?): check it, then correct it.")
    if number not in range(1, party_rules.DEALS_PER_ROUND + 1):
        raise ValidationError("A round has four deals, numbered 1 to 4.")
    if number not in stored and number != len(stored) + 1:
        raise ValidationError(f"Enter deal {len(stored) + 1} first: the deals go in order.")
    contract, declarer, tricks = deal
    try:
        scored = party_rules.score_deal(number, contract, declarer, tricks, party.rules)
    except ValueError as error:
        raise ValidationError(f"Deal {number}: {str(error)[0].upper()}{str(error)[1:]}.") from None
    before = _snapshot(result)
    result.entry = TableResult.Entry.DEALS
    result.version += 1
    result.save()
    fields = {f: getattr(scored, f) for f in ("contract", "declarer", "tricks", "score", "ns", "ew")}
    DealEntry.objects.update_or_create(
        result=result, number=number, defaults=fields | {"entered_by": side, "accepted": False}
    )
    notices = []
    if number in stored:
        notices.append(
            f"Deal {number} is corrected: {SIDE_NAMES[_other(side)]} must accept it again before the round counts."
        )
    _recount(result, party, deals_changed=True)
    result.save()
    action = f"deal {number} {'corrected' if number in stored else 'entered'} at the table"
    ResultChange.objects.create(
        result=result, by_user=by_user, by_token=by_token, action=action[:40], before=before, after=_snapshot(result)
    )
    return result, notices


def deal_shown(entry: DealEntry) -> str:
    """What a phone showed of a deal, sent back with its acceptance: "4S N 10"."""
    return f"{entry.contract} {entry.declarer or '-'} {entry.tricks}"


@transaction.atomic
def deal_accept(
    *, round_: Round, table: int, number: int, side: str, by_token=None, client_id: str = "", shown: str | None = None
) -> TableResult:
    """The other side accepts a deal. Acceptances commute: two at one moment both count, and
    accepting a deal twice is accepting it once."""
    round_ = _lock_round(round_)
    if _sent_before(by_token, client_id):
        return TableResult.objects.get(round=round_, table=table)
    if side not in SIDE_NAMES:
        raise ValidationError("Say which side accepts: North–South or East–West.")
    result = _open_result(round_, table, director=False)
    if _already_sent(by_token, client_id):
        return result
    entry = result.deals.filter(number=number).first() if result.pk else None
    if entry is None:
        raise ValidationError(f"Deal {number} is not entered yet: nothing to accept.")
    if shown is not None and shown != deal_shown(entry):
        raise ValidationError(f"Deal {number} was corrected meanwhile: check what it says now, then accept it.")
    if entry.accepted:
        return result
    if entry.entered_by == side:
        raise ValidationError(
            f"{SIDE_NAMES[side]} entered deal {number}: {SIDE_NAMES[_other(side)]} accept it, "
            "not the side that entered it."
        )
    before = _snapshot(result)
    DealEntry.objects.filter(pk=entry.pk).update(accepted=True)
    _recount(result, round_.party, deals_changed=False)
    result.save(update_fields=["status", "ns_agreed", "ew_agreed", "winner", "cut", "ns", "ew", "updated_at"])
    ResultChange.objects.create(
        result=result, by_token=by_token, action=f"deal {number} accepted by {side}", before=before,
        after=_snapshot(result),
    )  # fmt: skip
    return result

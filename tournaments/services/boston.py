"""Writes for the Boston tables: the table and its settings, each deal, the end of the game.

Every write replays the whole game through the engine before anything is saved, so a deal the rules
refuse, a correction that would make a later deal impossible, or a house setting that is missing
saves nothing and says why. Only inputs are stored; the figures are always worked out again.
"""

import datetime
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.models import BostonDeal, BostonTable, Club, Party
from tournaments.models.timing import DEFAULT_LENGTH_MINUTES, USUAL_START
from tournaments.presentation.boston import friendly
from tournaments.rules import boston
from tournaments.rules.names import clean_name
from tournaments.selectors.boston import (
    FRENCH_HOUSE_ROWS,
    FRENCH_SUITS,
    NO_TRUMP_ROWS,
    deal_apply,
    family_of,
    game_finish,
    game_start,
    table_deals,
)
from tournaments.services.clubs import event_club
from tournaments.services.members import members_named

SEATS = (1, 2, 3, 4)
FINISHED = gettext_lazy("The game is finished: reopen it to add or change a deal.")
# The engine's message names what is wrong; these words say which field of the deal form it belongs to.
FIELD_HINTS = (
    ("house setting", None),
    ("game is over", None),
    ("belle or petite", "suit"),
    ("suit turned on every deal", "turned"),
    ("paid by the suit turned", "suit"),
    ("partner", "partner"),
    ("honours", "honours"),
    ("tricks", "tricks"),
    ("trump", "suit"),
    ("suit", "suit"),
    ("caller", "caller"),
    ("bid", "bid"),
)


def _field_for(message: str, kind: str) -> str | None:
    if kind != BostonDeal.Kind.BID:
        return None
    lowered = message.lower()
    return next((field for words, field in FIELD_HINTS if words in lowered), None)


def _deal_error(error: ValueError, deal: BostonDeal) -> ValidationError:
    message = friendly(error)
    field = _field_for(str(error), deal.kind)  # the engine's English names the field; `message` is translated
    return ValidationError({field: message}) if field else ValidationError(message)


def _lock(table: BostonTable) -> BostonTable:
    return BostonTable.objects.select_for_update().get(pk=table.pk)


def _no_longer(why: str, number: int, problem: str, removed: int | None) -> str:
    """A later deal the change would break: "With this correction deal 2 would no longer add up: ..."."""
    figures = {"number": number, "problem": problem, "removed": removed}
    if why == "settings":
        text = _("With these settings deal %(number)s would no longer add up: %(problem)s Correct or remove it first.")
    elif why == "correction":
        text = _("With this correction deal %(number)s would no longer add up: %(problem)s Correct or remove it first.")
    elif why == "removal":
        text = _(
            "Without deal %(removed)s, deal %(number)s would no longer add up: %(problem)s Correct or remove it first."
        )
    else:
        text = _("Deal %(number)s would no longer add up: %(problem)s Correct or remove it first.")
    return text % figures


def _replay(
    table: BostonTable,
    deals: list[BostonDeal],
    *,
    candidate: BostonDeal | None = None,
    why: str = "",
    removed: int | None = None,
) -> tuple[boston.BostonGame, list[boston.DealResult]]:
    """Play the deals; the game and the results, or a ValidationError saying which deal fails and why.

    `why` is the change being checked: "settings", "correction" or "removal" (of deal `removed`).
    """
    try:
        game = game_start(table)
    except ValueError as error:
        raise ValidationError(
            _("The table's settings are incomplete: %(problem)s") % {"problem": friendly(error)}
        ) from None
    results = []
    for deal in deals:
        try:
            results.append(deal_apply(game, table, deal))
        except ValueError as error:
            if deal is candidate:
                raise _deal_error(error, deal) from None
            raise ValidationError(_no_longer(why, deal.number, friendly(error), removed)) from None
    return game, results


# ---- the table ----------------------------------------------------------------------------------


def _clean_players(players: list[str]) -> list[str]:
    names = [clean_name(name) for name in players]
    if len(names) != 4:
        raise ValidationError(_("A Boston table has four players."))
    errors = {}
    seen: dict[str, int] = {}
    for seat, name in enumerate(names, start=1):
        if not name:
            errors[f"player_{seat}"] = _("Give the player's name.")
        elif name.casefold() == boston.POOL:
            errors[f"player_{seat}"] = _("“Pool” is kept for the pool on the sheet: give this player another name.")
        elif name.casefold() in seen:
            errors[f"player_{seat}"] = _("Two players are called %(name)s: tell them apart (an initial will do).") % {
                "name": name
            }
        seen.setdefault(name.casefold(), seat)
    if errors:
        raise ValidationError(errors)
    return names


def _clean_no_trump(no_trump: Mapping[object, object] | None) -> dict:
    cleaned = {}
    for row, value in (no_trump or {}).items():
        if str(row) not in NO_TRUMP_ROWS or isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValidationError(
                {"no_trump": _("No-trump figures are whole numbers of 1 or more, by row (%(row)s).") % {"row": row}}
            )
        cleaned[str(row)] = value
    return cleaned


def _clean_french_rows(rows: Mapping[str, object] | None) -> dict:
    known = dict(FRENCH_HOUSE_ROWS)
    cleaned = {}
    for key, row in (rows or {}).items():
        parts = known.get(key)
        if parts is None or not isinstance(row, dict) or any(part not in parts for part in row):
            raise ValidationError(
                {"french_rows": _("French Boston has no house row %(row)s like that.") % {"row": repr(key)}}
            )
        for figures in row.values():
            values = list(figures.values()) if isinstance(figures, dict) else [figures]
            if isinstance(figures, dict) and set(figures) != set(FRENCH_SUITS):
                raise ValidationError(
                    {"french_rows": _("French Boston's row %(row)s: give all four suits or none.") % {"row": repr(key)}}
                )
            if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values):
                raise ValidationError(
                    {"french_rows": _("French Boston's row %(row)s: figures are whole numbers.") % {"row": repr(key)}}
                )
        if row:
            cleaned[key] = row
    return cleaned


def _settings_for_variant(table: BostonTable) -> None:
    """Keep only the variant's own house settings, so the page never shows one that does not apply."""
    family = family_of(table.variant)
    if family != "boston":
        table.pool_feed = table.pool_limit = None
        table.pool_unlimited = False
    if family != "fontainebleau":
        table.no_trump = {}
    if family != "french":
        table.french_rows = {}
        table.play_for_pool = False
    if table.pool_unlimited:
        table.pool_limit = None


def _check_boston_pool(table: BostonTable) -> None:
    if family_of(table.variant) != "boston":
        return
    errors = {}
    if table.pool_feed is None:
        errors["pool_feed"] = _(
            "The book gives no figure for how much the dealer puts in Boston's pool: it is the club's choice. "
            "Say how many counters each dealer puts in (0 if none)."
        )
    if table.pool_limit is None and not table.pool_unlimited:
        errors["pool_limit"] = _(
            "The book leaves the pool's limit to the club: give the most one pool holds, or tick “no limit”."
        )
    if errors:
        raise ValidationError(errors)


def _link_members(table: BostonTable, before: dict[str, int], picked: Mapping[str, int | None] | None) -> None:
    """Each seat's club member, in this order: the one picked from the list for its name (`picked`: a casefolded
    name -> a member id); the one the name had before this save (`before`: a casefolded name -> a member id, so
    players may change seats); the only active member named exactly so."""
    picked = picked or {}
    named = members_named(table.club_id, table.players, picked)
    for seat, name in enumerate(table.players, start=1):
        key = name.casefold()
        found = named.get(key)
        member_id: int | None
        if found is not None and picked.get(key) == found.pk:
            member_id = found.pk
        elif key in before:
            member_id = before[key]
        else:
            member_id = found.pk if found else None
        setattr(table, f"member_{seat}_id", member_id)


def _table_set(table: BostonTable, fields: dict) -> None:
    picked = fields.pop("picked", None)
    if "players" in fields:
        before = {
            name.casefold(): getattr(table, f"member_{seat}_id")
            for seat, name in enumerate(table.players, start=1)
            if name and getattr(table, f"member_{seat}_id")
        }
        names = _clean_players(fields.pop("players"))
        table.player_1, table.player_2, table.player_3, table.player_4 = names
        _link_members(table, before, picked)
    if "no_trump" in fields:
        fields["no_trump"] = _clean_no_trump(fields["no_trump"])
    if "french_rows" in fields:
        fields["french_rows"] = _clean_french_rows(fields["french_rows"])
    for name, value in fields.items():
        setattr(table, name, value)
    if table.variant not in boston.VARIANTS:
        raise ValidationError({"variant": _("Choose one of the Boston games.")})
    if table.money_value is not None and table.money_value < 0:
        raise ValidationError({"money_value": _("Money per counter cannot be less than nothing.")})
    _settings_for_variant(table)
    _check_boston_pool(table)


TABLE_FIELDS = (
    "name", "date", "start_time", "length_minutes", "party", "variant", "players", "money_value", "money_per",
    "currency", "pool_feed", "pool_limit", "pool_unlimited", "no_trump", "french_rows", "play_for_pool", "picked",
)  # fmt: skip


@transaction.atomic
def boston_table_create(
    *,
    name: str,
    date: datetime.date,
    variant: str,
    players: list[str],
    party: Party | None = None,
    start_time: datetime.time = USUAL_START,
    length_minutes: int = DEFAULT_LENGTH_MINUTES,
    money_value: Decimal | None = None,
    money_per: str = "white",
    currency: str = "",
    pool_feed: int | None = None,
    pool_limit: int | None = None,
    pool_unlimited: bool = False,
    no_trump: dict | None = None,
    french_rows: dict | None = None,
    play_for_pool: bool = False,
    user: User | None = None,
    club: Club | None = None,
    demo: bool = False,
    picked: Mapping[str, int | None] | None = None,
) -> BostonTable:
    table = BostonTable(created_by=user, club=event_club(user, club, party), demo=demo)
    _table_set(
        table,
        {
            "name": " ".join(name.split()), "date": date, "start_time": start_time,
            "length_minutes": length_minutes, "party": party, "variant": variant, "players": players,
            "money_value": money_value, "money_per": money_per, "currency": currency.strip(), "pool_feed": pool_feed,
            "pool_limit": pool_limit, "pool_unlimited": pool_unlimited, "no_trump": no_trump or {},
            "french_rows": french_rows or {}, "play_for_pool": play_for_pool, "picked": picked,
        },
    )  # fmt: skip
    _replay(table, [])
    table.full_clean()
    table.save()
    return table


@transaction.atomic
def boston_table_delete(*, table: BostonTable) -> None:
    """The table and its whole sheet."""
    table.delete()


@transaction.atomic
def boston_table_update(*, table: BostonTable, **fields: Any) -> BostonTable:
    """Change the table's settings; every deal is settled again with them, or nothing changes."""
    unknown = sorted(set(fields) - set(TABLE_FIELDS))
    if unknown:
        raise ValidationError(_("Unknown settings: %(names)s.") % {"names": ", ".join(unknown)})
    table = _lock(table)
    deals = table_deals(table)
    if deals and fields.get("variant", table.variant) != table.variant:
        raise ValidationError(
            {"variant": _("Deals are on the sheet: the game can no longer change. Start a new table.")}
        )
    if "name" in fields:
        fields["name"] = " ".join(fields["name"].split())
    if "currency" in fields:
        fields["currency"] = (fields["currency"] or "").strip()
    _table_set(table, fields)
    game, _results = _replay(table, deals, why="settings")
    if table.is_finished:
        _finish_or_refuse(game, table)
    table.full_clean()
    table.save()
    return table


# ---- the deals ----------------------------------------------------------------------------------


def _check_seat(seat: int | None, field: str) -> int | None:
    if seat is None:
        return None
    if seat not in SEATS:
        raise ValidationError({field: _("Choose one of the four players.")})
    return seat


def _check_deal_shape(table: BostonTable, deal: BostonDeal) -> None:
    family = family_of(table.variant)
    if deal.kind not in BostonDeal.Kind.values:
        raise ValidationError({"kind": _("Say what happened: a bid, misère partout, or everyone passed.")})
    if deal.kind == BostonDeal.Kind.BID and deal.bid in boston.MISERE_BIDS and deal.suit and family != "french":
        raise ValidationError({"suit": _("A misère is played without trumps: leave the trump suit empty.")})


def boston_deal_build(
    *,
    table: BostonTable,
    number: int,
    kind: str = "bid",
    caller: int | None = None,
    bid: str = "",
    suit: str = "",
    tricks: int | None = None,
    honours: int = 0,
    partner: int | None = None,
    i_pay: bool = False,
    turned: str = "",
    partout: list[int | None] | None = None,
    deal: BostonDeal | None = None,
) -> BostonDeal:
    """An unsaved deal from the inputs, keeping only those its kind uses. Saves nothing."""
    deal = deal or BostonDeal(table=table)
    deal.number, deal.kind = number, kind
    is_bid = kind == BostonDeal.Kind.BID
    deal.caller = _check_seat(caller, "caller") if is_bid else None
    deal.partner = _check_seat(partner, "partner") if is_bid else None
    deal.bid = (bid or "") if is_bid else ""
    deal.suit = (suit or "").upper() if is_bid else ""
    deal.i_pay = bool(i_pay) if is_bid else False
    deal.tricks = tricks if is_bid and not deal.i_pay else None  # "I pay": paid the bid, tricks not played
    deal.honours = (honours or 0) if is_bid else 0
    deal.turned = (turned or "").upper() if family_of(table.variant) == "french" else ""
    values = list(partout or [None] * 4) if kind == BostonDeal.Kind.PARTOUT else [None] * 4
    deal.tricks_1, deal.tricks_2, deal.tricks_3, deal.tricks_4 = (values + [None] * 4)[:4]
    _check_deal_shape(table, deal)
    return deal


def _refuse_if_finished(table: BostonTable) -> None:
    if table.is_finished:
        raise ValidationError(FINISHED)


@transaction.atomic
def boston_deal_add(
    *, table: BostonTable, number: int | None = None, user: User | None = None, **inputs: Any
) -> tuple[BostonDeal, boston.DealResult]:
    """Enter the next deal. `number` is the deal the page was showing: a second send of it is refused.

    Returns the saved deal and the engine's result (who paid whom, the pools after it).
    """
    table = _lock(table)
    _refuse_if_finished(table)
    deals = table_deals(table)
    following = len(deals) + 1
    if number is not None and number != following:
        raise ValidationError(
            _("Deal %(number)s is already on the sheet (entered meanwhile, or sent twice): check the sheet below.")
            % {"number": number}
        )
    deal = boston_deal_build(table=table, number=following, **inputs)
    _game, results = _replay(table, deals + [deal], candidate=deal)
    deal.entered_by = user
    deal.full_clean()
    deal.save()
    return deal, results[-1]


@transaction.atomic
def boston_deal_update(
    *, deal: BostonDeal, user: User | None = None, **inputs: Any
) -> tuple[BostonDeal, boston.DealResult]:
    """Correct a deal: it and every deal after it are settled again, or nothing changes."""
    table = _lock(deal.table)
    _refuse_if_finished(table)
    deals = table_deals(table)
    stored = next((d for d in deals if d.pk == deal.pk), None)
    if stored is None:
        raise ValidationError(_("This deal is no longer on the sheet."))
    boston_deal_build(table=table, number=stored.number, deal=stored, **inputs)
    _game, results = _replay(table, deals, candidate=stored, why="correction")
    stored.entered_by = user or stored.entered_by
    stored.full_clean()
    stored.save()
    return stored, results[stored.number - 1]


@transaction.atomic
def boston_deal_remove(*, deal: BostonDeal) -> None:
    """Take a deal off the sheet; the deals after it move up one, and are settled again."""
    table = _lock(deal.table)
    _refuse_if_finished(table)
    deals = table_deals(table)
    rest = [d for d in deals if d.pk != deal.pk]
    if len(rest) == len(deals):
        raise ValidationError(_("This deal is no longer on the sheet."))
    _replay(table, rest, why="removal", removed=deal.number)
    BostonDeal.objects.filter(pk=deal.pk).delete()
    for number, later in enumerate(rest, start=1):
        if later.number != number:  # in order, so a number is always free before it is taken
            later.number = number
            later.save(update_fields=["number"])


# ---- the end ------------------------------------------------------------------------------------


def _finish_or_refuse(game: boston.BostonGame, table: BostonTable) -> boston.DealResult:
    try:
        return game_finish(game, table)
    except ValueError as error:
        raise ValidationError(friendly(error)) from None


@transaction.atomic
def boston_table_finish(
    *, table: BostonTable, last_trick: int | None = None, stop_early: bool = False
) -> boston.DealResult:
    """Close the game: the pools are divided equally, or go to the winner of the thirteenth deal's last trick.

    Before the last deal only with `stop_early` (the players agree to stop). Returns the closing division.
    """
    table = _lock(table)
    if table.is_finished:
        raise ValidationError(_("The game is already finished."))
    game, _results = _replay(table, table_deals(table))
    if last_trick is not None and family_of(table.variant) != "boston":
        raise ValidationError(_("Only Boston plays a thirteenth deal for the pools: here they are divided equally."))
    if not game.over and not stop_early:
        if game.deals_left:
            text = ngettext(
                "The game is not over: %(count)s deal still to play. To stop now, tick “stop now by agreement”.",
                "The game is not over: %(count)s deals still to play. To stop now, tick “stop now by agreement”.",
                game.deals_left,
            ) % {"count": game.deals_left}
        else:
            text = _("The game is not over: more deals still to play. To stop now, tick “stop now by agreement”.")
        raise ValidationError(text)
    table.last_trick = _check_seat(last_trick, "last_trick")
    table.stopped_early = not game.over
    table.finished_at = timezone.now()
    closing = _finish_or_refuse(game, table)
    table.save(update_fields=["last_trick", "stopped_early", "finished_at"])
    return closing


@transaction.atomic
def boston_table_reopen(*, table: BostonTable) -> BostonTable:
    """Undo the end of the game (to correct a deal, or play on): the pools go back on the table."""
    table = _lock(table)
    table.finished_at, table.last_trick, table.stopped_early = None, None, False
    table.save(update_fields=["last_trick", "stopped_early", "finished_at"])
    return table

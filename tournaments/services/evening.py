"""Writes for a card evening (docs/evenings.md): its settings, and its tables made from the entries in one step."""

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import BostonTable, CardEvening, CardGame, Club, Entry, EntryList, TowieTable
from tournaments.presentation.boston import friendly
from tournaments.rules import evening as rules
from tournaments.selectors.boston import game_start
from tournaments.services import boston as boston_services
from tournaments.services import entries
from tournaments.services import towie as towie_services

FIELDS = (
    "name",
    "date",
    "start_time",
    "length_minutes",
    "game",
    "tables",
    "variant",
    "pool_feed",
    "pool_limit",
    "pool_unlimited",
)


def _check_boston(evening: CardEvening) -> None:
    """Boston's settings as a table would take them (the pool's feed and limit for English or American
    Boston), checked now, so that making the tables later never stops half-way."""
    if not evening.variant:
        raise ValidationError({"variant": _("Choose the rules the Boston tables play.")})
    trial = BostonTable(
        variant=evening.variant, player_1="1", player_2="2", player_3="3", player_4="4",
        pool_feed=evening.pool_feed, pool_limit=evening.pool_limit, pool_unlimited=evening.pool_unlimited,
    )  # fmt: skip
    try:
        game_start(trial)
    except ValueError as error:
        raise ValidationError(
            _("The tables' settings are incomplete: %(problem)s") % {"problem": friendly(error)}
        ) from None


@transaction.atomic
def evening_save(*, club: Club, evening: CardEvening | None = None, **fields: Any) -> CardEvening:
    """A new card evening, or its settings changed; the game no longer changes once the tables are made."""
    unknown = sorted(set(fields) - set(FIELDS))
    if unknown:
        raise ValidationError(_("Unknown settings: %(names)s.") % {"names": ", ".join(unknown)})
    if evening is None:
        evening = CardEvening(club=club)
    else:
        evening = CardEvening.objects.select_for_update().get(pk=evening.pk, club=club)
        if evening.tables_made and fields.get("game", evening.game) != evening.game:
            raise ValidationError({"game": _("The tables are made: the game can no longer change.")})
    for name, value in fields.items():
        setattr(evening, name, value)
    evening.name = " ".join(str(evening.name or "").split())
    if not evening.name:
        raise ValidationError({"name": _("Give the evening a name.")})
    if evening.game == CardGame.BOSTON:
        _check_boston(evening)
    else:
        evening.variant, evening.pool_feed, evening.pool_limit, evening.pool_unlimited = "", None, None, False
    evening.full_clean()
    evening.save()
    entry_list = EntryList.objects.filter(evening=evening).first()
    if entry_list is not None and entry_list.tables != evening.tables:  # more tables take the first waiting in
        entries.entry_list_save(
            event=evening, open=entry_list.open, closes_at=entry_list.closes_at, tables=evening.tables
        )
    return evening


def _table_name(evening: CardEvening, number: int) -> str:
    return _("%(evening)s, table %(number)s") % {"evening": evening.name, "number": number}


@transaction.atomic
def evening_tables_make(*, evening: CardEvening) -> tuple[int, list[str]]:
    """The confirmed entrants, in entry order, made into the evening's Towie or Boston tables (tables of four;
    at Towie a remainder makes a table of three or joins tables to make fives, at Boston it is left over:
    tournaments/rules/evening.py). The entries close. Once only: refused plainly, nothing made, when the
    tables are made already or no table can be made. (the number of tables, the names left over)."""
    evening = CardEvening.objects.select_for_update().get(pk=evening.pk)
    if evening.tables_made:
        raise ValidationError(_("The tables are made already: see them below."))
    entry_list = EntryList.objects.select_for_update().filter(evening=evening).first()
    entries = (
        list(entry_list.entries.filter(state=Entry.State.CONFIRMED).select_related("member").order_by("pk"))
        if entry_list
        else []
    )
    tables, over = rules.seat([e.name for e in entries], evening.game)
    if not tables:
        least = 4 if evening.is_boston else 3
        said = ngettext(
            "%(count)s confirmed entrant makes no table: a table needs at least %(least)s.",
            "%(count)s confirmed entrants make no table: a table needs at least %(least)s.",
            len(entries),
        )
        raise ValidationError(said % {"count": len(entries), "least": least})
    picked = {e.name.casefold(): e.member_id for e in entries if e.member_id}
    for number, players in enumerate(tables, start=1):
        name = _table_name(evening, number)
        mine = {who.casefold(): picked[who.casefold()] for who in players if who.casefold() in picked}
        table: BostonTable | TowieTable
        if evening.is_boston:
            table = boston_services.boston_table_create(
                name=name, date=evening.date, players=players, club=evening.club, picked=mine,
                start_time=evening.start_time, length_minutes=evening.length_minutes, variant=evening.variant,
                pool_feed=evening.pool_feed, pool_limit=evening.pool_limit,
                pool_unlimited=evening.pool_unlimited,
            )  # fmt: skip
        else:
            table = towie_services.towie_table_create(
                name=name, date=evening.date, players=players, club=evening.club, picked=mine,
                start_time=evening.start_time, length_minutes=evening.length_minutes,
            )  # fmt: skip
        table.evening = evening
        table.save(update_fields=["evening"])
    evening.tables_made_at, evening.left_over = timezone.now(), over
    evening.save(update_fields=["tables_made_at", "left_over"])
    if entry_list is not None and entry_list.open:
        entry_list.open = False
        entry_list.save(update_fields=["open"])
    return len(tables), over

"""Writes for a Towie table: the table and its players, the seat draw, the seats chosen, each deal.

Every change is checked by replaying the whole sheet through the engine (tournaments/rules/towie.py)
before it is saved: a change the rules refuse raises ValidationError and saves nothing.
"""

import datetime
import random
from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from typing import TypedDict

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from tournaments import l10n
from tournaments.models import Club, Guest, Party, TowieDeal, TowiePlayer, TowieTable
from tournaments.models.timing import DEFAULT_LENGTH_MINUTES, USUAL_START
from tournaments.models.towie import new_towie_token
from tournaments.rules import towie
from tournaments.rules.names import clean_name
from tournaments.selectors.towie import Replay, ReplayError, deal_apply, sentence, sheet_replay, sheet_seats
from tournaments.services.clubs import event_club
from tournaments.services.members import members_named

NAME_LENGTH = 80
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "D", "H", "S")
DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
MAX_STAKE = Decimal("9999999.99")
STAKE_BELOW_NOTHING = gettext_lazy("A stake is money per hundred points: it cannot be below nothing.")

# Which form field an engine message is about, by the words it uses (first match wins).
_FIELD_WORDS = (
    ("honours holder", "honours_holder"),
    ("honours", "honours"),
    ("four aces", "honours"),
    ("declarer", "declarer"),
    ("dealer", "dealer"),
    ("tricks", "tricks"),
    ("contract", "contract"),
    ("goulash", "contract"),
    ("strain", "contract"),
    ("level", "contract"),
    ("nobody bid", "contract"),
)


def _error(message: str, field: str | None = None) -> ValidationError:
    """A sentence for the page (already in the reader's language: see l10n.say), by a field or not."""
    text = sentence(message)
    return ValidationError({field: text}) if field else ValidationError(text)


def _field_of(message: str) -> str | None:
    lowered = message.lower()
    return next((field for word, field in _FIELD_WORDS if word in lowered), None)


# --- the table and its players -----------------------------------------------------------------


def _clean_names(players: list[str]) -> list[str]:
    names = [clean_name(name) for name in players]
    names = [name for name in names if name]
    long = [name for name in names if len(name) > NAME_LENGTH]
    if long:
        raise ValidationError(
            {
                "players": gettext("“%(name)s…” is longer than %(count)s characters.")
                % {"name": long[0][:30], "count": NAME_LENGTH}
            }
        )
    try:
        towie.TowieSheet(names)  # three to five different names, or the engine's reason why not
    except ValueError as error:
        raise ValidationError({"players": sentence(l10n.say(error))}) from None
    return names


def _clean_stake(stake: Decimal | str | None) -> Decimal | None:
    if stake in (None, ""):
        return None
    try:
        value = Decimal(str(stake).strip())
    except InvalidOperation:
        value = None
    if value is not None and value.is_finite() and value < 0:
        raise ValidationError({"stake": STAKE_BELOW_NOTHING})
    if value is None or not value.is_finite() or value > MAX_STAKE or value != round(value, 2):
        raise ValidationError(
            {"stake": gettext("The stake is an amount of money per hundred points, like 0.10 (or leave it empty).")}
        )
    return value


def _clean_table(name: str, date: datetime.date | None) -> str:
    name = " ".join(str(name or "").split())
    if not name:
        raise ValidationError({"name": gettext("Give the table a name, like “Towie at the Smiths’”.")})
    if date is None:
        raise ValidationError({"date": gettext("Give the date.")})
    return name


def _guests_by_name(party: Party | None) -> dict[str, Guest]:
    if party is None:
        return {}
    return {guest.name.casefold(): guest for guest in party.guests.all()}


def _link_members(
    table: TowieTable,
    players: list[TowiePlayer],
    picked: Mapping[str, int | None] | None = None,
    keep: Mapping[str, int | None] | None = None,
) -> None:
    """Each player's club member, in this order: the party guest's member; the one picked from the list
    (`picked`: a casefolded name -> a member id); the one the name had before this save (`keep`: a casefolded
    name -> a member id, so a seat keeps a member picked under another spelling when players are added,
    removed or swap names); the only active member named exactly so."""
    picked, keep = picked or {}, keep or {}
    named = members_named(table.club_id, [p.name for p in players if not (p.guest and p.guest.member_id)], picked)
    for player in players:
        key = player.name.casefold()
        found = named.get(key)
        if player.guest and player.guest.member_id:
            player.member_id = player.guest.member_id
        elif found is not None and picked.get(key) == found.pk:
            player.member = found
        elif key in keep:
            player.member_id = keep[key]
        else:
            player.member = found
    TowiePlayer.objects.bulk_update(players, ["member"])


@transaction.atomic
def towie_table_create(
    *,
    name: str,
    date: datetime.date,
    players: list[str],
    stake: Decimal | str | None = None,
    start_time: datetime.time = USUAL_START,
    length_minutes: int = DEFAULT_LENGTH_MINUTES,
    party: Party | None = None,
    user: User | None = None,
    club: Club | None = None,
    demo: bool = False,
    picked: Mapping[str, int | None] | None = None,
) -> TowieTable:
    """A new table with three to five players, in the order given (the draw comes next). `picked`: the
    members chosen from the list for some names (a casefolded name -> a member id)."""
    name = _clean_table(name, date)
    names = _clean_names(players)
    club = event_club(user, club, party)
    table = TowieTable(
        name=name, date=date, stake=_clean_stake(stake), party=party, created_by=user, club=club, demo=demo,
        start_time=start_time, length_minutes=length_minutes,
    )  # fmt: skip
    table.full_clean()
    table.save()
    guests = _guests_by_name(party)
    players_made = TowiePlayer.objects.bulk_create(
        TowiePlayer(table=table, name=player, order=order, guest=guests.get(player.casefold()))
        for order, player in enumerate(names, start=1)
    )
    _link_members(table, players_made, picked)
    return table


def _rename(table: TowieTable, players: list[TowiePlayer], names: list[str]) -> None:
    """The same players under new names (in place, so the deals keep pointing at them)."""
    if [p.name for p in players] == names:
        return
    for player in players:  # two steps, so two players may swap names
        player.name = f"#renaming {player.pk}"  # no real name starts so (PostgreSQL takes no NUL bytes)
    TowiePlayer.objects.bulk_update(players, ["name"])
    guests = _guests_by_name(table.party)
    for player, name in zip(players, names, strict=True):
        player.name = name
        player.guest = guests.get(name.casefold(), player.guest if table.party_id else None)
    TowiePlayer.objects.bulk_update(players, ["name", "guest"])


def _regroup(table: TowieTable, current: list[TowiePlayer], names: list[str]) -> None:
    """Players join or leave before the first deal: who stays keeps their row (and so what they paid, the
    ledger naming them by it), who left is removed, who came is added; all in the new order, to draw again."""
    by_name = {p.name.casefold(): p for p in current}
    staying = [by_name.pop(name.casefold()) for name in names if name.casefold() in by_name]
    TowiePlayer.objects.filter(pk__in=[p.pk for p in by_name.values()]).delete()
    for player in staying:  # out of the way of the new order first: (table, order) is unique
        player.order, player.card = player.order + 100, ""
    TowiePlayer.objects.bulk_update(staying, ["order", "card"])
    guests = _guests_by_name(table.party)
    kept = {p.name.casefold(): p for p in staying}
    new = []
    for order, name in enumerate(names, start=1):
        if (same := kept.get(name.casefold())) is not None:
            same.order, same.name = order, name
        else:
            new.append(TowiePlayer(table=table, name=name, order=order, guest=guests.get(name.casefold())))
    TowiePlayer.objects.bulk_update(staying, ["order", "name"])
    TowiePlayer.objects.bulk_create(new)


@transaction.atomic
def towie_table_update(
    *,
    table: TowieTable,
    name: str,
    date: datetime.date,
    stake: Decimal | str | None = None,
    players: list[str],
    picked: Mapping[str, int | None] | None = None,
    start_time: datetime.time | None = None,
    length_minutes: int | None = None,
) -> TowieTable:
    """Change the name, date, hours (a start or length not given stays), stake and players. Once a deal is on
    the sheet players may only be renamed."""
    table = TowieTable.objects.select_for_update(of=("self",)).select_related("party").get(pk=table.pk)
    table.name = _clean_table(name, date)
    table.date = date
    table.stake = _clean_stake(stake)
    if start_time is not None:
        table.start_time = start_time
    if length_minutes is not None:
        table.length_minutes = length_minutes
    names = _clean_names(players)
    current = list(table.players.order_by("order"))
    before = {p.name.casefold(): p.member_id for p in current if p.member_id}
    if len(names) == len(current):
        _rename(table, current, names)
    elif table.deals.exists():
        raise ValidationError(
            {
                "players": gettext(
                    "The sheet has deals for %(count)s players: players can no longer join or leave. "
                    "Rename them here, or start a new table."
                )
                % {"count": len(current)}
            }
        )
    else:
        _regroup(table, current, names)
        table.drawn_at, table.cards_by_software, table.next_seats = None, False, None
    _link_members(table, list(table.players.select_related("guest")), picked, before)
    table.full_clean()
    table.save()
    return table


@transaction.atomic
def towie_table_delete(*, table: TowieTable) -> None:
    table.delete()


@transaction.atomic
def towie_link_renew(*, table: TowieTable) -> TowieTable:
    """A new phone link: the old one stops working at once."""
    table.token = new_towie_token()
    table.save(update_fields=["token"])
    return table


# --- the draw and the seats --------------------------------------------------------------------


def _card(card: str) -> str:
    """A card the engine accepted, written the one way: "10H", "AS" (from "th", "a♠" ...)."""
    written = card.strip().upper()
    rank, suit = written[:-1], _SUIT_SYMBOLS.get(written[-1], written[-1])
    return ("10" if rank == "T" else rank) + suit


def _locked(table: TowieTable) -> TowieTable:
    return TowieTable.objects.select_for_update(of=("self",)).select_related("party").get(pk=table.pk)


@transaction.atomic
def towie_seats_draw(
    *, table: TowieTable, cards: dict[str, str] | None = None, rng: random.Random | None = None
) -> towie.SeatDraw:
    """Draw for seats: the cards each player drew (by name), or None for the software to draw them.

    The highest card deals first; the order of the draw is the order of choosing seats and of waiting.
    """
    table = _locked(table)
    if table.deals.exists():
        raise ValidationError(gettext("The sheet already has deals: the seats are drawn only before the first deal."))
    players = list(table.players.order_by("order"))
    by_name = {player.name: player for player in players}
    software = cards is None
    if cards is None:
        drawn = (rng or random.SystemRandom()).sample(DECK, len(players))
        cards = dict(zip(by_name, drawn, strict=True))
    missing = [name for name in by_name if not str(cards.get(name) or "").strip()]
    if missing:
        raise ValidationError(
            gettext("Give the card each player drew: %(names)s has none.") % {"names": ", ".join(missing)}
        )
    try:
        draw = towie.draw_seats({name: cards[name] for name in by_name})
    except ValueError as error:
        raise _error(l10n.say(error)) from None
    for player in players:  # two steps: the order is unique at the table
        player.order += 100
    TowiePlayer.objects.bulk_update(players, ["order"])
    for player in players:
        player.order = draw.order.index(player.name) + 1
        player.card = _card(cards[player.name])
    TowiePlayer.objects.bulk_update(players, ["order", "card"])
    table.drawn_at, table.cards_by_software, table.next_seats = timezone.now(), software, None
    table.save(update_fields=["drawn_at", "cards_by_software", "next_seats"])
    return draw


def _replay(table: TowieTable, *, next_seats: dict | None = None) -> tuple[list[TowiePlayer], list[TowieDeal], Replay]:
    """The players, the stored deals and the sheet they make (ValidationError if a stored deal no longer reads)."""
    players = list(table.players.order_by("order"))
    deals = list(table.deals.order_by("position"))
    try:
        return players, deals, sheet_replay(players, deals, next_seats)
    except ReplayError as error:
        raise _error(
            gettext("Deal %(number)s cannot be read: %(problem)s. Correct or remove it first.")
            % {"number": error.number, "problem": error.said}
        ) from None


def _must_be_drawn(table: TowieTable) -> None:
    if not table.is_drawn:
        raise ValidationError(gettext("Draw for seats first: the draw says who deals and who sits where."))


@transaction.atomic
def towie_seats_choose(*, table: TowieTable, seated: list[str], dealer: str) -> TowieTable:
    """The table's own choice of the three who play the next deal (clockwise) and its dealer."""
    table = _locked(table)
    _must_be_drawn(table)
    _, _, replay = _replay(table)
    sheet = replay.sheet
    try:
        sheet.seat([name for name in seated if name], dealer or None)
    except ValueError as error:
        raise _error(l10n.say(error), "seated" if "dealer" not in str(error) else "dealer") from None
    assert sheet.seated is not None and sheet.dealer is not None  # seat() above seated them, or raised
    if (sheet.seated, sheet.waiting, sheet.dealer) == replay.proposed:
        table.next_seats = None
    else:
        table.next_seats = {"seated": [replay.ids[name] for name in sheet.seated], "dealer": replay.ids[sheet.dealer]}
    table.save(update_fields=["next_seats"])
    return table


@transaction.atomic
def towie_seats_reset(*, table: TowieTable) -> TowieTable:
    """Back to the seats the rules propose for the next deal."""
    table = _locked(table)
    table.next_seats = None
    table.save(update_fields=["next_seats"])
    return table


# --- the deals ---------------------------------------------------------------------------------


def _fill(
    deal: TowieDeal,
    ids: dict[str, int],
    *,
    kind: str,
    declarer: str | None,
    contract: str,
    tricks: int | None,
    honours_holder: str | None,
    honours: int | None,
) -> None:
    """Put the entered fields on the deal (names to players); what does not belong to the kind is dropped."""
    if kind not in TowieDeal.Kind.values:
        raise ValidationError(
            {"kind": gettext("Say what happened: played, goulash, or too many dummy cards turned up.")}
        )
    deal.kind = kind
    deal.contract, deal.declarer_id, deal.tricks, deal.honours_holder_id, deal.honours = "", None, None, None, None
    if kind == TowieDeal.Kind.EXPOSURE:
        return
    deal.contract = str(contract or "").strip().upper() or ("PASS" if kind == TowieDeal.Kind.GOULASH else "")
    if kind == TowieDeal.Kind.GOULASH:
        if honours_holder or honours:
            raise ValidationError({"honours": gettext("A goulash is not played: no honours score.")})
        return
    _fill_played(deal, ids, declarer=declarer, tricks=tricks, honours_holder=honours_holder, honours=honours)


class _Entered(TypedDict):
    """What a deal's form gives besides its kind and honours (_fill's fields)."""

    declarer: str | None
    contract: str
    tricks: int | None


def _player_id(ids: dict[str, int], name: str, what: str) -> int:
    wanted = name.strip().casefold()
    for known, pk in ids.items():
        if known.casefold() == wanted:
            return pk
    figures = {"name": name, "names": ", ".join(ids)}
    raise ValidationError({what: gettext("%(name)s is not at this table: choose one of %(names)s.") % figures})


def _fill_played(
    deal: TowieDeal,
    ids: dict[str, int],
    *,
    declarer: str | None,
    tricks: int | None,
    honours_holder: str | None,
    honours: int | None,
) -> None:
    if not deal.contract:
        raise ValidationError({"contract": gettext("Give the contract: level and suit (and doubled or redoubled).")})
    if not declarer:
        raise ValidationError({"declarer": gettext("Say who declared.")})
    if tricks is None or tricks == "":
        raise ValidationError({"tricks": gettext("Say how many tricks the declarer took (0 to 13).")})
    if honours_holder and not honours:
        raise ValidationError({"honours": gettext("Say what the honours were worth: 100 or 150.")})
    if honours and not honours_holder:
        raise ValidationError(
            {"honours_holder": gettext("Say who held the honours (the dummy's count for the declarer).")}
        )
    deal.declarer_id = _player_id(ids, declarer, "declarer")
    deal.tricks = tricks
    if honours_holder:
        deal.honours_holder_id = _player_id(ids, honours_holder, "honours_holder")
        deal.honours = honours


def _seat(deal: TowieDeal, sheet: towie.TowieSheet, ids: dict[str, int], dealer: str | None) -> None:
    """The seats the deal is played with: the sheet's now, with another dealer if the table says so."""
    if dealer:
        _player_id(ids, dealer, "dealer")
        now_seated = sheet_seats(sheet)[0]
        if dealer.strip().casefold() not in {name.casefold() for name in now_seated}:
            raise ValidationError(
                {
                    "dealer": gettext("%(name)s is waiting this deal: the dealer is one of %(names)s.")
                    % {"name": dealer, "names": ", ".join(now_seated)}
                }
            )
        sheet.seat(now_seated, dealer)
    seated, _waiting, now_dealer = sheet_seats(sheet)
    deal.seat_1_id, deal.seat_2_id, deal.seat_3_id = (ids[name] for name in seated)
    deal.dealer_id = ids[now_dealer]


def _engine_check(apply: Callable[[], object]) -> None:
    try:
        apply()
    except ValueError as error:
        raise _error(l10n.say(error), _field_of(str(error))) from None


@transaction.atomic
def towie_deal_record(
    *,
    table: TowieTable,
    kind: str,
    declarer: str | None = None,
    contract: str = "",
    tricks: int | None = None,
    honours_holder: str | None = None,
    honours: int | None = None,
    dealer: str | None = None,
    number: int | None = None,
) -> TowieDeal:
    """The next deal on the sheet, played by the seats now (as proposed, or as the table chose).

    kind: "played" (declarer, contract, tricks, honours: holder and 100 or 150), "goulash" (contract: the
    final bid below game, or empty for nobody bid) or "exposure" (the dealer turned up more than six
    dummy cards). dealer: who dealt, when not the dealer the sheet expects. number: the deal's number
    as the form showed it; if another phone entered a deal meanwhile, nothing is saved.
    """
    table = _locked(table)
    _must_be_drawn(table)
    _, deals, replay = _replay(table, next_seats=table.next_seats)
    if number is not None and number != len(deals) + 1:
        raise ValidationError(
            gettext(
                "Deal %(number)s is already on the sheet (entered meanwhile, perhaps on another phone): "
                "check the sheet below before entering it again."
            )
            % {"number": number}
        )
    if replay.override_problem:
        raise ValidationError(f"{replay.override_problem} {gettext('Choose the seats again.')}")
    deal = TowieDeal(table=table)
    entered: _Entered = {"declarer": declarer, "contract": contract, "tricks": tricks}
    _fill(deal, replay.ids, kind=kind, **entered, honours_holder=honours_holder, honours=honours)
    _seat(deal, replay.sheet, replay.ids, dealer)
    _engine_check(lambda: deal_apply(replay.sheet, deal, replay.names))
    deal.contract = replay.sheet.deals[-1].contract
    deal.position = (table.deals.aggregate(last=Max("position"))["last"] or 0) + 1
    try:
        deal.full_clean(exclude=["table"])
        deal.save()
    except IntegrityError:
        raise ValidationError(gettext("Someone else entered a deal at the same moment: reload the sheet.")) from None
    table.next_seats = None
    table.save(update_fields=["next_seats"])
    return deal


@transaction.atomic
def towie_deal_update(
    *,
    deal: TowieDeal,
    kind: str,
    declarer: str | None = None,
    contract: str = "",
    tricks: int | None = None,
    honours_holder: str | None = None,
    honours: int | None = None,
    dealer: str | None = None,
) -> TowieDeal:
    """Correct a deal: the same seats, what happened entered again; every figure after it is worked again."""
    table = _locked(deal.table)
    players, deals, _ = _replay(table)
    ids = {player.name: player.pk for player in players}
    names = {pk: name for name, pk in ids.items()}
    stored = next((d for d in deals if d.pk == deal.pk), None)
    if stored is None:
        raise ValidationError(gettext("That deal has been removed meanwhile: reload the sheet."))
    entered: _Entered = {"declarer": declarer, "contract": contract, "tricks": tricks}
    _fill(stored, ids, kind=kind, **entered, honours_holder=honours_holder, honours=honours)
    if dealer:
        dealer_id = _player_id(ids, dealer, "dealer")
        if dealer_id not in (stored.seat_1_id, stored.seat_2_id, stored.seat_3_id):
            seated = ", ".join(names[pk] for pk in (stored.seat_1_id, stored.seat_2_id, stored.seat_3_id))
            raise ValidationError(
                {
                    "dealer": gettext("%(name)s was waiting on this deal: the dealer is one of %(names)s.")
                    % {"name": dealer, "names": seated}
                }
            )
        stored.dealer_id = dealer_id
    number = deals.index(stored) + 1
    try:
        replayed = sheet_replay(players, deals)
    except ReplayError as error:
        if error.number == number:
            raise _error(error.said, _field_of(error.message)) from None
        figures = {"number": error.number, "problem": error.said}
        raise _error(gettext("It would make deal %(number)s wrong: %(problem)s") % figures) from None
    stored.contract = replayed.sheet.deals[number - 1].contract
    stored.full_clean(exclude=["table"])
    stored.save()
    return stored


@transaction.atomic
def towie_deal_remove(*, deal: TowieDeal) -> None:
    """Take a deal off the sheet: the deals after it keep their seats and are worked again."""
    table = _locked(deal.table)
    players, deals, _ = _replay(table)
    rest = [d for d in deals if d.pk != deal.pk]
    if len(rest) == len(deals):
        raise ValidationError(gettext("That deal has been removed already: reload the sheet."))
    try:
        sheet_replay(players, rest)
    except ReplayError as error:
        raise _error(
            gettext("Without it deal %(number)s would be wrong: %(problem)s")
            % {"number": error.number, "problem": error.said}
        ) from None
    TowieDeal.objects.filter(pk=deal.pk).delete()

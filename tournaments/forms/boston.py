"""Forms for the Boston pages: they parse and check the shape of the input; the rules are the engine's."""

from collections.abc import Iterable
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.forms import BoundField
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy
from django_stubs_ext import StrOrPromise

from tournaments.forms.common import (
    MemberIdField,
    TimingMixin,
    choice_field,
    keep_in_window,
    length_field,
    start_time_field,
)
from tournaments.models import BostonDeal, BostonTable, BostonVariant, Club, Party
from tournaments.models.boston import MoneyPer
from tournaments.presentation.boston import PART_WORDS, SUIT_SYMBOLS, SUIT_WORDS, bid_word, french_row_word
from tournaments.rules.names import clean_name
from tournaments.selectors.boston import FRENCH_HOUSE_ROWS, FRENCH_SUITS, NO_TRUMP_ROWS, bid_order, family_of

SEAT_LABELS = (
    gettext_lazy("Player 1 (deals first)"),
    gettext_lazy("Player 2 (on player 1’s left)"),
    gettext_lazy("Player 3 (opposite player 1)"),
    gettext_lazy("Player 4 (on player 1’s right)"),
)


class DateInput(forms.DateInput):
    input_type = "date"


def _slug(text: str) -> str:
    return text.replace(" ", "_")


def _figure(label: str, *, least: int = 0) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=least,
        max_value=100000,
        widget=forms.NumberInput(attrs={"size": 5, "aria-label": label}),
    )


class BostonTableForm(TimingMixin, forms.Form):
    """A Boston table: who plays, which game, what a counter is worth, and the club's house settings."""

    name = forms.CharField(
        max_length=120, label=gettext_lazy("Name of the table"), initial=gettext_lazy("Boston table")
    )
    date = forms.DateField(widget=DateInput(format="%Y-%m-%d"), label=gettext_lazy("Date"))
    start_time = start_time_field()
    length_minutes = length_field()
    party = forms.ModelChoiceField(
        queryset=Party.objects.none(),
        required=False,
        empty_label=gettext_lazy("— on its own —"),
        label=gettext_lazy("Part of a party night"),
    )
    variant = forms.ChoiceField(choices=BostonVariant.choices, widget=forms.RadioSelect, label=gettext_lazy("The game"))
    player_1 = forms.CharField(max_length=40, label=SEAT_LABELS[0])
    player_2 = forms.CharField(max_length=40, label=SEAT_LABELS[1])
    player_3 = forms.CharField(max_length=40, label=SEAT_LABELS[2])
    player_4 = forms.CharField(max_length=40, label=SEAT_LABELS[3])
    money_value = forms.DecimalField(
        required=False,
        min_value=0,
        max_digits=10,
        decimal_places=4,
        label=gettext_lazy("Money per counter (optional)"),
    )
    money_per = forms.ChoiceField(choices=MoneyPer.choices, label=gettext_lazy("for each"), initial=MoneyPer.WHITE)
    currency = forms.CharField(
        max_length=8,
        required=False,
        label=gettext_lazy("Currency sign (optional)"),
        help_text=gettext_lazy("Like £ or $."),
    )
    pool_feed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=100000,
        label=gettext_lazy("Counters the dealer puts in the pool each deal"),
    )
    pool_limit = forms.IntegerField(
        required=False, min_value=1, max_value=100000, label=gettext_lazy("The most one pool holds")
    )
    pool_unlimited = forms.BooleanField(required=False, label=gettext_lazy("No limit"))
    play_for_pool = forms.BooleanField(
        required=False,
        label=gettext_lazy(
            "After the fortieth deal, play on until someone wins the pool (otherwise it is divided equally)"
        ),
    )

    def __init__(self, *args: Any, club: Club | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        keep_in_window(self.fields["date"])
        # Typing a few letters offers the club's members (static/js/members.js fills the hidden ids).
        for seat in (1, 2, 3, 4):
            attrs = {"list": "member-names", "autocomplete": "off", "data-member-field": f"member_{seat}"}
            self.fields[f"player_{seat}"].widget.attrs.update(attrs)
            self.fields[f"member_{seat}"] = MemberIdField()
        # Only the club's own parties: another club's are neither offered nor accepted.
        party = self.fields["party"]
        assert isinstance(party, forms.ModelChoiceField)  # declared as one above
        party.queryset = Party.objects.filter(club=club).for_list()
        for row in NO_TRUMP_ROWS:
            label = (
                _("Spread slam")
                if row == "spread slam"
                else ngettext("%(count)s trick", "%(count)s tricks", int(row)) % {"count": row}
            )
            self.fields[f"nt_{_slug(row)}"] = _figure(label, least=1)
        self.french_names: dict[tuple[str, str, str], str] = {}
        for key, parts in FRENCH_HOUSE_ROWS:
            for part in parts:
                for suit in FRENCH_SUITS:
                    name = f"fr_{_slug(key)}_{part}_{suit}"
                    self.french_names[(key, part, suit)] = name
                    self.fields[name] = _figure(f"{french_row_word(key)}, {PART_WORDS[part]}, {SUIT_WORDS[suit]}")

    @staticmethod
    def initial_for(table: BostonTable) -> dict:
        initial = {
            name: getattr(table, name)
            for name in ("name", "date", "start_time", "length_minutes", "party", "variant", "money_value", "money_per")
        }
        initial |= {"currency": table.currency, "pool_feed": table.pool_feed}
        initial |= {"pool_limit": table.pool_limit, "pool_unlimited": table.pool_unlimited}
        initial |= {f"player_{seat}": name for seat, name in enumerate(table.players, start=1)}
        initial |= {f"nt_{_slug(row)}": value for row, value in table.no_trump.items()}
        initial["play_for_pool"] = table.play_for_pool
        for key, row in table.french_rows.items():
            for part, figures in row.items():
                for suit, value in (
                    figures if isinstance(figures, dict) else dict.fromkeys(FRENCH_SUITS, figures)
                ).items():
                    initial[f"fr_{_slug(key)}_{part}_{suit}"] = value
        return initial

    # -- for the template

    @property
    def player_fields(self) -> list[BoundField]:
        return [self[f"player_{seat}"] for seat in (1, 2, 3, 4)]

    @property
    def member_fields(self) -> list[BoundField]:
        return [self[f"member_{seat}"] for seat in (1, 2, 3, 4)]

    @property
    def no_trump_fields(self) -> list[BoundField]:
        return [self[f"nt_{_slug(row)}"] for row in NO_TRUMP_ROWS]

    @property
    def french_grid(self) -> list[tuple[str, list[tuple[StrOrPromise, list[BoundField]]]]]:
        """[(row words, [(part words, [field for spades, clubs, diamonds, hearts])])]."""
        return [
            (
                french_row_word(key),
                [(PART_WORDS[part], [self[self.french_names[(key, part, s)]] for s in FRENCH_SUITS]) for part in parts],
            )
            for key, parts in FRENCH_HOUSE_ROWS
        ]

    @property
    def error_summary(self) -> list[dict]:
        """Every error of the form in the page's order, each with the id of its field to link to (none for
        the form's own): the long form shows them at its top as well as next to each field."""
        summary = [{"id": "", "label": "", "message": message} for message in self.errors.get(NON_FIELD_ERRORS, [])]
        for bound in self:
            for message in bound.errors:
                # a choice of radio buttons has no one label: link to its first button
                target = bound.id_for_label or f"{bound.auto_id}_0"
                summary.append({"id": target, "label": bound.label, "message": message})
        return summary

    @property
    def has_french_figures(self) -> bool:
        return any(self[name].value() not in (None, "") for name in self.french_names.values())

    # -- parsing

    def _french_rows(self, data: dict) -> dict:
        rows: dict = {}
        for key, parts in FRENCH_HOUSE_ROWS:
            for part in parts:
                names = [self.french_names[(key, part, s)] for s in FRENCH_SUITS]
                values = [data.get(name) for name in names]
                if all(v is None for v in values):
                    continue
                if any(v is None for v in values):
                    self.add_error(names[values.index(None)], _("Fill in all four suits of this line, or none."))
                    continue
                rows.setdefault(key, {})[part] = dict(zip(FRENCH_SUITS, values, strict=True))
        return rows

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("pool_unlimited") and data.get("pool_limit") is not None:
            self.add_error("pool_limit", _("Give a limit or tick “no limit”, not both."))
        data["players"] = [data.get(f"player_{seat}", "") for seat in (1, 2, 3, 4)]
        seats = (1, 2, 3, 4)
        picked = {clean_name(data.get(f"player_{n}")).casefold(): data.get(f"member_{n}") for n in seats}
        data["picked"] = {name: member for name, member in picked.items() if name and member}
        # Only the chosen game's house settings are read: the others' boxes are hidden on the page.
        family = family_of(data["variant"]) if data.get("variant") else ""
        data["no_trump"] = (
            {row: data[f"nt_{_slug(row)}"] for row in NO_TRUMP_ROWS if data.get(f"nt_{_slug(row)}") is not None}
            if family == "fontainebleau"
            else {}
        )
        data["french_rows"] = self._french_rows(data) if family == "french" else {}
        self._drop_other_games_errors(family, data)
        return data

    def _drop_other_games_errors(self, family: str, data: dict) -> None:
        """A house setting of another game is hidden on the page and never read: no error for it either."""
        others = [name for name in self.fields if self._family_of_field(name) not in ("", family)]
        for name in others:
            if name in self.errors:
                del self.errors[name]
                data[name] = None

    def _family_of_field(self, name: str) -> str:
        if name in ("pool_feed", "pool_limit", "pool_unlimited"):
            return "boston"
        if name.startswith("nt_"):
            return "fontainebleau"
        if name.startswith("fr_") or name == "play_for_pool":
            return "french"
        return ""

    def table_fields(self) -> dict:
        """The service's keyword arguments."""
        data = self.cleaned_data
        names = ["name", "date", "start_time", "length_minutes", "party", "variant", "players", "money_value"]
        names += ["money_per", "currency", "pool_feed"]
        names += ["pool_limit", "pool_unlimited", "no_trump", "french_rows", "play_for_pool", "picked"]
        return {name: data[name] for name in names}


# ---- a deal -------------------------------------------------------------------------------------

TRICKS = [("", "—")] + [(str(n), str(n)) for n in range(14)]
HONOURS = [
    ("0", pgettext_lazy("trump honours held", "None")),
    ("3", pgettext_lazy("trump honours held", "Three")),
    ("4", pgettext_lazy("trump honours held", "All four")),
]


def _suit_choices(suits: Iterable[str]) -> list[tuple[str, str]]:
    return [(s, f"{SUIT_SYMBOLS[s]} {SUIT_WORDS[s]}" if s != "NT" else _("No trump (“grand”)")) for s in suits]


class BostonDealForm(forms.Form):
    """One deal: a bid (caller, bid, trumps, tricks, honours, partner, "I pay"), misère partout, or a pass."""

    number = forms.IntegerField(widget=forms.HiddenInput, required=False)
    kind = forms.ChoiceField(widget=forms.RadioSelect, label=gettext_lazy("What happened"))
    caller = forms.TypedChoiceField(coerce=int, empty_value=None, required=False, label=gettext_lazy("Caller"))
    bid = forms.ChoiceField(required=False, label=gettext_lazy("Bid"))
    suit = forms.ChoiceField(required=False, label=gettext_lazy("Trumps"))
    partner = forms.TypedChoiceField(coerce=int, empty_value=None, required=False, label=gettext_lazy("Partner"))
    tricks = forms.TypedChoiceField(
        choices=TRICKS, coerce=int, empty_value=None, required=False, label=gettext_lazy("Tricks taken")
    )
    honours = forms.TypedChoiceField(
        choices=HONOURS,
        coerce=int,
        empty_value=0,  # type: ignore[arg-type]  # django-stubs says str | None; Django returns any value given
        required=False,
        initial="0",
        label=gettext_lazy("Trump honours held"),
    )
    i_pay = forms.BooleanField(
        required=False, label=gettext_lazy("The adversaries said “I pay” before the second trick")
    )
    turned = forms.ChoiceField(required=False, label=gettext_lazy("Suit turned"))

    def __init__(self, *args: Any, table: BostonTable, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table = table
        self.family = family_of(table.variant)
        players = [(str(seat), name) for seat, name in enumerate(table.players, start=1)]
        kinds = [BostonDeal.Kind.BID, BostonDeal.Kind.PASSED if self.family == "french" else BostonDeal.Kind.PARTOUT]
        choice_field(self, "kind").choices = [(k.value, k.label) for k in kinds]
        choice_field(self, "caller").choices = [("", "—")] + players
        choice_field(self, "bid").choices = [("", "—")] + [
            (b, bid_word(b, table.variant)) for b in bid_order(table.variant)
        ]
        suits = ("S", "C", "D", "H", "NT") if self.family == "fontainebleau" else ("S", "C", "D", "H")
        choice_field(self, "suit").choices = [("", "—")] + _suit_choices(suits)
        if self.family == "french":
            choice_field(self, "turned").choices = [("", "—")] + _suit_choices(FRENCH_SUITS)
            self.fields["suit"].help_text = _("For a misère, the suit turned (or leave it empty).")
        else:
            del self.fields["turned"]
        if self.family == "boston":
            del self.fields["partner"]  # Boston is one against three
            del self.fields["honours"]  # and pays nothing for honours
        else:
            choice_field(self, "partner").choices = [("", _("— none —"))] + players
            self.fields["tricks"].help_text = _("With a partner, the two partners' tricks together.")
        if self.family != "french":
            for seat, name in enumerate(table.players, start=1):
                self.fields[f"tricks_{seat}"] = forms.TypedChoiceField(
                    choices=TRICKS, coerce=int, empty_value=None, required=False, label=name
                )

    @property
    def partout_fields(self) -> list[BoundField]:
        return [self[f"tricks_{seat}"] for seat in (1, 2, 3, 4)] if self.family != "french" else []

    @staticmethod
    def initial_for(deal: BostonDeal) -> dict:
        initial = {
            "number": deal.number,
            "kind": deal.kind,
            "caller": deal.caller,
            "bid": deal.bid,
            "suit": deal.suit,
            "partner": deal.partner,
            "tricks": deal.tricks,
            "honours": deal.honours,
            "i_pay": deal.i_pay,
            "turned": deal.turned,
        }
        return initial | {f"tricks_{seat}": value for seat, value in enumerate(deal.partout, start=1)}

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.family == "french" and not data.get("turned"):
            self.add_error("turned", _("Give the suit turned up on this deal."))
        if data.get("kind") == BostonDeal.Kind.BID:
            if data.get("caller") is None:
                self.add_error("caller", _("Choose the caller."))
            if not data.get("bid"):
                self.add_error("bid", _("Choose the bid."))
            if data.get("tricks") is None and not data.get("i_pay"):
                self.add_error("tricks", _("Give the tricks taken, or tick “I pay”."))
        elif data.get("kind") == BostonDeal.Kind.PARTOUT:
            for bound in self.partout_fields:
                if data.get(bound.name) is None:
                    self.add_error(bound.name, _("Give %(player)s's tricks.") % {"player": bound.label})
        return data

    def inputs(self) -> dict:
        """The service's keyword arguments for the deal."""
        data = self.cleaned_data
        return {
            "kind": data["kind"],
            "caller": data.get("caller"),
            "bid": data.get("bid", ""),
            "suit": data.get("suit", ""),
            "tricks": data.get("tricks"),
            "honours": data.get("honours") or 0,
            "partner": data.get("partner"),
            "i_pay": data.get("i_pay", False),
            "turned": data.get("turned", ""),
            "partout": [data.get(f"tricks_{seat}") for seat in (1, 2, 3, 4)],
        }


class FinishForm(forms.Form):
    last_trick = forms.TypedChoiceField(
        coerce=int, empty_value=None, required=False, label=gettext_lazy("Won the last trick")
    )
    stop_early = forms.BooleanField(required=False, label=gettext_lazy("Stop now by agreement"))

    def __init__(self, *args: Any, table: BostonTable, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "last_trick").choices = [("", "—")] + [
            (str(seat), name) for seat, name in enumerate(table.players, start=1)
        ]

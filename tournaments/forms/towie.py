"""Forms for the Towie pages: they check the shape of what was typed; the rules are the services' and the engine's."""

from typing import Any

from django import forms
from django.forms import BoundField
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from tournaments.forms.common import (
    MemberIdField,
    TimingMixin,
    choice_field,
    keep_in_window,
    length_field,
    start_time_field,
)
from tournaments.forms.rounds import STRAINS
from tournaments.models import TowieDeal
from tournaments.rules.names import clean_name
from tournaments.services.towie import RANKS, STAKE_BELOW_NOTHING

MAX_PLAYERS = 5
LEVEL_CHOICES = [("", "—")] + [(str(n), str(n)) for n in range(1, 8)]
STRAIN_CHOICES = STRAINS  # the party's deal form's suits
DOUBLE_CHOICES = [("", gettext_lazy("Not doubled")), ("X", gettext_lazy("Doubled")), ("XX", gettext_lazy("Redoubled"))]
TRICK_CHOICES = [("", "—")] + [(str(n), str(n)) for n in range(14)]
HONOURS_CHOICES = [("", pgettext_lazy("honours", "None")), ("100", "100"), ("150", "150")]
RANK_CHOICES = [("", "—")] + [(rank, rank) for rank in reversed(RANKS)]
SUIT_CHOICES = [("", "—"), ("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣")]


class DateInput(forms.DateInput):
    input_type = "date"


class TowieTableForm(TimingMixin, forms.Form):
    name = forms.CharField(
        max_length=120, label=gettext_lazy("Name of the table"), help_text=gettext_lazy("Like “Towie at the Smiths’”.")
    )
    date = forms.DateField(label=gettext_lazy("Date"), widget=DateInput(format="%Y-%m-%d"))
    start_time = start_time_field()
    length_minutes = length_field()
    stake = forms.DecimalField(
        required=False,
        min_value=0,
        max_digits=9,
        decimal_places=2,
        label=gettext_lazy("Stake per hundred points (optional)"),
        help_text=gettext_lazy("To show the settlement in money, like 0.10. Leave empty to settle in points."),
        error_messages={"min_value": STAKE_BELOW_NOTHING},
    )
    player_1 = forms.CharField(max_length=80, required=False, label=gettext_lazy("Player 1"))
    player_2 = forms.CharField(max_length=80, required=False, label=gettext_lazy("Player 2"))
    player_3 = forms.CharField(max_length=80, required=False, label=gettext_lazy("Player 3"))
    player_4 = forms.CharField(max_length=80, required=False, label=gettext_lazy("Player 4 (if four or five play)"))
    player_5 = forms.CharField(
        max_length=80,
        required=False,
        label=gettext_lazy("Player 5 (if five play)"),
        help_text=gettext_lazy(
            "Six or more: form two tables, each of three to five. Set up this one, then a second Towie table."
        ),
    )

    PLAYER_FIELDS = [f"player_{n}" for n in range(1, MAX_PLAYERS + 1)]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        keep_in_window(self.fields["date"])
        # Typing a few letters offers the club's members (static/js/members.js fills the hidden ids).
        for number, name in enumerate(self.PLAYER_FIELDS, start=1):
            attrs = {"list": "member-names", "autocomplete": "off", "data-member-field": f"member_{number}"}
            self.fields[name].widget.attrs.update(attrs)
            self.fields[f"member_{number}"] = MemberIdField()

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        data["players"] = [data.get(name) or "" for name in self.PLAYER_FIELDS]
        seats = range(1, MAX_PLAYERS + 1)
        picked = {clean_name(data.get(f"player_{n}")).casefold(): data.get(f"member_{n}") for n in seats}
        data["picked"] = {name: member for name, member in picked.items() if name and member}
        return data

    @property
    def member_fields(self) -> list[BoundField]:
        return [self[f"member_{n}"] for n in range(1, MAX_PLAYERS + 1)]

    @property
    def player_fields(self) -> list[BoundField]:
        return [self[name] for name in self.PLAYER_FIELDS]

    @property
    def other_fields(self) -> list[BoundField]:
        return [self["name"], self["date"], self["start_time"], self["length_minutes"], self["stake"]]

    @classmethod
    def initial_players(cls, names: list[str]) -> dict[str, str]:
        return {field: name for field, name in zip(cls.PLAYER_FIELDS, names, strict=False)}


class CardsForm(forms.Form):
    """The cards the players drew for seats: a rank and a suit for each player."""

    def __init__(self, *args: Any, players: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = players
        for index, name in enumerate(players, start=1):
            self.fields[f"rank_{index}"] = forms.ChoiceField(
                choices=RANK_CHOICES,
                required=False,
                label=name,
                error_messages={
                    "invalid_choice": gettext("%(name)s's card: the rank is 2 to 10, J, Q, K or A.") % {"name": name}
                },
            )
            self.fields[f"suit_{index}"] = forms.ChoiceField(
                choices=SUIT_CHOICES,
                required=False,
                label=gettext_lazy("Suit"),
                error_messages={
                    "invalid_choice": gettext("%(name)s's card: the suit is spades, hearts, diamonds or clubs.")
                    % {"name": name}
                },
            )

    @property
    def rows(self) -> list[tuple[str, BoundField, BoundField]]:
        return [(name, self[f"rank_{i}"], self[f"suit_{i}"]) for i, name in enumerate(self.players, start=1)]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        cards, missing = {}, []
        for index, name in enumerate(self.players, start=1):
            rank, suit = data.get(f"rank_{index}"), data.get(f"suit_{index}")
            if not rank or not suit:
                missing.append(name)
            else:
                cards[name] = rank + suit
        if missing:
            raise forms.ValidationError(
                gettext("Give the card each player drew, rank and suit: %(names)s.") % {"names": ", ".join(missing)}
            )
        data["cards"] = cards
        return data


class TowieDealForm(forms.Form):
    """One deal: played (declarer, contract, tricks, honours), a goulash, or the dealer's exposure penalty."""

    kind = forms.ChoiceField(
        choices=TowieDeal.Kind.choices,
        widget=forms.RadioSelect,
        initial=TowieDeal.Kind.PLAYED,
        label=gettext_lazy("What happened"),
        error_messages={
            "required": gettext_lazy("Say what happened: played, goulash, or too many dummy cards turned up."),
            "invalid_choice": gettext_lazy("Say what happened: played, goulash, or too many dummy cards turned up."),
        },
    )
    # Names, checked against who sits by the service (a stale page gets the rule, not "not a valid choice").
    declarer = forms.CharField(max_length=80, required=False, label=gettext_lazy("Declarer"))
    level = forms.ChoiceField(
        choices=LEVEL_CHOICES,
        required=False,
        label=gettext_lazy("Contract"),
        error_messages={"invalid_choice": gettext_lazy("The contract's level is 1 to 7.")},
    )
    strain = forms.ChoiceField(
        choices=STRAIN_CHOICES,
        required=False,
        label=gettext_lazy("Suit"),
        error_messages={"invalid_choice": gettext_lazy("The suit is clubs, diamonds, hearts, spades or no-trump.")},
    )
    doubled = forms.ChoiceField(
        choices=DOUBLE_CHOICES,
        required=False,
        label=gettext_lazy("Doubled?"),
        error_messages={"invalid_choice": gettext_lazy("Choose not doubled, doubled or redoubled.")},
    )
    tricks = forms.TypedChoiceField(
        choices=TRICK_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        label=gettext_lazy("Tricks taken by the declarer"),
        error_messages={"invalid_choice": gettext_lazy("The declarer takes 0 to 13 tricks.")},
    )
    honours_holder = forms.CharField(max_length=80, required=False, label=gettext_lazy("Honours held by"))
    honours = forms.TypedChoiceField(
        choices=HONOURS_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        label=gettext_lazy("Honours worth"),
        error_messages={"invalid_choice": gettext_lazy("Honours are worth 100 or 150.")},
    )
    dealer = forms.CharField(max_length=80, required=False, label=gettext_lazy("Dealer"))
    number = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)  # the deal the form was for

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        level, strain = data.get("level"), data.get("strain")
        if bool(level) != bool(strain):
            raise forms.ValidationError(gettext("Give the contract's level and its suit (or neither, for a goulash)."))
        data["contract"] = f"{level}{strain}{data.get('doubled') or ''}" if level else ""
        return data

    @property
    def service_arguments(self) -> dict:
        data = self.cleaned_data
        return {
            "kind": data["kind"],
            "declarer": data.get("declarer") or None,
            "contract": data["contract"],
            "tricks": data.get("tricks"),
            "honours_holder": data.get("honours_holder") or None,
            "honours": data.get("honours"),
            "dealer": data.get("dealer") or None,
        }

    @property
    def expected_number(self) -> int | None:
        return self.cleaned_data.get("number")

    @staticmethod
    def initial_for(deal: TowieDeal, names: dict[int, str]) -> dict:
        """The form filled in from a stored deal, to correct it."""

        def name_of(player_id: int | None) -> str:
            return names.get(player_id, "") if player_id is not None else ""

        contract = deal.contract if deal.contract not in ("", "PASS") else ""
        doubled = "XX" if contract.endswith("XX") else "X" if contract.endswith("X") else ""
        bare = contract[: len(contract) - len(doubled)]
        return {
            "kind": deal.kind,
            "declarer": name_of(deal.declarer_id),
            "level": bare[:1],
            "strain": bare[1:],
            "doubled": doubled,
            "tricks": deal.tricks,
            "honours_holder": name_of(deal.honours_holder_id),
            "honours": deal.honours,
            "dealer": name_of(deal.dealer_id),
        }


class SeatsForm(forms.Form):
    """The table's own choice of who plays the next deal: the dealer and the two at his left, in turn."""

    dealer = forms.ChoiceField(choices=[], label=gettext_lazy("Dealer"))
    left = forms.ChoiceField(choices=[], label=gettext_lazy("At the dealer's left"))
    beyond = forms.ChoiceField(choices=[], label=gettext_lazy("Next to the left (across from the dealer)"))

    def __init__(self, *args: Any, players: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in ("dealer", "left", "beyond"):
            choice_field(self, field).choices = [("", "—")] + [(name, name) for name in players]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        chosen = [data.get("dealer"), data.get("left"), data.get("beyond")]
        if all(chosen) and len(set(chosen)) != 3:
            raise forms.ValidationError(gettext("Choose three different players: one for each seat."))
        data["seated"] = chosen
        return data


class StakeForm(forms.Form):
    stake = forms.DecimalField(
        required=False,
        min_value=0,
        max_digits=9,
        decimal_places=2,
        label=gettext_lazy("Stake per hundred points"),
        error_messages={"min_value": STAKE_BELOW_NOTHING},
    )

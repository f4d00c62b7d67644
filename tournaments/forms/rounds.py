"""A round's forms: one table's deals (typed by the director or on the table's phone), net score, pins, seat swap."""

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from tournaments.forms.common import choice_field

LEVELS = [("", "—"), ("P", gettext_lazy("Pass"))] + [(str(n), str(n)) for n in range(1, 8)]
STRAINS = [
    ("", "—"),
    ("C", gettext_lazy("♣ Clubs")),
    ("D", gettext_lazy("♦ Diamonds")),
    ("H", gettext_lazy("♥ Hearts")),
    ("S", gettext_lazy("♠ Spades")),
    ("N", pgettext_lazy("no trump", "NT")),
]
DOUBLES = [("", "—"), ("X", gettext_lazy("Doubled")), ("XX", gettext_lazy("Redoubled"))]
SEATS = [
    ("N", pgettext_lazy("seat", "N")),
    ("E", pgettext_lazy("seat", "E")),
    ("S", pgettext_lazy("seat", "S")),
    ("W", pgettext_lazy("seat", "W")),
]
TRICK_CHOICES = [("", "—")] + [(str(n), str(n)) for n in range(14)]


# What a passed-out deal has none of; the sentence for each choice of them is below.
PASSED_OUT_EMPTY = ("strain", "doubled", "declarer", "tricks")
NONE_OF = {
    "strain": gettext_lazy("suit"),
    "doubled": gettext_lazy("double"),
    "declarer": gettext_lazy("declarer"),
    "tricks": gettext_lazy("tricks"),
}
MISSING = (
    ("strain", gettext_lazy("the suit")),
    ("declarer", gettext_lazy("the declarer")),
    ("tricks", gettext_lazy("the tricks")),
)


def passed_out_message(given: list[str]) -> str:
    """ "A passed-out deal has no suit or declarer: leave them empty." """
    what = str(NONE_OF[given[0]])
    for field in given[1:]:
        what = gettext("%(one)s or %(other)s") % {"one": what, "other": NONE_OF[field]}
    return gettext("A passed-out deal has no %(what)s: leave them empty.") % {"what": what}


def deal_error(number: int, error: object) -> str:
    """ "Deal 1: Tricks taken are 0 to 13." """
    return gettext("Deal %(number)s: %(error)s") % {"number": number, "error": error}


class _ConstantChoices(forms.ChoiceField):
    """A choice field over constant choices: every form's copy shares them instead of deep-copying them
    (lazy labels and all), which was most of the cost of a deal form, and a phone makes one a save. A
    form that needs other choices assigns new ones (as the declarer's names are); none changes them."""

    def __deepcopy__(self, memo: dict[int, Any]) -> "_ConstantChoices":
        result = copy.copy(self)
        memo[id(self)] = result
        result.widget = forms.Widget.__deepcopy__(self.widget, memo)  # its attrs copied, its choices shared
        result.error_messages = self.error_messages.copy()
        result.validators = self.validators[:]
        return result


class ConstantChoiceField(_ConstantChoices, forms.ChoiceField):
    pass


class ConstantTypedChoiceField(_ConstantChoices, forms.TypedChoiceField):
    pass


class DealForm(forms.Form):
    """One deal of a round: level (or pass), strain, double, declarer, tricks taken."""

    level = ConstantChoiceField(
        choices=LEVELS,
        required=False,
        label=gettext_lazy("Contract"),
        error_messages={"invalid_choice": gettext_lazy("The level is 1 to 7, or Pass.")},
    )
    strain = ConstantChoiceField(
        choices=STRAINS,
        required=False,
        label=gettext_lazy("Suit"),
        error_messages={"invalid_choice": gettext_lazy("The suit is C, D, H, S or NT.")},
    )
    doubled = ConstantChoiceField(
        choices=DOUBLES,
        required=False,
        label=gettext_lazy("Double"),
        error_messages={"invalid_choice": gettext_lazy("Doubled or redoubled only.")},
    )
    declarer = ConstantChoiceField(
        choices=[("", "—"), *SEATS],
        required=False,
        label=gettext_lazy("Declarer"),
        error_messages={"invalid_choice": gettext_lazy("The declarer is one of the four players at the table.")},
    )
    tricks = ConstantTypedChoiceField(
        choices=TRICK_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        label=gettext_lazy("Tricks"),
        error_messages={"invalid_choice": gettext_lazy("Tricks taken are 0 to 13.")},
    )

    def __init__(self, *args: Any, names: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if names:
            choice_field(self, "declarer").choices = [("", "—")] + [
                (s, f"{names[s]} ({letter})" if names.get(s) else letter) for s, letter in SEATS
            ]

    @property
    def entered(self) -> bool:
        return bool(self.is_valid() and self.cleaned_data.get("level"))

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        level = data.get("level")
        if not level:
            if any(data.get(f) not in ("", None) for f in ("strain", "doubled", "declarer", "tricks")):
                raise forms.ValidationError(gettext("Choose the contract's level, or Pass."))
            return data
        if level == "P":
            given = [f for f in PASSED_OUT_EMPTY if data.get(f) not in ("", None)]
            if given:
                raise forms.ValidationError(passed_out_message(given))
            data["deal"] = ("PASS", "", 0)
            return data
        # One message per wrong field: a field already refused (tricks 14) is not "missing" as well.
        missing = [str(label) for f, label in MISSING if data.get(f) in ("", None) and f not in self.errors]
        if missing:
            raise forms.ValidationError(gettext("Give %(what)s.") % {"what": ", ".join(missing)})
        if self.errors:
            return data
        data["deal"] = (f"{level}{data['strain']}{data.get('doubled') or ''}", data["declarer"], data["tricks"])
        return data


def _values(choices: Iterable[tuple[str, object]], *, without: tuple[str, ...] = ("",)) -> frozenset[str]:
    """The values a choice field takes (the blank "—" left out where a deal bid cannot have it)."""
    return frozenset(value for value, _label in choices if value not in without)


# The form's own choice lists, read as sets: a deal bid has a level (not Pass), a strain, a seat and tricks.
_LEVELS_BID = _values(LEVELS, without=("", "P"))
_STRAINS = _values(STRAINS)
_DOUBLES = _values(DOUBLES, without=())
_TRICKS = _values(TRICK_CHOICES)
_SEAT_LETTERS = _values(SEATS)


def plain_deal(posted: Mapping[str, str], prefix: str = "deal") -> tuple[str, str, int] | None:
    """The deal a DealForm would clean from `posted`, when every field is exactly one of its choices and
    they agree; None for anything else (the form then says what is wrong).

    The phone's script posts only such deals, and a save makes no form for them: a form was a tenth of
    a save's own work. Checked against the view's form for every deal the script can post, and for
    random others (tests/views/test_plain_deal.py).
    """
    get = posted.get
    level, strain, doubled = get(f"{prefix}-level", ""), get(f"{prefix}-strain", ""), get(f"{prefix}-doubled", "")
    declarer, tricks = get(f"{prefix}-declarer", ""), get(f"{prefix}-tricks", "")
    if level == "P":
        return ("PASS", "", 0) if not (strain or doubled or declarer or tricks) else None
    if level in _LEVELS_BID and strain in _STRAINS and doubled in _DOUBLES and declarer in _SEAT_LETTERS:
        return (f"{level}{strain}{doubled}", declarer, int(tricks)) if tricks in _TRICKS else None
    return None


_ENTRY_FIELDS = ("level", "strain", "doubled", "declarer", "tricks")  # a deal form's, posted


def plain_round(posted: Mapping[str, str]) -> list[tuple[str, str, int]] | None:
    """The deals four deal_forms would give from the whole-round form, when each is exactly one of their
    choices (plain_deal) or left wholly blank and they come in order; None for anything else, an entry of
    no deal too: the forms then say what is wrong. A round's posts make no form (a third of the post's
    own work); checked against the forms (tests/views/test_plain_deal.py)."""
    deals: list[tuple[str, str, int]] = []
    blank_seen = False
    for number in range(1, 5):
        prefix = f"d{number}"
        if not any(posted.get(f"{prefix}-{field}", "") for field in _ENTRY_FIELDS):
            blank_seen = True
            continue
        deal = plain_deal(posted, prefix)
        if deal is None or blank_seen:  # a deal the forms must read, or a gap they name
            return None
        deals.append(deal)
    return deals or None


def deal_forms(
    data: Mapping[str, Any] | None = None,
    *,
    names: dict[str, str] | None = None,
    initial: Mapping[int, dict[str, Any]] | None = None,
) -> list[DealForm]:
    initial = initial or {}
    return [DealForm(data, prefix=f"d{n}", names=names, initial=initial.get(n)) for n in range(1, 5)]


def extra_deals(posted: Iterable[str]) -> list[str]:
    """Fields for a fifth (or later) deal: a round has four, and such an entry is refused whole."""
    prefixes = {key.split("-")[0] for key in posted if key[:1] == "d" and "-" in key}
    return sorted(prefixes - {"d1", "d2", "d3", "d4"})


def deals_from_forms(forms_: list[DealForm]) -> tuple[list, list[str]]:
    """The deals entered, in order, and the errors (named by deal); a gap is an error."""
    deals, errors, gap = [], [], None
    for number, form in enumerate(forms_, start=1):
        if not form.is_valid():
            errors += [deal_error(number, e) for e in form.non_field_errors()]
            errors += [deal_error(number, e) for f, es in form.errors.items() if f != "__all__" for e in es]
            continue
        deal = form.cleaned_data.get("deal")
        if deal is None:
            gap = gap or number
            continue
        if gap:
            errors.append(gettext("Deal %(number)s is missing: enter the deals in order.") % {"number": gap})
            gap = None
        deals.append(deal)
    return deals, errors


class NetForm(forms.Form):
    # The bounds four deals can produce are checked by the service, which says what they are.
    ns = forms.IntegerField(label=gettext_lazy("North–South"))
    ew = forms.IntegerField(label=gettext_lazy("East–West"))


class PinsForm(forms.Form):
    pins = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        label=gettext_lazy("Fixed seats (optional)"),
        help_text=gettext_lazy(
            "One a line: table, seat and name, like “3 N Mary Smith”. The draw fills the other seats."
        ),
    )


class SwapForm(forms.Form):
    table = forms.IntegerField(min_value=1)
    seat = forms.ChoiceField(choices=[(s, s) for s in "NESW"])
    other_table = forms.IntegerField(min_value=1)
    other_seat = forms.ChoiceField(choices=[(s, s) for s in "NESW"])

"""Forms parse and check the shape of input; the rules are checked by the services."""

import copy
import datetime

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy, gettext_noop, pgettext_lazy

from tournaments.models import Guest, Party
from tournaments.models.party import MAX_ROUNDS, MAX_TABLES, Kind


def _filled(message: str, **figures) -> str:
    return gettext(message) % figures


# A sentence with figures, translated when it is shown (a form's labels and messages are made once,
# at import, before any page's language is known). Mark the message with gettext_noop.
filled_lazy = lazy(_filled, str)

TABLES_RANGE = gettext_noop("A party has 1 to %(most)s tables.")
ROUNDS_RANGE = gettext_noop("A party has 1 to %(most)s rounds.")
MINUTES_RANGE = gettext_noop("A round lasts %(least)s to %(most)s minutes.")

# Every event's date (a party, a knockout, a Towie or a Boston table) lies in this window: wide enough for a
# club's diary and for replaying the book's own evenings (Vanity Fair's Towie of 1934, the Four Aces' 1938),
# narrow enough that a slipped digit (20226, 0026) is caught at once instead of filed out of every list.
DATE_FIRST, DATE_LAST = datetime.date(1900, 1, 1), datetime.date(2100, 12, 31)
DATE_WINDOW = gettext_noop("Give a date in the years %(first)s to %(last)s.")


def date_in_window(value) -> None:
    if value is not None and not DATE_FIRST <= value <= DATE_LAST:
        figures = {"first": DATE_FIRST.year, "last": DATE_LAST.year}
        raise forms.ValidationError(gettext(DATE_WINDOW) % figures, code="date_window")


def keep_in_window(field: forms.Field) -> None:
    """A form's date field: refused outside the window, and the date picker stops at its ends."""
    field.validators.append(date_in_window)
    field.widget.attrs.update(min=DATE_FIRST.isoformat(), max=DATE_LAST.isoformat())


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """The form's field `name`, typed as the choice field it is, for a form that sets its choices."""
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField), name  # only ever asked for a field declared as a choice field
    return field


class DateInput(forms.DateInput):
    input_type = "date"


class PartyForm(forms.ModelForm):
    class Meta:
        model = Party
        fields = [
            "name", "date", "tables", "mixed", "keep_partners", "rounds_planned", "round_minutes", "rules",
            "tally_mode",
        ]  # fmt: skip
        widgets = {"date": DateInput(format="%Y-%m-%d"), "name": forms.TextInput(attrs={"autofocus": True})}
        labels = {
            "name": gettext_lazy("Party name"),
            "date": gettext_lazy("Date"),
            "tables": gettext_lazy("Number of tables"),
            "mixed": gettext_lazy("Mixed party (ladies and gentlemen)"),
            "keep_partners": gettext_lazy("Keep partners all evening"),
            "rounds_planned": gettext_lazy("Rounds planned"),
            "round_minutes": gettext_lazy("Minutes per round (the round clock)"),
            "rules": gettext_lazy("Scoring rules"),
            "tally_mode": gettext_lazy("What goes on the tally"),
        }
        # Our own sentence for a number out of range, whichever check (form or model) finds it first.
        error_messages = {
            "tables": {code: filled_lazy(TABLES_RANGE, most=MAX_TABLES) for code in ("min_value", "max_value")},
            "rounds_planned": {code: filled_lazy(ROUNDS_RANGE, most=MAX_ROUNDS) for code in ("min_value", "max_value")},
            "round_minutes": {
                code: filled_lazy(MINUTES_RANGE, least=4, most=120) for code in ("min_value", "max_value")
            },
        }
        help_texts = {
            "tables": filled_lazy(gettext_noop("1 to %(most)s. Four players a table."), most=MAX_TABLES),
            "rounds_planned": filled_lazy(
                gettext_noop("1 to %(most)s. Six to eight four-deal rounds make an evening."), most=MAX_ROUNDS
            ),
            "round_minutes": gettext_lazy("Four deals and the move: about half an hour at most clubs."),
            "keep_partners": gettext_lazy("Leave unticked for the usual way: partners change every round."),
            "tally_mode": gettext_lazy("Net per round is the Four Aces' way; actual points invite free doubling."),
        }

    # The number boxes stop where the rules do (Django would let them go down to 0).
    BOUNDS = {"tables": (1, MAX_TABLES), "rounds_planned": (1, MAX_ROUNDS), "round_minutes": (4, 120)}
    REQUIRED = {
        "name": gettext_lazy("Give the party a name."),
        "date": gettext_lazy("Give the party's date."),
        "tables": filled_lazy(gettext_noop("Give the number of tables (1 to %(most)s)."), most=MAX_TABLES),
        "rounds_planned": filled_lazy(
            gettext_noop("Give the number of rounds planned (1 to %(most)s)."), most=MAX_ROUNDS
        ),
        # Left empty (or 0) it was once taken as the usual half hour, unsaid: now the director says so.
        "round_minutes": filled_lazy(
            gettext_noop("Give the minutes per round (%(least)s to %(most)s)."), least=4, most=120
        ),
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, (least, most) in self.BOUNDS.items():
            self.fields[name].widget.attrs.update(min=least, max=most)
        for name, message in self.REQUIRED.items():
            self.fields[name].error_messages["required"] = message
        self.fields["date"].error_messages["invalid"] = gettext_lazy("Give the date as a day, month and year.")
        keep_in_window(self.fields["date"])

    def clean_rounds_planned(self):
        rounds = self.cleaned_data["rounds_planned"]
        if not 1 <= rounds <= MAX_ROUNDS:
            raise forms.ValidationError(gettext(ROUNDS_RANGE) % {"most": MAX_ROUNDS})
        return rounds

    def clean_tables(self):
        tables = self.cleaned_data["tables"]
        if not 1 <= tables <= MAX_TABLES:
            raise forms.ValidationError(gettext(TABLES_RANGE) % {"most": MAX_TABLES})
        return tables


class MemberIdField(forms.IntegerField):
    """The hidden id of the member picked from the list (static/js/members.js). It is only a hint: anything
    but a plausible id (typed over, tampered with, too large for the database) is no pick, never an error;
    the services check the member is this club's."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)

    def to_python(self, value):
        text = str(value or "").strip()
        # ASCII digits only ("²" and "٣" are digits to str.isdigit, and int() refuses the first), and no
        # more than 19 of them (int() refuses a figure of 4,300 digits and more): either was a 500.
        plausible = text.isascii() and text.isdigit() and len(text) <= 19
        return int(text) if plausible and 0 < int(text) < 2**63 else None


class GuestForm(forms.Form):
    # Typing a few letters offers the club's members (static/js/members.js fills the list, and the
    # hidden member field with the one picked).
    name = forms.CharField(
        max_length=80,
        label=gettext_lazy("Name"),
        widget=forms.TextInput(attrs={"autofocus": True, "list": "member-names", "autocomplete": "off"}),
    )
    kind = forms.ChoiceField(
        choices=[("", "—")] + list(Kind.choices), required=False, label=gettext_lazy("Lady or gentleman")
    )
    member = MemberIdField()

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(gettext("Give the guest's name."))
        return name


class PasteGuestsForm(forms.Form):
    names = forms.CharField(
        widget=forms.Textarea,
        label=gettext_lazy("Paste names, one a line"),
        help_text=gettext_lazy("At a mixed party add the kind after a comma: “Mary Smith, lady”."),
    )


class UploadGuestsForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Guest list (XLSX or CSV)"),
        help_text=gettext_lazy("Columns: name, and lady/gentleman at a mixed party."),
    )


class GuestEditForm(forms.ModelForm):
    class Meta:
        model = Guest
        fields = ["name", "kind", "plays_as", "reserve"]
        labels = {
            "name": gettext_lazy("Name"),
            "kind": gettext_lazy("Lady or gentleman"),
            "plays_as": gettext_lazy("Plays as"),
            "reserve": gettext_lazy("Reserve (not seated)"),
        }
        help_texts = {
            "plays_as": gettext_lazy("To even the numbers at a mixed party a guest may take the other kind's seat."),
            "reserve": gettext_lazy("A reserve is not seated; the director can bring a reserve in later."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choice_field(self, "kind").choices = [("", "—")] + list(Kind.choices)
        choice_field(self, "plays_as").choices = [("", gettext_lazy("Their own kind"))] + list(Kind.choices)


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


def deal_error(number: int, error) -> str:
    """ "Deal 1: Tricks taken are 0 to 13." """
    return gettext("Deal %(number)s: %(error)s") % {"number": number, "error": error}


class _ConstantChoices:
    """A choice field over constant choices: every form's copy shares them instead of deep-copying them
    (lazy labels and all), which was most of the cost of a deal form, and a phone makes one a save. A
    form that needs other choices assigns new ones (as the declarer's names are); none changes them."""

    def __deepcopy__(self, memo):
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

    def __init__(self, *args, names: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if names:
            choice_field(self, "declarer").choices = [("", "—")] + [
                (s, f"{names.get(s, s)} ({letter})") for s, letter in SEATS
            ]

    @property
    def entered(self) -> bool:
        return bool(self.is_valid() and self.cleaned_data.get("level"))

    def clean(self):
        data = super().clean()
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


def deal_forms(data=None, *, names=None, initial=None) -> list[DealForm]:
    initial = initial or {}
    return [DealForm(data, prefix=f"d{n}", names=names, initial=initial.get(n)) for n in range(1, 5)]


def extra_deals(posted) -> list[str]:
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
